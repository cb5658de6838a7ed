#pragma once
// What miget and miset share: the image, the map, the chosen symbol and the selected elements.
#include <string>

#include "args.hpp"
#include "wafer/image/image.hpp"
#include "wafer/image/select.hpp"

namespace wafer::cli {

struct symbol_access {
    image::image im;
    ir::map_entry symbol;
    image::selected chosen;
};

/// Reads image=, map=, symbol= and the selection ([n=5:10], n=5:10, [m n]) for `command`.
symbol_access open_symbol(args& a, const std::string& command);

}  // namespace wafer::cli
