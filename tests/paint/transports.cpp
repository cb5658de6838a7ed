// The transport router from Paint text: orthogonal routes (x first, then y), several pins, one
// physical color for both ends, and the routes it cannot draw.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "wafer/paint/evaluate.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/verify.hpp"
#include "wafer/parse/paint.hpp"

using namespace wafer::paint;

namespace {

struct routed {
    std::map<std::pair<int, int>, std::string> rules;   ///< the rule on each PE of the transport's color
    std::string error;
    bool one_color = false;                               ///< both terminals' colors got one physical color
};

/// Routes the transports of `text`; its first color() is the source terminal's.
routed route_text(const std::string& text) {
    routed out;
    wafer::diagnostics d;
    const region r = evaluate(wafer::parse::parse_paint(text, "t.paint"), {}, d);
    std::vector<problem> problems;
    const auto plan = plan_transports(r, problems);
    const region done = route_transports(r, plan, problems);
    for (const auto& p : problems)
        if (p.level == wafer::severity::error && out.error.empty()) out.error = p.message.str();
    if (!out.error.empty()) return out;
    const auto res = resolve(done);
    for (const auto& pe : res.pes)
        for (const auto& route : pe.routes)
            if (route.color == 0) out.rules[{pe.x, pe.y}] = to_text(done.attributes[route.attribute].rule).str();
    out.one_color = physical_color(res.colors, 0) == physical_color(res.colors, 1) || res.colors.size() == 1;
    return out;
}

std::string pair_of(const std::string& a, const std::string& b, const std::string& extra = "") {
    return "let tx = color()\nlet rx = color()\n" + a + "\na : name('a)\n" + b + "\nb : name('b)\n" + extra +
           "union(a b transport('a.tx 'b.rx 'arc))\n";
}

}  // namespace

TEST_CASE("the router goes along x, then along y, and ends on the CENTER pin") {
    const auto r = route_text(pair_of("let a = tile(0 0)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [1] [1] 1)",
                                      "let b = tile(4 3)\nb : paint(rx [>C])\nb : terminal('rx 'act CENTER rx [1] [1] 1)"));
    INFO(r.error);
    using rules = std::map<std::pair<int, int>, std::string>;
    CHECK(r.rules == rules{{{0, 0}, "C>R"}, {{1, 0}, "L>R"}, {{2, 0}, "L>R"}, {{3, 0}, "L>R"}, {{4, 0}, "L>U"},
                           {{4, 1}, "D>U"}, {{4, 2}, "D>U"}, {{4, 3}, "D>C"}});
    CHECK(r.one_color);
}

TEST_CASE("a terminal's pins pair up in order: two rows, two routes; a cardinal end stops beside its pin") {
    const auto r = route_text(pair_of("let a = rect(0 0 1 2)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [2] [2] 1)",
                                      "let b = rect(3 0 1 2)\nb : paint(rx [L>C])\nb : terminal('rx 'act LEFT rx [2] [2] 1)"));
    INFO(r.error);
    using rules = std::map<std::pair<int, int>, std::string>;
    CHECK(r.rules == rules{{{0, 0}, "C>R"}, {{0, 1}, "C>R"}, {{1, 0}, "L>R"}, {{2, 0}, "L>R"}, {{1, 1}, "L>R"},
                           {{2, 1}, "L>R"}, {{3, 0}, "L>C"}, {{3, 1}, "L>C"}});
}

TEST_CASE("routes the router cannot draw are errors") {
    CHECK(route_text(pair_of("let a = tile(0 0)\na : paint(tx [C>L])\na : terminal('tx 'act LEFT tx [1] [1] 1)",
                             "let b = tile(3 0)\nb : paint(rx [>C])\nb : terminal('rx 'act CENTER rx [1] [1] 1)"))
              .error == "transport arc's route leaves the fabric at PE (-1, 0)");
    CHECK(route_text(pair_of("let a = rect(0 0 1 2)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [2] [2] 1)",
                             "let b = tile(3 0)\nb : paint(rx [>C])\nb : terminal('rx 'act CENTER rx [1] [1] 1)"))
              .error == "transport arc connects 2 pins of a.tx to 1 of b.rx: connected terminals need as many pins");
    CHECK(route_text(pair_of("let a = tile(2 0)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [1] [1] 1)",
                             "let b = tile(0 0)\nb : paint(rx [>C])\nb : terminal('rx 'act CENTER rx [1] [1] 1)"))
              .error == "transport arc's route would turn back on itself at PE (3, 0): its terminals' sides face away from the route");
}

