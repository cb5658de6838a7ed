#pragma once
// Attributes on a region: name(), code(), paint(), colorpair(), mp(), geovar(), link(). Each applies to the whole region it is given and
// is recorded with its call, so verify() can point at it. The C++ surface also has the pipe form
// `tile() | code("k", {...}) | paint(c, "C>R") | name("a")`, Paint's `x : code('k [...])`.
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/paint/region.hpp"

namespace wafer::paint {

namespace detail {
template <int = 0>
constexpr attribute attribute_of(attribute_kind k, origin at, cx_string text = {}) {
    attribute a;
    a.kind = k;
    a.at = std::move(at);
    a.text = std::move(text);
    return a;
}

template <int = 0>
constexpr region with(region r, attribute a) {
    a.first = 0;
    a.last = std::uint32_t(r.blocks.size());
    r.attributes.push_back(std::move(a));
    return r;
}
}  // namespace detail

/// name(r 'n): prefixes the name path of everything in r: name('c) over a region holding 'b gives "c.b".
template <int = 0>
constexpr region name(region r, cx_string n, origin at = call_site{}) {
    if (n.empty()) fail(at, "name() takes a name that is not empty");
    for (char c : n.view())
        if (c == '.') fail(at, "a region name cannot contain '.': name paths join names with '.'");
    attribute a = detail::attribute_of(attribute_kind::name, std::move(at), std::move(n));
    return detail::with(std::move(r), std::move(a));
}

/// code(r 'kernel [bindings]): runs `kernel` on every PE of r. A binding to a color binds the socket
/// of that name; a binding to a number sets the param of that name (build() checks them against
/// the kernel). Twice on one PE is an error (verify()).
template <int = 0>
constexpr region code(region r, cx_string kernel, std::vector<binding> bindings = {}, origin at = call_site{}) {
    if (kernel.empty()) fail(at, "code() takes a kernel name that is not empty");
    for (std::size_t i = 0; i < bindings.size(); ++i) {
        auto& b = bindings[i];
        if (b.at.pos.line == 0 && b.at.file.empty()) b.at = at;
        if (b.name.empty()) fail(b.at, "a code() binding needs a param or socket name");
        if (b.value.k == binding_value::kind::color && b.value.col.id < 0)
            fail(b.at, "a code() binding takes a color made by color()");
        if (b.value.k == binding_value::kind::geovar && b.value.variable.empty())
            fail(b.at, "a code() binding to a geovar needs its name: @name");
        if (b.value.k == binding_value::kind::arcvar && b.value.variable.empty())
            fail(b.at, "a code() binding to an arcvar needs its name: ^name");
        for (std::size_t j = 0; j < i; ++j)
            if (bindings[j].name == b.name) fail(b.at, "a param or socket is bound twice in one code()");
    }
    attribute a = detail::attribute_of(attribute_kind::code, std::move(at), std::move(kernel));
    a.bindings = std::move(bindings);
    return detail::with(std::move(r), std::move(a));
}

namespace detail {
/// A C++ kernel type's params and sockets, from its `signature` (wafer/tungsten/dsl/signature.hpp).
template <class K>
constexpr std::vector<kernel_port> ports_of() {
    static_assert(requires { K::signature.name; K::signature.ports_interface(); },
                  "code<K>() takes a C++ kernel type with a signature: static constexpr wafer::dsl::signature "
                  "signature{\"name\", w::param<w::xp>(\"N\"), w::socket<w::xp>(\"tx\")}; "
                  "write code(\"name\", ...) for a kernel known only by name");
    std::vector<kernel_port> ports;
    for (const auto& p : K::signature.ports_interface())
        ports.push_back(kernel_port{cx_string::of_static(p.name), p.socket, p.has_default});
    return ports;
}

}  // namespace detail

/// code<K>(r [bindings]): code() of a C++ kernel known by its type K (a struct with a `signature`,
/// wafer/tungsten/dsl/signature.hpp). verify() checks the bindings against K's params and sockets, so
/// `static_assert(verify(layout))` rejects a misspelt name, a color bound to a param, a number bound
/// to a socket, an unbound socket and a param left without a value, at compile time.
template <class K>
constexpr region code(region r, std::vector<binding> bindings = {}, origin at = call_site{}) {
    return std::move(r) | code<K>(std::move(bindings), std::move(at));
}

/// paint(r color rule): sets `color`'s route on every PE of r to `rule`. A later paint of the same
/// color on a PE replaces the earlier one (verify() warns).
template <int = 0>
constexpr region paint(region r, color c, route_rule rule, origin at = call_site{}) {
    if (c.id < 0) fail(at, "paint() takes a color made by color()");
    attribute a = detail::attribute_of(attribute_kind::paint, std::move(at));
    a.col = std::move(c);
    a.rule = rule;
    return detail::with(std::move(r), std::move(a));
}

/// geovar(r 'name value): the geovar `name` is `value` on every PE of r, for the code() bindings
/// @name that reach those PEs (a code() applied before it, on r, an ancestor or a sibling before it
/// in a union: resolve() gives the rule).
template <int = 0>
constexpr region geovar(region r, cx_string name, wafer::number value, origin at = call_site{}) {
    if (name.empty()) fail(at, "geovar() takes a name that is not empty");
    attribute a = detail::attribute_of(attribute_kind::geovar, std::move(at), std::move(name));
    a.geovalue = value;
    return detail::with(std::move(r), std::move(a));
}

/// link(r $symbol "order" "program" [key:value ...]): milink sets `symbol` (relative to r: on a
/// region named grid, $aa.cell is grid.aa.cell) from what `program` writes, walking the symbol's
/// dimensions in `order` (paint/link.hpp). The parameters are numbers and colors.
template <int = 0>
constexpr region link(region r, cx_string symbol, cx_string order, cx_string program, std::vector<binding> params,
                      origin at = call_site{}) {
    if (symbol.empty()) fail(at, "link() takes a symbol that is not empty");
    if (program.empty()) fail(at, "link() takes a program to run");
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (params[i].at.pos.line == 0 && params[i].at.file.empty()) params[i].at = at;
        if (params[i].value.k == binding_value::kind::geovar || params[i].value.k == binding_value::kind::arcvar)
            fail(params[i].at, "a link() parameter is a number or a color, not a geovar or an arcvar");
        for (std::size_t j = 0; j < i; ++j)
            if (params[j].name == params[i].name) fail(params[i].at, "a link() parameter is given twice");
    }
    attribute a = detail::attribute_of(attribute_kind::link, std::move(at), std::move(symbol));
    a.order = std::move(order);
    a.program = std::move(program);
    a.bindings = std::move(params);
    return detail::with(std::move(r), std::move(a));
}

