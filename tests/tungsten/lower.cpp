#include "wafer/tungsten/lower.hpp"
#include "wafer/tungsten/detail/report.hpp"

#include <doctest/doctest.h>

#include <string>

#include "lower_test_ast.hpp"

using namespace wafer;
using namespace wafer::tungsten;
using namespace wafer::tungsten::test_ast;
using bt = base_type;
using ir::opcode;

namespace {

ir::dsd_op op_of(opcode code, ir::data_type type, std::uint8_t rank, std::array<std::uint32_t, 4> extent, ir::dsd dst,
                 std::vector<ir::dsd> src) {
    ir::dsd_op o;
    o.op = code;
    o.type = type;
    o.rank = rank;
    o.extent = extent;
    o.dst = dst;
    for (std::size_t k = 0; k < src.size(); ++k) o.src[k] = src[k];
    return o;
}

}  // namespace

TEST_CASE("addresses and literals in the lowering's messages") {
    CHECK(tungsten::detail::address_text(0x14) == "0x0014");
    CHECK(tungsten::detail::address_text(0x12345) == "0x12345");
    CHECK(tungsten::detail::literal_text(-3) == "-3");
    CHECK(tungsten::detail::literal_text(255) == "0xff");
}

TEST_CASE("reference §1: i in [0, N) a[i] <- a[i] + b, is one add of rank 1") {
    auto p = lowered(kernel({param("N"), var(bt::xp, "a", {dim("n", id("N"))}), scalar(bt::xp, "b", lit(1)),
                             assign({loop("i", lit(0), id("N"))}, at("a", id("i")), at("a", id("i")) + id("b"), true)}),
                     {{"N", 8}});
    CHECK(p.kernel == "k");
    CHECK(p.params == std::vector<ir::param_value>{{"N", 8}});
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] ==
          op_of(opcode::add, ir::data_type::i16, 1, {8, 1, 1, 1}, mem(0, {1}), {mem(0, {1}), mem(8, {0})}));
    CHECK(p.symbols == std::vector<ir::symbol>{{"a", ir::value_format::s16, 0, {{"n", 8, 1}}}, {"b", ir::value_format::s16, 8, {}}});
    CHECK(p.data == std::vector<ir::segment>{{8, {1}}});
    CHECK(p.memory_words == 9);
}

TEST_CASE("= lowers as <- does, and a named top-level block runs in place") {
    auto body = [](bool stream) {
        return kernel({var(bt::xp, "a", {dim(4)}),
                       block({assign({loop("i", lit(0), lit(4))}, at("a", id("i")), at("a", id("i")) + lit(1), stream)},
                             "main")});
    };
    auto p = lowered(body(false));
    CHECK(p == lowered(body(true)));
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] == op_of(opcode::add, ir::data_type::i16, 1, {4, 1, 1, 1}, mem(0, {1}), {mem(0, {1}), imm(1)}));
}

TEST_CASE("i in [0, 4096) d[i] = a[i] * b[i] + c, over sp is one mac with strides 2") {
    // Three sp arrays of 4096 fill PE memory exactly; c is a socket.
    auto p = lowered(kernel(
        {sock(bt::sp, "c"), var(bt::sp, "d", {dim(4096)}), var(bt::sp, "a", {dim(4096)}), var(bt::sp, "b", {dim(4096)}),
         assign({loop("i", lit(0), lit(4096))}, at("d", id("i")), at("a", id("i")) * at("b", id("i")) + id("c"))}));
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] == op_of(opcode::mac, ir::data_type::f32, 1, {4096, 1, 1, 1}, mem(0, {2}),
                             {mem(8192, {2}), mem(16384, {2}), fabin(0)}));
    CHECK(p.memory_words == 0x6000);
}

