#pragma once
// A fabric's run state between two cycles, as a value: everything a run changes (memory, PEs,
// queues, threads, FIFOs, call stacks, switch positions, router buffers, the events the clock
// waits for, what the run has recorded so far) and nothing the layout fixes. fabric::state()
// takes it, fabric::restore() puts it back and a run with run_options::resume goes on from it,
// ending exactly as the run it was taken from would have, on any number of threads. Its fields
// are listed for an archive (checkpoint.hpp makes them a checkpoint's bytes); restore checks that a
// state fits the fabric before it takes it, so a damaged file is an error, not a crash.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/fabric/partition.hpp"
#include "wafer/fabric/pools.hpp"
#include "wafer/fabric/state.hpp"
#include "wafer/ir/dsd.hpp"

namespace wafer::fabric {

/// A PE due to step at `cycle`.
struct pe_event {
    std::uint64_t cycle = 0;
    std::uint32_t pe = 0;
};

/// Wavelets dropped off the fabric at router (x, y) on `color` through `port`.
struct drop_record {
    std::int32_t y = 0, x = 0;
    std::uint8_t color = 0, port = 0;
    dropped d;
};

/// A PE's memory once it grew past its slice: the full block.
struct grown_memory {
    std::uint32_t pe = 0;
    std::vector<word> words;
};

/// The pools (pools.hpp) and what else a run carries from one cycle to the next.
struct run_state : run_pools {
    std::uint64_t now = 0;  ///< the next cycle to run
    std::vector<grown_memory> grown;
    std::vector<pe_event> events;             ///< the PEs due, by cycle then PE
    std::vector<std::uint32_t> routers;       ///< the routers listed for cycle `now`
    // What the run has recorded so far.
    std::uint64_t last = 0;
    std::vector<run_warning> warnings;
    std::vector<drop_record> drops;
    std::uint64_t sunk = 0;
};

// The fields an archive reads and writes (core/archive.hpp), found by argument-dependent
// lookup, and the range of each enumeration, so that a reader can reject anything else.
constexpr std::size_t enum_count(main_state) { return 4; }
constexpr std::size_t enum_count(pe_wait) { return 3; }
constexpr std::size_t enum_count(color_kind) { return 4; }
constexpr std::size_t enum_count(run_warning::kind) { return 1; }

template <class Ar> void fields(Ar& ar, issued_op& o) { ar(o.op, o.walk, o.done, o.elements, o.base, o.index); }
template <class Ar> void fields(Ar& ar, microthread& t) { ar(t.op, t.busy, t.prio); }
template <class Ar> void fields(Ar& ar, queue_state& q) { ar(q.items, q.controls, q.color, q.user, q.landing, q.landed); }
template <class Ar> void fields(Ar& ar, fifo_state& f) {
    ar(f.head, f.count, f.read_length, f.write_length, f.need_data, f.need_room);
}
template <class Ar> void fields(Ar& ar, pe_state& p) {
    ar(p.program, p.router, p.memory, p.memory_size, p.queue_count, p.grown, p.registers, p.queues, p.queue_slot, p.threads,
       p.fifos, p.stack, p.walks, p.main, p.depth, p.task, p.pc, p.op, p.activated, p.blocked, p.busy_threads, p.since);
}
template <class Ar> void fields(Ar& ar, color_state& c) {
    ar(c.core_queue, c.core_feed, c.kind, c.count, c.current, c.pop, c.ring, c.teardown, c.core_shared);
}
template <class Ar> void fields(Ar& ar, input_buffer& b) {
    ar(b.items, b.start_size, b.stamp, b.closed, b.router);
}
template <class Ar> void fields(Ar& ar, pe_event& e) { ar(e.cycle, e.pe); }
template <class Ar> void fields(Ar& ar, run_warning& w) { ar(w.what, w.pe, w.queue, w.cycle, w.count); }
template <class Ar> void fields(Ar& ar, drop_record& d) { ar(d.y, d.x, d.color, d.port, d.d.count, d.d.first); }
template <class Ar> void fields(Ar& ar, grown_memory& g) { ar(g.pe, g.words); }
template <class Ar> void fields(Ar& ar, run_state& s) {
    ar(static_cast<run_pools&>(s), s.now, s.grown, s.events, s.routers, s.last, s.warnings, s.drops, s.sunk);
}

}  // namespace wafer::fabric
