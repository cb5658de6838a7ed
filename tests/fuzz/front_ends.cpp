// libFuzzer harness: any bytes, as a .w and as a .paint file, through parser, checker/evaluator and
// builder, and a lowered kernel into a fabric (which validates it). The only acceptable outcomes are a result or a wafer::error; a crash, a hang, a sanitizer
// report or an unbounded allocation is a bug.
//   cmake --preset fuzz && cmake --build --preset fuzz && ./build-fuzz/tests/fuzz/wafer_fuzz -max_total_time=60
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::optional<wafer::ir::pe_program> lowered;
    try {
        wafer::diagnostics ds;
        auto kernel = wafer::parse::parse_tungsten(text, "fuzz.w");
        lowered = wafer::tungsten::lower(kernel, {{"N", 4}}, ds);
    } catch (const wafer::error&) {
    }
    // What the lowering accepts is a valid program: building a fabric validates it (and throws if not,
    // which the fuzzer reports as a finding). It is not run: a kernel may loop for a long time.
    if (lowered) (void)wafer::fabric::fabric(wafer::ir::single_pe_layout(std::move(*lowered)));
    try {
        wafer::diagnostics ds;
        auto program = wafer::parse::parse_paint(text, "fuzz.paint");
        wafer::paint::eval_options options;
        options.show = [](const std::string&) {};
        auto region = wafer::paint::evaluate(program, options, ds);
        // Every kernel is a small one-socket program, so building exercises bindings and routes too.
        (void)wafer::paint::build(region, [](const wafer::paint::kernel_request& r) {
            wafer::ir::pe_program p;
            p.kernel = r.kernel;
            p.params = r.params;
            return p;
        }, ds);
    } catch (const wafer::error&) {
    }
    return 0;
}
