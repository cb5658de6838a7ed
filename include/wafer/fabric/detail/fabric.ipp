#pragma once
// The fabric at work: its layout and machine, and how a run goes (fabric.hpp). Defined in
// fabric.hpp's translation units (header-only), or once in the library that compiles wafer/src.hpp
// (WAFER_SEPARATE_COMPILATION, docs/embedding.md).
#include "wafer/fabric/fabric.hpp"

#include <algorithm>
#include <barrier>
#include <cstdint>
#include <exception>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/bands_state.hpp"
#include "wafer/fabric/detail/commit.hpp"
#include "wafer/fabric/detail/construct.hpp"
#include "wafer/fabric/detail/describe.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/detail/validate.hpp"
#include "wafer/fabric/detail/wait_analysis.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/pe.hpp"
#include "wafer/fabric/peers.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/fabric/router.hpp"
#include "wafer/fabric/run_result.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

struct fabric::impl {
    explicit impl(ir::layout l) : layout_(std::move(l)) {
        detail::layout_checker(layout_).check();
        detail::constructor(m_, layout_).build();
    }

    const ir::layout& layout() const noexcept { return layout_; }

    std::optional<std::size_t> pe_at(std::int32_t x, std::int32_t y) const { return ir::pe_index(layout_, x, y); }

    std::span<word> memory(std::size_t pe) {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }
    std::span<const word> memory(std::size_t pe) const {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }

    void load(std::size_t pe, std::span<const word> words) {
        check_pe(pe);
        if (words.size() > hw::memory_words)
            throw error(diagnostic{severity::error, "", {}, "cannot load " + std::to_string(words.size()) + " words into " +
                                                                detail::pe_label(m_, std::uint32_t(pe)) + ": a PE has " +
                                                                std::to_string(hw::memory_words), ""});
        m_.grow(std::uint32_t(pe), std::uint32_t(words.size()));
        std::copy(words.begin(), words.end(), m_.memory_of(std::uint32_t(pe)));
    }

    run_activity activity() const {
        run_activity a;
        a.cycle = m_.now;
        for (std::uint32_t i = 0; i < m_.pes.size(); ++i) {
            const auto end = detail::end_of(m_, i);
            a.active_pes += end == pe_end::running || end == pe_end::blocked;
        }
        for (const auto& q : m_.queues) a.wavelets += q.items.size();
        for (const auto& b : m_.buffers) a.wavelets += b.items.size();
        return a;
    }

    std::uint64_t pe_cycles(std::size_t pe) const {
        check_pe(pe);
        return std::min(m_.pes[pe].since, m_.limit);
    }

    std::size_t state_bytes() const noexcept {
        std::size_t n = 0;
        auto add = [&](const auto& v) { n += v.capacity() * sizeof(*v.data()); };
        // Every pool a run changes but memory (the program's data, not the interpreter's), and
        // what the machine keeps beside them.
        for_each_pool(m_, [&](const auto& pool) {
            using pool_type = std::remove_cvref_t<decltype(pool)>;
            if constexpr (held_by_pes<pool_type>)
                if (pool_type::first == &pe_state::memory) return;
            add(pool);
        });
        add(m_.riding), add(m_.walks), add(m_.routers), add(m_.color_places), add(m_.positions), add(m_.buffer_places),
            add(m_.grid);
        return n;
    }

    run_state state() const { return detail::capture(m_); }

    void restore(run_state s) {
        if (const auto why = detail::misfit(m_, s); !why.empty())
            throw error(diagnostic{severity::error, "", {}, "the run state does not fit this fabric: " + why, ""});
        detail::apply(m_, std::move(s));
    }

