#pragma once
// A layout's construction, copy, move and destruction (layout.hpp): inline in header-only use,
// compiled once with the rest of wafer/src.hpp otherwise.
#include "wafer/ir/layout.hpp"

namespace wafer::ir {

WAFER_DEFINE_SPECIAL_MEMBERS(layout)

}  // namespace wafer::ir
