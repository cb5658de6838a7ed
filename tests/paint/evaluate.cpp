#include "wafer/paint/evaluate.hpp"

#include <doctest/doctest.h>

#include "fake_kernels.hpp"
#include "paint_test_ast.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/paint.hpp"

using wafer::diagnostics;
using wafer::severity;
using namespace wafer::paint;
using namespace wafer::paint::test_ast;
namespace ir = wafer::ir;

namespace {
/// What the program's show() calls print; a tile() is appended so the program has a layout.
std::vector<std::string> shown(std::vector<statement> ss, eval_options options = {}) {
    std::vector<std::string> lines;
    options.show = [&](const std::string& l) { lines.push_back(l); };
    ss.push_back(eval(call("tile", {})));
    diagnostics d;
    evaluate(program(std::move(ss)), options, d);
    return lines;
}
/// show(e) as the only output.
std::string value_of(expr e) {
    auto lines = shown({eval(call("show", {std::move(e)}))});
    return lines.size() == 1 ? lines[0] : "?";
}
/// The first error evaluating `ss` (as is: no tile() appended).
wafer::diagnostic error_of(std::vector<statement> ss, eval_options options = {}, std::string text = "") {
    diagnostics d;
    options.show = [](const std::string&) {};
    try {
        evaluate(program(std::move(ss), std::move(text)), options, d);
    } catch (const wafer::error& e) {
        for (const auto& x : e.diagnostics())
            if (x.level == severity::error) return x;
    }
    return {severity::note, "", {}, "no error", ""};
}
region evaluated(std::vector<statement> ss, eval_options options = {}) {
    diagnostics d;
    return evaluate(program(std::move(ss)), options, d);
}
expr neg(std::int64_t v) { return bin("-", num(0), num(v)); }
}  // namespace

TEST_CASE("quick reference: arithmetic in Paint") {
    const auto lines = shown({let("x", num(4)), let("y", bin("+", var("x"), num(2))), let("z", bin("*", var("x"), var("y"))),
                              let("w", call("idiv", {num(10), num(3)})), let("m", call("mod", {num(10), num(3)})),
                              eval(call("show", {var("y"), var("z"), var("w"), var("m")}))});
    CHECK(lines == std::vector<std::string>{"6 24 3 1"});
}

TEST_CASE("guide: // truncates toward zero and % takes the sign of the left operand, as in C") {
    CHECK(value_of(call("idiv", {neg(7), num(2)})) == "-3");
    CHECK(value_of(call("mod", {neg(7), num(2)})) == "-1");
    CHECK(value_of(bin("//", neg(7), num(2))) == "-3");
    CHECK(value_of(bin("%", neg(7), num(2))) == "-1");
    CHECK(value_of(bin("%", num(7), neg(2))) == "1");
}

TEST_CASE("guide: 2147483647 + 1 is -2147483648: integers wrap at 32 bits without a message") {
    CHECK(value_of(bin("+", num(2147483647), num(1))) == "-2147483648");
    CHECK(value_of(call("add", {num(2147483647), num(1)})) == "-2147483648");
    CHECK(value_of(bin("*", num(65536), num(65536))) == "0");
    CHECK(value_of(bin("-", neg(2147483647), num(2))) == "2147483647");
    CHECK(value_of(bin("//", bin("-", neg(2147483647), num(1)), neg(1))) == "-2147483648");
    CHECK(value_of(num(0xFFFFFFFF)) == "-1");   // hexadecimal literals keep their bits
    CHECK(error_of({eval(num(0x100000000))}).message == "integer literal out of the 32-bit range");
}

TEST_CASE("guide: / divides exactly: a whole quotient is an integer, another is a float a coordinate rejects") {
    CHECK(value_of(bin("/", num(16), num(2))) == "8");
    CHECK(value_of(bin("/", num(7), num(2))) == "3.5");
    CHECK(value_of(call("div", {num(9), num(3)})) == "3");
    const auto e = error_of({let("nx", num(7)), eval(call("tile", {bin("/", var("nx"), num(2)), num(0)}))});
    CHECK(e.message == "argument 1 of tile() must be an integer, not a float: int(x) converts one");
    CHECK(error_of({eval(bin("/", num(1), num(0)))}).message == "division by zero");
    CHECK(error_of({eval(bin("%", num(1), num(0)))}).message == "division by zero");
    CHECK(error_of({eval(bin("//", real(1.5), num(1)))}).message == "operator // takes integers: convert floats with int()");
}

