// Geovars from text: both of the documents' working forms, the form paint compiles with one value
// (wafer warns), the coverage check (PE by PE, so a diagonal rep is not counted as covering the
// square), arrayplace's per-copy values, and geovars that are not code() bindings.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "fake_kernels.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"

using namespace wafer::paint;
using wafer::severity;

namespace {

struct built {
    std::map<std::pair<int, int>, std::int64_t> n;   ///< param N of each PE's program
    std::vector<std::string> warnings;   ///< about geovars
    std::string error;   ///< the first error, "" when none
    std::size_t programs = 0;
};

/// Builds `text` with the fake kernels ('send has param N and socket tx).
built build_text(const std::string& text) {
    built b;
    wafer::diagnostics d;
    try {
        const region r = evaluate(wafer::parse::parse_paint(text, "g.paint"), {}, d);
        test::fake_kernels k;
        const auto l = build(r, k.provider(), d);
        for (const auto& pe : l.pes) b.n[{pe.x, pe.y}] = l.programs[pe.program].params.at(0).value.integer;
        b.programs = l.programs.size();
    } catch (const wafer::error& e) {
        for (const auto& x : e.diagnostics())
            if (x.level == severity::error && b.error.empty()) b.error = x.message;
    }
    for (const auto& x : d.list())
        if (x.level == severity::warning && x.message.starts_with("geovar")) b.warnings.push_back(x.message);
    return b;
}

using values = std::map<std::pair<int, int>, std::int64_t>;

}  // namespace

TEST_CASE("guide: a geovar per tile, code() on a region beside them, then the union") {
    const auto b = build_text("let c = color()\nlet a = tile(0 0)\na : geovar('example 1)\nlet b = tile(1 0)\n"
                              "b : geovar('example 2)\nlet all = rect(0 0 2 1)\nall : code('send [tx:c N:@example])\n"
                              "all : union(a b)\nall\n");
    INFO(b.error);
    CHECK(b.n == values{{{0, 0}, 1}, {{1, 0}, 2}});
    CHECK(b.programs == 2);   // one program per combination of params
    CHECK(b.warnings.empty());
}

TEST_CASE("quick reference: @name=value is geovar('name value); a geovar set after code() applies too") {
    const auto b = build_text("let c = color()\nlet left = tile(0 0)\nleft : @rank=0\nlet right = tile(1 0)\nright : @rank=1\n"
                              "let both = rect(0 0 2 1)\nboth : code('send [tx:c N:@rank])\nboth : union(left right)\nboth\n");
    INFO(b.error);
    CHECK(b.n == values{{{0, 0}, 0}, {{1, 0}, 1}});
    const auto after = build_text("let t = rect(0 0 2 1)\nt : code('send [tx:color() N:@g])\nt : geovar('g 5)\nt\n");
    CHECK(after.n == values{{{0, 0}, 5}, {{1, 0}, 5}});
}

TEST_CASE("guide: geovars set before code() on their union are ignored by paint, one value for every PE; wafer warns") {
    const auto b = build_text("let a = tile(0 0)\na : geovar('example 1)\nlet b = tile(1 0)\nb : geovar('example 2)\n"
                              "let all = union(a b)\nall : code('send [tx:color() N:@example])\nall\n");
    INFO(b.error);
    CHECK(b.n == values{{{0, 0}, 1}, {{1, 0}, 1}});   // the guide: both tiles compile with id=1
    REQUIRE(b.warnings.size() == 1);
    CHECK(b.warnings[0].starts_with("geovar example is set (g.paint:2:5) on part of a region before code() is applied to "
                                    "the whole: paint ignores it there and compiles PE (0, 0) and 1 other PE with one "
                                    "value, example=1"));
}

TEST_CASE("guide: Geovar example does not cover region, with the uncovered range") {
    const auto b = build_text("let a = tile(0 0)\na : geovar('example 1)\nlet all = rect(0 0 3 1)\n"
                              "all : code('send [tx:color() N:@example])\nall : union(a)\nall\n");
    CHECK(b.error == "Geovar example does not cover region: no value at PE (1, 0) and 1 other PE (x 1..2, y 0) of "
                     "code('send); set it with geovar() on every PE the code covers");
}

TEST_CASE("guide: a geovar on a diagonal rep covers its two tiles, not the square (paint counts all four)") {
    const auto b = build_text("let g = rep(tile() 'i 2 1 1)\ng : geovar('example 1)\nlet all = rect(0 0 2 2)\n"
                              "all : code('send [tx:color() N:@example])\nall : union(g)\nall\n");
    CHECK(b.error.starts_with("Geovar example does not cover region: no value at PE (1, 0) and 1 other PE (x 0..1, y 0..1)"));
}

TEST_CASE("guide: arrayplace gives each copy its geovar value when code() came first; after, paint uses one value") {
    const auto b = build_text("let code_tile = tile()\ncode_tile : code('send [tx:color() N:@idx])\nlet ids = range(0 3)\n"
                              "arrayplace(code_tile ids [idx:ids])\n");
    INFO(b.error);
    CHECK(b.n == values{{{0, 0}, 0}, {{0, 1}, 1}, {{0, 2}, 2}});
    CHECK(b.warnings.empty());
    const auto late = build_text("let code_tile = tile()\nlet ids = range(0 3)\nlet kernel = arrayplace(code_tile ids [idx:ids])\n"
                                 "kernel : code('send [tx:color() N:@idx])\nkernel\n");
    CHECK(late.n == values{{{0, 0}, 0}, {{0, 1}, 0}, {{0, 2}, 0}});   // the guide: every copy compiles with IDX=0
    REQUIRE(late.warnings.size() == 1);
    CHECK(late.warnings[0].starts_with("geovar idx is set"));
    CHECK(build_text("arrayplace(tile() [0 1] [idx:[5]])").error == "geovar idx has 1 values for 2 copies: give one value per copy");
}

TEST_CASE("a geovar is a value per PE only in a code() binding") {
    CHECK(build_text("let t = tile()\nt : @type=1\nsetif(@type t t)").error.starts_with(
        "setif() takes an integer condition (0 or 1), such as lt(n 2), not a geovar"));
    CHECK(build_text("show(@type + 1)\ntile()").error == "operator + takes numbers, not a geovar");
}