TEST_CASE("verify() plans and routes the transports as build() does, so it finds their mistakes") {
    const auto verified = [](const std::string& text) {
        wafer::diagnostics d;
        const region r = evaluate(wafer::parse::parse_paint(text, "t.paint"), {}, d);
        wafer::diagnostics out;
        const bool ok = verify(r, out);
        CHECK(ok == !out.has_errors());
        return out.has_errors() ? out.list().front().message : std::string();
    };
    const std::string b = "let b = tile(3 0)\nb : paint(rx [>C])\nb : terminal('rx 'act CENTER rx [1] [1] 1)";
    const std::string leaves =
        pair_of("let a = tile(0 0)\na : paint(tx [C>L])\na : terminal('tx 'act LEFT tx [1] [1] 1)", b);
    CHECK(verified(leaves) == route_text(leaves).error);
    CHECK(verified(leaves) == "transport arc's route leaves the fabric at PE (-1, 0)");
    CHECK(verified(pair_of("let a = tile(0 0)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [1] [1] 1)", b))
              .empty());
}

TEST_CASE("terminal() checks its shape and split") {
    wafer::diagnostics d;
    CHECK_THROWS_AS(evaluate(wafer::parse::parse_paint("let t = tile()\nt : terminal('tx 'act RIGHT color() [1 1] [1] 1)\nt", "t.paint"), {}, d),
                    wafer::error);
    CHECK(d.list().back().message == "terminal() takes a shape and a split of the same length, one entry per dimension of its tensor");
}

namespace {

/// The arcvar values of `text`'s code() attributes (in attribute order, those with ^ bindings), or
/// its first error.
std::string arcvars_of(const std::string& text) {
    wafer::diagnostics d;
    try {
        const region r = evaluate(wafer::parse::parse_paint(text, "t.paint"), {}, d);
        std::vector<problem> problems;
        const auto values = arcvar_values(r, plan_transports(r, problems), problems);
        for (const auto& p : problems)
            if (p.level == wafer::severity::error) return p.message.str();
        std::string out;
        for (const auto& v : values)
            for (auto x : v) out += (out.empty() ? "" : " ") + to_string(x);
        return out;
    } catch (const wafer::error& e) {
        return e.diagnostics().front().message;
    }
}

const std::string sender = "let t = color()\nlet a = tile(0 0)\na : paint(t [C>R])\na : terminal('tx 'act RIGHT t [1] [1] 1)\n";
const std::string receiver = "let u = color()\nlet b = tile(3 0)\nb : paint(u [>C])\nb : terminal('rx 'act CENTER u [1] [1] 1)\n"
                             "b : code('k [n:^count])\n";

}  // namespace

TEST_CASE("an arcvar defined on a terminal is read with ^ at the other end of its transport") {
    CHECK(arcvars_of(sender + "a : arcvar('tx 'count 12)\na : name('a)\n" + receiver +
                     "b : name('b)\nunion(a b transport('a.tx 'b.rx 'arc))\n") == "12");
    // not brought: the transport's sender defines another arcvar, or no transport arrives at all
    CHECK(arcvars_of(sender + "a : arcvar('tx 'size 12)\na : name('a)\n" + receiver +
                     "b : name('b)\nunion(a b transport('a.tx 'b.rx 'arc))\n") ==
          "^count: the transports that arrive at code('k)'s region (arc) do not bring arcvar count; define it on the "
          "sending terminal with arcvar(r 'terminal 'count value)");
    CHECK(arcvars_of(receiver + "b") ==
          "^count: no transport arrives at a terminal of code('k)'s region; define it on the sending terminal with "
          "arcvar(r 'terminal 'count value)");
    // defined only on a terminal the region has
    CHECK(arcvars_of(sender + "a : arcvar('rx 'count 1)\na") ==
          "arcvar() is defined on a terminal of its region, and it has no terminal 'rx (its terminals: tx)");
}

