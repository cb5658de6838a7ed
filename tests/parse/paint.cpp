#include "wafer/parse/paint.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "golden.hpp"

// The Paint guide's and quick reference's examples, parsed and checked for shape and source
// positions; error messages are golden files.

namespace ast = wafer::paint::ast;
using kind = ast::expr::kind;
using statement_kind = ast::statement::kind;
using wafer::source_position;

namespace {

ast::program parse(std::string text) { return wafer::parse::parse_paint(std::move(text), "l.paint"); }

/// An expression as an s-expression: (call f a 'b), [1 2], [k:v], <L>C>, (+ a b).
std::string show(const ast::expr& e) {
    auto items = [&](std::string s) {
        for (std::size_t i = 0; i < e.items.size(); ++i)
            s += " " + (e.k == kind::dict ? e.keys[i] + ":" : std::string()) + show(e.items[i]);
        return s;
    };
    switch (e.k) {
    case kind::integer: return std::to_string(e.integer);
    case kind::real: {
        std::ostringstream out;
        out << e.real;
        return out.str() + "r";
    }
    case kind::string: return "'" + e.text + "'";
    case kind::name: return e.text;
    case kind::symbol: return "$" + e.text;
    case kind::geovar: return "@" + e.text;
    case kind::arcvar: return "^" + e.text;
    case kind::call: return items("(call " + e.text) + ")";
    case kind::binary: return "(" + e.text + " " + show(e.items[0]) + " " + show(e.items[1]) + ")";
    case kind::array: return items("[") + " ]";
    case kind::dict: return items("[dict") + " ]";
    case kind::route: return "<" + e.text + ">";
    }
    return "?";
}

/// The values of a program's statements, shown.
std::vector<std::string> values(const ast::program& p) {
    std::vector<std::string> out;
    for (const auto& s : p.statements) out.push_back(show(s.value));
    return out;
}

}  // namespace

TEST_CASE("paint parser: the heat equation's tile, line by line (Reading Paint)") {
    auto p = parse(
        "let c0 = color() (* a color; the solver picks its number *)\n"
        "let x00 = rect(0 0 1 1) (* a 1 × 1 region at (0, 0) *)\n"
        "\n"
        "(* Run kernel heateq9pt on x00, its sockets bound to colors and its\n"
        "parameters set: x00 = code(x00 'heateq9pt [...]) *)\n"
        "x00 : code('heateq9pt [left:c0 right:c1 up:c2 down:c3 n:n p:p pad:pad])\n"
        "\n"
        "x00 : paint(c0 [L>C]) (* on c0, wavelets from the left go to the core *)\n"
        "x00 : paint(c1 [C>R]) (* on c1, the core's wavelets go right *)\n"
        "\n"
        "let corerect = union(x00 x01 x10 x11) (* the 2 × 2 block as one region *)\n"
        "corerect : hstackrep(nx/2) (* repeated nx/2 times side by side *)\n");
    REQUIRE(p.statements.size() == 7);
    CHECK(p.source.name() == "l.paint");

    const auto& c0 = p.statements[0];
    CHECK(c0.k == statement_kind::let);
    CHECK(c0.name == "c0");
    CHECK(c0.pos == source_position{1, 1});
    CHECK(show(c0.value) == "(call color)");
    CHECK(c0.value.pos == source_position{1, 10});

    const auto& x00 = p.statements[1];
    CHECK(show(x00.value) == "(call rect 0 0 1 1)");
    CHECK(x00.value.items[3].pos == source_position{2, 22});

    const auto& code = p.statements[2];
    CHECK(code.k == statement_kind::apply);
    CHECK(code.name == "x00");
    CHECK(code.pos == source_position{6, 1});
    CHECK(show(code.value) ==
          "(call code 'heateq9pt' [dict left:c0 right:c1 up:c2 down:c3 n:n p:p pad:pad ])");
    CHECK(code.value.pos == source_position{6, 7});
    CHECK(code.value.items[1].pos == source_position{6, 23});
    CHECK(code.value.items[1].items[6].pos == source_position{6, 67});

    CHECK(show(p.statements[3].value) == "(call paint c0 <L>C>)");
    CHECK(p.statements[3].value.items[1].pos == source_position{8, 16});
    CHECK(show(p.statements[4].value) == "(call paint c1 <C>R>)");
    CHECK(show(p.statements[5].value) == "(call union x00 x01 x10 x11)");
    const auto& rep = p.statements[6];
    CHECK(rep.k == statement_kind::apply);
    CHECK(show(rep.value) == "(call hstackrep (/ nx 2))");
    CHECK(rep.value.items[0].pos == source_position{12, 22});
}

