#pragma once
// ep: the extended half (Tungsten reference, Extended Precision): 1 sign, 8 exponent and 10
// mantissa bits in an sp (binary32) word whose low 13 mantissa bits are unused. Arithmetic that
// produces an ep result rounds to the format (ties to even); a multiply operand has its low 13
// bits discarded outright. A NaN stays a NaN when only the discarded bits made it one.
#include <bit>
#include <cstdint>

#include "wafer/core/detail/rounding.hpp"

namespace wafer {

/// The f32 bits of `f32` with the low 13 mantissa bits discarded: how a multiply operand reads it.
/// A subnormal with nothing above bit 13 becomes zero; a NaN stays a NaN.
constexpr std::uint32_t ep_truncate(std::uint32_t f32) noexcept {
    const std::uint32_t r = f32 & ~std::uint32_t(0x1fff);
    const bool nan = (f32 & 0x7f800000) == 0x7f800000 && (f32 & 0x7fffff) != 0;
    return nan && (r & 0x7fffff) == 0 ? r | 0x400000 : r;
}

/// `v` rounded to ep (ties to even), as f32 bits; past the largest ep value it is infinity; any NaN
/// is the quiet NaN 0x7fc00000.
constexpr std::uint32_t ep_bits(double v) noexcept {
    if (v != v) return 0x7fc00000u;  // one NaN, as half_bits gives
    const std::uint32_t sign = std::bit_cast<std::uint64_t>(v) >> 63 ? 0x80000000u : 0;
    const double r = detail::round_to_precision(v < 0 ? -v : v, 11, -126);
    if (r >= 340282366920938463463374607431768211456.0) return sign | 0x7f800000u;  // 2^128
    return sign | std::bit_cast<std::uint32_t>(float(r));  // exact: r has 11 significant bits
}

/// f32 bits rounded to ep: what narrowing an sp value does.
constexpr std::uint32_t ep_round(std::uint32_t f32) noexcept {
    if ((f32 & 0x7f800000) == 0x7f800000) return ep_truncate(f32);  // infinities and NaNs keep their class
    return ep_bits(double(std::bit_cast<float>(f32)));
}

}  // namespace wafer