    run_result run(const run_options& options) {
        auto* const distributed = options.peers;
        const std::size_t parts = options.threads * (distributed ? distributed->size() : 1);
        if (options.resume) detail::resume(m_, options.max_cycles, parts);
        else detail::restart(m_, options.max_cycles, parts);
        // The cycles a PE does not run ahead past (machine::horizon): where the run may stop or checkpoint.
        m_.stop = options.stop;
        m_.checkpoint_every = options.checkpoint ? options.checkpoint_every : 0;
        std::optional<trace_scope> tracing;
        if (options.trace) tracing.emplace(trace_scope_of(*options.trace));
        std::optional<run_counters> counting;
        if (options.stats) counting.emplace(run_counters{std::vector<run_counters::pe>(m_.pes.size()),
                                                         std::vector<std::uint64_t>(m_.colors.size() * hw::ports)});
        detail::commit commit(m_, distributed);
        std::vector<band> bands;
        bands.reserve(commit.part_end() - commit.part_first());
        for (std::size_t k = commit.part_first(); k < commit.part_end(); ++k) bands.emplace_back(m_, m_.parts[k]);
        std::vector<std::exception_ptr> failures(std::max<std::size_t>(bands.size(), 1));
        std::uint64_t now = m_.now, next_to_run = now;
        // The cycles the bands run next as one wavefront (band::wave), from `now - step`: 1, cycle by cycle.
        unsigned wave = 1, step = 0;
        std::uint64_t waved = 0;  // cycles run in waves
        std::size_t strips = 0;  // this process's
        for (const auto& b : bands) strips += b.part.strips.size();
        // The same in every process, as is each wave, which they agree on. Counting and tracing go
        // in waves too: each counter is one PE's or router's and each event one PE's, recorded by
        // its own strip in its own cycle order, and a trace is put in (cycle, PE) order at the end;
        // when one is cut at a count (past_trace_limit, between cycles), every strip has run the
        // cycles the cut keeps.
        const bool waves = options.wavefront > 1 && std::ranges::all_of(m_.programs, &prepared_program::faultless);
        auto multiple = [&](std::uint64_t every) { return every > 0 ? now / every : 0; };
        std::uint64_t reported = multiple(options.progress_every), saved = multiple(options.checkpoint_every);
        bool limited = false, stopped = false, stop = false;
        std::uint64_t why = detail::go_on;
        // Before each cycle: stop past the limit or at options.stop, report progress, checkpoint. A
        // callback that throws stops the run at the next commit, which every process takes part in.
        auto begin = [&] {
            if (now > m_.limit) {
                limited = stop = true;
                return;
            }
            m_.now = now;
            if (options.stop > 0 && now >= options.stop) {
                stopped = stop = true;
                return;
            }
            try {
                if (options.progress && options.progress_every > 0 && multiple(options.progress_every) > reported) {
                    reported = multiple(options.progress_every);
                    options.progress(reported * options.progress_every);
                }
                if (options.checkpoint && options.checkpoint_every > 0 && multiple(options.checkpoint_every) > saved) {
                    saved = multiple(options.checkpoint_every);
                    if (distributed) collect(*distributed, commit, next_to_run);
                    options.checkpoint(now);
                }
            } catch (...) {
                failures.front() = std::current_exception();
            }
        };
        // After each cycle, on one thread while the others wait: what crossed a border arrives, and
        // the clock moves on to the next cycle anything happens in, the same in every process.
        auto after = [&]() noexcept {
            if (tracing && past_trace_limit(*options.trace, now))
                for (auto& p : m_.parts) p.tracing = nullptr;  // what it would record is cut anyway
            next_to_run = now + 1;
            const bool within_wave = step + 1 < wave;
            const auto agreed = commit.after(now, failures, [&](agreement& mine) {
                if (waves && !within_wave) mine.wave = wave_length(commit, now + 1, strips, options.wavefront);
                for (const auto& b : bands) mine.busy = std::max(mine.busy, b.busy);
            });
            if (agreed.stop != detail::go_on || (!within_wave && agreed.next == agreement::never)) {
                why = agreed.stop;
                stop = true;
                // A wave's last cycles may have had nothing to do: the run ended where the cycle-by-cycle
                // sweep would have, at the last cycle anything was due.
                if (wave > 1 && agreed.stop == detail::go_on)
                    m_.now = now = std::max(now - step, agreed.busy);  // the wave's first cycle had something due
                return;
            }
            if (within_wave) {  // the wave's next cycle, on the strips beside the borders
                ++step;
                m_.now = ++now;
                return;
            }
            if (wave > 1) waved += wave;
            // The clock jumps to the next cycle anything happens in, but not past a stop or a
            // checkpoint: those show the fabric as it is at their cycle.
            const std::uint64_t h = m_.horizon(now), last = now;
            now = h > now ? std::min(agreed.next, h) : agreed.next;
            begin();
            wave = 1, step = 0;
            if (waves && !stop && now == last + 1) wave = unsigned(agreed.wave);
        };
        auto cycles = [&](std::size_t k, auto&& sync) {
            while (!stop) {
                if (k < bands.size()) {  // a process may run no band (more of them than PEs)
                    try {
                        if (wave == 1) bands[k].cycle(now);
                        else if (step == 0) bands[k].wave(now, wave);
                        else bands[k].edges(now - step, step);
                    } catch (...) {
                        failures[k] = std::current_exception();
                    }
                }
                sync();
            }
        };
        for (auto& p : m_.parts) {
            p.observed = tracing || counting;
            p.tracing = tracing ? &*tracing : nullptr;
            p.forget_events();
            p.counting = counting ? &*counting : nullptr;
        }
        commit.start(failures.front());
        begin();
        if (bands.size() <= 1) {
            cycles(0, after);
        } else {
            std::barrier sync(std::ptrdiff_t(bands.size()), after);
            auto arrive = [&] { sync.arrive_and_wait(); };
            std::vector<std::jthread> threads;
            for (std::size_t k = 1; k < bands.size(); ++k) threads.emplace_back([&, k] { cycles(k, arrive); });
            cycles(0, arrive);
        }
        if (tracing) take_events(*options.trace);
        for (auto& p : m_.parts) p.observed = false, p.tracing = nullptr, p.counting = nullptr;
        dismount();
        for (const auto& e : failures)
            if (e) std::rethrow_exception(e);
        if (why == detail::failed) throw peer_failure();
        run_result result;
        if (distributed) {
            result = ended(*distributed, commit, next_to_run, limited, stopped, now, options, counting);
        } else {
            detail::gather(m_);
            result = finish(limited, stopped, now);
            if (tracing) order_and_cut(*options.trace);
            if (counting) *options.stats = stats_of(*counting, result.cycles);
        }
        result.wavefront_cycles = waved;
        return result;
    }

