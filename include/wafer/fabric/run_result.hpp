#pragma once
// What fabric::run takes and returns, and the one rendering of its outcome.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/deadlock.hpp"

namespace wafer::fabric {

struct run_options {
    std::uint64_t max_cycles = 100'000'000;  ///< past this cycle the run stops with cycle_limit
    /// `progress` gets the last multiple of progress_every the clock reached (0: never called);
    /// once per step of the clock, so a jump over several multiples reports only the last.
    std::uint64_t progress_every = 0;
    std::function<void(std::uint64_t cycle)> progress;
};

enum class run_status { halted, deadlock, cycle_limit, fault };

constexpr std::string_view to_string(run_status s) noexcept {
    switch (s) {
    case run_status::halted: return "halted";
    case run_status::deadlock: return "deadlock";
    case run_status::cycle_limit: return "cycle_limit";
    case run_status::fault: return "fault";
    }
    return "fault";
}

struct run_result {
    run_status status = run_status::halted;
    std::uint64_t cycles = 0;               ///< the last cycle anything happened (max_cycles at the limit)
    std::vector<blocked_pe> blocked;        ///< with a deadlock: every PE that had not halted
    std::vector<diagnostic> diagnostics;    ///< warnings (data loss, undelivered wavelets), notes, the fault
    std::size_t pe_count = 0;               ///< placed PEs, for the summary line

    /// A readable account: a summary line, each blocked PE with where and why, then the diagnostics.
    std::string report() const {
        std::string out;
        const std::string at = " at cycle " + std::to_string(cycles);
        switch (status) {
        case run_status::halted: out = "halted" + at + "\n"; break;
        case run_status::deadlock:
            out = "deadlock" + at + ": " + std::to_string(blocked.size()) + " of " + std::to_string(pe_count) +
                  (pe_count == 1 ? " PE" : " PEs") + " blocked and no wavelet can move\n";
            break;
        case run_status::cycle_limit: out = "stopped by the cycle limit" + at + "\n"; break;
        case run_status::fault: out = "fault" + at + "\n"; break;
        }
        for (const auto& b : blocked) out += render(b);
        for (const auto& d : diagnostics) out += detail::indent(wafer::render(d), "  ");
        return out;
    }
};

}  // namespace wafer::fabric
