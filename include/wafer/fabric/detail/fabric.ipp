#pragma once
// fabric's constructor and run(): defined in fabric.hpp's translation units (header-only), or once
// in the library that compiles wafer/src.hpp (WAFER_SEPARATE_COMPILATION, docs/embedding.md).
#include "wafer/fabric/fabric.hpp"

namespace wafer::fabric {

WAFER_DECL fabric::fabric(ir::layout l) : layout_(std::move(l)) {
    detail::layout_checker(layout_).check();
    detail::constructor(m_, layout_).build();
}

WAFER_DECL run_result fabric::run(const run_options& options) {
    auto* const distributed = options.peers;
    const std::size_t parts = options.threads * (distributed ? distributed->size() : 1);
    if (options.resume) detail::resume(m_, options.max_cycles, parts);
    else detail::restart(m_, options.max_cycles, parts);
    // The cycles a PE does not run ahead past (machine::horizon): where the run may stop or checkpoint.
    m_.stop = options.stop;
    m_.checkpoint_every = options.checkpoint ? options.checkpoint_every : 0;
    detail::commit commit(m_, distributed);
    std::vector<band> bands;
    bands.reserve(commit.part_end() - commit.part_first());
    for (std::size_t k = commit.part_first(); k < commit.part_end(); ++k) bands.emplace_back(m_, m_.parts[k]);
    std::vector<std::exception_ptr> failures(std::max<std::size_t>(bands.size(), 1));
    std::uint64_t now = m_.now, next_to_run = now;
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
        next_to_run = now + 1;
        const auto agreed = commit.after(now, failures);
        if (agreed.stop != detail::go_on || agreed.next == agreement::never) {
            why = agreed.stop;
            stop = true;
            return;
        }
        now = agreed.next;
        begin();
    };
    auto cycles = [&](std::size_t k, auto&& sync) {
        while (!stop) {
            if (k < bands.size()) {  // a process may run no band (more of them than PEs)
                try {
                    bands[k].cycle(now);
                } catch (...) {
                    failures[k] = std::current_exception();
                }
            }
            sync();
        }
    };
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
    for (const auto& e : failures)
        if (e) std::rethrow_exception(e);
    if (why == detail::failed) throw peer_failure();
    if (distributed) return ended(*distributed, commit, next_to_run, limited, stopped, now);
    detail::gather(m_);
    return finish(limited, stopped, now);
}

}  // namespace wafer::fabric
