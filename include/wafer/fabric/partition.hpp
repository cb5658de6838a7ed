#pragma once
// A partition of the fabric: the band of consecutive PEs and routers one thread runs (fabric.hpp),
// with its own clock, and what its PEs and routers recorded in the run (faults, warnings, wavelets
// dropped off the fabric). A PE or router changes only its own band, but for one thing: a router
// beside the border sends wavelets into a buffer of the next band. Those wait in the partition
// (its crossings) until the cycle's commit, which delivers them in partition order; a wavelet that
// arrives in a cycle leaves in the next anyway (router.hpp), so this changes nothing, and the
// outcome is the same for any number of partitions.
#include <cstdint>
#include <functional>
#include <map>
#include <queue>
#include <tuple>
#include <vector>

#include "wafer/fabric/scheduler.hpp"
#include "wafer/fabric/state.hpp"
#include "wafer/fabric/detail/observation.hpp"
#include "wafer/fabric/wavelet.hpp"

namespace wafer::fabric {

/// Something a program did that the hardware cannot, or that the DSD reference calls the
/// programmer's responsibility: the run stops with status `fault`.
struct fault {
    enum class kind : std::uint8_t {
        memory,              ///< an operation or instruction touches words outside PE memory
        divide_by_zero,
        call_depth,          ///< more nested calls than the call stack holds
        return_at_top,       ///< ret with no call to return to
        microthread_busy,    ///< an asynchronous operation on a microthread that still runs one
        queue_busy,          ///< two operations at once on one queue
        queue_not_empty,     ///< a queue rebound to another color while it holds wavelets
        bounds,              ///< a subscript outside its dimension, checked at run time (fsanitize=bounds)
    };
    kind what = kind::memory;
    std::uint32_t pe = 0;
    std::uint64_t cycle = 0;
    std::uint32_t instruction = 0;  ///< the instruction (index into the program's laid-out code)
    std::int64_t op = -1;           ///< the DSD operation, -1 for a scalar instruction
    std::int64_t low = 0, high = 0; ///< memory: the words touched; queue_*: the queue; microthread: its ID;
                                    ///< bounds: the subscript and the extent
    std::int64_t other = -1;        ///< microthread_busy / queue_busy: the operation it still runs; bounds: the check
    bool output = false;            ///< queue_*: an output queue
};

/// Something worth a warning that does not stop the run; one per (kind, PE, queue).
struct run_warning {
    enum class kind : std::uint8_t {
        control_as_data,  ///< a control wavelet read as data (no on_control, control_transform or control task)
    };
    kind what = kind::control_as_data;
    std::uint32_t pe = 0;
    std::uint8_t queue = 0;
    std::uint64_t cycle = 0;  ///< the first time
    std::uint64_t count = 0;
    friend bool operator<(const run_warning& a, const run_warning& b) {
        return std::tie(a.what, a.pe, a.queue) < std::tie(b.what, b.pe, b.queue);
    }
};

/// Wavelets routed off the edge of the fabric, per (router, color, port).
struct dropped {
    std::uint64_t count = 0, first = 0;
};

/// A run of PEs in index order (those below `pes`, from the end of the strip before) and the routers
/// at the same cells (below `routers`): a cycle steps a strip's PEs, then moves its routers, while
/// their state is still in cache.
struct strip {
    std::uint32_t pes = 0, routers = 0;
};

/// PEs per strip: their state and their routers' fit in a core's L2 cache.
inline constexpr std::uint32_t strip_pes = 256;

/// Wavelets dropped off the fabric, by (y, x, color, port).
using drop_map = std::map<std::tuple<std::int32_t, std::int32_t, std::uint8_t, std::uint8_t>, dropped>;

/// A wavelet a router sent into a buffer of another partition, delivered at the cycle's commit.
struct crossing {
    std::uint32_t buffer = 0;
    wavelet item;
};

struct partition {
    std::uint32_t pe_first = 0, pe_end = 0;          ///< its PEs
    std::uint32_t router_first = 0, router_end = 0;  ///< the routers at cells from its first PE's to the next band's
    std::vector<strip> strips;                       ///< its PEs and routers in runs, in order
    // For a wavefront (detail/band.hpp): how many strips apart a router and a neighbour of its band are
    // at most, and how many strips at its start and at its end hold a router beside another band.
    std::uint32_t reach = 0, border_first = 0, border_last = 0;

    scheduler clock;
    active_set* woken = nullptr;                     ///< the routers of the next router phase (detail/band.hpp sets it)
    std::uint64_t last = 0;                          ///< the last cycle anything happened here
    std::vector<fault> faults;
    std::vector<run_warning> warnings;
    drop_map drops;
    std::uint64_t sunk = 0;                          ///< wavelets a position without outputs discarded
    std::vector<std::uint32_t> reopened;             ///< colors a PE took out of teardown in this cycle
    std::vector<crossing> crossings;                 ///< wavelets for other partitions' buffers, this cycle
    std::vector<std::uint32_t> wakes;                ///< other partitions' routers to visit in the next cycle
    // What the run observes (detail/observation.hpp): `observed` when it traces or counts.
    bool observed = false;
    bool fast = true;                                ///< run_options::fast_paths, in a run that is not observed
    trace_scope* tracing = nullptr;                  ///< what to record, while the run traces
    std::vector<trace_event> events;                 ///< what its PEs and routers recorded
    // How many events are labelled up to the last cycle run (detail/trace_cut.hpp, past_trace_limit): of the
    // first `events_sorted`, `events_settled` are, and `events_ahead` holds the others' cycles
    // (labelled later: a PE's burst runs ahead), earliest first.
    std::size_t events_sorted = 0, events_settled = 0;
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> events_ahead;
    run_counters* counting = nullptr;                ///< its PEs' and routers' counters, when the run counts
    std::vector<std::vector<run_counters::op>> op_counts;  ///< its PEs' operations', when the run counts (run_counters::ops)

    void note(const trace_event& e) {
        if (tracing->keeps(e.pe, e.cycle)) events.push_back(e);
    }

    bool owns_router(std::uint32_t r) const noexcept { return r - router_first < router_end - router_first; }

    /// Router `r` is visited in the next router phase: this cycle's while the PEs step, the next
    /// cycle's while the routers move (woken). Another partition's router hears of it at the
    /// commit, which is before the next cycle's.
    [[gnu::always_inline]] void wake_router(std::int32_t r) {
        if (r < 0) return;  // none, or off the fabric
        if (owns_router(std::uint32_t(r))) [[likely]]
            woken->insert(std::uint32_t(r));
        else
            wakes.push_back(std::uint32_t(r));
    }
    /// PE `pe` (one of this partition's), if it waits for something, steps again at `at`.
    [[gnu::always_inline]] void wake_pe(std::vector<pe_wait>& waits, std::int32_t pe, std::uint64_t at) {
        if (pe < 0 || waits[std::size_t(pe)] != pe_wait::waiting) return;
        waits[std::size_t(pe)] = pe_wait::scheduled;
        clock.schedule(std::uint32_t(pe), at);
    }
    void happened(std::uint64_t at) noexcept { last = at > last ? at : last; }

    /// Back to the start of a run.
    void restart() {
        clock.clear();
        woken = nullptr;
        last = sunk = 0;
        faults.clear();
        warnings.clear();
        drops.clear();
        reopened.clear();
        crossings.clear();
        wakes.clear();
        observed = false;
        tracing = nullptr;
        forget_events();
        counting = nullptr;
        op_counts.clear();
    }

    void forget_events() {
        events.clear();
        events_sorted = events_settled = 0;
        events_ahead = {};
    }
};

}  // namespace wafer::fabric
