#pragma once
// Where a run's cycles and wavelets went (run_options::stats): per PE, its cycles of work, stalled
// and idle, and the wavelets it received and sent; per color, the wavelets that crossed links and
// the link that carried most; per DSD operation, its cycles per element and what narrowed them. Data only: `wafer run … stats` prints it. Counted by the partitions
// that own each PE and router, so the figures are the same for any number of threads.
#include <cstdint>
#include <vector>

namespace wafer::fabric {

struct pe_stats {
    /// Cycles of the run (from 0 to run_result::cycles): doing work, stalled (a thread waits inside
    /// an operation for a wavelet, room or a FIFO), and the rest (waiting for a task, or halted).
    std::uint64_t busy = 0, blocked = 0, idle = 0;
    std::uint64_t in = 0, out = 0;  ///< wavelets that landed in its input queues; that left its output queues
    friend bool operator==(const pe_stats&, const pe_stats&) = default;
};

/// A link: the port a router sends through.
struct link_stats {
    std::int32_t x = 0, y = 0;
    std::uint8_t port = 0;  ///< hw::port
    std::uint64_t wavelets = 0;
    friend bool operator==(const link_stats&, const link_stats&) = default;
};

struct color_stats {
    std::uint8_t color = 0;
    std::uint64_t hops = 0;  ///< wavelets sent from a router to a neighbour (or off the fabric)
    link_stats busiest;      ///< the link that carried most of them (the first in row-major order on a tie)
    friend bool operator==(const color_stats&, const color_stats&) = default;
};

/// A program's DSD operation, over every PE that ran it: its elements and the cycles they took (its
/// issues aside), and of those, the cycles lost below its group's width (docs/machine.md, Time)
/// to its memory operands' strides; to its fabric operands, a wavelet a cycle, and to bursts its
/// queues or FIFOs cut short; and to its two sources sharing banks. And the cycles its threads
/// stalled in it, waiting for a wavelet, room or a FIFO, and of those, the cycles a wavelet it
/// waited for was on its way down the ramp (hw::landing_cycles, beyond the cycle a landing takes
/// without a ramp latency).
struct op_stats {
    std::uint32_t program = 0, op = 0;  ///< ir::layout::programs, and the program's dsd_ops
    std::uint64_t elements = 0, cycles = 0;
    std::uint64_t strides = 0, fabric = 0, banks = 0;
    std::uint64_t stalled = 0, ramp = 0;
    friend bool operator==(const op_stats&, const op_stats&) = default;
};

struct run_stats {
    std::vector<pe_stats> pes;         ///< per PE of the layout
    std::vector<color_stats> colors;   ///< per color that moved a wavelet between routers, by color
    std::vector<op_stats> ops;         ///< per operation that finished an element or stalled, by program and operation
    friend bool operator==(const run_stats&, const run_stats&) = default;
};

}  // namespace wafer::fabric
