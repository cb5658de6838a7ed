// Kernels frozen by the compiler (dsl/frozen.hpp) are the run-time lowering's programs, byte for
// byte, and a layout built from them runs as one built by lowering at run time: the same IR, memory
// and cycles. Header-only, g++ only (tests/CMakeLists.txt).
#include <wafer/tungsten/dsl/frozen.hpp>

#include <doctest/doctest.h>

#include "add/kernels.hpp"
#include "fabric/same_run.hpp"
#include "same_program.hpp"
#include "pipeline/pipeline.hpp"

namespace {

namespace w = wafer::dsl;
namespace ir = wafer::ir;

constexpr auto add4 = w::freeze<add::add>([] { return w::settings{{"N", 4}}; });
constexpr auto send8 = w::freeze<pipeline::send>([] { return w::settings{{"N", 8}}; });
constexpr auto compute8 = w::freeze<pipeline::compute>([] { return w::settings{{"N", 8}}; });
constexpr auto recv8 = w::freeze<pipeline::recv>([] { return w::settings{{"N", 8}}; });

}  // namespace

TEST_CASE("a kernel frozen by the compiler is the run-time lowering's program, byte for byte") {
    using wafer::test::check_same_program;
    check_same_program<add::add>(add4, {{"N", 4}});
    check_same_program<pipeline::send>(send8, {{"N", 8}});
    check_same_program<pipeline::compute>(compute8, {{"N", 8}});
    check_same_program<pipeline::recv>(recv8, {{"N", 8}});
}

TEST_CASE("the pipeline built from frozen kernels is the pipeline built by lowering them at run time") {
    wafer::diagnostics diags;
    const auto frozen = wafer::paint::build(pipeline::layout<8>, w::frozen_kernels(send8, compute8, recv8), diags);
    const auto lowered = pipeline::build<8>(diags);
    CHECK(diags.list().empty());
    wafer::test::check_same_run(lowered, frozen);
}

TEST_CASE("a code() whose kernel was not frozen with its bindings is an error at the code()") {
    const auto build = [](const w::frozen_kernels& kernels) {
        wafer::diagnostics diags;
        try {
            (void)wafer::paint::build(pipeline::layout<16>, kernels, diags);
        } catch (const wafer::error& e) {
            return e.diagnostics().front().message;
        }
        return std::string();
    };
    CHECK(build(w::frozen_kernels(send8, compute8, recv8)) ==
          "C++ kernel 'send' was frozen with N=8, but this code() binds N=16: freeze it with these params too");
    CHECK(build(w::frozen_kernels(compute8, recv8)) ==
          "no frozen C++ kernel 'send' among the kernels given to the layout");
}