    /// After a run, no PE rides its router (router.hpp): one left, in a run cut short by a failure,
    /// is due, and goes back to its band's scheduler for the cycle after the last, so the run state
    /// holds it.
    void dismount() {
        for (std::uint32_t i = 0; i < m_.pes.size(); ++i) {
            if (!m_.riding[i].on()) continue;
            m_.dismount(i);
            auto& clock = m_.part_of_pe(i).clock;
            clock.schedule(i, clock.now() + 1);
        }
    }

    /// How many cycles from `next` this process would run as one wavefront, should the clock go
    /// there from the cycle before (the fabric is busy): up to `most`, before the horizon, and only
    /// when enough PEs and routers are due in `next` to pay for visiting each of its `strips` once
    /// per cycle. The processes run the longest any proposes.
    std::uint64_t wave_length(const detail::commit& commit, std::uint64_t next, std::size_t strips,
                              std::uint64_t most) const {
        static_assert(run_options::max_wavefront <= scheduler::sets / 2, "a wave's cycles need their own active sets");
        std::size_t due = 0;
        for (std::size_t k = commit.part_first(); k < commit.part_end(); ++k)
            due += m_.parts[k].clock.listed_next(next - 1);
        if (strips == 0 || due < strips * 8) return 1;
        const std::uint64_t h = m_.horizon(next);
        return h > next ? std::min({most, run_options::max_wavefront, h - next}) : 1;
    }

    /// The PEs a trace keeps, with its window.
    trace_scope trace_scope_of(trace& t) const {
        const auto& o = t.options;
        trace_scope s;
        s.pes.resize(layout_.pes.size());
        s.levels.assign(layout_.pes.size() * hw::input_queues, 0);
        for (std::size_t i = 0; i < layout_.pes.size(); ++i) {
            const auto& p = layout_.pes[i];
            s.pes[i] = p.x >= o.x_first && p.x < o.x_end && p.y >= o.y_first && p.y < o.y_end ? trace_scope::kept : 0;
        }
        s.from = o.from;
        s.to = o.to;
        s.instructions = o.instructions;
        t.events.clear();
        t.truncated = false;
        return s;
    }