TEST_CASE("floats are 32-bit, int() truncates toward zero") {
    CHECK(value_of(bin("*", real(1.5), num(2))) == "3");
    CHECK(value_of(call("int", {bin("*", real(1.5), num(2))})) == "3");
    CHECK(value_of(call("int", {real(2.7)})) == "2");
    CHECK(value_of(call("int", {bin("-", num(0), real(2.7))})) == "-2");
    CHECK(value_of(bin("+", real(0.1), real(0.2))) == "0.3");
    CHECK(error_of({eval(call("int", {real(3e9)}))}).message == "int() of a float outside the 32-bit range");
}

TEST_CASE("guide: max, min, lt, cmpeq and ==") {
    CHECK(value_of(call("max", {num(3), num(7), num(2)})) == "7");
    CHECK(value_of(call("min", {num(3), num(7), num(2)})) == "2");
    CHECK(value_of(call("max", {num(3), real(3.5)})) == "3.5");
    CHECK(value_of(call("lt", {num(4), num(5)})) == "1");
    CHECK(value_of(call("lt", {num(5), num(4)})) == "0");
    CHECK(value_of(call("cmpeq", {num(3), num(3)})) == "1");
    CHECK(value_of(bin("==", num(3), num(4))) == "0");
    CHECK(value_of(bin("==", str("a"), str("a"))) == "1");
    CHECK(error_of({eval(bin("==", str("a"), num(1)))}).message ==
          "operator == compares two numbers, two strings or two colors, not a string and an integer");
    CHECK(error_of({eval(bin("+", str("a"), num(1)))}).message == "operator + takes numbers, not a string");
}

TEST_CASE("guide: assert(x m) stops with m when x is zero") {
    CHECK(shown({eval(call("assert", {num(1), str("fine")}))}).empty());
    const auto e = error_of({eval(at(call("assert", {bin("-", num(2), num(2)), str("n must be even")}), 1, 5))});
    CHECK(e.message == "assertion failed: n must be even");
    CHECK(e.pos == wafer::source_position{1, 5});
}

TEST_CASE("guide: show() prints its arguments") {
    const auto lines = shown({let("c", call("color", {})), eval(call("show", {str("n ="), num(3), var("c"),
                                                                              array({num(1), num(2)}), route("L>CR")}))});
    CHECK(lines == std::vector<std::string>{"n = 3 color #0 [1 2] [L>CR]"});
}

TEST_CASE("guide: let declares, a later x = e updates, bare assignment cannot declare") {
    CHECK(shown({let("a", bin("+", num(4), num(1))), assign("a", bin("+", var("a"), num(1))),
                 eval(call("show", {var("a")}))}) == std::vector<std::string>{"6"});
    const auto e = error_of({assign("x", call("tile", {}))}, {}, "x = tile()\n");
    CHECK(e.message.find("can not assign undeclared variable x") == 0);
    CHECK(e.pos.line == 1);
    CHECK(e.file == "test.paint");
    CHECK(e.source_line == "x = tile()");
    // x : f() assigns x too.
    CHECK(error_of({apply("x", call("name", {str("a")}))}).message.find("can not assign undeclared variable x") == 0);
}

TEST_CASE("guide: x : f(a b) is x = f(x a b)") {
    const auto lines = shown({define("f", {"a", "b", "c"}, {eval(bin("-", var("a"), bin("*", var("b"), var("c"))))}),
                              let("x", num(10)), apply("x", call("f", {num(2), num(3)})), eval(call("show", {var("x")}))});
    CHECK(lines == std::vector<std::string>{"4"});
    const region r = evaluated({let("t", call("tile", {num(3), num(4)})), apply("t", call("name", {str("a")})), eval(var("t"))});
    CHECK(resolve(r).block_names[0] == cx_string("a"));
    CHECK(error_of({let("x", num(1)), apply("x", num(2))}).message == "x : ... takes a call, such as x : paint(c [L>C])");
}

