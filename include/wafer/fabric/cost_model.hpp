#pragma once
// wafer's cycle model: what the interpreter charges. The processors' figures are hw::timing's
// (core/hardware.hpp, one table per processor, each figure's source in docs/fidelity.md); this
// header holds how an operation reads them, and the interpreter's own choices (how long a thread
// keeps the datapath, how a step ends), which no hardware figure governs.
#include <algorithm>
#include <array>
#include <cstdint>

#include "wafer/core/hardware.hpp"
#include "wafer/ir/dsd.hpp"

namespace wafer::fabric {

/// A PE has one datapath: when several of its threads can run, the one it picks keeps it for at
/// most this many cycles before the PE picks again.
inline constexpr std::uint64_t thread_quantum = 64;
/// A thread that has the PE to itself gives it up after this many cycles of scalar code, or sooner
/// at the run's horizon (the cycle limit, a stop, a checkpoint: pe.hpp, cycles_to_horizon).
inline constexpr std::uint64_t scalar_burst_cycles = 4096;
/// A step whose picks cost nothing (a thread that can do nothing more gives way at once) takes at
/// most this many before it charges a cycle, so every step of a PE ends.
inline constexpr int free_picks = 64;
inline constexpr std::size_t router_buffer_capacity = hw::router_buffer_wavelets;

/// The hardware's group of a conversion from `from` to `to`: fp32 from or to fp16 or a 16-bit
/// integer, or fp16 from or to a 16-bit integer; any other pair is not in the table.
constexpr hw::operation_class conversion_class(ir::data_type from, ir::data_type to) noexcept {
    using C = hw::operation_class;
    const auto kind = [](ir::data_type t) {  // 1 fp16, 2 fp32, 3 16-bit integer, 0 other
        return t == ir::data_type::f16 ? 1 : t == ir::data_type::f32 ? 2 : t == ir::data_type::i16 || t == ir::data_type::u16 ? 3 : 0;
    };
    const int a = kind(from), b = kind(to);
    if (a == 0 || b == 0 || a == b) return C::unlisted;
    return a == 2 || b == 2 ? C::convert : C::convert16;
}

/// The hardware's group of operation `op` on elements of type `t` (hw::operation_class); a
/// conversion's group depends on its source's type too (`from`).
constexpr hw::operation_class class_of(ir::opcode op, ir::data_type t, ir::data_type from = ir::data_type::i16) noexcept {
    using C = hw::operation_class;
    const bool half = t == ir::data_type::f16, single = t == ir::data_type::f32 || t == ir::data_type::ep;
    const bool short_int = t == ir::data_type::i16 || t == ir::data_type::u16;
    switch (op) {
    case ir::opcode::convert: return conversion_class(from, t);
    case ir::opcode::mul:
    case ir::opcode::mac: return half || t == ir::data_type::ep ? C::fp16_product : C::unlisted;
    case ir::opcode::min:
    case ir::opcode::max: return half ? C::fp16_max : single ? C::fp32_max : C::unlisted;
    case ir::opcode::shl:
    case ir::opcode::shr:
    case ir::opcode::sar: return short_int ? C::shift16 : C::unlisted;
    case ir::opcode::mov:
        if (!half && !single && !short_int) return C::mov32;
        [[fallthrough]];
    default: return half ? C::fp16 : single ? C::fp32 : short_int ? C::int16 : C::unlisted;
    }
}

/// Values a fabric operand moves a cycle: a wavelet's, one, or two in SIMD-32; SIMD-64 takes two
/// wavelets at once (DSD reference, SIMD Mode).
constexpr unsigned fabric_values(ir::simd_mode m) noexcept {
    return m == ir::simd_mode::none ? 1 : m == ir::simd_mode::simd32 ? 2 : 4;
}

/// Elements an operation finishes a cycle, step by step: its group's width on the processor; that
/// width narrowed by each memory operand's stride, where the processor has stride penalties; and
/// that narrowed by each fabric operand's values a cycle: its rate.
struct operation_rates {
    unsigned width = 1, memory = 1, rate = 1;
};

/// Operation `op`'s rates on processor `a`. `inner_step[k]`: memory slot k's step between
/// successive elements, in words.
constexpr operation_rates rates_of(const ir::dsd_op& op, const std::array<std::int64_t, 4>& inner_step, hw::arch a) noexcept {
    const hw::timing& t = hw::timing_of(a);
    operation_rates r;
    r.width = t.width[std::size_t(class_of(op.op, op.type, op.from))];
    r.memory = r.width;
    unsigned fabric = r.width;
    for (int k = 0; k < 1 + ir::sources_of(op.op); ++k) {
        const auto& o = ir::operand(op, k);
        if (ir::is_fabric(o.k)) fabric = std::min(fabric, fabric_values(o.simd));
        if (o.k == ir::dsd::kind::mem && t.stride_penalty)
            r.memory = std::min(r.memory, hw::stride_width(inner_step[std::size_t(k)]));
    }
    r.rate = std::min(r.memory, fabric);
    return r;
}

/// Cycles a burst of n elements at `rate` a cycle takes: whole cycles, as a burst ends where the
/// operation waits (its queues, a FIFO) or gives way, and a cycle it started is spent.
constexpr std::uint64_t element_cycles(std::uint64_t n, std::uint64_t rate) noexcept {
    if (rate == 1) return n;  // the common case, without a division on every burst
    return (n + rate - 1) / rate;
}

/// The cycles a memory-only operation of `elements` elements at `rate` a cycle costs on processor
/// `a`, issue included.
constexpr std::uint64_t op_cycles(std::uint64_t elements, std::uint64_t rate, hw::arch a = hw::arch::wse2) noexcept {
    return hw::timing_of(a).issue_cycles + element_cycles(elements, rate);
}

}  // namespace wafer::fabric
