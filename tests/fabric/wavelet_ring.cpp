// The bounded FIFO of wavelets behind PE queues and router buffers.
#include "wafer/fabric/wavelet_ring.hpp"

#include <doctest/doctest.h>

using wafer::fabric::wavelet;
using wafer::fabric::wavelet_ring;

namespace {
wavelet w(std::uint32_t data, std::uint8_t flags = 0) { return wavelet{data, flags}; }
}  // namespace

TEST_CASE("a wavelet ring keeps order and flags, wraps around and respects its capacity") {
    wavelet_ring<8> q(3);
    CHECK(q.empty());
    CHECK(q.capacity() == 3);
    CHECK(q.room() == 3);
    for (std::uint32_t round = 0; round < 5; ++round) {  // wraps the inline storage several times
        q.push(w(round * 10 + 1));
        q.push(w(round * 10 + 2, wavelet::control_bit));
        q.push(w(round * 10 + 3));
        CHECK(q.full());
        CHECK(q.room() == 0);
        CHECK(q.front() == w(round * 10 + 1));
        CHECK(q.at(1) == w(round * 10 + 2, wavelet::control_bit));
        CHECK(q.pop() == w(round * 10 + 1));
        CHECK(q.pop().control());
        CHECK(q.size() == 1);
        CHECK(q.pop() == w(round * 10 + 3));
        CHECK(q.empty());
    }
    q.push(w(7));
    q.clear();
    CHECK(q.empty());
}

static_assert([] {
    wavelet_ring<2> q;
    q.push(wavelet{1, 0});
    q.push(wavelet{2, 0});
    return q.full() && q.pop().data == 1 && q.pop().data == 2 && q.empty();
}());