TEST_CASE("d[i] = a[i] * b[i] + c[i] and c[i] + a[i] * b[i] over sp arrays are one mac each") {
    for (bool product_first : {true, false}) {
        auto product = at("a", id("i")) * at("b", id("i"));
        auto value = product_first ? product + at("c", id("i")) : at("c", id("i")) + product;
        auto p = lowered(
            kernel({var(bt::sp, "a", {dim(1024)}), var(bt::sp, "b", {dim(1024)}), var(bt::sp, "c", {dim(1024)}),
                    var(bt::sp, "d", {dim(1024)}), assign({loop("i", lit(0), lit(1024))}, at("d", id("i")), value)}));
        REQUIRE(p.dsd_ops.size() == 1);
        CHECK(p.dsd_ops[0] == op_of(opcode::mac, ir::data_type::f32, 1, {1024, 1, 1, 1}, mem(6144, {2}),
                                 {mem(0, {2}), mem(2048, {2}), mem(4096, {2})}));
    }
}

TEST_CASE("reference §8: a loop iterator used as a value is an index operand") {
    auto p = lowered(kernel({param("N"), var(bt::xp, "a", {dim("n", id("N"))}),
                             assign({loop("i", lit(0), id("N"))}, at("a", id("i")), id("i"))}),
                     {{"N", 16}});
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] == op_of(opcode::mov, ir::data_type::i16, 1, {16, 1, 1, 1}, mem(0, {1}), {index(0, {1})}));
}

TEST_CASE("affine subscripts and iterator values are offset by the loops' lower bounds") {
    // i in [2, 6) a[i] = b[i - 2] + (2 * i + 1)
    auto p = lowered(kernel({var(bt::xp, "a", {dim(8)}), var(bt::xp, "b", {dim(4)}),
                             assign({loop("i", lit(2), lit(6))}, at("a", id("i")),
                                    at("b", id("i") - lit(2)) + (lit(2) * id("i") + lit(1)))}));
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] ==
          op_of(opcode::add, ir::data_type::i16, 1, {4, 1, 1, 1}, mem(2, {1}), {mem(8, {1}), index(5, {2})}));
}

TEST_CASE("two loops walk row-major strides: a transpose is one mov of rank 2") {
    // xp m[2][3], t[3][2]; i in [0, 2) j in [0, 3) m[i][j] = t[j][i];
    auto p = lowered(kernel({var(bt::xp, "m", {dim(2), dim(3)}), var(bt::xp, "t", {dim(3), dim(2)}),
                             assign({loop("i", lit(0), lit(2)), loop("j", lit(0), lit(3))}, at("m", id("i"), id("j")),
                                    at("t", id("j"), id("i")))}));
    REQUIRE(p.dsd_ops.size() == 1);
    CHECK(p.dsd_ops[0] == op_of(opcode::mov, ir::data_type::i16, 2, {2, 3, 1, 1}, mem(0, {3, 1}), {mem(6, {1, 2})}));
}

TEST_CASE("each operation shape is one operation") {
    auto a = at("a", id("i")), b = at("b", id("i")), c = at("c", id("i"));
    auto lower_one = [&](ast::expr value) {
        auto p = lowered(kernel({var(bt::s32, "a", {dim(4)}), var(bt::s32, "b", {dim(4)}), var(bt::s32, "c", {dim(4)}),
                                 assign({loop("i", lit(0), lit(4))}, c, std::move(value))}));
        REQUIRE(p.dsd_ops.size() == 1);
        CHECK(p.dsd_ops[0].type == ir::data_type::i32);
        CHECK(p.dsd_ops[0].dst == mem(16, {2}));
        return p.dsd_ops[0];
    };
    auto neg = lower_one(-a);
    CHECK(neg.op == opcode::neg);
    CHECK(neg.src[0] == mem(0, {2}));
    auto sub = lower_one(a - b);
    CHECK(sub.op == opcode::sub);
    CHECK(sub.src[1] == mem(8, {2}));
    auto mul = lower_one(a * lit(-3));
    CHECK(mul.op == opcode::mul);
    CHECK(mul.src[1] == imm(0xfffffffd));
    auto mac = lower_one(lit(2) * a + lit(7));
    CHECK(mac.op == opcode::mac);
    CHECK(mac.src == std::array<ir::dsd, 3>{imm(2), mem(0, {2}), imm(7)});
    auto folded = lower_one(lit(2) * lit(3) + b);  // a constant product is a leaf
    CHECK(folded.op == opcode::add);
    CHECK(folded.src[0] == imm(6));
}

