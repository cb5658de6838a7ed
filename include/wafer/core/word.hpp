#pragma once
// The PE's units: 16-bit memory words and word addresses; the bits of sp values.
#include <bit>
#include <cstdint>

namespace wafer {

using word = std::uint16_t;      ///< one PE memory word
using address = std::uint16_t;   ///< a word address in PE memory

/// sp values travel and are stored as their IEEE-754 binary32 bits; low word first in memory.
constexpr std::uint32_t sp_bits(float f) noexcept { return std::bit_cast<std::uint32_t>(f); }
constexpr float sp_value(std::uint32_t bits) noexcept { return std::bit_cast<float>(bits); }

}  // namespace wafer
