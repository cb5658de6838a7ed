#include "wafer/tungsten/lower.hpp"

#include <doctest/doctest.h>

#include "lower_test_ast.hpp"

using namespace wafer;
using namespace wafer::tungsten;
using namespace wafer::tungsten::test_ast;
using bt = base_type;

namespace {

/// The initial data of a kernel with one top-level declaration.
std::vector<word> data_of(ast::var_decl decl) {
    auto p = lowered(kernel({std::move(decl)}));
    REQUIRE(p.data.size() == 1);
    CHECK(p.data[0].base == 0);
    return p.data[0].words;
}

using words = std::vector<word>;

}  // namespace

TEST_CASE("reference §5: a list of one value fills every element") {
    CHECK(data_of(var(bt::xp, "a", {dim("n", lit(4))}, ints({1}))) == words{1, 1, 1, 1});
    CHECK(data_of(var(bt::xp, "a", {dim("n", lit(4))}, ints({1, 2, 3, 4}))) == words{1, 2, 3, 4});
    CHECK(data_of(var(bt::xp, "g", {dim(2), dim(2)}, ints({7}))) == words{7, 7, 7, 7});
    CHECK(data_of(var(bt::sp, "h", {dim("n", lit(2))}, list({value(real(0.0))}))) == words{0, 0, 0, 0});
}

TEST_CASE("reference §5: a shorter list of two or more values zero-fills, {} zero-fills") {
    CHECK(data_of(var(bt::xp, "c", {dim("n", lit(4))}, ints({5, 6}))) == words{5, 6, 0, 0});
    CHECK(data_of(var(bt::xp, "a", {dim("n", lit(4))}, list())) == words{0, 0, 0, 0});
}

TEST_CASE("reference §5: nested lists per dimension, an empty inner list zero-fills its row") {
    CHECK(data_of(var(bt::xp, "a", {dim("n", lit(2)), dim("m", lit(4))},
                      list({ints({1, 2, 3, 4}), ints({5, 6, 7, 8})}))) == words{1, 2, 3, 4, 5, 6, 7, 8});
    CHECK(data_of(var(bt::xp, "a", {dim("n", lit(2)), dim("m", lit(3))}, list({list(), ints({1, 2, 3})}))) ==
          words{0, 0, 0, 1, 2, 3});
    CHECK(data_of(var(bt::xp, "a", {dim(3), dim(2)}, list({ints({1, 2}), ints({3, 4})}))) == words{1, 2, 3, 4, 0, 0});
}

TEST_CASE("reference §3/§5: 64-bit initializers keep all 64 bits, little-endian words") {
    // u64 x[n=2] = {0x0123456789abcdef, -1};
    CHECK(data_of(var(bt::u64, "x", {dim("n", lit(2))}, list({value(lit(0x0123456789abcdef)), value(-lit(1))}))) ==
          words{0xcdef, 0x89ab, 0x4567, 0x0123, 0xffff, 0xffff, 0xffff, 0xffff});
    // u64 x[m=2] = {0x0123456789abcdef, 0xfedcba9876543210}; (the literal's 64 bits as the parser stores them)
    CHECK(data_of(var(bt::u64, "x", {dim("m", lit(2))},
                      ints({0x0123456789abcdef, static_cast<std::int64_t>(0xfedcba9876543210)}))) ==
          words{0xcdef, 0x89ab, 0x4567, 0x0123, 0x3210, 0x7654, 0xba98, 0xfedc});
    // s64 y[n=2] = {0x7fffffffffffffff}; a single element fills the array
    CHECK(data_of(var(bt::s64, "y", {dim("n", lit(2))}, ints({0x7fffffffffffffff}))) ==
          words{0xffff, 0xffff, 0xffff, 0x7fff, 0xffff, 0xffff, 0xffff, 0x7fff});
    // u64 w[n=1] = {0x80000000};
    CHECK(data_of(var(bt::u64, "w", {dim("n", lit(1))}, ints({0x80000000}))) == words{0x0000, 0x8000, 0, 0});
}

TEST_CASE("reference §5: u32 keeps the low 32 bits (wafer warns), sp takes the nearest float") {
    diagnostics ds;
    auto p = lower(kernel({var(bt::u32, "z", {dim("n", lit(1))}, ints({0x100000005}))}), {}, ds);
    CHECK(p.data[0].words == words{5, 0});
    REQUIRE(ds.list().size() == 1);
    CHECK(ds.list()[0].level == severity::warning);
    CHECK(ds.list()[0].message == "0x100000005 does not fit in u32: only its low 32 bits are kept (0x5)");
    // sp f[n=1] = {0x100000001}; is 4294967296.0
    CHECK(sp_bits(4294967296.0f) == 0x4f800000);
    CHECK(data_of(var(bt::sp, "f", {dim("n", lit(1))}, ints({0x100000001}))) == words{0x0000, 0x4f80});
    CHECK(data_of(var(bt::s32, "s", {dim(2)}, list({value(-lit(2)), value(lit(0x7fffffff))}))) ==
          words{0xfffe, 0xffff, 0xffff, 0x7fff});
}

