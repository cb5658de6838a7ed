#pragma once
// Everything a running fabric holds, in pools allocated when it is built (detail/construct.hpp):
// the PEs and routers of fabric/state.hpp, their memory, registers, queues, microthreads, FIFOs,
// call stacks, router colors and buffers; the clock; and what the run has to report (faults,
// warnings, dropped wavelets), recorded as data.
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/program.hpp"
#include "wafer/fabric/scheduler.hpp"
#include "wafer/fabric/state.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

/// Something a program did that the hardware cannot, or that the DSD reference calls the
/// programmer's responsibility: the run stops with status `fault`.
struct fault {
    enum class kind : std::uint8_t {
        memory,              ///< an operation or instruction touches words outside PE memory
        divide_by_zero,
        call_depth,          ///< more nested calls than the call stack holds
        return_at_top,       ///< ret with no call to return to
        microthread_busy,    ///< an asynchronous operation on a microthread that still runs one
        queue_busy,          ///< two operations at once on one queue
        queue_not_empty,     ///< a queue rebound to another color while it holds wavelets
        bounds,              ///< a subscript outside its dimension, checked at run time (fsanitize=bounds)
    };
    kind what = kind::memory;
    std::uint32_t pe = 0;
    std::uint64_t cycle = 0;
    std::uint32_t instruction = 0;  ///< the instruction (index into the program's laid-out code)
    std::int64_t op = -1;           ///< the DSD operation, -1 for a scalar instruction
    std::int64_t low = 0, high = 0; ///< memory: the words touched; queue_*: the queue; microthread: its ID;
                                    ///< bounds: the subscript and the extent
    std::int64_t other = -1;        ///< microthread_busy / queue_busy: the operation it still runs; bounds: the check
    bool output = false;            ///< queue_*: an output queue
};

/// Something worth a warning that does not stop the run; one per (kind, PE, queue).
struct run_warning {
    enum class kind : std::uint8_t {
        control_as_data,  ///< a control wavelet read as data (no on_control, control_transform or control task)
    };
    kind what = kind::control_as_data;
    std::uint32_t pe = 0;
    std::uint8_t queue = 0;
    std::uint64_t cycle = 0;  ///< the first time
    std::uint64_t count = 0;
    friend bool operator<(const run_warning& a, const run_warning& b) {
        return std::tie(a.what, a.pe, a.queue) < std::tie(b.what, b.pe, b.queue);
    }
};

/// Wavelets routed off the edge of the fabric, per (router, color, port).
struct dropped {
    std::uint64_t count = 0, first = 0;
};

/// A run of PEs in index order (those below `pes`, from the end of the strip before) and the routers
/// at the same cells (below `routers`): a cycle steps a strip's PEs, then moves its routers, while
/// their state is still in cache.
struct strip {
    std::uint32_t pes = 0, routers = 0;
};

/// PEs per strip: their state and their routers' fit in a core's L2 cache.
inline constexpr std::uint32_t strip_pes = 256;

struct machine {
    const ir::layout* layout = nullptr;
    hw::arch arch = hw::arch::wse2;
    std::vector<prepared_program> programs;

    std::vector<pe_state> pes;
    std::vector<pe_wait> waits;                        ///< per PE
    std::vector<word> memory;                          ///< the pool of every PE's words
    std::vector<std::unique_ptr<word[]>> grown;        ///< PEs whose memory grew past their pool slice (full size)
    std::vector<std::uint32_t> registers;
    std::vector<queue_state> queues;
    std::vector<microthread> threads;
    std::vector<fifo_state> fifos;
    std::vector<std::uint32_t> stacks;
    std::vector<prepared_op> walks;
    std::vector<ir::dsd_op> walk_ops;                  ///< the operation each walk was prepared from

    std::vector<router_state> routers;
    std::vector<color_state> colors;
    std::vector<position_state> positions;
    std::vector<input_buffer> buffers;
    std::vector<std::int32_t> grid;                    ///< width * height: router index, or -1
    std::vector<strip> strips;                         ///< the fabric cut into runs of PEs, in order
    std::vector<std::uint32_t> reopened;               ///< colors a PE took out of teardown in this cycle