TEST_CASE("guide: a function's value is its last expression, it sees the top level and its parameters") {
    const auto lines = shown({let("N", num(5)),
                              define("f", {"a"}, {let("b", bin("*", var("a"), var("N"))), eval(bin("+", var("b"), num(1)))}),
                              eval(call("show", {call("f", {num(2)}), call("f", {num(3)})}))});
    CHECK(lines == std::vector<std::string>{"11 16"});
    // A let in a function is local to the call.
    CHECK(error_of({define("f", {}, {let("inner", num(1))}), eval(call("f", {})), eval(var("inner"))}).message ==
          "unknown variable inner");
    CHECK(error_of({define("f", {"a"}, {eval(var("a"))}), eval(call("f", {}))}).message == "f takes 1 arguments, not 0");
}

TEST_CASE("guide: recursion cannot end in Paint: calls nest at most 256 deep, with a clear error") {
    const auto e = error_of({define("f", {"n"}, {eval(at(call("f", {bin("-", var("n"), num(1))}), 1, 17))}),
                             eval(call("f", {num(3)}))});
    CHECK(e.message.find("calls nested deeper than 256") == 0);
    CHECK(e.message.find("setif evaluates both branches") != std::string::npos);
    CHECK(e.pos == wafer::source_position{1, 17});
}

TEST_CASE("a function defined inside a call cannot be called after the call returned") {
    const auto e = error_of({define("outer", {}, {define("inner", {}, {eval(num(1))}), eval(var("inner"))}),
                             let("g", call("outer", {})), eval(call("g", {}))});
    CHECK(e.message.find("inner was defined inside a call that has returned") == 0);
}

TEST_CASE("guide: let n = max makes n the function max") {
    CHECK(shown({let("n", var("max")), eval(call("show", {call("n", {num(3), num(9)})}))}) ==
          std::vector<std::string>{"9"});
    CHECK(error_of({let("n", num(1)), eval(call("n", {}))}).message == "n is an integer, not a function");
}

TEST_CASE("unknown names are errors at their position; predefined names are values") {
    auto e = error_of({eval(at(call("frobnicate", {}), 1, 3))});
    CHECK(e.message == "unknown function frobnicate");
    CHECK(e.pos == wafer::source_position{1, 3});
    e = error_of({eval(at(var("nope"), 1, 9))});
    CHECK(e.message == "unknown variable nope");
    CHECK(e.pos == wafer::source_position{1, 9});
    CHECK(error_of({eval(var("CENTER"))}).message ==
          "the layout is the value of the last statement, which must be a region; this one is a side");
}

TEST_CASE("primitive argument errors name the argument") {
    CHECK(error_of({eval(call("tile", {num(1)}))}).message == "tile() takes no arguments or two (x y), not 1");
    CHECK(error_of({eval(call("tile", {str("a"), num(0)}))}).message == "argument 1 of tile() must be an integer, not a string");
    CHECK(error_of({eval(call("rect", {num(0), num(0), num(1)}))}).message.find("rect() takes four arguments") == 0);
    CHECK(error_of({eval(call("name", {num(1), str("a")}))}).message == "argument 1 of name() must be a region, not an integer");
    CHECK(error_of({eval(call("paint", {call("tile", {}), num(1), route("L>C")}))}).message ==
          "argument 2 of paint() must be a color, not an integer");
    CHECK(error_of({eval(call("hstack", {call("tile", {}), num(1)}))}).message ==
          "argument 2 of hstack() must be a region, not an integer");
    CHECK(error_of({eval(call("name", {call("tile", {})}))}).message == "name() takes 2 arguments, not 1");
    // Errors of the region algebra come back at the call, with the source line.
    const auto e = error_of({eval(at(call("rect", {num(0), num(0), neg(1), num(1)}), 1, 1))}, {}, "rect(0 0 0-1 1)\n");
    CHECK(e.message == "rect() takes a width and a height that are not negative");
    CHECK(e.pos == wafer::source_position{1, 1});
    CHECK(e.source_line == "rect(0 0 0-1 1)");
}

TEST_CASE("the layout is the value of the last statement, and must be a region") {
    CHECK(error_of({let("n", num(3))}).message ==
          "the layout is the value of the last statement, which must be a region; this one is an integer");
    CHECK(error_of({}).message.find("empty program") == 0);
    const region r = evaluated({let("t", call("tile", {num(2), num(3)}))});   // a let's value is what it stored
    CHECK(r.blocks[0].x == 2);
}

