#pragma once
// Tungsten's base types under their source spellings, for `k.param<w::xp>("N")` and friends, and
// the field types u2..u15, s2..s15 that size a packed wavelet's fields (`on rx(u4 kind, s12 v)`,
// `(u4)3` in `wavelet(...)`).
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

inline constexpr base_type u2 = base_type::u2;
inline constexpr base_type u3 = base_type::u3;
inline constexpr base_type u4 = base_type::u4;
inline constexpr base_type u5 = base_type::u5;
inline constexpr base_type u6 = base_type::u6;
inline constexpr base_type u7 = base_type::u7;
inline constexpr base_type u8 = base_type::u8;
inline constexpr base_type u9 = base_type::u9;
inline constexpr base_type u10 = base_type::u10;
inline constexpr base_type u11 = base_type::u11;
inline constexpr base_type u12 = base_type::u12;
inline constexpr base_type u13 = base_type::u13;
inline constexpr base_type u14 = base_type::u14;
inline constexpr base_type u15 = base_type::u15;
inline constexpr base_type s2 = base_type::s2;
inline constexpr base_type s3 = base_type::s3;
inline constexpr base_type s4 = base_type::s4;
inline constexpr base_type s5 = base_type::s5;
inline constexpr base_type s6 = base_type::s6;
inline constexpr base_type s7 = base_type::s7;
inline constexpr base_type s8 = base_type::s8;
inline constexpr base_type s9 = base_type::s9;
inline constexpr base_type s10 = base_type::s10;
inline constexpr base_type s11 = base_type::s11;
inline constexpr base_type s12 = base_type::s12;
inline constexpr base_type s13 = base_type::s13;
inline constexpr base_type s14 = base_type::s14;
inline constexpr base_type s15 = base_type::s15;

}  // namespace wafer::tungsten::dsl
