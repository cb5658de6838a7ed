#pragma once
// One run of a machine already restarted or resumed, in named phases: before each cycle (stop at
// the limit or options.stop, report progress, checkpoint), the bands' cycles on their threads (a
// cycle at a time or as a wave), after each cycle on one thread (the commit: what crossed a band's
// border arrives, the processes agree; then the clock settles on the next cycle anything happens
// in, not past the horizon), and the end (the outcome, the trace cut, the stats, gathered from the
// other processes when the run is spread over them).
#include <algorithm>
#include <barrier>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "wafer/fabric/detail/band.hpp"
#include "wafer/fabric/detail/commit.hpp"
#include "wafer/fabric/detail/observation.hpp"
#include "wafer/fabric/detail/outcome.hpp"
#include "wafer/fabric/detail/processes.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/detail/stats_of.hpp"
#include "wafer/fabric/detail/trace_cut.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/run_result.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

class run_loop {
public:
    run_loop(machine& m, const ir::layout& layout, const run_options& options)
        : m_(m), layout_(layout), options_(options), distributed_(options.peers), commit_(m, options.peers) {
        // The cycles a PE does not run ahead past (machine::horizon): where the run may stop or checkpoint.
        m_.stop = options.stop;
        m_.checkpoint_every = options.checkpoint ? options.checkpoint_every : 0;
        if (options.trace) tracing_.emplace(trace_scope_of(layout, *options.trace));
        if (options.stats) {
            counting_.emplace(run_counters{std::vector<run_counters::pe>(m_.pes.size()),
                                           std::vector<std::uint64_t>(m_.colors.size() * hw::ports), {}});
            for (const auto& p : layout.programs) counting_->ops.emplace_back(p.dsd_ops.size());
        }
        for (auto& p : m_.parts) {
            p.observed = tracing_ || counting_;
            p.fast = options.fast_paths && !p.observed;  // an observed run records each step, where it happens
            p.tracing = tracing_ ? &*tracing_ : nullptr;
            p.forget_events();
            p.counting = counting_ ? &*counting_ : nullptr;
            p.op_counts = counting_ ? counting_->ops : decltype(p.op_counts){};
        }
        bands_.reserve(commit_.part_end() - commit_.part_first());
        for (std::size_t k = commit_.part_first(); k < commit_.part_end(); ++k) bands_.emplace_back(m_, m_.parts[k]);
        failures_.resize(std::max<std::size_t>(bands_.size(), 1));
        now_ = next_to_run_ = m_.now;
        for (const auto& b : bands_) strips_ += b.part.strips.size();
        // The same in every process, as is each wave, which they agree on. Counting and tracing go
        // in waves too: each counter is one PE's or router's and each event one PE's, recorded by
        // its own strip in its own cycle order, and a trace is put in (cycle, PE) order at the end;
        // when one is cut at a count (past_trace_limit, between cycles), every strip has run the
        // cycles the cut keeps.
        waves_ = options.wavefront > 1 && std::ranges::all_of(m_.programs, &prepared_program::faultless);
        reported_ = multiple(options.progress_every);
        saved_ = multiple(options.checkpoint_every);
    }

    run_result run() {
        commit_.start(failures_.front());
        before_cycle();
        if (bands_.size() <= 1) {
            cycles(0, [&]() noexcept { after_cycle(); });
        } else {
            std::barrier sync(std::ptrdiff_t(bands_.size()), [&]() noexcept { after_cycle(); });
            auto arrive = [&] { sync.arrive_and_wait(); };
            std::vector<std::jthread> threads;
            for (std::size_t k = 1; k < bands_.size(); ++k) threads.emplace_back([&, k] { cycles(k, arrive); });
            cycles(0, arrive);
        }
        return end();
    }

private:
    std::uint64_t multiple(std::uint64_t every) const { return every > 0 ? now_ / every : 0; }

    /// Before each cycle: stop past the limit or at options.stop, report progress, checkpoint. A
    /// callback that throws stops the run at the next commit, which every process takes part in.
    void before_cycle() {
        if (now_ > m_.limit) {
            limited_ = stop_ = true;
            return;
        }
        m_.now = now_;
        if (options_.stop > 0 && now_ >= options_.stop) {
            stopped_ = stop_ = true;
            return;
        }
        try {
            if (options_.progress && options_.progress_every > 0 && multiple(options_.progress_every) > reported_) {
                reported_ = multiple(options_.progress_every);
                options_.progress(reported_ * options_.progress_every);
            }
            if (options_.checkpoint && options_.checkpoint_every > 0 && multiple(options_.checkpoint_every) > saved_) {
                saved_ = multiple(options_.checkpoint_every);
                if (distributed_) collect(m_, *distributed_, commit_, next_to_run_);
                options_.checkpoint(now_);
            }
        } catch (...) {
            failures_.front() = std::current_exception();
        }
    }

    /// Band k's cycles until the run stops, each followed by `sync` (after_cycle() on one thread
    /// while the others wait).
    template <class Sync>
    void cycles(std::size_t k, Sync&& sync) {
        while (!stop_) {
            if (k < bands_.size()) {  // a process may run no band (more of them than PEs)
                try {
                    if (wave_ == 1) bands_[k].cycle(now_);
                    else if (step_ == 0) bands_[k].wave(now_, wave_);
                    else bands_[k].edges(now_ - step_, step_);
                } catch (...) {
                    failures_[k] = std::current_exception();
                }
            }
            sync();
        }
    }

