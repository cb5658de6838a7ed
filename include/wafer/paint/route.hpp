#pragma once
// Route rules: the text between the brackets of [L>CR] or [C>R ; L>R], parsed in constant
// expressions, so Paint text (the evaluator) and C++ (paint(c, "C>R")) share one parser.
//
// A rule is up to four switch positions separated by ';', each INPUT>OUTPUTS with the port letters
// C R L U D (the first position is the initial one). Not supported yet, each with its own error:
// color swaps (X H V in place of >), boundaries (|), the initial-position marker (*), modifiers after
// the last position (ring, pop=..., tip, fabadder), and open ends ([>C], [C>]) that a transport's
// router completes.
#include <array>
#include <cstdint>
#include <string_view>

#include "wafer/ir/layout.hpp"
#include "wafer/paint/detail/cx_string.hpp"

namespace wafer::paint {

inline constexpr int max_switch_positions = 4;

enum class route_error : std::uint8_t {
    none,
    empty_rule,
    empty_position,
    unexpected_character,
    missing_arrow,
    duplicate_port,
    multiple_inputs,
    too_many_positions,
    open_end,
    swap_not_supported,
    boundary_not_supported,
    initial_marker_not_supported,
    modifier_not_supported,
};

constexpr std::string_view message(route_error e) noexcept {
    switch (e) {
    case route_error::none: return "";
    case route_error::empty_rule: return "empty route rule: write INPUT>OUTPUTS, such as [L>C]";
    case route_error::empty_position: return "empty switch position in a route rule";
    case route_error::unexpected_character:
        return "unexpected character in a route rule: ports are C R L U D, written INPUT>OUTPUTS";
    case route_error::missing_arrow: return "a switch position needs '>' between its input and its outputs";
    case route_error::duplicate_port: return "a port is listed twice in a switch position";
    case route_error::multiple_inputs:
        return "Multiple router inputs set: a color's router takes input from one port at a time "
               "(use two colors, or a color swap)";
    case route_error::too_many_positions:
        return "a route has at most four switch positions (paint writes a fifth past the four slots and "
               "corrupts the earlier ones)";
    case route_error::open_end:
        return "not supported yet: a route with no input or no output ([>C], [C>]) is completed by a "
               "transport's router";
    case route_error::swap_not_supported: return "not supported yet: color swaps (X, H, V) in route rules";
    case route_error::boundary_not_supported: return "not supported yet: boundary suppression (|) in route rules";
    case route_error::initial_marker_not_supported:
        return "not supported yet: selecting the initial switch position with *";
    case route_error::modifier_not_supported:
        return "not supported yet: route modifiers (ring, pop=..., tip, fabadder)";
    }
    return "invalid route rule";
}

namespace detail {
/// Not constexpr: in a constant expression, its call (and the literal it is given) is the error.
inline void invalid_route_rule(const char* /*problem*/) {}

/// In a constant expression, stops compilation with a call that quotes the problem.
constexpr void report_route_error(route_error e) {
    switch (e) {
    case route_error::none: return;
    case route_error::empty_rule: invalid_route_rule("empty route rule"); return;
    case route_error::empty_position: invalid_route_rule("empty switch position"); return;
    case route_error::unexpected_character: invalid_route_rule("unexpected character: ports are C R L U D"); return;
    case route_error::missing_arrow: invalid_route_rule("missing '>' between input and outputs"); return;
    case route_error::duplicate_port: invalid_route_rule("a port is listed twice"); return;
    case route_error::multiple_inputs: invalid_route_rule("Multiple router inputs set"); return;
    case route_error::too_many_positions: invalid_route_rule("more than four switch positions"); return;
    case route_error::open_end: invalid_route_rule("not supported yet: open route end ([>C], [C>])"); return;
    case route_error::swap_not_supported: invalid_route_rule("not supported yet: color swaps X H V"); return;
    case route_error::boundary_not_supported: invalid_route_rule("not supported yet: boundary |"); return;
    case route_error::initial_marker_not_supported: invalid_route_rule("not supported yet: initial position *"); return;
    case route_error::modifier_not_supported: invalid_route_rule("not supported yet: ring, pop, tip, fabadder"); return;
    }
}

constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

constexpr bool port_of(char c, ir::port& p) noexcept {
    switch (c) {
    case 'C': p = ir::port::core; return true;
    case 'R': p = ir::port::right; return true;
    case 'L': p = ir::port::left; return true;
    case 'U': p = ir::port::up; return true;
    case 'D': p = ir::port::down; return true;
    default: return false;
    }
}
}  // namespace detail

struct route_parse;

/// A parsed route rule: `count` switch positions, the first initial.
struct route_rule {
    std::array<ir::switch_position, max_switch_positions> positions{};
    std::uint8_t count = 0;

