#pragma once
// Choosing the elements of a symbol, as miget and miset do: slices ([n=5:10], half-open like
// Tungsten's ranges), pins ([n=3]) and an iteration order ([m n], outermost first; dimensions it
// does not name follow, innermost, in map order).
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::image {

struct dim_range {
    std::string name;
    std::uint32_t lo = 0, hi = 0;   ///< [lo, hi)
};

struct selection {
    std::vector<dim_range> ranges;
    std::vector<std::string> order;
};

/// One selected element: where its first word lives.
struct element {
    std::int32_t x = 0, y = 0;
    std::uint32_t address = 0;
};

struct selected {
    std::vector<element> elements;  ///< in iteration order
    std::size_t row = 1;            ///< elements per innermost row (for printing)
    unsigned words = 1;             ///< words per element: 2 for 32-bit types unless `_word` was selected
};

inline constexpr std::size_t max_selected_elements = 1u << 26;

/// Throws wafer::error (naming `what`, e.g. "miget") on an unknown dimension or a range past an extent.
WAFER_DECL selected select(const ir::map_entry& e, const selection& sel, const std::string& what);

}  // namespace wafer::image

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/image/detail/select.ipp"
#endif
