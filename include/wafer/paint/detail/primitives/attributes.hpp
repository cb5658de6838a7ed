#pragma once
// Attribute primitives: name, code, paint, colorpair, mp, geovar, link, terminal, arcvar, alias, transport,
// paintuppertriangle, and the colors they take (color, bank).
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/detail/evaluation.hpp"
#include "wafer/paint/placement.hpp"
#include "wafer/paint/terminal.hpp"

namespace wafer::paint::detail::primitives {

inline value name(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const region& r = ev.region_arg(e, a[0], 0);
    if (a[1].v.is<symbol_ref>())
        ev.fail_at(a[1].pos, "name() takes a string, not the symbol $" + a[1].v.as<symbol_ref>().path +
                                 ": join(\".\" a b) gives the string a.b");
    const std::string n = ev.text(e, a[1], 1, "a name such as 'a");
    return value{ev.guarded([&] { return paint::name(r, cx_string(n), ev.origin_at(e.pos)); })};
}

inline value code(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string kernel = ev.text(e, a[1], 1, "a kernel name such as 'send");
    std::vector<binding> bindings;
    if (a.size() == 3) {
        const arg& b = a[2];
        const bool empty_array = b.v.is<array_ref>() && b.v.as<array_ref>()->empty();
        if (!empty_array) {
            for (const auto& d : *ev.want<dict_ref>(e, b, 2, "a dictionary of bindings such as [tx:c N:8]")) {
                const origin at = ev.origin_in(d.source, d.pos);
                if (d.val.is_number())
                    bindings.push_back(binding{cx_string(d.key), binding_value(d.val.is<float>() ? wafer::number(d.val.as<float>()) : wafer::number(d.val.as<std::int32_t>())), at});
                else if (d.val.is<color>())
                    bindings.push_back(binding{cx_string(d.key), binding_value(d.val.as<color>()), at});
                else if (d.val.is<geovar_ref>())
                    bindings.push_back(binding{cx_string(d.key), binding_value(d.val.as<geovar_ref>()), at});
                else if (d.val.is<arcvar_ref>())
                    bindings.push_back(binding{cx_string(d.key), binding_value(d.val.as<arcvar_ref>()), at});
                else
                    ev.fail_at(d.pos, "code() binds params to numbers, geovars (@name) or arcvars (^name) and sockets to colors: " + d.key +
                                          " is " + kind_name(d.val));
            }
        }
    }
    return value{ev.guarded([&] { return paint::code(r, cx_string(kernel), std::move(bindings), ev.origin_at(e.pos)); })};
}

inline value paint_(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const color& c = ev.want<color>(e, a[1], 1, "a color");
    const route_value& rule = ev.want<route_value>(e, a[2], 2, "a route rule such as [L>C]");
    return value{ev.guarded([&] { return paint::paint(r, c, rule.rule, ev.origin_at(e.pos)); })};
}

inline value color_(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 0, 1);
    if (a.empty()) return value{ev.palette_.color(ev.origin_at(e.pos))};
    if (a[0].v.is<bank>()) return value{ev.palette_.color(a[0].v.as<bank>(), ev.origin_at(e.pos))};
    const std::int32_t n = ev.integer(e, a[0], 0);
    return value{ev.guarded([&] { return ev.palette_.color(n, ev.origin_at(e.pos)); })};
}

inline value bank_(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 1);
    const std::int32_t n = ev.integer(e, a[0], 0);
    return value{ev.guarded([&] { return ev.palette_.bank(n, ev.origin_at(e.pos)); })};
}

inline value colorpair(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const color& x = ev.want<color>(e, a[1], 1, "a color");
    const color& y = ev.want<color>(e, a[2], 2, "a color");
    return value{ev.guarded([&] { return paint::colorpair(r, x, y, ev.origin_at(e.pos)); })};
}

inline value mp(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const region& r = ev.region_arg(e, a[0], 0);
    const bank& b = ev.want<bank>(e, a[1], 1, "a message-passing bank made by bank(n)");
    return value{ev.guarded([&] { return paint::mp(r, b, ev.origin_at(e.pos)); })};
}

/// geovar(r 'name value), also written r : @name=value.
inline value geovar(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string n = ev.text(e, a[1], 1, "a geovar name such as 'rank");
    const wafer::number v = ev.param_value(e, a[2], 2);
    return value{ev.guarded([&] { return paint::geovar(r, cx_string(n), v, ev.origin_at(e.pos)); })};
}

