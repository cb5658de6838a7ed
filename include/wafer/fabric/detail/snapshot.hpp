#pragma once
// Taking a fabric's run state between two cycles (fabric/run_state.hpp), and putting one back after
// checking that it fits: the same pools, the same static fields, every index in range.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/construct.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/run_state.hpp"

namespace wafer::fabric::detail {

/// Adds what partition `part` recorded to a run's records. A warning is kept once per (kind, PE,
/// queue), with the first time and how many.
inline void add_records(const partition& part, std::uint64_t& last, std::vector<run_warning>& warnings, drop_map& drops,
                        std::uint64_t& sunk) {
    last = std::max(last, part.last);
    sunk += part.sunk;
    for (const auto& w : part.warnings) {
        const auto same = std::ranges::find_if(warnings, [&](const run_warning& x) { return !(x < w) && !(w < x); });
        if (same == warnings.end()) {
            warnings.push_back(w);
        } else {
            same->cycle = std::min(same->cycle, w.cycle);
            same->count += w.count;
        }
    }
    for (const auto& [key, d] : part.drops) {
        auto& into = drops[key];
        into.first = into.count == 0 ? d.first : std::min(into.first, d.first);
        into.count += d.count;
    }
}

/// What the partitions recorded, into the run's records (in partition order, which is PE order),
/// and the partitions start afresh.
inline void gather(machine& m) {
    for (auto& part : m.parts) {
        add_records(part, m.last, m.warnings, m.drops, m.sunk);
        m.faults.insert(m.faults.end(), part.faults.begin(), part.faults.end());
        part.last = part.sunk = 0;
        part.warnings.clear();
        part.drops.clear();
        part.faults.clear();
    }
}

/// The run state now: the records are those gathered, plus what the partitions hold since.
inline run_state capture(const machine& m) {
    run_state s;
    s.now = m.now;
    static_cast<run_pools&>(s) = m;
    for (std::uint32_t pe = 0; pe < m.pes.size(); ++pe)
        if (m.pes[pe].grown) s.grown.push_back({pe, {m.grown[pe].get(), m.grown[pe].get() + hw::memory_words}});
    for (const auto& part : m.parts)
        part.clock.each_event([&](std::uint64_t cycle, std::uint32_t pe) { s.events.push_back({cycle, pe}); },
                              [&](std::uint32_t r) { s.routers.push_back(r); });
    std::ranges::sort(s.events, [](const pe_event& a, const pe_event& b) { return std::pair(a.cycle, a.pe) < std::pair(b.cycle, b.pe); });
    s.last = m.last;
    s.warnings = m.warnings;
    s.sunk = m.sunk;
    auto drops = m.drops;
    for (const auto& part : m.parts) add_records(part, s.last, s.warnings, drops, s.sunk);
    for (const auto& [key, d] : drops) s.drops.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<3>(key), d});
    return s;
}

/// The walk registers set for operation `o` (pe_executor::issue), held in `s`'s slot o.walk; null
/// when that slot is out of range.
inline const ir::dsd_op* walk_op(const run_pools& s, const issued_op& o) { return o.walk < s.walk_ops.size() ? &s.walk_ops[o.walk] : nullptr; }

/// Calls f(o) for each operation in flight in `s`: a PE's main thread's in one, a busy microthread's.
template <class F>
void each_in_flight(const run_pools& s, F&& f) {
    for (const auto& a : s.pes) {
        if (a.main == main_state::in_op) f(a.op);
        for (std::uint32_t t = 0; a.threads != none && t < hw::microthreads; ++t)
            if (a.busy_threads & (1u << t)) f(s.threads[a.threads + t].op);
    }
}

/// Whether operation `o`, in flight on thread `t` of PE `a` in state `s`, is one that issuing it
/// could have made (pe_executor::issue): its own operation, its walk where issue puts it, no more
/// elements than the walk has, and every memory slot within the PE's memory, as issue checks.
inline bool issued_fits(const machine& m, const run_state& s, const pe_state& a, std::uint32_t t, const issued_op& o) {
    const auto& prog = m.layout->programs[a.program];
    const auto& prepared = m.programs[a.program];
    if (o.op >= prog.dsd_ops.size() || o.done > o.elements) return false;
    prepared_op dynamic;
    if (prepared.dynamic_walk[o.op]) {
        const ir::dsd_op* in_slot = walk_op(s, o);
        if (a.walks == none || o.walk != a.walks + t || !in_slot) return false;
        // The program's operation with what registers may set: the length and each operand's stride.
        const ir::dsd_op& walk = *in_slot;
        ir::dsd_op copy = prog.dsd_ops[o.op];
        copy.extent[0] = walk.extent[0];
        for (int k = 0; k < 1 + ir::sources_of(copy.op); ++k) ir::operand(copy, k).stride[0] = ir::operand(walk, k).stride[0];
        if (!(copy == walk)) return false;
        dynamic = prepare(walk, m.arch);
    } else if (o.walk != none) {
        return false;
    }
    const prepared_op& w = o.walk == none ? prepared.ops[o.op] : dynamic;
    if (o.elements > w.elements) return false;
    for (unsigned k = w.memory_slots; k; k &= k - 1) {
        const auto slot = std::size_t(std::countr_zero(k));
        if (w.high[slot] < w.low[slot] || o.elements == 0) continue;
        if (o.base[slot] + w.low[slot] < 0 || o.base[slot] + w.high[slot] >= std::int64_t(a.memory_size)) return false;
    }
    return true;
}

