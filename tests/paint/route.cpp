#include "wafer/paint/route.hpp"

#include <doctest/doctest.h>

using namespace wafer;
using namespace wafer::paint;
using ir::port;

namespace {
constexpr std::uint8_t ports(std::initializer_list<port> ps) {
    std::uint8_t m = 0;
    for (port p : ps) m |= hw::bit(p);
    return m;
}
}  // namespace

// Compiles = passes: the parser runs in constant expressions, for paint(c, "C>R") in C++.
static_assert(parse_route("L>CR").ok());
static_assert(parse_route("L>CR").rule.count == 1);
static_assert(parse_route("L>CR").rule.positions[0].input == port::left);
static_assert(parse_route("L>CR").rule.positions[0].outputs == (hw::bit(port::core) | hw::bit(port::right)));
static_assert(route_rule("C>R ; L>R").count == 2);
static_assert(parse_route("LC>CR").error == route_error::multiple_inputs);
static_assert(route_rule("L>R; L>U; D>U; ring pop=all").ring);
static_assert(route_rule("L|LXC").swap == swap_kind::x);

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

TEST_CASE("route rule errors, each at its byte") {
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
        {"l>r", route_error::no_position, 0},
        {"L>>R", route_error::unexpected_character, 2},
        {"LXR; L>U", route_error::mixed_swaps, 6},
        {"L>R; LHU", route_error::mixed_swaps, 6},
        {"L|L|>R", route_error::suppression_twice, 3},
        {"L>R|R|R", route_error::suppression_twice, 5},
        {"*L>R; *L>U", route_error::initial_twice, 6},
        {"L>R; ring ring", route_error::modifier_twice, 10},
        {"L>R; pop=all pop=adv", route_error::modifier_twice, 13},
        {"L>R; pop=none", route_error::unknown_modifier, 5},
        {"L>R; wrap", route_error::unknown_modifier, 5},
        {"L>R ring", route_error::modifier_position, 4},
        {"L>R; ring; L>U", route_error::modifier_position, 9},
        {">C; L>R", route_error::open_switch, 0},
        {"L>C; fabadder", route_error::fabadder_shape, 0},
        {"L>RU; fabadder", route_error::fabadder_shape, 0},
        {"C>R; fabadder", route_error::fabadder_shape, 0},
    };
    for (const auto& r : rows) {
        CAPTURE(r.text);
        const auto p = parse_route(r.text);
        CHECK(p.error == r.error);
        CHECK(p.offset == r.offset);
        CHECK(!message(p.error).empty());
    }
}

TEST_CASE("quick reference: colorpair routes swap with X in place of >, and | suppresses at the edges") {
    // grid : paint(ap [CXR|R])  and  grid : paint(a [L|LXC])
    const auto send = parse_route("CXR|R");
    REQUIRE(send.ok());
    CHECK(send.rule.swap == swap_kind::x);
    CHECK(send.rule.positions[0] == ir::switch_position{port::core, ports({port::right})});
    CHECK(send.rule.exit[0] == ports({port::right}));
    CHECK(send.rule.entry[0] == 0);
    CHECK(to_text(send.rule).view() == "CXR|R");
    const auto recv = parse_route("L|LXC");
    REQUIRE(recv.ok());
    CHECK(recv.rule.positions[0] == ir::switch_position{port::left, ports({port::core})});
    CHECK(recv.rule.entry[0] == ports({port::left}));
    CHECK(to_text(recv.rule).view() == "L|LXC");
    // guide: [L|L>R] and [L>R|R]; several directions; H and V
    CHECK(parse_route("L|L>R").rule.entry[0] == ports({port::left}));
    CHECK(parse_route("L>R|R").rule.exit[0] == ports({port::right}));
    CHECK(parse_route("LU|L>R|RD").rule.entry[0] == ports({port::left, port::up}));
    CHECK(parse_route("LU|L>R|RD").rule.exit[0] == ports({port::right, port::down}));
    CHECK(parse_route("LHR").rule.swap == swap_kind::h);
    CHECK(parse_route("DVU").rule.swap == swap_kind::v);
    CHECK(swapped_ports(swap_kind::x) == ports({port::core, port::right, port::left, port::up, port::down}));
    CHECK(swapped_ports(swap_kind::h) == ports({port::right, port::left}));
    CHECK(swapped_ports(swap_kind::v) == ports({port::up, port::down}));
    CHECK(parse_route("L|L>R").rule.suppresses());
    CHECK_FALSE(parse_route("L>R").rule.suppresses());
}

TEST_CASE("guide: switch positions with ring and pop=all, tip, fabadder, * and open ends") {
    const auto r = parse_route("L>R; L>U; D>U; ring pop=all");
    REQUIRE(r.ok());
    CHECK(r.rule.count == 3);  // ring and pop=all are modifiers, not a fourth position
    CHECK(r.rule.ring);
    CHECK(r.rule.pop == ir::pop_mode::all);
    CHECK(r.rule.positions[2] == ir::switch_position{port::down, ports({port::up})});
    CHECK(to_text(r.rule).view() == "L>R ; L>U ; D>U ; ring pop=all");
    CHECK(switches(r.rule));
    CHECK(parse_route("L>R; pop=adv").rule.pop == ir::pop_mode::on_advance);
    CHECK(parse_route("L>R; pop=advnop").rule.pop == ir::pop_mode::on_advance_or_nop);
    CHECK(parse_route("C>R; tip").rule.tip);
    CHECK(parse_route("D>C; tip").rule.count == 1);
    CHECK(parse_route("L>R; fabadder").rule.fabadder);
    CHECK_FALSE(switches(parse_route("C>R; tip").rule));
    const auto star = parse_route("C>R ; *L>R");
    REQUIRE(star.ok());
    CHECK(star.rule.initial == 1);
    CHECK(to_text(star.rule).view() == "C>R ; *L>R");
    CHECK(parse_route("C>R ; L>R*").rule.initial == 1);
    const auto in = parse_route(">C");
    REQUIRE(in.ok());
    CHECK(in.rule.open_input);
    CHECK_FALSE(in.rule.positions[0].has_input);
    const auto out = parse_route("C>");
    REQUIRE(out.ok());
    CHECK(out.rule.open_output);
    CHECK(out.rule.positions[0].outputs == 0);
}

TEST_CASE("a rule knows whether it delivers to the core or takes from it") {
    CHECK(delivers_to_core(parse_route("L>CR").rule));
    CHECK(!delivers_to_core(parse_route("L>R").rule));
    CHECK(delivers_to_core(parse_route("L>R ; L>C").rule));
    CHECK(takes_from_core(parse_route("C>R").rule));
    CHECK(!takes_from_core(parse_route("L>C").rule));
}

TEST_CASE("rule_of: a router's color as the IR holds it, written back as Paint writes the rule") {
    wafer::ir::color_route c;
    c.positions = {{hw::port::left, hw::bit(hw::port::right)}, {hw::port::left, hw::bit(hw::port::up)},
                   {hw::port::down, hw::bit(hw::port::up)}};
    c.initial = 1;
    c.ring = true;
    c.pop = wafer::ir::pop_mode::all;
    CHECK(to_text(rule_of(c)).view() == "L>R ; *L>U ; D>U ; ring pop=all");
    CHECK(rule_of(c) == route_rule("L>R ; *L>U ; D>U ; ring pop=all"));
    wafer::ir::color_route adder;
    adder.positions = {{hw::port::left, hw::bit(hw::port::right)}};
    adder.fabric_adder = true;
    CHECK(to_text(rule_of(adder)).view() == "L>R ; fabadder");
}
