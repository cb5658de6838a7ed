#include "wafer/paint/color_solver.hpp"

#include <doctest/doctest.h>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/transform.hpp"

using wafer::severity;
using namespace wafer::paint;

namespace {
region painted(std::vector<color> cs) {
    region r = tile();
    for (const auto& c : cs) r = r | paint(c, "L>R");
    return r;
}
}  // namespace

TEST_CASE("solver: physical colors by ascending symbolic id, lowest free first") {
    palette p;
    const auto cs = p.colors<3>();
    std::vector<problem> problems;
    // Used in another order than created: the ids decide.
    const auto slots = solve_colors(painted({cs[2], cs[0], cs[1]}), problems);
    CHECK(problems.empty());
    REQUIRE(slots.size() == 3);
    CHECK(physical_color(slots, cs[0].id) == 0);
    CHECK(physical_color(slots, cs[1].id) == 1);
    CHECK(physical_color(slots, cs[2].id) == 2);
}

TEST_CASE("solver: only colors in use count, code() bindings included") {
    palette p;
    const auto cs = p.colors<3>();
    std::vector<problem> problems;
    const auto slots = solve_colors(tile() | code("k", {{"rx", cs[2]}}) | paint(cs[1], "L>C"), problems);
    REQUIRE(slots.size() == 2);
    CHECK(physical_color(slots, cs[0].id) == -1);
    CHECK(physical_color(slots, cs[1].id) == 0);
    CHECK(physical_color(slots, cs[2].id) == 1);
}

TEST_CASE("guide: a hard-coded color keeps its number, with a warning, the solver skips it") {
    palette p;
    const color a = p.color(0);
    const color b = p.color();
    std::vector<problem> problems;
    const auto slots = solve_colors(painted({a, b}), problems);
    CHECK(physical_color(slots, a.id) == 0);
    CHECK(physical_color(slots, b.id) == 1);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].level == severity::warning);
    CHECK(problems[0].kind == problem_kind::hard_coded_color);
    CHECK(problems[0].message.view().find("let the solver choose") != std::string_view::npos);
}

TEST_CASE("two colors hard-coded to one physical color warn") {
    palette p;
    std::vector<problem> problems;
    solve_colors(painted({p.color(3), p.color(3)}), problems);
    bool shared = false;
    for (const auto& q : problems) shared = shared || q.kind == problem_kind::shared_hard_color;
    CHECK(shared);
}

TEST_CASE("solver: 24 colors fit the router, a 25th is an error at its color() call") {
    palette p;
    std::vector<color> cs;
    for (int i = 0; i < 24; ++i) cs.push_back(p.color());
    std::vector<problem> problems;
    auto slots = solve_colors(painted(cs), problems);
    CHECK(problems.empty());
    CHECK(physical_color(slots, cs[23].id) == 23);
    cs.push_back(p.color());
    slots = solve_colors(painted(cs), problems);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].level == severity::error);
    CHECK(problems[0].message.view().find("more than 24 colors: the router has 24") == 0);
    CHECK(problems[0].at == cs[24].at);
    // Hard-coded colors take their slots from the others.
    palette q;
    std::vector<color> mixed{q.color(23)};
    for (int i = 0; i < 23; ++i) mixed.push_back(q.color());
    problems.clear();
    slots = solve_colors(painted(mixed), problems);
    CHECK(!has_errors(problems));
    CHECK(physical_color(slots, mixed[23].id) == 22);
}

TEST_CASE("solver: colors that cannot interfere share a physical color; neighbours never do") {
    palette p;
    const auto cs = p.colors<4>();
    std::vector<problem> problems;
    // cs[0] on (0, 0); cs[1] two PEs away: no PE of one is a PE of the other or beside it.
    auto slots = solve_colors(union_({tile(0, 0) | paint(cs[0], "C>R"), tile(2, 0) | paint(cs[1], "C>R")}), problems);
    CHECK(problems.empty());
    CHECK(physical_color(slots, cs[0].id) == 0);
    CHECK(physical_color(slots, cs[1].id) == 0);
    // Beside it, or diagonally beside it: a wavelet of one could reach the other's router.
    for (const auto& [x, y] : {std::pair{1, 0}, std::pair{1, 1}, std::pair{0, 1}}) {
        CAPTURE(x);
        CAPTURE(y);
        slots = solve_colors(union_({tile(0, 0) | paint(cs[0], "C>R"), tile(x, y) | paint(cs[1], "L>C")}), problems);
        CHECK(physical_color(slots, cs[0].id) != physical_color(slots, cs[1].id));
    }
    // A partner pair is placed around the colors its PEs already see.
    slots = solve_colors(union_({tile(0, 0) | paint(cs[0], "C>R"), tile(5, 0) | paint(cs[1], "C>R"),
                                 tile(5, 0) | paint(cs[2], "CXR") | paint(cs[3], "L>C") | colorpair(cs[2], cs[3])}),
                         problems);
    CHECK(problems.empty());
    CHECK(physical_color(slots, cs[0].id) == 0);
    CHECK(physical_color(slots, cs[2].id) == 0);   // the pair (0, 1) is free at (5, 0): its first color is far away
    CHECK(physical_color(slots, cs[3].id) == 1);
    CHECK(physical_color(slots, cs[1].id) == 2);
}

TEST_CASE("solver: 40 regions of 3 colors each fit when they are apart; 25 on one PE name the colors and the PE") {
    palette p;
    std::vector<region> rows;
    std::vector<color> cs;
    for (int k = 0; k < 40; ++k) {
        const auto three = p.colors<3>();
        region row = rect(0, 2 * k, 4, 1);
        for (const auto& c : three) row = row | paint(c, "L>R"), cs.push_back(c);
        rows.push_back(row);
    }
    std::vector<problem> problems;
    const auto slots = solve_colors(union_(rows), problems);
    CHECK(problems.empty());   // rows two apart: no PE of one row is beside a PE of another
    for (std::size_t i = 0; i < cs.size(); ++i) CHECK(physical_color(slots, cs[i].id) == int(i % 3));

    std::vector<color> many;
    for (int i = 0; i < 25; ++i) many.push_back(p.color());
    problems.clear();
    solve_colors(place(painted(many), 3, 4), problems);
    REQUIRE(problems.size() == 1);
    const auto m = problems[0].message.str();
    CHECK(m.find("more than 24 colors: the router has 24 (25 colors meet on this color's PEs and beside them, around "
                 "PE (3, 4): this one and #") == 0);
    CHECK(m.find(" #" + std::to_string(many[0].id) + " ") != std::string::npos);
    CHECK(m.find("this one gets none") != std::string::npos);
}

TEST_CASE("a bank is 0 or 1 wherever it is made or used, bank(n) or not") {
    palette p;
    CHECK_THROWS_WITH_AS(p.bank(2), "bank(n) takes bank 0 (colors 14-18) or bank 1 (colors 19-23), not bank 2", wafer::error);
    // Made without bank(n): an error at its use, never a color past the palette's banks.
    const bank stray{5, {}};
    CHECK_THROWS_WITH_AS(p.color(stray), "color(bank) takes bank 0 (colors 14-18) or bank 1 (colors 19-23), not bank 5",
                         wafer::error);
    CHECK_THROWS_WITH_AS(mp(tile(), bank{-1, {}}), "mp() takes bank 0 (colors 14-18) or bank 1 (colors 19-23), not bank -1",
                         wafer::error);
    CHECK(p.color(p.bank(1)).physical == wafer::hw::mp_first_color(1));
}
