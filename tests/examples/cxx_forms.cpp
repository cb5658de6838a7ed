// Every example's C++ form beside its text form: its C++ kernels (examples/*/kernels.hpp) stand in
// for its .w files, and its C++ layout (examples/*/*.hpp, the twin of each .paint) with those kernels
// stands in for the whole. Each gives the same IR as the text, and a run from the same memory ends
// with the same status, memory and cycles on every PE. (tests/tungsten/dsl_text.cpp checks the ASTs;
// tests/pipeline the pipeline.)
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "../fabric/same_run.hpp"
#include "add/minimal.hpp"
#include "broadcast/broadcast.hpp"
#include "deadlock/deadlock.hpp"
#include "dotbench/dotbench.hpp"
#include "exchange/exchange.hpp"
#include "filter/filter.hpp"
#include "gemv/gemv.hpp"
#include "heat2d/heat2d.hpp"
#include "heateq/heateq.hpp"
#include "histogram/histogram.hpp"
#include "life/life.hpp"
#include "runsum/runsum.hpp"
#include "scan/scan.hpp"
#include "stencil25/stencil25.hpp"
#include "transport/transport.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

namespace ast = wafer::tungsten::ast;
namespace dsl = wafer::dsl;
using wafer::test::check_same_run;

struct example {
    std::string paint;                         ///< under examples/
    std::vector<std::string> libs;             ///< under examples/
    std::vector<wafer::ir::param_value> variables;
    std::map<std::string, ast::program> programs;  ///< the C++ kernels, by name
    wafer::paint::build_options options{};
};

wafer::ir::layout build(const example& e, bool cxx) {
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/";
    std::vector<std::string> libs;
    for (const auto& l : e.libs) libs.push_back(dir + l);
    wafer::parse::paint_file_options options;
    if (cxx) options.programs = e.programs;
    options.build = e.options;
    wafer::diagnostics diags;
    auto layout = wafer::parse::build_paint_file(dir + e.paint, libs, e.variables, diags, options);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level != wafer::severity::error, d.message);
    return layout;
}

/// The text form against the text layout with the C++ kernels, and against the C++ layout.
void check_same_run(const example& e, const wafer::ir::layout& cxx_layout) {
    const auto text = build(e, false);
    check_same_run(text, build(e, true));
    check_same_run(text, cxx_layout);
}

/// A C++ layout's build, with its diagnostics checked.
template <class Build>
wafer::ir::layout cxx(Build b) {
    wafer::diagnostics diags;
    auto layout = b(diags);
    CHECK(diags.list().empty());
    return layout;
}

}  // namespace

TEST_CASE("C++ forms: add") {
    check_same_run({"add/minimal.paint", {"add"}, {{"N", 4}}, dsl::kernels<add::add>::programs()},
                   cxx([](auto& d) { return add::build<4>(d); }));
}

TEST_CASE("C++ forms: deadlock, which deadlocks the same way") {
    check_same_run({"deadlock/deadlock.paint",
                    {"pipeline", "deadlock"},
                    {{"N", 4}},
                    dsl::kernels<pipeline::send, pipeline::compute, deadlock::recv_more>::programs()},
                   cxx([](auto& d) { return deadlock::build<4>(d); }));
}

TEST_CASE("C++ forms: dotbench, nine dot products in sp, hp and ep, from memory and streamed, sync and async") {
    check_same_run({"dotbench/dotbench.paint", {}, {{"N", 16}},
                    dsl::kernels<dotbench::mem_sp, dotbench::mem_hp, dotbench::mem_ep, dotbench::feed_sp, dotbench::feed_hp,
                                 dotbench::feed_ep, dotbench::fab_sp, dotbench::fab_hp, dotbench::fab_ep>::programs()},
                   cxx([](auto& d) { return dotbench::build<16>(d); }));
}

TEST_CASE("C++ forms: exchange, in four directions with colorpairs") {
    check_same_run({"exchange/exchange.paint", {}, {}, dsl::kernels<exchange::exchange>::programs()},
                   cxx([](auto& d) { return exchange::build<3, 3>(d); }));
}

TEST_CASE("C++ forms: filter, per-PE data set by link()") {
    check_same_run({"filter/filter.paint", {"pipeline"}, {{"N", 8}, {"K", 4}, {"FIRST", 1}, {"STEP", 3}},
                    dsl::kernels<pipeline::send, filter::filter>::programs()},
                   cxx([](auto& d) { return filter::build<8, 4, 1, 3>(d); }));
}