TEST_CASE("let [a b] = array destructures") {
    CHECK(shown({let_array({"a", "b"}, array({num(1), num(2)})), eval(call("show", {var("b"), var("a")}))}) ==
          std::vector<std::string>{"2 1"});
    CHECK(error_of({let_array({"a", "b"}, array({num(1)}))}).message == "let [...] = takes an array of 2 values, not an array of 1");
}

TEST_CASE("guide: hstack and vstack from text") {
    const region h = evaluated({eval(call("hstack", {call("tile", {}), call("rect", {num(7), num(4), num(2), num(1)}),
                                                     call("tile", {num(0), num(9)})}))});
    REQUIRE(h.blocks.size() == 3);
    CHECK(h.blocks[1].x == 1);
    CHECK(h.blocks[1].y == 4);
    CHECK(h.blocks[2].x == 3);
    CHECK(h.blocks[2].y == 9);
    const region v = evaluated({eval(call("vstack", {call("tile", {}), call("tile", {num(5), num(5)})}))});
    CHECK(v.blocks[1].x == 5);
    CHECK(v.blocks[1].y == 1);
}

TEST_CASE("guide: name('c) on a region containing 'b gives c.b") {
    const region r = evaluated({let("b", call("tile", {})), apply("b", call("name", {str("b")})),
                                let("c", call("union", {var("b"), call("tile", {num(1), num(0)})})),
                                apply("c", call("name", {str("c")}))});
    const auto names = resolve(r).block_names;
    REQUIRE(names.size() == 2);
    CHECK(names[0] == cx_string("c.b"));
    CHECK(names[1] == cx_string("c"));
}

TEST_CASE("route rules in text use the same parser, errors point into the rule") {
    const auto e = error_of({let("c", call("color", {})), let("t", call("tile", {})),
                             apply("t", call("paint", {var("c"), at(route("LC>CR"), 3, 14)}))},
                            {}, "let c = color()\nlet t = tile()\nt : paint(c [LC>CR])\n");
    CHECK(e.message.find("Multiple router inputs set") == 0);
    CHECK(e.pos == wafer::source_position{3, 16});   // the C after '[' 'L'
    CHECK(e.source_line == "t : paint(c [LC>CR])");
    CHECK(error_of({eval(route("L>R; ring ring"))}).message.find("a route modifier is given twice") == 0);
}

TEST_CASE("code() from text: bindings to integers and colors, an empty [] or none") {
    const region r = evaluated({let("c", call("color", {})), let("t", call("tile", {})),
                                apply("t", call("code", {str("k"), dict({{"tx", var("c")}, {"N", num(8)}})})),
                                apply("t", call("name", {str("a")}))});
    REQUIRE(r.attributes.size() == 2);
    const auto& b = r.attributes[0].bindings;
    REQUIRE(b.size() == 2);
    CHECK(b[0].name == cx_string("tx"));
    CHECK(b[0].value.k == binding_value::kind::color);
    CHECK(b[1].value.num == 8);
    CHECK(b[1].at.pos.line == 3);
    CHECK(evaluated({eval(call("code", {call("tile", {}), str("k"), array({})}))}).attributes[0].bindings.empty());
    CHECK(evaluated({eval(call("code", {call("tile", {}), str("k")}))}).attributes[0].bindings.empty());
    CHECK(error_of({eval(call("code", {call("tile", {}), str("k"), dict({{"s", str("x")}})}))}).message ==
          "code() binds params to numbers, geovars (@name) or arcvars (^name) and sockets to colors: s is a string");
    CHECK(error_of({eval(call("code", {call("tile", {}), str("k"), dict({{"a", num(1)}, {"a", num(2)}})}))}).message ==
          "key a appears twice in a dictionary");
}

TEST_CASE("color() makes symbolic colors in evaluation order, color(n) is hard-coded") {
    const region r = evaluated({let("a", call("color", {})), let("b", call("color", {num(5)})), let("c", call("color", {})),
                                let("t", call("tile", {})), apply("t", call("paint", {var("c"), route("L>R")})),
                                apply("t", call("paint", {var("b"), route("L>C")}))});
    CHECK(r.attributes[0].col.id == 2);
    CHECK(r.attributes[1].col.id == 1);
    CHECK(r.attributes[1].col.physical == 5);
    diagnostics d;
    CHECK(verify(r, d));
    REQUIRE(d.list().size() == 1);
    CHECK(d.list()[0].level == severity::warning);
    CHECK(d.list()[0].message.find("hard-coded color 5") == 0);
    CHECK(d.list()[0].pos.line == 2);
    CHECK(error_of({eval(call("color", {num(30)}))}).message == "color(n) takes a physical color 0 to 23");
}

