#pragma once
// What fabric::run takes and returns. The outcome is data: how the run ended, each blocked PE with
// what its threads wait for and the wait-for chain behind it, and diagnostics (faults, data loss,
// undelivered wavelets) as wafer::diagnostic values without source lines: whoever prints them
// quotes the lines (the CLI reads the files) and renders them with the one renderer.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace wafer::fabric {

class peers;
struct trace;
struct run_stats;

struct run_options {
    std::uint64_t max_cycles = 100'000'000;  ///< past this cycle the run stops with cycle_limit
    /// The fabric is cut into this many bands of PEs (at most one per PE), each run on its own
    /// thread; memory, cycles and reports are the same for any number (partition.hpp).
    std::size_t threads = 1;
    /// While the fabric is busy, up to this many cycles (at most max_wavefront) are run as one
    /// wavefront: a strip of PEs and routers runs a cycle as soon as the strips it reads have run
    /// the cycle before, so its state is still in cache (detail/band.hpp, docs/performance.md). The
    /// outcome is the same for any value; 1 runs each cycle over the whole fabric before the next.
    /// Runs that trace, or hold a program that can fault, go cycle by cycle.
    std::uint64_t wavefront = 16;
    static constexpr std::uint64_t max_wavefront = 16;  ///< larger values run waves of this many cycles
    /// Stop before this cycle (0: never), with status `stopped`: the state is the fabric's as that
    /// cycle begins (bursts of work end there), and a run with `resume` goes on from there.
    std::uint64_t stop = 0;
    /// Go on from where the last run stopped, or from the state fabric::restore() put in, instead of
    /// starting again from cycle 0; ends exactly as the run it came from would have.
    bool resume = false;
    /// `checkpoint` is called between cycles, once the clock passes each multiple of
    /// checkpoint_every; it may take the fabric's state(). It and `progress` run on one of the run's
    /// threads while the others wait.
    std::uint64_t checkpoint_every = 0;
    std::function<void(std::uint64_t cycle)> checkpoint;
    /// `progress` gets the last multiple of progress_every the clock reached (0: never called);
    /// once per step of the clock, so a jump over several multiples reports only the last. It may
    /// ask the fabric for its activity() (a progress line does, a few times a second).
    std::uint64_t progress_every = 0;
    std::function<void(std::uint64_t cycle)> progress;
    /// Records what the run does (trace.hpp) for the PEs and cycles trace->options selects, into
    /// trace->events; null: nothing is recorded. With `peers`, every process passes its own, with
    /// the same options, and process 0's gets the whole run's.
    fabric::trace* trace = nullptr;
    /// Filled with where the run's cycles and wavelets went (stats.hpp); null: nothing is counted.
    /// With `peers`, as for `trace`.
    run_stats* stats = nullptr;
    /// The other processes the run is spread over (peers.hpp), `threads` bands each; null: this
    /// process runs the whole fabric. Every process calls run with the same options but this one,
    /// and `checkpoint` and `progress` are called in each: state() is the whole run's in process
    /// 0, which gathers the bands first, while activity() knows only this process's own bands.
    fabric::peers* peers = nullptr;
    /// Run the common shapes (a plain route's hop, a PE streaming through its queues, a relay riding
    /// its router) on code specialized for them; false runs everything on the general code. The
    /// outcome is the same either way, bit for bit: a test compares the two.
    bool fast_paths = true;
};

/// What a running fabric is doing, for a progress line.
struct run_activity {
    std::uint64_t cycle = 0;
    std::size_t active_pes = 0;   ///< PEs that are running or blocked (neither halted nor idle)
    std::size_t wavelets = 0;     ///< in flight: in the routers' buffers and the PEs' queues
};

/// halted: every PE halted or is idle (nothing to run, no task ready) and no wavelet moves.
/// stopped: at run_options::stop, to be resumed.
enum class run_status { halted, deadlock, cycle_limit, fault, stopped };

constexpr std::string_view to_string(run_status s) noexcept {
    switch (s) {
    case run_status::halted: return "halted";
    case run_status::deadlock: return "deadlock";
    case run_status::cycle_limit: return "cycle_limit";
    case run_status::fault: return "fault";
    case run_status::stopped: return "stopped";
    }
    return "fault";
}

