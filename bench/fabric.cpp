// The fabric at scale: a W x W grid of row pipelines. In each row the PE in column 0 sends 256
// wavelets east, every PE after it relays them (fabin -> fabout, one DSD operation), and the last
// one stores them; colors alternate along the row, as Paint's color() would give them. This is the
// layout docs/performance.md times through `wafer run`, built here with the IR API so that only
// fabric::run is timed.
//
// BM_fabric_row_pipelines/W/threads reports wavelet hops (a wavelet crossing one router-to-router link)
// and PE-cycles (PEs times simulated cycles) per second of host time.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"

namespace {

using namespace wafer;

constexpr std::uint32_t wavelets = 256;

ir::dsd operand(ir::dsd::kind k, std::array<std::int32_t, ir::max_rank> stride = {}) {
    ir::dsd d;
    d.k = k;
    d.stride = stride;
    return d;
}

ir::pe_program pipeline_stage(std::string kernel, ir::dsd dst, ir::dsd src, std::uint32_t memory_words) {
    ir::dsd_op mov;
    mov.op = ir::opcode::mov;
    mov.rank = 1;
    mov.extent = {wavelets, 1, 1, 1};
    mov.dst = dst;
    mov.src = {src, {}, {}};
    ir::pe_program p;
    p.kernel = std::move(kernel);
    ir::straight_line(p, {mov});
    p.memory_words = memory_words;
    return p;
}

ir::layout row_pipelines(std::int32_t w) {
    const auto in = operand(ir::dsd::kind::fabin), out = operand(ir::dsd::kind::fabout);
    const auto array = operand(ir::dsd::kind::mem, {1});
    ir::layout l;
    l.width = l.height = w;
    l.programs = {pipeline_stage("send", out, array, wavelets), pipeline_stage("relay", out, in, 0),
                  pipeline_stage("recv", array, in, wavelets)};
    auto rule = [](int color, ir::port from, ir::port to) {
        return ir::color_route{std::uint8_t(color), {ir::switch_position{from, hw::bit(to)}}};
    };
    for (std::int32_t y = 0; y < w; ++y)
        for (std::int32_t x = 0; x < w; ++x) {
            const int rx = (x + 1) % 2, tx = x % 2;  // the color it reads, and the one it sends on
            ir::placed_pe pe;
            pe.x = x;
            pe.y = y;
            pe.program = x == 0 ? 0 : x + 1 == w ? 2 : 1;
            ir::router r{x, y, {}};
            if (x > 0) {
                pe.input_color[0] = std::int8_t(rx);
                r.colors.push_back(rule(rx, ir::port::left, ir::port::core));
            }
            if (x + 1 < w) {
                pe.output_color[0] = std::int8_t(tx);
                r.colors.push_back(rule(tx, ir::port::core, ir::port::right));
            }
            std::sort(r.colors.begin(), r.colors.end(), [](const auto& a, const auto& b) { return a.color < b.color; });
            l.pes.push_back(pe);
            l.routers.push_back(r);
        }
    return l;
}

void BM_fabric_row_pipelines(benchmark::State& state) {
    const auto w = std::int32_t(state.range(0));
    fabric::fabric f(row_pipelines(w));
    fabric::run_options options;
    options.threads = std::size_t(state.range(1));
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        const auto r = f.run(options);
        if (r.status != fabric::run_status::halted) state.SkipWithError("the pipelines did not halt");
        cycles = r.cycles;
    }
    const double runs = double(state.iterations());
    const double hops = double(w) * double(w - 1) * wavelets;
    state.counters["cycles"] = double(cycles);
    state.counters["hops/s"] = benchmark::Counter(hops * runs, benchmark::Counter::kIsRate);
    state.counters["PE-cycles/s"] = benchmark::Counter(double(w) * double(w) * double(cycles) * runs, benchmark::Counter::kIsRate);
    state.counters["state B/PE"] = double(f.state_bytes()) / (double(w) * double(w));
}
BENCHMARK(BM_fabric_row_pipelines)
    ->ArgNames({"W", "threads"})
    ->ArgsProduct({{64, 128, 256}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
