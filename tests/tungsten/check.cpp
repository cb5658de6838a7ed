#include "wafer/tungsten/lower.hpp"

#include <doctest/doctest.h>

#include "lower_test_ast.hpp"

using namespace wafer;
using namespace wafer::tungsten;
using namespace wafer::tungsten::test_ast;
using bt = base_type;
using strings = std::vector<std::string>;

namespace {

ast::var_decl array4(const char* name) { return var(bt::xp, name, {dim("n", lit(4))}); }
ast::iterator upto(const char* name, std::int64_t hi) { return loop(name, lit(0), lit(hi)); }

}  // namespace

TEST_CASE("reference §1: a declarator's own initializer cannot use its name, quoted with its line") {
    const std::string text =
        "xp x = 10, w = 1;\n"
        "{\n"
        "xp y = x + 1, x = y + 1; // y = 11 (outer x), inner x = 12\n"
        "xp w = w + 1; // error: 'w' is used before declaration\n"
        "}\n";
    auto w_decl = placed(scalar(bt::xp, "w", at_pos(id("w"), 4, 8) + lit(1)), 4, 4);
    const auto p = kernel({scalar(bt::xp, "x", lit(10)), scalar(bt::xp, "w", lit(1)),
                           block({scalar(bt::xp, "y", id("x") + lit(1)), scalar(bt::xp, "x", id("y") + lit(1)), w_decl})},
                          "k", source_text("k.w", text));
    diagnostics ds;
    try {
        lower(p, {}, ds);
        FAIL("no error");
    } catch (const error& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.render() ==
              "k.w:4:8: error: 'w' is used before declaration\n"
              "xp w = w + 1; // error: 'w' is used before declaration\n"
              "       ^\n");
    }
    // At top level too, and in an array's extents.
    CHECK(first_error(kernel({scalar(bt::xp, "v", id("v"))})) == "'v' is used before declaration");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim("n", id("a"))})})) == "'a' is used before declaration");
}

TEST_CASE("a C++ kernel has no source: its diagnostics render without file or line") {
    diagnostics ds;
    try {
        lower(kernel({assign(id("x"), lit(1))}), {}, ds);
        FAIL("no error");
    } catch (const error& e) {
        CHECK(e.render() == "error: 'x' is not declared\n");
    }
}

TEST_CASE("reference §1: names are visible from their declaration to the end of their block") {
    CHECK(first_error(kernel({assign(id("q"), lit(1)), scalar(bt::xp, "q", lit(0))})) == "'q' is not declared");
    CHECK(first_error(kernel({block({var(bt::xp, "t")}), block({assign(id("t"), lit(1))})})) == "'t' is not declared");
    CHECK(first_error(kernel({block({var(bt::xp, "t")}), assign(id("t"), lit(1))})) == "'t' is not declared");
    CHECK(first_error(kernel({var(bt::xp, "t"), block({block({assign(id("t"), lit(1))})})})) == "<no error>");
}

TEST_CASE("reference §1: duplicate declarations in one scope, with a note where the first was") {
    const std::string text = "xp a[4];\nxp a[8];\n";
    const auto p = kernel({placed(var(bt::xp, "a", {dim(4)}), 1, 4), placed(var(bt::xp, "a", {dim(8)}), 2, 4)}, "k",
                          source_text("k.w", text));
    diagnostics ds;
    try {
        lower(p, {}, ds);
        FAIL("no error");
    } catch (const error& e) {
        REQUIRE(e.diagnostics().size() == 2);
        CHECK(e.render() ==
              "k.w:2:4: error: duplicate array declaration 'a'\nxp a[8];\n   ^\n"
              "k.w:1:4: note: 'a' was first declared here\nxp a[4];\n   ^\n");
    }
    // The same extents, and a scalar in a block (which Carbide silently turns into an assignment).
    CHECK(messages(kernel({array4("a"), array4("a")})) ==
          strings{"duplicate array declaration 'a'", "'a' was first declared here"});
    CHECK(first_error(kernel({block({var(bt::xp, "q"), var(bt::xp, "q")})})) == "duplicate scalar declaration 'q'");
    CHECK(first_error(kernel({var(bt::xp, "q"), var(bt::xp, "q")})) == "duplicate scalar declaration 'q'");
    CHECK(first_error(kernel({assign({upto("i", 2), upto("i", 2)}, id("x"), lit(0))})) ==
          "duplicate iterator declaration 'i'");
    // A nested block may shadow.
    CHECK(first_error(kernel({array4("a"), block({array4("a")})})) == "<no error>");
}

