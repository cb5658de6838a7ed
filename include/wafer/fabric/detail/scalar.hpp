#pragma once
// The arithmetic of scalar instructions on register bits: the DSD engine's element arithmetic
// (detail/kernel.hpp) where an opcode exists for it, plus division, comparisons and conversions.
// A 16-bit value sits in a register's low half; results are zero-extended.
#include <cmath>
#include <cstdint>
#include <limits>

#include "wafer/fabric/detail/kernel.hpp"
#include "wafer/ir/instruction.hpp"

namespace wafer::fabric::detail {

enum class scalar_fault : std::uint8_t { none, divide_by_zero };

template <ir::data_type T>
std::uint32_t scalar_typed(ir::instr code, std::uint32_t a, std::uint32_t b, scalar_fault& fault) noexcept {
    using E = element<T>;
    using V = typename E::value_type;
    const V x = E::from_bits(a), y = E::from_bits(b);
    auto bits = [](V v) { return E::to_bits(v); };
    switch (code) {
    case ir::instr::mov: return bits(x);
    case ir::instr::add: return bits(apply<ir::opcode::add, E>(x, y, x));
    case ir::instr::sub: return bits(apply<ir::opcode::sub, E>(x, y, x));
    case ir::instr::mul: return bits(apply<ir::opcode::mul, E>(x, y, x));
    case ir::instr::neg: return bits(apply<ir::opcode::neg, E>(x, y, x));
    case ir::instr::min: return bits(apply<ir::opcode::min, E>(x, y, x));
    case ir::instr::max: return bits(apply<ir::opcode::max, E>(x, y, x));
    // A float compares by value (a NaN is unordered), as hp, ep and float all do.
    case ir::instr::eq: return x == y;
    case ir::instr::ne: return x != y;
    case ir::instr::lt: return x < y;
    case ir::instr::le: return x <= y;
    case ir::instr::gt: return x > y;
    case ir::instr::ge: return x >= y;
    default: break;
    }
    if constexpr (ir::is_float(T)) {
        switch (code) {
        case ir::instr::div: return bits(x / y);
        case ir::instr::abs: return T == ir::data_type::f16 ? (a & 0x7fffu) : (a & 0x7fffffffu);
        default: return 0;  // integer-only instructions: rejected when the layout is checked
        }
    } else {
        using U = std::make_unsigned_t<V>;
        switch (code) {
        case ir::instr::div:
        case ir::instr::rem:
            if (y == 0) {
                fault = scalar_fault::divide_by_zero;
                return 0;
            }
            if (std::is_signed_v<V> && x == std::numeric_limits<V>::min() && y == V(-1))
                return code == ir::instr::div ? bits(x) : 0;  // wraps, as the hardware's would
            return bits(code == ir::instr::div ? V(x / y) : V(x % y));
        case ir::instr::bit_and: return bits(apply<ir::opcode::bit_and, E>(x, y, x));
        case ir::instr::bit_or: return bits(apply<ir::opcode::bit_or, E>(x, y, x));
        case ir::instr::bit_xor: return bits(apply<ir::opcode::bit_xor, E>(x, y, x));
        case ir::instr::bit_not: return bits(V(~U(x)));
        case ir::instr::shl: return bits(apply<ir::opcode::shl, E>(x, y, x));
        case ir::instr::shr: return bits(apply<ir::opcode::shr, E>(x, y, x));
        case ir::instr::sar: return bits(apply<ir::opcode::sar, E>(x, y, x));
        case ir::instr::abs: return bits(x < 0 ? V(U(0) - U(x)) : x);
        default: return 0;
        }
    }
}

/// `code` (arithmetic or a comparison) on the bits of a and b in `type`.
inline std::uint32_t scalar(ir::instr code, ir::data_type type, std::uint32_t a, std::uint32_t b,
                            scalar_fault& fault) noexcept {
    switch (type) {
    case ir::data_type::i16: return scalar_typed<ir::data_type::i16>(code, a, b, fault);
    case ir::data_type::u16: return scalar_typed<ir::data_type::u16>(code, a, b, fault);
    case ir::data_type::i32: return scalar_typed<ir::data_type::i32>(code, a, b, fault);
    case ir::data_type::u32: return scalar_typed<ir::data_type::u32>(code, a, b, fault);
    case ir::data_type::f16: return scalar_typed<ir::data_type::f16>(code, a, b, fault);
    case ir::data_type::f32: return scalar_typed<ir::data_type::f32>(code, a, b, fault);
    case ir::data_type::ep: return scalar_typed<ir::data_type::ep>(code, a, b, fault);
    }
    return 0;
}

/// A float to an integer type: toward zero, saturating at its range; NaN is 0.
inline std::uint32_t float_to_integer(double v, ir::data_type to) noexcept {
    if (v != v) return 0;
    double lo = 0, hi = 0;
    switch (to) {
    case ir::data_type::i16: lo = -32768.0, hi = 32767.0; break;
    case ir::data_type::u16: lo = 0, hi = 65535.0; break;
    case ir::data_type::i32: lo = -2147483648.0, hi = 2147483647.0; break;
    default: lo = 0, hi = 4294967295.0; break;
    }
    const double t = std::trunc(v);
    const double c = t < lo ? lo : t > hi ? hi : t;
    const auto i = std::int64_t(c);
    return ir::words_of(to) == 1 ? std::uint32_t(std::uint16_t(i)) : std::uint32_t(std::uint64_t(i));
}

/// convert: the bits of `a` as type `from`, in type `to` (docs/machine.md, Conversions): integers
/// truncate or extend by the source's signedness; to a float, the nearest value (ties to even); an
/// sp value narrows to ep by rounding; from a float to an integer toward zero, saturating.
inline std::uint32_t convert(std::uint32_t a, ir::data_type from, ir::data_type to) noexcept {
    if (!ir::is_float(from)) {
        std::int64_t v = 0;
        switch (from) {
        case ir::data_type::i16: v = std::int16_t(a); break;
        case ir::data_type::u16: v = std::uint16_t(a); break;
        case ir::data_type::i32: v = std::int32_t(a); break;
        default: v = std::uint32_t(a); break;
        }
        switch (to) {
        case ir::data_type::f16: return half_bits(double(v));
        case ir::data_type::f32: return sp_bits(float(v));
        case ir::data_type::ep: return ep_bits(double(v));
        default: return ir::words_of(to) == 1 ? std::uint32_t(std::uint16_t(v)) : std::uint32_t(std::uint64_t(v));
        }
    }
    const double v = from == ir::data_type::f16 ? half_value(std::uint16_t(a)) : double(sp_value(a));
    switch (to) {
    case ir::data_type::f16: return half_bits(v);
    case ir::data_type::f32: return from == ir::data_type::f16 ? sp_bits(float(v)) : a;  // ep widens for free
    case ir::data_type::ep: return from == ir::data_type::f16 ? sp_bits(float(v)) : ep_round(a);
    default: return float_to_integer(v, to);
    }
}

}  // namespace wafer::fabric::detail
