#pragma once
// Taking a fabric's run state between two cycles (fabric/run_state.hpp), and putting one back after
// checking that it fits: the same pools, the same static fields, every index in range.
#include <algorithm>
#include <cstdint>
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
    s.memory = m.memory;
    for (std::uint32_t pe = 0; pe < m.pes.size(); ++pe)
        if (m.pes[pe].grown) s.grown.push_back({pe, {m.grown[pe].get(), m.grown[pe].get() + hw::memory_words}});
    s.pes = m.pes;
    s.waits = m.waits;
    s.registers = m.registers;
    s.queues = m.queues;
    s.threads = m.threads;
    s.fifos = m.fifos;
    s.stacks = m.stacks;
    s.walk_ops = m.walk_ops;
    s.colors = m.colors;
    s.buffers = m.buffers;
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

/// Why state `s` does not fit machine `m`, or "" when it does.
inline std::string misfit(const machine& m, const run_state& s) {
    const auto& l = *m.layout;
    if (s.memory.size() != m.memory.size() || s.pes.size() != m.pes.size() || s.waits.size() != m.waits.size() ||
        s.registers.size() != m.registers.size() || s.queues.size() != m.queues.size() || s.threads.size() != m.threads.size() ||
        s.fifos.size() != m.fifos.size() || s.stacks.size() != m.stacks.size() || s.walk_ops.size() != m.walk_ops.size() ||
        s.colors.size() != m.colors.size() || s.buffers.size() != m.buffers.size())
        return "it holds another number of PEs, queues, threads, FIFOs, colors or buffers than this layout";
    for (std::size_t i = 0; i < s.pes.size(); ++i) {
        const auto &a = s.pes[i], &b = m.pes[i];
        if (a.program != b.program || a.router != b.router || a.memory != b.memory || a.registers != b.registers ||
            a.queues != b.queues || a.queue_count != b.queue_count || a.queue_slot != b.queue_slot || a.threads != b.threads ||
            a.fifos != b.fifos || a.stack != b.stack || a.walks != b.walks)
            return "PE " + std::to_string(i) + " is placed or laid out differently";
        const auto& prog = l.programs[a.program];
        const auto& prepared = m.programs[a.program];
        auto op_fits = [&](const issued_op& o) {
            return o.op < prog.dsd_ops.size() && (o.walk == none || o.walk < m.walk_ops.size()) && o.done <= o.elements;
        };
        // A PE has at least the words its program declares: operations that reach only those issue unchecked.
        if (a.memory_size > hw::memory_words || a.memory_size < prepared.memory_words || a.pc > prepared.code.size() ||
            a.depth > call_stack_depth || a.task >= std::int8_t(std::min<std::size_t>(prog.tasks.size(), 127)) ||
            (a.main == main_state::in_op && !op_fits(a.op)))
            return "PE " + std::to_string(i) + "'s thread state is out of range";
        if (!a.grown && a.memory + a.memory_size > m.memory.size())
            return "PE " + std::to_string(i) + "'s memory is out of range";
        for (std::uint32_t t = 0; a.threads != none && t < hw::microthreads; ++t)
            if (a.busy_threads & (1u << t) && !op_fits(s.threads[a.threads + t].op))
                return "PE " + std::to_string(i) + "'s microthread " + std::to_string(t) + " is out of range";
    }
    std::size_t code = 0;
    for (const auto& p : m.programs) code = std::max(code, p.code.size());
    if (std::ranges::any_of(s.stacks, [&](std::uint32_t pc) { return pc > code; })) return "a call stack is out of range";
    if (std::ranges::any_of(s.walk_ops, [](const ir::dsd_op& op) { return op.rank > ir::max_rank; }))
        return "a prepared operation is out of range";
    for (const auto& g : s.grown)
        if (g.pe >= s.pes.size() || !s.pes[g.pe].grown || g.words.size() != hw::memory_words) return "a grown memory block is out of range";
    for (const auto& q : s.queues)
        if (!q.items.valid() || q.color >= std::int8_t(hw::colors) || (q.user != 0xff && q.user > hw::microthreads))
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
    for (const auto& e : s.events)
        if (e.pe >= s.pes.size() || e.cycle < s.now) return "a PE event is out of range";
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
    for (std::size_t w = 0; w < m.walks.size(); ++w) m.walks[w] = prepare(m.walk_ops[w]);
    for (std::uint32_t c = 0; c < m.colors.size(); ++c) m.switch_to(c, m.colors[c].current);
}

/// Puts state `s` into machine `m` (it fits: misfit() is empty), for a run that resumes.
inline void apply(machine& m, run_state&& s) {
    m.now = s.now;
    m.memory = std::move(s.memory);
    m.pes = std::move(s.pes);
    for (std::uint32_t pe = 0; pe < m.pes.size(); ++pe) m.grown[pe].reset();
    for (auto& g : s.grown) {
        m.grown[g.pe] = std::make_unique<word[]>(hw::memory_words);
        std::ranges::copy(g.words, m.grown[g.pe].get());
    }
    m.waits = std::move(s.waits);
    m.registers = std::move(s.registers);
    m.queues = std::move(s.queues);
    m.threads = std::move(s.threads);
    m.fifos = std::move(s.fifos);
    m.stacks = std::move(s.stacks);
    m.walk_ops = std::move(s.walk_ops);
    m.colors = std::move(s.colors);
    m.buffers = std::move(s.buffers);
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
