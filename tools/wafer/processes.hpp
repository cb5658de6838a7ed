#pragma once
// The processes `wafer` runs as: one, or, in a build with WAFER_WITH_MPI, those mpirun started.
// Then `wafer run` spreads the fabric over them (fabric/mpi.hpp), only process 0 prints and writes
// files (the others' output goes nowhere), the other commands run on process 0 alone, and every
// process exits with the same status. An error in one process never leaves the others waiting:
// they meet before the run (ready()) and at the end (settle()), and the first process that failed
// prints its error.
#include <cstddef>
#include <memory>
#include <string>

#include "wafer/fabric/peers.hpp"

namespace wafer::cli {

class processes {
public:
    processes(int& argc, char**& argv);
    ~processes();
    processes(const processes&) = delete;
    processes& operator=(const processes&) = delete;

    std::size_t rank() const noexcept { return rank_; }
    std::size_t size() const noexcept { return size_; }
    bool root() const noexcept { return rank_ == 0; }
    /// Whether a process may run its bands on several threads (MPI calls then come from any of them).
    bool threads_allowed() const noexcept { return threads_allowed_; }

    /// The peers of a run spread over the processes; null when there is one.
    fabric::peers* peers() noexcept;

    /// Every process calls it once it read and built what it runs; throws fabric::peer_failure when
    /// another process failed before (in settle()), whose status settle() then returns.
    void ready();

    /// Every process calls it at the end, with its exit status and, when it failed itself, its error
    /// text: the first process that failed prints its error and every process returns its status;
    /// when none failed, process 0's status.
    int settle(int status, bool failed, const std::string& error);

private:
    struct distribution;
    std::unique_ptr<distribution> d_;  // only with MPI
    std::size_t rank_ = 0, size_ = 1;
    bool threads_allowed_ = true;
};

}  // namespace wafer::cli
