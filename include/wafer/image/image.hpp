#pragma once
// A machine image: the layout paint built (programs, placed PEs, routes, symbols) plus, after a run
// or a miset, each PE's memory and cycle count.
#include <cstdint>
#include <vector>

#include "wafer/ir/layout.hpp"
#include "wafer/ir/symbol_map.hpp"

namespace wafer::image {

struct image {
    ir::layout layout;
    /// Per placed PE (same order as layout.pes): its whole memory, or empty for "as the program loads it".
    std::vector<std::vector<word>> memory;
    std::uint64_t cycles = 0;                 ///< total cycles of the run that produced it (0: never run)
    std::vector<std::uint64_t> pe_cycles;     ///< per placed PE, when run

    /// PE `pe`'s memory as it will be loaded: the stored state, or the program's initial memory.
    std::vector<word> memory_of(std::size_t pe) const {
        if (pe < memory.size() && !memory[pe].empty()) return memory[pe];
        return ir::initial_memory(layout.programs.at(layout.pes.at(pe).program));
    }

    friend bool operator==(const image&, const image&) = default;
};

}  // namespace wafer::image
