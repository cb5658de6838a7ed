#pragma once
// What a run leaves that a user can see, to compare runs that must end the same (threads, stops
// and resumes): status, cycles, the report, every PE's memory and cycle count.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"

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

/// Every reader of a random_network reads one element more than is sent to it: its PE deadlocks.
inline void starve_a_reader(ir::layout& l) {
    for (auto& p : l.programs)
        if (p.kernel == "read") {
            for (auto& op : p.dsd_ops) ++op.extent[0];
            return;
        }
}

}  // namespace wafer::test
