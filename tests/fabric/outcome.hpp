#pragma once
// What a run leaves that a user can see, to compare runs that must end the same (threads,
// processes, stops and resumes): status, cycles, the report, every PE's memory and cycle count; and
// runs spread over processes played by threads (fabric/in_process.hpp).
#include <doctest/doctest.h>

#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/in_process.hpp"

namespace wafer::test {

struct run_outcome {
    fabric::run_status status{};
    std::uint64_t cycles = 0;
    std::string report;
    std::vector<std::vector<word>> memory;
    std::vector<std::uint64_t> pe_cycles;
    friend bool operator==(const run_outcome&, const run_outcome&) = default;
};

inline run_outcome outcome_of(const fabric::fabric& f, const fabric::run_result& r) {
    run_outcome o{r.status, r.cycles, fabric::report(r), {}, {}};
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        const auto m = f.memory(pe);
        o.memory.emplace_back(m.begin(), m.end());
        o.pe_cycles.push_back(f.pe_cycles(pe));
    }
    return o;
}

/// How each process ended a run spread over processes: its result, or what it threw.
struct process_end {
    fabric::run_result result;
    std::exception_ptr failure;
};

/// One fabric of `l` for each of `n` processes.
inline std::deque<fabric::fabric> fabrics_of(const ir::layout& l, std::size_t n) {
    std::deque<fabric::fabric> fs;
    for (std::size_t k = 0; k < n; ++k) fs.emplace_back(l);
    return fs;
}

/// Runs fabrics[k] as process k of an in-process group (one process: no peers), each with
/// options_of(k) and its own endpoint.
inline std::vector<process_end> run_together(std::deque<fabric::fabric>& fabrics,
                                             const std::function<fabric::run_options(std::size_t)>& options_of) {
    std::vector<process_end> ends(fabrics.size());
    fabric::in_process_group group(fabrics.size());
    auto run = [&](std::size_t k) {
        auto options = options_of(k);
        if (fabrics.size() > 1) options.peers = &group[k];
        try {
            ends[k].result = fabrics[k].run(options);
        } catch (...) {
            ends[k].failure = std::current_exception();
        }
    };
    {
        std::vector<std::jthread> others;
        for (std::size_t k = 1; k < fabrics.size(); ++k) others.emplace_back(run, k);
        run(0);
    }
    return ends;
}

/// A run spread over `processes` of `threads` bands each.
struct spread {
    std::size_t processes = 1, threads = 1;
};

/// The layout's outcome spread so, each process on its own fabric loaded by `load`: process 0's,
/// after checking that every process ends with the same status and cycles.
inline run_outcome run_on(const ir::layout& l, spread s, fabric::run_options options = {},
                          const std::function<void(fabric::fabric&)>& load = {}) {
    std::deque<fabric::fabric> fabrics;
    for (std::size_t k = 0; k < s.processes; ++k) {
        fabrics.emplace_back(l);
        if (load) load(fabrics.back());
    }
    options.threads = s.threads;
    const auto ends = run_together(fabrics, [&](std::size_t) { return options; });
    for (const auto& e : ends)
        if (e.failure) std::rethrow_exception(e.failure);
    for (const auto& e : ends) {
        CHECK(e.result.status == ends.front().result.status);
        CHECK(e.result.cycles == ends.front().result.cycles);
    }
    CHECK(ends.front().result.threads == std::min(s.processes * s.threads, l.pes.size()));
    return outcome_of(fabrics.front(), ends.front().result);
}

/// Every reader of a random_network reads one element more than is sent to it: its PE deadlocks.
inline void starve_a_reader(ir::layout& l) {
    for (auto& p : l.programs)
        if (p.kernel == "read") {
            for (auto& op : p.dsd_ops) ++op.extent[0];
            return;
        }
}

}  // namespace wafer::test