TEST_CASE("paint parser: the quick reference's complete multi-tile example (pipeline.paint)") {
    std::ifstream in(std::string(WAFER_SOURCE_DIR) + "/examples/pipeline/pipeline.paint");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    auto p = wafer::parse::parse_paint(text.str(), "pipeline.paint");
    REQUIRE(p.statements.size() == 16);
    CHECK(p.statements[0].k == statement_kind::let);
    CHECK(p.statements[0].name == "color_ab");
    CHECK(p.statements[0].pos == source_position{2, 1});
    CHECK(show(p.statements[3].value) == "(call code 'send' [dict tx:color_ab N:N ])");
    CHECK(show(p.statements[7].value) == "(call code 'compute' [dict rx:color_ab tx:color_bc N:N ])");
    CHECK(show(p.statements[8].value) == "(call paint color_ab <L>C>)");
    CHECK(show(p.statements[10].value) == "(call name 'b')");
    const auto& last = p.statements.back();
    CHECK(last.k == statement_kind::expression);
    CHECK(show(last.value) == "(call hstack a b c)");
    CHECK(last.pos == source_position{21, 1});
}

TEST_CASE("paint parser: the interleave example's let, idiv, rep and code lines") {
    auto p = parse(
        "(* interleave.paint — interleave two kernels along a row of size H *)\n"
        "let H = 16 (* row length *)\n"
        "let KERNEL_A = \"kernel_a\" (* compiles kernel_a.w *)\n"
        "let N_EVEN = idiv(H + 1 2) (* ceil(H/2) *)\n"
        "let N_ODD = idiv(H 2) (* floor(H/2) *)\n"
        "let even_tile = tile(0 0)\n"
        "even_tile : code(KERNEL_A []) (* attach microcode before replication *)\n"
        "let evens = rep(even_tile 'i N_EVEN 2 0) (* step by +2 in x *)\n"
        "let interleaved = union(evens odds)\n"
        "interleaved : name('row)\n");
    CHECK(values(p) == std::vector<std::string>{"16", "'kernel_a'", "(call idiv (+ H 1) 2)", "(call idiv H 2)",
                                                "(call tile 0 0)", "(call code KERNEL_A [ ])",
                                                "(call rep even_tile 'i' N_EVEN 2 0)", "(call union evens odds)",
                                                "(call name 'row')"});
    CHECK(p.statements[2].value.items[0].pos == source_position{4, 19});
    CHECK(p.statements[5].k == statement_kind::apply);
    CHECK(p.statements[5].value.items[1].items.empty());
}

TEST_CASE("paint parser: the Reading Paint table") {
    auto p = parse("f(a b c)\nf(a b(c))\nf(a b (c))\n'name\nlet x = e\nx : f(a b)\n[1 2 3] [k:v]\n[L>CR]\n"
                   "a + b n//2\ndefine f(a b) { a b }\n(* a comment *)");
    CHECK(values(p) == std::vector<std::string>{"(call f a b c)", "(call f a (call b c))", "(call f a b c)", "'name'",
                                                "e", "(call f a b)", "[ 1 2 3 ]", "[dict k:v ]", "<L>CR>",
                                                "(+ a b)", "(// n 2)", "0"});
    CHECK(p.statements[4].k == statement_kind::let);
    CHECK(p.statements[5].k == statement_kind::apply);
    CHECK(p.statements[5].name == "x");
    const auto& f = p.statements[11];
    CHECK(f.k == statement_kind::define);
    CHECK(f.name == "f");
    CHECK(f.names == std::vector<std::string>{"a", "b"});
    REQUIRE(f.body.size() == 2);
    CHECK(f.body[1].pos == source_position{10, 19});
}