TEST_CASE("deeper values go through dense temporaries after the variables") {
    auto x = [](const char* n) { return at(n, id("i")); };
    SUBCASE("a*b + c*d: the second product first, then one mac") {
        auto p = lowered(kernel({var(bt::xp, "a", {dim(4)}), var(bt::xp, "b", {dim(4)}), var(bt::xp, "c", {dim(4)}),
                                 var(bt::xp, "d", {dim(4)}), var(bt::xp, "e", {dim(4)}),
                                 assign({loop("i", lit(0), lit(4))}, x("e"), x("a") * x("b") + x("c") * x("d"))}));
        REQUIRE(p.dsd_ops.size() == 2);
        CHECK(p.dsd_ops[0] ==
              op_of(opcode::mul, ir::data_type::i16, 1, {4, 1, 1, 1}, mem(20, {1}), {mem(8, {1}), mem(12, {1})}));
        CHECK(p.dsd_ops[1] == op_of(opcode::mac, ir::data_type::i16, 1, {4, 1, 1, 1}, mem(16, {1}),
                                 {mem(0, {1}), mem(4, {1}), mem(20, {1})}));
        CHECK(p.memory_words == 24);
    }
    SUBCASE("(a+b)*c over sp: temporaries are even and 2 words per element") {
        auto p = lowered(
            kernel({scalar(bt::xp, "pad", lit(0)), var(bt::sp, "a", {dim(4)}), var(bt::sp, "b", {dim(4)}),
                    var(bt::sp, "c", {dim(4)}), assign({loop("i", lit(0), lit(4))}, x("c"), (x("a") + x("b")) * x("c")),
                    assign({loop("i", lit(0), lit(4))}, x("c"), (x("a") - x("b")) * x("c"))}));
        REQUIRE(p.dsd_ops.size() == 4);
        CHECK(p.dsd_ops[0] ==
              op_of(opcode::add, ir::data_type::f32, 1, {4, 1, 1, 1}, mem(26, {2}), {mem(2, {2}), mem(10, {2})}));
        CHECK(p.dsd_ops[1] ==
              op_of(opcode::mul, ir::data_type::f32, 1, {4, 1, 1, 1}, mem(18, {2}), {mem(26, {2}), mem(18, {2})}));
        CHECK(p.dsd_ops[2].dst == mem(26, {2}));  // statements reuse the temporaries
        CHECK(p.memory_words == 34);
    }
    SUBCASE("a temporary over two loops is dense row-major") {
        auto p = lowered(kernel({var(bt::xp, "m", {dim(2), dim(3)}),
                                 assign({loop("i", lit(0), lit(2)), loop("j", lit(0), lit(3))},
                                        at("m", id("i"), id("j")), (at("m", id("i"), id("j")) + lit(1)) * lit(2))}));
        REQUIRE(p.dsd_ops.size() == 2);
        CHECK(p.dsd_ops[0] ==
              op_of(opcode::add, ir::data_type::i16, 2, {2, 3, 1, 1}, mem(6, {3, 1}), {mem(0, {3, 1}), imm(1)}));
        CHECK(p.dsd_ops[1] ==
              op_of(opcode::mul, ir::data_type::i16, 2, {2, 3, 1, 1}, mem(0, {3, 1}), {mem(6, {3, 1}), imm(2)}));
    }
}

