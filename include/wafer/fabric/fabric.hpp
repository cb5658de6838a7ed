#pragma once
// The fabric interpreter: runs an ir::layout under wafer's machine model (docs/machine.md).
//
//   wafer::fabric::fabric f(layout);
//   auto r = f.run();
//   if (r.status != wafer::fabric::run_status::halted) std::cerr << wafer::fabric::report(r);
//   auto out = f.memory(*f.pe_at(2, 0));
//
// A fabric owns all of its state (no globals), allocated when it is built, so fabrics are
// independent of each other. `run` restarts every program with empty queues and routers and
// keeps memory as it is: load or poke memory, run, read it back, and repeat.
//
// Each cycle has two phases. The PEs due step (each changes only itself); then the listed routers
// move wavelets, each reading what the others changed in this cycle as it was at the start of it
// (router.hpp). A router reads its own PE's queues, so the cycle is taken in strips (partition.hpp):
// a strip's PEs step, then its routers move, while that state is in cache. Neither phase depends on
// the order it visits PEs or routers in, so with run_options::threads the fabric is cut into
// bands, each run on its own thread; between cycles one thread commits what crossed the bands'
// borders, in band order (detail/commit.hpp). With run_options::peers the bands are spread over
// processes too (peers.hpp), which send each other what crosses between them at the commit. While
// the fabric is busy, a band runs several cycles as a wavefront of strips (run_options::wavefront),
// each strip's state still in cache from the cycle before. Memory, cycles and reports are the same
// for any number of threads and processes, and any wavefront.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "wafer/core/config.hpp"
#include "wafer/core/word.hpp"
#include "wafer/fabric/peers.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/fabric/run_result.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

struct run_state;  // run_state.hpp: included where a state is taken or put back

class fabric {
public:
    /// Throws wafer::error when the layout is malformed (see detail/validate.hpp).
    WAFER_DECL explicit fabric(ir::layout l);
    fabric(const fabric&) = delete;
    fabric& operator=(const fabric&) = delete;
    /// A fabric moved from may only be destroyed or assigned to.
    WAFER_DECL fabric(fabric&& other) noexcept;
    WAFER_DECL fabric& operator=(fabric&& other) noexcept;
    WAFER_DECL ~fabric();

    WAFER_DECL const ir::layout& layout() const noexcept;

    /// The index into layout().pes of the PE placed at (x, y).
    WAFER_DECL std::optional<std::size_t> pe_at(std::int32_t x, std::int32_t y) const;

    /// PE memory as it is now (before, between or after runs): its size is the words in use.
    WAFER_DECL std::span<word> memory(std::size_t pe);
    WAFER_DECL std::span<const word> memory(std::size_t pe) const;

    /// Overwrites memory from word 0 with `words`, growing it to words.size() when larger.
    WAFER_DECL void load(std::size_t pe, std::span<const word> words);

    /// Where the run has got to (run_activity): counted on request, a pass over the PEs, queues and
    /// router buffers: cheap at a few times a second, not per cycle.
    WAFER_DECL run_activity activity() const;

    /// The cycle the PE halted or went idle, or where it stopped (blocked, faulted, cut by the limit).
    WAFER_DECL std::uint64_t pe_cycles(std::size_t pe) const;

    /// Bytes of run state the fabric holds besides the layout and PE memory: what a PE and a
    /// router cost (docs/performance.md).
    WAFER_DECL std::size_t state_bytes() const noexcept;

    /// The run state between two cycles (run_state.hpp): after a run that stopped at
    /// run_options::stop, or in run_options::checkpoint's callback.
    WAFER_DECL run_state state() const;

    /// Puts back a state taken from a fabric of the same layout, for a run with run_options::resume.
    /// Throws wafer::error when it does not fit this layout.
    WAFER_DECL void restore(run_state s);

    /// With run_options::peers, every process runs this on its own fabric built from the same
    /// layout (with the same memory loaded); process 0 returns the run's result and its fabric ends
    /// holding the run's state (memory, pe_cycles, state()), while the others return how the run
    /// ended (status and cycles) and their fabrics hold only their own bands' state. Throws
    /// peer_failure when another process failed.
    WAFER_DECL run_result run(const run_options& options = {});

private:
    /// The layout and the machine that runs it (detail/fabric.ipp): out of this header, so that a
    /// separately compiled wafer's users do not compile the interpreter's headers.
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace wafer::fabric

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/fabric/detail/fabric.ipp"
#endif