    /// Between cycles: whether more than trace::options.max_events of the events this process
    /// recorded are labelled up to `now`, the cycle just run. Then the trace is cut at or before
    /// `now` (order_and_cut), and what the process would record from here on, labelled later, is
    /// not needed. Each process decides by its own events, so it records at most a few more than
    /// max_events; where the trace is cut depends on the events alone.
    bool past_trace_limit(const trace& t, std::uint64_t now) {
        std::size_t settled = 0;
        for (auto& p : m_.parts) {
            for (; p.events_sorted < p.events.size(); ++p.events_sorted) {
                const std::uint64_t cycle = p.events[p.events_sorted].cycle;
                if (cycle <= now) ++p.events_settled;
                else p.events_ahead.push(cycle);
            }
            for (; !p.events_ahead.empty() && p.events_ahead.top() <= now; p.events_ahead.pop()) ++p.events_settled;
            settled += p.events_settled;
        }
        return settled > t.options.max_events;
    }

    /// After the run: the partitions' events, in partition order.
    void take_events(trace& t) {
        for (auto& p : m_.parts) {
            t.events.insert(t.events.end(), p.events.begin(), p.events.end());
            p.forget_events();
        }
    }

    /// The events in (cycle, PE) order, each PE's own in the order they happened (a PE's events all
    /// come from one partition), cut past max_events: before the cycle of the first event that
    /// would be one too many, so a trace holds whole cycles and is the same for any partitioning.
    void order_and_cut(trace& t) const {
        std::ranges::stable_sort(t.events, [](const trace_event& a, const trace_event& b) {
            return std::pair(a.cycle, a.pe) < std::pair(b.cycle, b.pe);
        });
        t.truncated = t.events.size() > t.options.max_events;
        if (!t.truncated) {
            t.complete_to = std::numeric_limits<std::uint64_t>::max();
            return;
        }
        t.complete_to = t.events[t.options.max_events].cycle;
        std::erase_if(t.events, [&](const trace_event& e) { return e.cycle >= t.complete_to; });
    }

    /// The counters as run_stats, for a run that ended at cycle `end`.
    run_stats stats_of(run_counters& c, std::uint64_t end) const {
        run_stats s;
        s.pes.resize(c.pes.size());
        for (std::size_t i = 0; i < c.pes.size(); ++i) {
            auto& pc = c.pes[i];
            if (pc.stalled) pc.blocked += end - std::min(end, pc.since);
            auto& ps = s.pes[i];
            ps.busy = pc.busy;
            ps.blocked = pc.blocked;
            ps.idle = end - std::min(end, pc.busy + pc.blocked);
            ps.in = pc.in;
            ps.out = pc.out;
        }
        std::map<std::uint8_t, color_stats> colors;
        for (std::size_t k = 0; k < m_.colors.size(); ++k)
            for (int p = 0; p < hw::ports; ++p) {
                const std::uint64_t n = c.links[k * hw::ports + std::size_t(p)];
                if (n == 0) continue;
                const auto& place = m_.color_places[k];
                const auto& rs = m_.routers[place.router];
                auto& cst = colors[place.color];
                cst.color = place.color;
                cst.hops += n;
                if (n > cst.busiest.wavelets) cst.busiest = link_stats{rs.x, rs.y, std::uint8_t(p), n};
            }
        for (auto& [color, cst] : colors) s.colors.push_back(cst);
        return s;
    }

    /// A partition at work on its thread: its PEs step, then its routers move, strip by strip. The
    /// bands sit side by side, each written by its own thread all the time (its steppers' state):
    /// each starts a cache line of its own, so no thread's writes evict what another reads.
    struct alignas(64) band {
        band(machine& m, partition& p) : part(p), pes(m, p), routers(m, p, pes) {}

        /// Where strip `j` begins: where the one before ends.
        strip start_of(std::size_t j) const noexcept {
            return j > 0 ? part.strips[j - 1] : strip{part.pe_first, part.router_first};
        }

        /// Strip `j`'s PEs step, then its routers move, at `cycle`.
        void strip_at(std::size_t j, std::uint64_t cycle) {
            const strip& s = part.strips[j];
            const strip from = start_of(j);
            part.woken = &part.clock.routers_at(cycle);  // what a PE wakes is its own router: it moves in this cycle
            part.clock.step_pes(cycle, from.pes, s.pes, [&](std::uint32_t i) { pes.step(i, cycle); });
            part.woken = &part.clock.routers_at(cycle + 1);
            part.clock.step_routers(cycle, from.routers, s.routers, [&](std::uint32_t r) { routers.step(r, cycle); },
                                    [&](std::uint32_t r) { routers.prefetch(r); });
            if (routers.moved()) part.happened(cycle + hop_cycles);  // the run goes on while wavelets move
        }

