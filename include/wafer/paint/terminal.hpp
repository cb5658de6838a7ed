#pragma once
// Auto-routing: terminal(), alias() and transport(), and the bus router build() runs on them.
//
// A terminal is a named port of a region: a tag (the kind of data), a side, a color and the shape
// and split of the tensor it carries. Its path is the names of its region and the regions around it
// (names applied after it), then its own name: 'a.tx. An alias offers a child's terminal under the
// parent's name. A transport connects two terminals by path (a path names a terminal when it is the
// terminal's path or its end, so 'a.tx still finds a.tx inside a union named later).
//
// The router (wafer's design, after the guide's "Routing algorithm"): the pins of a terminal are the
// PEs of its region that route its color to or from its side (CENTER: to or from the core). The route of
// pin i begins on the PE beside source pin i (CENTER: on the pin) and ends on the PE beside
// destination pin i (CENTER: on the pin), going along x first, then along y; each PE on the way gets
// the one-position rule [IN>OUT]. Both terminals' colors become one physical color (the destination
// color is merged into the source color). A later transport paints over an earlier one where they
// share PEs (a warning). Two wires of one transport that would share a PE are parted with a color
// swap: the later one travels on the partner color c ^ 1.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/problem.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::paint {

/// terminal(r 'name 'tag SIDE color shape split chunk [revpin]).
template <int = 0>
constexpr region terminal(region r, cx_string name, terminal_spec spec, color c, origin at = call_site{}) {
    if (name.empty()) fail(at, "terminal() takes a name that is not empty");
    for (char ch : name.view())
        if (ch == '.') fail(at, "a terminal name cannot contain '.': paths join names with '.'");
    if (spec.tag.empty()) fail(at, "terminal() takes a tag that is not empty, such as 'act");
    if (c.id < 0) fail(at, "terminal() takes a color made by color()");
    if (spec.shape.empty() || spec.shape.size() != spec.split.size())
        fail(at, "terminal() takes a shape and a split of the same length, one entry per dimension of its tensor");
    for (std::size_t i = 0; i < spec.shape.size(); ++i)
        if (spec.shape[i] < 1 || spec.split[i] < 1) fail(at, "terminal()'s shape and split entries are at least 1");
    attribute a = detail::attribute_of(attribute_kind::terminal, std::move(at), std::move(name));
    a.terminal = std::move(spec);
    a.col = std::move(c);
    return detail::with(std::move(r), std::move(a));
}

/// arcvar(r 'terminal 'name value): the arcvar `name` rides on transports that leave r's terminal
/// `terminal`; the region at the other end reads it as ^name in a code() binding.
template <int = 0>
constexpr region arcvar(region r, cx_string terminal, cx_string name, wafer::number value, origin at = call_site{}) {
    if (name.empty()) fail(at, "arcvar() takes a name that is not empty");
    bool found = false;
    cx_string known;
    for (const auto& a : r.attributes) {
        if (a.kind != attribute_kind::terminal) continue;
        found = found || a.text == terminal;
        known += (known.empty() ? "" : ", ") + a.text;
    }
    if (!found) {
        // ifs, not ?: between strings: g++ 12 frees such a temporary twice in a constant expression
        cx_string which(" (it has none: apply terminal() first)");
        if (!known.empty()) which = cx_string(" (its terminals: ") + known + ")";
        fail(at,
             cx_string("arcvar() is defined on a terminal of its region, and it has no terminal '") + terminal + which);
    }
    attribute a = detail::attribute_of(attribute_kind::arcvar, std::move(at), std::move(name));
    a.from = std::move(terminal);
    a.geovalue = value;
    return detail::with(std::move(r), std::move(a));
}

/// alias(r 'name 'child.terminal): r offers its child's terminal as its own terminal `name`.
template <int = 0>
constexpr region alias(region r, cx_string name, cx_string child, origin at = call_site{}) {
    if (name.empty() || child.empty()) fail(at, "alias() takes a name and a child terminal's path");
    attribute a = detail::attribute_of(attribute_kind::alias, std::move(at), std::move(name));
    a.to = std::move(child);
    return detail::with(std::move(r), std::move(a));
}

