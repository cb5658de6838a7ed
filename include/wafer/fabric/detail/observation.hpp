#pragma once
// What a run observes besides its outcome, shared by its partitions for the run: the trace's scope
// (trace.hpp) and the counters behind run_stats (stats.hpp). Each PE's and each router's entries
// are written only by the partition that owns them, so threads need no lock.
#include <cstdint>
#include <vector>

#include "wafer/fabric/trace.hpp"

namespace wafer::fabric {

struct trace_scope {
    static constexpr std::uint8_t kept = 1, stalled = 2;
    /// Per PE: `kept` when its events are, and `stalled` while it stalls.
    std::vector<std::uint8_t> pes;
    std::uint64_t from = 0, to = 0;
    bool instructions = true;
    bool keeps(std::uint32_t pe, std::uint64_t at) const noexcept { return (pes[pe] & kept) && at >= from && at < to; }
};

struct run_counters {
    struct pe {
        std::uint64_t busy = 0, blocked = 0;  ///< cycles of work; cycles stalled, up to `since`
        std::uint64_t in = 0, out = 0;        ///< wavelets landed in its input queues; taken from its output queues
        std::uint64_t since = 0;              ///< the cycle its current stall began
        bool stalled = false;
    };
    std::vector<pe> pes;
    std::vector<std::uint64_t> links;  ///< per color_state and port: wavelets it sent through that port
};

}  // namespace wafer::fabric
