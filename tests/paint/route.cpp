#include "wafer/paint/route.hpp"

#include <doctest/doctest.h>

using namespace wafer;
using namespace wafer::paint;
using ir::port;

namespace {
constexpr std::uint8_t ports(std::initializer_list<port> ps) {
    std::uint8_t m = 0;
    for (port p : ps) m |= ir::bit(p);
    return m;
}
}  // namespace

// Compiles = passes: the parser runs in constant expressions, for paint(c, "C>R") in C++.
static_assert(parse_route("L>CR").ok());
static_assert(parse_route("L>CR").rule.count == 1);
static_assert(parse_route("L>CR").rule.positions[0].input == port::left);
static_assert(parse_route("L>CR").rule.positions[0].outputs == (ir::bit(port::core) | ir::bit(port::right)));
static_assert(route_rule("C>R ; L>R").count == 2);
static_assert(parse_route("LC>CR").error == route_error::multiple_inputs);

TEST_CASE("guide: [L>CR] is a route from the left to the core and the right") {
    const auto r = parse_route("L>CR");
    REQUIRE(r.ok());
    CHECK(r.rule.count == 1);
    CHECK(r.rule.positions[0] == ir::switch_position{port::left, ports({port::core, port::right})});
    CHECK(to_text(r.rule).view() == "L>CR");
}

TEST_CASE("guide: [D>U] is a route from down to up, every port letter parses") {
    CHECK(parse_route("D>U").rule.positions[0] == ir::switch_position{port::down, ports({port::up})});
    CHECK(parse_route("U>D").rule.positions[0] == ir::switch_position{port::up, ports({port::down})});
    CHECK(parse_route("C>RULD").rule.positions[0] ==
          ir::switch_position{port::core, ports({port::right, port::up, port::left, port::down})});
}

TEST_CASE("quick reference: a semicolon separates switch positions, the first initial, spaces are allowed") {
    const auto r = parse_route("C>R ; L>R");
    REQUIRE(r.ok());
    CHECK(r.rule.count == 2);
    CHECK(r.rule.positions[0] == ir::switch_position{port::core, ports({port::right})});
    CHECK(r.rule.positions[1] == ir::switch_position{port::left, ports({port::right})});
    CHECK(to_text(r.rule).view() == "C>R ; L>R");
    CHECK(parse_route(" L > C ").ok());
    CHECK(parse_route("L>R; L>U; D>U; U>D").rule.count == 4);
}

TEST_CASE("quick reference: paint rejects [LC>CR] (Multiple router inputs set), at the second input") {
    const auto r = parse_route("LC>CR");
    CHECK(r.error == route_error::multiple_inputs);
    CHECK(r.offset == 1);
    CHECK(std::string(message(r.error)).find("Multiple router inputs set") == 0);
}

TEST_CASE("guide: a fifth switch position is an error (paint would corrupt the earlier ones)") {
    const auto r = parse_route("L>R; L>U; D>U; U>D; R>L");
    CHECK(r.error == route_error::too_many_positions);
    CHECK(r.offset == 20);
}

TEST_CASE("route rule errors and what is not supported yet") {
    struct row {
        const char* text;
        route_error error;
        std::uint32_t offset;
    };
    const row rows[] = {
        {"", route_error::empty_rule, 0},
        {"  ", route_error::empty_rule, 0},
        {"L>R;", route_error::empty_position, 4},
        {"L>R;;L>C", route_error::empty_position, 4},
        {"LR", route_error::missing_arrow, 0},
        {"L>RR", route_error::duplicate_port, 3},
        {"L>Q", route_error::unexpected_character, 2},
        {"l>r", route_error::modifier_not_supported, 0},
        {">C", route_error::open_end, 0},
        {"C>", route_error::open_end, 0},
        {"CXR|R", route_error::swap_not_supported, 1},
        {"L|L>R", route_error::boundary_not_supported, 1},
        {"L>R|R", route_error::boundary_not_supported, 3},
        {"L>R; L>U; D>U; ring pop=all", route_error::modifier_not_supported, 15},
        {"D>C; tip", route_error::modifier_not_supported, 5},
        {"L>R; fabadder", route_error::modifier_not_supported, 5},
        {"*L>R; L>U", route_error::initial_marker_not_supported, 0},
        {"L>>R", route_error::unexpected_character, 2},
    };
    for (const auto& r : rows) {
        CAPTURE(r.text);
        const auto p = parse_route(r.text);
        CHECK(p.error == r.error);
        CHECK(p.offset == r.offset);
        CHECK(!message(p.error).empty());
    }
    CHECK(message(route_error::open_end).find("not supported yet") == 0);
    CHECK(message(route_error::swap_not_supported).find("not supported yet") == 0);
}

TEST_CASE("a rule knows whether it delivers to the core or takes from it") {
    CHECK(delivers_to_core(parse_route("L>CR").rule));
    CHECK(!delivers_to_core(parse_route("L>R").rule));
    CHECK(delivers_to_core(parse_route("L>R ; L>C").rule));
    CHECK(takes_from_core(parse_route("C>R").rule));
    CHECK(!takes_from_core(parse_route("L>C").rule));
}
