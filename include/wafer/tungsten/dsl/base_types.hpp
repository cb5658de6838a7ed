#pragma once
// Tungsten's base types under their source spellings, for `k.param<w::xp>("N")` and friends.
#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::dsl {

inline constexpr base_type xp = base_type::xp;
inline constexpr base_type u16 = base_type::u16;
inline constexpr base_type s16 = base_type::s16;
inline constexpr base_type u32 = base_type::u32;
inline constexpr base_type s32 = base_type::s32;
inline constexpr base_type u64 = base_type::u64;
inline constexpr base_type s64 = base_type::s64;
inline constexpr base_type u1 = base_type::u1;
inline constexpr base_type hp = base_type::hp;
inline constexpr base_type sp = base_type::sp;
inline constexpr base_type ep = base_type::ep;

}  // namespace wafer::tungsten::dsl
