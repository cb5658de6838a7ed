#pragma once
// The typed inner loops of the DSD engine: element formats, the arithmetic of each opcode, and a
// row-major walker that hands whole innermost rows to a loop specialised on data type and opcode.
//
// Everything here is compiled with floating-point contraction off, so `mac` on f32 stays two
// roundings (s0 * s1, then + s2) even where the build targets FMA hardware. GCC honours the
// pragma below; Clang never contracts across statements unless built with -ffp-contract=fast.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "wafer/core/word.hpp"
#include "wafer/ir/pe_program.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

namespace wafer::fabric::detail {

/// Operand slots of a DSD operation: the destination and up to three sources.
inline constexpr int operand_slots = 4;

using dims = std::array<std::int64_t, ir::max_rank>;

template <ir::data_type T>
struct element;

template <>
struct element<ir::data_type::int16> {
    using value_type = std::uint16_t;
    static constexpr std::uint32_t words = 1;
    static value_type load(const word* p) noexcept { return *p; }
    static void store(word* p, value_type v) noexcept { *p = v; }
    static value_type from_bits(std::uint32_t bits) noexcept { return value_type(bits); }
    static value_type from_index(std::int64_t v) noexcept { return value_type(std::uint64_t(v)); }
    static wavelet to_wavelet(value_type v) noexcept { return v; }
    static value_type from_wavelet(wavelet w) noexcept { return value_type(w); }
};

template <>
struct element<ir::data_type::int32> {
    using value_type = std::uint32_t;
    static constexpr std::uint32_t words = 2;
    // Low word first is the host's own layout on a little-endian machine: one 32-bit access,
    // which lets the compiler vectorise without shuffling words.
    static value_type load(const word* p) noexcept {
        value_type v;
        if constexpr (std::endian::native == std::endian::little) std::memcpy(&v, p, sizeof v);
        else v = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 16;
        return v;
    }
    static void store(word* p, value_type v) noexcept {
        if constexpr (std::endian::native == std::endian::little) std::memcpy(p, &v, sizeof v);
        else p[0] = word(v), p[1] = word(v >> 16);
    }
    static value_type from_bits(std::uint32_t bits) noexcept { return bits; }
    static value_type from_index(std::int64_t v) noexcept { return value_type(std::uint64_t(v)); }
    static wavelet to_wavelet(value_type v) noexcept { return v; }
    static value_type from_wavelet(wavelet w) noexcept { return w; }
};

template <>
struct element<ir::data_type::f32> {
    using value_type = float;
    static constexpr std::uint32_t words = 2;
    static value_type load(const word* p) noexcept { return sp_value(element<ir::data_type::int32>::load(p)); }
    static void store(word* p, value_type v) noexcept { element<ir::data_type::int32>::store(p, sp_bits(v)); }
    static value_type from_bits(std::uint32_t bits) noexcept { return sp_value(bits); }
    static value_type from_index(std::int64_t v) noexcept { return float(v); }
    static wavelet to_wavelet(value_type v) noexcept { return sp_bits(v); }
    static value_type from_wavelet(wavelet w) noexcept { return sp_value(w); }
};

/// Unsigned arithmetic wraps without undefined behaviour; 16-bit values are widened first because
/// uint16_t * uint16_t promotes to (signed) int, which may overflow.
template <class V>
using arithmetic_t = std::conditional_t<std::is_same_v<V, std::uint16_t>, std::uint32_t, V>;

template <ir::opcode Op, class V>
inline V apply(V a, V b, V c) noexcept {
    using A = arithmetic_t<V>;
    if constexpr (Op == ir::opcode::mov) return a;
    else if constexpr (Op == ir::opcode::add) return V(A(a) + A(b));
    else if constexpr (Op == ir::opcode::sub) return V(A(a) - A(b));
    else if constexpr (Op == ir::opcode::mul) return V(A(a) * A(b));
    else if constexpr (Op == ir::opcode::neg) return V(A(0) - A(a));
    else {
        static_assert(Op == ir::opcode::mac);
        const A product = A(a) * A(b);  // rounded here: not fused with the add (see the top)
        return V(product + A(c));
    }
}

/// Calls `row(offsets, length)` for each stretch of the innermost dimension that elements
/// [first, first + count) of the row-major walk over `extent` cover. Stream k's offset at loop
/// indices i is base[k] + sum(i[d] * stride[k][d]), computed in wrapping arithmetic.
template <std::size_t K, class Row>
void walk(const std::array<std::uint64_t, ir::max_rank>& extent, const std::array<std::int64_t, K>& base,
          const std::array<dims, K>& stride, std::uint64_t first, std::uint64_t count, Row&& row) {
    constexpr int inner = ir::max_rank - 1;
    std::array<std::uint64_t, ir::max_rank> i{};
    if (first < extent[inner]) i[inner] = first;  // the common case, without four divisions
    else
        for (int d = inner; d >= 0; --d) {
            i[d] = first % extent[d];
            first /= extent[d];
        }
    while (count > 0) {
        const std::uint64_t length = std::min(count, extent[inner] - i[inner]);
        std::array<std::int64_t, K> offset;
        for (std::size_t k = 0; k < K; ++k) {
            std::uint64_t o = std::uint64_t(base[k]);
            for (int d = 0; d < ir::max_rank; ++d) o += i[d] * std::uint64_t(stride[k][d]);
            offset[k] = std::int64_t(o);
        }
        row(offset, length);
        count -= length;
        i[inner] += length;
        for (int d = inner; d > 0 && i[d] == extent[d]; --d) {
            i[d] = 0;
            ++i[d - 1];
        }
    }
}

/// Where the operands of a run of elements live: element e of slot k is at
/// origin[k] + base[k] + sum(i[d] * stride[k][d]) (words).
struct kernel_args {
    const std::array<std::uint64_t, ir::max_rank>* extent = nullptr;
    const std::array<dims, operand_slots>* stride = nullptr;
    std::array<word*, operand_slots> origin{};
    std::array<std::int64_t, operand_slots> base{};
    std::uint64_t first = 0, count = 0;
};

/// One innermost row. `Step` is the compile-time stride of every operand (the dense case the
/// compiler can unroll and vectorise), or 0 for the runtime strides in `step`.
template <ir::data_type T, ir::opcode Op, std::int64_t Step>
inline void run_row(std::array<word*, operand_slots> at, const std::array<std::int64_t, operand_slots>& step,
                    std::uint64_t length) noexcept {
    using E = element<T>;
    constexpr int sources = ir::sources_of(Op);
    auto stride = [&](int k) { return Step != 0 ? Step : step[k]; };
    const std::int64_t sd = stride(0), sa = stride(1), sb = stride(2), sc = stride(3);
    word* d = at[0];
    const word *a = at[1], *b = at[2], *c = at[3];
    // Indexed rather than bumped pointers: no pointer is ever formed outside the operand.
    for (std::int64_t n = 0; n < std::int64_t(length); ++n) {
        typename E::value_type x = E::load(a + n * sa), y{}, z{};
        if constexpr (sources >= 2) y = E::load(b + n * sb);
        if constexpr (sources >= 3) z = E::load(c + n * sc);
        E::store(d + n * sd, apply<Op>(x, y, z));
    }
}

/// Runs elements [first, first + count) of an operation whose operands are all in words.
template <ir::data_type T, ir::opcode Op>
void run_rows(const kernel_args& a) {
    constexpr std::int64_t dense = element<T>::words;
    constexpr int used = 1 + ir::sources_of(Op);
    std::array<std::int64_t, operand_slots> step{};
    bool contiguous = true;
    for (int k = 0; k < used; ++k) {
        step[k] = (*a.stride)[k][ir::max_rank - 1];
        contiguous = contiguous && step[k] == dense;
    }
    walk<operand_slots>(*a.extent, a.base, *a.stride, a.first, a.count,
                        [&](const std::array<std::int64_t, operand_slots>& offset, std::uint64_t length) {
                            std::array<word*, operand_slots> at{};
                            for (int k = 0; k < used; ++k) at[k] = a.origin[k] + offset[k];
                            if (contiguous) run_row<T, Op, dense>(at, step, length);
                            else run_row<T, Op, 0>(at, step, length);
                        });
}

}  // namespace wafer::fabric::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