/// transport('src 'dst 'name): a region of no tiles that connects two terminals once it is in a
/// union with them.
template <int = 0>
constexpr region transport(cx_string from, cx_string to, cx_string name, origin at = call_site{}) {
    if (from.empty() || to.empty()) fail(at, "transport() takes the paths of two terminals, such as 'a.tx 'b.rx");
    attribute a = detail::attribute_of(attribute_kind::transport, std::move(at), std::move(name));
    a.from = std::move(from);
    a.to = std::move(to);
    region r;
    r.attributes.push_back(std::move(a));
    return r;
}

/// A PE position.
struct pe_xy {
    std::int32_t x = 0, y = 0;
    friend constexpr bool operator==(const pe_xy&, const pe_xy&) = default;
};

/// One end of a planned transport.
struct transport_end {
    std::uint32_t terminal = 0;    ///< index of its terminal() attribute
    cx_string path;                ///< the terminal's path (an alias expanded)
    std::vector<pe_xy> pins;       ///< in pin order
    std::vector<pe_xy> ends;       ///< where the route begins or ends, one per pin
};

struct planned_transport {
    std::uint32_t attribute = 0;   ///< index of its transport() attribute
    transport_end from, to;
};

namespace detail {

template <int = 0>
constexpr pe_xy step(pe_xy p, hw::port d) noexcept {
    switch (d) {
    case hw::port::right: return {p.x + 1, p.y};
    case hw::port::left: return {p.x - 1, p.y};
    case hw::port::up: return {p.x, p.y + 1};
    case hw::port::down: return {p.x, p.y - 1};
    case hw::port::core: break;
    }
    return p;
}

template <int = 0>
constexpr hw::port port_of(side s) noexcept {
    switch (s) {
    case side::right: return hw::port::right;
    case side::left: return hw::port::left;
    case side::up: return hw::port::up;
    case side::down: return hw::port::down;
    case side::center: break;
    }
    return hw::port::core;
}

template <int = 0>
constexpr const char* side_name(side s) noexcept {
    constexpr const char* names[] = {"RIGHT", "LEFT", "UP", "DOWN", "CENTER"};
    return names[unsigned(s)];
}

/// The names of the regions around attribute `a`, applied after it (a name() before a terminal() is
/// not the terminal's), outermost first.
template <int = 0>
constexpr cx_string outer_path(const region& r, std::size_t a) { return enclosing_names(r, a, a + 1); }

template <int = 0>
constexpr cx_string joined(const cx_string& prefix, const cx_string& name) {
    if (prefix.empty()) return name;  // not ?: with a copy of name: g++ 12 frees it twice
    return prefix + "." + name;
}

/// Whether `path` names `full`: the same, or its end after a '.'.
template <int = 0>
constexpr bool names(const cx_string& full, const cx_string& path) {
    const auto f = full.view(), p = path.view();
    if (f == p) return true;
    return f.size() > p.size() && f.substr(f.size() - p.size()) == p && f[f.size() - p.size() - 1] == '.';
}

/// The terminal attribute `path` names, following aliases; -1 when none, -2 when several.
template <int = 0>
constexpr std::int64_t find_terminal(const region& r, const cx_string& path, int depth = 0) {
    std::int64_t found = -1;
    auto take = [&](std::int64_t t) {
        if (t == -2 || (found >= 0 && t >= 0 && t != found)) found = -2;
        else if (t >= 0 && found == -1) found = t;
    };
    for (std::size_t i = 0; i < r.attributes.size(); ++i) {
        const attribute& a = r.attributes[i];
        if (a.kind == attribute_kind::terminal && names(joined(outer_path(r, i), a.text), path)) take(std::int64_t(i));
        if (a.kind == attribute_kind::alias && depth < 8 && names(joined(outer_path(r, i), a.text), path))
            take(find_terminal(r, joined(outer_path(r, i), a.to), depth + 1));
    }
    return found;
}

/// Why `path` names no terminal, for the error.
template <int = 0>
constexpr cx_string missing_cause(const region& r, const cx_string& path) {
    const auto p = path.view();
    const auto dot = p.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? p : p.substr(dot + 1);
    for (std::size_t i = 0; i < r.attributes.size(); ++i) {
        const attribute& t = r.attributes[i];
        if (t.kind != attribute_kind::terminal || t.text.view() != last) continue;
        for (std::size_t j = 0; j < i; ++j) {
            const attribute& n = r.attributes[j];
            if (n.kind == attribute_kind::name && n.first == t.first && n.last == t.last)
                return cx_string("name('") + n.text + ") is applied before terminal('" + t.text +
                       "), so the terminal belongs to the region around it: apply name() after terminal()";
        }
    }
    cx_string known;
    for (std::size_t i = 0; i < r.attributes.size(); ++i)
        if (r.attributes[i].kind == attribute_kind::terminal)
            known += (known.empty() ? "" : ", ") + joined(outer_path(r, i), r.attributes[i].text);
    if (known.empty()) return cx_string("the layout has no terminals");
    return cx_string("no terminal has that path (the layout's terminals: ") + known + ")";
}

/// The rule of color `c` on block `b` (the last paint() over it), or nullptr.
template <int = 0>
constexpr const attribute* rule_on(const region& r, std::uint32_t b, std::int32_t c) {
    const attribute* found = nullptr;
    for (const auto& a : r.attributes)
        if (a.kind == attribute_kind::paint && a.col.id == c && a.first <= b && b < a.last) found = &a;
    return found;
}

template <int = 0>
constexpr bool is_pin(const route_rule& rule, side s) {
    for (std::uint8_t k = 0; k < rule.count; ++k) {
        const auto& pos = rule.positions[k];
        // A PE uses the color in a direction when it sends that way or takes input from there.
        const hw::port d = port_of(s);
        if ((pos.has_input && pos.input == d) || (pos.outputs & hw::bit(d))) return true;
    }
    return false;
}

/// The pins of terminal attribute `t`, in pin order.
template <int = 0>
constexpr std::vector<pe_xy> pins_of(const region& r, const attribute& t) {
    std::vector<pe_xy> pins;
    for (std::uint32_t b = t.first; b < t.last; ++b) {
        const attribute* rule = rule_on(r, b, t.col.id);
        if (rule == nullptr || !is_pin(rule->rule, t.terminal.where)) continue;
        const block& k = r.blocks[b];
        for_each_copy(k, [&](std::int32_t cx, std::int32_t cy) {
            for (std::int32_t y = cy; y < cy + k.height; ++y)
                for (std::int32_t x = cx; x < cx + k.width; ++x) pins.push_back({x, y});
        });
    }
    const bool along_y = t.terminal.where == side::right || t.terminal.where == side::left;
    std::sort(pins.begin(), pins.end(), [&](const pe_xy& a, const pe_xy& b) {
        if (along_y) return a.y != b.y ? a.y < b.y : a.x < b.x;
        return a.x != b.x ? a.x < b.x : a.y < b.y;
    });
    pins.erase(std::unique(pins.begin(), pins.end()), pins.end());
    if (t.terminal.revpin) std::reverse(pins.begin(), pins.end());
    return pins;
}

/// [IN>OUT], or with `swapped` the swap that reads the partner color's wavelets from IN ([LHR],
/// [DVC], [CXR]).
template <int = 0>
constexpr route_rule one_position(hw::port in, hw::port out, bool swapped = false) {
    const char swap = !swapped ? '>' : in == hw::port::core ? 'X' : (in == hw::port::left || in == hw::port::right) ? 'H' : 'V';
    const char text[] = {letter(in), swap, letter(out), '\0'};
    return parse_route(std::string_view(text, 3)).rule;
}

/// The PEs of the route from `start` to `end`: along x first, then along y.
template <int = 0>
constexpr std::vector<pe_xy> route_path(pe_xy start, pe_xy end) {
    std::vector<pe_xy> path{start};
    for (pe_xy q = start; q.x != end.x;) path.push_back(q = {q.x + (end.x > q.x ? 1 : -1), q.y});
    for (pe_xy q = path.back(); q.y != end.y;) path.push_back(q = {q.x, q.y + (end.y > q.y ? 1 : -1)});
    return path;
}

template <int = 0>
constexpr bool shares_pe(const std::vector<pe_xy>& a, const std::vector<pe_xy>& b) {
    for (const auto& p : a)
        for (const auto& q : b)
            if (p == q) return true;
    return false;
}

/// The colorpair partner the layout gives `c`, or nullptr.
template <int = 0>
constexpr const color* partner_in(const region& r, const color& c) {
    for (const auto& a : r.attributes)
        if (a.kind == attribute_kind::colorpair) {
            if (a.col.id == c.id) return &a.partner;
            if (a.partner.id == c.id) return &a.col;
        }
    return nullptr;
}

/// Terminal `t` (at `path`) has no pins: the error, at attribute `at`.
template <int = 0>
constexpr void no_pins(const attribute& at, const cx_string& path, const attribute& t, std::vector<problem>& problems) {
    cx_string way(" to or from the core");  // an if, not ?: (above)
    if (t.terminal.where != side::center) way = cx_string(" to or from its side ") + side_name(t.terminal.where);
    problems.push_back(problem{severity::error, problem_kind::transport,
                               cx_string("terminal ") + path + " has no pins defined: no PE of its region routes color #" +
                                   to_text(t.col.id) + way,
                               at.at});
}

/// The guide: a terminal whose region has no paint() rule for its color toward its side makes paint
/// stop, whether a transport uses it or not. Those not `checked` already are looked at here.
template <int = 0>
constexpr void report_pinless(const region& r, const std::vector<std::uint8_t>& checked, std::vector<problem>& problems) {
    for (std::uint32_t i = 0; i < r.attributes.size(); ++i) {
        const attribute& t = r.attributes[i];
        if (t.kind == attribute_kind::terminal && !checked[i] && pins_of(r, t).empty())
            no_pins(t, joined(outer_path(r, i), t.text), t, problems);
    }
}

}  // namespace detail

