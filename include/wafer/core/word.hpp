#pragma once
// The PE's units: 16-bit memory words and 32-bit wavelets.
#include <bit>
#include <cstdint>

namespace wafer {

using word = std::uint16_t;      ///< one PE memory word
using wavelet = std::uint32_t;   ///< one fabric wavelet: high 16 bits index, low 16 (or all 32) data
using address = std::uint16_t;   ///< a word address in PE memory

inline constexpr std::uint32_t pe_memory_words = 0x6000;  ///< main memory 0x0000..0x5fff
inline constexpr int router_colors = 24;

/// sp values travel and are stored as their IEEE-754 binary32 bits; low word first in memory.
constexpr std::uint32_t sp_bits(float f) noexcept { return std::bit_cast<std::uint32_t>(f); }
constexpr float sp_value(std::uint32_t bits) noexcept { return std::bit_cast<float>(bits); }

}  // namespace wafer
