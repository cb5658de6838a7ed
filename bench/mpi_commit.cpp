// What a commit between two MPI processes costs (docs/scale.md): one exchange with the process
// beside this one and one agreement, as fabric.hpp makes them each cycle through mpi_peers, for
// messages of no wavelets, of a 750-PE row of them and of ten rows. A plain timing loop, not Google
// Benchmark: every process must make the same calls, so the iterations cannot adapt per process.
//
//   mpirun -np 2 ./build-mpi/bench/wafer_bench_mpi_commit
#include "wafer/fabric/mpi.hpp"

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    {
        wafer::fabric::mpi_peers peers(MPI_COMM_WORLD);
        if (peers.size() != 2) {
            if (peers.rank() == 0) std::fprintf(stderr, "wafer_bench_mpi_commit: run it as two processes (mpirun -np 2)\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        const std::size_t beside[1] = {1 - peers.rank()};
        constexpr std::size_t header = 16, per_wavelet = 9, row = 750;  // detail/commit.hpp's border_message
        constexpr int commits = 100'000;
        for (const std::size_t wavelets : {std::size_t(0), row, 10 * row}) {
            const std::size_t bytes = header + per_wavelet * wavelets;
            const auto start = std::chrono::steady_clock::now();
            for (int i = 0; i < commits; ++i) {
                (void)peers.exchange(beside, {wafer::fabric::message(bytes, 1)});
                (void)peers.agree({std::uint64_t(i), 0});
            }
            const std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
            if (peers.rank() == 0)
                std::printf("%6zu wavelets (%6zu bytes) each way: %7.2f us per commit\n", wavelets, bytes, took.count() / commits);
        }
    }
    MPI_Finalize();
}
