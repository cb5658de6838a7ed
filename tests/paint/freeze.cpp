#include "wafer/paint/freeze.hpp"

#include <doctest/doctest.h>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/placement.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/transform.hpp"

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

TEST_CASE("serialisation round-trips every field") {
    palette p;
    const color c = p.color(7);
    const region r = union_(rect(-3, 4, 5, 6, "i", "j"), tile(9, 9) | code("k", {{"rx", c}, {"N", -5}}) |
                                                             paint(c, "L>R ; D>U ; C>C") | name("n"));
    CHECK(detail::decode(detail::encode(r).data()) == r);
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
