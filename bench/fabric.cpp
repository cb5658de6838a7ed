// The fabric at scale. Row pipelines: a W x H grid; in each row the PE in column 0 sends 256
// wavelets east, every PE after it relays them (fabin -> fabout, one DSD operation), and the last
// one stores them; colors alternate along the row, as Paint's color() would give them. This is the
// layout docs/performance.md times through `wafer run`, built here with the IR API so that only
// fabric::run is timed.
//
// BM_fabric_row_pipelines/W/H/threads reports wavelet hops (a wavelet crossing one router-to-router
// link) and PE-cycles (PEs times simulated cycles) per second of host time; BM_fabric_idle, one such
// row on a fabric whose other rows are idle; BM_fabric_heat2d, a two-dimensional nine-point
// stencil, time steps per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

using namespace wafer;

constexpr std::uint32_t wavelets = 256;

ir::dsd operand(ir::dsd::kind k, std::array<std::int32_t, ir::max_rank> stride = {}) {
    ir::dsd d;
    d.k = k;
    d.stride = stride;
    return d;
}

ir::pe_program pipeline_stage(std::string kernel, ir::dsd dst, ir::dsd src, std::uint32_t memory_words,
                              std::uint16_t length = wavelets) {
    ir::dsd_op mov;
    mov.op = ir::opcode::mov;
    mov.rank = 1;
    mov.extent = {length, 1, 1, 1};
    mov.dst = dst;
    mov.src = {src, {}, {}};
    ir::pe_program p;
    p.kernel = std::move(kernel);
    ir::straight_line(p, {mov});
    p.memory_words = memory_words;
    return p;
}

