#include "processes.hpp"

#include <iostream>

#ifdef WAFER_WITH_MPI
#include <cstdlib>
#include <optional>
#include <streambuf>
#include <vector>

#include "wafer/fabric/mpi.hpp"
#endif

namespace wafer::cli {

#ifdef WAFER_WITH_MPI

namespace {

/// Whether an MPI launcher started this process (Open MPI's mpirun, MPICH's hydra or Slurm, PMIx):
/// a plain `wafer` stays one process and does not pay for starting MPI.
bool launched() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
        if (std::getenv(v)) return true;
    return false;
}

/// Drops what is written to it: the output of every process but 0.
struct nowhere : std::streambuf {
    int overflow(int c) override { return traits_type::not_eof(c); }
};

}  // namespace

struct processes::distribution {
    std::optional<fabric::mpi_peers> peers;
    nowhere null;
    std::streambuf* err = nullptr;  ///< stderr, while it goes nowhere
    std::optional<int> settled;     ///< the status ready() learnt when another process failed

    /// Every process's status and whether it failed, in process order.
    std::vector<int> meet(int status, bool failed) {
        const int mine[2] = {status, failed ? 1 : 0};
        std::vector<int> all(2 * std::size_t(peers->size()));
        MPI_Allgather(mine, 2, MPI_INT, all.data(), 2, MPI_INT, MPI_COMM_WORLD);
        return all;
    }
};

processes::processes(int& argc, char**& argv) {
    if (!launched()) return;
    int provided = 0, rank = 0, size = 1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    d_ = std::make_unique<distribution>();
    d_->peers.emplace(MPI_COMM_WORLD);
    rank_ = std::size_t(rank);
    size_ = std::size_t(size);
    threads_allowed_ = provided >= MPI_THREAD_SERIALIZED;
    if (rank_ != 0) {
        std::cout.rdbuf(&d_->null);
        d_->err = std::cerr.rdbuf(&d_->null);
    }
}

processes::~processes() {
    if (!d_) return;
    if (d_->err) std::cerr.rdbuf(d_->err);
    d_->peers.reset();
    MPI_Finalize();
}

fabric::peers* processes::peers() noexcept { return size_ > 1 ? &*d_->peers : nullptr; }

void processes::ready() {
    if (size_ == 1) return;
    const auto all = d_->meet(0, false);
    for (std::size_t k = 0; k < size_; ++k)
        if (all[2 * k + 1]) {
            d_->settled = all[2 * k];
            throw fabric::peer_failure();
        }
}

int processes::settle(int status, bool failed, const std::string& error) {
    if (size_ == 1) {
        std::cerr << error;
        return status;
    }
    if (d_->settled) return *d_->settled;  // the process that failed met ready() in its settle()
    const auto all = d_->meet(status, failed);
    for (std::size_t k = 0; k < size_; ++k)
        if (all[2 * k + 1]) {
            if (k == rank_ && d_->err) {
                std::cerr.rdbuf(d_->err);
                std::cerr << "wafer: process " << rank_ << " of " << size_ << " failed:\n";
            }
            if (k == rank_) std::cerr << error;
            return all[2 * k];
        }
    return all[0];
}

#else

struct processes::distribution {};

processes::processes(int&, char**&) {}
processes::~processes() = default;
fabric::peers* processes::peers() noexcept { return nullptr; }
void processes::ready() {}

int processes::settle(int status, bool, const std::string& error) {
    std::cerr << error;
    return status;
}

#endif

}  // namespace wafer::cli
