#pragma once
// The clock. A PE waits for the cycle it steps next in a calendar: a ring of one list per cycle for
// the next `ring` cycles, and a heap for events further out, so scheduling and taking the PEs due
// costs O(1) per event. Routers that may move a wavelet are listed for the next router phase.
// Nothing idle is ever visited, and when no router has work the clock jumps to the next PE event.
// Within a cycle the order of PEs and of routers does not change the outcome (each phase reads the
// state at the start of the phase and writes only what it owns), so lists need no sorting.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

namespace wafer::fabric {

class scheduler {
public:
    static constexpr std::uint64_t ring = 256;

    void clear() {
        for (auto& slot : slots_) slot.clear();
        in_ring_ = 0;
        far_ = {};
        due_.clear();
        next_routers_.clear();
        routers_.clear();
        now_ = 0;
    }

    /// PE `pe` steps at cycle `at` (> the cycle being processed, or >= it before the PE phase).
    void schedule(std::uint32_t pe, std::uint64_t at) {
        if (at - now_ < ring) {
            slots_[at % ring].push_back(pe);
            ++in_ring_;
        } else {
            far_.push({at, pe});
        }
    }

    /// The PEs due at `now`; the list stays valid until the next call.
    const std::vector<std::uint32_t>& due(std::uint64_t now) {
        now_ = now;
        due_.clear();
        auto& slot = slots_[now % ring];
        std::swap(due_, slot);
        in_ring_ -= due_.size();
        while (!far_.empty() && far_.top().first == now) {
            due_.push_back(far_.top().second);
            far_.pop();
        }
        return due_;
    }

    /// Router `r` is visited in the next router phase.
    void list_router(std::uint32_t r) { next_routers_.push_back(r); }
    bool routers_listed() const noexcept { return !next_routers_.empty(); }

    /// The routers to visit in this cycle's router phase; those listed meanwhile go to the next.
    const std::vector<std::uint32_t>& take_routers() {
        routers_.swap(next_routers_);
        next_routers_.clear();
        return routers_;
    }

    /// The next cycle anything can happen after `now`, if any.
    std::optional<std::uint64_t> next_cycle(std::uint64_t now) const {
        if (!next_routers_.empty()) return now + 1;
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
    std::vector<std::uint32_t> due_, next_routers_, routers_;
    std::uint64_t now_ = 0;
};

}  // namespace wafer::fabric
