#pragma once
// The hardware's constants, in one place: memory, colors, switches, queues, microthreads, tasks,
// FIFOs and message-passing banks. Every layer (Tungsten, Paint, the IR, the interpreter) reads
// them from here. Values the spec gives are marked with where it gives them; the rest are wafer's
// choices, documented in docs/machine.md.
#include <array>
#include <cstdint>
#include <string_view>

namespace wafer::hw {

/// The processors (`arch=sdr|wse2|wse3`): SDR, the one the Tungsten and Paint references describe,
/// and the two generations the DSD reference distinguishes. (Their values are an image's bytes.)
enum class arch : std::uint8_t { wse2, wse3, sdr };
inline constexpr arch last_arch = arch::sdr;

constexpr std::string_view name_of(arch a) noexcept {
    return a == arch::wse2 ? "wse2" : a == arch::wse3 ? "wse3" : "sdr";
}

/// PE main memory: 0x0000..0x5fff in 16-bit words (Tungsten reference, Array Attributes).
inline constexpr std::uint32_t memory_words = 0x6000;

/// A router's virtual channels (Paint quick reference, Colors).
inline constexpr int colors = 24;

/// The colors a switch can have positions on (Paint guide, Switching): 0-9, 12, 13, 16, 17, 20, 21.
inline constexpr std::array<std::uint8_t, 16> switchable_colors{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 20, 21};
constexpr bool can_switch(int color) noexcept {
    for (auto c : switchable_colors)
        if (c == color) return true;
    return false;
}
/// At most four switch positions per color (Paint guide, Switching).
inline constexpr int max_switch_positions = 4;

/// The only color that can be the fabric adder (Paint quick reference, Fabric Adder).
inline constexpr int fabric_adder_color = 10;

/// A color's swap partner (Paint guide, Color swaps): c ^ 1.
constexpr int partner(int color) noexcept { return color ^ 1; }

/// Message-passing banks: bank N's five colors start at 14 + 5N (quick reference: bank 0 is 14-18).
/// Two banks fit in 24 colors.
inline constexpr int mp_banks = 2;
inline constexpr int mp_bank_colors = 5;
constexpr int mp_first_color(int bank) noexcept { return 14 + mp_bank_colors * bank; }

/// Input and output queues and their lengths in words (DSD reference, Fabric Queues). SDR's are
/// WSE-2's (wafer's choice: the references do not give them).
inline constexpr int input_queues = 8;
inline constexpr int max_output_queues = 8;
constexpr int output_queues(arch a) noexcept { return a == arch::wse3 ? 8 : 6; }
inline constexpr std::array<std::uint8_t, 8> wse2_input_queue_length{6, 6, 4, 4, 2, 2, 2, 2};
inline constexpr std::array<std::uint8_t, 6> wse2_output_queue_length{2, 2, 6, 6, 2, 2};
inline constexpr std::array<std::uint8_t, 8> wse3_input_queue_length{8, 8, 4, 4, 4, 4, 4, 4};
inline constexpr std::array<std::uint8_t, 8> wse3_output_queue_length{8, 8, 8, 8, 8, 8, 8, 8};
constexpr int input_queue_length(arch a, int q) noexcept {
    return a == arch::wse3 ? wse3_input_queue_length[std::size_t(q)] : wse2_input_queue_length[std::size_t(q)];
}
constexpr int output_queue_length(arch a, int q) noexcept {
    return a == arch::wse3 ? wse3_output_queue_length[std::size_t(q)] : wse2_output_queue_length[std::size_t(q)];
}
inline constexpr int max_queue_length = 8;

/// Hardware microthreads for asynchronous DSD operations (DSD reference, Microthreads). On WSE-2 an
/// operation's microthread is the ID of one of its queues, so there are as many as input queues.
inline constexpr int microthreads = 8;

/// Task IDs a PE program may use: data, local and control tasks share one ID space; a lower ID runs
/// first when several are ready (wafer's model).
inline constexpr int task_ids = 64;

/// FIFOs: how many a PE has, and the minimum alignment of a FIFO buffer in words (wafer's model;
/// the DSD reference says there is one, and that a smaller explicit alignment is an error).
inline constexpr int fifos = 8;
inline constexpr int fifo_alignment_words = 4;

/// Router buffering: per color and input port (wafer's model).
inline constexpr int router_buffer_wavelets = 2;

// ---- Timing: one table per processor ----
// What the interpreter charges, per processor. docs/fidelity.md gives each figure its source and
// sets what wafer measures beside it; a number no source gives is marked as wafer's.

/// DSD operations grouped as the SDK's table of SIMD widths groups the hardware's instructions
/// (CSL language, Appendix "SIMD Mode"); a group has one width.
enum class operation_class : std::uint8_t {
    int16,         ///< add16 sub16 and16 or16 xor16 mov16 (and 16-bit integer negation, as a sub16)
    shift16,       ///< sll16 slr16 sar16
    mov32,         ///< mov32
    fp16,          ///< faddh fsubh fmovh fnegh
    fp16_product,  ///< fmulh fmach; ep products too (four in an sp product's time on SDR)
    fp16_max,      ///< fmaxh (and fmin, its twin)
    fp32,          ///< fadds fsubs fmovs fnegs; ep's other operations
    fp32_max,      ///< fmaxs (and fmin)
    convert,       ///< fh2s fs2h fs2xp16 xp162fs: between fp32 and fp16 or a 16-bit integer
    convert16,     ///< fh2xp16 xp162fh: between fp16 and a 16-bit integer
    unlisted,      ///< not in the table: fmuls, fmacs, 32-bit integer arithmetic, 16-bit products, other conversions
};
inline constexpr int operation_classes = 11;

struct timing {
    /// Elements a DSD operation finishes a cycle, per operation_class, its memory operands placed
    /// without a bank conflict.
    std::array<std::uint8_t, operation_classes> width;
    /// Whether a memory operand's stride narrows the width (stride_width), and whether two memory
    /// sources that share a bank group halve it (bank_conflict).
    bool stride_penalty;
    bool bank_conflicts;
    std::uint8_t issue_cycles;         ///< a DSD operation, once as it issues (wafer's)
    std::uint8_t instruction_cycles;   ///< a scalar instruction; halt and done take none (wafer's)
    std::uint8_t divide_cycles;        ///< a scalar integer div or rem (wafer's)
    std::uint8_t float_divide_cycles;  ///< a scalar sp or ep divide
    std::uint8_t task_switch_cycles;   ///< starting the next task (wafer's)
    std::uint8_t ramp_cycles;          ///< a wavelet between a router and its PE, each way (T_R)
};

/// WSE-2 and WSE-3: the SIMD table of the CSL Appendix; fmuls, fmacs and what is not in it run
/// one element a cycle. An fp32 divide takes about 50 cycles (a comment in the SDK's BiCGStab
/// example, for WSE-2; wafer gives WSE-3 the same). The ramp between a router and its PE takes
/// T_R = 2 cycles each way (Luczynski et al., "Near-Optimal Wafer-Scale Reduce", HPDC 2024, for
/// WSE-2; wafer gives WSE-3 the same).
inline constexpr timing wse2_timing{{4, 1, 2, 4, 4, 1, 2, 1, 1, 1, 1}, true, true, 1, 1, 8, 50, 2, 2};
inline constexpr timing wse3_timing{{8, 4, 4, 8, 8, 8, 4, 4, 4, 8, 1}, true, true, 1, 1, 8, 50, 2, 2};
/// SDR: one element a cycle, but four hp or ep products in one sp product's time (Tungsten
/// reference, Extended Precision); no stride, bank, divide or ramp figures (wafer's: none, 8
/// cycles, and a ramp without latency).
inline constexpr timing sdr_timing{{1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1}, false, false, 1, 1, 8, 8, 2, 0};

constexpr const timing& timing_of(arch a) noexcept {
    return a == arch::wse2 ? wse2_timing : a == arch::wse3 ? wse3_timing : sdr_timing;
}

/// A wavelet reaches the neighbouring router in one cycle on every processor (SDK, "A Conceptual
/// View"); the interpreter's cycle is built on it.
inline constexpr int hop_cycles = 1;

/// Cycles from a router handing a wavelet to its PE's input queue to the PE reading it: the way
/// down the ramp, the cycle the operation that reads it takes to hand on what it makes, and the
/// way up the ramp of the PE that sent it. A wavelet from one PE to another over h hops is read
/// h + 2 T_R + 1 cycles after it was sent: the cost of one dependent step in Luczynski et al.'s
/// model, 2 T_R + 1, plus the hops. The interpreter charges all of it where the wavelet lands (a
/// PE's output reaches its router in the cycle it is made), so every PE sees each wavelet when it
/// would; routers see each one T_R cycles early, all alike.
constexpr unsigned landing_cycles(const timing& t) noexcept { return 2u * t.ramp_cycles + 1u; }
/// The most cycles landing_cycles takes on any processor (queue_state tracks that many).
inline constexpr unsigned max_landing_cycles = 8;
static_assert(landing_cycles(wse2_timing) <= max_landing_cycles && landing_cycles(wse3_timing) <= max_landing_cycles &&
              landing_cycles(sdr_timing) <= max_landing_cycles);

/// The wavelets input queue `q` holds with those on their way down to it: its length and one for
/// each cycle of landing_cycles after the first, at most max_queue_length in all (wafer's: the
/// sources give the ramp no buffering; this keeps a stream at a wavelet a cycle through a queue
/// of two).
constexpr int input_queue_room(arch a, int q) noexcept {
    const int room = input_queue_length(a, q) + int(landing_cycles(timing_of(a))) - 1;
    return room < max_queue_length ? room : max_queue_length;
}

// Every step of a PE takes a cycle or more: the interpreter counts on it.
static_assert(wse2_timing.issue_cycles >= 1 && wse2_timing.instruction_cycles >= 1);
static_assert(wse3_timing.issue_cycles >= 1 && wse3_timing.instruction_cycles >= 1);
static_assert(sdr_timing.issue_cycles >= 1 && sdr_timing.instruction_cycles >= 1);

/// The most elements a cycle a memory operand can give whose successive elements are `step`
/// 16-bit words apart (CSL Appendix, "SIMD Mode": successive 16-bit words sit in successive banks
/// of eight). Steps 0 and 1, and those whose remainder by 8 is 2, 3, 5 or 6, any width; a
/// remainder of 1 or 7, two; a multiple of 8, one. A remainder of 4 ("two operations per cycle,
/// or a SIMD width of 4": the text says both) is two here, as two banks serve it. The rule reads
/// words, the banks' unit, so a 32-bit operand's step is twice its stride in elements.
constexpr unsigned stride_width(std::int64_t step) noexcept {
    if (step == 0 || step == 1) return 8;
    const std::int64_t r = ((step % 8) + 8) % 8;
    return r == 0 ? 1 : r == 1 || r == 7 || r == 4 ? 2 : 8;
}

/// Whether two memory sources starting at words `a` and `b` read from the same banks: the best
/// placement has them four words apart (`src0_addr % 8 == (src1_addr + 4) % 8`, CSL Appendix), one
/// in each half of the eight banks. The Appendix says only that a conflict loses the full width;
/// wafer halves it, as the two reads take turns.
constexpr bool bank_conflict(std::int64_t a, std::int64_t b) noexcept { return ((a - b) & 7) != 4; }

/// The five router ports. Row 0 is the northern edge, so `up` (+y) is the router's south port and
/// `down` (-y) its north port (Paint guide, Reading Paint).
enum class port : std::uint8_t { core, right, left, up, down };
inline constexpr int ports = 5;

constexpr std::uint8_t bit(port p) noexcept { return std::uint8_t(1u << unsigned(p)); }
inline constexpr std::uint8_t all_ports = 0x1f;

/// The neighbour's port that a wavelet leaving through `p` arrives on.
constexpr port opposite(port p) noexcept {
    switch (p) {
    case port::right: return port::left;
    case port::left: return port::right;
    case port::up: return port::down;
    case port::down: return port::up;
    default: return port::core;
    }
}
constexpr int dx(port p) noexcept { return p == port::right ? 1 : p == port::left ? -1 : 0; }
constexpr int dy(port p) noexcept { return p == port::up ? 1 : p == port::down ? -1 : 0; }

}  // namespace wafer::hw
