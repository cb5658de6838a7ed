// Paint's primitives from text, as the guide and the quick reference state them: arithmetic,
// arrays, strings, setif, query, replication, moves and named copies, with the results and the
// messages the documents give (and wafer's warnings where paint is silent).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "fake_kernels.hpp"
#include "wafer/image/map_file.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"

using namespace wafer::paint;
using wafer::severity;

namespace {

struct outcome {
    std::vector<std::string> shown;
    std::vector<wafer::diagnostic> warnings;
    std::optional<region> layout;
    std::string error;   ///< the first error, "" when none
};

outcome evaluate_text(const std::string& text, std::vector<wafer::ir::param_value> variables = {}) {
    outcome o;
    wafer::diagnostics d;
    eval_options options;
    options.variables = std::move(variables);
    options.show = [&](const std::string& line) { o.shown.push_back(line); };
    try {
        o.layout = evaluate(wafer::parse::parse_paint(text, "t.paint"), options, d);
    } catch (const wafer::error& e) {
        for (const auto& x : e.diagnostics())
            if (x.level == severity::error && o.error.empty()) o.error = x.message;
    }
    for (const auto& x : d.list())
        if (x.level == severity::warning) o.warnings.push_back(x);
    return o;
}

/// What show(expression) prints.
std::string shows(const std::string& expression, const std::string& before = "") {
    const auto o = evaluate_text(before + "\nshow(" + expression + ")\ntile()\n");
    INFO(o.error);
    return o.shown.size() == 1 ? o.shown[0] : "?";
}

std::string error_of(const std::string& text) { return evaluate_text(text).error; }

/// The map of the layout built with the fake kernels (symbol buf, n<8, at 0x100).
std::string map_of(const std::string& text) {
    const auto o = evaluate_text(text);
    INFO(o.error);
    REQUIRE(o.layout);
    test::fake_kernels k;
    wafer::diagnostics d;
    return wafer::image::map_text(build(*o.layout, k.provider(), d).symbols);
}

/// The PEs of a region, (x, y) in resolve order (y, then x).
std::vector<std::pair<int, int>> pes_of(const region& r) {
    std::vector<std::pair<int, int>> out;
    for (const auto& pe : resolve(r).pes) out.emplace_back(pe.x, pe.y);
    return out;
}

}  // namespace

TEST_CASE("guide: split(16 3) is 6, cliff gives the normal and the last bucket, and stops on an invalid cliff") {
    CHECK(shows("split(16 3)") == "6");
    CHECK(shows("split(15 3)") == "5");
    CHECK(shows("cliff(16 3)") == "[6 4]");
    CHECK(error_of("cliff(9 4)") == "cliff(9 4) is not a cliff: 3 buckets of 3 leave 0 elements for the last one");
    CHECK(error_of("split(4 0)") == "split() splits into at least one bucket, not 0");
}

TEST_CASE("guide: pi multiplies its arguments; idiv and mod truncate as in C") {
    CHECK(shows("pi(2 3 4)") == "24");
    CHECK(shows("pi(2 1.5)") == "3");
    CHECK(shows("idiv(0-7 2)") == "-3");
    CHECK(shows("mod(0-7 2)") == "-1");
    CHECK(shows("2147483647 + 1") == "-2147483648");
}

TEST_CASE("guide: range counts up only; range(10 0 0-1) is empty; [0 -2 4] has two elements") {
    CHECK(shows("range(5)") == "[0 1 2 3 4]");
    CHECK(shows("range(2 10 3)") == "[2 5 8]");
    CHECK(shows("range(10 0 0-1)") == "[]");
    CHECK(shows("arraylen(range(10 0 0-1))") == "0");
    CHECK(shows("arraylen([0 -2 4])") == "2");
    CHECK(shows("[0 -2 4]") == "[-2 4]");
    CHECK(error_of("range(0 4 0)") == "range() takes a step that is not 0");
    CHECK(error_of("range(0 2147483647)").starts_with("range() makes 2147483647 values; at most"));
}

TEST_CASE("guide: arrays are shared, not copied; arrayupdate and arraydelete change them in place") {
    const std::string setup = "let a = [1 2 3]\nlet b = a\narrayupdate(b 0 9)\n";
    CHECK(shows("a", setup) == "[9 2 3]");
    CHECK(shows("a", setup + "arraydelete(b 1)\n") == "[9 3]");
    CHECK(shows("a", setup + "let c = arrayslice(a 0 arraylen(a))\narrayupdate(c 0 5)\n") == "[9 2 3]");
    CHECK(shows("arrayslice([1 2 3 4] 1 3)") == "[2 3]");
    CHECK(shows("arrayidx([4 5 6] 2)") == "6");
    CHECK(error_of("arrayidx([4 5 6] 3)") == "arrayidx() index 3 is outside the array of 3 values");
    CHECK(error_of("let a = [1]\narrayupdate(a 0 a)") == "arrayupdate() would put an array inside itself");
}

