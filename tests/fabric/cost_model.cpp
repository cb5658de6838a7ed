// The published rates, one DSD operation at a time: every opcode and element type (a conversion's
// every pair of types) on each processor,
// at lengths 1, 16 and 1024, a source strided 1, 2, 7 and 8 elements apart, its two memory sources
// placed in different banks or the same ones. The figures are stated here as their sources state
// them (docs/fidelity.md), apart from the interpreter's table, so that either can catch the other.
#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>

#include "../tungsten/kernel_run.hpp"
#include "layout_builders.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/image/format.hpp"
#include "wafer/ir/symbol_map.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// The CSL Appendix's table, "SIMD Mode": the maximum width of each builtin on WSE-2 and WSE-3.
struct published_width {
    std::string_view builtin;
    unsigned wse2, wse3;
};
constexpr published_width simd_table[] = {
    {"add16", 4, 8},  {"sub16", 4, 8},  {"and16", 4, 8},  {"or16", 4, 8},   {"xor16", 4, 8},  {"mov16", 4, 8},
    {"sar16", 1, 4},  {"sll16", 1, 4},  {"slr16", 1, 4},  {"mov32", 2, 4},  {"faddh", 4, 8},  {"fsubh", 4, 8},
    {"fmulh", 4, 8},  {"fmach", 4, 8},  {"fmovh", 4, 8},  {"fnegh", 4, 8},  {"fmaxh", 1, 8},  {"fadds", 2, 4},
    {"fsubs", 2, 4},  {"fmovs", 2, 4},  {"fnegs", 2, 4},  {"fmaxs", 1, 4},  {"fh2s", 1, 4},   {"fs2h", 1, 4},
    {"fs2xp16", 1, 4}, {"xp162fs", 1, 4}, {"fh2xp16", 1, 8}, {"xp162fh", 1, 8},
};

/// The conversion the hardware runs from `from` to `to`: between fp32, fp16 and a 16-bit integer.
std::string_view conversion(data_type from, data_type to) {
    const auto name = [](data_type t) -> std::string_view {
        return t == data_type::f16 ? "fh" : t == data_type::f32 ? "fs" : t == data_type::i16 || t == data_type::u16 ? "xp16" : "";
    };
    if (name(from).empty() || name(to).empty() || name(from) == name(to)) return "";
    if (from == data_type::f16 && to == data_type::f32) return "fh2s";
    if (from == data_type::f32 && to == data_type::f16) return "fs2h";
    if (from == data_type::f32) return "fs2xp16";
    if (to == data_type::f32) return "xp162fs";
    return from == data_type::f16 ? "fh2xp16" : "xp162fh";
}

/// The builtin the hardware runs for an operation; "" for one the table does not list (fmuls,
/// fmacs, 32-bit integer arithmetic, 16-bit integer products, integer min and max): one a cycle.
/// Integer negation is a sub16 from zero, min the twin of max, and ep, which only SDR has, runs
/// its products as fmulh and fmach and the rest as sp (wafer's choices, docs/fidelity.md).
std::string_view builtin(opcode op, data_type t, data_type from) {
    const bool half = t == data_type::f16, ep = t == data_type::ep;
    const bool single = t == data_type::f32 || ep, short_int = t == data_type::i16 || t == data_type::u16;
    switch (op) {
    case opcode::add: return half ? "faddh" : single ? "fadds" : short_int ? "add16" : "";
    case opcode::sub: return half ? "fsubh" : single ? "fsubs" : short_int ? "sub16" : "";
    case opcode::neg: return half ? "fnegh" : single ? "fnegs" : short_int ? "sub16" : "";
    case opcode::mov: return half ? "fmovh" : single ? "fmovs" : short_int ? "mov16" : "mov32";
    case opcode::mul: return half || ep ? "fmulh" : "";
    case opcode::mac: return half || ep ? "fmach" : "";
    case opcode::min:
    case opcode::max: return half ? "fmaxh" : single ? "fmaxs" : "";
    case opcode::bit_and: return short_int ? "and16" : "";
    case opcode::bit_or: return short_int ? "or16" : "";
    case opcode::bit_xor: return short_int ? "xor16" : "";
    case opcode::shl: return short_int ? "sll16" : "";
    case opcode::shr: return short_int ? "slr16" : "";
    case opcode::sar: return short_int ? "sar16" : "";
    case opcode::convert: return conversion(from, t);
    }
    return "";
}

unsigned table_width(hw::arch a, opcode op, data_type t, data_type from) {
    if (a == hw::arch::sdr)  // Tungsten reference, Extended Precision: four hp or ep products in an sp product's time
        return (op == opcode::mul || op == opcode::mac) && (t == data_type::f16 || t == data_type::ep) ? 4 : 1;
    const auto name = builtin(op, t, from);
    for (const auto& w : simd_table)
        if (w.builtin == name) return a == hw::arch::wse2 ? w.wse2 : w.wse3;
    return 1;
}

/// The Appendix's stride rules, read on the step in 16-bit words (the banks' unit); "two
/// operations per cycle, or a SIMD width of 4" for a remainder of 4 is read as two.
unsigned stride_limit(std::int64_t step_words) {
    if (step_words == 0 || step_words == 1) return 8;
    switch (step_words % 8) {
    case 2: case 3: case 5: case 6: return 8;
    case 1: case 7: case 4: return 2;
    default: return 1;
    }
}

}  // namespace

