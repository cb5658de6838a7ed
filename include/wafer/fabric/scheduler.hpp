#pragma once
// The event-driven clock. PEs wait in a min-heap by the cycle they step next (ties by PE index,
// so runs are reproducible); routers that may move a wavelet are listed for the next router
// phase. Nothing idle is ever visited, and when no router has work the clock jumps straight to
// the next PE event.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "wafer/fabric/cost_model.hpp"

namespace wafer::fabric {

class scheduler {
public:
    void clear() {
        heap_ = {};
        pending_.clear();
        visiting_.clear();
        queued_.assign(queued_.size(), 0);
    }

    void schedule(std::uint32_t pe, std::uint64_t at) { heap_.push({at, pe}); }
    /// The next PE due at `now`, if any.
    std::optional<std::uint32_t> due(std::uint64_t now) {
        if (heap_.empty() || heap_.top().first != now) return std::nullopt;
        const std::uint32_t pe = heap_.top().second;
        heap_.pop();
        return pe;
    }

    /// Lists router `r` for the coming router phase (the current cycle's, when called before it).
    void wake(std::uint32_t r) {
        if (r >= queued_.size()) queued_.resize(r + 1, 0);
        if (!queued_[r]) {
            queued_[r] = 1;
            pending_.push_back(r);
        }
    }
    /// The routers to visit in this cycle, by index. Routers woken while visiting them go to the
    /// next cycle. The model's outcome does not depend on this order (see color_state::has_room);
    /// a fixed order keeps it that way checkably: a mirrored layout reverses it along the flow.
    const std::vector<std::uint32_t>& take_routers() {
        visiting_.swap(pending_);
        pending_.clear();
        std::sort(visiting_.begin(), visiting_.end());
        for (auto r : visiting_) queued_[r] = 0;
        return visiting_;
    }

    /// The next cycle anything can happen after `now`, if any.
    std::optional<std::uint64_t> next_cycle(std::uint64_t now) const {
        if (!pending_.empty()) return now + hop_cycles;
        if (!heap_.empty()) return heap_.top().first;
        return std::nullopt;
    }

private:
    using event = std::pair<std::uint64_t, std::uint32_t>;  // (cycle, PE)
    std::priority_queue<event, std::vector<event>, std::greater<>> heap_;
    std::vector<std::uint32_t> pending_, visiting_;
    std::vector<std::uint8_t> queued_;
};

}  // namespace wafer::fabric