        /// strip_at() in a wave, noting the last cycle anything was due (only a PE that steps lists
        /// a router for its own cycle).
        void wave_strip(std::size_t j, std::uint64_t cycle) {
            const strip from = start_of(j);
            if (part.clock.next_pe(cycle, from.pes) < part.strips[j].pes ||
                part.clock.next_router(cycle, from.routers) < part.strips[j].routers)
                busy = std::max(busy, cycle);
            strip_at(j, cycle);
        }

        /// Cycle `now` over the band, strip after strip. Strips with no PE due and no router listed
        /// are skipped: an idle part of the fabric costs nothing per cycle.
        void cycle(std::uint64_t now) {
            part.clock.begin(now);
            for (std::size_t j = 0; j < part.strips.size(); ++j) {
                const strip from = start_of(j);
                const std::size_t pe = part.clock.next_pe(now, from.pes);
                const std::size_t router = part.clock.next_router(now, from.routers);
                if (pe >= part.pe_end && router >= part.router_end) break;
                while (part.strips[j].pes <= pe && part.strips[j].routers <= router) ++j;
                strip_at(j, now);
            }
        }

        /// Cycles first … first + cycles - 1 as a wavefront: strip j runs cycle first + c after the
        /// strips within reach have run first + c - 1, and before they run first + c + 1, so what
        /// each reads is what the cycle-by-cycle sweep would show it (router.hpp: a buffer's writer
        /// and reader go by what it held as the cycle began), while a strip's state is in cache for
        /// several cycles. Cycle first runs on every strip; later ones only on the strips that
        /// neither reach another band nor read a strip that does at the cycle before (inner), as
        /// what crosses a border arrives at the commit after each cycle: edges() runs the rest.
        void wave(std::uint64_t first, unsigned cycles) {
            const std::size_t lag = std::max<std::size_t>(part.reach, 1), n = part.strips.size();
            for (std::size_t k = 0; k < n + (cycles - 1) * lag; ++k)
                for (unsigned c = 0; c < cycles && c * lag <= k; ++c)
                    if (const std::size_t j = k - c * lag; j >= inner_first(c) && j < inner_end(c)) {
                        if (first + c > part.clock.now()) part.clock.begin(first + c);
                        wave_strip(j, first + c);
                    }
        }

        /// Cycle first + c (c > 0) of a wave on the strips wave() left out, once what crossed the
        /// borders in the cycle before has arrived.
        void edges(std::uint64_t first, unsigned c) {
            if (first + c > part.clock.now()) part.clock.begin(first + c);
            for (std::size_t j = 0; j < inner_first(c); ++j) wave_strip(j, first + c);
            for (std::size_t j = inner_end(c); j < part.strips.size(); ++j) wave_strip(j, first + c);
        }

        /// The strips a wave runs cycle first + c on without the other bands: [inner_first, inner_end).
        std::size_t inner_first(unsigned c) const noexcept {
            if (c == 0 || part.border_first == 0) return 0;
            return std::min<std::size_t>(part.strips.size(), part.border_first + (c - 1) * std::size_t(part.reach));
        }
        std::size_t inner_end(unsigned c) const noexcept {
            const std::size_t n = part.strips.size();
            if (c == 0 || part.border_last == 0) return n;
            const std::size_t last = part.border_last + (c - 1) * std::size_t(part.reach);
            return std::max(inner_first(c), n - std::min(n, last));
        }

        partition& part;
        pe_executor pes;
        router_stepper routers;
        std::uint64_t busy = 0;  ///< the last cycle of a wave a PE stepped or a router was visited in
    };

    /// Process 0 gathers what every process's bands hold into its fabric, whose next cycle to run
    /// is `next` (a checkpoint is due, or the run ended). Throws after the gather, so no process
    /// is left waiting.
    void collect(peers& p, const detail::commit& commit, std::uint64_t next) {
        message mine;
        std::exception_ptr failure;
        try {
            if (p.rank() != 0) {
                const bands_state bands(m_, commit.part_first(), commit.part_end());
                mine = detail::to_message(bands, bands.bytes());
            }
        } catch (...) {
            failure = std::current_exception();  // process 0 finds the empty message damaged
        }
        auto all = p.gather(std::move(mine));
        if (failure) std::rethrow_exception(failure);
        for (std::size_t k = 1; k < all.size(); ++k) {
            bands_state in(m_);
            detail::from_message(all[k], in);
            detail::put_bands(m_, std::move(in), next);
        }
        if (all.size() > 1) detail::derive(m_);
    }

