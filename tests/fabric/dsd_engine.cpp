// One PE running DSD operations over memory, index and immediate operands: values and cycles.
#include "wafer/fabric/dsd_engine.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"

using namespace wafer;
using namespace wafer::test;
using fabric::op_cycles;

namespace {

struct single_run {
    fabric::fabric f;
    fabric::run_result r;
    explicit single_run(ir::pe_program p) : f(ir::single_pe_layout(std::move(p))), r(f.run()) {}
    std::vector<word> words(address base, std::size_t n) const {
        auto m = f.memory(0);
        return {m.begin() + base, m.begin() + base + std::ptrdiff_t(n)};
    }
    std::uint32_t u32(address at) const { return std::uint32_t(f.memory(0)[at]) | std::uint32_t(f.memory(0)[at + 1]) << 16; }
    float sp(address at) const { return sp_value(u32(at)); }
};

}  // namespace

TEST_CASE("int16 add, mul and mac over memory, index and immediate operands") {
    // a[4] at 0, b[4] at 4; results at 8, 12, 16.
    auto p = program("arith",
                     {op(opcode::add, data_type::i16, {4}, mem(8), {mem(0), mem(4)}),
                      op(opcode::mul, data_type::i16, {4}, mem(12), {mem(0), index(10)}),
                      op(opcode::mac, data_type::i16, {4}, mem(16), {mem(4), imm(300), imm(7)})},
                     20, {words(0, {1, 2, 3, 0xffff}), words(4, {10, 20, 300, 2})});
    single_run s(p);
    REQUIRE(s.r.status == fabric::run_status::halted);
    CHECK(s.words(8, 4) == std::vector<word>{11, 22, 303, 1});                 // 0xffff + 2 wraps
    CHECK(s.words(12, 4) == std::vector<word>{10, 22, 36, word(0xffff * 13)});  // a[i] * (10 + i)
    CHECK(s.words(16, 4) == std::vector<word>{3007, 6007, word(300 * 300 + 7), 607});
    // WSE-2 (the default) adds 16-bit integers four a cycle (add16); 16-bit products and mac are
    // not in its SIMD table: one a cycle.
    const std::uint64_t expected = op_cycles(4, 4) + 2 * op_cycles(4, 1);
    CHECK(s.r.cycles == expected);
    CHECK(s.f.pe_cycles(0) == expected);
    CHECK(s.r.diagnostics.empty());
}

TEST_CASE("sub, neg and mov, a scalar operation is one element") {
    auto p = program("misc",
                     {op(opcode::sub, data_type::i16, {3}, mem(4), {mem(0), imm(5)}),
                      op(opcode::neg, data_type::i16, {3}, mem(8), {mem(0)}),
                      op(opcode::mov, data_type::i16, {}, scalar(12), {imm(0xbeef)})},
                     13, {words(0, {7, 5, 0})});
    single_run s(p);
    CHECK(s.words(4, 3) == std::vector<word>{2, 0, word(-5)});
    CHECK(s.words(8, 3) == std::vector<word>{word(-7), word(-5), 0});
    CHECK(s.words(12, 1) == std::vector<word>{0xbeef});
    CHECK(s.r.cycles == 2 * op_cycles(3, 4) + op_cycles(1, 4));  // sub16, neg as sub16, mov16
}

TEST_CASE("int32 takes two words, low first, and carries across them") {
    auto p = program("wide", {op(opcode::add, data_type::i32, {2}, mem(4, {2}), {mem(0, {2}), imm(1)}),
                              op(opcode::mul, data_type::i32, {}, scalar(8), {imm(0x10000), imm(0x10001)})},
                     10, {words(0, {0xffff, 0x0000, 0xffff, 0xffff})});
    single_run s(p);
    CHECK(s.u32(4) == 0x10000u);
    CHECK(s.u32(6) == 0u);  // 0xffffffff + 1 wraps
    CHECK(s.u32(8) == 0x10000u);  // 0x10000 * 0x10001 = 0x1'0001'0000 wraps to 32 bits
}

