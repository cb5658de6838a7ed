#pragma once
// The processes of an MPI communicator as the peers of a run (peers.hpp). Started with
// `mpirun -np K prog`, each process builds the fabric from the same layout and runs
//
//   wafer::fabric::mpi_peers peers(MPI_COMM_WORLD);
//   auto r = f.run({.threads = N, .peers = &peers});   // process 0: the run's result
//
// Not part of wafer.hpp: include it, and link MPI (CMake: find_package(MPI COMPONENTS CXX),
// MPI::MPI_CXX), only when you use it. MPI must be initialized, with MPI_Init_thread and at least
// MPI_THREAD_SERIALIZED when threads > 1: the commit runs on whichever of a process's threads
// arrives last.
//
// Per commit, one message each way with each process beside this one, whose size the receiver
// learns by probing, and one MPI_Allreduce of four 64-bit words. The gather goes point to point to
// process 0, in pieces of at most 1 GiB (MPI counts are ints).
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "wafer/fabric/peers.hpp"

namespace wafer::fabric {

class mpi_peers final : public peers {
public:
    /// Talks over a duplicate of `comm`, so its messages never meet the program's own.
    explicit mpi_peers(MPI_Comm comm) {
        MPI_Comm_dup(comm, &comm_);
        MPI_Comm_rank(comm_, &rank_);
        MPI_Comm_size(comm_, &size_);
    }
    ~mpi_peers() override {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (!finalized) MPI_Comm_free(&comm_);  // after MPI_Finalize the communicator is gone anyway
    }
    mpi_peers(const mpi_peers&) = delete;
    mpi_peers& operator=(const mpi_peers&) = delete;

    std::size_t rank() const override { return std::size_t(rank_); }
    std::size_t size() const override { return std::size_t(size_); }

    std::vector<message> exchange(std::span<const std::size_t> with, std::vector<message> out) override {
        std::vector<MPI_Request> sends(with.size());
        for (std::size_t i = 0; i < with.size(); ++i)
            MPI_Isend(bytes(out[i]), int(out[i].size()), MPI_BYTE, int(with[i]), border_tag, comm_, &sends[i]);
        std::vector<message> in(with.size());
        for (std::size_t i = 0; i < with.size(); ++i) {
            MPI_Status status;
            MPI_Probe(int(with[i]), border_tag, comm_, &status);
            int n = 0;
            MPI_Get_count(&status, MPI_BYTE, &n);
            in[i].resize(std::size_t(n));
            MPI_Recv(bytes(in[i]), n, MPI_BYTE, int(with[i]), border_tag, comm_, MPI_STATUS_IGNORE);
        }
        MPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
        return in;
    }

    agreement agree(agreement mine) override {
        // One MPI_MAX: the max of ~next is ~ the min of next.
        std::uint64_t v[4] = {~mine.next, mine.stop, mine.wave, mine.busy};
        MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_UINT64_T, MPI_MAX, comm_);
        return {~v[0], v[1], v[2], v[3]};
    }

    std::vector<message> gather(message mine) override {
        if (rank_ != 0) {
            std::uint64_t n = mine.size();
            MPI_Send(&n, 1, MPI_UINT64_T, 0, gather_tag, comm_);
            for (std::size_t at = 0; at < mine.size(); at += piece)
                MPI_Send(mine.data() + at, int(std::min(piece, mine.size() - at)), MPI_BYTE, 0, gather_tag, comm_);
            return {};
        }
        std::vector<message> all(static_cast<std::size_t>(size_));
        all[0] = std::move(mine);
        for (int k = 1; k < size_; ++k) {
            std::uint64_t n = 0;
            MPI_Recv(&n, 1, MPI_UINT64_T, k, gather_tag, comm_, MPI_STATUS_IGNORE);
            auto& m = all[std::size_t(k)];
            m.resize(std::size_t(n));
            for (std::size_t at = 0; at < m.size(); at += piece)
                MPI_Recv(m.data() + at, int(std::min(piece, m.size() - at)), MPI_BYTE, k, gather_tag, comm_, MPI_STATUS_IGNORE);
        }
        return all;
    }

private:
    static constexpr int border_tag = 1, gather_tag = 2;
    static constexpr std::size_t piece = std::size_t(1) << 30;

    /// A buffer MPI may read or write, also for an empty message.
    static std::uint8_t* bytes(message& m) {
        static std::uint8_t none = 0;
        return m.empty() ? &none : m.data();
    }

    MPI_Comm comm_ = MPI_COMM_NULL;
    int rank_ = 0, size_ = 1;
};

}  // namespace wafer::fabric