    /// Process 0 gathers what every process observed of its bands: the trace's events and the
    /// counters behind the stats (every process passes the same run_options). Every process takes
    /// part whatever fails, which goes to `failure` (process 0 finds a message left empty damaged).
    void collect_observations(peers& p, const run_options& options, std::optional<run_counters>& counting, std::exception_ptr& failure) {
        auto gather_into = [&](auto& value, auto&& merge) {
            message mine;
            try {
                if (p.rank() != 0) mine = detail::to_message(value);
            } catch (...) {
                if (!failure) failure = std::current_exception();
            }
            auto all = p.gather(std::move(mine));
            try {
                for (std::size_t k = 1; k < all.size(); ++k) {
                    std::remove_cvref_t<decltype(value)> theirs;
                    detail::from_message(all[k], theirs);
                    merge(value, theirs);
                }
            } catch (...) {
                if (!failure) failure = std::current_exception();
            }
        };
        if (options.trace)
            gather_into(options.trace->events, [](std::vector<trace_event>& to, const std::vector<trace_event>& from) {
                to.insert(to.end(), from.begin(), from.end());
            });
        if (counting) gather_into(*counting, [](run_counters& to, const run_counters& from) { to.add(from); });
    }

    /// The end of a run spread over processes: process 0 gathers the bands and finishes, then every
    /// process learns how the run ended (process 0 proposes it; the others propose nothing, `never`
    /// and 0, and a 0 agreed means process 0 failed).
    run_result ended(peers& p, const detail::commit& commit, std::uint64_t next, bool limited, bool stopped, std::uint64_t now,
                     const run_options& options, std::optional<run_counters>& counting) {
        run_result result;
        agreement mine;
        std::exception_ptr failure;
        collect_observations(p, options, counting, failure);
        try {
            collect(p, commit, next);
            detail::gather(m_);
            if (p.rank() == 0) {
                if (failure) std::rethrow_exception(failure);
                result = finish(limited, stopped, now);
                if (options.trace) order_and_cut(*options.trace);
                if (counting) *options.stats = stats_of(*counting, result.cycles);
                mine = {result.cycles, 1 + std::uint64_t(result.status)};
            }
        } catch (...) {
            failure = std::current_exception();
        }
        const auto agreed = p.agree(mine);
        if (failure) std::rethrow_exception(failure);
        if (agreed.stop == 0) throw peer_failure();
        if (p.rank() != 0) {
            result.status = run_status(agreed.stop - 1);
            result.cycles = agreed.next;
            result.pe_count = m_.pes.size();
            result.threads = m_.parts.size();
        }
        return result;
    }

    void check_pe(std::size_t pe) const {
        if (pe >= m_.pes.size()) throw error(diagnostic{severity::error, "", {}, "no PE number " + std::to_string(pe), ""});
    }

