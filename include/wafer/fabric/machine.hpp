#pragma once
// Everything a running fabric holds, in pools allocated when it is built (detail/construct.hpp):
// the pools a run changes (pools.hpp: PEs, memory, registers, queues, microthreads, FIFOs, call
// stacks, router colors and buffers), what the layout fixes (routers, where each color and buffer
// sits, switch positions), the partitions the run is cut into, each with its clock, and what the
// run has to report (faults, warnings, dropped wavelets), recorded as data.
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/partition.hpp"
#include "wafer/fabric/pools.hpp"
#include "wafer/fabric/program.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/fabric/state.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

struct machine : run_pools {
    const ir::layout* layout = nullptr;
    hw::arch arch = hw::arch::wse2;
    std::vector<prepared_program> programs;

    /// Per PE: its ride, when it rides its router (router.hpp: the router's visit steps it, out of
    /// the scheduler). Not part of the run state: a run ends with no PE riding.
    std::vector<ride> riding;
    std::vector<std::unique_ptr<word[]>> grown;        ///< per PE: its full-size block once it grew past its pool slice
    std::vector<prepared_op> walks;                    ///< each walk of the pools (pools.hpp), prepared

    std::vector<router_state> routers;
    std::vector<color_place> color_places;             ///< per color
    std::vector<position_state> positions;
    std::vector<buffer_place> buffer_places;           ///< per buffer
    std::vector<std::int32_t> grid;                    ///< width * height: router index, or -1
    std::vector<partition> parts;                      ///< the bands the run is cut into, in order (one per thread)
    std::vector<std::uint32_t> borders;                ///< buffers whose writer is in another partition
    // A state restore() put in, for the run that resumes from it (detail/snapshot.hpp).
    std::vector<pe_event> pending;                     ///< the PEs due
    std::vector<std::uint32_t> pending_routers;        ///< the routers listed for cycle `now`
    bool resumable = false;

    std::uint64_t now = 0;                             ///< the cycle being run
    std::uint64_t limit = 0;
    std::uint64_t stop = 0, checkpoint_every = 0;      ///< the run's (run_options), 0: none
    // What the run has to report, gathered from the partitions when it ends.
    std::uint64_t last = 0;                            ///< the last cycle anything happened
    std::vector<fault> faults;
    std::vector<run_warning> warnings;
    drop_map drops;
    std::uint64_t sunk = 0;                            ///< wavelets a position without outputs discarded

    /// The first cycle after `now` a PE may not run ahead to (pe.hpp): the cycle limit, the stop,
    /// the next checkpoint, where a run shows its state as it is at that cycle.
    std::uint64_t horizon(std::uint64_t now) const noexcept {
        std::uint64_t h = limit;
        if (stop > 0) h = std::min(h, stop);
        if (checkpoint_every > 0) h = std::min(h, (now / checkpoint_every + 1) * checkpoint_every);
        return h;
    }

    word* memory_of(std::uint32_t pe) noexcept {
        const auto& p = pes[pe];
        return p.grown ? grown[pe].get() : memory.data() + p.memory;
    }
    const word* memory_of(std::uint32_t pe) const noexcept {
        const auto& p = pes[pe];
        return p.grown ? grown[pe].get() : memory.data() + p.memory;
    }
    /// Gives PE `pe` at least `words` words (at most hw::memory_words): a rare path for addresses
    /// that come from registers, past what the program declares. Each PE has its own slot, so
    /// threads grow their PEs without a lock.
    void grow(std::uint32_t pe, std::uint32_t words) {
        auto& p = pes[pe];
        if (words <= p.memory_size) return;
        if (!p.grown) {
            auto block = std::make_unique<word[]>(hw::memory_words);
            std::fill(block.get(), block.get() + hw::memory_words, word(0));
            std::copy(memory.data() + p.memory, memory.data() + p.memory + p.memory_size, block.get());
            grown[pe] = std::move(block);
            p.grown = true;
        }
        p.memory_size = words;
    }

    const ir::pe_program& program_of(std::uint32_t pe) const { return layout->programs[pes[pe].program]; }
    /// PE `pe`'s input (output) queue `q`: its index in the pool, and the queue.
    std::uint32_t input_index(std::uint32_t pe, int q) const {
        return pes[pe].queues + std::uint32_t(pes[pe].input_queue(q));
    }
    std::uint32_t output_index(std::uint32_t pe, int q) const {
        return pes[pe].queues + std::uint32_t(pes[pe].output_queue(q));
    }
    queue_state& input_queue(std::uint32_t pe, int q) { return queues[input_index(pe, q)]; }
    queue_state& output_queue(std::uint32_t pe, int q) { return queues[output_index(pe, q)]; }

    /// PE `i` stops riding its router: its state takes back the stream's progress, an element for
    /// each cycle since it mounted.
    void dismount(std::uint32_t i) noexcept {
        pe_state& p = pes[i];
        p.op.done += riding[i].due - p.since;
        p.since = riding[i].due;
        riding[i] = ride{};
    }

    const position_state& position(std::uint32_t c, std::uint32_t k) const noexcept { return positions[color_places[c].positions + k]; }
    /// Color c takes switch position k.
    void switch_to(std::uint32_t c, std::uint8_t k) noexcept {
        colors[c].current = k;
        colors[c].at = position(c, k);
    }
    /// Color c enters or leaves teardown: its buffers take wavelets again, or stop taking them.
    void set_teardown(std::uint32_t c, bool on) noexcept {
        colors[c].teardown = on;
        const auto& rs = routers[color_places[c].router];
        for (std::uint32_t b = rs.buffers; b < rs.buffers + rs.buffer_count; ++b)
            if (buffer_places[b].owner == c) buffers[b].closed = on;
    }

    /// The partition PE `pe` or router `r` belongs to.
    partition& part_of_pe(std::uint32_t pe) {
        return *std::ranges::partition_point(parts, [pe](const partition& p) { return p.pe_end <= pe; });
    }
    partition& part_of_router(std::uint32_t r) {
        return *std::ranges::partition_point(parts, [r](const partition& p) { return p.router_end <= r; });
    }
};

}  // namespace wafer::fabric
