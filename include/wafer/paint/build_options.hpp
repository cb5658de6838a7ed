#pragma once
// What paint::build() takes besides the region: its options, and the request it makes of the kernel
// provider for each code() (a kernel's name and the params the code() binds).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/hardware.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::paint {

struct kernel_request {
    std::string kernel;
    std::vector<ir::param_value> params;   ///< the code()'s bindings to numbers, sorted by name
    std::string file;                      ///< the code() call
    source_position pos;
};

/// Orders a code()'s bindings as kernel_request holds them, so two requests, or a request and a
/// kernel frozen with the same bindings (dsl/frozen.hpp), compare equal.
template <int = 0>
constexpr void sort_by_name(std::vector<ir::param_value>& params) {
    std::sort(params.begin(), params.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

/// Paint's command-line options that change what it builds.
struct build_options {
    hw::arch arch = hw::arch::wse2;   ///< arch=sdr|wse2|wse3
    std::int32_t float16_dtype = -1;  ///< float16_dtype=N: the fabric adder's core operand format (10: IEEE binary16)
    bool route = true;                ///< route transports (noroute turns it off)
    /// fabric=WxH: the fabric the layout must fit (0: the layout's own extent). Paint has no notion
    /// of one (the guide); wafer makes a route or PE past it an error.
    std::int32_t fabric_width = 0, fabric_height = 0;
    /// The programs' debug info (source files, positions), which run reports quote (nodebug: none,
    /// so a layout's text and C++ forms give the same image bytes).
    bool debug_info = true;
};

}  // namespace wafer::paint