TEST_CASE("paint parser: the rules that differ from C and Python") {
    // Inside a list '-' is binary: two elements. A call with one argument.
    CHECK(values(parse("[0 -2 4]")) == std::vector<std::string>{"[ (- 0 2) 4 ]"});
    CHECK(values(parse("f(x -1)")) == std::vector<std::string>{"(call f (- x 1))"});
    CHECK(values(parse("[0 (0-2) 4]")) == std::vector<std::string>{"[ 0 (- 0 2) 4 ]"});
    // `max (3)` is two expressions; so is the right side of `let n = max (3)`.
    auto p = parse("let n = max (3)");
    REQUIRE(p.statements.size() == 2);
    CHECK(show(p.statements[0].value) == "max");
    CHECK(p.statements[1].k == statement_kind::expression);
    CHECK(p.statements[1].pos == source_position{1, 13});
    CHECK(p.statements[1].value.pos == source_position{1, 14});
    CHECK(values(parse("(0-7)//2 (0-7)%2 2147483647 + 1 hstackrep(r 1.5*2)")) ==
          std::vector<std::string>{"(// (- 0 7) 2)", "(% (- 0 7) 2)", "(+ 2147483647 1)",
                                   "(call hstackrep r (* 1.5r 2))"});
    p = parse("define f(n) { setif(lt(n 2) 1 n*f(n-1)) }\nlet b = a arrayupdate(b 0 9)\n"
              "module([b:20 cc:30])\nrange(10 0 0-1)");
    CHECK(show(p.statements[0].body[0].value) == "(call setif (call lt n 2) 1 (* n (call f (- n 1))))");
    CHECK(values(p) == std::vector<std::string>{"0", "a", "(call arrayupdate b 0 9)",
                                                "(call module [dict b:20 cc:30 ])", "(call range 10 0 (- 0 1))"});
}

TEST_CASE("paint parser: operator precedence and left associativity") {
    CHECK(values(parse("a == b + c * d % e")) == std::vector<std::string>{"(== a (+ b (% (* c d) e)))"});
    CHECK(values(parse("1 - 2 - 3 a / b // c")) == std::vector<std::string>{"(- (- 1 2) 3)", "(// (/ a b) c)"});
    auto e = parse("x = (a + b) * c").statements.at(0);
    CHECK(e.k == statement_kind::assign);
    CHECK(show(e.value) == "(* (+ a b) c)");
    CHECK(e.value.pos == source_position{1, 5});
    CHECK(e.value.items[0].pos == source_position{1, 6});
    CHECK(values(parse("x = y == z")) == std::vector<std::string>{"(== y z)"});
}

TEST_CASE("paint parser: tokens: numbers, strings, names, symbols, geovars and arcvars") {
    CHECK(values(parse("42 0x2A 1.5 \"example\" 'a-1 '(hello world) 'x.y:z@w*v' x' _a1 $filter0_cfg $aa.cell @idx")) ==
          std::vector<std::string>{"42", "42", "1.5r", "'example'", "'a-1'", "'hello world'", "'x.y:z@w*v''", "x'",
                                   "_a1", "$filter0_cfg", "$aa.cell", "@idx"});
    auto p = parse("link($filter0_cfg \"y n\" \"counter_filter\" [\ncolor: rx\n])");
    CHECK(values(p) == std::vector<std::string>{"(call link $filter0_cfg 'y n' 'counter_filter' [dict color:rx ])"});
    CHECK(values(parse("code_tile : code(\"grad_filter\" [IDX: @idx])")) ==
          std::vector<std::string>{"(call code 'grad_filter' [dict IDX:@idx ])"});
    CHECK(values(parse("b : code('recv [n:^count])")) == std::vector<std::string>{"(call code 'recv' [dict n:^count ])"});
}

