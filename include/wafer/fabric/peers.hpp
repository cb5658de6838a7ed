#pragma once
// The other processes a run is spread over (run_options::peers). Each process builds the whole
// fabric from the same layout and runs a consecutive run of its bands (partition.hpp): with K
// processes and run_options::threads = N the fabric is cut into K x N bands, process k running
// bands kN to kN + N - 1, each on its own thread. At each cycle's commit a process sends the
// processes beside it what crossed into their bands (the interpreter says what, as bytes:
// detail/commit.hpp), all of them agree on the next cycle and on whether to stop, and at
// the end process 0 gathers everything into its fabric and returns the run's result, exactly as
// one process would have.
//
// This is only the transport, so the interpreter knows nothing of how processes talk:
// fabric/mpi.hpp implements it over MPI, fabric/in_process.hpp over threads of one process.
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace wafer::fabric {

/// What one process sends another.
using message = std::vector<std::uint8_t>;

/// What each process proposes between two cycles; agreed, the earliest `next` of all, the
/// gravest `stop`, the longest `wave` and the latest `busy`.
struct agreement {
    static constexpr std::uint64_t never = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t next = never;  ///< the next cycle anything happens in here, `never` when nothing will
    std::uint64_t stop = 0;      ///< 0 go on; larger values are graver reasons (detail/commit.hpp)
    std::uint64_t wave = 1;      ///< the cycles to run as one wavefront from the cycle after (detail/run_loop.hpp)
    std::uint64_t busy = 0;      ///< the last cycle this process's bands had work in a wave
};

class peers {
public:
    virtual ~peers() = default;

    /// This process's number, from 0, and how many there are. Process 0 ends with the run's result.
    virtual std::size_t rank() const = 0;
    virtual std::size_t size() const = 0;

    /// Sends out[i] to process with[i] and returns what process with[i] sent this one, for each i.
    /// Every process calls it at each commit, each naming the processes beside it (a symmetric
    /// relation, possibly empty).
    virtual std::vector<message> exchange(std::span<const std::size_t> with, std::vector<message> out) = 0;

    /// Every process calls it with its proposal and gets the same agreement back.
    virtual agreement agree(agreement mine) = 0;

    /// Every process calls it; process 0 gets each process's message in process order (its own
    /// first), the others get nothing.
    virtual std::vector<message> gather(message mine) = 0;
};

/// Thrown by fabric::run in the processes that had no exception of their own when another one had
/// (and throws its own): the run cannot end with a result.
struct peer_failure : error {
    peer_failure() : error(diagnostic{severity::error, "", {}, "the run failed in another process", ""}) {}
};

}  // namespace wafer::fabric