/// The transports of `r` that connect two terminals, with their pins; what cannot be connected goes
/// to `problems` as an error.
template <int = 0>
constexpr std::vector<planned_transport> plan_transports(const region& r, std::vector<problem>& problems) {
    std::vector<planned_transport> plan;
    auto error = [&](const attribute& a, cx_string m) { problems.push_back(problem{severity::error, problem_kind::transport, std::move(m), a.at}); };
    auto no_pins = [&](const attribute& at, const cx_string& path, const attribute& t) {
        detail::no_pins(at, path, t, problems);
    };
    std::vector<std::uint8_t> connected(r.attributes.size(), 0);  // (not vector<bool>: clang 14's is not constexpr)
    for (std::uint32_t i = 0; i < r.attributes.size(); ++i) {
        const attribute& a = r.attributes[i];
        if (a.kind != attribute_kind::transport) continue;
        const cx_string arc = cx_string("port(s) of arc ") + a.from + " -> " + a.to + " not found: ";
        const std::int64_t from = detail::find_terminal(r, a.from), to = detail::find_terminal(r, a.to);
        if (from == -2 || to == -2) {
            error(a, arc + "'" + (from == -2 ? a.from : a.to) + "' names more than one terminal: give more of its path");
            continue;
        }
        if (from < 0 || to < 0) {
            error(a, arc + "'" + (from < 0 ? a.from : a.to) + "': " + detail::missing_cause(r, from < 0 ? a.from : a.to));
            continue;
        }
        connected[std::size_t(from)] = connected[std::size_t(to)] = 1;
        const attribute& s = r.attributes[std::size_t(from)];
        const attribute& d = r.attributes[std::size_t(to)];
        if (s.terminal.tag != d.terminal.tag) {
            error(a, arc + "their tags differ ('" + s.terminal.tag + " and '" + d.terminal.tag + "): terminals route only to a matching tag");
            continue;
        }
        planned_transport p{i,
                            {std::uint32_t(from), detail::joined(detail::outer_path(r, std::size_t(from)), s.text), detail::pins_of(r, s), {}},
                            {std::uint32_t(to), detail::joined(detail::outer_path(r, std::size_t(to)), d.text), detail::pins_of(r, d), {}}};
        bool ok = true;
        for (const auto* e : {&p.from, &p.to}) {
            const attribute& t = r.attributes[e->terminal];
            if (e->pins.empty()) {
                no_pins(a, e->path, t);
                ok = false;
            }
        }
        if (!ok) continue;
        auto dims = [](const std::vector<std::int32_t>& v) {
            cx_string t = "[";
            for (std::size_t k = 0; k < v.size(); ++k) t += (k ? " " : "") + to_text(v[k]);
            return t + "]";
        };
        auto warn = [&](cx_string m) { problems.push_back(problem{severity::warning, problem_kind::transport, std::move(m), a.at}); };
        for (const auto* e : {&p.from, &p.to}) {
            const terminal_spec& t = r.attributes[e->terminal].terminal;
            std::int64_t want = 1;
            for (auto k : t.split) want *= k;
            if (want != std::int64_t(e->pins.size()))
                warn(cx_string("terminal ") + e->path + " splits its tensor into " + to_text(want) + " pins (split " +
                     dims(t.split) + "), but " + to_text(std::int64_t(e->pins.size())) +
                     " PEs of its region route its color to its side: the router connects the pins it finds");
        }
        if (s.terminal.shape != d.terminal.shape || s.terminal.split != d.terminal.split)
            warn(cx_string("transport ") + a.text + " connects " + p.from.path + " (shape " + dims(s.terminal.shape) + ", split " +
                 dims(s.terminal.split) + ") to " + p.to.path + " (shape " + dims(d.terminal.shape) + ", split " +
                 dims(d.terminal.split) + "): connected terminals should advertise the same shape and split (the guide)");
        if (p.from.pins.size() != p.to.pins.size()) {
            error(a, cx_string("transport ") + a.text + " connects " + to_text(std::int64_t(p.from.pins.size())) + " pins of " +
                         p.from.path + " to " + to_text(std::int64_t(p.to.pins.size())) + " of " + p.to.path +
                         ": connected terminals need as many pins");
            continue;
        }
        for (auto* e : {&p.from, &p.to}) {
            const side w = r.attributes[e->terminal].terminal.where;
            for (const auto& pin : e->pins) e->ends.push_back(w == side::center ? pin : detail::step(pin, detail::port_of(w)));
        }
        for (const auto& earlier : plan)
            if (earlier.from.terminal == p.from.terminal)
                problems.push_back(problem{severity::warning, problem_kind::transport,
                                           cx_string("transport ") + a.text + " leaves " + p.from.path + " as transport " +
                                               r.attributes[earlier.attribute].text +
                                               " does: the router does not multicast, so where their routes share PEs the "
                                               "later one paints over the earlier (the guide: attempt this with caution)",
                                           a.at});
        plan.push_back(std::move(p));
    }
    detail::report_pinless(r, connected, problems);
    return plan;
}

