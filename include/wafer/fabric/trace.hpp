#pragma once
// What a run did, event by event, for the PEs and cycles a user asks for (run_options::trace):
// tasks starting, DSD operations issued and finished, PEs stalling and going on (with what they
// wait for), wavelets landing in input queues, scalar instructions. Data only: the CLI writes it
// as a Chrome/Perfetto trace or as a text log (docs/tracing.md). Each partition records its own
// PEs' events and the run merges them in (cycle, PE) order, so a trace is the same for any number
// of threads.
#include <cstdint>
#include <limits>
#include <vector>

#include "wafer/fabric/run_result.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::fabric {

struct trace_event {
    enum class kind : std::uint8_t {
        task,         ///< the main thread starts task `index`
        op_begin,     ///< thread `thread` issues DSD operation `index`
        op_end,       ///< thread `thread` ends operation `index`: `data` 1 when it completed, 0 when it ended early
        stall,        ///< no thread of the PE can go on: thread `thread` waits for `on` in operation `index`
        resume,       ///< the PE goes on after a stall
        landing,      ///< a wavelet lands in input queue on.queue, on color on.color: `data` its bits, `flags` its control bit
        instruction,  ///< the main thread executes instruction `index` of the program's code, blocks laid out in order
        queue,        ///< input queue on.queue (color on.color) now holds `data` wavelets: after a landing or a burst that read it
    };
    std::uint64_t cycle = 0;
    std::uint32_t pe = 0;
    kind what = kind::task;
    std::int8_t thread = 0;  ///< 0 the main thread, 1 + m microthread m
    std::uint8_t flags = 0;
    wait on;                 ///< stall: what it waits for; landing: the queue and its color
    std::uint32_t index = 0;
    std::uint32_t data = 0;
    friend bool operator==(const trace_event&, const trace_event&) = default;
};

/// Which events a trace keeps: PEs at x in [x_first, x_end) and y in [y_first, y_end), cycles in
/// [from, to). Past `max_events`, the trace is cut before the cycle of its first event one too
/// many (trace::complete_to), and the run stops recording soon after, so a trace never takes
/// unbounded memory.
struct trace_options {
    static constexpr std::int32_t all = std::numeric_limits<std::int32_t>::max();
    std::int32_t x_first = 0, x_end = all, y_first = 0, y_end = all;
    std::uint64_t from = 0, to = std::numeric_limits<std::uint64_t>::max();
    bool instructions = true;  ///< scalar instructions (many): only the text log shows them
    std::size_t max_events = 20'000'000;
};

/// A run's trace: set `options`, pass it in run_options::trace, read `events` after the run.
struct trace {
    trace_options options;
    std::vector<trace_event> events;  ///< by cycle, then PE, then as they happened
    /// Every event before this cycle is in `events`: when truncated, the cycle of the first event
    /// past options.max_events (none of that cycle's are kept); else the largest cycle there is.
    std::uint64_t complete_to = 0;
    bool truncated = false;
};

/// Instruction `index` of a program's code with its blocks laid out in order (trace_event::index).
inline const ir::instruction* laid_out_instruction(const ir::pe_program& p, std::uint32_t index) {
    for (const auto& b : p.blocks) {
        if (index < b.code.size()) return &b.code[index];
        index -= std::uint32_t(b.code.size());
    }
    return nullptr;
}

}  // namespace wafer::fabric
