#include "wafer/paint/freeze.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/placement.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/transform.hpp"
#include "wafer/parse/paint.hpp"

using namespace wafer::paint;

namespace {
// The pipeline of the quick reference, frozen at compile time.
constexpr std::uint32_t line_of_a = __LINE__ + 3;   // a's code() call
constexpr auto pipeline = freeze([](palette& p) {
    auto [ab, bc] = p.colors<2>();
    auto a = tile() | code("send", {{"tx", ab}, {"N", 8}}) | paint(ab, "C>R") | name("a");
    auto b = tile() | code("compute", {{"rx", ab}, {"tx", bc}, {"N", 8}}) | paint(ab, "L>C") | paint(bc, "C>R") |
             name("b");
    auto c = tile() | code("recv", {{"rx", bc}, {"N", 8}}) | paint(bc, "L>C") | name("c");
    return hstack(a, b, c);
});
static_assert(verify(pipeline));
static_assert(pipeline.thaw().blocks.size() == 3);
static_assert(pipeline.thaw().blocks[2].x == 2);
static_assert(resolve(pipeline.thaw()).colors.size() == 2);

// A lambda without a palette works too.
constexpr auto plain = freeze([] { return rect(0, 0, 4, 2, "x", "y") | code("k") | name("grid"); });
static_assert(verify(plain));

// Replication and moves are constant expressions too, and a frozen layout keeps the repeats.
constexpr auto replicated = freeze([](palette& p) {
    auto c = p.color();
    auto row = rep(tile() | code("k") | paint(c, "L>R"), "i", 4, 2, 0) | name("row");
    return union_(rotate(row, rotation::r90), place(diagplace(tile(), 2, 1, 1), 10, 0));
});
static_assert(verify(replicated));
static_assert(replicated.thaw().blocks[0].repeats.size() == 1);
static_assert(replicated.thaw().blocks[0].repeats[0].dy == 2);   // turned with the region
static_assert(resolve(replicated.thaw()).pes.size() == 6);
static_assert(stackrep(tile(), "x", direction::horizontal, 3).blocks[0].repeats[0].dx == 1);

// Runs the same layout at run time, for comparison.
region pipeline_at_run_time() {
    palette p;
    auto [ab, bc] = p.colors<2>();
    auto a = tile() | code("send", {{"tx", ab}, {"N", 8}}) | paint(ab, "C>R") | name("a");
    auto b = tile() | code("compute", {{"rx", ab}, {"tx", bc}, {"N", 8}}) | paint(ab, "L>C") | paint(bc, "C>R") |
             name("b");
    auto c = tile() | code("recv", {{"rx", bc}, {"N", 8}}) | paint(bc, "L>C") | name("c");
    return hstack(a, b, c);
}

/// Clears what only differs by the call site (the frozen layout was made on other lines).
region without_origins(region r) {
    for (auto& b : r.blocks) b.at = {};
    for (auto& a : r.attributes) {
        a.at = {};
        a.col.at = {};
        for (auto& b : a.bindings) b.at = b.value.col.at = {};
    }
    return r;
}
}  // namespace

TEST_CASE("freeze: thaw gives back the region the lambda built") {
    CHECK(without_origins(pipeline.thaw()) == without_origins(pipeline_at_run_time()));
    const region r = pipeline.thaw();
    CHECK(r.attributes.front().at.pos.line == line_of_a);
    CHECK(r.attributes.front().at.file.view().find("freeze.cpp") != std::string_view::npos);
    CHECK(plain.thaw().blocks[0].x_dim == cx_string("x"));
}

TEST_CASE("a frozen region keeps every field of every attribute kind") {
    // One program with every kind of attribute, its transport routed (attributes the router made).
    const std::string text = R"(let tx = color()
let rx = color()
let sx = color()
let s = color()
let up = bank(0)
let a = tile(0 0)
a : code('send [tx:tx N:@n M:3])
a : geovar('n 8)
a : paint(tx [C>R])
a : terminal('tx 'act RIGHT tx [1] [1] 1)
a : arcvar('tx 'count 12)
a : mp(up)
a : name('a)
let b = tile(5 0)
b : code('recv [rx:rx N:^count])
b : paint(rx [>C])
b : terminal('rx 'act CENTER rx [1] [1] 1)
b : link($recv.data "x" "./ramp" [first:1])
b : name('b)
let c = rect(5 0 2 1)
c : union(b)
c : alias('rx 'b.rx)
c : name('c)
let g = rep(tile(0 2) 'i 3 1 0)
g : paint(sx [CXR|R]) g : paint(s [L|LXC]) g : colorpair(s sx)
union(a c g transport('a.tx 'c.rx 'arc))
)";
    wafer::diagnostics d;
    region r = evaluate(wafer::parse::parse_paint(text, "every.paint"), {}, d);
    std::vector<problem> problems;
    r = route_transports(r, plan_transports(r, problems), problems);
    std::set<attribute_kind> kinds;
    std::set<route_origin> made_by;
    for (const auto& a : r.attributes) {
        kinds.insert(a.kind);
        if (a.kind == attribute_kind::paint) made_by.insert(a.made_by);
    }
    CHECK(kinds.size() == enum_count(attribute_kind{}));
    CHECK(made_by.size() >= 2);

    const auto bytes = detail::encode(r);
    CHECK(detail::decode(bytes.data(), bytes.size()) == r);
    // Every prefix is cut short somewhere: an error, never a read past the end.
    for (std::size_t n = 0; n < bytes.size(); n += 1 + n / 8)
        CHECK_THROWS_AS(detail::decode(bytes.data(), n), wafer::archive::format_error);
}

TEST_CASE("verify(frozen) at run time throws every problem as a wafer::error") {
    constexpr auto bad = freeze([] { return union_(tile() | code("a"), tile() | code("b")); });
    bool threw = false;
    try {
        verify(bad);
    } catch (const wafer::error& e) {
        threw = true;
        CHECK(e.diagnostics().front().message.find("two code regions overlap") == 0);
    }
    CHECK(threw);
    wafer::diagnostics d;
    CHECK_FALSE(verify(bad, d));
    CHECK(d.list().size() == 1);
}