TEST_CASE("C++ forms: gemv, x down the columns and partial sums along the rows, with geovars") {
    check_same_run({"gemv/gemv.paint", {}, {{"k", 3}, {"B", 2}}, dsl::kernels<gemv::gemv>::programs()},
                   cxx([](auto& d) { return gemv::build<3, 2>(d); }));
}

TEST_CASE("C++ forms: heat2d") {
    check_same_run({"heat2d/heat2d.paint", {"life"}, {{"W", 6}, {"H", 6}, {"N", 3}},
                    dsl::kernels<heat2d::heat2d, life::drain>::programs()},
                   cxx([](auto& d) { return heat2d::build<6, 6, 3>(d); }));
}

TEST_CASE("C++ forms: heateq") {
    check_same_run({"heateq/heateq.paint", {}, {{"nx", 4}, {"n", 2}, {"p", 4}},
                    dsl::kernels<heateq::heateq9pt, heateq::source, heateq::sink>::programs()},
                   cxx([](auto& d) { return heateq::build<4, 2, 4>(d); }));
}

TEST_CASE("C++ forms: histogram, on a torus of ring routes") {
    check_same_run({"histogram/histogram.paint", {}, {{"G", 4}, {"M", 4}, {"K", 4}}, dsl::kernels<histogram::histogram>::programs()},
                   cxx([](auto& d) { return histogram::build<4, 4, 4>(d); }));
}

TEST_CASE("C++ forms: life") {
    check_same_run({"life/life.paint", {}, {{"W", 6}, {"H", 6}, {"N", 4}}, dsl::kernels<life::life, life::drain>::programs()},
                   cxx([](auto& d) { return life::build<6, 6, 4>(d); }));
}

TEST_CASE("C++ forms: broadcast, a row multicast and the same row scattered through switch positions") {
    check_same_run({"broadcast/broadcast.paint", {"pipeline"}, {{"N", 4}, {"K", 3}}, dsl::kernels<pipeline::send, pipeline::recv>::programs()},
                   cxx([](auto& d) { return broadcast::build<4, 3>(d); }));
    check_same_run({"broadcast/scatter.paint", {}, {{"N", 4}, {"K", 4}}, dsl::kernels<broadcast::scatter, broadcast::part>::programs()},
                   cxx([](auto& d) { return broadcast::build_scatter<4, 4>(d); }));
}

TEST_CASE("C++ forms: stencil25, four local broadcasts through switch positions, tasks round a cycle") {
    check_same_run({"stencil25/stencil25.paint", {}, {{"W", 10}, {"H", 10}, {"nz", 4}, {"N", 2}},
                    dsl::kernels<stencil25::stencil25>::programs()},
                   cxx([](auto& d) { return stencil25::build<10, 10, 4, 2>(d); }));
}

TEST_CASE("C++ forms: runsum, with the fabric adder") {
    wafer::paint::build_options adder;
    adder.float16_dtype = 10;
    check_same_run({"runsum/runsum.paint", {}, {{"N", 4}, {"K", 3}}, dsl::kernels<runsum::first, runsum::addend, runsum::last>::programs(),
                    adder},
                   cxx([](auto& d) { return runsum::build<4, 3>(d); }));
}

TEST_CASE("C++ forms: scan, a prefix sum by message passing on two banks") {
    check_same_run({"scan/scan.paint", {}, {{"P", 8}}, dsl::kernels<scan::scan>::programs()},
                   cxx([](auto& d) { return scan::build<8>(d); }));
}

TEST_CASE("C++ forms: transport, a route paint's router draws between two terminals, one of them an alias") {
    check_same_run({"transport/transport.paint", {"pipeline"}, {{"N", 4}}, dsl::kernels<pipeline::send, pipeline::recv>::programs()},
                   cxx([](auto& d) { return transport::build<4>(d); }));
}

TEST_CASE("C++ forms: the C++ kernel is the one code() runs, not the .w file beside it") {
    namespace w = wafer::dsl;
    w::kernel k("add");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    auto b = k.var<w::xp>("b", 2);  // add.w has b = 1
    w::iterator i("i");
    k(w::in(i, 0, N)[a[i] <- a[i] + b]);
    const example e{"add/minimal.paint", {"add"}, {{"N", 4}}, {{"add", k.program()}}};
    CHECK_FALSE(build(e, false) == build(e, true));
}