TEST_CASE("sockets: reads are fabin, writes fabout, queues in order of first use") {
    auto p = lowered(kernel({sock(bt::sp, "tx"), sock(bt::sp, "rx"), sock(bt::sp, "ry"), var(bt::sp, "a", {dim(8)}),
                             assign({loop("i", lit(0), lit(8))}, id("tx"), at("a", id("i")) * id("ry"), true),
                             assign({loop("i", lit(0), lit(8))}, at("a", id("i")), id("rx") + id("ry"), true)}));
    REQUIRE(p.dsd_ops.size() == 2);
    CHECK(p.dsd_ops[0] == op_of(opcode::mul, ir::data_type::f32, 1, {8, 1, 1, 1}, fabout(0), {mem(0, {2}), fabin(0)}));
    CHECK(p.dsd_ops[1] == op_of(opcode::add, ir::data_type::f32, 1, {8, 1, 1, 1}, mem(0, {2}), {fabin(1), fabin(0)}));
    CHECK(p.sockets == std::vector<ir::socket>{{"tx", ir::data_type::f32, -1, 0},
                                               {"rx", ir::data_type::f32, 1, -1},
                                               {"ry", ir::data_type::f32, 0, -1}});
}

TEST_CASE("literals convert to the statement's type") {
    auto p = lowered(kernel({var(bt::sp, "f", {dim(2)}), var(bt::u32, "u", {dim(2)}), var(bt::u1, "flag", {dim(2)}),
                             assign({loop("i", lit(0), lit(2))}, at("f", id("i")), at("f", id("i")) * lit(2)),
                             assign({loop("i", lit(0), lit(2))}, at("f", id("i")), real(0.5)),
                             assign(at("u", lit(1)), lit(0x12345678)), assign(at("flag", lit(0)), lit(5))}));
    REQUIRE(p.dsd_ops.size() == 4);
    CHECK(p.dsd_ops[0].src[1] == imm(sp_bits(2.0f)));
    CHECK(p.dsd_ops[1].src[0] == imm(sp_bits(0.5f)));
    CHECK(p.dsd_ops[2] == op_of(opcode::mov, ir::data_type::i32, 0, {1, 1, 1, 1}, mem(6, {}), {imm(0x12345678)}));
    CHECK(p.dsd_ops[3] == op_of(opcode::mov, ir::data_type::i16, 0, {1, 1, 1, 1}, mem(8, {}), {imm(1)}));
}

TEST_CASE("an immediate that loses bits is kept low and warned about") {
    diagnostics ds;
    auto p = lower(kernel({var(bt::xp, "a", {dim(1)}), assign(at("a", lit(0)), lit(70000))}), {}, ds);
    CHECK(p.dsd_ops[0].src[0] == imm(70000 & 0xffff));
    REQUIRE(ds.list().size() == 1);
    CHECK(ds.list()[0].level == severity::warning);
    CHECK(ds.list()[0].message == "0x11170 does not fit in xp: only its low 16 bits are kept (0x1170)");
}

TEST_CASE("an empty or negative loop range runs nothing and emits nothing") {
    auto p =
        lowered(kernel({var(bt::xp, "a", {dim(2)}), assign({loop("i", lit(4), lit(2))}, at("a", id("i")), lit(0)),
                        assign({loop("i", lit(0), lit(2)), loop("j", lit(3), lit(3))}, at("a", id("i")), lit(0))}));
    CHECK(p.dsd_ops.empty());
}

TEST_CASE("reference §1 scoping: later declarators see earlier ones, blocks shadow") {
    // xp x = 10, w = 1; { xp y = x + 1, x = y + 1; } : y = outer x + 1, inner x = y + 1
    auto p = lowered(kernel({scalar(bt::xp, "x", lit(10)), scalar(bt::xp, "w", lit(1)),
                             block({scalar(bt::xp, "y", id("x") + lit(1)), scalar(bt::xp, "x", id("y") + lit(1)),
                                    assign(id("x"), id("x") * lit(3))})}));
    CHECK(p.data == std::vector<ir::segment>{{0, {10}}, {1, {1}}});
    REQUIRE(p.dsd_ops.size() == 3);
    CHECK(p.dsd_ops[0] == op_of(opcode::add, ir::data_type::i16, 0, {1, 1, 1, 1}, mem(2), {mem(0), imm(1)}));
    CHECK(p.dsd_ops[1] == op_of(opcode::add, ir::data_type::i16, 0, {1, 1, 1, 1}, mem(3), {mem(2), imm(1)}));
    CHECK(p.dsd_ops[2].dst == mem(3));  // the inner x
    CHECK(p.symbols.size() == 2);    // block variables are not symbols
    CHECK(p.memory_words == 4);
}

