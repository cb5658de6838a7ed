#pragma once
// Tungsten's base types and their storage sizes in 16-bit words (the reference's sizeof table).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace wafer::tungsten {

/// The kernel types, then the field widths u2..u15 and s2..s15 (reference §3: they size the fields of
/// a packed wavelet; elsewhere they are stored and computed in 16 bits and do not wrap at their width).
enum class base_type : std::uint8_t {
    xp, u16, s16, u32, s32, u64, s64, u1, hp, sp, ep,
    u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15,
    s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15,
};

inline constexpr base_type all_base_types[] = {base_type::xp,  base_type::u16, base_type::s16, base_type::u32,
                                               base_type::s32, base_type::u64, base_type::s64, base_type::u1,
                                               base_type::hp,  base_type::sp,  base_type::ep};

/// The width of a field type (2..15), or 0 for the kernel types.
constexpr int field_width(base_type t) noexcept {
    const int k = static_cast<int>(t);
    if (k >= static_cast<int>(base_type::s2)) return k - static_cast<int>(base_type::s2) + 2;
    if (k >= static_cast<int>(base_type::u2)) return k - static_cast<int>(base_type::u2) + 2;
    return 0;
}
constexpr bool is_signed_field(base_type t) noexcept { return t >= base_type::s2; }

/// u<width> or s<width>, 2 <= width <= 15.
constexpr base_type field_type(bool is_signed, int width) noexcept {
    return static_cast<base_type>(static_cast<int>(is_signed ? base_type::s2 : base_type::u2) + width - 2);
}

constexpr std::string_view name_of(base_type t) noexcept {
    constexpr std::string_view names[] = {"xp",  "u16", "s16", "u32", "s32", "u64", "s64", "u1",  "hp",  "sp",
                                          "ep",  "u2",  "u3",  "u4",  "u5",  "u6",  "u7",  "u8",  "u9",  "u10",
                                          "u11", "u12", "u13", "u14", "u15", "s2",  "s3",  "s4",  "s5",  "s6",
                                          "s7",  "s8",  "s9",  "s10", "s11", "s12", "s13", "s14", "s15"};
    return names[static_cast<std::size_t>(t)];
}

constexpr std::optional<base_type> base_type_named(std::string_view s) noexcept {
    for (auto t : all_base_types)
        if (name_of(t) == s) return t;
    if (s.size() < 2 || s.size() > 3 || (s[0] != 'u' && s[0] != 's')) return std::nullopt;
    int width = 0;
    for (auto c : s.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        width = width * 10 + (c - '0');
    }
    if (width < 2 || width > 15 || (s[1] == '0')) return std::nullopt;
    return field_type(s[0] == 's', width);
}

/// sizeof in 16-bit words.
constexpr std::uint32_t words_of(base_type t) noexcept {
    switch (t) {
    case base_type::u32: case base_type::s32: case base_type::sp: case base_type::ep: return 2;
    case base_type::u64: case base_type::s64: return 4;
    default: return 1;
    }
}

constexpr bool is_float(base_type t) noexcept {
    return t == base_type::hp || t == base_type::sp || t == base_type::ep;
}

/// u16, u32, u64, u1 and the unsigned field types.
constexpr bool is_unsigned(base_type t) noexcept {
    return t == base_type::u16 || t == base_type::u32 || t == base_type::u64 || t == base_type::u1 ||
           (field_width(t) != 0 && !is_signed_field(t));
}

/// The type two typed operands compute in, by C's usual conversions: a float beats an integer and
/// the wider float wins (sp over ep over hp, each widening exactly), the wider integer wins, and at
/// one width unsigned wins; u1 computes as xp.
constexpr base_type common_type(base_type a, base_type b) noexcept {
    if (a == base_type::u1) a = base_type::xp;
    if (b == base_type::u1) b = base_type::xp;
    if (is_float(a) || is_float(b)) {
        const auto rank = [](base_type t) { return t == base_type::sp ? 3 : t == base_type::ep ? 2 : t == base_type::hp ? 1 : 0; };
        return rank(a) >= rank(b) ? a : b;
    }
    if (words_of(a) != words_of(b)) return words_of(a) > words_of(b) ? a : b;
    if (is_unsigned(a) != is_unsigned(b)) return is_unsigned(a) ? a : b;
    return a;
}

}  // namespace wafer::tungsten