TEST_CASE("reference §4: scalar initializers are data at top level, low word first") {
    // xp y = 5; sp pi = 3.14159; volatile xp run = 0; u1 flag = 1;
    auto p = lowered(kernel({scalar(bt::xp, "y", lit(5)), scalar(bt::sp, "pi", real(3.14159)),
                             scalar(bt::xp, "run", lit(0)), scalar(bt::u1, "flag", lit(1))}));
    const auto pi = sp_bits(3.14159f);
    CHECK(p.data == std::vector<ir::segment>{
                        {0, {5}}, {2, {static_cast<word>(pi), static_cast<word>(pi >> 16)}}, {4, {0}}, {5, {1}}});
    CHECK(p.dsd_ops.empty());
}

TEST_CASE("a block-scope initializer runs where the declaration stands") {
    // { xp a[n=4] = {}; sp c[n=3] = {5, 6}; xp s = 2; }
    auto p =
        lowered(kernel({block({var(bt::xp, "a", {dim("n", lit(4))}, list()),
                               var(bt::sp, "c", {dim("n", lit(3))}, ints({5, 6})), scalar(bt::xp, "s", lit(2))})}));
    REQUIRE(p.dsd_ops.size() == 3);
    const auto& zero = p.dsd_ops[0];
    CHECK(zero.op == ir::opcode::mov);
    CHECK(zero.rank == 1);
    CHECK(zero.extent[0] == 4);
    CHECK(zero.dst == mem(0, {1}));
    CHECK(zero.src[0] == imm(0));
    const auto& copy = p.dsd_ops[1];  // c at 4..9, its values at 10..15
    CHECK(copy.type == ir::data_type::f32);
    CHECK(copy.extent[0] == 3);
    CHECK(copy.dst == mem(4, {2}));
    CHECK(copy.src[0] == mem(10, {2}));
    const auto five = sp_bits(5.0f), six = sp_bits(6.0f);
    CHECK(p.data == std::vector<ir::segment>{{10,
                                              {static_cast<word>(five), static_cast<word>(five >> 16),
                                               static_cast<word>(six), static_cast<word>(six >> 16), 0, 0}}});
    CHECK(p.dsd_ops[2].dst == mem(16));
    CHECK(p.dsd_ops[2].src[0] == imm(2));
    CHECK(p.symbols.empty());
    CHECK(p.memory_words == 17);
}

TEST_CASE("reference §5: unnamed dimensions are n0, n1, ..., 32-bit elements add _word<2") {
    // xp b[4]; sp matrix[m=3][n=4]; xp c[n=2][3]; sp s; u64 x[2]; u64 q;
    auto p = lowered(kernel({var(bt::xp, "b", {dim(4)}), var(bt::sp, "matrix", {dim("m", lit(3)), dim("n", lit(4))}),
                             var(bt::xp, "c", {dim("n", lit(2)), dim(3)}), var(bt::sp, "s"),
                             var(bt::u64, "x", {dim(2)}), var(bt::u64, "q")}));
    using dims = std::vector<ir::dimension>;
    REQUIRE(p.symbols.size() == 6);
    CHECK(p.symbols[0] == ir::symbol{"b", ir::value_format::s16, 0, dims{{"n0", 4, 1}}});
    CHECK(p.symbols[1] == ir::symbol{"matrix", ir::value_format::f32, 4, dims{{"m", 3, 8}, {"n", 4, 2}, {"_word", 2, 1}}});
    CHECK(p.symbols[2] == ir::symbol{"c", ir::value_format::s16, 28, dims{{"n", 2, 3}, {"n1", 3, 1}}});
    CHECK(p.symbols[3] == ir::symbol{"s", ir::value_format::f32, 34, dims{{"_word", 2, 1}}});
    CHECK(p.symbols[4] == ir::symbol{"x", ir::value_format::u64, 36, dims{{"n0", 2, 4}, {"_word", 4, 1}}});
    CHECK(p.symbols[5] == ir::symbol{"q", ir::value_format::u64, 44, dims{{"_word", 4, 1}}});
    CHECK(p.memory_words == 48);
}

TEST_CASE("reference §3 sizeof: xp, u1, u16 and hp take 1 word, u32, s32, sp and ep 2 (even), u64 and s64 4") {
    auto p =
        lowered(kernel({var(bt::xp, "a"), var(bt::u32, "b"), var(bt::u1, "c"), var(bt::s32, "d"), var(bt::u16, "e"),
                        var(bt::ep, "f"), var(bt::hp, "g"), var(bt::s64, "h"), var(bt::xp, "v", {dim(4)})}));
    std::vector<address> bases;
    for (const auto& s : p.symbols) bases.push_back(s.base);
    CHECK(bases == std::vector<address>{0, 2, 4, 6, 8, 10, 12, 14, 18});
    CHECK(p.memory_words == 22);  // sizeof(v) == 4
}