TEST_CASE("guide: a constant literal updated inside a define changes later calls, and wafer warns") {
    const auto o = evaluate_text("define f(x) {\nlet a = [1 2 3]\narrayupdate(a 0 x)\na\n}\n"
                                 "let first = f(5)\nlet second = f(7)\nshow(first)\ntile()\n");
    INFO(o.error);
    REQUIRE(o.shown.size() == 1);
    CHECK(o.shown[0] == "[7 2 3]");   // the first call's array is the second call's
    REQUIRE(o.warnings.size() == 1);
    CHECK(o.warnings[0].message.starts_with("arrayupdate() changes the constant array literal at line 2, which paint "
                                            "shares between calls"));
    CHECK(o.warnings[0].pos.line == 3);
}

TEST_CASE("guide: query fills defaults; module([b:20 cc:30]) gives a=1 b=20 c=3, with wafer's warning for cc") {
    const auto o = evaluate_text("define module(options) {\nlet [a b c] = query(options [a:1 b:2 c:3])\nshow(a b c)\n}\n"
                                 "module([b:20 cc:30])\ntile()\n");
    INFO(o.error);
    REQUIRE(o.shown.size() == 1);
    CHECK(o.shown[0] == "1 20 3");
    REQUIRE(o.warnings.size() == 1);
    CHECK(o.warnings[0].message.starts_with("query() ignores key 'cc': its defaults have the keys a b c"));
    CHECK(o.warnings[0].pos == wafer::source_position{5, 17});
    CHECK(shows("query([] [a:1])") == "[1]");
}

TEST_CASE("quick reference: setif chooses, both branches evaluated") {
    CHECK(shows("x", "let N = 5\nlet x = setif(lt(4 N) \"large\" \"small\")") == "large");
    CHECK(shows("setif(0 1 2)") == "2");
    CHECK(error_of("setif(\"yes\" 1 2)").starts_with("setif() takes an integer condition (0 or 1)"));
    // Both branches are evaluated, so a recursion never ends: a clear error, not a crash.
    CHECK(error_of("define f(n) { setif(lt(n 2) 1 n*f(n-1)) }\nf(3)").starts_with("calls nested deeper than 256"));
}

TEST_CASE("guide: join, symjoin and strcmp") {
    CHECK(shows("join(\".\" 'a 'b 3)") == "a.b.3");
    CHECK(shows("symjoin('a 'b)") == "$a.b");
    CHECK(shows("symjoin(\"\" 'b)") == "$b");
    CHECK(shows("strcmp('a 'a)") == "0");
    CHECK(shows("strcmp('a 'b)") != "0");
    CHECK(error_of("let t = tile()\nt : name(symjoin('a 'b))\nt") ==
          "name() takes a string, not the symbol $a.b: join(\".\" a b) gives the string a.b");
    // A string that doubles at each step would fill memory long before the evaluation's limit on steps.
    CHECK(error_of("let s = 'ab\ndefine twice() { s = join(\"\" s s)\ntwice() }\ntwice()")
              .starts_with("join() makes a string longer than 1048576 characters"));
}

TEST_CASE("arrays nested a hundred thousand deep, or shared a billion ways, free, show and update in bounds") {
    std::string deep = "let a = [1]\n";
    for (int i = 0; i < 100000; ++i) deep += "a = [a]\n";
    CHECK(shows("arraylen(a)", deep) == "1");  // and the chain is freed, one array at a time
    std::string wide = "let a = [1]\n";
    for (int i = 0; i < 30; ++i) wide += "a = [a a]\n";
    CHECK(shows("arraylen(a)", wide) == "2");
    const auto shown = shows("a", wide);
    CHECK(shown.size() < 70000);
    CHECK(shown.ends_with(" ...]"));
    CHECK(error_of(wide + "let b = [0]\narrayupdate(b 0 a)\narrayupdate(a 1 b)\ntile()") ==
          "arrayupdate() would put an array inside itself");
}

TEST_CASE("a layout with no PEs is an error where its last statement is") {
    CHECK(error_of("hstack()") == "the layout is empty: the region of the last statement has no PEs");
    CHECK(error_of("rep(tile() 'i 0 1 0)") == "the layout is empty: the region of the last statement has no PEs");
}

