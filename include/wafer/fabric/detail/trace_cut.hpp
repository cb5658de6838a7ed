#pragma once
// A trace while a run goes and after it: which PEs and cycles it keeps, when what was recorded
// passes its limit, and its events put in (cycle, PE) order and cut at whole cycles (trace.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

#include "wafer/fabric/detail/observation.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/trace.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

/// The PEs a trace keeps, with its window.
inline trace_scope trace_scope_of(const ir::layout& layout, trace& t) {
    const auto& o = t.options;
    trace_scope s;
    s.pes.resize(layout.pes.size());
    s.levels.assign(layout.pes.size() * hw::input_queues, 0);
    for (std::size_t i = 0; i < layout.pes.size(); ++i) {
        const auto& p = layout.pes[i];
        s.pes[i] = p.x >= o.x_first && p.x < o.x_end && p.y >= o.y_first && p.y < o.y_end ? trace_scope::kept : 0;
    }
    s.from = o.from;
    s.to = o.to;
    s.instructions = o.instructions;
    t.events.clear();
    t.truncated = false;
    return s;
}

/// Between cycles: whether more than trace::options.max_events of the events this process
/// recorded are labelled up to `now`, the cycle just run. Then the trace is cut at or before
/// `now` (order_and_cut), and what the process would record from here on, labelled later, is
/// not needed. Each process decides by its own events, so it records at most a few more than
/// max_events; where the trace is cut depends on the events alone.
inline bool past_trace_limit(machine& m, const trace& t, std::uint64_t now) {
    std::size_t settled = 0;
    for (auto& p : m.parts) {
        for (; p.events_sorted < p.events.size(); ++p.events_sorted) {
            const std::uint64_t cycle = p.events[p.events_sorted].cycle;
            if (cycle <= now) ++p.events_settled;
            else p.events_ahead.push(cycle);
        }
        for (; !p.events_ahead.empty() && p.events_ahead.top() <= now; p.events_ahead.pop()) ++p.events_settled;
        settled += p.events_settled;
    }
    return settled > t.options.max_events;
}

/// After the run: the partitions' events, in partition order.
inline void take_events(machine& m, trace& t) {
    for (auto& p : m.parts) {
        t.events.insert(t.events.end(), p.events.begin(), p.events.end());
        p.forget_events();
    }
}

/// The events in (cycle, PE) order, each PE's own in the order they happened (a PE's events all
/// come from one partition), cut past max_events: before the cycle of the first event that
/// would be one too many, so a trace holds whole cycles and is the same for any partitioning.
inline void order_and_cut(trace& t) {
    std::ranges::stable_sort(t.events, [](const trace_event& a, const trace_event& b) {
        return std::pair(a.cycle, a.pe) < std::pair(b.cycle, b.pe);
    });
    t.truncated = t.events.size() > t.options.max_events;
    if (!t.truncated) {
        t.complete_to = std::numeric_limits<std::uint64_t>::max();
        return;
    }
    t.complete_to = t.events[t.options.max_events].cycle;
    std::erase_if(t.events, [&](const trace_event& e) { return e.cycle >= t.complete_to; });
}

}  // namespace wafer::fabric::detail
