#pragma once
// hp: IEEE-754 binary16 (1/5/10), Tungsten's hp and the DSD reference's f16. Stored as its 16 bits.
// Conversions to it round to nearest, ties to even, with subnormals; from it they are exact.
#include <bit>
#include <cstdint>

#include "wafer/core/detail/rounding.hpp"

namespace wafer {

/// The value of binary16 bits `h` (exact).
constexpr double half_value(std::uint16_t h) noexcept {
    const bool negative = (h & 0x8000) != 0;
    const int e = (h >> 10) & 0x1f;
    const int m = h & 0x3ff;
    double v;
    if (e == 0x1f) {
        v = m ? std::bit_cast<double>(std::uint64_t(0x7ff8000000000000)) : std::bit_cast<double>(std::uint64_t(0x7ff0000000000000));
    } else {
        v = e == 0 ? m / 16777216.0 : (1024 + m) / 1024.0;  // subnormal: m * 2^-24
        for (int i = 15; i < e; ++i) v *= 2;
        for (int i = e; i < 15 && e != 0; ++i) v /= 2;
    }
    return negative ? -v : v;
}

/// `v` rounded to binary16 (ties to even); beyond the largest finite value (65504) it is infinity;
/// any NaN is the quiet NaN 0x7e00.
constexpr std::uint16_t half_bits(double v) noexcept {
    if (v != v) return 0x7e00;  // one NaN: a host's NaN sign depends on operand order, which compilers may swap
    const std::uint16_t sign = std::bit_cast<std::uint64_t>(v) >> 63 ? 0x8000 : 0;
    const double r = detail::round_to_precision(v < 0 ? -v : v, 11, -14);
    if (r >= 65536.0) return std::uint16_t(sign | 0x7c00);
    if (r == 0) return sign;
    if (r < 1.0 / 16384) return std::uint16_t(sign | std::uint16_t(r * 16777216.0));  // subnormal: r / 2^-24
    const int e = detail::exponent_of(r);
    double f = r;
    for (int i = 0; i < e; ++i) f /= 2;
    for (int i = e; i < 0; ++i) f *= 2;
    return std::uint16_t(sign | std::uint16_t((e + 15) << 10) | std::uint16_t((f - 1) * 1024));
}

}  // namespace wafer