    scheduler clock;
    dsd_engine engine;
    std::uint64_t now = 0;                             ///< the cycle being run
    std::uint64_t wake_cycle = 0;                      ///< the cycle a router woken now is visited in
    std::uint64_t limit = 0;
    std::uint64_t last = 0;                            ///< the last cycle anything happened
    std::vector<fault> faults;
    std::vector<run_warning> warnings;
    std::map<std::tuple<std::int32_t, std::int32_t, std::uint8_t, std::uint8_t>, dropped> drops;  ///< (y, x, color, port)
    std::uint64_t sunk = 0;                            ///< wavelets a position without outputs discarded

    word* memory_of(std::uint32_t pe) noexcept {
        const auto& p = pes[pe];
        return p.grown >= 0 ? grown[std::size_t(p.grown)].get() : memory.data() + p.memory;
    }
    const word* memory_of(std::uint32_t pe) const noexcept {
        const auto& p = pes[pe];
        return p.grown >= 0 ? grown[std::size_t(p.grown)].get() : memory.data() + p.memory;
    }
    /// Gives PE `pe` at least `words` words (at most hw::memory_words): a rare path for addresses
    /// that come from registers, past what the program declares.
    void grow(std::uint32_t pe, std::uint32_t words) {
        auto& p = pes[pe];
        if (words <= p.memory_size) return;
        if (p.grown < 0) {
            auto block = std::make_unique<word[]>(hw::memory_words);
            std::fill(block.get(), block.get() + hw::memory_words, word(0));
            std::copy(memory.data() + p.memory, memory.data() + p.memory + p.memory_size, block.get());
            p.grown = std::int32_t(grown.size());
            grown.push_back(std::move(block));
        }
        p.memory_size = words;
    }

    const ir::pe_program& program_of(std::uint32_t pe) const { return layout->programs[pes[pe].program]; }
    queue_state& input_queue(std::uint32_t pe, int q) { return queues[pes[pe].queues + std::uint32_t(pes[pe].input_queue(q))]; }
    queue_state& output_queue(std::uint32_t pe, int q) {
        return queues[pes[pe].queues + std::uint32_t(pes[pe].output_queue(q))];
    }

    /// Router `r` is visited in the next router phase.
    /// Router `r` is visited in the next router phase: this cycle's while the PEs step, the next
    /// cycle's while the routers move (machine::wake_cycle).
    [[gnu::always_inline]] void wake_router(std::int32_t r) {
        if (r >= 0) clock.list_router(std::uint32_t(r), wake_cycle);  // not none, not off the fabric
    }
    /// PE `pe`, if it waits for something, steps again at `at`.
    [[gnu::always_inline]] void wake_pe(std::int32_t pe, std::uint64_t at) {
        if (pe < 0 || waits[std::size_t(pe)] != pe_wait::waiting) return;
        waits[std::size_t(pe)] = pe_wait::scheduled;
        clock.schedule(std::uint32_t(pe), at);
    }
    const position_state& position(const color_state& c, std::uint32_t k) const noexcept { return positions[c.positions + k]; }
    const position_state& current(const color_state& c) const noexcept { return c.at; }
    void switch_to(color_state& c, std::uint8_t k) noexcept {
        c.current = k;
        c.at = positions[c.positions + k];
    }
    /// Color c enters or leaves teardown: its buffers take wavelets again, or stop taking them.
    void set_teardown(std::uint32_t c, bool on) noexcept {
        colors[c].teardown = on;
        const auto& rs = routers[colors[c].router];
        for (std::uint32_t b = rs.buffers; b < rs.buffers + rs.buffer_count; ++b)
            if (buffers[b].owner == c) buffers[b].closed = on;
    }
    void happened(std::uint64_t at) noexcept { last = at > last ? at : last; }
};

}  // namespace wafer::fabric
