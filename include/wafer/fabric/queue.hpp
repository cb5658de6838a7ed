#pragma once
// A bounded FIFO with inline storage: the PE's input/output queues and the routers' color buffers.
// Inline, so a queue costs no allocation and PEs and routers stay cheap to create and copy.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace wafer::fabric {

/// At most `N` items; the usable capacity (e.g. a queue's length) is set at construction.
template <class T, std::size_t N>
class bounded_queue {
    static_assert(N > 0 && N <= 255, "bounded_queue keeps its counters in bytes");

public:
    constexpr bounded_queue() noexcept = default;
    constexpr explicit bounded_queue(std::size_t capacity) noexcept : capacity_(std::uint8_t(capacity)) {
        assert(capacity <= N);
    }

    constexpr std::size_t capacity() const noexcept { return capacity_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr bool full() const noexcept { return size_ == capacity_; }
    constexpr std::size_t room() const noexcept { return std::size_t(capacity_ - size_); }

    constexpr const T& front() const noexcept { return items_[head_]; }
    /// The i-th item from the front.
    constexpr const T& at(std::size_t i) const noexcept { return items_[(head_ + i) % N]; }

    constexpr void push(const T& v) noexcept {
        assert(!full());
        items_[(head_ + size_) % N] = v;
        ++size_;
    }
    constexpr T pop() noexcept {
        assert(!empty());
        T v = items_[head_];
        head_ = std::uint8_t((head_ + 1) % N);
        --size_;
        return v;
    }
    constexpr void clear() noexcept { head_ = size_ = 0; }

private:
    std::array<T, N> items_{};
    std::uint8_t head_ = 0, size_ = 0, capacity_ = N;
};

}  // namespace wafer::fabric