/// The value of each arcvar binding (^name) of each code() attribute of `r`, in binding order
/// (indexed by attribute; empty for the others): what the sending terminals of the transports that
/// arrive at the code's region (a destination pin is one of its PEs) define with arcvar(). None, or
/// two different values, is an error.
template <int = 0>
constexpr std::vector<std::vector<wafer::number>> arcvar_values(const region& r, const std::vector<planned_transport>& plan,
                                                               std::vector<problem>& problems) {
    auto overlaps = [](const attribute& a, const attribute& b) { return a.first < b.last && b.first < a.last; };
    auto arrives = [&](const planned_transport& p, const attribute& code) {
        bool in = false;
        for (std::uint32_t b = code.first; b < code.last && !in; ++b) {
            const block& k = r.blocks[b];
            for_each_copy(k, [&](std::int32_t x, std::int32_t y) {
                for (const auto& q : p.to.pins) in = in || (q.x >= x && q.x < x + k.width && q.y >= y && q.y < y + k.height);
            });
        }
        return in;
    };
    std::vector<std::vector<wafer::number>> values(r.attributes.size());
    for (std::size_t c = 0; c < r.attributes.size(); ++c) {
        const attribute& code = r.attributes[c];
        if (code.kind != attribute_kind::code) continue;
        for (const auto& b : code.bindings) {
            if (b.value.k != binding_value::kind::arcvar) continue;
            const attribute* first = nullptr;   // the arcvar() that gives the value, and its transport
            const attribute* first_arc = nullptr;
            cx_string arriving;
            for (const auto& p : plan) {
                if (!arrives(p, code)) continue;
                const attribute& arc = r.attributes[p.attribute];
                const attribute& from = r.attributes[p.from.terminal];
                arriving += (arriving.empty() ? "" : ", ") + arc.text;
                for (const auto& v : r.attributes) {
                    if (v.kind != attribute_kind::arcvar || v.text != b.value.variable || v.from != from.text ||
                        !overlaps(v, from))
                        continue;
                    if (first == nullptr) {
                        first = &v;
                        first_arc = &arc;
                    } else if (v.geovalue != first->geovalue) {
                        problems.push_back(problem{severity::error, problem_kind::arcvar,
                                                   cx_string("^") + b.value.variable + " is " + to_text(first->geovalue) +
                                                       " on transport " + first_arc->text + " and " + to_text(v.geovalue) +
                                                       " on transport " + arc.text + ", which both arrive at code('" +
                                                       code.text + ")'s region: a param takes one value",
                                                   b.at});
                    }
                }
            }
            if (first == nullptr) {
                cx_string why = cx_string("no transport arrives at a terminal of code('") + code.text + ")'s region";
                if (!arriving.empty())  // an if, not ?: (above)
                    why = cx_string("the transports that arrive at code('") + code.text + ")'s region (" + arriving +
                          ") do not bring arcvar " + b.value.variable;
                problems.push_back(problem{severity::error, problem_kind::arcvar,
                                           cx_string("^") + b.value.variable + ": " + why +
                                               "; define it on the sending terminal with arcvar(r 'terminal '" +
                                               b.value.variable + " value)",
                                           b.at});
            }
            values[c].push_back(first != nullptr ? first->geovalue : wafer::number());
        }
    }
    return values;
}

