#pragma once
// Tungsten's base types and their storage sizes in 16-bit words (the reference's sizeof table).
#include <cstdint>
#include <optional>
#include <string_view>

namespace wafer::tungsten {

enum class base_type : std::uint8_t { xp, u16, s16, u32, s32, u64, s64, u1, hp, sp, ep };

inline constexpr base_type all_base_types[] = {base_type::xp,  base_type::u16, base_type::s16, base_type::u32,
                                               base_type::s32, base_type::u64, base_type::s64, base_type::u1,
                                               base_type::hp,  base_type::sp,  base_type::ep};

constexpr std::string_view name_of(base_type t) noexcept {
    switch (t) {
    case base_type::xp: return "xp";
    case base_type::u16: return "u16";
    case base_type::s16: return "s16";
    case base_type::u32: return "u32";
    case base_type::s32: return "s32";
    case base_type::u64: return "u64";
    case base_type::s64: return "s64";
    case base_type::u1: return "u1";
    case base_type::hp: return "hp";
    case base_type::sp: return "sp";
    case base_type::ep: return "ep";
    }
    return "?";
}

constexpr std::optional<base_type> base_type_named(std::string_view s) noexcept {
    for (auto t : all_base_types)
        if (name_of(t) == s) return t;
    return std::nullopt;
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

}  // namespace wafer::tungsten
