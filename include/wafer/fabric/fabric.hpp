#pragma once
// The fabric interpreter: runs an ir::layout under wafer's machine model (docs/machine.md).
//
//   wafer::fabric::fabric f(layout);
//   auto r = f.run();
//   if (r.status != wafer::fabric::run_status::halted) std::cerr << wafer::fabric::report(r);
//   auto out = f.memory(*f.pe_at(2, 0));
//
// A fabric owns all of its state (no globals), allocated when it is built, so fabrics are
// independent of each other. `run` restarts every program with empty queues and routers and
// keeps memory as it is: load or poke memory, run, read it back, and repeat.
//
// Each cycle has two phases. The PEs due step (each changes only itself); then the listed routers
// move wavelets, each reading what the others changed in this cycle as it was at the start of it
// (router.hpp). A router reads its own PE's queues, so the cycle is taken in strips (partition.hpp):
// a strip's PEs step, then its routers move, while that state is in cache. Neither phase depends on
// the order it visits PEs or routers in, so with run_options::threads the fabric is cut into
// bands, each run on its own thread; between cycles one thread commits what crossed the bands'
// borders, in band order (detail/commit.hpp). With run_options::peers the bands are spread over
// processes too (peers.hpp), which send each other what crosses between them at the commit.
// Memory, cycles and reports are the same for any number of threads and processes.
#include <algorithm>
#include <barrier>
#include <cstdint>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "wafer/core/config.hpp"
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
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

class fabric {
public:
    /// Throws wafer::error when the layout is malformed (see detail/validate.hpp).
    WAFER_DECL explicit fabric(ir::layout l);
    fabric(const fabric&) = delete;
    fabric& operator=(const fabric&) = delete;
    fabric(fabric&& other) noexcept : layout_(std::move(other.layout_)), m_(std::move(other.m_)) { m_.layout = &layout_; }
    fabric& operator=(fabric&& other) noexcept {
        layout_ = std::move(other.layout_);
        m_ = std::move(other.m_);
        m_.layout = &layout_;
        return *this;
    }

    const ir::layout& layout() const noexcept { return layout_; }

    /// The index into layout().pes of the PE placed at (x, y).
    std::optional<std::size_t> pe_at(std::int32_t x, std::int32_t y) const { return ir::pe_index(layout_, x, y); }

    /// PE memory as it is now (before, between or after runs): its size is the words in use.
    std::span<word> memory(std::size_t pe) {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }
    std::span<const word> memory(std::size_t pe) const {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }

    /// Overwrites memory from word 0 with `words`, growing it to words.size() when larger.
    void load(std::size_t pe, std::span<const word> words) {
        check_pe(pe);
        if (words.size() > hw::memory_words)
            throw error(diagnostic{severity::error, "", {}, "cannot load " + std::to_string(words.size()) + " words into " +
                                                                detail::pe_label(m_, std::uint32_t(pe)) + ": a PE has " +
                                                                std::to_string(hw::memory_words), ""});
        m_.grow(std::uint32_t(pe), std::uint32_t(words.size()));
        std::copy(words.begin(), words.end(), m_.memory_of(std::uint32_t(pe)));
    }

    /// The cycle the PE halted or went idle, or where it stopped (blocked, faulted, cut by the limit).
    /// Counted on request, a pass over the PEs, queues and router buffers: cheap at a few times a
    /// second, not per cycle.
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

    /// Bytes of run state the fabric holds besides the layout and PE memory: what a PE and a
    /// router cost (docs/performance.md).
    std::size_t state_bytes() const noexcept {
        return m_.pes.capacity() * sizeof(pe_state) + m_.registers.capacity() * sizeof(std::uint32_t) +
               m_.queues.capacity() * sizeof(queue_state) + m_.threads.capacity() * sizeof(microthread) +
               m_.fifos.capacity() * sizeof(fifo_state) + m_.stacks.capacity() * sizeof(std::uint32_t) +
               m_.walks.capacity() * (sizeof(prepared_op) + sizeof(ir::dsd_op)) +
               m_.routers.capacity() * sizeof(router_state) + m_.colors.capacity() * sizeof(color_state) +
               m_.positions.capacity() * sizeof(position_state) + m_.waits.capacity() * sizeof(pe_wait) +
               m_.buffers.capacity() * sizeof(input_buffer) + m_.grid.capacity() * sizeof(std::int32_t);
    }

    /// The run state between two cycles (run_state.hpp): after a run that stopped at
    /// run_options::stop, or in run_options::checkpoint's callback.
    run_state state() const { return detail::capture(m_); }

    /// Puts back a state taken from a fabric of the same layout, for a run with run_options::resume.
    /// Throws wafer::error when it does not fit this layout.
    void restore(run_state s) {
        if (const auto why = detail::misfit(m_, s); !why.empty())
            throw error(diagnostic{severity::error, "", {}, "the run state does not fit this fabric: " + why, ""});
        detail::apply(m_, std::move(s));
    }

    /// With run_options::peers, every process runs this on its own fabric built from the same
    /// layout (with the same memory loaded); process 0 returns the run's result and its fabric ends
    /// holding the run's state (memory, pe_cycles, state()), while the others return how the run
    /// ended (status and cycles) and their fabrics hold only their own bands' state. Throws
    /// peer_failure when another process failed.
    WAFER_DECL run_result run(const run_options& options = {});

private:
    /// A partition at work on its thread: its PEs step, then its routers move, strip by strip.
    struct band {
        band(machine& m, partition& p) : part(p), pes(m, p), routers(m, p) {}
        void cycle(std::uint64_t now) {
            part.clock.begin(now);
            for (auto s = part.strips.begin(); s != part.strips.end(); ++s) {
                // Strips with no PE due and no router listed are skipped: an idle part of the fabric
                // costs nothing per cycle. (Only a PE lists a router for its own cycle, its own.)
                const std::size_t pe = part.clock.next_pe(), router = part.clock.next_router();
                if (pe >= part.pe_end && router >= part.router_end) break;
                while (s->pes <= pe && s->routers <= router) ++s;
                part.wake_cycle = now;  // what a PE wakes is its own router: it moves in this cycle
                part.clock.step_pes(s->pes, [&](std::uint32_t i) { pes.step(i, now); });
                part.wake_cycle = now + 1;
                part.clock.step_routers(s->routers, [&](std::uint32_t r) { routers.step(r, now); },
                                        [&](std::uint32_t r) { routers.prefetch(r); });
            }
            part.clock.rewind();
            routers.end_cycle(now);
        }
        partition& part;
        pe_executor pes;
        router_stepper routers;
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

    /// The end of a run spread over processes: process 0 gathers the bands and finishes, then every
    /// process learns how the run ended (process 0 proposes it; the others propose nothing, `never`
    /// and 0, and a 0 agreed means process 0 failed).
    run_result ended(peers& p, const detail::commit& commit, std::uint64_t next, bool limited, bool stopped, std::uint64_t now) {
        run_result result;
        agreement mine;
        std::exception_ptr failure;
        try {
            collect(p, commit, next);
            detail::gather(m_);
            if (p.rank() == 0) {
                result = finish(limited, stopped, now);
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

}  // namespace wafer::fabric

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/fabric/detail/fabric.ipp"
#endif