/// `r` with the planned routes painted: the destination colors merged into the source colors, and a
/// one-position rule on each PE of each route. Where a transport's wires would share a PE, the later
/// wire travels on the partner color c ^ 1 (the guide: the router "knows when it will need to use the
/// color swap to overlap wires"): its first PE swaps the wavelets onto the partner, its last swaps
/// them back, and a colorpair() over the route names the partner (a new color, or the layout's own).
/// Errors (a route off the fabric, or past `fabric` when it is given, turning back on itself, or
/// sharing a PE with both colors' wires) go to `problems`.
template <int = 0>
constexpr region route_transports(region r, const std::vector<planned_transport>& plan, std::vector<problem>& problems,
                                  pe_xy fabric = {0, 0}) {
    std::vector<region> routes;
    std::int32_t next_color = 0;   // for a partner the router makes
    for (const auto& a : r.attributes) {
        next_color = a.col.id >= next_color ? a.col.id + 1 : next_color;
        next_color = a.partner.id >= next_color ? a.partner.id + 1 : next_color;
        for (const auto& b : a.bindings)
            next_color = b.value.col.id >= next_color ? b.value.col.id + 1 : next_color;
    }
    for (const auto& p : plan) {
        const attribute& arc = r.attributes[p.attribute];
        const attribute& s = r.attributes[p.from.terminal];
        const attribute& d = r.attributes[p.to.terminal];
        const color c = s.col;
        const std::int32_t merged = d.col.id;
        if (merged != c.id)   // one physical color for both ends: every use of the destination color is the source's
            for (auto& a : r.attributes) {
                if (a.kind == attribute_kind::terminal || a.kind == attribute_kind::transport) continue;
                if (a.col.id == merged) a.col = c;
                if (a.partner.id == merged) a.partner = c;
                for (auto& b : a.bindings)
                    if (b.value.k == binding_value::kind::color && b.value.col.id == merged) b.value.col = c;
            }
        const origin at = arc.at;
        // Each wire's path, and whether it goes on the partner color because it meets an earlier one.
        // A swapped wire is on the partner from `first` (the PE after a CENTER source pin, whose own
        // rule stays on c; else its first PE) up to its last PE, where c takes the wavelets back.
        const std::size_t first = s.terminal.where == side::center ? 1 : 0;
        std::vector<std::vector<pe_xy>> paths;
        std::vector<char> swapped;  // not vector<bool>: clang 14 cannot grow one in a constant expression
        auto on_partner = [&](std::size_t wire, bool swap, std::size_t k) {
            return swap && k >= first && k + 1 < paths[wire].size();
        };
        auto collides = [&](std::size_t i, bool swap) {
            for (std::size_t k = 0; k < paths[i].size(); ++k)
                for (std::size_t j = 0; j < i; ++j)
                    for (std::size_t m = 0; m < paths[j].size(); ++m)
                        if (paths[j][m] == paths[i][k] && on_partner(j, swapped[j], m) == on_partner(i, swap, k)) return true;
            return false;
        };
        bool any_swapped = false;
        for (std::size_t i = 0; i < p.from.ends.size(); ++i) {
            paths.push_back(detail::route_path(p.from.ends[i], p.to.ends[i]));
            const bool swap = collides(i, false);
            if (swap && (paths[i].size() < first + 2 || collides(i, true))) {
                problems.push_back(problem{severity::error, problem_kind::transport,
                                           cx_string("transport ") + arc.text + "'s wire from pin " + to_text(std::int64_t(i)) +
                                               " at PE (" + to_text(p.from.pins[i].x) + ", " + to_text(p.from.pins[i].y) +
                                               ") meets another of its wires where a color swap cannot part them (the "
                                               "router overlaps two wires, one on the partner color c ^ 1, away from their ends)",
                                           at});
                return r;
            }
            swapped.push_back(swap);
            any_swapped = any_swapped || swap;
        }
        color partner;
        if (any_swapped) {
            const color* given = detail::partner_in(r, c);
            partner = given ? *given : color{next_color++, -1, -1, at};
        }
        std::vector<region> hops;   // this transport's, for the colorpair() of a swapped wire
        for (std::size_t i = 0; i < paths.size(); ++i) {
            const std::vector<pe_xy>& path = paths[i];
            const side from_side = s.terminal.where, to_side = d.terminal.where;
            for (std::size_t k = 0; k < path.size(); ++k) {
                const pe_xy q = path[k];
                auto toward = [&](pe_xy n) {
                    return n.x > q.x ? hw::port::right : n.x < q.x ? hw::port::left : n.y > q.y ? hw::port::up : hw::port::down;
                };
                const hw::port in = k > 0 ? toward(path[k - 1])
                                          : from_side == side::center ? hw::port::core : hw::opposite(detail::port_of(from_side));
                const hw::port out = k + 1 < path.size() ? toward(path[k + 1])
                                     : to_side == side::center   ? hw::port::core
                                                                 : hw::opposite(detail::port_of(to_side));
                if (q.x < 0 || q.y < 0 || (fabric.x > 0 && (q.x >= fabric.x || q.y >= fabric.y))) {
                    cx_string which;  // an if, not ?: (above)
                    if (fabric.x > 0)
                        which = cx_string(" (fabric=") + to_text(fabric.x) + "x" + to_text(fabric.y) + ")";
                    problems.push_back(problem{severity::error, problem_kind::transport,
                                               cx_string("transport ") + arc.text + "'s route leaves the fabric" +
                                                   which + " at PE (" + to_text(q.x) + ", " + to_text(q.y) + ")",
                                               at});
                    return r;
                }
                if (in == out) {
                    problems.push_back(problem{severity::error, problem_kind::transport,
                                               cx_string("transport ") + arc.text + "'s route would turn back on itself at PE (" +
                                                   to_text(q.x) + ", " + to_text(q.y) + "): its terminals' sides face away from the route",
                                               at});
                    return r;
                }
                // An open end the layout left on this PE ([>C], [C>]) is what the router completes.
                for (std::uint32_t b = 0; b < r.blocks.size(); ++b) {
                    const block& k2 = r.blocks[b];
                    bool here = false;
                    for_each_copy(k2, [&](std::int32_t cx, std::int32_t cy) {
                        here = here || (q.x >= cx && q.x < cx + k2.width && q.y >= cy && q.y < cy + k2.height);
                    });
                    if (!here) continue;
                    for (auto& a : r.attributes)
                        if (a.kind == attribute_kind::paint && a.col.id == c.id && a.first <= b && b < a.last &&
                            (a.rule.open_input || a.rule.open_output))
                            a.made_by = route_origin::completed;
                }
                // A swapped wire's first PE on the partner swaps c's wavelets onto it; at its last, c
                // takes them back.
                const bool partnered = on_partner(i, swapped[i], k);
                const bool swaps = swapped[i] && (k == first || k + 1 == path.size());
                const color* wire = partnered ? &partner : &c;
                region hop = paint(tile(q.x, q.y, at), *wire, detail::one_position(in, out, swaps), at);
                hop.attributes.back().made_by = route_origin::router;
                hops.push_back(std::move(hop));
            }
        }
        if (any_swapped) {
            region wires = union_(hops, at);
            wires = colorpair(std::move(wires), c, partner, at);
            routes.push_back(std::move(wires));
        } else {
            for (auto& h : hops) routes.push_back(std::move(h));
        }
    }
    if (routes.empty()) return r;
    routes.insert(routes.begin(), std::move(r));
    return union_(routes, routes.back().attributes.back().at);
}

