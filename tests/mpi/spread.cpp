// Runs spread over the MPI processes this test is started as (mpirun -np 2, tests/mpi) end as on
// one process: random networks, a quarter of them deadlocking, and the examples give process 0 the
// same memory, per-PE cycles and report, on one and two threads per process. Every process makes
// the same layouts and runs them together; process 0 also runs each alone and compares.
#include "wafer/fabric/mpi.hpp"

#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "example_layout.hpp"
#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// Runs `l` on every process together, then, on process 0, alone, and compares.
void same_as_one(fabric::mpi_peers& peers, const ir::layout& l, std::size_t threads,
                 const std::function<void(fabric::fabric&)>& load = {}) {
    fabric::fabric spread(l);
    if (load) load(spread);
    const auto r = spread.run({.threads = threads, .peers = &peers});
    if (peers.rank() != 0) return;
    fabric::fabric alone(l);
    if (load) load(alone);
    const auto one = outcome_of(alone, alone.run());
    INFO(threads << " threads per process; on one: " << one.report);
    CHECK(outcome_of(spread, r) == one);
}

}  // namespace

TEST_CASE("random networks end on the processes as on one, halted or deadlocked") {
    fabric::mpi_peers peers(MPI_COMM_WORLD);
    std::mt19937 rng(20261203);
    for (int round = 0; round < 60; ++round) {
        std::vector<stream> streams;
        const std::int32_t w = 3 + std::int32_t(rng() % 10), h = 2 + std::int32_t(rng() % 6);
        auto layout = random_network(rng, w, h, 2 + int(rng() % 10), streams);
        if (streams.empty()) continue;
        if (round % 4 == 0) starve_a_reader(layout);
        INFO("round " << round);
        same_as_one(peers, layout, 1 + std::size_t(round % 2));
    }
}

TEST_CASE("the examples end on the processes as on one") {
    fabric::mpi_peers peers(MPI_COMM_WORLD);
    for (const std::size_t threads : {1u, 2u}) {
        same_as_one(peers, example("pipeline/pipeline.paint", {"pipeline"}, {{"N", 8}}), threads);
        same_as_one(peers, example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", 8}}), threads);
        same_as_one(peers, example("heat2d/heat2d.paint", {"life"}, {{"W", 9}, {"H", 9}, {"N", 2}}), threads);
        const auto life = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 4}});
        same_as_one(peers, life, threads, random_life(life, 3));
    }
}

TEST_CASE("the processes agree on the earliest next cycle, the gravest stop, the longest wave, the latest busy cycle") {
    fabric::mpi_peers peers(MPI_COMM_WORLD);
    const bool first = peers.rank() == 0;
    const auto a =
        peers.agree({.next = first ? 5u : 9u, .stop = first ? 0u : 2u, .wave = first ? 16u : 1u, .busy = first ? 7u : 40u});
    CHECK(a.next == 5);
    CHECK(a.stop == 2);
    CHECK(a.wave == 16);
    CHECK(a.busy == 40);
}

TEST_CASE("a stencil spread over the processes runs in waves and ends as one process cycle by cycle") {
    fabric::mpi_peers peers(MPI_COMM_WORLD);
    const auto heat = example("heat2d/heat2d.paint", {"life"}, {{"W", 39}, {"H", 30}, {"N", 3}});
    fabric::fabric spread(heat);
    const auto r = spread.run({.peers = &peers});
    if (peers.rank() != 0) return;
    CHECK(r.wavefront_cycles > 0);
    fabric::fabric alone(heat);
    CHECK(outcome_of(spread, r) == outcome_of(alone, alone.run({.wavefront = 1})));
}

int main(int argc, char** argv) {
    int provided = 0, rank = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    doctest::Context context(argc, argv);
    if (rank != 0) context.setOption("minimal", true);  // only process 0 checks anything
    int failed = context.run();
    // Every process exits alike, failing when any did.
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed;
}
