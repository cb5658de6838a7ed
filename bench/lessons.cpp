// The lessons through the text front ends, and the front ends' speed.
//
// BM_lesson_build/<lesson>: examples/<lesson>/*.paint parsed, its kernels parsed and lowered, the
// layout built (what `wafer paint` does before it writes the image); BM_lesson_run/<lesson>: the
// fabric made from that layout and run to its end (what `wafer run image=` does between reading
// and writing). Their ratio is parse + build as a share of the work (docs/performance.md).
// BM_run_parsed/<example> and BM_run_embedded/<example>: the same run from the text layout and
// from the C++ form's (the same IR: the ratio should be 1.00).
// BM_parse_tungsten and BM_parse_paint: every example's .w (.paint) files, parsed over and over, in
// bytes per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "heateq/heateq.hpp"
#include "pipeline/pipeline.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"

namespace {

using namespace wafer;

const std::string examples = std::string(WAFER_SOURCE_DIR) + "/examples/";

/// A lesson's layout as its lesson.txt builds it.
struct lesson {
    const char* name;
    std::string paint;  ///< under examples/
    std::vector<std::string> libs;
    std::vector<ir::param_value> variables;
    paint::build_options options{};
};

const std::vector<lesson>& lessons() {
    static const std::vector<lesson> all = [] {
        paint::build_options adder;
        adder.float16_dtype = 10;
        return std::vector<lesson>{
            {"add", "add/minimal.paint", {"add"}, {{"N", 4}}},
            {"pipeline", "pipeline/pipeline.paint", {}, {{"N", 8}}},
            {"broadcast", "broadcast/broadcast.paint", {"pipeline"}, {{"N", 4}, {"K", 3}}},
            {"exchange", "exchange/exchange.paint", {}, {}},
            {"life", "life/life.paint", {}, {{"W", 9}, {"H", 9}, {"N", 1}}},
            {"heateq", "heateq/heateq.paint", {}, {{"nx", 4}, {"n", 2}, {"p", 3}}},
            {"scan", "scan/scan.paint", {}, {{"P", 8}}},
            {"runsum", "runsum/runsum.paint", {}, {{"N", 4}, {"K", 3}}, adder},
            {"deadlock", "deadlock/deadlock.paint", {"pipeline"}, {{"N", 8}}},
            {"transport", "transport/transport.paint", {"pipeline"}, {{"N", 4}}},
            {"filter", "filter/filter.paint", {"pipeline"}, {{"N", 8}, {"K", 4}, {"FIRST", 1}, {"STEP", 3}}},
            {"gemv", "gemv/gemv.paint", {}, {{"k", 3}, {"B", 2}}},
            {"histogram", "histogram/histogram.paint", {}, {{"G", 4}, {"M", 4}, {"K", 4}}},
            {"dotbench", "dotbench/dotbench.paint", {}, {{"N", 16}}},
        };
    }();
    return all;
}

ir::layout build(const lesson& l) {
    std::vector<std::string> libs;
    for (const auto& d : l.libs) libs.push_back(examples + d);
    parse::paint_file_options options;
    options.build = l.options;
    diagnostics diags;
    return parse::build_paint_file(examples + l.paint, libs, l.variables, diags, options);
}

void BM_lesson_build(benchmark::State& state, const lesson& l) {
    for (auto _ : state) {
        auto layout = build(l);
        benchmark::DoNotOptimize(layout.pes.data());
    }
}

void run(benchmark::State& state, const ir::layout& layout) {
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        fabric::fabric f(layout);
        cycles = f.run().cycles;
        benchmark::DoNotOptimize(cycles);
    }
    state.counters["cycles"] = double(cycles);
}

void BM_lesson_run(benchmark::State& state, const lesson& l) { run(state, build(l)); }

const lesson& named(const char* name) {
    for (const auto& l : lessons())
        if (std::string(name) == l.name) return l;
    throw error(diagnostic{severity::error, "", {}, std::string("no lesson ") + name, ""});
}

void BM_run_parsed_pipeline(benchmark::State& state) { run(state, build(named("pipeline"))); }
void BM_run_embedded_pipeline(benchmark::State& state) {
    diagnostics diags;
    run(state, pipeline::build<8>(diags));
}
void BM_run_parsed_heateq(benchmark::State& state) { run(state, build(named("heateq"))); }
void BM_run_embedded_heateq(benchmark::State& state) {
    diagnostics diags;
    run(state, heateq::build<4, 2, 3>(diags));
}
BENCHMARK(BM_run_parsed_pipeline);
BENCHMARK(BM_run_embedded_pipeline);
BENCHMARK(BM_run_parsed_heateq);
BENCHMARK(BM_run_embedded_heateq);

template <class Parse>
void parse_each(benchmark::State& state, const std::string& extension, Parse parse) {
    std::vector<std::string> files;  // every examples/*/*.<extension>, parsed one at a time as the tools do
    for (const auto& e : std::filesystem::recursive_directory_iterator(examples))
        if (e.path().extension() == extension) files.push_back(read_file(e.path().string()));
    std::size_t bytes = 0;
    for (const auto& f : files) bytes += f.size();
    for (auto _ : state)
        for (const auto& f : files) benchmark::DoNotOptimize(parse(f));
    state.SetBytesProcessed(std::int64_t(state.iterations() * bytes));
    state.counters["files"] = double(files.size());
}

void BM_parse_tungsten(benchmark::State& state) {
    parse_each(state, ".w", [](const std::string& t) { return parse::parse_tungsten(t, "k.w").body.size(); });
}
void BM_parse_paint(benchmark::State& state) {
    parse_each(state, ".paint", [](const std::string& t) { return parse::parse_paint(t, "l.paint").statements.size(); });
}
BENCHMARK(BM_parse_tungsten);
BENCHMARK(BM_parse_paint);

const bool registered = [] {
    for (const auto& l : lessons()) {
        benchmark::RegisterBenchmark((std::string("BM_lesson_build/") + l.name).c_str(), BM_lesson_build, l);
        benchmark::RegisterBenchmark((std::string("BM_lesson_run/") + l.name).c_str(), BM_lesson_run, l);
    }
    return true;
}();

}  // namespace