/// colorpair(r a b): a and b are swap partners, physical(a) == physical(b) ^ 1, so a route's X, H
/// or V on one reads the other.
template <int = 0>
constexpr region colorpair(region r, color a, color b, origin at = call_site{}) {
    if (a.id < 0 || b.id < 0) fail(at, "colorpair() takes two colors made by color()");
    if (a.id == b.id) fail(at, "colorpair() takes two different colors");
    attribute x = detail::attribute_of(attribute_kind::colorpair, std::move(at));
    x.col = std::move(a);
    x.partner = std::move(b);
    return detail::with(std::move(r), std::move(x));
}

/// mp(r bank): message passing on `bank` routes through every PE of r, by destination address.
template <int = 0>
constexpr region mp(region r, const bank& b, origin at = call_site{}) {
    check_bank(b.number, "mp()", at);
    attribute x = detail::attribute_of(attribute_kind::mp, std::move(at));
    x.bank = b.number;
    return detail::with(std::move(r), std::move(x));
}

/// The pipe forms: an attribute waiting for its region.
struct name_op {
    cx_string n;
    origin at;
};
struct code_op {
    cx_string kernel;
    std::vector<binding> bindings;
    origin at;
    bool typed = false;               ///< code<K>(): `ports` is K's interface
    std::vector<kernel_port> ports;
};
struct paint_op {
    color c;
    route_rule rule;
    origin at;
};

struct colorpair_op {
    color a, b;
    origin at;
};
struct mp_op {
    bank b;
    origin at;
};

template <int = 0>
constexpr colorpair_op colorpair(color a, color b, origin at = call_site{}) {
    return {std::move(a), std::move(b), std::move(at)};
}
template <int = 0>
constexpr mp_op mp(bank b, origin at = call_site{}) { return {std::move(b), std::move(at)}; }
template <int = 0>
constexpr region operator|(region r, colorpair_op op) {
    return colorpair(std::move(r), std::move(op.a), std::move(op.b), std::move(op.at));
}
template <int = 0>
constexpr region operator|(region r, mp_op op) { return mp(std::move(r), op.b, std::move(op.at)); }

template <int = 0>
constexpr name_op name(cx_string n, origin at = call_site{}) {
    return {std::move(n), std::move(at)};
}
template <int = 0>
constexpr code_op code(cx_string kernel, std::vector<binding> bindings = {}, origin at = call_site{}) {
    return {std::move(kernel), std::move(bindings), std::move(at)};
}
template <class K>
constexpr code_op code(std::vector<binding> bindings = {}, origin at = call_site{}) {
    return {cx_string::of_static(K::signature.name), std::move(bindings), std::move(at), true, detail::ports_of<K>()};
}
template <int = 0>
constexpr paint_op paint(color c, route_rule rule, origin at = call_site{}) {
    return {std::move(c), rule, std::move(at)};
}

template <int = 0>
constexpr region operator|(region r, name_op op) {
    return name(std::move(r), std::move(op.n), std::move(op.at));
}
template <int = 0>
constexpr region operator|(region r, code_op op) {
    region out = code(std::move(r), std::move(op.kernel), std::move(op.bindings), std::move(op.at));
    out.attributes.back().typed = op.typed;
    out.attributes.back().ports = std::move(op.ports);
    return out;
}
template <int = 0>
constexpr region operator|(region r, paint_op op) {
    return paint(std::move(r), std::move(op.c), op.rule, std::move(op.at));
}

}  // namespace wafer::paint