TEST_CASE("paint parser: route rules are kept verbatim, trimmed") {
    const char* routes[] = {"C>R",  "L>C",      "L>CR",          "C>R ; L>R",      "L>R ; L>U ; D>U ; ring pop=all",
                            ">C",   "C>R; tip", "CXR|R",         "L|LXC",          "L|L>R",
                            "C>",   "L>R|R",    "L>R; fabadder", "D>C; tip",       "LC>CR",
                            "U>CR", "C>RULD",   "CXU|U",         "R|RXC",          "C>R ; *L>R",
                            "LHC",  "UVC",      "L>R ; pop=advnop", "L>R ; ring pop=adv"};
    for (const char* r : routes) {
        CAPTURE(r);
        auto p = parse(std::string("x : paint(c [ ") + r + " ])");
        const auto& rule = p.statements.at(0).value.items.at(1);
        CHECK(rule.k == kind::route);
        CHECK(rule.text == r);
        CHECK(rule.pos == source_position{1, 13});
    }
    // Not routes: no arrow or swap, or other words inside.
    CHECK(values(parse("[C] [X] [R L] [ring] [CX]")) ==
          std::vector<std::string>{"[ C ]", "[ X ]", "[ R L ]", "[ ring ]", "<CX>"});
    CHECK(values(parse("[] [ ]")) == std::vector<std::string>{"[ ]", "[ ]"});
}

TEST_CASE("paint parser: statements: let, destructuring, assign, apply, geovar shorthand, define, include") {
    auto p = parse(
        "define module(options) {\n"
        "let [a b c] = query(options [a:1 b:2 c:3])\n"
        "}\n"
        "let a = 4 + 1 a = a + 1\n"
        "let aa = tile() aa : @type=0\n"
        "include \"other.paint\"\n"
        "t : code('add [N:N])\n"
        "t\n");
    REQUIRE(p.statements.size() == 8);
    const auto& module = p.statements[0];
    CHECK(module.k == statement_kind::define);
    CHECK(module.names == std::vector<std::string>{"options"});
    REQUIRE(module.body.size() == 1);
    CHECK(module.body[0].k == statement_kind::let);
    CHECK(module.body[0].names == std::vector<std::string>{"a", "b", "c"});
    CHECK(module.body[0].name.empty());
    CHECK(module.body[0].pos == source_position{2, 1});
    CHECK(show(module.body[0].value) == "(call query options [dict a:1 b:2 c:3 ])");

    CHECK(p.statements[2].k == statement_kind::assign);
    CHECK(p.statements[2].name == "a");
    CHECK(p.statements[2].pos == source_position{4, 15});
    CHECK(show(p.statements[2].value) == "(+ a 1)");

    const auto& geovar = p.statements[4];
    CHECK(geovar.k == statement_kind::apply);
    CHECK(geovar.name == "aa");
    CHECK(show(geovar.value) == "(call geovar 'type' 0)");
    CHECK(geovar.value.pos == source_position{5, 22});

    CHECK(p.statements[5].k == statement_kind::include);
    CHECK(p.statements[5].name == "other.paint");
    CHECK(p.statements[5].pos == source_position{6, 1});
    CHECK(p.statements[7].k == statement_kind::expression);
    CHECK(show(p.statements[7].value) == "t");
}

