#pragma once
// wafer's machine model: what the fabric interpreter executes and what it charges for it.
//
// This is the project's own, deliberately simple model for comparing kernels and layouts.
// It is NOT a claim about the timing of real wafer-scale hardware.
//
// The fabric
//   A grid of width x height cells from the layout. Row 0 is the northern edge. Each cell has a
//   router; a cell with a placed PE also has a processing element. Only placed PEs have memory
//   and queues, and a router gets state only when it is configured, has a PE, or a wavelet
//   reaches it, so a 750 x 994 fabric with two PEs placed costs two PEs.
//
// A PE
//   Runs its program's DSD operations (ir::dsd_op) in order and halts after the last one.
//   Memory starts as initial_memory(program) and grows on demand up to pe_memory_words (0x6000);
//   an operation that would touch a word at or past 0x6000 (or below 0) stops the run with
//   status `fault` before it executes.
//
// A DSD operation
//   Walks `extent[0..rank)` in row-major order (outermost first). Operands:
//     mem        word base + sum(i[d] * stride[d])
//     index      the value bits + sum(i[d] * stride[d]), bits read as a signed 32-bit start
//                (for f32 the integer value converted to float)
//     immediate  the constant bits (int16: low 16 bits; f32: IEEE bits)
//     fabin      one wavelet per element from an input queue
//     fabout     one wavelet per element into an output queue
//   int16 is 16-bit wrapping arithmetic on one word; int32 is 32-bit wrapping on two words, low
//   word first; f32 is an IEEE binary32 in two words, low word first (sp_bits / sp_value).
//   mac computes s0 * s1 and then adds s2: two roundings, never fused into one FMA (the kernels
//   are compiled with floating-point contraction off). Elements are processed one after another,
//   so an operation whose destination overlaps a source sees its own earlier results.
//   A wavelet carries 16-bit data in its low 16 bits (high 16 zero) and 32-bit data in all 32.
//
//   An operation costs op_issue_cycles once plus cycles_per_element per element. Without fabric
//   operands it runs to completion at once and the PE is busy for its whole cost. With fabric
//   operands it processes as many elements as the queues allow (the fewest wavelets waiting in
//   its fabin queues, the least free space in its fabout queue), charges them, and otherwise
//   blocks until one of its queues changes.
//
// Queues (lengths from ir::input_queue_length / ir::output_queue_length)
//   Each queue entry holds one wavelet. Input queue q receives the wavelets its router delivers
//   to the core on the color input_color[q]; output queue q feeds the router's buffer for
//   output_color[q] as if they arrived from the core port, one wavelet per cycle per PE.
//
// Routers
//   24 colors and five ports: C (core), R (+x), L (-x), U (+y: the south port), D (-y: north).
//   Per router and color a buffer of router_buffer_capacity wavelets, each remembering the port it
//   came in from. In a cycle the wavelet at the head of a color's buffer moves one hop when the
//   color's current switch position takes input from that port and every output of the position
//   has room; a multicast moves to all outputs at once. A neighbour output enters the neighbour's
//   buffer for the same color; a core output enters the PE's input queue bound to the color.
//   A wavelet that entered a buffer in cycle t leaves at t + 1 at the earliest. Each port carries
//   at most one wavelet per direction per cycle; colors contending for a port take turns
//   (round-robin by cycle). Room freed in a cycle is usable from the next cycle, which keeps the
//   result independent of the order routers are visited in. Only the first switch position is used.
//
// Silent hardware problems are diagnosed
//   A wavelet routed off the fabric edge is dropped with a warning. A wavelet whose color has no
//   route on a router, that came in on a port other than the position's input, or that is routed
//   to a core with no input queue on its color, waits forever: it is reported with a deadlock, or,
//   when every PE halts, in a warning counting the undelivered wavelets.
//
// Time
//   Event-driven: only routers holding wavelets and PEs with work are visited; when only PEs are
//   busy the clock jumps to the next completion. A run's cycles is the last cycle anything
//   happened; a PE's cycles is the cycle it halted.
#include <cstddef>
#include <cstdint>

namespace wafer::fabric {

inline constexpr std::uint64_t op_issue_cycles = 1;       ///< per DSD operation, once
inline constexpr std::uint64_t cycles_per_element = 1;    ///< every opcode and data type
inline constexpr std::size_t router_buffer_capacity = 2;  ///< wavelets per router per color
inline constexpr std::uint64_t hop_cycles = 1;            ///< a wavelet moves one router per cycle

// The scheduler advances a cycle at a time through router activity and relies on every
// operation taking time, so a PE can never run an unbounded number of steps in one cycle.
static_assert(op_issue_cycles >= 1 && hop_cycles == 1);

/// The cycles an operation over `elements` elements costs when nothing blocks it.
constexpr std::uint64_t op_cycles(std::uint64_t elements) noexcept {
    return op_issue_cycles + elements * cycles_per_element;
}

}  // namespace wafer::fabric
