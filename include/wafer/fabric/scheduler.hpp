#pragma once
// The clock. A PE waits for the cycle it steps next: most steps come one cycle after the last (a
// wavelet arrived, a queue got room, an element was done), and those wait in an active set for that
// cycle, visited in PE order; later ones wait in a calendar, a ring of one list per cycle for the
// next `ring` cycles and a heap beyond. Routers that may move a wavelet wait in an active set for the
// router phase of the cycle they are listed for (this one, or the next). Nothing idle is ever
// visited, and when nothing happens in the next
// cycle the clock jumps to the next PE event. Within a cycle the order of PEs and of routers does
// not change the outcome (each phase reads the state at the start of the phase and writes only
// what it owns); visiting them in index order keeps memory access close to sequential.
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

    void resize(std::size_t pes, std::size_t routers) {
        for (auto& s : soon_) s.resize(pes);
        for (auto& r : routers_) r.resize(routers);
    }

    void clear() {
        for (auto& slot : slots_) slot.clear();
        in_ring_ = 0;
        far_ = {};
        for (auto& s : soon_) s.clear();
        for (auto& r : routers_) r.clear();
        now_ = 0;
    }

    /// PE `pe` steps at cycle `at` (after the cycle being processed, or at it before its PE phase).
    [[gnu::always_inline]] void schedule(std::uint32_t pe, std::uint64_t at) {
        if (at == now_ + 1) {
            soon_[at % 2].insert(pe);
        } else if (at - now_ < ring) {
            slots_[at % ring].push_back(pe);
            ++in_ring_;
        } else {
            far_.push({at, pe});
        }
    }

    /// Calls f(pe) for each PE due at `now`. `f` may schedule PEs for later cycles.
    template <class F>
    void due(std::uint64_t now, F&& f) {
        now_ = now;
        due_.clear();
        std::swap(due_, slots_[now % ring]);
        in_ring_ -= due_.size();
        while (!far_.empty() && far_.top().first == now) {
            due_.push_back(far_.top().second);
            far_.pop();
        }
        for (const auto pe : due_) f(pe);
        soon_[now % 2].drain(f);
    }

    /// Router `r` is visited in the router phase of cycle `at` (the cycle being processed, before its
    /// router phase, or the next).
    [[gnu::always_inline]] void list_router(std::uint32_t r, std::uint64_t at) { routers_[at % 2].insert(r); }

    /// Calls f(r) for each router listed for cycle `now`, in index order, and empties the list.
    /// `f` may list routers for the next cycle.
    template <class F>
    void take_routers(std::uint64_t now, F&& f) {
        routers_[now % 2].drain(f);
    }

    /// The next cycle anything can happen after `now`, if any.
    std::optional<std::uint64_t> next_cycle(std::uint64_t now) const {
        if (!routers_[(now + 1) % 2].empty() || !soon_[(now + 1) % 2].empty()) return now + 1;
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

private:
    using event = std::pair<std::uint64_t, std::uint32_t>;  // (cycle, PE)
    std::array<std::vector<std::uint32_t>, ring> slots_;
    std::size_t in_ring_ = 0;
    std::priority_queue<event, std::vector<event>, std::greater<>> far_;
    std::array<active_set, 2> soon_;     ///< PEs due at the next cycle, by the cycle's parity
    std::array<active_set, 2> routers_;  ///< routers to visit, by the cycle's parity
    std::vector<std::uint32_t> due_;
    std::uint64_t now_ = 0;
};

}  // namespace wafer::fabric
