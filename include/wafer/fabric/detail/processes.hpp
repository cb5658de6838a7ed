#pragma once
// A run spread over processes (peers.hpp): process 0 gathers every process's bands, for a
// checkpoint or at the end, and what each observed (trace events, counters); then all agree on
// how the run ended.
#include <exception>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/fabric/detail/bands_state.hpp"
#include "wafer/fabric/detail/commit.hpp"
#include "wafer/fabric/detail/message_bytes.hpp"
#include "wafer/fabric/detail/observation.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/peers.hpp"
#include "wafer/fabric/run_result.hpp"

namespace wafer::fabric::detail {

/// Process 0 gathers what every process's bands hold into its fabric, whose next cycle to run
/// is `next` (a checkpoint is due, or the run ended). Throws after the gather, so no process
/// is left waiting.
inline void collect(machine& m, peers& p, const commit& commit, std::uint64_t next) {
    message mine;
    std::exception_ptr failure;
    try {
        if (p.rank() != 0) {
            const bands_state bands(m, commit.part_first(), commit.part_end());
            mine = to_message(bands, bands.bytes());
        }
    } catch (...) {
        failure = std::current_exception();  // process 0 finds the empty message damaged
    }
    auto all = p.gather(std::move(mine));
    if (failure) std::rethrow_exception(failure);
    for (std::size_t k = 1; k < all.size(); ++k) {
        bands_state in(m);
        from_message(all[k], in);
        put_bands(m, std::move(in), next);
    }
    if (all.size() > 1) derive(m);
}

/// Process 0 gathers what every process observed of its bands: the trace's events and the
/// counters behind the stats (every process passes the same run_options). Every process takes
/// part whatever fails, which goes to `failure` (process 0 finds a message left empty damaged).
inline void collect_observations(peers& p, const run_options& options, std::optional<run_counters>& counting,
                                 std::exception_ptr& failure) {
    auto gather_into = [&](auto& value, auto&& merge) {
        message mine;
        try {
            if (p.rank() != 0) mine = to_message(value);
        } catch (...) {
            if (!failure) failure = std::current_exception();
        }
        auto all = p.gather(std::move(mine));
        try {
            for (std::size_t k = 1; k < all.size(); ++k) {
                std::remove_cvref_t<decltype(value)> theirs;
                from_message(all[k], theirs);
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

/// The end of a run spread over processes: process 0 gathers the bands and concludes (`conclude()`:
/// the outcome, the trace cut, the stats), then every
/// process learns how the run ended (process 0 proposes it; the others propose nothing, `never`
/// and 0, and a 0 agreed means process 0 failed).
template <class Conclude>
run_result ended(machine& m, peers& p, const commit& commit, std::uint64_t next, const run_options& options,
                 std::optional<run_counters>& counting, Conclude&& conclude) {
    run_result result;
    agreement mine;
    std::exception_ptr failure;
    collect_observations(p, options, counting, failure);
    try {
        collect(m, p, commit, next);
        gather(m);
        if (p.rank() == 0) {
            if (failure) std::rethrow_exception(failure);
            result = conclude();
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
        result.pe_count = m.pes.size();
        result.threads = m.parts.size();
    }
    return result;
}

}  // namespace wafer::fabric::detail