    run_result finish(bool limited, bool stopped, std::uint64_t now) {
        run_result result;
        result.pe_count = m_.pes.size();
        result.threads = m_.parts.size();
        if (stopped) {
            result.status = run_status::stopped;
            result.cycles = now;
            return result;
        }
        result.cycles = limited ? m_.limit : std::min(m_.last, m_.limit);
        std::sort(m_.faults.begin(), m_.faults.end(),
                  [](const fault& a, const fault& b) { return std::pair(a.cycle, a.pe) < std::pair(b.cycle, b.pe); });
        for (const auto& f : m_.faults) result.diagnostics.push_back(detail::describe(m_, f));
        if (!m_.faults.empty()) {
            result.status = run_status::fault;
            result.cycles = std::max(now, m_.faults.front().cycle);  // the first fault, inside a scalar burst perhaps
            return result;
        }
        std::sort(m_.warnings.begin(), m_.warnings.end());
        for (const auto& w : m_.warnings) result.diagnostics.push_back(detail::describe(m_, w));
        for (auto& d : detail::drops(m_)) result.diagnostics.push_back(std::move(d));

        std::size_t running = 0;
        for (std::uint32_t i = 0; i < m_.pes.size(); ++i) {
            switch (detail::end_of(m_, i)) {
            case pe_end::halted: ++result.halted; break;
            case pe_end::idle:
                ++result.idle;
                // Data tasks wait for wavelets; an idle PE with only local tasks is simply done.
                if (std::ranges::any_of(layout_.programs[m_.pes[i].program].tasks,
                                        [](const ir::task& t) { return t.kind == ir::task_kind::data; }))
                    result.idle_with_tasks.push_back(i);
                break;
            case pe_end::blocked:
                if (!limited) result.blocked.push_back(blocked(i));
                else ++running;
                break;
            case pe_end::running: ++running; break;
            }
        }
        // A run that ended on its own has no PE still due: one would be a fault in wafer's clock,
        // which must not pass for a halt.
        if (!limited && running > 0)
            throw std::logic_error(std::to_string(running) + " PEs were still due when the run ended (a fault in wafer's clock)");
        if (limited) {
            result.status = run_status::cycle_limit;
            result.diagnostics.push_back(diagnostic{severity::note, "", {},
                                                    std::to_string(result.pe_count - result.halted - result.idle) + " of " +
                                                        std::to_string(result.pe_count) + " PEs had not halted after " +
                                                        std::to_string(m_.limit) + " cycles (run_options::max_cycles)",
                                                    ""});
            return result;
        }
        std::uint64_t stuck = 0;
        auto notes = detail::undelivered(m_, stuck);
        if (result.blocked.empty()) {
            result.status = run_status::halted;
            if (stuck > 0)
                result.diagnostics.push_back(diagnostic{
                    severity::warning, "", {},
                    detail::plural(stuck, "wavelet was", "wavelets were") + " left undelivered when every PE had halted or gone idle",
                    ""});
            if (!result.idle_with_tasks.empty())
                result.diagnostics.push_back(diagnostic{
                    severity::note, "", {},
                    detail::plural(result.idle_with_tasks.size(), "PE ends", "PEs end") + " idle with tasks still bound, " +
                        "first " + detail::pe_label(m_, result.idle_with_tasks.front()) + " (waiting for wavelets that never came)",
                    ""});
        } else {
            result.status = run_status::deadlock;
        }
        result.diagnostics.insert(result.diagnostics.end(), notes.begin(), notes.end());
        return result;
    }

    blocked_pe blocked(std::uint32_t i) {
        blocked_pe b = detail::analyse(m_, i);
        for (const auto& s : layout_.programs[m_.pes[i].program].sockets) b.sockets.push_back(s.name);
        if (!b.threads.empty()) b.where = detail::blocked_here(m_, i, b.threads.front());
        return b;
    }

    ir::layout layout_;
    machine m_;
};

WAFER_DECL fabric::fabric(ir::layout l) : impl_(std::make_unique<impl>(std::move(l))) {}
WAFER_DECL fabric::fabric(fabric&& other) noexcept = default;
WAFER_DECL fabric& fabric::operator=(fabric&& other) noexcept = default;
WAFER_DECL fabric::~fabric() = default;

WAFER_DECL const ir::layout& fabric::layout() const noexcept { return impl_->layout(); }
WAFER_DECL std::optional<std::size_t> fabric::pe_at(std::int32_t x, std::int32_t y) const { return impl_->pe_at(x, y); }
WAFER_DECL std::span<word> fabric::memory(std::size_t pe) { return impl_->memory(pe); }
WAFER_DECL std::span<const word> fabric::memory(std::size_t pe) const {
    return static_cast<const impl&>(*impl_).memory(pe);
}
WAFER_DECL void fabric::load(std::size_t pe, std::span<const word> words) { impl_->load(pe, words); }
WAFER_DECL run_activity fabric::activity() const { return impl_->activity(); }
WAFER_DECL std::uint64_t fabric::pe_cycles(std::size_t pe) const { return impl_->pe_cycles(pe); }
WAFER_DECL std::size_t fabric::state_bytes() const noexcept { return impl_->state_bytes(); }
WAFER_DECL run_state fabric::state() const { return impl_->state(); }
WAFER_DECL void fabric::restore(run_state s) { impl_->restore(std::move(s)); }
WAFER_DECL run_result fabric::run(const run_options& options) { return impl_->run(options); }

}  // namespace wafer::fabric