TEST_CASE("reference §8: a param with neither default nor setting is not initialized") {
    CHECK(messages(kernel({param("N"), var(bt::xp, "a", {dim("n", id("N"))}),
                           assign({loop("i", lit(0), id("N"))}, at("a", id("i")), id("i"))})) ==
          strings{"parameter [N] is not initialized"});  // and nothing cascades from it
    CHECK(first_error(kernel({param("N")}), {{"N", 4}}) == "<no error>");
}

TEST_CASE("params: values in range, constant defaults, never assigned") {
    CHECK(first_error(kernel({param("F", real(0.5), bt::sp)})) == "<no error>");
    CHECK(first_error(kernel({param("F", lit(1), bt::hp)}), {{"F", 0.25}}) == "<no error>");
    CHECK(first_error(kernel({param("N", real(0.5))})) == "the default of param 'N' must be a compile-time integer constant");
    CHECK(first_error(kernel({param("N")}), {{"N", 2.5}}) == "param 'N' has type xp, so it takes an integer, not 2.5");
    CHECK(first_error(kernel({param("H", real(1.0), bt::hp)}), {{"H", 70000.0}}) == "param 'H' = 70000.0 does not fit in hp");
    CHECK(first_error(kernel({param("B", lit(2), bt::u1)})) == "param 'B' = 2 does not fit in u1");
    CHECK(first_error(kernel({param("N")}), {{"N", 70000}}) == "param 'N' = 70000 does not fit in xp");
    CHECK(first_error(kernel({param("N", -lit(1), bt::u16)})) == "param 'N' = -1 does not fit in u16");
    CHECK(first_error(kernel({var(bt::xp, "v"), param("N", id("v"))})) ==
          "the default of param 'N' must be a compile-time integer constant");
    CHECK(first_error(kernel({param("N", lit(4)), assign(id("N"), lit(5))})) ==
          "cannot assign to param 'N': a param is a compile-time constant");
    CHECK(first_error(kernel({block({param("N", lit(4))})})) == "param 'N' must be declared at top level");
}

TEST_CASE("reference §5: one subscript per dimension (Carbide accepts missing ones, wafer does not)") {
    auto m = var(bt::xp, "m", {dim("n", lit(2)), dim("k", lit(3))});
    CHECK(first_error(kernel({m, assign(at("m", lit(1)), lit(9))})) ==
          "'m' has 2 dimensions but 1 subscript is given; write one subscript per dimension");
    CHECK(first_error(kernel({m, assign(at("m", lit(1), lit(1), lit(1)), lit(9))})) ==
          "'m' has 2 dimensions but 3 subscripts are given; write one subscript per dimension");
    CHECK(first_error(kernel({array4("a"), var(bt::xp, "x"), assign(id("x"), id("a"))})) ==
          "'a' has 1 dimension but 0 subscripts are given; write one subscript per dimension");
    CHECK(first_error(kernel({var(bt::xp, "x"), assign(at("x", lit(0)), lit(1))})) == "'x' is a scalar, not an array");
    CHECK(first_error(kernel({param("N", lit(2)), array4("a"), assign(at("a", lit(0)), at("N", lit(0)))})) ==
          "'N' is a param, not an array");
    CHECK(first_error(kernel({array4("a"), assign({upto("i", 4)}, at("a", at("i", lit(0))), lit(0))})) ==
          "loop iterator 'i' is not an array");
}