TEST_CASE("paint parser: the quick reference's macros, stacks and terminals") {
    auto p = parse(
        "define spiral(ee a b c d e f g h i) {\n"
        "ee : paint(g [L>C ]) ee : paint(h [U>CR]) ee : paint(i [U>C])\n"
        "}\n"
        "define lifecode(tt tx r0 r1 r2 r3 r4 r5 r6 r7) {\n"
        "tt : code('life [tx:tx rx0:r0 rx1:r1 rx2:r2 rx3:r3\n"
        "rx4:r4 rx5:r5 rx6:r6 rx7:r7 N:N])\n"
        "}\n"
        "let swath = stack(VERTICAL (* a 3 × 3 block of tiles *)\n"
        "stack(HORIZONTAL aa bb cc)\n"
        "stack(HORIZONTAL dd ee ff))\n"
        "swath : stackrep('x HORIZONTAL split(W 3))\n"
        "a : terminal('tx 'act RIGHT txact [1 1] [1 1] 1)\n"
        "let arc = transport('a.tx 'b.rx 'arc)\n"
        "grid : paint(ap [CXR|R]) grid : paint(a [L|LXC]) grid : colorpair(a ap)\n");
    REQUIRE(p.statements.size() == 9);
    CHECK(p.statements[0].body.size() == 3);
    CHECK(show(p.statements[0].body[0].value) == "(call paint g <L>C>)");
    CHECK(p.statements[1].body.at(0).value.items.at(1).keys.size() == 10);
    CHECK(show(p.statements[2].value) ==
          "(call stack VERTICAL (call stack HORIZONTAL aa bb cc) (call stack HORIZONTAL dd ee ff))");
    CHECK(show(p.statements[4].value) == "(call terminal 'tx' 'act' RIGHT txact [ 1 1 ] [ 1 1 ] 1)");
    CHECK(show(p.statements[5].value) == "(call transport 'a.tx' 'b.rx' 'arc')");
    CHECK(show(p.statements[6].value) == "(call paint ap <CXR|R>)");
    CHECK(show(p.statements[8].value) == "(call colorpair a ap)");
}

TEST_CASE("paint parser: keywords, empty input and comments") {
    CHECK(parse("").statements.empty());
    CHECK(parse("(* just a comment *)\n\n").statements.empty());
    CHECK(values(parse("letter defined include_all")) == std::vector<std::string>{"letter", "defined", "include_all"});
    CHECK_THROWS_AS(parse("let let = 1"), wafer::error);
}

TEST_CASE("paint parser: syntax errors match their golden files") {
    auto cases = golden::cases("paint", ".paint");
    CHECK(cases.size() >= 10);
    for (const auto& c : cases) {
        CAPTURE(c.name);
        CHECK(golden::rendered([&] { wafer::parse::parse_paint(c.text, c.name); }) == c.expected);
    }
}

TEST_CASE("paint parser: 100000 nested parentheses, calls or lists are one clean error") {
    for (const std::string opener : {"(", "f(", "[", "[k:"}) {
        CAPTURE(opener);
        std::string deep;
        for (int i = 0; i < 100000; ++i) deep += opener;
        auto message = golden::rendered([&] { parse(deep); });
        CHECK(message.find("l.paint:1:") == 0);
        CHECK(message.find(": error: expression nested too deeply (the limit is 256 levels)\n") !=
              std::string::npos);
    }
    std::string chain = "1";
    for (int i = 0; i < 100000; ++i) chain += "+1";
    CHECK(golden::rendered([&] { parse(chain); }) .starts_with("l.paint:1:1: error: expression nested too deeply"));
    CHECK_NOTHROW(parse(std::string(250, '[') + std::string(250, ']')));
}

TEST_CASE("paint parser: random bytes never crash it") {
    std::mt19937 random(20260530);
    for (int i = 0; i < 2000; ++i) {
        std::string text(random() % 80, '\0');
        for (auto& c : text) c = static_cast<char>(random());
        try {
            parse(text);
        } catch (const wafer::error& e) {
            REQUIRE(e.diagnostics().size() == 1);
            CHECK(e.diagnostics()[0].pos.line >= 1);
        }
    }
}
