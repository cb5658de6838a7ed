// Kernels frozen by the compiler (dsl/frozen.hpp) are the run-time lowering's programs, byte for
// byte, and a layout built from them runs as one built by lowering at run time: the same IR, memory
// and cycles. A layout frozen with its kernels is the image built at run time, byte for byte, and
// the image `wafer paint ... nodebug` writes for the text form (the pipeline; runsum,
// transport and gemv against the run-time build). Header-only, g++ only
// (tests/CMakeLists.txt).
#include <wafer/tungsten/dsl/frozen.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "add/kernels.hpp"
#include "fabric/same_run.hpp"
#include "same_program.hpp"
#include "gemv/gemv.hpp"
#include "pipeline/pipeline.hpp"
#include "runsum/runsum.hpp"
#include "transport/transport.hpp"
#include "wafer/image/format.hpp"

namespace {

namespace w = wafer::dsl;
namespace ir = wafer::ir;

constexpr auto add4 = w::freeze<add::add>([] { return w::settings{{"N", 4}}; });
constexpr auto send8 = w::freeze<pipeline::send>([] { return w::settings{{"N", 8}}; });
constexpr auto compute8 = w::freeze<pipeline::compute>([] { return w::settings{{"N", 8}}; });
constexpr auto recv8 = w::freeze<pipeline::recv>([] { return w::settings{{"N", 8}}; });

template <int N>
constexpr auto pipeline_image = w::freeze_image<pipeline::send, pipeline::compute, pipeline::recv>([] {
    return pipeline::layout<N>;
});
static_assert(verify(pipeline_image<8>));

/// The pipeline with c's route left out, so c's rx stalls: the build warns.
constexpr wafer::paint::region stalled_pipeline() {
    using namespace wafer::paint;
    palette p;
    auto [ab, bc] = p.colors<2>();
    auto a = tile() | code<pipeline::send>({{"tx", ab}, {"N", 4}}) | paint(ab, "C>R") | name("a");
    auto b = tile() | code<pipeline::compute>({{"rx", ab}, {"tx", bc}, {"N", 4}}) | paint(ab, "L>C") |
             paint(bc, "C>R") | name("b");
    auto c = tile() | code<pipeline::recv>({{"rx", bc}, {"N", 4}}) | name("c");
    return hstack(a, b, c);
}

constexpr auto stalled_image =
    w::freeze_image<pipeline::send, pipeline::compute, pipeline::recv>([] { return stalled_pipeline(); });

template <std::size_t N>
std::vector<std::uint8_t> bytes_of(const std::array<std::uint8_t, N>& a) {
    return {a.begin(), a.end()};
}

// Three more examples, for the build's paths the pipeline does not take: the fabric adder, which
// needs an option (runsum), transports routed by the build (transport), geovar params and a
// symbol map over rects (gemv).
constexpr auto runsum_image =
    w::freeze_image<runsum::first, runsum::addend, runsum::last>([] { return runsum::layout<4, 3>; },
                                                                 [] {
                                                                     wafer::paint::build_options options;
                                                                     options.float16_dtype = 10;
                                                                     return options;
                                                                 });
constexpr auto transport_image = w::freeze_image<pipeline::send, pipeline::recv>([] { return transport::layout<4>; });
constexpr auto gemv_image = w::freeze_image<gemv::gemv>([] { return gemv::layout<3, 2>; });

/// A frozen image against the image its layout builds at run time: the same bytes, and the same run.
template <class Frozen>
void check_same_image(const Frozen& frozen, const wafer::ir::layout& built) {
    const wafer::image::image im{built};
    CHECK(bytes_of(frozen.bytes) == wafer::image::to_bytes(im));
    CHECK(frozen.warnings().empty());
    wafer::test::check_same_run(built, frozen.thaw().layout);
}

/// The pipeline (N = 4) built by the compiler without debug info, as `wafer paint ... nodebug` builds it.
constexpr auto pipeline_nodebug =
    w::freeze_image<pipeline::send, pipeline::compute, pipeline::recv>([] { return pipeline::layout<4>; },
                                                                       [] {
                                                                           wafer::paint::build_options options;
                                                                           options.debug_info = false;
                                                                           return options;
                                                                       });

/// A file's bytes.
std::vector<std::uint8_t> file_bytes(const char* path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

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

// A kernel that counts the programs it builds (programs_once runs at run time too).
struct counted {
    static constexpr w::signature signature{"counted", w::param<w::xp>("N")};
    static inline int built = 0;
    static wafer::tungsten::ast::program program() {
        ++built;
        return add::add::program();
    }
};

TEST_CASE("a layout frozen with its kernels builds each kernel's program once, for all its code()s") {
    // gemv's image below binds one kernel with several params (its geovars): it is lowered once per
    // combination, from one program.
    w::detail::programs_once<counted, add::add> programs;
    const auto* first = programs.find("counted");
    REQUIRE(first != nullptr);
    CHECK(programs.find("counted") == first);
    CHECK(counted::built == 1);
    CHECK(programs.find("add") != nullptr);
    CHECK(programs.find("send") == nullptr);
}

TEST_CASE("a layout frozen with its kernels is the image built at run time, byte for byte, and runs the same") {
    wafer::diagnostics diags;
    check_same_image(pipeline_image<8>, pipeline::build<8>(diags));
    check_same_image(runsum_image, runsum::build<4, 3>(diags));
    check_same_image(transport_image, transport::build<4>(diags));
    check_same_image(gemv_image, gemv::build<3, 2>(diags));
    CHECK(diags.list().empty());
}

TEST_CASE("a layout frozen with its kernels keeps the build's warnings") {
    wafer::diagnostics diags;
    const wafer::image::image built{wafer::paint::build(
        stalled_pipeline(), w::kernels<pipeline::send, pipeline::compute, pipeline::recv>(diags), diags)};
    REQUIRE(diags.list().size() == 1);
    CHECK(diags.list().front().message.find("it stalls silently on hardware") != std::string::npos);
    CHECK(bytes_of(stalled_image.bytes) == wafer::image::to_bytes(built));
    const auto warnings = stalled_image.warnings();
    REQUIRE(warnings.size() == 1);
    const auto& [want, got] = std::pair(diags.list().front(), warnings.front());
    CHECK(got.level == want.level);
    CHECK(got.file == want.file);
    CHECK(got.pos == want.pos);
    CHECK(got.message == want.message);
}

TEST_CASE("a layout frozen with its kernels is the image wafer paint writes for its text form") {
    // tests/cli's pipeline_paint: wafer paint source=pipeline.paint lib=pipeline set=N=4 image=p4.img;
    // the two differ in debug info only (the text's files and positions), which equality ignores.
    const auto text = wafer::image::read_image(WAFER_CLI_WORK "/p4.img");
    CHECK(pipeline_image<4>.thaw() == text);
    CHECK(bytes_of(pipeline_image<4>.bytes) != wafer::image::to_bytes(text));
    // Without debug info, byte for byte: tests/cli's pipeline_paint_nodebug adds nodebug.
    CHECK(bytes_of(pipeline_nodebug.bytes) == file_bytes(WAFER_CLI_WORK "/p4_nodebug.img"));
}
