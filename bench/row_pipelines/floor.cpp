// The least the row-pipeline benchmark could cost: the same traffic simulated by a program that knows
// nothing else. W x H PEs; in each row a sender, W - 2 PEs that each send on 3x + 1 for every x
// they receive, and a receiver; N wavelets a row. Cycle by cycle, every link moves one wavelet from
// its buffer into the next PE's input queue and one from a PE's output queue into its buffer, then
// every PE takes one step. docs/performance.md times `wafer run` of generate.sh's grids against it.
//   row_pipelines_floor W H N
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

/// A queue of at most Capacity words (a power of two).
template <unsigned Capacity>
struct ring {
    std::uint32_t words[Capacity];
    std::uint32_t head = 0, size = 0;
    bool empty() const { return size == 0; }
    bool full() const { return size == Capacity; }
    std::uint32_t pop() {
        const std::uint32_t w = words[head];
        head = (head + 1) % Capacity;
        --size;
        return w;
    }
    void push(std::uint32_t w) { words[(head + size++) % Capacity] = w; }
};

/// One PE of a row and the link into it from the PE to its west.
struct stage {
    ring<8> in, out;   // the PE's input and output queues
    ring<2> link;      // the buffer of the link from the west
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: row_pipelines_floor W H N\n");
        return 2;
    }
    const long w = std::atol(argv[1]), h = std::atol(argv[2]), n = std::atol(argv[3]);
    if (w < 2 || h < 1 || n < 1) {
        std::fprintf(stderr, "row_pipelines_floor: W is at least 2, H and N at least 1\n");
        return 2;
    }
    std::vector<stage> rows(std::size_t(w * h));
    std::vector<long> sent(static_cast<std::size_t>(h), 0), received(static_cast<std::size_t>(h), 0);
    std::uint64_t sum = 0, cycles = 0;
    long rows_left = h;
    const auto start = std::chrono::steady_clock::now();
    while (rows_left > 0) {
        ++cycles;
        for (long y = 0; y < h; ++y) {
            if (received[std::size_t(y)] == n) continue;
            stage* row = &rows[std::size_t(y * w)];
            // Links, from the east end back, so a wavelet crosses at most one link a cycle.
            for (long x = w - 1; x > 0; --x) {
                if (!row[x].link.empty() && !row[x].in.full()) row[x].in.push(row[x].link.pop());
                if (!row[x - 1].out.empty() && !row[x].link.full()) row[x].link.push(row[x - 1].out.pop());
            }
            // PEs.
            if (sent[std::size_t(y)] < n && !row[0].out.full()) row[0].out.push(std::uint32_t(sent[std::size_t(y)]++));
            for (long x = 1; x < w - 1; ++x)
                if (!row[x].in.empty() && !row[x].out.full()) row[x].out.push(row[x].in.pop() * 3 + 1);
            if (!row[w - 1].in.empty()) {
                sum += row[w - 1].in.pop();
                if (++received[std::size_t(y)] == n) --rows_left;
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("W=%ld H=%ld N=%ld cycles=%llu time=%.3f s PE-cycles/s=%.1f M sum=%llu\n", w, h, n,
                (unsigned long long)cycles, seconds, double(w) * double(h) * double(cycles) / seconds / 1e6,
                (unsigned long long)sum);
}
