#pragma once
// A program's initial memory and a one-PE layout (symbol_map.hpp): inline in header-only use,
// compiled once with the rest of wafer/src.hpp otherwise, so a unit that only includes the
// umbrella header does not instantiate the vectors of a layout's parts they fill.
#include <utility>

#include "wafer/ir/symbol_map.hpp"

namespace wafer::ir {

WAFER_DECL std::vector<word> initial_memory(const pe_program& p) {
    std::vector<word> m(p.memory_words, 0);
    for (const auto& s : p.data)
        for (std::size_t i = 0; i < s.words.size(); ++i)
            if (s.base + i < m.size()) m[s.base + i] = s.words[i];
    return m;
}

WAFER_DECL layout single_pe_layout(pe_program p, hw::arch arch) {
    layout l;
    l.arch = arch;
    l.width = l.height = 1;
    placed_pe pe;
    for (const auto& s : p.symbols) l.symbols.push_back(map_entry_for(s, "", 0, 0));
    l.programs.push_back(std::move(p));
    l.pes.push_back(pe);
    return l;
}

}  // namespace wafer::ir
