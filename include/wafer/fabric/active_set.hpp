#pragma once
// A set of indices from a range [first, first + n), iterated in increasing order: a bitmap with a
// summary bit per word, so inserting is O(1), and draining costs the set's size plus one word per
// 4096 indices. Each partition of the fabric keeps the PEs and routers it must visit next in these,
// over its own range, so it visits them in memory order.
#include <bit>
#include <cstdint>
#include <vector>

namespace wafer::fabric {

class active_set {
public:
    void resize(std::size_t n, std::size_t first = 0) {
        first_ = first;
        end_ = first + n;
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

    [[gnu::always_inline]] void insert(std::uint32_t index) noexcept {
        const std::size_t i = index - first_;
        std::uint64_t& w = bits_[i / 64];
        const std::uint64_t bit = std::uint64_t(1) << (i % 64);
        if (w & bit) return;
        w |= bit;
        summary_[i / 4096] |= std::uint64_t(1) << (i / 64 % 64);
        ++count_;
    }

    /// Calls f(i) for every index in [from, bound), in increasing order, and removes them: a
    /// cycle drains its set strip by strip. `f` must not insert into this set within [from, bound).
    /// `ahead(i)` is called a few indices before f(i), to fetch what f will read.
    template <class F, class A = void (*)(std::uint32_t)>
    [[gnu::always_inline]] void drain(std::size_t from, std::size_t bound, F&& f, A&& ahead = [](std::uint32_t) {}) {
        constexpr int lookahead = 3;
        const std::size_t low = from - first_, limit = bound - first_;  // in bit positions
        const std::size_t end = (limit + 63) / 64;  // bit words that hold indices below the bound
        std::size_t w = low / 64;
        while (count_ != 0 && w < end) {
            const std::size_t s = w / 64;
            const std::uint64_t words = summary_[s] & (~std::uint64_t(0) << (w % 64));
            if (!words) {
                w = (s + 1) * 64;
                continue;
            }
            w = s * 64 + std::size_t(std::countr_zero(words));
            if (w >= end) break;
            const std::uint64_t x = bits_[w];
            std::uint64_t mask = (w + 1) * 64 <= limit ? ~std::uint64_t(0) : (std::uint64_t(1) << (limit % 64)) - 1;
            if (w == low / 64) mask &= ~std::uint64_t(0) << (low % 64);
            std::uint64_t take = x & mask;
            bits_[w] = x & ~mask;
            if (bits_[w] == 0) summary_[s] &= ~(std::uint64_t(1) << (w % 64));
            count_ -= std::size_t(std::popcount(take));
            const auto index = [&](std::uint64_t bits) { return std::uint32_t(first_ + w * 64 + std::size_t(std::countr_zero(bits))); };
            std::uint64_t lead = take;
            for (int k = 0; k < lookahead && lead; ++k, lead &= lead - 1) ahead(index(lead));
            while (take) {
                if (lead) {
                    ahead(index(lead));
                    lead &= lead - 1;
                }
                f(index(take));
                take &= take - 1;
            }
            ++w;
        }
    }

    /// The least index at or after `from`, or the range's end: a few summary words to read, so a
    /// strip with nothing to do is skipped.
    std::size_t next(std::size_t from) const noexcept {
        if (count_ == 0 || from >= end_) return end_;
        std::size_t w = (from - first_) / 64;
        if (const std::uint64_t x = bits_[w] & (~std::uint64_t(0) << ((from - first_) % 64)))
            return first_ + w * 64 + std::size_t(std::countr_zero(x));
        for (std::size_t s = (w + 1) / 64, bit = (w + 1) % 64; s < summary_.size(); ++s, bit = 0) {
            const std::uint64_t words = summary_[s] & (~std::uint64_t(0) << bit);
            if (!words) continue;
            w = s * 64 + std::size_t(std::countr_zero(words));
            return first_ + w * 64 + std::size_t(std::countr_zero(bits_[w]));
        }
        return end_;
    }

    /// Calls f(i) for every index, in increasing order, and keeps them.
    template <class F>
    void each(F&& f) const {
        for (std::size_t w = 0; w < bits_.size(); ++w)
            for (std::uint64_t x = bits_[w]; x; x &= x - 1) f(std::uint32_t(first_ + w * 64 + std::size_t(std::countr_zero(x))));
    }

    /// Calls f(i) for every index, in increasing order, and empties the set. `f` must not insert
    /// into this set.
    template <class F, class A = void (*)(std::uint32_t)>
    void drain(F&& f, A&& ahead = [](std::uint32_t) {}) {
        drain(first_, end_, f, ahead);
    }

private:
    std::vector<std::uint64_t> bits_, summary_;
    std::size_t count_ = 0;
    std::size_t first_ = 0;  ///< indices are at least this
    std::size_t end_ = 0;    ///< and below this
};

}  // namespace wafer::fabric