TEST_CASE("reference §5: on a 4-element a, i in [0, 6) a[i] = 0, and a[7] = 9, are both diagnosed") {
    CHECK(
        messages(
            kernel({array4("a"), assign({upto("i", 6)}, at("a", id("i")), lit(0)), assign(at("a", lit(7)), lit(9))})) ==
        strings{"a subscript of 'a' takes values 0 to 5 over the loop ranges, outside dimension 'n' of 'a' (extent 4)",
                "subscript 7 is outside dimension 'n' of 'a' (extent 4)"});
    CHECK(first_error(kernel({array4("a"), array4("b"),
                              assign({upto("i", 4)}, at("a", id("i")), at("b", lit(3) - id("i")))})) == "<no error>");
    CHECK(first_error(kernel(
              {array4("a"), array4("b"), assign({upto("i", 4)}, at("a", id("i")), at("b", lit(2) - id("i")))})) ==
          "a subscript of 'b' takes values -1 to 2 over the loop ranges, outside dimension 'n' of 'b' (extent 4)");
    CHECK(first_error(kernel({array4("a"), array4("b"), assign({upto("i", 4)}, at("a", id("i")), at("b", id("b")))})) ==
          "'b' has 1 dimension but 0 subscripts are given; write one subscript per dimension");
    // Not affine, so scalar code: its values over the loops are still bounded, and checked.
    CHECK(first_error(kernel(
              {var(bt::xp, "m", {dim(4), dim(4)}),
               assign({upto("i", 4), upto("j", 4)}, at("m", id("i"), id("j")), at("m", id("i") * id("j"), lit(0)))})) ==
          "a subscript of 'm' takes values 0 to 9 over the loop ranges, outside dimension 'n0' of 'm' (extent 4)");
    // A triangle's inner iterator takes the values of its bounds' ranges.
    CHECK(first_error(kernel({var(bt::xp, "m", {dim(4), dim(4)}),
                              assign({upto("i", 4), loop("j", id("i"), lit(5))}, at("m", id("i"), id("j")), lit(0))})) ==
          "a subscript of 'm' takes values 0 to 4 over the loop ranges, outside dimension 'n1' of 'm' (extent 4)");
}

TEST_CASE("loop bounds: earlier iterators, variables, more than four loops; xp bounds") {
    // i in [0, 4) j in [i, 4) walks a triangle (reference §1)
    CHECK(first_error(kernel({var(bt::xp, "m", {dim(4), dim(4)}), assign({upto("i", 4), loop("j", id("i"), lit(4))},
                                                                         at("m", id("i"), id("j")), lit(0))})) ==
          "<no error>");
    CHECK(first_error(kernel({scalar(bt::xp, "n", lit(3)), array4("a"),
                              assign({loop("i", lit(0), id("n"))}, at("a", id("i")), lit(0))})) == "<no error>");
    CHECK(first_error(
              kernel({var(bt::xp, "x"), assign({upto("a", 1), upto("b", 1), upto("c", 1), upto("d", 1), upto("e", 1)},
                                               id("x"), lit(0))})) == "<no error>");
    // A u1 target makes this scalar code, whose counter is an xp (a DSD operation's is not).
    CHECK(first_error(kernel({scalar(bt::xp, "n", lit(3)), var(bt::u1, "x"),
                              assign({loop("i", lit(0), lit(40000))}, id("x"), id("n") + id("i"))})) ==
          "a bound of loop 'i' must be an xp value (-32768 to 32767)");
    CHECK(first_error(kernel({array4("a"), assign({loop("i", lit(0), id("i"))}, at("a", id("i")), lit(0))})) ==
          "'i' is not declared");
    CHECK(first_error(kernel({var(bt::xp, "x"), assign({upto("i", 4)}, id("i"), lit(0))})) ==
          "cannot assign to loop iterator 'i'");
}

