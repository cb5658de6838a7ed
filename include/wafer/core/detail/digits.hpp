#pragma once
// Integers as text, in constant expressions too: a kernel is lowered and a layout resolved while
// they are frozen (docs/embedding.md), and std::to_string and std::to_chars are not constexpr in
// C++20. One digit loop for every layer: the lowering's std::string, Paint's cx_string and the
// fabric's reports.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace wafer::detail {

/// An integer's digits in a base from 2 to 16, lower-case, with a '-' before a negative value, as
/// std::to_chars writes them; held in place, so any string type can take the view.
class digits {
public:
    template <std::integral T>
    constexpr explicit digits(T v, unsigned base = 10) noexcept {
        auto u = static_cast<std::uint64_t>(v);
        bool negative = false;
        if constexpr (std::is_signed_v<T>) {
            negative = v < 0;
            if (negative) u = 0 - u;  // the magnitude, INT64_MIN's too
        }
        do {
            text_[--start_] = "0123456789abcdef"[u % base];
            u /= base;
        } while (u != 0);
        if (negative) text_[--start_] = '-';
    }
    constexpr std::string_view view() const noexcept { return {text_ + start_, sizeof text_ - start_}; }

private:
    char text_[65]{};  ///< 64 binary digits and a sign
    std::size_t start_ = sizeof text_;
};

/// An integer in decimal, as std::to_string writes it.
template <std::integral T>
constexpr std::string decimal(T v) {
    return std::string(digits(v).view());
}

/// The digits of `v` in `base`, as std::to_chars writes them.
constexpr std::string digits_of(std::uint64_t v, unsigned base = 10) { return std::string(digits(v, base).view()); }

}  // namespace wafer::detail
