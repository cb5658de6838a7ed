// A .paint file: parsed, evaluated and built, every kernel a stand-in that halts, so building
// exercises placement, bindings and routes; what the builder accepts must be a layout the fabric takes.
#include <optional>

#include "fuzz.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    std::optional<ir::layout> built;
    fuzz::answered([&] {
        diagnostics ds;
        auto program = parse::parse_paint(fuzz::text_of(data, size), "fuzz.paint");
        paint::eval_options options;
        options.show = [](const std::string&) {};
        auto region = paint::evaluate(program, options, ds);
        built = paint::build(region, [](const paint::kernel_request& r) {
            ir::pe_program p;
            p.kernel = r.kernel;
            p.params = r.params;
            ir::instruction halt;
            halt.code = ir::instr::halt;
            p.blocks.emplace_back().code.push_back(halt);
            return p;
        }, ds);
    });
    if (!built || !fuzz::small_enough(*built)) return 0;
    try {
        (void)fabric::fabric(std::move(*built));
    } catch (const std::exception& e) {
        fuzz::finding(std::string("Paint built a layout the fabric refuses: ") + e.what());
    }
    return 0;
}