TEST_CASE("reference §5: initializer errors wafer adds") {
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(4)}, ints({1, 2, 3, 4, 5}))})) ==
          "initializer has 5 values but 'a' has 4 elements");
    CHECK(first_error(kernel({var(bt::xp, "q", {dim("n", lit(2)), dim("m", lit(3))}, list({ints({1, 2, 3, 4})}))})) ==
          "inner list has 4 values but dimension 'm' of 'q' has extent 3");
    CHECK(first_error(kernel(
              {var(bt::xp, "q", {dim("n", lit(2)), dim("m", lit(1))}, list({ints({1}), ints({2}), ints({3})}))})) ==
          "initializer has 3 lists but dimension 'n' of 'q' has extent 2");
    CHECK(first_error(kernel({var(bt::xp, "q", {dim(2), dim(2)}, ints({1, 2, 3, 4}))})) ==
          "'q' has 2 dimensions: give each inner list in full or as {}, like {{1, 2}, {3, 4}}");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim("n", lit(2))}, list({ints({1}), ints({2})}))})) ==
          "too many braces: dimension 'n' of 'a' holds values, not lists");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(2)}, value(lit(1)))})) ==
          "array 'a' needs a list initializer, like {0} or {1, 2}");
    CHECK(first_error(kernel({var(bt::xp, "x"), var(bt::xp, "a", {dim(2)}, list({value(id("x")), value(lit(1))}))})) ==
          "a value in the initializer of 'a' is not a compile-time constant; assign it in a statement");
    // A scalar rejects {} as it rejects {0} (reference §5).
    CHECK(first_error(kernel({var(bt::xp, "s", {}, list())})) ==
          "scalar 's' rejects a list initializer ({} as well as {0}); write xp s = 0;");
    CHECK(first_error(kernel({var(bt::xp, "s", {}, ints({0}))})) ==
          "scalar 's' rejects a list initializer ({} as well as {0}); write xp s = 0;");
}

TEST_CASE("an array whose initializer failed is still declared") {
    CHECK(messages(kernel({var(bt::xp, "a", {dim(2)}, ints({1, 2, 3})), assign(at("a", lit(1)), lit(0))})) ==
          strings{"initializer has 3 values but 'a' has 2 elements"});
}

TEST_CASE("types: mixed types convert, 64-bit values are storage only, no implicit real to integer") {
    CHECK(first_error(kernel(
              {array4("a"), var(bt::sp, "f", {dim(4)}), assign({upto("i", 4)}, at("a", id("i")), at("f", id("i")))})) ==
          "<no error>");
    CHECK(first_error(kernel({array4("a"), var(bt::u16, "u", {dim(4)}),
                              assign({upto("i", 4)}, at("a", id("i")), at("u", id("i")))})) == "<no error>");
    CHECK(first_error(kernel({var(bt::hp, "h", {dim(4)}), assign(at("h", lit(0)), lit(1))})) == "<no error>");
    CHECK(first_error(kernel({var(bt::u64, "x", {dim(2)}), assign(at("x", lit(0)), lit(1))})) ==
          "'x' is u64: a 64-bit value is storage only; read or write its words through a u16 or u32 array declared "
          "with address(&array)");
    CHECK(first_error(kernel({var(bt::s64, "s", {}, value(lit(1)))})) ==
          "scalar 's' is s64: a 64-bit value is rejected at compile time (only arrays can be initialized)");
    CHECK(first_error(kernel({array4("a"), assign(at("a", lit(0)), real(2.5))})) ==
          "real value 2.5 where an integer (xp) is needed; wafer does not convert it implicitly");
    CHECK(first_error(kernel({var(bt::sp, "f", {dim(4)}), assign({upto("i", 4)}, at("f", id("i")), id("i"))})) ==
          "<no error>");
    CHECK(first_error(kernel({var(bt::hp, "h", {}, value(real(0.0)))})) == "<no error>");
    CHECK(first_error(kernel({var(bt::hp, "h", {dim(2)}, list())})) == "<no error>");  // zero bits need no conversion
}

