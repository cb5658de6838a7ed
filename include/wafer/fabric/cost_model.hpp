#pragma once
// wafer's cycle model: what the interpreter charges. docs/machine.md describes the whole machine
// model; this header holds its numbers.
//
// This is the project's own, deliberately simple model for comparing kernels and layouts.
// It is NOT a claim about the timing of real wafer-scale hardware.
#include <cstdint>

#include "wafer/core/hardware.hpp"
#include "wafer/ir/dsd.hpp"

namespace wafer::fabric {

inline constexpr std::uint64_t hop_cycles = 1;             ///< a wavelet moves one router per cycle
inline constexpr std::uint64_t op_issue_cycles = 1;        ///< a DSD operation, once when it issues
inline constexpr std::uint64_t cycles_per_element = 1;     ///< the base rate: one element per cycle
inline constexpr std::uint64_t instruction_cycles = 1;     ///< a scalar instruction (halt and done take none)
inline constexpr std::uint64_t divide_cycles = 8;          ///< scalar div and rem
inline constexpr std::uint64_t task_switch_cycles = 2;     ///< starting the next task
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

/// Elements a DSD operation finishes per cycle: one, but four hp or ep products per sp product
/// (Tungsten reference, Extended Precision) and two or four 16-bit values per wavelet in SIMD modes.
constexpr std::uint64_t elements_per_cycle(const ir::dsd_op& op) noexcept {
    std::uint64_t rate = 1;
    const bool narrow = op.type == ir::data_type::f16 || op.type == ir::data_type::ep;
    if (narrow && (op.op == ir::opcode::mul || op.op == ir::opcode::mac)) rate = 4;
    for (int k = 0; k < 1 + ir::sources_of(op.op); ++k) {
        const auto& o = ir::operand(op, k);
        if (o.simd == ir::simd_mode::simd32 && rate < 2) rate = 2;
        if ((o.simd == ir::simd_mode::simd64 || o.simd == ir::simd_mode::simd32_or_64) && rate < 4) rate = 4;
    }
    return rate;
}

/// Cycles for elements [done, done + n) at `rate` per cycle: a fraction of a cycle is charged once.
constexpr std::uint64_t element_cycles(std::uint64_t done, std::uint64_t n, std::uint64_t rate) noexcept {
    if (rate == 1) return n;  // the common case, without a division on every burst
    return (done + n + rate - 1) / rate - (done + rate - 1) / rate;
}

/// The cycles a memory-only operation of `elements` elements at the base rate costs, issue included.
constexpr std::uint64_t op_cycles(std::uint64_t elements) noexcept {
    return op_issue_cycles + elements * cycles_per_element;
}

static_assert(op_issue_cycles >= 1 && instruction_cycles >= 1 && hop_cycles == 1);

}  // namespace wafer::fabric