TEST_CASE("a repeated tile covers at most as many PEs as a layout may have, however the repeats nest") {
    // Four repeats of 65536 copies each would be 2^64 copies, past what a count holds.
    CHECK(error_of("rep(rep(rep(rep(tile() 'a 65536 0 0) 'b 65536 0 0) 'c 65536 0 0) 'd 65536 0 0)") ==
          "rep() makes a tile cover more than 4194304 PEs, the most a layout may have: count 65536");
    CHECK(error_of("rep(rect(0 0 4096 4096) 'a 2 0 0)") ==
          "rep() makes a tile cover more than 4194304 PEs, the most a layout may have: count 2");
}

TEST_CASE("quick reference: place offsets add, R0 keeps the orientation") {
    const auto o = evaluate_text("let swath = tile(3 5)\nswath : place(1 1 R0)\nswath : place(2 0 R0)\nswath\n");
    REQUIRE(o.layout);
    CHECK(pes_of(*o.layout) == std::vector<std::pair<int, int>>{{6, 6}});
    CHECK(pes_of(*evaluate_text("place(tile(1 1) 4 0)").layout) == std::vector<std::pair<int, int>>{{5, 1}});
    CHECK(error_of("rotate(tile() 90)") == "argument 2 of rotate() must be a rotation, R0, R90, R180 or R270, not an integer");
}

TEST_CASE("guide: rotate turns counter-clockwise (R90 turns +x into +y), flips mirror inside the bounding box") {
    // An L of three PEs at (0,0) (1,0) (0,1) inside a 2 x 2 box.
    const std::string l = "let l = union(tile(0 0) tile(1 0) tile(0 1))\n";
    using pes = std::vector<std::pair<int, int>>;
    CHECK(pes_of(*evaluate_text(l + "rotate(l R90)").layout) == pes{{0, 0}, {1, 0}, {1, 1}});
    CHECK(pes_of(*evaluate_text(l + "rotate(l R180)").layout) == pes{{1, 0}, {0, 1}, {1, 1}});
    CHECK(pes_of(*evaluate_text(l + "hflip(l)").layout) == pes{{0, 0}, {1, 0}, {1, 1}});
    CHECK(pes_of(*evaluate_text(l + "vflip(l)").layout) == pes{{0, 0}, {0, 1}, {1, 1}});
    CHECK(pes_of(*evaluate_text("rotate(rect(2 3 3 1) R90)").layout) == pes{{2, 3}, {2, 4}, {2, 5}});
    // The routes turn with the tiles: [L>R] turned a quarter is [D>U].
    const auto turned = evaluate_text("let c = color()\nlet t = tile()\nt : paint(c [L>R])\nrotate(t R90)");
    REQUIRE(turned.layout);
    CHECK(to_text(turned.layout->attributes.back().rule) == cx_string("D>U"));
}

TEST_CASE("guide's interleave example: rep steps by (dx, dy) and names the dimension the map shows") {
    const std::string text =
        "let H = 16\nlet N_EVEN = idiv(H + 1 2)\nlet N_ODD = idiv(H 2)\n"
        "let even_tile = tile(0 0)\neven_tile : code('send [tx:color()])\nlet evens = rep(even_tile 'i N_EVEN 2 0)\n"
        "let odd_tile = tile(1 0)\nodd_tile : code('recv [rx:color()])\nlet odds = rep(odd_tile 'j N_ODD 2 0)\n"
        "let interleaved = union(evens odds)\ninterleaved : name('row)\ninterleaved\n";
    const auto o = evaluate_text(text);
    REQUIRE(o.layout);
    CHECK(pes_of(*o.layout).size() == 16);
    CHECK(o.layout->blocks.size() == 2);   // two repeated tiles, not sixteen copies
    const std::string map = map_of(text);
    INFO(map);
    CHECK(map.find("row.buf [ i<8 n<8 ] ( 0x0100+n 0+2*i 0 ) xp") != std::string::npos);
    CHECK(map.find("row.buf [ j<8 n<8 ] ( 0x0100+n 1+2*j 0 ) xp") != std::string::npos);
}