/// Why state `s` does not fit machine `m`, or "" when it does: the pools and static fields are the
/// machine's, and every index and count is one a run could have reached.
inline std::string misfit(const machine& m, const run_state& s) {
    const auto& l = *m.layout;
    bool sized = true;
    for_each_pool(s, m, [&](const auto& a, const auto& b) { sized = sized && a.size() == b.size(); });
    if (!sized) return "it holds another number of PEs, queues, threads, FIFOs, colors or buffers than this layout";
    for (std::size_t i = 0; i < s.pes.size(); ++i) {
        const auto &a = s.pes[i], &b = m.pes[i];
        if (a.program != b.program || a.router != b.router || a.memory != b.memory || a.registers != b.registers ||
            a.queues != b.queues || a.queue_count != b.queue_count || a.queue_slot != b.queue_slot || a.threads != b.threads ||
            a.fifos != b.fifos || a.stack != b.stack || a.walks != b.walks)
            return "PE " + std::to_string(i) + " is placed or laid out differently";
        const auto& prog = l.programs[a.program];
        const auto& prepared = m.programs[a.program];
        const std::size_t tasks = prog.tasks.size();
        const std::uint64_t task_bits = tasks >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << tasks) - 1;
        // The main thread: running code, in an operation its last instruction issued, idle or halted.
        const bool code_fits = a.main == main_state::running ? a.pc < prepared.code.size()
                               : a.main == main_state::in_op ? a.pc >= 1 && a.pc <= prepared.code.size() &&
                                                                 prepared.code[a.pc - 1].code == ir::instr::dsd &&
                                                                 prepared.code[a.pc - 1].target == a.op.op &&
                                                                 issued_fits(m, s, a, 0, a.op)
                                                             : a.pc <= prepared.code.size();
        // A PE has at least the words its program declares: operations that reach only those issue unchecked.
        if (a.memory_size > hw::memory_words || a.memory_size < prepared.memory_words || !code_fits ||
            a.depth > call_stack_depth || (a.depth > 0 && a.stack == none) || a.task < -1 ||
            a.task >= std::int64_t(tasks) || ((a.activated | a.blocked) & ~task_bits) != 0)
            return "PE " + std::to_string(i) + "'s thread state is out of range";
        for (std::uint32_t d = 0; d < a.depth; ++d)
            if (s.stacks[a.stack + d] >= prepared.code.size()) return "PE " + std::to_string(i) + "'s call stack is out of range";
        if (!a.grown && a.memory + a.memory_size > m.memory.size())
            return "PE " + std::to_string(i) + "'s memory is out of range";
        const unsigned microthreads = a.threads == none ? 0 : hw::microthreads;
        if (a.busy_threads >> microthreads != 0) return "PE " + std::to_string(i) + "'s microthreads are out of range";
        for (std::uint32_t t = 0; t < microthreads; ++t) {
            const auto& thread = s.threads[a.threads + t];
            if (thread.busy != bool(a.busy_threads & (1u << t)) || (thread.busy && !issued_fits(m, s, a, 1 + t, thread.op)))
                return "PE " + std::to_string(i) + "'s microthread " + std::to_string(t) + " is out of range";
        }
        // A queue in use is used by a thread of its own PE that runs an operation.
        for (std::uint32_t q = a.queues; q < a.queues + a.queue_count; ++q) {
            const auto user = s.queues[q].user;
            if (user != no_user && (user > hw::microthreads ||
                                 (user == 0 ? a.main != main_state::in_op : !(a.busy_threads & (1u << (user - 1))))))
                return "PE " + std::to_string(i) + "'s queue " + std::to_string(q - a.queues) + " is used by no operation";
        }
        for (std::size_t f = 0; f < prog.fifos.size(); ++f) {
            const auto& q = s.fifos[a.fifos + f];
            const auto capacity = prog.fifos[f].capacity;
            if (q.count > capacity || (capacity > 0 && q.head >= capacity))
                return "PE " + std::to_string(i) + "'s FIFO " + std::to_string(f) + " is out of range";
        }
    }
    // Each PE whose memory grew has its block, once.
    std::vector<bool> has_block(s.pes.size());
    for (const auto& g : s.grown) {
        if (g.pe >= s.pes.size() || !s.pes[g.pe].grown || has_block[g.pe] || g.words.size() != hw::memory_words)
            return "a grown memory block is out of range";
        has_block[g.pe] = true;
    }
    if (std::ranges::count(has_block, true) != std::ranges::count_if(s.pes, [](const pe_state& p) { return p.grown; }))
        return "a PE whose memory grew has no block";
    for (const auto& q : s.queues)
        if (!q.items.valid() || q.color >= std::int8_t(hw::colors) || (q.user != no_user && q.user > hw::microthreads) ||
            q.controls > q.items.size() || q.landed > s.now + hw::max_landing_cycles || q.on_the_way(s.now) > q.items.size())
            return "a queue's state is out of range";
    for (std::size_t c = 0; c < s.colors.size(); ++c) {
        const auto &a = s.colors[c], &b = m.colors[c];
        if (a.kind != b.kind || a.count != b.count)
            return "router color " + std::to_string(c) + " is routed differently";
        const auto queue_fits = [&](std::int32_t q) { return q >= -1 && q < std::int32_t(s.queues.size()); };
        if (a.current >= a.count || !queue_fits(a.core_queue) || !queue_fits(a.core_feed))
            return "router color " + std::to_string(c) + "'s state is out of range";
    }
    for (std::size_t i = 0; i < s.buffers.size(); ++i) {
        const auto &a = s.buffers[i], &b = m.buffers[i];
        if (a.router != b.router)
            return "router buffer " + std::to_string(i) + " is placed differently";
        if (!a.items.valid() || a.start_size > router_buffer_capacity) return "router buffer " + std::to_string(i) + " is out of range";
    }
    // A PE is due (scheduled) exactly when the clock holds an event for it.
    std::vector<bool> due(s.pes.size());
    for (const auto& e : s.events) {
        // The largest cycle is the clock's `never` (peers::never): a PE due then would never run.
        if (e.pe >= s.pes.size() || e.cycle < s.now || e.cycle == std::numeric_limits<std::uint64_t>::max())
            return "a PE event is out of range";
        due[e.pe] = true;
    }
    for (std::size_t i = 0; i < s.pes.size(); ++i)
        if (due[i] != (s.waits[i] == pe_wait::scheduled)) return "PE " + std::to_string(i) + " is due without an event, or waits with one";
    for (const auto r : s.routers)
        if (r >= m.routers.size()) return "a listed router is out of range";
    for (const auto& w : s.warnings)
        if (w.pe >= s.pes.size()) return "a warning names a PE out of range";
    for (const auto& d : s.drops)
        if (d.x < 0 || d.y < 0 || d.x >= l.width || d.y >= l.height || d.color >= hw::colors || d.port >= hw::ports)
            return "a dropped-wavelet record is out of range";
    return "";
}