    /// After each cycle, on one thread while the others wait: what crossed a border arrives, and
    /// the clock moves on to the next cycle anything happens in, the same in every process.
    void after_cycle() noexcept {
        if (tracing_ && past_trace_limit(m_, *options_.trace, now_))
            for (auto& p : m_.parts) p.tracing = nullptr;  // what it would record is cut anyway
        next_to_run_ = now_ + 1;
        const bool within_wave = step_ + 1 < wave_;
        const auto agreed = commit_.after(now_, failures_, [&](agreement& mine) {
            if (waves_ && !within_wave) mine.wave = wave_length(now_ + 1);
            for (const auto& b : bands_) mine.busy = std::max(mine.busy, b.busy);
        });
        if (agreed.stop != go_on || (!within_wave && agreed.next == agreement::never)) {
            why_ = agreed.stop;
            stop_ = true;
            // A wave's last cycles may have had nothing to do: the run ended where the cycle-by-cycle
            // sweep would have, at the last cycle anything was due.
            if (wave_ > 1 && agreed.stop == go_on)
                m_.now = now_ = std::max(now_ - step_, agreed.busy);  // the wave's first cycle had something due
            return;
        }
        if (within_wave) {  // the wave's next cycle, on the strips beside the borders
            ++step_;
            m_.now = ++now_;
            return;
        }
        settle(agreed);
    }

    /// The clock jumps to the next cycle anything happens in, but not past a stop or a
    /// checkpoint: those show the fabric as it is at their cycle. From there, a wave if agreed.
    void settle(const agreement& agreed) {
        if (wave_ > 1) waved_ += wave_;
        const std::uint64_t h = m_.horizon(now_), last = now_;
        now_ = h > now_ ? std::min(agreed.next, h) : agreed.next;
        before_cycle();
        wave_ = 1, step_ = 0;
        if (waves_ && !stop_ && now_ == last + 1) wave_ = unsigned(agreed.wave);
    }

    /// How many cycles from `next` this process would run as one wavefront, should the clock go
    /// there from the cycle before (the fabric is busy): up to options.wavefront, before the
    /// horizon, and only when enough PEs and routers are due in `next` to pay for visiting each of
    /// its strips once per cycle. The processes run the longest any proposes.
    std::uint64_t wave_length(std::uint64_t next) const {
        static_assert(run_options::max_wavefront <= scheduler::sets / 2, "a wave's cycles need their own active sets");
        std::size_t due = 0;
        for (std::size_t k = commit_.part_first(); k < commit_.part_end(); ++k) due += m_.parts[k].clock.listed_next(next - 1);
        if (strips_ == 0 || due < strips_ * 8) return 1;
        const std::uint64_t h = m_.horizon(next);
        return h > next ? std::min<std::uint64_t>({options_.wavefront, run_options::max_wavefront, h - next}) : 1;
    }

    /// After the cycles: the outcome, with the trace cut and the stats, gathered to process 0 when
    /// the run is spread over processes.
    run_result end() {
        if (tracing_) take_events(m_, *options_.trace);
        for (auto& p : m_.parts) {
            if (counting_) run_counters::add_ops(counting_->ops, p.op_counts);
            p.observed = false, p.tracing = nullptr, p.counting = nullptr;
            p.op_counts.clear();
        }
        dismount();
        for (const auto& e : failures_)
            if (e) std::rethrow_exception(e);
        if (why_ == failed) throw peer_failure();
        run_result result;
        auto conclude = [&] {
            run_result r = outcome(m_, layout_, limited_, stopped_, now_);
            if (options_.trace) order_and_cut(*options_.trace);
            if (counting_) *options_.stats = stats_of(m_, *counting_, r.cycles);
            return r;
        };
        if (distributed_) {
            result = ended(m_, *distributed_, commit_, next_to_run_, options_, counting_, conclude);
        } else {
            gather(m_);
            result = conclude();
        }
        result.wavefront_cycles = waved_;
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

    machine& m_;
    const ir::layout& layout_;
    const run_options& options_;
    peers* const distributed_;
    commit commit_;
    std::vector<band> bands_;
    std::vector<std::exception_ptr> failures_;
    std::optional<trace_scope> tracing_;
    std::optional<run_counters> counting_;
    std::uint64_t now_ = 0, next_to_run_ = 0;
    // The cycles the bands run next as one wavefront (band::wave), from `now_ - step_`: 1, cycle by cycle.
    unsigned wave_ = 1, step_ = 0;
    std::uint64_t waved_ = 0;   ///< cycles run in waves
    std::size_t strips_ = 0;    ///< this process's
    bool waves_ = false;
    std::uint64_t reported_ = 0, saved_ = 0;   ///< progress reports and checkpoints made, as multiples of their period
    bool limited_ = false, stopped_ = false, stop_ = false;
    std::uint64_t why_ = go_on;
};

}  // namespace wafer::fabric::detail
