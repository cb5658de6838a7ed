#pragma once
// What a run observes besides its outcome, shared by its partitions for the run: the trace's scope
// (trace.hpp) and the counters behind run_stats (stats.hpp). Each PE's and each router's entries
// are written only by the partition that owns them, so threads need no lock.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/hardware.hpp"

#include "wafer/fabric/trace.hpp"

namespace wafer::fabric {

struct trace_scope {
    static constexpr std::uint8_t kept = 1, stalled = 2;
    /// Per PE: `kept` when its events are, and `stalled` while it stalls.
    std::vector<std::uint8_t> pes;
    /// Per PE and input queue: the wavelets it held when last recorded (a `queue` event).
    std::vector<std::uint16_t> levels;
    std::uint64_t from = 0, to = 0;
    bool instructions = true;
    bool keeps(std::uint32_t pe, std::uint64_t at) const noexcept { return (pes[pe] & kept) && at >= from && at < to; }
    /// Whether input queue q of `pe` holds another number of wavelets than last recorded; records it.
    bool level_changed(std::uint32_t pe, int q, std::size_t held) noexcept {
        auto& last = levels[std::size_t(pe) * hw::input_queues + std::size_t(q)];
        if (last == held) return false;
        last = std::uint16_t(held);
        return true;
    }
};

struct run_counters {
    struct pe {
        std::uint64_t busy = 0, blocked = 0;  ///< cycles of work; cycles stalled, up to `since`
        std::uint64_t in = 0, out = 0;        ///< wavelets landed in its input queues; taken from its output queues
        std::uint64_t since = 0;              ///< the cycle its current stall began
        std::uint64_t ramp = 0;               ///< of its current stall, cycles a wavelet it waits for is on its way down the ramp
        std::uint32_t stall_op = 0;           ///< the operation of its program it stalls in
        bool stalled = false;
    };
    std::vector<pe> pes;
    std::vector<std::uint64_t> links;  ///< per color_state and port: wavelets it sent through that port
    /// A program's DSD operation, over the PEs that ran it: elements finished, the cycles they
    /// took; the cycles they would have taken at its group's full width and at the width its
    /// strides leave, in units of 1/rate_units of a cycle (exact for every width up to 8), and
    /// burst by burst at its rate (its fabric operands too), before its sources' banks; the
    /// cycles its threads stalled in it, and of those, the cycles a wavelet was on the ramp.
    struct op {
        static constexpr std::uint64_t rate_units = 840;  // divisible by 1 to 8
        std::uint64_t elements = 0, cycles = 0, width_units = 0, stride_units = 0, at_rate = 0, stalled = 0, ramp = 0;
        void add(const op& o) {
            elements += o.elements, cycles += o.cycles, width_units += o.width_units, stride_units += o.stride_units;
            at_rate += o.at_rate, stalled += o.stalled, ramp += o.ramp;
        }
    };
    /// Per program, per operation. Every partition counts its own (partition::op_counts), added
    /// here as the run ends.
    std::vector<std::vector<op>> ops;

    static void add_ops(std::vector<std::vector<op>>& to, const std::vector<std::vector<op>>& from) {
        if (from.size() != to.size())
            throw error(diagnostic{severity::error, "", {}, "counters from another process do not fit this fabric", ""});
        for (std::size_t p = 0; p < to.size(); ++p) {
            if (from[p].size() != to[p].size())
                throw error(diagnostic{severity::error, "", {}, "counters from another process do not fit this fabric", ""});
            for (std::size_t k = 0; k < to[p].size(); ++k) to[p][k].add(from[p][k]);
        }
    }

    /// Another process's counters, for the PEs and routers it ran (the others are zero there).
    void add(const run_counters& other) {
        if (other.pes.size() != pes.size() || other.links.size() != links.size())
            throw error(diagnostic{severity::error, "", {}, "counters from another process do not fit this fabric", ""});
        for (std::size_t i = 0; i < pes.size(); ++i) {
            auto& p = pes[i];
            const auto& o = other.pes[i];
            p.busy += o.busy, p.blocked += o.blocked, p.in += o.in, p.out += o.out, p.ramp += o.ramp;
            p.since = std::max(p.since, o.since);
            if (o.stalled) p.stall_op = o.stall_op;  // a PE stalls in the process that runs it
            p.stalled = p.stalled || o.stalled;
        }
        for (std::size_t k = 0; k < links.size(); ++k) links[k] += other.links[k];
        add_ops(ops, other.ops);
    }
};

// For the messages that gather them from other processes (detail/message_bytes.hpp).
constexpr std::size_t enum_count(wait::kind) { return 4; }
constexpr std::size_t enum_count(trace_event::kind) { return 8; }
template <class Ar> void fields(Ar& ar, wait& w) { ar(w.k, w.queue, w.color, w.socket); }
template <class Ar> void fields(Ar& ar, trace_event& e) { ar(e.cycle, e.pe, e.what, e.thread, e.flags, e.on, e.index, e.data); }
template <class Ar> void fields(Ar& ar, run_counters::pe& p) { ar(p.busy, p.blocked, p.in, p.out, p.since, p.ramp, p.stall_op, p.stalled); }
template <class Ar> void fields(Ar& ar, run_counters::op& o) { ar(o.elements, o.cycles, o.width_units, o.stride_units, o.at_rate, o.stalled, o.ramp); }
template <class Ar> void fields(Ar& ar, run_counters& c) { ar(c.pes, c.links, c.ops); }

}  // namespace wafer::fabric