/// What a machine derives from the fields of its run state (those an archive lists): the prepared
/// operations and each color's current position. After apply(), and after process 0 gathered
/// other processes' bands (bands_state.hpp).
inline void derive(machine& m) {
    // Of the walks, those of the operations in flight (issued_fits checked them): a slot is read
    // only after an issue prepared it.
    each_in_flight(m, [&](const issued_op& o) {
        if (o.walk != none) m.walks[o.walk] = prepare(*walk_op(m, o), m.arch);
    });
    for (std::uint32_t c = 0; c < m.colors.size(); ++c) m.switch_to(c, m.colors[c].current);
}

/// Puts state `s` into machine `m` (it fits: misfit() is empty), for a run that resumes.
inline void apply(machine& m, run_state&& s) {
    m.now = s.now;
    static_cast<run_pools&>(m) = std::move(static_cast<run_pools&>(s));
    for (std::uint32_t pe = 0; pe < m.pes.size(); ++pe) m.grown[pe].reset();
    for (auto& g : s.grown) {
        m.grown[g.pe] = std::make_unique<word[]>(hw::memory_words);
        std::ranges::copy(g.words, m.grown[g.pe].get());
    }
    derive(m);
    m.last = s.last;
    m.warnings = std::move(s.warnings);
    m.drops.clear();
    for (const auto& d : s.drops) m.drops[{d.y, d.x, d.color, d.port}] = d.d;
    m.sunk = s.sunk;
    m.pending = std::move(s.events);
    m.pending_routers = std::move(s.routers);
    m.resumable = true;
}

}  // namespace wafer::fabric::detail

namespace wafer::fabric::detail {

/// Gets machine `m` ready to go on from where its last run stopped, or from the state restore()
/// put in, cut into `threads` partitions.
inline void resume(machine& m, std::uint64_t limit, std::size_t threads) {
    if (!m.resumable) {
        m.pending.clear();
        m.pending_routers.clear();
        for (const auto& part : m.parts)
            part.clock.each_event([&](std::uint64_t cycle, std::uint32_t pe) { m.pending.push_back({cycle, pe}); },
                                  [&](std::uint32_t r) { m.pending_routers.push_back(r); });
    }
    m.limit = limit;
    m.faults.clear();
    partition_into(m, std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(m.pes.size(), 1)));
    for (auto& part : m.parts) {
        part.restart();
        part.clock.resume_at(m.now);
    }
    for (const auto& e : m.pending) m.part_of_pe(e.pe).clock.schedule(e.pe, e.cycle);
    for (const auto r : m.pending_routers) m.part_of_router(r).clock.list_router(r, m.now);
    for (const auto b : m.borders) m.buffers[b].committed = std::uint8_t(m.buffers[b].items.size());
    m.pending.clear();
    m.pending_routers.clear();
    m.resumable = false;
}

}  // namespace wafer::fabric::detail
