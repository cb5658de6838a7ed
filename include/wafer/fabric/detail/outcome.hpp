#pragma once
// How a run ended, as data (run_result.hpp): its status and cycles, each fault, warning and
// undelivered wavelet as a diagnostic, and each blocked PE with what it waits for.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/describe.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/detail/wait_analysis.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/run_result.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

/// Blocked PE `i`: what each of its threads waits for, its sockets, and where it stopped.
inline blocked_pe blocked(machine& m, const ir::layout& layout, std::uint32_t i) {
    blocked_pe b = analyse(m, i);
    for (const auto& s : layout.programs[m.pes[i].program].sockets) b.sockets.push_back(s.name);
    if (!b.threads.empty()) b.where = blocked_here(m, i, b.threads.front());
    return b;
}

/// How a run of `m` ended: cut by its cycle limit (`limited`), stopped at `now` (`stopped`), or on
/// its own at its last cycle.
inline run_result outcome(machine& m, const ir::layout& layout, bool limited, bool stopped, std::uint64_t now) {
    run_result result;
    result.pe_count = m.pes.size();
    result.threads = m.parts.size();
    if (stopped) {
        result.status = run_status::stopped;
        result.cycles = now;
        return result;
    }
    result.cycles = limited ? m.limit : std::min(m.last, m.limit);
    std::sort(m.faults.begin(), m.faults.end(),
              [](const fault& a, const fault& b) { return std::pair(a.cycle, a.pe) < std::pair(b.cycle, b.pe); });
    for (const auto& f : m.faults) result.diagnostics.push_back(describe(m, f));
    if (!m.faults.empty()) {
        result.status = run_status::fault;
        result.cycles = std::max(now, m.faults.front().cycle);  // the first fault, inside a scalar burst perhaps
        return result;
    }
    std::sort(m.warnings.begin(), m.warnings.end());
    for (const auto& w : m.warnings) result.diagnostics.push_back(describe(m, w));
    for (auto& d : drops(m)) result.diagnostics.push_back(std::move(d));

    std::size_t running = 0;
    for (std::uint32_t i = 0; i < m.pes.size(); ++i) {
        switch (end_of(m, i)) {
        case pe_end::halted: ++result.halted; break;
        case pe_end::idle:
            ++result.idle;
            // Data tasks wait for wavelets; an idle PE with only local tasks is simply done.
            if (std::ranges::any_of(layout.programs[m.pes[i].program].tasks,
                                    [](const ir::task& t) { return t.kind == ir::task_kind::data; }))
                result.idle_with_tasks.push_back(i);
            break;
        case pe_end::blocked:
            if (!limited) result.blocked.push_back(blocked(m, layout, i));
            else ++running;
            break;
        case pe_end::running: ++running; break;
        }
    }
    // A run that ended on its own has no PE still due: one would be a fault in wafer's clock,
    // which must not pass for a halt.
    if (!limited && running > 0)
        throw std::logic_error(std::to_string(running) + " PEs were still due when the run ended (a fault in wafer's clock)");
    if (limited) {
        result.status = run_status::cycle_limit;
        result.diagnostics.push_back(diagnostic{severity::note, "", {},
                                                std::to_string(result.pe_count - result.halted - result.idle) + " of " +
                                                    std::to_string(result.pe_count) + " PEs had not halted after " +
                                                    std::to_string(m.limit) + " cycles (run_options::max_cycles)",
                                                ""});
        return result;
    }
    std::uint64_t stuck = 0;
    auto notes = undelivered(m, stuck);
    if (result.blocked.empty()) {
        result.status = run_status::halted;
        if (stuck > 0)
            result.diagnostics.push_back(diagnostic{
                severity::warning, "", {},
                plural(stuck, "wavelet was", "wavelets were") + " left undelivered when every PE had halted or gone idle",
                ""});
        if (!result.idle_with_tasks.empty())
            result.diagnostics.push_back(diagnostic{
                severity::note, "", {},
                plural(result.idle_with_tasks.size(), "PE ends", "PEs end") + " idle with tasks still bound, " +
                    "first " + pe_label(m, result.idle_with_tasks.front()) + " (waiting for wavelets that never came)",
                ""});
    } else {
        result.status = run_status::deadlock;
    }
    result.diagnostics.insert(result.diagnostics.end(), notes.begin(), notes.end());
    return result;
}

}  // namespace wafer::fabric::detail
