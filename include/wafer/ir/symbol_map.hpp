#pragma once
// From a kernel's symbols to symbol-map entries: one place for both the lone-kernel and the Paint path.
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::ir {

/// The map entry of kernel symbol `s` placed on the PE at (x, y) of a region named `prefix`
/// ("" for a lone kernel). `fabric_dims` (outermost first) come before the memory dimensions,
/// for a symbol that spans several PEs (e.g. a rect's x and y).
constexpr map_entry map_entry_for(const symbol& s, std::string_view prefix, std::int32_t x, std::int32_t y,
                                  const std::vector<map_dimension>& fabric_dims = {}) {
    map_entry e;
    e.name = s.name;  // an if, not ?: (g++ 12 cannot destroy such a std::string in a constant expression)
    if (!prefix.empty()) e.name = std::string(prefix) + '.' + s.name;
    e.format = s.format;
    e.base = s.base;
    e.x = x;
    e.y = y;
    e.dims = fabric_dims;
    for (const auto& d : s.dims) e.dims.push_back(map_dimension{d.name, d.extent, d.stride, 0, 0});
    return e;
}

/// A program's initial memory: `memory_words` words, zero except where its data segments say.
WAFER_DECL std::vector<word> initial_memory(const pe_program& p);

/// A layout that runs one kernel on one PE at (0, 0), its symbols under their bare names.
WAFER_DECL layout single_pe_layout(pe_program p, hw::arch arch = hw::arch::wse2);

}  // namespace wafer::ir

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/ir/detail/symbol_map.ipp"
#endif
