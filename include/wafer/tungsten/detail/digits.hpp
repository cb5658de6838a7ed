#pragma once
// Integers as text for the lowering's messages and names, in a constant expression too: a kernel
// is lowered while it is frozen (docs/embedding.md), and std::to_string and std::to_chars are not
// constexpr in C++20.
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>

namespace wafer::tungsten::detail {

/// The digits of `v` in `base` (lower-case), as std::to_chars writes them.
constexpr std::string digits_of(std::uint64_t v, unsigned base = 10) {
    std::string out;
    do {
        out.insert(out.begin(), "0123456789abcdef"[v % base]);
        v /= base;
    } while (v != 0);
    return out;
}

/// An integer in decimal, as std::to_string writes it.
template <std::integral T>
constexpr std::string decimal(T v) {
    if constexpr (std::is_signed_v<T>) {
        if (v < 0) return "-" + digits_of(0 - static_cast<std::uint64_t>(v));
    }
    return digits_of(static_cast<std::uint64_t>(v));
}

}  // namespace wafer::tungsten::detail
