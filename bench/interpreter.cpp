// The fabric interpreter against a plain C++ loop doing the same arithmetic.
//
// BM_interpreter_sp_mac_4096: one PE, one f32 mac DSD operation over 4096 elements, through
// fabric::run. Three 4096-element f32 arrays fill PE memory exactly (3 x 8192 = 0x6000 words),
// so the destination is the addend: c[i] = a[i] * b[i] + c[i].
// BM_plain_loop_sp_mac_4096: d[i] = a[i] * b[i] + c[i] over float vectors (and in place, to
// compare like with like).
// The others split out what a run costs around the operation: building a fabric from a layout,
// reloading memory, and streaming wavelets between PEs.
#include <benchmark/benchmark.h>

#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"

namespace {

using namespace wafer;

constexpr std::uint32_t n = 4096;
constexpr address a_at = 0, b_at = 2 * n, c_at = 4 * n;

ir::dsd f32_array(address base) {
    ir::dsd d;
    d.k = ir::dsd::kind::mem;
    d.base = base;
    d.stride = {2};
    return d;
}

std::vector<word> sp_image(float value) {
    std::vector<word> w;
    for (std::uint32_t i = 0; i < n; ++i) {
        w.push_back(word(sp_bits(value)));
        w.push_back(word(sp_bits(value) >> 16));
    }
    return w;
}

/// Products stay exact and sums small, so repeated runs never reach infinities or denormals.
ir::layout sp_mac_layout() {
    ir::dsd_op mac;
    mac.op = ir::opcode::mac;
    mac.type = ir::data_type::f32;
    mac.rank = 1;
    mac.extent = {n, 1, 1, 1};
    mac.dst = f32_array(c_at);
    mac.src = {f32_array(a_at), f32_array(b_at), f32_array(c_at)};
    ir::pe_program p;
    p.kernel = "sp_mac";
    ir::straight_line(p, {mac});
    p.memory_words = 6 * n;
    p.data = {{a_at, sp_image(0.5f)}, {b_at, sp_image(0.5f)}, {c_at, sp_image(1.0f)}};
    return ir::single_pe_layout(std::move(p));
}

void BM_interpreter_sp_mac_4096(benchmark::State& state) {
    fabric::fabric f(sp_mac_layout());
    for (auto _ : state) {
        auto r = f.run();
        benchmark::DoNotOptimize(r.cycles);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * n);
}
BENCHMARK(BM_interpreter_sp_mac_4096);

void BM_plain_loop_sp_mac_4096(benchmark::State& state) {
    std::vector<float> a(n, 0.5f), b(n, 0.5f), c(n, 1.0f), d(n);
    for (auto _ : state) {
        for (std::uint32_t i = 0; i < n; ++i) d[i] = a[i] * b[i] + c[i];
        benchmark::DoNotOptimize(d.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * n);
}
BENCHMARK(BM_plain_loop_sp_mac_4096);

/// The same loop in place, like the interpreter's operation: c[i] = a[i] * b[i] + c[i].
void BM_plain_loop_sp_mac_in_place_4096(benchmark::State& state) {
    std::vector<float> a(n, 0.5f), b(n, 0.5f), c(n, 1.0f);
    for (auto _ : state) {
        for (std::uint32_t i = 0; i < n; ++i) c[i] = a[i] * b[i] + c[i];
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * n);
}
BENCHMARK(BM_plain_loop_sp_mac_in_place_4096);

/// What a run costs around its operations: the same PE with a one-element operation.
void BM_interpreter_run_overhead(benchmark::State& state) {
    auto layout = sp_mac_layout();
    layout.programs[0].dsd_ops[0].extent = {1, 1, 1, 1};
    fabric::fabric f(std::move(layout));
    for (auto _ : state) {
        auto r = f.run();
        benchmark::DoNotOptimize(r.cycles);
    }
}
BENCHMARK(BM_interpreter_run_overhead);

/// Building the fabric: validating and copying the layout, preparing the operation, initial memory.
void BM_fabric_construct_sp_mac_4096(benchmark::State& state) {
    const auto layout = sp_mac_layout();
    for (auto _ : state) {
        fabric::fabric f(layout);
        benchmark::DoNotOptimize(f.memory(0).data());
    }
}
BENCHMARK(BM_fabric_construct_sp_mac_4096);

/// Reusing one fabric with fresh inputs: load the memory image, then run.
void BM_interpreter_reload_sp_mac_4096(benchmark::State& state) {
    fabric::fabric f(sp_mac_layout());
    const std::vector<word> image = ir::initial_memory(f.layout().programs[0]);
    for (auto _ : state) {
        f.load(0, image);
        auto r = f.run();
        benchmark::DoNotOptimize(r.cycles);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * n);
}
BENCHMARK(BM_interpreter_reload_sp_mac_4096);

/// Fabric traffic: 4096 int16 wavelets from PE (0,0) through (1,0), which computes 3x + 1, to
/// (2,0). Reports simulated cycles per second of host time.
void BM_interpreter_stream_4096(benchmark::State& state) {
    auto op = [](ir::opcode code, ir::dsd dst, ir::dsd s0, ir::dsd s1 = {}, ir::dsd s2 = {}) {
        ir::dsd_op o;
        o.op = code;
        o.rank = 1;
        o.extent = {n, 1, 1, 1};
        o.dst = dst;
        o.src = {s0, s1, s2};
        return o;
    };
    auto queue = [](ir::dsd::kind k) {
        ir::dsd d;
        d.k = k;
        return d;
    };
    auto constant = [](std::uint32_t bits) {
        ir::dsd d;
        d.bits = bits;
        return d;
    };
    ir::dsd array;
    array.k = ir::dsd::kind::mem;
    array.stride = {1};
    const auto in = queue(ir::dsd::kind::fabin), out = queue(ir::dsd::kind::fabout);

    ir::layout l;
    l.width = 3;
    l.height = 1;
    l.programs.resize(3);
    l.programs[0].kernel = "send";
    ir::straight_line(l.programs[0], {op(ir::opcode::mov, out, array)});
    l.programs[0].memory_words = n;
    l.programs[1].kernel = "compute";
    ir::straight_line(l.programs[1], {op(ir::opcode::mac, out, in, constant(3), constant(1))});
    l.programs[2].kernel = "recv";
    ir::straight_line(l.programs[2], {op(ir::opcode::mov, array, in)});
    l.programs[2].memory_words = n;
    l.pes.resize(3);
    for (std::int32_t x = 0; x < 3; ++x) {
        l.pes[std::size_t(x)].x = x;
        l.pes[std::size_t(x)].program = std::uint32_t(x);
    }
    l.pes[0].output_color[0] = 0;
    l.pes[1].input_color[0] = 0;
    l.pes[1].output_color[0] = 1;
    l.pes[2].input_color[0] = 1;
    auto rule = [](int color, ir::port from, ir::port to) {
        return ir::color_route{std::uint8_t(color), {ir::switch_position{from, hw::bit(to)}}};
    };
    l.routers = {ir::router{0, 0, {rule(0, ir::port::core, ir::port::right)}},
                 ir::router{1, 0, {rule(0, ir::port::left, ir::port::core), rule(1, ir::port::core, ir::port::right)}},
                 ir::router{2, 0, {rule(1, ir::port::left, ir::port::core)}}};
    fabric::fabric f(std::move(l));
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        auto r = f.run();
        cycles = r.cycles;
        benchmark::DoNotOptimize(r.cycles);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * n);
    state.counters["cycles"] = double(cycles);
    state.counters["cycles_per_s"] =
        benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_interpreter_stream_4096);

}  // namespace
