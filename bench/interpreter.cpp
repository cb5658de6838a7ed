// The fabric interpreter against a plain C++ loop doing the same arithmetic.
//
// BM_interpreter_sp_mac/N: one PE, one f32 mac DSD operation over N elements (16, 256, 4096),
// through fabric::run: c[i] = a[i] * b[i] + c[i] (three 4096-element f32 arrays fill PE memory
// exactly, 3 x 8192 = 0x6000 words). BM_plain_loop_sp_mac/N: d[i] = a[i] * b[i] + c[i] over float
// vectors, and in place, to compare like with like. BM_interpreter_i16_add/N and
// BM_plain_loop_i16_add/N: the same for a 16-bit add, c[i] = a[i] + b[i].
// BM_dsd_kernel_dispatched/N and BM_dsd_kernel_selected/N: the same operation's kernel alone,
// called through the engine's pointer or by name. The others split out what a run costs around
// the operation: building a fabric from a layout, reloading memory, and streaming wavelets
// between PEs.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"

namespace {

using namespace wafer;

constexpr std::uint32_t n = 4096;

ir::dsd array_at(address base, std::int32_t stride) {
    ir::dsd d;
    d.k = ir::dsd::kind::mem;
    d.base = base;
    d.stride = {stride};
    return d;
}

std::vector<word> sp_image(float value, std::uint32_t length) {
    std::vector<word> w;
    for (std::uint32_t i = 0; i < length; ++i) {
        w.push_back(word(sp_bits(value)));
        w.push_back(word(sp_bits(value) >> 16));
    }
    return w;
}

/// One PE running one operation `op` of `type` over `length` elements of three arrays a, b, c
/// (c = op(a, b[, c])), each `words` words an element, filled from `fill`.
ir::layout one_operation(ir::opcode op, ir::data_type type, std::uint32_t length, std::vector<std::vector<word>> fill) {
    const std::uint32_t words = ir::words_of(type);
    const address a = 0, b = address(words * length), c = address(2 * words * length);
    ir::dsd_op o;
    o.op = op;
    o.type = type;
    o.rank = 1;
    o.extent = {length, 1, 1, 1};
    o.dst = array_at(c, std::int32_t(words));
    o.src = {array_at(a, std::int32_t(words)), array_at(b, std::int32_t(words)), op == ir::opcode::mac ? array_at(c, std::int32_t(words)) : ir::dsd{}};
    ir::pe_program p;
    p.kernel = "one_operation";
    ir::straight_line(p, {o});
    p.memory_words = 3 * words * length;
    p.data = {{a, std::move(fill[0])}, {b, std::move(fill[1])}, {c, std::move(fill[2])}};
    return ir::single_pe_layout(std::move(p));
}

/// Products stay exact and sums small, so repeated runs never reach infinities or denormals.
ir::layout sp_mac_layout(std::uint32_t length = n) {
    return one_operation(ir::opcode::mac, ir::data_type::f32, length,
                         {sp_image(0.5f, length), sp_image(0.5f, length), sp_image(1.0f, length)});
}

void run_repeatedly(benchmark::State& state, const ir::layout& layout, std::uint32_t length) {
    fabric::fabric f(layout);
    for (auto _ : state) {
        auto r = f.run();
        benchmark::DoNotOptimize(r.cycles);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * length);
}

void BM_interpreter_sp_mac(benchmark::State& state) {
    const auto length = std::uint32_t(state.range(0));
    run_repeatedly(state, sp_mac_layout(length), length);
}
BENCHMARK(BM_interpreter_sp_mac)->Arg(16)->Arg(256)->Arg(4096);

/// What choosing a DSD operation's kernel at compile time would save: the engine calls
/// the kernel prepare() chose for the operation's data type and opcode through a pointer, once per
/// burst (BM_dsd_kernel_dispatched/N); a C++ kernel whose types are known at compile time could
/// name it instead (BM_dsd_kernel_selected/N, detail::execute_typed<f32, mac>). Both run the
/// prepared f32 mac of BM_interpreter_sp_mac/N over the same memory, without the rest of a run.
template <bool Selected>
void dsd_kernel(benchmark::State& state) {
    const auto length = std::uint32_t(state.range(0));
    const ir::layout layout = sp_mac_layout(length);
    const ir::dsd_op& op = layout.programs[0].dsd_ops[0];
    const fabric::prepared_op prepared = fabric::prepare(op, hw::arch::wse2);
    std::vector<word> memory = ir::initial_memory(layout.programs[0]);
    std::vector<word> scratch(std::size_t(fabric::detail::operand_slots) * fabric::chunk_elements * 2);
    fabric::dsd_batch batch;
    batch.memory = memory.data();
    batch.count = length;
    batch.base = {op.dst.base, op.src[0].base, op.src[1].base, op.src[2].base};
    fabric::execute_fn dispatched = prepared.execute;
    for (auto _ : state) {
        if constexpr (Selected) {
            fabric::detail::execute_typed<ir::data_type::f32, ir::opcode::mac>(op, prepared, batch, scratch.data());
        } else {
            benchmark::DoNotOptimize(dispatched);  // chosen at run time, as the interpreter's is
            dispatched(op, prepared, batch, scratch.data());
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * length);
}
void BM_dsd_kernel_dispatched(benchmark::State& state) { dsd_kernel<false>(state); }
void BM_dsd_kernel_selected(benchmark::State& state) { dsd_kernel<true>(state); }
BENCHMARK(BM_dsd_kernel_dispatched)->Arg(1)->Arg(16)->Arg(256)->Arg(4096);
BENCHMARK(BM_dsd_kernel_selected)->Arg(1)->Arg(16)->Arg(256)->Arg(4096);

void BM_plain_loop_sp_mac(benchmark::State& state) {
    const auto length = std::size_t(state.range(0));
    std::vector<float> a(length, 0.5f), b(length, 0.5f), c(length, 1.0f), d(length);
    for (auto _ : state) {
        for (std::size_t i = 0; i < length; ++i) d[i] = a[i] * b[i] + c[i];
        benchmark::DoNotOptimize(d.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations() * length));
}
BENCHMARK(BM_plain_loop_sp_mac)->Arg(16)->Arg(256)->Arg(4096);

/// The same loop in place, like the interpreter's operation: c[i] = a[i] * b[i] + c[i].
void BM_plain_loop_sp_mac_in_place(benchmark::State& state) {
    const auto length = std::size_t(state.range(0));
    std::vector<float> a(length, 0.5f), b(length, 0.5f), c(length, 1.0f);
    for (auto _ : state) {
        for (std::size_t i = 0; i < length; ++i) c[i] = a[i] * b[i] + c[i];
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations() * length));
}
BENCHMARK(BM_plain_loop_sp_mac_in_place)->Arg(16)->Arg(256)->Arg(4096);

void BM_interpreter_i16_add(benchmark::State& state) {
    const auto length = std::uint32_t(state.range(0));
    const std::vector<word> ones(length, 1), twos(length, 2), zeros(length, 0);
    run_repeatedly(state, one_operation(ir::opcode::add, ir::data_type::i16, length, {ones, twos, zeros}), length);
}
BENCHMARK(BM_interpreter_i16_add)->Arg(16)->Arg(256)->Arg(4096);

void BM_plain_loop_i16_add(benchmark::State& state) {
    const auto length = std::size_t(state.range(0));
    std::vector<std::int16_t> a(length, 1), b(length, 2), c(length, 0);
    for (auto _ : state) {
        for (std::size_t i = 0; i < length; ++i) c[i] = std::int16_t(a[i] + b[i]);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations() * length));
}
BENCHMARK(BM_plain_loop_i16_add)->Arg(16)->Arg(256)->Arg(4096);

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
