#pragma once
// The symbol map file, one symbol a line, in the shape the Paint guide shows:
//   c.out [ n<8 ] ( 0x0000+n 2 0 ) xp
//   grid.cell [ y<2 x<3 n<4 _word<2 ] ( 0x0010+2*n+_word 5+x 1+y ) sp
// NAME [ DIM<EXTENT ... ] ( ADDRESS X Y ), each of the last three an affine form base{+stride*dim},
// exactly as the guide writes it; wafer adds the element TYPE after the closing parenthesis, so
// miget can print values and a script reading the guide's form still reads every field. A line
// without a TYPE (the original tools' map) is xp.
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::image {

/// The map file's text for `symbols`.
WAFER_DECL std::string map_text(const std::vector<ir::map_entry>& symbols);

/// Reads a map file's text; throws wafer::error at the first malformed line.
WAFER_DECL std::vector<ir::map_entry> parse_map(const std::string& text, const std::string& file);

}  // namespace wafer::image

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/image/detail/map_file.ipp"
#endif