TEST_CASE("more than 24 colors in use is an error at the 25th color() call") {
    std::vector<statement> ss{let("t", call("tile", {}))};
    for (int i = 0; i < 25; ++i) {
        const std::string c = "c" + std::to_string(i);
        ss.push_back(let(c, call("color", {})));
        ss.push_back(apply("t", call("paint", {var(c), route("L>R")})));
    }
    diagnostics d;
    CHECK_FALSE(verify(evaluated(ss), d));
    REQUIRE(d.has_errors());
    CHECK(d.list().back().message.find("more than 24 colors: the router has 24") == 0);
    CHECK(d.list().back().pos.line == 50);
}

TEST_CASE("command-line variables are Paint variables") {
    eval_options o;
    o.variables = {{"N", 8}, {"W", 3}};
    CHECK(shown({eval(call("show", {bin("*", var("N"), var("W"))}))}, o) == std::vector<std::string>{"24"});
    o.variables = {{"BIG", std::int64_t(1) << 40}};
    CHECK(error_of({eval(call("tile", {}))}, o).message.find("does not fit Paint's 32-bit integers") != std::string::npos);
}

TEST_CASE("include runs another file through the loader, in the same scope") {
    std::vector<std::string> asked;
    eval_options o;
    o.include = [&](const std::string& path, wafer::source_position) {
        asked.push_back(path);
        return program({define("row", {"n"}, {eval(call("rect", {num(0), num(0), var("n"), num(1)}))}),
                        let("K", num(4))},
                       "", path);
    };
    const region r = evaluated({include("lib.paint"), eval(call("row", {var("K")}))}, o);
    CHECK(asked == std::vector<std::string>{"lib.paint"});
    CHECK(r.blocks[0].width == 4);
    CHECK(error_of({include("lib.paint")}).message.find("no include loader") != std::string::npos);
    // A file that includes itself stops at the depth limit.
    o.include = [](const std::string& path, wafer::source_position) { return program({include(path)}, "", path); };
    CHECK(error_of({include("self.paint")}, o).message.find("includes nested deeper than 16") == 0);
    // The loader's errors (a missing file, a syntax error) come through.
    o.include = [](const std::string& path, wafer::source_position at) -> ast::program {
        throw wafer::error(wafer::diagnostic{severity::error, "main.paint", at, "cannot find " + path, ""});
    };
    CHECK(error_of({include("gone.paint")}, o).message == "cannot find gone.paint");
    // Errors inside an included file name that file.
    o.include = [](const std::string& path, wafer::source_position) {
        return program({eval(var("oops"))}, "oops\n", path);
    };
    const auto e = error_of({include("bad.paint")}, o);
    CHECK(e.file == "bad.paint");
    CHECK(e.source_line == "oops");
}

TEST_CASE("evaluation is bounded: deep expressions and too many steps are errors") {
    expr deep = num(1);
    for (int i = 0; i < 1500; ++i) deep = bin("+", std::move(deep), num(1));
    CHECK(error_of({eval(deep)}).message == "expressions nested deeper than 1000");
    // Each f doubles the work of the one before: 2^30 calls without the step limit.
    std::vector<statement> ss{define("f0", {}, {eval(num(1))})};
    for (int i = 1; i <= 30; ++i) {
        const std::string prev = "f" + std::to_string(i - 1);
        ss.push_back(define("f" + std::to_string(i), {}, {eval(call(prev, {})), eval(call(prev, {}))}));
    }
    ss.push_back(eval(call("f30", {})));
    CHECK(error_of(ss).message == "evaluation takes more than 10000000 steps");
}

// ---- The pipeline of the quick reference, from text and from C++ ----

