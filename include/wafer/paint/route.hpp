#pragma once
// Route rules: the text between the brackets of [L>CR] or [L>R ; L>U ; D>U ; ring pop=all], parsed in
// constant expressions, so Paint text (the evaluator) and C++ (paint(c, "C>R")) share one parser.
//
// A rule is up to four switch positions separated by ';', then modifiers. A position is
//   [ENTRY|] INPUT ARROW OUTPUTS [|EXIT]     with ports C R L U D, ARROW one of > X H V
// where X, H and V take the input from the partner color c ^ 1 (X: every input, H: left and right,
// V: up and down), ENTRY| turns the input off at that edge of each rectangle the rule is painted
// on, |EXIT turns those outputs off there (boundary suppression), and `*` marks the position the
// switch starts in. A position may leave out its input ([>C]) or its outputs ([C>]) for a
// transport's router to complete. Modifiers, after the last ';': ring, pop=all|adv|advnop, tip,
// fabadder.
#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "wafer/core/hardware.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/paint/detail/cx_string.hpp"

namespace wafer::paint {

inline constexpr int max_switch_positions = hw::max_switch_positions;

enum class route_error : std::uint8_t {
    none,
    empty_rule,
    empty_position,
    unexpected_character,
    missing_arrow,
    duplicate_port,
    multiple_inputs,
    too_many_positions,
    mixed_swaps,
    suppression_twice,
    initial_twice,
    unknown_modifier,
    modifier_twice,
    modifier_position,
    no_position,
    open_switch,
    fabadder_shape,
};

template <int = 0>
constexpr std::string_view message(route_error e) noexcept {
    switch (e) {
    case route_error::none: return "";
    case route_error::empty_rule: return "empty route rule: write INPUT>OUTPUTS, such as [L>C]";
    case route_error::empty_position: return "empty switch position in a route rule";
    case route_error::unexpected_character:
        return "unexpected character in a route rule: ports are C R L U D, written INPUT>OUTPUTS (or X, H, V for a swap)";
    case route_error::missing_arrow: return "a switch position needs '>' (or a swap X, H, V) between its input and its outputs";
    case route_error::duplicate_port: return "a port is listed twice in a switch position";
    case route_error::multiple_inputs:
        return "Multiple router inputs set: a color's router takes input from one port at a time "
               "(use two colors, or a color swap)";
    case route_error::too_many_positions:
        return "a route has at most four switch positions (paint writes a fifth past the four slots and "
               "corrupts the earlier ones)";
    case route_error::mixed_swaps:
        return "every switch position of a rule must use the same modifier (>, X, H or V): a swap belongs to the "
               "color on that router (paint takes the first position's and ignores the others)";
    case route_error::suppression_twice: return "a boundary suppression '|' appears twice on one side of the arrow";
    case route_error::initial_twice: return "two switch positions are marked initial with '*'";
    case route_error::unknown_modifier: return "unknown route modifier: the modifiers are ring, pop=all, pop=adv, pop=advnop, tip and fabadder";
    case route_error::modifier_twice: return "a route modifier is given twice";
    case route_error::modifier_position:
        return "route modifiers come after the last switch position, after a ';': [L>R; L>U; ring pop=all]";
    case route_error::no_position: return "a route rule needs a switch position before its modifiers";
    case route_error::open_switch:
        return "a switch position leaves its input or outputs open; only a rule of one position can be completed by a transport";
    case route_error::fabadder_shape:
        return "fabadder takes one switch position from a neighbour to one neighbour port, such as [L>R; fabadder]: "
               "the sum cannot go to the core";
    }
    return "invalid route rule";
}

/// Which inputs a rule's swap makes read the partner color.
enum class swap_kind : std::uint8_t { none, x, h, v };

template <int = 0>
constexpr std::uint8_t swapped_ports(swap_kind s) noexcept {
    using hw::bit;
    using hw::port;
    switch (s) {
    case swap_kind::x: return std::uint8_t(bit(port::core) | bit(port::right) | bit(port::left) | bit(port::up) | bit(port::down));
    case swap_kind::h: return std::uint8_t(bit(port::right) | bit(port::left));
    case swap_kind::v: return std::uint8_t(bit(port::up) | bit(port::down));
    case swap_kind::none: break;
    }
    return 0;
}

namespace detail {
/// Not constexpr: in a constant expression, its call (and the literal it is given) is the error.
template <int = 0>
void invalid_route_rule(const char* /*problem*/) {}

/// In a constant expression, stops compilation with a call that quotes the problem (a literal, so
/// the compiler prints it).
template <int = 0>
constexpr void report_route_error(route_error e) {
    switch (e) {
    case route_error::none: return;
    case route_error::empty_rule: invalid_route_rule("empty route rule"); return;
    case route_error::empty_position: invalid_route_rule("empty switch position"); return;
    case route_error::unexpected_character: invalid_route_rule("unexpected character: ports are C R L U D"); return;
    case route_error::missing_arrow: invalid_route_rule("missing '>' (or X H V) between input and outputs"); return;
    case route_error::duplicate_port: invalid_route_rule("a port is listed twice"); return;
    case route_error::multiple_inputs: invalid_route_rule("Multiple router inputs set"); return;
    case route_error::too_many_positions: invalid_route_rule("more than four switch positions"); return;
    case route_error::mixed_swaps: invalid_route_rule("switch positions with different modifiers (> X H V)"); return;
    case route_error::suppression_twice: invalid_route_rule("'|' twice on one side of the arrow"); return;
    case route_error::initial_twice: invalid_route_rule("two positions marked initial with '*'"); return;
    case route_error::unknown_modifier: invalid_route_rule("unknown modifier: ring pop=all pop=adv pop=advnop tip fabadder"); return;
    case route_error::modifier_twice: invalid_route_rule("a modifier given twice"); return;
    case route_error::modifier_position: invalid_route_rule("modifiers come after the last position, after a ';'"); return;
    case route_error::no_position: invalid_route_rule("modifiers without a switch position"); return;
    case route_error::open_switch: invalid_route_rule("an open route end in a rule of several positions"); return;
    case route_error::fabadder_shape: invalid_route_rule("fabadder takes one position from a neighbour to one neighbour"); return;
    }
}

template <int = 0>
constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

template <int = 0>
constexpr bool port_of(char c, hw::port& p) noexcept {
    switch (c) {
    case 'C': p = hw::port::core; return true;
    case 'R': p = hw::port::right; return true;
    case 'L': p = hw::port::left; return true;
    case 'U': p = hw::port::up; return true;
    case 'D': p = hw::port::down; return true;
    default: return false;
    }
}
template <int = 0>
constexpr bool swap_of(char c, swap_kind& s) noexcept {
    switch (c) {
    case '>': s = swap_kind::none; return true;
    case 'X': s = swap_kind::x; return true;
    case 'H': s = swap_kind::h; return true;
    case 'V': s = swap_kind::v; return true;
    default: return false;
    }
}
}  // namespace detail

/// A port as route rules write it.
constexpr char letter(hw::port p) noexcept { return "CRLUD"[unsigned(p) % 5]; }

/// A parsed route rule: `count` switch positions (`initial` the one it starts in) and its modifiers.
struct route_rule {
    std::array<ir::switch_position, max_switch_positions> positions{};
    std::array<std::uint8_t, max_switch_positions> entry{};  ///< per position, hw::bit(port): no input from there at that edge
    std::array<std::uint8_t, max_switch_positions> exit{};   ///< per position, hw::bit(port): no output there at that edge
    std::uint8_t count = 0;
    std::uint8_t initial = 0;
    swap_kind swap = swap_kind::none;
    bool open_input = false, open_output = false;  ///< a position without input ([>C]) / outputs ([C>])
    bool ring = false, tip = false, fabadder = false;
    ir::pop_mode pop = ir::pop_mode::none;

