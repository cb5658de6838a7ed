#pragma once
// The value types of the machine: what a DSD operation or a scalar instruction computes in, and how
// a symbol's words print. Machine formats only, no source-language type names.
#include <cstdint>

namespace wafer::ir {

/// What an operation computes in. 16-bit integers wrap in 16 bits, 32-bit ones in 32; f16 is IEEE
/// binary16, f32 binary32, ep the extended half (1/8/10 in an f32 word).
enum class data_type : std::uint8_t { i16, u16, i32, u32, f16, f32, ep };
inline constexpr int data_type_count = 7;

constexpr std::uint32_t words_of(data_type t) noexcept {
    return t == data_type::i16 || t == data_type::u16 || t == data_type::f16 ? 1 : 2;
}
constexpr bool is_float(data_type t) noexcept {
    return t == data_type::f16 || t == data_type::f32 || t == data_type::ep;
}
constexpr bool is_signed(data_type t) noexcept { return t == data_type::i16 || t == data_type::i32; }

/// How the words of a symbol are read back (miget) and written (miset).
enum class value_format : std::uint8_t { s16, u16, s32, u32, s64, u64, f16, f32, ep, u1 };
inline constexpr int value_format_count = 10;

/// Words per element of a format.
constexpr std::uint32_t words_of(value_format f) noexcept {
    switch (f) {
    case value_format::s32: case value_format::u32: case value_format::f32: case value_format::ep: return 2;
    case value_format::s64: case value_format::u64: return 4;
    default: return 1;
    }
}

}  // namespace wafer::ir
