#pragma once
// A param's value (reference §8): an integer, or a real for an sp, hp or ep param. A setting
// (set=C=0.5), a code() or link() binding and a geovar each give one; the kernel's param decides
// which it must be.
#include <array>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace wafer {

struct number {
    std::int64_t integer = 0;  ///< unless is_real
    double real = 0;           ///< when is_real
    bool is_real = false;

    constexpr number() = default;
    template <std::integral I>
    constexpr number(I v) noexcept : integer(static_cast<std::int64_t>(v)) {}
    template <std::floating_point F>
    constexpr number(F v) noexcept : real(static_cast<double>(v)), is_real(true) {}

    /// Its value as a real, whichever it holds.
    constexpr double as_real() const noexcept { return is_real ? real : static_cast<double>(integer); }

    friend constexpr bool operator==(const number&, const number&) = default;
};

/// A number's spelling, held in a buffer so that constant expressions can make one too.
struct number_text {
    std::array<char, 40> chars{};
    std::size_t size = 0;
    constexpr void put(char c) noexcept { chars[size++] = c; }
    constexpr std::string_view view() const noexcept { return {chars.data(), size}; }
};

/// Decimal for an integer; for a real its shortest round-trip digits, with ".0" if it has no other
/// mark of a real (0.5, 2.0, 1e+20). In a constant expression (a frozen kernel's or layout's
/// message), where std::to_chars of a double is not available, a real shows six decimals at most.
constexpr number_text spelling(const number& n) {
    number_text t;
    if (n.is_real && !std::is_constant_evaluated()) {
        t.size = std::size_t(std::to_chars(t.chars.data(), t.chars.data() + t.chars.size(), n.real).ptr - t.chars.data());
        if (t.view().find_first_of(".einf") == std::string_view::npos) t.put('.'), t.put('0');
        return t;
    }
    const bool negative = n.is_real ? n.real < 0 : n.integer < 0;
    const double magnitude = negative ? -n.real : n.real;
    if (negative) t.put('-');
    if (n.is_real && !(magnitude < 1e18)) {
        for (char c : std::string_view("(a large real)")) t.put(c);
        return t;
    }
    std::uint64_t whole = 0, millionths = 0;
    if (n.is_real) {
        whole = static_cast<std::uint64_t>(magnitude);
        millionths = static_cast<std::uint64_t>((magnitude - static_cast<double>(whole)) * 1e6 + 0.5);
        if (millionths == 1000000) ++whole, millionths = 0;
    } else {
        whole = negative ? 0 - static_cast<std::uint64_t>(n.integer) : static_cast<std::uint64_t>(n.integer);
    }
    char digits[20]{};
    int k = 0;
    do digits[k++] = char('0' + whole % 10);
    while ((whole /= 10) != 0);
    while (k > 0) t.put(digits[--k]);
    if (n.is_real) {
        t.put('.');
        for (int d = 0; d < 6; ++d, millionths %= 100000, millionths *= 10) {
            t.put(char('0' + millionths / 100000));
            if (millionths % 100000 == 0) break;  // no trailing zeros, but one digit at least
        }
    }
    return t;
}

constexpr std::string to_string(const number& n) { return std::string(spelling(n).view()); }

template <class Ar>
constexpr void fields(Ar& ar, number& n) {
    ar(n.integer, n.real, n.is_real);
}

}  // namespace wafer
