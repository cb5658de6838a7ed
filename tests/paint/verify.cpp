#include "wafer/paint/verify.hpp"

#include <doctest/doctest.h>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"

using wafer::diagnostics;
using wafer::severity;
using namespace wafer::paint;

namespace {
std::vector<const wafer::diagnostic*> of(const diagnostics& d, severity s) {
    std::vector<const wafer::diagnostic*> v;
    for (const auto& x : d.list())
        if (x.level == s) v.push_back(&x);
    return v;
}
bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("resolve: every PE once, sorted by (y, x), with the fabric size") {
    const region r = union_(rect(1, 1, 2, 2), tile(0, 0), tile(1, 1));
    const resolution res = resolve(r);
    REQUIRE(res.pes.size() == 5);
    CHECK(res.pes[0].x == 0);
    CHECK(res.pes[0].y == 0);
    CHECK(res.pes[1].x == 1);
    CHECK(res.pes[1].y == 1);
    CHECK(res.pes[4].x == 2);
    CHECK(res.pes[4].y == 2);
    CHECK(res.width == 3);
    CHECK(res.height == 3);
    CHECK(res.ok());
}

TEST_CASE("a region with no PEs is no layout") {
    const resolution res = resolve(region{});
    REQUIRE(res.problems.size() == 1);
    CHECK(res.problems[0].kind == problem_kind::empty_layout);
    CHECK(!res.ok());
}

TEST_CASE("guide: paint rejects a union of overlapping regions that both have code") {
    const region a = rect(0, 0, 2, 1) | code("a");
    const region b = tile(1, 0) | code("b");
    diagnostics d;
    CHECK_FALSE(verify(union_(a, b), d));
    const auto errors = of(d, severity::error);
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0]->message, "two code regions overlap at PE (1, 0)"));
    CHECK(contains(errors[0]->message, "code('b)"));
    CHECK(errors[0]->pos.line == __LINE__ - 7);   // at the later code()
    CHECK(contains(errors[0]->file, "verify.cpp"));
}

TEST_CASE("overlapping code is reported once, however many PEs overlap") {
    diagnostics d;
    verify(union_(rect(0, 0, 3, 3) | code("a"), rect(1, 1, 3, 3) | code("b")), d);
    const auto errors = of(d, severity::error);
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0]->message, "PE (1, 1) and 3 other PEs"));
}

TEST_CASE("guide: a second code() on the same region is an error (paint places both kernels at the same addresses)") {
    diagnostics d;
    CHECK_FALSE(verify(tile() | code("a") | code("b"), d));
    const auto errors = of(d, severity::error);
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0]->message, "a second code() on one region"));
    CHECK(contains(errors[0]->message, "same addresses"));
}

TEST_CASE("code on overlapping regions is fine when only one of them has code") {
    diagnostics d;
    CHECK(verify(union_(rect(0, 0, 2, 1) | code("k"), tile(0, 0) | name("a"), tile(1, 0)), d));
    CHECK(d.list().empty());
    // One code() over overlapping children is one kernel per PE.
    CHECK(verify(union_(tile(), tile()) | code("k"), d));
}

TEST_CASE("painting one color twice on a PE: the later replaces the earlier, with a warning") {
    palette p;
    const color c = p.color();
    const region r = tile() | paint(c, "C>R") | paint(c, "L>C");
    diagnostics d;
    CHECK(verify(r, d));
    const auto warnings = of(d, severity::warning);
    REQUIRE(warnings.size() == 1);
    CHECK(contains(warnings[0]->message, "replaces [C>R]"));
    CHECK(warnings[0]->pos.line == __LINE__ - 6);
    const resolution res = resolve(r);
    REQUIRE(res.pes[0].routes.size() == 1);
    CHECK(r.attributes[res.pes[0].routes[0].attribute].rule == route_rule("L>C"));
}

TEST_CASE("guide: in a union the children searched last have the final word") {
    palette p;
    const color c = p.color();
    const region u = union_(tile() | paint(c, "C>R"), tile() | paint(c, "L>C"));
    const resolution res = resolve(u);
    REQUIRE(res.pes.size() == 1);
    CHECK(u.attributes[res.pes[0].routes[0].attribute].rule == route_rule("L>C"));
    // And a paint() on the union, applied later, wins over both.
    const region v = u | paint(c, "D>U");
    CHECK(v.attributes[resolve(v).pes[0].routes[0].attribute].rule == route_rule("D>U"));
}

TEST_CASE("different colors on one PE are independent routes, sorted by color") {
    palette p;
    const auto [a, b] = p.colors<2>();
    const resolution res = resolve(tile() | paint(b, "L>R") | paint(a, "C>R"));
    REQUIRE(res.pes[0].routes.size() == 2);
    CHECK(res.pes[0].routes[0].color == a.id);
    CHECK(res.pes[0].routes[1].color == b.id);
    CHECK(res.problems.empty());
}

TEST_CASE("a PE at a negative coordinate is an error at its tile") {
    diagnostics d;
    CHECK_FALSE(verify(tile(-1, 0), d));
    CHECK(contains(d.list().front().message, "negative coordinates"));
    // Stacking keeps r1 where it is, so a negative r1 stays negative.
    CHECK_FALSE(verify(hstack(tile(0, -2), tile()), d));
}

TEST_CASE("a layout with too many PEs is an error, not an allocation") {
    diagnostics d;
    CHECK_FALSE(verify(union_(rect(0, 0, 1 << 20, 1 << 20)), d));
    CHECK(contains(d.list().front().message, "PEs; at most"));
}

TEST_CASE("the code block of a PE gives its name path") {
    const region r = union_(rect(0, 0, 2, 1) | code("k") | name("grid"), tile(0, 0) | name("a"));
    const resolution res = resolve(r);
    REQUIRE(res.pes.size() == 2);
    CHECK(res.block_names[res.pes[0].code_block] == cx_string("grid"));
}