/// `busy` rows (from row 0) stream; the others are laid out alike but send nothing, and halt.
ir::layout row_pipelines(std::int32_t w, std::int32_t h, std::int32_t busy) {
    const auto in = operand(ir::dsd::kind::fabin), out = operand(ir::dsd::kind::fabout);
    const auto array = operand(ir::dsd::kind::mem, {1});
    ir::layout l;
    l.width = w;
    l.height = h;
    l.programs = {pipeline_stage("send", out, array, wavelets), pipeline_stage("relay", out, in, 0),
                  pipeline_stage("recv", array, in, wavelets),  pipeline_stage("quiet", out, array, wavelets, 0),
                  pipeline_stage("quiet_relay", out, in, 0, 0), pipeline_stage("quiet_recv", array, in, wavelets, 0)};
    auto rule = [](int color, ir::port from, ir::port to) {
        return ir::color_route{std::uint8_t(color), {ir::switch_position{from, hw::bit(to)}}};
    };
    for (std::int32_t y = 0; y < h; ++y)
        for (std::int32_t x = 0; x < w; ++x) {
            const int rx = (x + 1) % 2, tx = x % 2;  // the color it reads, and the one it sends on
            ir::placed_pe pe;
            pe.x = x;
            pe.y = y;
            pe.program = std::uint32_t((x == 0 ? 0 : x + 1 == w ? 2 : 1) + (y < busy ? 0 : 3));
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

/// Runs `f` once per benchmark iteration on state.range(2) threads, as waves of up to `wavefront`
/// cycles (run_options::wavefront); the cycles a run took.
std::uint64_t timed_runs(benchmark::State& state, fabric::fabric& f,
                         std::uint64_t wavefront = fabric::run_options{}.wavefront) {
    fabric::run_options options;
    options.threads = std::size_t(state.range(2));
    options.wavefront = wavefront;
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        const auto r = f.run(options);
        if (r.status != fabric::run_status::halted) state.SkipWithError("the run did not halt");
        cycles = r.cycles;
    }
    return cycles;
}

void BM_fabric_row_pipelines(benchmark::State& state) {
    const auto w = std::int32_t(state.range(0)), h = std::int32_t(state.range(1));
    fabric::fabric f(row_pipelines(w, h, h));
    const std::uint64_t cycles = timed_runs(state, f);
    const double runs = double(state.iterations());
    const double hops = double(h) * double(w - 1) * wavelets;
    state.counters["cycles"] = double(cycles);
    state.counters["hops/s"] = benchmark::Counter(hops * runs, benchmark::Counter::kIsRate);
    state.counters["PE-cycles/s"] = benchmark::Counter(double(w) * double(h) * double(cycles) * runs, benchmark::Counter::kIsRate);
    state.counters["state B/PE"] = double(f.state_bytes()) / (double(w) * double(h));
}
BENCHMARK(BM_fabric_row_pipelines)
    ->ArgNames({"W", "H", "threads"})
    ->Args({64, 64, 1})->Args({64, 64, 2})
    ->Args({128, 128, 1})->Args({128, 128, 2})
    ->Args({256, 256, 1})->Args({256, 256, 2})
    ->Args({750, 994, 1})->Args({750, 994, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// An idle fabric: one row of W PEs streams as above, on a W x H fabric whose other rows halt at
// once (their routers configured, their state allocated). Against the same row alone (H = 1), the
// difference is what the idle part costs; docs/performance.md compares it per cycle with the
// loaded fabric (BM_fabric_row_pipelines/W/H).
void BM_fabric_idle(benchmark::State& state) {
    const auto w = std::int32_t(state.range(0)), h = std::int32_t(state.range(1));
    fabric::fabric f(row_pipelines(w, h, 1));
    const std::uint64_t cycles = timed_runs(state, f);
    state.counters["cycles"] = double(cycles);
    state.counters["hops/s"] = benchmark::Counter(double(w - 1) * wavelets * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_fabric_idle)
    ->ArgNames({"W", "H", "threads"})
    ->Args({750, 1, 1})->Args({750, 994, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The nine-point heat equation on a W x H grid of PEs (examples/heat2d: the Life board's spiral
// routing, one point per PE, a frame of drain PEs around it), `steps` time steps, built from the
// .paint and .w files. W = H = 63 and 255 fill 65 x 65 and 257 x 257 fabrics; 747 x 990 fills the
// full 750 x 994 wafer but for a column and a row (the board's W and H are multiples of 3). The
// full wafer also runs 16 steps: a run's start (restarting every pool) weighs less in its rate.
// `wave` is run_options::wavefront: 1, one cycle at a time over the whole fabric (the design before
// wavefronts), against the default.
void BM_fabric_heat2d(benchmark::State& state) {
    const auto steps = std::int32_t(state.range(3));
    const auto w = std::int32_t(state.range(0)), h = std::int32_t(state.range(1));
    diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/";
    fabric::fabric f(parse::build_paint_file(dir + "heat2d/heat2d.paint", {dir + "life"}, {{"W", w}, {"H", h}, {"N", steps}}, diags));
    const std::uint64_t cycles = timed_runs(state, f, std::uint64_t(state.range(4)));
    const double runs = double(state.iterations()), pes = double(f.layout().pes.size());
    state.counters["cycles"] = double(cycles);
    state.counters["steps/s"] = benchmark::Counter(double(steps) * runs, benchmark::Counter::kIsRate);
    state.counters["PE-cycles/s"] = benchmark::Counter(pes * double(cycles) * runs, benchmark::Counter::kIsRate);
    state.counters["state B/PE"] = double(f.state_bytes()) / pes;
}
BENCHMARK(BM_fabric_heat2d)
    ->ArgNames({"W", "H", "threads", "steps", "wave"})
    ->Args({63, 63, 1, 4, 1})->Args({63, 63, 1, 4, 16})->Args({63, 63, 2, 4, 16})
    ->Args({255, 255, 1, 4, 1})->Args({255, 255, 1, 4, 16})->Args({255, 255, 2, 4, 1})->Args({255, 255, 2, 4, 16})
    ->Args({747, 990, 1, 4, 1})->Args({747, 990, 1, 4, 16})->Args({747, 990, 2, 4, 16})
    ->Args({747, 990, 2, 16, 1})->Args({747, 990, 2, 16, 16})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