TEST_CASE("every DSD operation runs at its processor's published rate: SIMD width, stride and bank placement") {
    constexpr address dst = 0, second = 2048, first = 4096;  // first: the strided source
    int runs = 0;
    for (const hw::arch a : {hw::arch::sdr, hw::arch::wse2, hw::arch::wse3})
        for (int o = 0; o < ir::opcode_count; ++o)
            for (int ty = 0; ty < ir::data_type_count; ++ty)
                for (int fr = 0; fr < (opcode(o) == opcode::convert ? ir::data_type_count : 1); ++fr) {
                    const auto code = opcode(o);
                    const auto type = data_type(ty), from = data_type(fr);
                    if (ir::integer_only(code) && ir::is_float(type)) continue;
                    const int sources = ir::sources_of(code);
                    const std::int32_t words = std::int32_t(ir::words_of(type));
                    // The first source's elements: a conversion's have their own type.
                    const std::int32_t first_words = std::int32_t(ir::words_of(code == opcode::convert ? from : type));
                    for (const std::uint32_t n : {1u, 16u, 1024u})
                        for (const std::int32_t stride : {1, 2, 7, 8})
                            for (const bool same_banks : {false, true}) {
                                // The second source starts four words from the first's bank, or in it.
                                const address b = second + (same_banks ? 0 : 4);
                                std::vector<ir::dsd> src{mem(first, {stride * first_words})};
                                if (sources >= 2) src.push_back(mem(b, {words}));
                                if (sources == 3) src.push_back(imm(0));
                                ir::dsd_op op = test::op(code, type, {n}, mem(dst, {words}), {});
                                op.from = from;
                                std::copy(src.begin(), src.end(), op.src.begin());
                                fabric::fabric f(ir::single_pe_layout(program("k", {op}, first + n * std::uint32_t(stride * first_words)), a));
                                const auto r = f.run();
                                unsigned width = table_width(a, code, type, from);
                                if (a != hw::arch::sdr && n > 1) {
                                    width = std::min(width, stride_limit(stride * first_words));
                                    if (sources >= 2 && same_banks) width = std::max(1u, width / 2);
                                }
                                INFO(hw::name_of(a) << ' ' << o << " type " << ty << " from " << fr << " n " << n << " stride " << stride
                                                    << (same_banks ? " same banks" : ""));
                                REQUIRE(r.status == fabric::run_status::halted);
                                CHECK(r.cycles == hw::timing_of(a).issue_cycles + (n + width - 1) / width);
                                ++runs;
                            }
                }
    CHECK(runs > 5000);
}

TEST_CASE("a scalar fp32 divide takes about fifty cycles on WSE-2 and WSE-3; an integer one, and any on SDR, eight") {
    // The same kernel on each processor: only the divide's cost differs.
    const std::string sp = "sp a = 1.0; sp b = 3.0; sp q;\nq = a / b;\n";
    const std::string xp = "xp a = 7; xp b = 2; xp q;\nq = a / b;\n";
    auto cycles = [](const std::string& text, hw::arch a) {
        tungsten::lower_options o;
        o.arch = a;
        return run(text, {}, o).result.cycles;
    };
    CHECK(cycles(sp, hw::arch::wse2) - cycles(sp, hw::arch::sdr) == 50 - 8);
    CHECK(cycles(sp, hw::arch::wse3) == cycles(sp, hw::arch::wse2));
    CHECK(cycles(xp, hw::arch::wse2) == cycles(xp, hw::arch::sdr));
    CHECK(run(sp).real("q") == 1.0f / 3.0f);
}

TEST_CASE("a mac over three arrays in memory: no placement keeps three sources apart, so its rate halves") {
    // fmach: four a cycle on WSE-2, eight on WSE-3; the sources four words apart pairwise where they can be.
    const auto mac = test::op(opcode::mac, data_type::f16, {64}, mem(0), {mem(64), mem(132), mem(200)});
    for (const auto& [a, width] : {std::pair{hw::arch::wse2, 4u}, {hw::arch::wse3, 8u}}) {
        fabric::fabric f(ir::single_pe_layout(program("k", {mac}, 264), a));
        CHECK(f.run().cycles == hw::timing_of(a).issue_cycles + 64 / (width / 2));
    }
}

TEST_CASE("an image records its processor, and a run of it takes that processor's timing") {
    // 16 f16 additions: one a cycle on SDR, four on WSE-2, eight on WSE-3 (the sources four words apart).
    const auto add = test::op(opcode::add, data_type::f16, {16}, mem(0), {mem(16), mem(36)});
    for (const auto& [a, rate] : {std::pair{hw::arch::sdr, 1u}, {hw::arch::wse2, 4u}, {hw::arch::wse3, 8u}}) {
        image::image im;
        im.layout = ir::single_pe_layout(program("k", {add}, 52), a);
        const auto back = image::from_bytes(image::to_bytes(im), "k.img");
        CHECK(back.layout.arch == a);
        fabric::fabric f(back.layout);
        CHECK(f.run().cycles == hw::timing_of(a).issue_cycles + 16 / rate);
    }
}