/// A layout's transports planned and routed, and its code()s' arcvar values: what build() does
/// first, and verify() too, so a transport's mistakes are found at compile time in a frozen layout.
struct routed_layout {
    std::vector<planned_transport> plan;
    region routed;                                     ///< the layout with its transports' routes
    bool is_routed = false;                            ///< else the layout itself stands
    std::vector<std::vector<wafer::number>> arcvalues;  ///< per attribute: a code()'s ^arcvar values

    /// The layout the rest of a build sees: `r` with its transports routed, or `r`.
    constexpr const region& layout(const region& r) const noexcept {
        if (is_routed) return routed;
        return r;
    }
};

/// Plans `r`'s transports, routes them when `route` (within `fabric`, if its x is not 0) and works
/// out the arcvars they bring; problems go to `problems`, and an error in the transports skips the
/// arcvars.
template <int = 0>
constexpr routed_layout route_layout(const region& r, bool route, pe_xy fabric, std::vector<problem>& problems) {
    routed_layout out;
    bool has_transports = false, has_arcvars = false, has_terminals = false;
    for (const auto& a : r.attributes) {
        has_transports = has_transports || a.kind == attribute_kind::transport;
        has_terminals = has_terminals || a.kind == attribute_kind::terminal;
        for (const auto& b : a.bindings) has_arcvars = has_arcvars || b.value.k == binding_value::kind::arcvar;
    }
    if (has_transports && (route || has_arcvars)) {
        out.plan = plan_transports(r, problems);
        if (!has_errors(problems) && route) {
            out.routed = route_transports(r, out.plan, problems, fabric);
            out.is_routed = true;
        }
        if (has_errors(problems)) return out;
    } else if (has_terminals) {
        detail::report_pinless(r, std::vector<std::uint8_t>(r.attributes.size(), 0), problems);
        if (has_errors(problems)) return out;
    }
    if (has_arcvars) out.arcvalues = arcvar_values(out.layout(r), out.plan, problems);
    return out;
}