namespace {
const char* pipeline_text = R"((* pipeline.paint — three PEs in a row *)
let color_ab = color()
let color_bc = color()

let a = tile()
a : code('send [tx:color_ab N:N])
a : paint(color_ab [C>R])
a : name('a)

let b = tile()
b : code('compute [rx:color_ab tx:color_bc N:N])
b : paint(color_ab [L>C])
b : paint(color_bc [C>R])
b : name('b)

let c = tile()
c : code('recv [rx:color_bc N:N])
c : paint(color_bc [L>C])
c : name('c)

hstack(a b c)
)";

ast::program pipeline_ast() {
    auto line = [](statement s, std::uint32_t l) {
        s.pos = {l, 1};
        return s;
    };
    return program(
        {line(let("color_ab", call("color", {})), 2), line(let("color_bc", call("color", {})), 3),
         line(let("a", call("tile", {})), 5),
         line(apply("a", call("code", {str("send"), dict({{"tx", var("color_ab")}, {"N", var("N")}})})), 6),
         line(apply("a", call("paint", {var("color_ab"), route("C>R")})), 7),
         line(apply("a", call("name", {str("a")})), 8), line(let("b", call("tile", {})), 10),
         line(apply("b", call("code", {str("compute"), dict({{"rx", var("color_ab")}, {"tx", var("color_bc")}, {"N", var("N")}})})), 11),
         line(apply("b", call("paint", {var("color_ab"), route("L>C")})), 12),
         line(apply("b", call("paint", {var("color_bc"), route("C>R")})), 13),
         line(apply("b", call("name", {str("b")})), 14), line(let("c", call("tile", {})), 16),
         line(apply("c", call("code", {str("recv"), dict({{"rx", var("color_bc")}, {"N", var("N")}})})), 17),
         line(apply("c", call("paint", {var("color_bc"), route("L>C")})), 18),
         line(apply("c", call("name", {str("c")})), 19),
         line(eval(call("hstack", {var("a"), var("b"), var("c")})), 21)},
        pipeline_text, "pipeline.paint");
}

constexpr auto pipeline_cpp = freeze([](palette& p) {
    auto [ab, bc] = p.colors<2>();
    auto a = tile() | code("send", {{"tx", ab}, {"N", 8}}) | paint(ab, "C>R") | name("a");
    auto b = tile() | code("compute", {{"rx", ab}, {"tx", bc}, {"N", 8}}) | paint(ab, "L>C") | paint(bc, "C>R") |
             name("b");
    auto c = tile() | code("recv", {{"rx", bc}, {"N", 8}}) | paint(bc, "L>C") | name("c");
    return hstack(a, b, c);
});
static_assert(verify(pipeline_cpp));
}  // namespace

TEST_CASE("quick reference pipeline: the same layout from text and from C++ is an equal ir::layout") {
    eval_options o;
    o.variables = {{"N", 8}};
    diagnostics d;
    const region from_text = evaluate(pipeline_ast(), o, d);
    test::fake_kernels kt, kc;
    const ir::layout text_layout = build(from_text, kt.provider(), d);
    const ir::layout cpp_layout = build(pipeline_cpp, kc.provider(), d);
    CHECK(d.list().empty());
    CHECK(text_layout == cpp_layout);
    CHECK(text_layout.pes.size() == 3);
    CHECK(text_layout.routers.size() == 3);
    // The requests differ only in where the code() call is.
    REQUIRE(kt.requests.size() == 3);
    CHECK(kt.requests[1].file == "pipeline.paint");
    CHECK(kt.requests[1].pos.line == 11);
    CHECK(kt.requests[1].params == kc.requests[1].params);
}

TEST_CASE("a text layout's build errors point at the Paint source, line quoted") {
    diagnostics d;
    const region r = evaluate(program({let("a", call("tile", {})), apply("a", call("code", {str("a")})),
                                       let("b", call("tile", {})), apply("b", at(call("code", {str("b")}), 4, 5)),
                                       eval(call("union", {var("a"), var("b")}))},
                                      "let a = tile()\na : code('a)\nlet b = tile()\nb : code('b)\nunion(a b)\n"),
                              {}, d);
    test::fake_kernels k;
    try {
        build(r, k.provider(), d);
        FAIL("no error");
    } catch (const wafer::error& e) {
        const auto& x = e.diagnostics().back();
        CHECK(x.message.find("two code regions overlap at PE (0, 0)") == 0);
        CHECK(x.message.find("test.paint:2:1") != std::string::npos);
        CHECK(x.pos == wafer::source_position{4, 5});
        CHECK(wafer::render(x) ==
              "test.paint:4:5: error: " + x.message + "\nb : code('b)\n    ^\n");
    }
}