TEST_CASE("f32 mac rounds the product before adding (two roundings, not fused)") {
    const float a = 1.0f + std::ldexp(1.0f, -12);
    const float c = -(1.0f + std::ldexp(1.0f, -11));
    volatile float product = a * a;  // rounded, as the model says
    const float unfused = product + c;
    REQUIRE(unfused != std::fma(a, a, c));  // the values tell the two apart
    auto p = program("sp", {op(opcode::mac, data_type::f32, {3}, mem(12, {2}), {mem(0, {2}), mem(0, {2}), mem(6, {2})})},
                     18, {words(0, sp_words({a, 2.0f, -1.5f})), words(6, sp_words({c, 0.25f, 1.0f}))});
    single_run s(p);
    CHECK(s.sp(12) == unfused);
    CHECK(s.sp(12) == 0.0f);
    CHECK(s.sp(14) == 4.25f);
    CHECK(s.sp(16) == 3.25f);
    CHECK(s.r.cycles == op_cycles(3, 1));  // fmacs: one a cycle
}

TEST_CASE("an f32 index operand is the integer value converted to float") {
    auto p = program("sp_index", {op(opcode::mul, data_type::f32, {3}, mem(0, {2}), {index(-1), imm(sp_bits(0.5f))})}, 6);
    single_run s(p);
    CHECK(s.sp(0) == -0.5f);
    CHECK(s.sp(2) == 0.0f);
    CHECK(s.sp(4) == 0.5f);
}

TEST_CASE("rank-2 strides: a transposed copy and a strided index") {
    // src is 3 x 4 row-major at 0; dst[j][i] = src[i][j] at 12 (4 x 3).
    std::vector<word> src(12);
    for (word i = 0; i < 12; ++i) src[i] = word(100 + i);
    auto p = program("transpose",
                     {op(opcode::mov, data_type::i16, {3, 4}, mem(12, {1, 3}), {mem(0, {4, 1})}),
                      op(opcode::add, data_type::i16, {2, 3}, mem(24, {3, 1}), {index(0, {10, 1}), imm(1)})},
                     30, {words(0, src)});
    single_run s(p);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) CHECK(s.f.memory(0)[std::size_t(12 + j * 3 + i)] == 100 + i * 4 + j);
    CHECK(s.words(24, 6) == std::vector<word>{1, 2, 3, 11, 12, 13});
    // Steps of 1 and 3 words keep mov16's and add16's full width (four a cycle on WSE-2).
    CHECK(s.r.cycles == op_cycles(12, 4) + op_cycles(6, 4));
}

TEST_CASE("dense rank-3 operands are walked like one row, with the same values") {
    std::vector<word> a(24), b(24);
    for (word i = 0; i < 24; ++i) a[i] = i, b[i] = word(1000 + 2 * i);
    auto p = program("dense", {op(opcode::add, data_type::i16, {2, 3, 4}, mem(48, {12, 4, 1}), {mem(0, {12, 4, 1}), mem(24, {12, 4, 1})})},
                     72, {words(0, a), words(24, b)});
    const auto prepared = fabric::prepare(p.dsd_ops[0], hw::arch::wse2);
    CHECK(prepared.extent == std::array<std::uint64_t, 4>{1, 1, 1, 24});
    single_run s(p);
    for (word i = 0; i < 24; ++i) CHECK(s.f.memory(0)[48u + i] == 1000 + 3 * i);
}

TEST_CASE("elements run in order, so an operation sees its own earlier results") {
    // a[i + 1] = a[i] + 1 over one array: a running count, not a shifted copy.
    auto p = program("chain", {op(opcode::add, data_type::i16, {5}, mem(1), {mem(0), imm(1)})}, 6, {words(0, {5})});
    single_run s(p);
    CHECK(s.words(0, 6) == std::vector<word>{5, 6, 7, 8, 9, 10});
}