/// What a blocked thread waits for.
struct wait {
    enum class kind : std::uint8_t {
        input,      ///< a wavelet in input queue `queue`
        output,     ///< room in output queue `queue`
        fifo_data,  ///< an element in FIFO `queue`
        fifo_room,  ///< room in FIFO `queue`
    };
    kind k = kind::input;
    std::uint8_t queue = 0;     ///< the queue or FIFO
    std::int8_t color = -1;     ///< the queue's color, -1 when it is bound to none
    std::int16_t socket = -1;   ///< the program's socket on that queue, -1 none
    friend bool operator==(const wait&, const wait&) = default;
};

struct blocked_thread {
    std::int8_t thread = 0;             ///< 0 the main thread, 1 + m microthread m
    std::uint32_t op = 0;               ///< the DSD operation it runs (index into the program's)
    std::uint64_t done = 0, total = 0;  ///< its elements
    wait on;
};

/// Where following a color from a PE across the routers' current switch positions ended.
struct route_end {
    enum class kind : std::uint8_t {
        pe,           ///< at PE `pe`, whose core sends (or reads) the color
        no_route,     ///< router (x, y) has no route on `color`
        not_sent,     ///< router (x, y)'s position on `color` does not send `port`
        no_input,     ///< router (x, y)'s position on `color` takes no input (suppressed, or an open end)
        wrong_input,  ///< router (x, y)'s position on `color` takes input from `port`, not where it came
        no_pe,        ///< the route reaches the core of router (x, y), where no PE is placed
        not_bound,    ///< PE `pe` has no queue on `color`
        edge,         ///< the route leaves the fabric at (x, y) going `port`
        loop,         ///< the route runs in a loop
        teardown,     ///< router (x, y) holds `color` in teardown
        message,      ///< `color` is a message-passing color: it routes by address
        self,         ///< a FIFO of the same PE: another of its threads
    };
    kind k = kind::no_route;
    std::int32_t x = 0, y = 0;
    std::uint8_t color = 0;
    std::uint8_t port = 0;
    std::int32_t pe = -1;
};

/// How a PE ended a run.
enum class pe_end : std::uint8_t { halted, idle, blocked, running };

/// A PE as a report names it.
struct pe_ref {
    std::uint32_t pe = 0;
    std::int32_t x = 0, y = 0;
    std::string name;    ///< the placed PE's region name
    std::string kernel;
    pe_end end = pe_end::running;
    std::uint64_t cycle = 0;  ///< when it halted, went idle or last made progress
};

/// One link of a wait-for chain: a PE, what it waits for (when it is blocked), and where that
/// leads: the next link's PE, or the end of the chain.
struct wait_step {
    pe_ref who;
    blocked_thread what;
    route_end next;
};

struct blocked_pe {
    pe_ref who;
    std::vector<std::string> sockets;       ///< its kernel's socket names, which its waits refer to
    std::vector<blocked_thread> threads;
    std::vector<wait_step> chain;           ///< the wait-for chain that starts at this PE
    bool cycle = false;                     ///< the chain comes back to one of its PEs
    diagnostic where;                       ///< a note at the first blocked operation (no source line)
};

struct run_result {
    run_status status = run_status::halted;
    std::uint64_t cycles = 0;               ///< the last cycle anything happened (max_cycles at the limit)
    std::size_t pe_count = 0;               ///< placed PEs, for the summary line
    std::size_t threads = 1;                ///< the partitions it ran in, each on its own thread
    std::uint64_t wavefront_cycles = 0;     ///< cycles run as part of a wavefront (run_options::wavefront)
    std::size_t halted = 0, idle = 0;       ///< PEs that ended halted, and idle
    std::vector<std::uint32_t> idle_with_tasks;  ///< idle PEs that still have data tasks bound to queues
    std::vector<blocked_pe> blocked;        ///< with a deadlock: every PE with a thread that waits
    std::vector<diagnostic> diagnostics;    ///< faults, warnings (data loss, undelivered wavelets), notes
};

}  // namespace wafer::fabric