TEST_CASE("quick reference: stackrep of a 3 x 3 block with W = H = 15 gives grid.aa.cell [ y<5 x<5 ]") {
    std::string text;
    for (const char* t : {"aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii"})
        text += std::string("let ") + t + " = tile()\n" + t + " : code('send [tx:color()])\n" + t + " : name('" + t + ")\n";
    text += "let swath = stack(VERTICAL stack(HORIZONTAL aa bb cc) stack(HORIZONTAL dd ee ff) stack(HORIZONTAL gg hh ii))\n"
            "swath : stackrep('x HORIZONTAL split(W 3))\nswath : stackrep('y VERTICAL split(H 3))\n"
            "swath : name('grid)\nswath\n";
    const auto o = evaluate_text(text, {{"W", 15}, {"H", 15}});
    INFO(o.error);
    REQUIRE(o.layout);
    CHECK(pes_of(*o.layout).size() == 225);
    test::fake_kernels k;
    wafer::diagnostics d;
    const auto map = wafer::image::map_text(build(*o.layout, k.provider(), d).symbols);
    CHECK(map.find("grid.aa.buf [ y<5 x<5 n<8 ] ( 0x0100+n 0+3*x 0+3*y ) xp") != std::string::npos);
    CHECK(map.find("grid.ii.buf [ y<5 x<5 n<8 ] ( 0x0100+n 2+3*x 2+3*y ) xp") != std::string::npos);
    CHECK(k.requests.size() == 1);   // one kernel, one combination of params: compiled once
}

TEST_CASE("guide: hstackrep and vstackrep stack copies, with a space and a name; 0 copies leave the region out") {
    using pes = std::vector<std::pair<int, int>>;
    CHECK(pes_of(*evaluate_text("hstackrep(rect(0 0 2 1) 3 0 'k)").layout) == pes{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}});
    CHECK(pes_of(*evaluate_text("hstackrep(tile() 3 1)").layout) == pes{{0, 0}, {2, 0}, {4, 0}});
    CHECK(pes_of(*evaluate_text("vstackrep(tile() 2 0 'k)").layout) == pes{{0, 0}, {0, 1}});
    CHECK(pes_of(*evaluate_text("union(tile() hstackrep(tile(5 5) 0))").layout) == pes{{0, 0}});
    CHECK(error_of("hstackrep(tile() 1.5*2)") == "argument 2 of hstackrep() must be an integer, not a float: int(x) converts one");
    CHECK(map_of("let t = tile()\nt : code('send [tx:color()])\nhstackrep(t 4)").find("buf [ x<4 n<8 ] ( 0x0100+n 0+x 0 ) xp") !=
          std::string::npos);
    CHECK(error_of("hstackrep(rect(0 0 2 1) 2)") ==
          "hstackrep() names its dimension 'x', which the region already has: give it another name");
}

TEST_CASE("rep(tile() 'i 1000000000 1 0) is a clear error, not an out-of-memory") {
    CHECK(error_of("rep(tile() 'i 1000000000 1 0)") == "rep() places copies past +-1048576: count 1000000000, step (1, 0)");
    CHECK(error_of("rep(tile() 'i 0-1 1 0)") == "rep() takes a count that is not negative");
    CHECK(error_of("rep(rep(tile() 'i 2 1 0) 'i 2 0 1)") ==
          "rep() names its dimension 'i', which the region already has: give it another name");
}

TEST_CASE("guide: diagplace, arrayplace and diagarrayplace place copies named x0, x1, ...") {
    using pes = std::vector<std::pair<int, int>>;
    CHECK(pes_of(*evaluate_text("diagplace(tile() 3 1 2)").layout) == pes{{0, 0}, {1, 2}, {2, 4}});
    CHECK(pes_of(*evaluate_text("arrayplace(tile() [0 3 5])").layout) == pes{{0, 0}, {0, 3}, {0, 5}});
    CHECK(pes_of(*evaluate_text("diagarrayplace(tile() 2 [1 0])").layout) == pes{{2, 0}, {0, 1}});
    const auto map = map_of("let t = tile()\nt : code('send [tx:color()])\ndiagplace(t 2 1 0)");
    INFO(map);
    CHECK(map.find("x0.buf [ n<8 ] ( 0x0100+n 0 0 ) xp") != std::string::npos);
    CHECK(map.find("x1.buf [ n<8 ] ( 0x0100+n 1 0 ) xp") != std::string::npos);
}

TEST_CASE("guide: paintuppertriangle with xoffsets [0 3 4], yoffsets [0 2 3], xend 5") {
    const auto o = evaluate_text("let c = color()\npaintuppertriangle(tile(0 0) c [L>R] [0 3 4] [0 2 3] 5)");
    INFO(o.error);
    REQUIRE(o.layout);
    const auto res = resolve(*o.layout);
    std::vector<std::pair<int, int>> routed;
    for (const auto& pe : res.pes)
        if (!pe.routes.empty()) routed.emplace_back(pe.x, pe.y);
    // Row 0 from x = 1 to 4, row 2 only x = 4, row 3 nothing; the tile r had, (0, 0), is not painted.
    CHECK(routed == std::vector<std::pair<int, int>>{{1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 2}});
    CHECK(error_of("paintuppertriangle(tile() color() [L>R] [0] [0 1] 5)") ==
          "paintuppertriangle() takes as many x offsets as y offsets, one pair per row");
}