TEST_CASE("an index operand longer than one staging chunk") {
    const std::uint32_t n = std::uint32_t(fabric::chunk_elements) * 2 + 3;
    auto p = program("long", {op(opcode::add, data_type::i16, {n}, mem(0), {index(0), imm(1)})}, n);
    single_run s(p);
    bool all = true;
    for (std::uint32_t i = 0; i < n; ++i) all = all && s.f.memory(0)[i] == word(i + 1);
    CHECK(all);
    CHECK(s.r.cycles == op_cycles(n, 4));
}

TEST_CASE("an operation with no elements costs its issue cycles only") {
    auto p = program("empty", {op(opcode::mov, data_type::i16, {0}, mem(0), {imm(1)})}, 1, {words(0, {9})});
    single_run s(p);
    CHECK(s.f.memory(0)[0] == 9);
    CHECK(s.r.cycles == op_cycles(0, 4));
}

TEST_CASE("memory grows on demand up to the end of PE memory") {
    auto p = program("grow", {op(opcode::mov, data_type::i16, {2}, mem(0x5ffe), {imm(7)})}, 4);
    single_run s(p);
    REQUIRE(s.r.status == fabric::run_status::halted);
    CHECK(s.f.memory(0).size() == hw::memory_words);
    CHECK(s.f.memory(0)[0x5fff] == 7);
}

TEST_CASE("the PE plans a stream's bursts from its queues, anything else through the general plan; a stream at an element a cycle from queue to queue rides") {
    using form = fabric::prepared_op::form;
    auto shape = [](const ir::dsd_op& o) { return fabric::prepare(o, hw::arch::wse2).shape; };
    auto rides = [](const ir::dsd_op& o) { return int(fabric::prepare(o, hw::arch::wse2).riding_source); };
    const auto relay = op(opcode::mov, data_type::i16, {8}, fabout(1), {fabin(0)});
    CHECK(shape(relay) == form::stream);
    CHECK(rides(relay) == 0);
    CHECK(shape(op(opcode::mov, data_type::i16, {8}, mem(0), {fabin(0)})) == form::stream);
    CHECK(shape(op(opcode::mov, data_type::i16, {8}, fabout(1), {mem(0)})) == form::stream);
    // Any opcode, with memory and constant operands beside its queues: `tx <- rx * 3 + 1`, a
    // stencil's `sum = sum + rx`.
    const auto computes = op(opcode::mac, data_type::i16, {8}, fabout(1), {fabin(0), imm(3), imm(1)});
    CHECK(shape(computes) == form::stream);
    CHECK(rides(computes) == 0);
    CHECK(rides(op(opcode::add, data_type::f32, {8}, fabout(1), {mem(0), fabin(2)})) == 1);
    const auto add_one = op(opcode::add, data_type::f32, {}, scalar(0), {scalar(0), fabin(2)});
    CHECK(shape(add_one) == form::stream);
    CHECK(rides(add_one) == -1);  // into memory
    CHECK(shape(op(opcode::add, data_type::f32, {2}, mem(0), {mem(0), fabin(2)})) == form::stream);
    // Two input queues: a stream that does not ride. f16 products from a queue go as fast as the
    // queue, a wavelet a cycle, and ride.
    CHECK(rides(op(opcode::add, data_type::i16, {8}, fabout(1), {fabin(0), fabin(2)})) == -1);
    const auto products = op(opcode::mul, data_type::f16, {8}, fabout(1), {fabin(0), imm(0x3c00)});
    CHECK(shape(products) == form::stream);
    CHECK(rides(products) == 0);
    // An asynchronous operation, two dimensions or a fabric option: the general path plans them.
    auto async = add_one;
    async.async = true;
    CHECK(shape(async) == form::general);
    CHECK(rides(async) == -1);
    auto simd = op(opcode::add, data_type::i16, {}, scalar(0), {scalar(0), fabin(2)});
    simd.src[1].simd = ir::simd_mode::simd32;
    CHECK(shape(simd) == form::general);
    auto control = op(opcode::mov, data_type::i16, {}, fabout(1), {imm(5)});
    control.dst.control = true;
    CHECK(shape(control) == form::general);
    CHECK(shape(op(opcode::mov, data_type::i16, {4, 2}, fabout(1), {mem(0, {1, 8})})) == form::general);
}
