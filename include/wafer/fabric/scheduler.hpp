#pragma once
// The clock. A PE waits for the cycle it steps next: most steps come one cycle after the last (a
// wavelet arrived, a queue got room, an element was done), and those wait in an active set for that
// cycle, visited in PE order; later ones wait in a calendar, a ring of one list per cycle for the
// next `ring` cycles and a heap beyond, and join the active set when their cycle begins. Routers
// that may move a wavelet wait in an active set for the router phase of the cycle they are listed
// for (this one, or the next). Nothing idle is ever visited, and when nothing happens in the next
// cycle the clock jumps to the next PE event. A cycle is taken strip by strip (fabric.hpp): the
// PEs, then the routers, of a range of indices; the order does not change the outcome, and index
// order keeps memory access close to sequential. Each partition of the fabric (partition.hpp) has
// its own clock over its own PEs and routers.
//
// Several cycles may be under way at once (a wavefront, detail/band.hpp): each has its own active sets,
// by the cycle modulo `sets`, and a cycle once begun takes what is scheduled for it directly.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "wafer/fabric/active_set.hpp"

namespace wafer::fabric {

class scheduler {
public:
    static constexpr std::uint64_t ring = 256;
    /// Active sets by cycle: more than the cycles a wavefront has under way at once, plus one.
    static constexpr std::uint64_t sets = 32;

    /// For PEs [pe_first, pe_end) and routers [router_first, router_end).
    void resize(std::size_t pe_first, std::size_t pe_end, std::size_t router_first, std::size_t router_end) {
        for (auto& s : soon_) s.resize(pe_end - pe_first, pe_first);
        for (auto& r : routers_) r.resize(router_end - router_first, router_first);
    }

    void clear() {
        if (in_ring_ != 0)
            for (auto& slot : slots_) slot.clear();
        in_ring_ = 0;
        far_ = {};
        for (auto& s : soon_)
            if (!s.empty()) s.clear();
        for (auto& r : routers_)
            if (!r.empty()) r.clear();
        now_ = 0;
    }

    /// The last cycle begun.
    std::uint64_t now() const noexcept { return now_; }

    /// PE `pe` steps at cycle `at`: a cycle begun (before the PE's turn in it) or the next goes by
    /// its active set, a later one by the calendar.
    [[gnu::always_inline]] void schedule(std::uint32_t pe, std::uint64_t at) {
        if (at <= now_ + 1) {
            soon_[at % sets].insert(pe);
        } else if (at - now_ < ring) {
            slots_[at % ring].push_back(pe);
            ++in_ring_;
        } else {
            far_.push({at, pe});
        }
    }

    /// Begins cycle `now` (the one after the last begun, or later): the PEs due at it from the
    /// calendar join those listed for it, so all of them step in index order.
    void begin(std::uint64_t now) {
        now_ = now;
        auto& due = soon_[now % sets];
        auto& slot = slots_[now % ring];
        for (const auto pe : slot) due.insert(pe);
        in_ring_ -= slot.size();
        slot.clear();
        while (!far_.empty() && far_.top().first == now) {
            due.insert(far_.top().second);
            far_.pop();
        }
    }

    /// Calls f(pe) for each PE due at cycle `cycle` (begun) in [from, bound), in index order. `f`
    /// may schedule PEs for later cycles.
    template <class F>
    void step_pes(std::uint64_t cycle, std::size_t from, std::size_t bound, F&& f) {
        soon_[cycle % sets].drain(from, bound, f);
    }

    /// The least PE due at `cycle` at or after `from`, and the least router listed for it (each past
    /// its range when there is none).
    std::size_t next_pe(std::uint64_t cycle, std::size_t from) const noexcept { return soon_[cycle % sets].next(from); }
    std::size_t next_router(std::uint64_t cycle, std::size_t from) const noexcept {
        return routers_[cycle % sets].next(from);
    }

    /// Router `r` is visited in the router phase of cycle `at` (the cycle being processed, before its
    /// router phase, or the next).
    [[gnu::always_inline]] void list_router(std::uint32_t r, std::uint64_t at) { routers_at(at).insert(r); }
    /// The routers listed for cycle `at` (the cycle being processed, or the next).
    active_set& routers_at(std::uint64_t at) noexcept { return routers_[at % sets]; }

    /// Calls f(r) for each router listed for cycle `cycle` in [from, bound), in index order. `f` may
    /// list routers for the next cycle; `ahead(r)` comes a few routers before f(r).
    template <class F, class A = void (*)(std::uint32_t)>
    void step_routers(std::uint64_t cycle, std::size_t from, std::size_t bound, F&& f,
                      A&& ahead = [](std::uint32_t) {}) {
        routers_[cycle % sets].drain(from, bound, f, ahead);
    }

    /// How many PEs are due, and routers listed, at the cycle after `now`.
    std::size_t listed_next(std::uint64_t now) const noexcept {
        return soon_[(now + 1) % sets].size() + routers_[(now + 1) % sets].size();
    }

    /// The next cycle anything can happen after `now`, the last cycle run, if any.
    std::optional<std::uint64_t> next_cycle(std::uint64_t now) const {
        if (!routers_[(now + 1) % sets].empty() || !soon_[(now + 1) % sets].empty()) return now + 1;
        std::optional<std::uint64_t> next;
        if (in_ring_ > 0)
            for (std::uint64_t t = now + 1; t < now + ring; ++t)
                if (!slots_[t % ring].empty()) {
                    next = t;
                    break;
                }
        if (!far_.empty() && (!next || far_.top().first < *next)) next = far_.top().first;
        return next;
    }

    /// After a cycle: calls pe(cycle, i) for each PE due later, and router(r) for each router listed
    /// for the next cycle.
    template <class P, class R>
    void each_event(P&& pe, R&& router) const {
        soon_[(now_ + 1) % sets].each([&](std::uint32_t i) { pe(now_ + 1, i); });
        for (std::uint64_t t = now_ + 1; in_ring_ > 0 && t < now_ + ring; ++t)
            for (const auto i : slots_[t % ring]) pe(t, i);
        for (auto far = far_; !far.empty(); far.pop()) pe(far.top().first, far.top().second);
        routers_[(now_ + 1) % sets].each(router);
    }

    /// Empty, as after the cycle before `cycle`: the clock goes on from there (fabric::restore).
    void resume_at(std::uint64_t cycle) {
        clear();
        now_ = cycle > 0 ? cycle - 1 : 0;
    }

private:
    using event = std::pair<std::uint64_t, std::uint32_t>;  // (cycle, PE)
    std::array<std::vector<std::uint32_t>, ring> slots_;
    std::size_t in_ring_ = 0;
    std::priority_queue<event, std::vector<event>, std::greater<>> far_;
    std::array<active_set, sets> soon_;     ///< PEs due at a cycle (begun, or the next), by the cycle modulo `sets`
    std::array<active_set, sets> routers_;  ///< routers to visit, by the cycle modulo `sets`
    std::uint64_t now_ = 0;                 ///< the last cycle begun
};

}  // namespace wafer::fabric
