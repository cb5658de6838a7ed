// A .w file: parsed, checked and lowered; what the lowering accepts must be a program the fabric
// takes (building a fabric validates it, and a wafer::error there is a finding). It is not run here
// (a kernel may loop for long): the `run` target runs programs.
#include <optional>

#include "fuzz.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    std::optional<ir::pe_program> lowered;
    fuzz::answered([&] {
        diagnostics ds;
        lowered = tungsten::lower(parse::parse_tungsten(fuzz::text_of(data, size), "fuzz.w"), {{"N", 4}}, ds);
    });
    if (!lowered) return 0;
    try {
        (void)fabric::fabric(ir::single_pe_layout(std::move(*lowered)));
    } catch (const std::exception& e) {
        fuzz::finding(std::string("the lowering gave a program the fabric refuses: ") + e.what());
    }
    return 0;
}
