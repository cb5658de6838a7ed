#pragma once
// A vector whose elements never move: it grows by chunks that are never reallocated, so a
// reference to an element stays valid until that element is removed. Usable in a constant
// expression (std::deque is not), so code that hands out such references can run in the compiler
// too (docs/embedding.md, Kernels as compile-time values).
#include <cstddef>
#include <utility>
#include <vector>

namespace wafer::detail {

template <class T, std::size_t Chunk = 32>
class stable_vector {
public:
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }

    constexpr T& operator[](std::size_t k) noexcept { return chunks_[k / Chunk][k % Chunk]; }
    constexpr const T& operator[](std::size_t k) const noexcept { return chunks_[k / Chunk][k % Chunk]; }
    constexpr T& back() noexcept { return (*this)[size_ - 1]; }

    template <class... Args>
    constexpr T& emplace_back(Args&&... args) {
        if (size_ == chunks_.size() * Chunk) chunks_.emplace_back().reserve(Chunk);  // never outgrown
        ++size_;
        return chunks_.back().emplace_back(std::forward<Args>(args)...);
    }

    /// Removes the elements from `n` on, the last first.
    constexpr void truncate(std::size_t n) {
        for (; size_ > n; --size_) {
            chunks_.back().pop_back();
            if (chunks_.back().empty()) chunks_.pop_back();
        }
    }

private:
    std::vector<std::vector<T>> chunks_;  // moving a chunk keeps its elements where they are
    std::size_t size_ = 0;
};

}  // namespace wafer::detail