TEST_CASE("two transports bringing one arcvar to one region agree, or it is an error naming both") {
    auto layout = [](int first, int second) {
        return "let t = color()\nlet a = tile(0 0)\na : paint(t [C>R])\na : terminal('tx 'act RIGHT t [1] [1] 1)\n"
               "a : arcvar('tx 'count " + std::to_string(first) + ")\na : name('a)\n"
               "let s = color()\nlet c = tile(0 2)\nc : paint(s [C>R])\nc : terminal('tx 'act RIGHT s [1] [1] 1)\n"
               "c : arcvar('tx 'count " + std::to_string(second) + ")\nc : name('c)\n"
               "let u = color()\nlet v = color()\nlet b = rect(3 0 1 3)\n"
               "let b0 = tile(3 0)\nb0 : paint(u [>C])\nb0 : terminal('rx 'act CENTER u [1] [1] 1)\nb0 : name('b0)\n"
               "let b2 = tile(3 2)\nb2 : paint(v [>C])\nb2 : terminal('rx 'act CENTER v [1] [1] 1)\nb2 : name('b2)\n"
               "b : code('k [n:^count])\nb : union(b0 b2)\nb : name('b)\n"
               "union(a c b transport('a.tx 'b.b0.rx 'one) transport('c.tx 'b.b2.rx 'two))\n";
    };
    CHECK(arcvars_of(layout(4, 4)) == "4");
    CHECK(arcvars_of(layout(4, 5)) == "^count is 4 on transport one and 5 on transport two, which both arrive at "
                                      "code('k)'s region: a param takes one value");
}

TEST_CASE("two wires of one transport that cross are parted by a color swap: the later on the partner color") {
    const auto r = route_text(
        "let tx = color()\nlet a = rect(0 0 1 2)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [2 1] [2 1] 1)\n"
        "a : name('a)\nlet rx = color()\nlet b = rect(3 4 2 1)\nb : paint(rx [>C])\n"
        "b : terminal('rx 'act CENTER rx [2 1] [2 1] 1)\nb : name('b)\nunion(a b transport('a.tx 'b.rx 'arc))\n");
    INFO(r.error);
    REQUIRE(r.error.empty());
    // Pin 0's wire on the color itself: along row 0, up column 3 through the crossing at (3, 1).
    CHECK(r.rules.at({1, 0}) == "L>R");
    CHECK(r.rules.at({3, 1}) == "D>U");
    CHECK(r.rules.at({3, 4}) == "D>C");
    // Pin 1's wire is on the partner from (1, 1) to (4, 3); only its last PE is on the color, which
    // takes the partner's wavelets from below for the core.
    CHECK(r.rules.count({1, 1}) == 0);
    CHECK(r.rules.count({4, 3}) == 0);
    CHECK(r.rules.at({4, 4}) == "DVC");
    // Three wires through one PE cannot be parted by one swap.
    const auto three = route_text(
        "let tx = color()\nlet a = rect(0 0 1 3)\na : paint(tx [C>R])\na : terminal('tx 'act RIGHT tx [3 1] [3 1] 1)\n"
        "a : name('a)\nlet rx = color()\nlet b = rect(3 5 3 1)\nb : paint(rx [>C])\n"
        "b : terminal('rx 'act CENTER rx [3 1] [3 1] 1)\nb : name('b)\nunion(a b transport('a.tx 'b.rx 'arc))\n");
    CHECK(three.error ==
          "transport arc's wire from pin 2 at PE (0, 2) meets another of its wires where a color swap cannot part them (the "
          "router overlaps two wires, one on the partner color c ^ 1, away from their ends)");
}
