#pragma once
// The typed inner loops of the DSD engine: element formats, the arithmetic of each opcode, and a
// row-major walker that hands whole innermost rows to a loop specialised on data type and opcode.
// The scalar instructions use the same element arithmetic (see detail/scalar.hpp), so a value
// computed by a DSD operation and by a scalar instruction agree bit for bit.
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

#include "wafer/core/floats.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/dsd.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

namespace wafer::fabric::detail {

/// Operand slots of a DSD operation: the destination and up to three sources.
inline constexpr int operand_slots = 4;

using dims = std::array<std::int64_t, ir::max_rank>;

/// 32 bits as two words, low word first: the host's own layout on a little-endian machine, one
/// 32-bit access, which lets the compiler vectorise without shuffling words.
inline std::uint32_t load32(const word* p) noexcept {
    std::uint32_t v;
    if constexpr (std::endian::native == std::endian::little) std::memcpy(&v, p, sizeof v);
    else v = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 16;
    return v;
}
inline void store32(word* p, std::uint32_t v) noexcept {
    if constexpr (std::endian::native == std::endian::little) std::memcpy(p, &v, sizeof v);
    else p[0] = word(v), p[1] = word(v >> 16);
}

/// One element format: its value type, how it sits in words, and how it converts to and from the
/// 32 bits it has in a register, a wavelet or a FIFO entry.
template <ir::data_type T>
struct element;

template <class V, std::uint32_t Words>
struct integer_element {
    using value_type = V;
    static constexpr std::uint32_t words = Words;
    static value_type load(const word* p) noexcept {
        if constexpr (Words == 1) return value_type(*p);
        else return value_type(load32(p));
    }
    static void store(word* p, value_type v) noexcept {
        if constexpr (Words == 1) *p = word(v);
        else store32(p, std::uint32_t(v));
    }
    static value_type from_bits(std::uint32_t bits) noexcept { return value_type(bits); }
    static std::uint32_t to_bits(value_type v) noexcept { return std::uint32_t(std::make_unsigned_t<V>(v)); }
    static value_type from_index(std::int64_t v) noexcept { return value_type(std::uint64_t(v)); }
};

template <> struct element<ir::data_type::i16> : integer_element<std::int16_t, 1> {};
template <> struct element<ir::data_type::u16> : integer_element<std::uint16_t, 1> {};
template <> struct element<ir::data_type::i32> : integer_element<std::int32_t, 2> {};
template <> struct element<ir::data_type::u32> : integer_element<std::uint32_t, 2> {};

template <>
struct element<ir::data_type::f32> {
    using value_type = float;
    static constexpr std::uint32_t words = 2;
    static value_type load(const word* p) noexcept { return sp_value(load32(p)); }
    static void store(word* p, value_type v) noexcept { store32(p, sp_bits(v)); }
    static value_type from_bits(std::uint32_t bits) noexcept { return sp_value(bits); }
    static std::uint32_t to_bits(value_type v) noexcept { return sp_bits(v); }
    static value_type from_index(std::int64_t v) noexcept { return float(v); }
};

/// hp and ep are the value types of core/floats.hpp, whose arithmetic is the reference's: a value
/// computed in plain C++ with them and one computed here agree bit for bit.
template <>
struct element<ir::data_type::f16> {
    using value_type = hp;
    static constexpr std::uint32_t words = 1;
    static value_type load(const word* p) noexcept { return hp::from_bits(*p); }
    static void store(word* p, value_type v) noexcept { *p = v.bits(); }
    static value_type from_bits(std::uint32_t bits) noexcept { return hp::from_bits(std::uint16_t(bits)); }
    static std::uint32_t to_bits(value_type v) noexcept { return v.bits(); }
    static value_type from_index(std::int64_t v) noexcept { return hp(double(v)); }
};

template <>
struct element<ir::data_type::ep> {
    using value_type = ep;
    static constexpr std::uint32_t words = 2;
    static value_type load(const word* p) noexcept { return ep::from_bits(load32(p)); }
    static void store(word* p, value_type v) noexcept { store32(p, v.bits()); }
    static value_type from_bits(std::uint32_t bits) noexcept { return ep::from_bits(bits); }
    static std::uint32_t to_bits(value_type v) noexcept { return v.bits(); }
    static value_type from_index(std::int64_t v) noexcept { return ep(double(v)); }
};

template <class V>
inline constexpr bool is_narrow_float = std::is_same_v<V, hp> || std::is_same_v<V, ep>;

/// Unsigned arithmetic wraps without undefined behaviour; 16-bit values are widened first because
/// a 16-bit product promotes to (signed) int, which may overflow.
template <class V>
using wrap_t = std::conditional_t<sizeof(V) <= 2, std::uint32_t, std::make_unsigned_t<V>>;

/// A shift count: what the second operand says, from 0 to the width (a count at or past the width
/// shifts every bit out).
template <class V>
inline unsigned shift_count(V b) noexcept {
    const auto n = std::uint32_t(std::make_unsigned_t<V>(b));
    return n > sizeof(V) * 8 ? unsigned(sizeof(V) * 8) : unsigned(n);
}

/// `Op` on element values of type `E`: the one definition of each DSD opcode.
template <ir::opcode Op, class E>
inline typename E::value_type apply(typename E::value_type a, typename E::value_type b,
                                    typename E::value_type c) noexcept {
    using V = typename E::value_type;
    if constexpr (Op == ir::opcode::mov) {
        return a;
    } else if constexpr (is_narrow_float<V>) {
        if constexpr (Op == ir::opcode::add) return a + b;
        else if constexpr (Op == ir::opcode::sub) return a - b;
        else if constexpr (Op == ir::opcode::mul) return a * b;
        else if constexpr (Op == ir::opcode::mac) return a * b + c;  // two roundings
        else if constexpr (Op == ir::opcode::neg) return -a;
        else if constexpr (Op == ir::opcode::min) return b < a ? b : a;
        else if constexpr (Op == ir::opcode::max) return b > a ? b : a;
        else return a;  // integer-only opcodes: rejected when the layout is checked
    } else if constexpr (std::is_floating_point_v<V>) {
        if constexpr (Op == ir::opcode::add) return a + b;
        else if constexpr (Op == ir::opcode::sub) return a - b;
        else if constexpr (Op == ir::opcode::mul) return a * b;
        else if constexpr (Op == ir::opcode::mac) {
            const V product = a * b;  // rounded here: not fused with the add (see the top)
            return product + c;
        } else if constexpr (Op == ir::opcode::neg) return -a;
        else if constexpr (Op == ir::opcode::min) return b < a ? b : a;
        else if constexpr (Op == ir::opcode::max) return b > a ? b : a;
        else return a;
    } else {
        using W = wrap_t<V>;
        if constexpr (Op == ir::opcode::add) return V(W(a) + W(b));
        else if constexpr (Op == ir::opcode::sub) return V(W(a) - W(b));
        else if constexpr (Op == ir::opcode::mul) return V(W(a) * W(b));
        else if constexpr (Op == ir::opcode::mac) return V(W(a) * W(b) + W(c));
        else if constexpr (Op == ir::opcode::neg) return V(W(0) - W(a));
        else if constexpr (Op == ir::opcode::min) return b < a ? b : a;
        else if constexpr (Op == ir::opcode::max) return b > a ? b : a;
        else if constexpr (Op == ir::opcode::bit_and) return V(a & b);
        else if constexpr (Op == ir::opcode::bit_or) return V(a | b);
        else if constexpr (Op == ir::opcode::bit_xor) return V(a ^ b);
        else if constexpr (Op == ir::opcode::shl) {
            const unsigned n = shift_count(b);
            return n >= sizeof(V) * 8 ? V(0) : V(std::make_unsigned_t<V>(a) << n);
        } else if constexpr (Op == ir::opcode::shr) {
            const unsigned n = shift_count(b);
            return n >= sizeof(V) * 8 ? V(0) : V(std::make_unsigned_t<V>(a) >> n);
        } else {
            static_assert(Op == ir::opcode::sar);
            const unsigned n = shift_count(b);
            using S = std::make_signed_t<V>;
            return V(S(a) >> (n >= sizeof(V) * 8 ? sizeof(V) * 8 - 1 : n));
        }
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
        E::store(d + n * sd, apply<Op, E>(x, y, z));
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