TEST_CASE("sockets: read once per statement, never subscripted, at most 8 inputs and 6 outputs") {
    CHECK(first_error(kernel(
              {sock(bt::xp, "rx"), sock(bt::xp, "tx"), assign({upto("i", 4)}, id("tx"), id("rx") * id("rx"))})) ==
          "socket 'rx' is read twice in one statement; each read takes the next wavelet, so read it once into a "
          "variable");
    CHECK(first_error(kernel({sock(bt::xp, "rx"), var(bt::xp, "x"), assign(id("x"), at("rx", lit(0)))})) ==
          "socket 'rx' cannot be subscripted: a socket is a stream of wavelets, not an array");
    CHECK(first_error(kernel({sock(bt::xp, "rx"), sock(bt::sp, "tx"), assign(id("tx"), id("rx"))})) == "<no error>");
    CHECK(first_error(kernel({sock(bt::hp, "rx")})) == "<no error>");
    CHECK(first_error(kernel({sock(bt::u64, "rx")})) == "a socket of type u64 is not supported yet");
    std::vector<ast::statement> body{var(bt::xp, "x")};
    for (int k = 0; k < 9; ++k) {
        const auto name = "s" + std::to_string(k);
        body.insert(body.end(), {sock(bt::xp, name), assign(id("x"), id(name))});
    }
    CHECK(first_error(kernel(body)) == "socket 's8' needs an input queue, but all 8 input queues of the PE are taken");
    std::vector<ast::statement> writes;
    for (int k = 0; k < 7; ++k) {
        writes.push_back(sock(bt::xp, "t" + std::to_string(k)));
        writes.push_back(assign(id("t" + std::to_string(k)), lit(1)));
    }
    CHECK(first_error(kernel(writes)) ==
          "socket 't6' needs an output queue, but all 6 output queues of the PE are taken");
}

TEST_CASE("memory: everything must fit below 0x6000") {
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(0x5000)}), var(bt::xp, "b", {dim(0x2000)})})) ==
          "'b' needs 8192 words from 0x5000, past the end of PE memory at 0x6000");
    CHECK(first_error(kernel({var(bt::sp, "a", {dim(0x3000)}), var(bt::xp, "b")})) ==
          "'b' needs 1 word from 0x6000, past the end of PE memory at 0x6000");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(0x10000), dim(0x10000)})})) ==
          "'a' does not fit in PE memory: dimension 'n0' has extent 65536");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(0)})})) ==
          "dimension 'n0' of 'a' has extent 0; an extent must be at least 1");
    CHECK(first_error(kernel({var(bt::xp, "a", {dim("n", lit(2)), dim("n", lit(2))})})) ==
          "'a' has two dimensions named 'n'; the symbol map addresses dimensions by name");
    CHECK(first_error(kernel({var(bt::xp, "x"), var(bt::xp, "a", {dim("n", id("x"))})})) ==
          "the extent of dimension 'n' of 'a' must be a compile-time integer constant (literals and params)");
    // Temporaries come after the variables and must fit too.
    CHECK(first_error(kernel({var(bt::xp, "a", {dim(0x3000)}), var(bt::xp, "b", {dim(0x2000)}),
                              assign({upto("i", 0x2000)}, at("b", id("i")), (at("a", id("i")) + lit(1)) * lit(2))})) ==
          "the temporaries of expressions needs 8192 words from 0x5000, past the end of PE memory at 0x6000");
}

TEST_CASE("malformed and overdeep input is an error, never a crash") {
    auto deep = lit(1);
    for (int k = 0; k < 300; ++k) deep = deep + lit(1);
    CHECK(first_error(kernel({var(bt::xp, "x"), assign(id("x"), deep)})) == "expression nests deeper than 256 levels");
    const ast::expr bad = node(ast::expr::kind::binary, {lit(1)});
    CHECK(first_error(kernel({var(bt::xp, "x"), assign(id("x"), bad)})) ==
          "malformed expression (wrong number of operands)");
    const ast::expr unknown = binary(ast::binary_op(200), lit(1), lit(2));
    CHECK(first_error(kernel({var(bt::xp, "x"), assign(id("x"), unknown)})) ==
          "malformed expression (unknown operator)");
    CHECK(first_error(kernel({param("N", lit(0x4000000000000000) * lit(4))})) ==
          "this constant expression overflows 64 bits");
    CHECK(first_error(kernel({param("N", binary(ast::binary_op::shl, lit(1), lit(63)))})) ==
          "a shift by 63 in a constant expression: it shifts by 0 to 62 bits");
    ast::block nest = block({});
    for (int k = 0; k < 300; ++k) nest = block({nest});
    CHECK(first_error(kernel({nest})) == "blocks nest deeper than 256 levels");
    CHECK(first_error(kernel({var(bt::xp, "x"), assign(lit(1), lit(2))})) ==
          "the target of an assignment must be a variable, an array element or a socket");
}
