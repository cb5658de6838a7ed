#pragma once
// A partition at work on its thread (partition.hpp): its PEs step, then its routers move, strip by
// strip, a cycle at a time or as a wavefront of several (docs/scale.md).
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/partition.hpp"
#include "wafer/fabric/pe.hpp"
#include "wafer/fabric/router.hpp"

namespace wafer::fabric::detail {

/// A partition at work on its thread. The bands sit side by side, each written by its own thread all the time (its steppers' state):
/// each starts a cache line of its own, so no thread's writes evict what another reads.
struct alignas(64) band {
    band(machine& m, partition& p) : part(p), pes(m, p), routers(m, p, pes) {}

    /// Where strip `j` begins: where the one before ends.
    strip start_of(std::size_t j) const noexcept {
        return j > 0 ? part.strips[j - 1] : strip{part.pe_first, part.router_first};
    }

    /// Strip `j`'s PEs step, then its routers move, at `cycle`.
    void strip_at(std::size_t j, std::uint64_t cycle) {
        const strip& s = part.strips[j];
        const strip from = start_of(j);
        part.woken = &part.clock.routers_at(cycle);  // what a PE wakes is its own router: it moves in this cycle
        part.clock.step_pes(cycle, from.pes, s.pes, [&](std::uint32_t i) { pes.step(i, cycle); });
        part.woken = &part.clock.routers_at(cycle + 1);
        part.clock.step_routers(cycle, from.routers, s.routers, [&](std::uint32_t r) { routers.step(r, cycle); },
                                [&](std::uint32_t r) { routers.prefetch(r); });
        if (routers.moved()) part.happened(cycle + hw::hop_cycles);  // the run goes on while wavelets move
    }

    /// strip_at() in a wave, noting the last cycle anything was due (only a PE that steps lists
    /// a router for its own cycle).
    void wave_strip(std::size_t j, std::uint64_t cycle) {
        const strip from = start_of(j);
        if (part.clock.next_pe(cycle, from.pes) < part.strips[j].pes ||
            part.clock.next_router(cycle, from.routers) < part.strips[j].routers)
            busy = std::max(busy, cycle);
        strip_at(j, cycle);
    }

    /// Cycle `now` over the band, strip after strip. Strips with no PE due and no router listed
    /// are skipped: an idle part of the fabric costs nothing per cycle.
    void cycle(std::uint64_t now) {
        part.clock.begin(now);
        for (std::size_t j = 0; j < part.strips.size(); ++j) {
            const strip from = start_of(j);
            const std::size_t pe = part.clock.next_pe(now, from.pes);
            const std::size_t router = part.clock.next_router(now, from.routers);
            if (pe >= part.pe_end && router >= part.router_end) break;
            while (part.strips[j].pes <= pe && part.strips[j].routers <= router) ++j;
            strip_at(j, now);
        }
    }

    /// Cycles first … first + cycles - 1 as a wavefront: strip j runs cycle first + c after the
    /// strips within reach have run first + c - 1, and before they run first + c + 1, so what
    /// each reads is what the cycle-by-cycle sweep would show it (router.hpp: a buffer's writer
    /// and reader go by what it held as the cycle began), while a strip's state is in cache for
    /// several cycles. Cycle first runs on every strip; later ones only on the strips that
    /// neither reach another band nor read a strip that does at the cycle before (inner), as
    /// what crosses a border arrives at the commit after each cycle: edges() runs the rest.
    void wave(std::uint64_t first, unsigned cycles) {
        const std::size_t lag = std::max<std::size_t>(part.reach, 1), n = part.strips.size();
        for (std::size_t k = 0; k < n + (cycles - 1) * lag; ++k)
            for (unsigned c = 0; c < cycles && c * lag <= k; ++c)
                if (const std::size_t j = k - c * lag; j >= inner_first(c) && j < inner_end(c)) {
                    if (first + c > part.clock.now()) part.clock.begin(first + c);
                    wave_strip(j, first + c);
                }
    }

    /// Cycle first + c (c > 0) of a wave on the strips wave() left out, once what crossed the
    /// borders in the cycle before has arrived.
    void edges(std::uint64_t first, unsigned c) {
        if (first + c > part.clock.now()) part.clock.begin(first + c);
        for (std::size_t j = 0; j < inner_first(c); ++j) wave_strip(j, first + c);
        for (std::size_t j = inner_end(c); j < part.strips.size(); ++j) wave_strip(j, first + c);
    }

    /// The strips a wave runs cycle first + c on without the other bands: [inner_first, inner_end).
    std::size_t inner_first(unsigned c) const noexcept {
        if (c == 0 || part.border_first == 0) return 0;
        return std::min<std::size_t>(part.strips.size(), part.border_first + (c - 1) * std::size_t(part.reach));
    }
    std::size_t inner_end(unsigned c) const noexcept {
        const std::size_t n = part.strips.size();
        if (c == 0 || part.border_last == 0) return n;
        const std::size_t last = part.border_last + (c - 1) * std::size_t(part.reach);
        return std::max(inner_first(c), n - std::min(n, last));
    }

    partition& part;
    pe_executor pes;
    router_stepper routers;
    std::uint64_t busy = 0;  ///< the last cycle of a wave a PE stepped or a router was visited in
};

}  // namespace wafer::fabric::detail
