#pragma once
// The queues and buffers that hold wavelets: a bounded FIFO of at most N wavelets, stored as their
// data words and a byte of flags each, so a router buffer or a PE queue is a few words that fit a
// cache line with the state around them.
#include <array>
#include <cassert>
#include <cstdint>

#include "wafer/fabric/wavelet.hpp"

namespace wafer::fabric {

template <std::size_t N>
class wavelet_ring {
    static_assert(N > 0 && N < 256, "wavelet_ring keeps its counters in a byte each");

public:
    constexpr wavelet_ring() noexcept = default;
    constexpr explicit wavelet_ring(std::size_t capacity) noexcept : capacity_(std::uint8_t(capacity)) {
        assert(capacity <= N);
    }

    constexpr std::size_t capacity() const noexcept { return capacity_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr bool full() const noexcept { return size_ == capacity_; }
    constexpr std::size_t room() const noexcept { return std::size_t(capacity_ - size_); }

    constexpr wavelet at(std::size_t i) const noexcept {
        const std::size_t k = (head_ + i) % N;
        return wavelet{data_[k], flags_[k]};
    }
    constexpr wavelet front() const noexcept { return at(0); }

    // Inlined where a router moves a wavelet: a call costs as much as the push or pop.
    [[gnu::always_inline]] constexpr void push(const wavelet& w) noexcept {
        assert(!full());
        const std::size_t k = (head_ + size_) % N;
        data_[k] = w.data;
        flags_[k] = w.flags;
        ++size_;
    }
    [[gnu::always_inline]] constexpr wavelet pop() noexcept {
        assert(!empty());
        const wavelet w = front();
        head_ = std::uint8_t((head_ + 1) % N);
        --size_;
        return w;
    }
    constexpr void clear() noexcept { head_ = size_ = 0; }

    /// Whether its counters make sense (after an archive read it).
    constexpr bool valid() const noexcept { return capacity_ <= N && size_ <= capacity_ && head_ < N; }
    /// Its fields for an archive (fabric/run_state.hpp).
    template <class Ar>
    friend void fields(Ar& ar, wavelet_ring& r) {
        ar(r.data_, r.flags_, r.head_, r.size_, r.capacity_);
    }

private:
    std::array<std::uint32_t, N> data_{};
    std::array<std::uint8_t, N> flags_{};
    std::uint8_t head_ = 0, size_ = 0, capacity_ = N;
};

}  // namespace wafer::fabric
