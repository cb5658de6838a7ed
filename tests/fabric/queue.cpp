// The bounded FIFO behind PE queues and router buffers.
#include "wafer/fabric/queue.hpp"

#include <doctest/doctest.h>

using wafer::fabric::bounded_queue;

TEST_CASE("a bounded queue keeps order, wraps around and respects its capacity") {
    bounded_queue<int, 8> q(3);
    CHECK(q.empty());
    CHECK(q.capacity() == 3);
    CHECK(q.room() == 3);
    for (int round = 0; round < 5; ++round) {  // wraps the inline storage several times
        q.push(round * 10 + 1);
        q.push(round * 10 + 2);
        q.push(round * 10 + 3);
        CHECK(q.full());
        CHECK(q.room() == 0);
        CHECK(q.front() == round * 10 + 1);
        CHECK(q.pop() == round * 10 + 1);
        CHECK(q.pop() == round * 10 + 2);
        CHECK(q.size() == 1);
        CHECK(q.pop() == round * 10 + 3);
        CHECK(q.empty());
    }
    q.push(7);
    q.clear();
    CHECK(q.empty());
}

static_assert([] {
    bounded_queue<int, 2> q;
    q.push(1);
    q.push(2);
    return q.full() && q.pop() == 1 && q.pop() == 2 && q.empty();
}());