    constexpr route_rule() = default;
    /// From a literal, checked at compile time: paint(c, "C>R").
    consteval route_rule(const char* text);

    constexpr bool suppresses() const noexcept {
        for (std::uint8_t k = 0; k < count; ++k)
            if (entry[k] || exit[k]) return true;
        return false;
    }
    friend constexpr bool operator==(const route_rule&, const route_rule&) = default;
};

/// The result of parsing a rule: the rule, or an error at byte `offset` of the text.
struct route_parse {
    route_rule rule;
    route_error error = route_error::none;
    std::uint32_t offset = 0;
    constexpr bool ok() const noexcept { return error == route_error::none; }
};

namespace detail {

template <int = 0>
constexpr bool modifier_start(char c) noexcept { return c >= 'a' && c <= 'z'; }

/// Modifiers, space-separated, from `i` to the end of the text.
template <int = 0>
constexpr void parse_modifiers(std::string_view text, std::size_t i, route_parse& r) {
    bool seen_ring = false, seen_pop = false, seen_tip = false, seen_fabadder = false;
    auto error_at = [&](route_error e, std::size_t at) {
        r.error = e;
        r.offset = std::uint32_t(at);
    };
    while (i < text.size()) {
        if (is_space(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !is_space(text[end]) && text[end] != ';') ++end;
        if (end < text.size() && text[end] == ';') return error_at(route_error::modifier_position, end);
        const std::string_view word = text.substr(i, end - i);
        bool* seen = nullptr;
        if (word == "ring") seen = &seen_ring, r.rule.ring = true;
        else if (word == "tip") seen = &seen_tip, r.rule.tip = true;
        else if (word == "fabadder") seen = &seen_fabadder, r.rule.fabadder = true;
        else if (word == "pop=all") seen = &seen_pop, r.rule.pop = ir::pop_mode::all;
        else if (word == "pop=adv") seen = &seen_pop, r.rule.pop = ir::pop_mode::on_advance;
        else if (word == "pop=advnop") seen = &seen_pop, r.rule.pop = ir::pop_mode::on_advance_or_nop;
        else return error_at(route_error::unknown_modifier, i);
        if (*seen) return error_at(route_error::modifier_twice, i);
        *seen = true;
        i = end;
    }
}

}  // namespace detail

template <int = 0>
constexpr route_parse parse_route(std::string_view text) {
    route_parse r;
    auto error_at = [&](route_error e, std::size_t at) {
        r.error = e;
        r.offset = std::uint32_t(at);
        return r;
    };
    std::size_t i = 0;
    auto skip_space = [&] {
        while (i < text.size() && detail::is_space(text[i])) ++i;
    };
    skip_space();
    if (i == text.size()) return error_at(route_error::empty_rule, 0);
    bool initial_marked = false;
    for (;;) {
        skip_space();
        const std::size_t start = i;
        if (i == text.size() || text[i] == ';') return error_at(route_error::empty_position, start);
        if (detail::modifier_start(text[i])) {
            if (r.rule.count == 0) return error_at(route_error::no_position, start);
            detail::parse_modifiers(text, i, r);
            break;
        }
        if (r.rule.count == max_switch_positions) return error_at(route_error::too_many_positions, start);
        std::size_t arrow_at = text.size();
        for (std::size_t k = i; k < text.size() && text[k] != ';'; ++k) {
            swap_kind s{};
            if (detail::swap_of(text[k], s)) {
                arrow_at = k;
                break;
            }
        }
        if (arrow_at == text.size()) {
            for (std::size_t k = i; k < text.size() && text[k] != ';'; ++k)
                if (detail::modifier_start(text[k])) return error_at(route_error::modifier_position, k);
            return error_at(route_error::missing_arrow, start);
        }
        const std::uint8_t k = r.rule.count;
        ir::switch_position sp;
        sp.has_input = false;
        std::uint8_t inputs = 0, outputs = 0, entry = 0, exit = 0;
        bool bar = false;                      // a '|' on this side of the arrow
        std::size_t extra_input = text.size();  // a second input letter (after the last entry '|')
        for (; i < text.size() && text[i] != ';'; ++i) {
            const char c = text[i];
            hw::port p{};
            swap_kind s{};
            const bool after = i > arrow_at;
            if (detail::is_space(c)) continue;
            if (i == arrow_at) {
                detail::swap_of(c, s);
                if (k > 0 && s != r.rule.swap) return error_at(route_error::mixed_swaps, i);
                r.rule.swap = s;
                bar = false;
            } else if (c == '*') {
                if (initial_marked) return error_at(route_error::initial_twice, i);
                initial_marked = true;
                r.rule.initial = k;
            } else if (c == '|') {
                if (bar) return error_at(route_error::suppression_twice, i);
                bar = true;
                if (!after) {  // what came before the '|' are the directions it suppresses
                    entry = inputs;
                    inputs = 0;
                    extra_input = text.size();
                }
            } else if (detail::port_of(c, p)) {
                std::uint8_t& side = after ? (bar ? exit : outputs) : inputs;
                if (side & hw::bit(p)) return error_at(route_error::duplicate_port, i);
                if (!after && inputs != 0 && extra_input == text.size()) extra_input = i;
                side = std::uint8_t(side | hw::bit(p));
            } else if (detail::modifier_start(c)) {
                return error_at(route_error::modifier_position, i);
            } else {
                return error_at(route_error::unexpected_character, i);
            }
        }
        if (extra_input != text.size()) return error_at(route_error::multiple_inputs, extra_input);
        for (int p = 0; p < hw::ports; ++p)
            if (inputs & (1u << p)) sp.input = hw::port(p), sp.has_input = true;
        sp.outputs = outputs;
        r.rule.open_input = r.rule.open_input || !sp.has_input;
        r.rule.open_output = r.rule.open_output || outputs == 0;
        r.rule.positions[k] = sp;
        r.rule.entry[k] = entry;
        r.rule.exit[k] = exit;
        r.rule.count = std::uint8_t(k + 1);
        if (i == text.size()) break;
        ++i;  // the ';'
    }
    if (!r.ok()) return r;
    if ((r.rule.open_input || r.rule.open_output) && r.rule.count > 1) return error_at(route_error::open_switch, 0);
    if (r.rule.fabadder) {
        const auto& p = r.rule.positions[0];
        if (r.rule.count != 1 || !p.has_input || p.input == hw::port::core || std::popcount(unsigned(p.outputs)) != 1 ||
            (p.outputs & hw::bit(hw::port::core)))
            return error_at(route_error::fabadder_shape, 0);
    }
    return r;
}

consteval route_rule::route_rule(const char* text) {
    const route_parse r = parse_route(text);
    detail::report_route_error(r.error);
    *this = r.rule;
}

/// The rule a router's color holds, as Paint would write it for that router: its positions (with the
/// boundary suppression the layout applied there already done), the initial one, ring, pop, tip and
/// fabadder. Swaps aside: the IR keeps them per input port (ir::color_route::swapped), not as an arrow.
template <int = 0>
constexpr route_rule rule_of(const ir::color_route& c) {
    route_rule rule;
    rule.count = std::uint8_t(c.positions.size() < rule.positions.size() ? c.positions.size() : rule.positions.size());
    for (std::uint8_t k = 0; k < rule.count; ++k) rule.positions[k] = c.positions[k];
    rule.initial = c.initial;
    rule.ring = c.ring;
    rule.pop = c.pop;
    rule.tip = c.teardown;
    rule.fabadder = c.fabric_adder;
    return rule;
}

/// The rule as Paint writes it between brackets: "L>CR", "C>R ; L>R", "L|LXC", "L>R ; L>U ; ring pop=all".
template <int = 0>
constexpr cx_string to_text(const route_rule& rule) {
    cx_string s;
    constexpr char arrows[] = {'>', 'X', 'H', 'V'};
    auto ports = [&](std::uint8_t mask) {
        for (int p = 0; p < hw::ports; ++p)
            if (mask & (1u << p)) s += letter(hw::port(p));
    };
    for (std::uint8_t k = 0; k < rule.count; ++k) {
        if (k != 0) s += " ; ";
        if (k == rule.initial && rule.initial != 0) s += '*';
        if (rule.entry[k]) {
            ports(rule.entry[k]);
            s += '|';
        }
        if (rule.positions[k].has_input) s += letter(rule.positions[k].input);
        s += arrows[unsigned(rule.swap)];
        ports(rule.positions[k].outputs);
        if (rule.exit[k]) {
            s += '|';
            ports(rule.exit[k]);
        }
    }
    cx_string modifiers;
    if (rule.ring) modifiers += " ring";
    if (rule.pop == ir::pop_mode::all) modifiers += " pop=all";
    if (rule.pop == ir::pop_mode::on_advance) modifiers += " pop=adv";
    if (rule.pop == ir::pop_mode::on_advance_or_nop) modifiers += " pop=advnop";
    if (rule.tip) modifiers += " tip";
    if (rule.fabadder) modifiers += " fabadder";
    if (!modifiers.empty()) {
        s += " ;";
        s += modifiers.view();
    }
    return s;
}

/// True if some position delivers to the core ([..>C]) / takes the core's wavelets ([C>..]).
template <int = 0>
constexpr bool delivers_to_core(const route_rule& rule) noexcept {
    for (std::uint8_t k = 0; k < rule.count; ++k)
        if (rule.positions[k].outputs & hw::bit(hw::port::core)) return true;
    return false;
}
template <int = 0>
constexpr bool takes_from_core(const route_rule& rule) noexcept {
    if (rule.fabadder) return true;  // the fabric adder's second operand comes from the core
    for (std::uint8_t k = 0; k < rule.count; ++k)
        if (rule.positions[k].has_input && rule.positions[k].input == hw::port::core) return true;
    return false;
}
/// A rule with several positions, ring or pop needs one of the colors that can switch.
template <int = 0>
constexpr bool switches(const route_rule& rule) noexcept {
    return rule.count > 1 || rule.ring || rule.pop != ir::pop_mode::none;
}

}  // namespace wafer::paint