    constexpr route_rule() = default;
    /// From a literal, checked at compile time: paint(c, "C>R").
    consteval route_rule(const char* text);

    friend constexpr bool operator==(const route_rule&, const route_rule&) = default;
};

/// The result of parsing a rule: the rule, or an error at byte `offset` of the text.
struct route_parse {
    route_rule rule;
    route_error error = route_error::none;
    std::uint32_t offset = 0;
    constexpr bool ok() const noexcept { return error == route_error::none; }
};

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
    for (;;) {
        skip_space();
        const std::size_t start = i;
        if (i == text.size() || text[i] == ';') return error_at(route_error::empty_position, start);
        if (text[i] >= 'a' && text[i] <= 'z') return error_at(route_error::modifier_not_supported, start);
        if (r.rule.count == max_switch_positions) return error_at(route_error::too_many_positions, start);
        bool has_arrow = false;   // or a swap in its place
        for (std::size_t k = i; k < text.size() && text[k] != ';'; ++k)
            has_arrow = has_arrow || text[k] == '>' || text[k] == 'X' || text[k] == 'H' || text[k] == 'V';
        if (!has_arrow) return error_at(route_error::missing_arrow, start);
        ir::switch_position sp;
        std::uint8_t inputs = 0;
        bool arrow = false;
        std::uint8_t outputs = 0;
        for (; i < text.size() && text[i] != ';'; ++i) {
            const char c = text[i];
            ir::port p{};
            if (detail::is_space(c)) continue;
            if (detail::port_of(c, p)) {
                std::uint8_t& side = arrow ? outputs : inputs;
                if (side & ir::bit(p)) return error_at(route_error::duplicate_port, i);
                if (!arrow && inputs != 0) return error_at(route_error::multiple_inputs, i);
                side |= ir::bit(p);
                if (!arrow) sp.input = p;
            } else if (c == '>' && !arrow) {
                arrow = true;
            } else if ((c == 'X' || c == 'H' || c == 'V') && !arrow) {
                return error_at(route_error::swap_not_supported, i);
            } else if (c == '|') {
                return error_at(route_error::boundary_not_supported, i);
            } else if (c == '*') {
                return error_at(route_error::initial_marker_not_supported, i);
            } else {
                return error_at(route_error::unexpected_character, i);
            }
        }
        if (inputs == 0 || outputs == 0) return error_at(route_error::open_end, start);
        sp.outputs = outputs;
        r.rule.positions[r.rule.count++] = sp;
        if (i == text.size()) return r;
        ++i;  // the ';'
    }
}

consteval route_rule::route_rule(const char* text) {
    const route_parse r = parse_route(text);
    detail::report_route_error(r.error);
    *this = r.rule;
}

/// The rule as Paint writes it between brackets: "L>CR", "C>R ; L>R".
constexpr cx_string to_text(const route_rule& rule) {
    cx_string s;
    for (std::uint8_t k = 0; k < rule.count; ++k) {
        if (k != 0) s += " ; ";
        s += ir::letter(rule.positions[k].input);
        s += '>';
        for (int p = 0; p < ir::port_count; ++p)
            if (rule.positions[k].outputs & ir::bit(ir::port(p))) s += ir::letter(ir::port(p));
    }
    return s;
}

/// True if some position delivers to the core ([..>C]) / takes the core's wavelets ([C>..]).
constexpr bool delivers_to_core(const route_rule& rule) noexcept {
    for (std::uint8_t k = 0; k < rule.count; ++k)
        if (rule.positions[k].outputs & ir::bit(ir::port::core)) return true;
    return false;
}
constexpr bool takes_from_core(const route_rule& rule) noexcept {
    for (std::uint8_t k = 0; k < rule.count; ++k)
        if (rule.positions[k].input == ir::port::core) return true;
    return false;
}

}  // namespace wafer::paint