TEST_CASE("an array shadowed in a block is the inner one there and the outer one after") {
    auto p = lowered(
        kernel({var(bt::xp, "a", {dim(4)}), block({var(bt::xp, "a", {dim(2)}), assign(at("a", lit(1)), lit(3))}),
                assign(at("a", lit(3)), lit(4))}));
    REQUIRE(p.dsd_ops.size() == 2);
    CHECK(p.dsd_ops[0].dst == mem(5));
    CHECK(p.dsd_ops[1].dst == mem(3));
}

TEST_CASE("a top-level initializer that reads a variable is an operation in source order") {
    auto p =
        lowered(kernel({scalar(bt::xp, "x", lit(10)), assign(id("x"), lit(4)), scalar(bt::xp, "y", id("x") + lit(1))}));
    CHECK(p.data == std::vector<ir::segment>{{0, {10}}});
    REQUIRE(p.dsd_ops.size() == 2);
    CHECK(p.dsd_ops[1] == op_of(opcode::add, ir::data_type::i16, 0, {1, 1, 1, 1}, mem(1), {mem(0), imm(1)}));
}

TEST_CASE("params: settings override defaults, fold everywhere, and are recorded in order") {
    // xp param P, Q = 3, R = Q * 2; xp grid[n=2*P][m=R+1];
    auto prog = kernel({param("P"), param("Q", lit(3)), param("R", id("Q") * lit(2)),
                        var(bt::xp, "grid", {dim("n", lit(2) * id("P")), dim("m", id("R") + lit(1))}),
                        assign(at("grid", id("P"), id("R")), id("Q") - id("P"))});
    auto p = lowered(prog, {{"P", 2}});
    CHECK(p.params == std::vector<ir::param_value>{{"P", 2}, {"Q", 3}, {"R", 6}});
    CHECK(p.symbols[0].dims == std::vector<ir::dimension>{{"n", 4, 7}, {"m", 7, 1}});
    CHECK(p.dsd_ops[0] == op_of(opcode::mov, ir::data_type::i16, 0, {1, 1, 1, 1}, mem(2 * 7 + 6), {imm(1)}));
    auto q = lowered(prog, {{"P", 1}, {"Q", 1}});
    CHECK(q.params == std::vector<ir::param_value>{{"P", 1}, {"Q", 1}, {"R", 2}});
}

TEST_CASE("a setting that names no parameter is a warning") {
    diagnostics ds;
    auto p = lower(kernel({param("N", lit(1))}), {{"X", 3}}, ds);
    CHECK(p.params == std::vector<ir::param_value>{{"N", 1}});
    REQUIRE(ds.list().size() == 1);
    CHECK(ds.list()[0].level == severity::warning);
    CHECK(ds.list()[0].message == "set=X=3 names no parameter of kernel k");
}

TEST_CASE("each operation carries its statement's position") {
    auto p = lowered(kernel({var(bt::xp, "flag", {dim(8)}),
                             placed(assign({loop("i", lit(3), lit(8))}, at("flag", id("i")), id("i")), 7, 1),
                             block({placed(var(bt::xp, "b", {dim(2)}, list()), 9, 4)})}));
    REQUIRE(p.dsd_ops.size() == 2);
    CHECK(p.dsd_ops[0].src[0] == index(3, {1}));
    CHECK(p.dsd_ops[0].pos == source_position{7, 1});
    CHECK(p.dsd_ops[1].pos == source_position{9, 4});
}
