#pragma once
// A set of small indices, iterated in increasing order: a bitmap with a summary bit per word, so
// inserting is O(1), and draining costs the set's size plus one word per 4096 indices. The fabric
// keeps the PEs and routers it must visit next in these, so it visits them in memory order.
#include <bit>
#include <cstdint>
#include <vector>

namespace wafer::fabric {

class active_set {
public:
    void resize(std::size_t n) {
        bits_.assign((n + 63) / 64, 0);
        summary_.assign((bits_.size() + 63) / 64, 0);
        count_ = 0;
    }
    void clear() {
        for (auto& w : summary_) w = 0;
        for (auto& w : bits_) w = 0;
        count_ = 0;
    }
    bool empty() const noexcept { return count_ == 0; }
    std::size_t size() const noexcept { return count_; }

    [[gnu::always_inline]] void insert(std::uint32_t i) noexcept {
        std::uint64_t& w = bits_[i / 64];
        const std::uint64_t bit = std::uint64_t(1) << (i % 64);
        if (w & bit) return;
        w |= bit;
        summary_[i / 4096] |= std::uint64_t(1) << (i / 64 % 64);
        ++count_;
    }

    /// Calls f(i) for every index, in increasing order, and empties the set. `f` must not insert
    /// into this set.
    template <class F>
    void drain(F&& f) {
        if (count_ == 0) return;
        count_ = 0;
        for (std::size_t s = 0; s < summary_.size(); ++s) {
            std::uint64_t words = summary_[s];
            if (!words) continue;
            summary_[s] = 0;
            while (words) {
                const std::size_t w = s * 64 + std::size_t(std::countr_zero(words));
                words &= words - 1;
                std::uint64_t x = bits_[w];
                bits_[w] = 0;
                while (x) {
                    f(std::uint32_t(w * 64 + std::size_t(std::countr_zero(x))));
                    x &= x - 1;
                }
            }
        }
    }

private:
    std::vector<std::uint64_t> bits_, summary_;
    std::size_t count_ = 0;
};

}  // namespace wafer::fabric
