#pragma once
// Typed literal conversion: a constant becomes the bits of an element type as C converts it
// (reference §5 Initialization): integers keep their low bits, u1 is 0 or 1, sp is the nearest
// float. Carbide drops lost bits silently; wafer warns.
#include <cstdint>
#include <optional>
#include <vector>

#include "wafer/core/ep.hpp"
#include "wafer/core/half.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/detail/constant.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::detail {

/// The data type a DSD operation over `t` computes in (the 16- and 32-bit integers by their width
/// only); nullopt for the 64-bit types, which are storage only.
constexpr std::optional<ir::data_type> data_type_of(base_type t) noexcept {
    switch (t) {
        case base_type::xp:
        case base_type::u16:
        case base_type::s16:
        case base_type::u1: return ir::data_type::i16;
        case base_type::u32:
        case base_type::s32: return ir::data_type::i32;
        case base_type::hp: return ir::data_type::f16;
        case base_type::sp: return ir::data_type::f32;
        case base_type::ep: return ir::data_type::ep;
        case base_type::u64:
        case base_type::s64: return std::nullopt;
        default: return ir::data_type::i16;  // the field widths: 16-bit words
    }
}

/// The data type scalar instructions over `t` compute in: signedness counts (comparisons, division,
/// conversions). u1 is a 0/1 word.
constexpr ir::data_type scalar_type_of(base_type t) noexcept {
    switch (t) {
        case base_type::u16:
        case base_type::u1: return ir::data_type::u16;
        case base_type::u32: return ir::data_type::u32;
        case base_type::xp:
        case base_type::s16: return ir::data_type::i16;
        case base_type::s32: return ir::data_type::i32;
        case base_type::hp: return ir::data_type::f16;
        case base_type::sp: return ir::data_type::f32;
        case base_type::ep: return ir::data_type::ep;
        default: return is_signed_field(t) ? ir::data_type::i16 : ir::data_type::u16;
    }
}

/// How a symbol of type `t` reads back (miget) and is written (miset).
constexpr ir::value_format format_of(base_type t) noexcept {
    switch (t) {
        case base_type::xp:
        case base_type::s16: return ir::value_format::s16;
        case base_type::u16: return ir::value_format::u16;
        case base_type::u32: return ir::value_format::u32;
        case base_type::s32: return ir::value_format::s32;
        case base_type::u64: return ir::value_format::u64;
        case base_type::s64: return ir::value_format::s64;
        case base_type::u1: return ir::value_format::u1;
        case base_type::hp: return ir::value_format::f16;
        case base_type::sp: return ir::value_format::f32;
        case base_type::ep: return ir::value_format::ep;
        default: return is_signed_field(t) ? ir::value_format::s16 : ir::value_format::u16;
    }
}

/// The bits of `c` converted to `t` (words_of(t) words of them are significant).
inline WAFER_CONSTEXPR std::uint64_t convert(const constant& c, base_type t, source_position pos,
                                             const reporter& report) {
    const double real = c.is_real ? c.real : static_cast<double>(c.integer);
    if (t == base_type::sp) return sp_bits(c.is_real ? static_cast<float>(c.real) : static_cast<float>(c.integer));
    if (t == base_type::hp) return half_bits(real);
    if (t == base_type::ep) return ep_bits(real);
    if (c.is_real)
        report.fail(pos, "real value " + real_text(c.real) + " where an integer (" + std::string(name_of(t)) +
                             ") is needed; wafer does not convert it implicitly");
    auto v = c.integer;
    if (t == base_type::u1) return v != 0 ? 1 : 0;
    const unsigned bits = 16 * words_of(t);
    if (bits < 64) {
        // A value fits when it is representable signed or unsigned in `bits`.
        const std::int64_t lowest = -(std::int64_t{1} << (bits - 1)), highest = (std::int64_t{1} << bits) - 1;
        auto kept = static_cast<std::uint64_t>(v) & ((std::uint64_t{1} << bits) - 1);
        if (v < lowest || v > highest)
            report.warning(pos, literal_text(v) + " does not fit in " + std::string(name_of(t)) + ": only its low " +
                                    decimal(bits) + " bits are kept (" + literal_text(static_cast<std::int64_t>(kept)) +
                                    ")");
        return kept;
    }
    return static_cast<std::uint64_t>(v);
}

/// Appends the words of one element of type `t` with the given bits, low word first.
inline WAFER_CONSTEXPR void append_words(std::vector<word>& out, std::uint64_t bits, base_type t) {
    for (std::uint32_t w = 0; w < words_of(t); ++w) out.push_back(static_cast<word>(bits >> (16 * w)));
}

}  // namespace wafer::tungsten::detail
