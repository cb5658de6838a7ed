#pragma once
// Rounding a double to fewer significant bits, to nearest with ties to even and gradual underflow:
// the one rounding behind hp (binary16) and ep (1/8/10), so both round exactly as IEEE-754 does.
// constexpr: a compile-time constant (Tungsten's folding, the C++ value types) rounds the same.
#include <bit>
#include <cstdint>

namespace wafer::detail {

/// The exponent of a finite, non-zero, normal double: v = 1.f * 2^e.
constexpr int exponent_of(double v) noexcept {
    return int((std::bit_cast<std::uint64_t>(v) >> 52) & 0x7ff) - 1023;
}

/// `v` rounded to `precision` significant bits (implicit bit included), ties to even; below
/// 2^min_exponent the spacing stays 2^(min_exponent - precision + 1). No overflow: the caller
/// compares the result with its format's largest value. NaN, infinities and zeros pass through.
constexpr double round_to_precision(double v, int precision, int min_exponent) noexcept {
    if (v != v || v == 0 || v - v != 0) return v;
    int e = exponent_of(v < 0 ? -v : v);
    if (e < min_exponent) e = min_exponent;
    // spacing = 2^(e - precision + 1); scale by powers of two only, which is exact.
    const int shift = e - precision + 1;
    double scale = 1;
    for (int i = 0; i < (shift < 0 ? -shift : shift); ++i) scale *= 2;
    const double m = shift < 0 ? v * scale : v / scale;  // |m| < 2^precision
    constexpr double big = 4503599627370496.0;            // 2^52: adding it rounds to an integer, ties to even
    const double rounded = m < 0 ? -((-m + big) - big) : (m + big) - big;
    return shift < 0 ? rounded / scale : rounded * scale;
}

}  // namespace wafer::detail