/// link(r $symbol "order" "program" [key:value ...] [disable]): a disabled link is checked and left out.
inline value link(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 4, 6);
    const region& r = ev.region_arg(e, a[0], 0);
    if (!a[1].v.is<symbol_ref>())
        ev.fail_at(a[1].pos, "argument 2 of link() must be a symbol such as $cell (or symjoin('a 'b)), not " +
                                 kind_name(a[1].v));
    const std::string symbol = a[1].v.as<symbol_ref>().path;
    const std::string order = ev.text(e, a[2], 2, "a string of dimension names such as \"y x\"");
    const std::string program = ev.text(e, a[3], 3, "the program to run, a string");
    std::vector<binding> params;
    if (a.size() > 4 && !(a[4].v.is<array_ref>() && a[4].v.as<array_ref>()->empty()))
        for (const auto& d : *ev.want<dict_ref>(e, a[4], 4, "a dictionary of program parameters such as [color:rx]")) {
            const origin at = ev.origin_in(d.source, d.pos);
            if (d.val.is_number())
                params.push_back(binding{cx_string(d.key), binding_value(d.val.is<float>() ? wafer::number(d.val.as<float>()) : wafer::number(d.val.as<std::int32_t>())), at});
            else if (d.val.is<color>())
                params.push_back(binding{cx_string(d.key), binding_value(d.val.as<color>()), at});
            else
                ev.fail_at(d.pos, "a link() parameter is a number or a color: " + d.key + " is " + kind_name(d.val));
        }
    bool disabled = false;
    if (a.size() == 6) {
        if (a[5].v.is<std::string>() && a[5].v.as<std::string>() == "disable")
            disabled = true;
        else if (a[5].v.is<std::int32_t>())
            disabled = a[5].v.as<std::int32_t>() != 0;
        else
            ev.fail_at(a[5].pos, "argument 6 of link() is 'disable or a number (non-zero disables), not " + kind_name(a[5].v));
    }
    region linked = ev.guarded([&] {
        return paint::link(r, cx_string(symbol), cx_string(order), cx_string(program), std::move(params), ev.origin_at(e.pos));
    });
    return disabled ? value{r} : value{std::move(linked)};
}

/// terminal(r 'name 'tag SIDE color shape split chunk [revpin]).
inline value terminal(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 8, 9);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string n = ev.text(e, a[1], 1, "a terminal name such as 'tx");
    terminal_spec spec;
    spec.tag = cx_string(ev.text(e, a[2], 2, "a tag such as 'act"));
    spec.where = ev.want<side>(e, a[3], 3, "a side, RIGHT, LEFT, UP, DOWN or CENTER");
    const color& c = ev.want<color>(e, a[4], 4, "a color");
    spec.shape = ev.integers(e, a[5], 5);
    spec.split = ev.integers(e, a[6], 6);
    spec.chunk = ev.integer(e, a[7], 7);
    if (a.size() == 9) {
        if (!(a[8].v.is<std::string>() && a[8].v.as<std::string>() == "revpin") && !a[8].v.is<std::int32_t>())
            ev.fail_at(a[8].pos, "argument 9 of terminal() is 'revpin or a number (non-zero reverses the pins), not " +
                                     kind_name(a[8].v));
        spec.revpin = a[8].v.is<std::string>() || a[8].v.as<std::int32_t>() != 0;
    }
    return value{ev.guarded([&] { return paint::terminal(r, cx_string(n), std::move(spec), c, ev.origin_at(e.pos)); })};
}

/// arcvar(r 'terminal 'name value).
inline value arcvar(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 4, 4);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string t = ev.text(e, a[1], 1, "the name of one of the region's terminals, such as 'tx");
    const std::string n = ev.text(e, a[2], 2, "an arcvar name such as 'count");
    const wafer::number v = ev.param_value(e, a[3], 3);
    return value{ev.guarded([&] { return paint::arcvar(r, cx_string(t), cx_string(n), v, ev.origin_at(e.pos)); })};
}

/// alias(r 'name 'child.terminal).
inline value alias(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string n = ev.text(e, a[1], 1, "a terminal name such as 'rx");
    const std::string child = ev.text(e, a[2], 2, "a child terminal's path such as 'b.rx");
    return value{ev.guarded([&] { return paint::alias(r, cx_string(n), cx_string(child), ev.origin_at(e.pos)); })};
}

/// transport('src 'dst 'name): remembered, so a transport left out of the layout is reported.
inline value transport(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const std::string from = ev.text(e, a[0], 0, "a terminal path such as 'a.tx");
    const std::string to = ev.text(e, a[1], 1, "a terminal path such as 'b.rx");
    const std::string n = ev.text(e, a[2], 2, "a transport name such as 'arc");
    region r = ev.guarded([&] { return paint::transport(cx_string(from), cx_string(to), cx_string(n), ev.origin_at(e.pos)); });
    ev.transports_.push_back(r.attributes.front().at);
    return value{std::move(r)};
}

/// paintuppertriangle(r color rule xoffsets yoffsets xend).
inline value paintuppertriangle(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 6, 6);
    const region& r = ev.region_arg(e, a[0], 0);
    const color& c = ev.want<color>(e, a[1], 1, "a color");
    const route_value& rule = ev.want<route_value>(e, a[2], 2, "a route rule such as [L>R]");
    const auto xs = ev.integers(e, a[3], 3), ys = ev.integers(e, a[4], 4);
    const std::int32_t xend = ev.integer(e, a[5], 5);
    return value{ev.guarded([&] { return paint::paintuppertriangle(r, c, rule.rule, xs, ys, xend, ev.origin_at(e.pos)); })};
}

}  // namespace wafer::paint::detail::primitives
