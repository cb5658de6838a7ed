#pragma once
// A PE program's construction, copy, move and destruction (pe_program.hpp): inline in header-only
// use, compiled once with the rest of wafer/src.hpp otherwise.
#include "wafer/ir/pe_program.hpp"

namespace wafer::ir {

WAFER_DEFINE_SPECIAL_MEMBERS(pe_program)

}  // namespace wafer::ir