/// What `portmap` prints: each transport with its two terminals, as the guide shows it.
template <int = 0>
std::string portmap_text(const region& r, const std::vector<planned_transport>& plan) {
    std::string out;
    auto terminal_line = [&](const transport_end& e) {
        const attribute& t = r.attributes[e.terminal];
        std::string s = "(TERMINAL '" + e.path.str() + "." + t.terminal.tag.str() + " [";
        for (std::size_t i = 0; i < t.terminal.shape.size(); ++i)
            s += " " + std::to_string(t.terminal.shape[i]) + "/" + std::to_string(t.terminal.split[i]);
        pe_xy o = e.ends.front();
        for (const auto& q : e.ends) o = {q.x < o.x ? q.x : o.x, q.y < o.y ? q.y : o.y};
        s += std::string(" ] ") + detail::side_name(t.terminal.where) + " @(" + std::to_string(o.x) + " " +
             std::to_string(o.y) + ") " + std::to_string(t.col.id) + " [";
        for (const auto& q : e.ends) {
            if (t.terminal.where == side::center)
                s += " (" + std::to_string(q.x - o.x) + "," + std::to_string(q.y - o.y) + ")";
            else if (t.terminal.where == side::right || t.terminal.where == side::left)
                s += " " + std::to_string(q.y - o.y);
            else
                s += " " + std::to_string(q.x - o.x);
        }
        return s + "])";
    };
    for (const auto& p : plan) out += "(TRANSPORT\n" + terminal_line(p.from) + "\n" + terminal_line(p.to) + ")\n";
    return out;
}

}  // namespace wafer::paint
