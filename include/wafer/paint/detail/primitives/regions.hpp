#pragma once
// Region primitives: tile, rect, the joins (union, hstack, vstack, stack), replication (rep,
// hstackrep, vstackrep, stackrep), moves (place, rotate, hflip, vflip) and named copies
// (arrayplace, diagplace, diagarrayplace).
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/paint/combine.hpp"
#include "wafer/paint/detail/evaluation.hpp"
#include "wafer/paint/placement.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/transform.hpp"

namespace wafer::paint::detail::primitives {

inline value tile(evaluation& ev, const ast::expr& e, args& a) {
    if (a.size() != 0 && a.size() != 2)
        ev.fail_at(e.pos, "tile() takes no arguments or two (x y), not " + std::to_string(a.size()));
    if (a.empty()) return value{ev.guarded([&] { return paint::tile(ev.origin_at(e.pos)); })};
    const std::int32_t x = ev.integer(e, a[0], 0), y = ev.integer(e, a[1], 1);
    return value{ev.guarded([&] { return paint::tile(x, y, ev.origin_at(e.pos)); })};
}

inline value rect(evaluation& ev, const ast::expr& e, args& a) {
    if (a.size() != 4 && a.size() != 6)
        ev.fail_at(e.pos, "rect() takes four arguments (x y w h) or six (x y w h xdim ydim), not " + std::to_string(a.size()));
    std::int32_t n[4];
    for (std::size_t i = 0; i < 4; ++i) n[i] = ev.integer(e, a[i], i);
    cx_string xd, yd;
    if (a.size() == 6) {
        xd = cx_string(ev.text(e, a[4], 4, "a dimension name such as 'x"));
        yd = cx_string(ev.text(e, a[5], 5, "a dimension name such as 'y"));
    }
    return value{ev.guarded([&] { return paint::rect(n[0], n[1], n[2], n[3], xd, yd, ev.origin_at(e.pos)); })};
}

inline value hstack(evaluation& ev, const ast::expr& e, args& a) {
    auto rs = ev.regions(e, a);
    return value{ev.guarded([&] { return paint::hstack(rs, ev.origin_at(e.pos)); })};
}
inline value vstack(evaluation& ev, const ast::expr& e, args& a) {
    auto rs = ev.regions(e, a);
    return value{ev.guarded([&] { return paint::vstack(rs, ev.origin_at(e.pos)); })};
}
inline value union_(evaluation& ev, const ast::expr& e, args& a) {
    auto rs = ev.regions(e, a);
    return value{ev.guarded([&] { return paint::union_(rs, ev.origin_at(e.pos)); })};
}

inline direction direction_arg(evaluation& ev, const ast::expr& e, const arg& x, std::size_t i) {
    return ev.want<direction>(e, x, i, "a direction, HORIZONTAL or VERTICAL");
}

/// stack(HORIZONTAL|VERTICAL r1 r2 ...).
inline value stack(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, std::size_t(-1));
    const direction d = direction_arg(ev, e, a[0], 0);
    auto rs = ev.regions(e, a, 1);
    return value{ev.guarded([&] { return paint::stack(d, rs, ev.origin_at(e.pos)); })};
}

/// rep(r 'name count dx dy).
inline value rep(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 5, 5);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string n = ev.text(e, a[1], 1, "a dimension name such as 'i");
    const std::int32_t count = ev.integer(e, a[2], 2), dx = ev.integer(e, a[3], 3), dy = ev.integer(e, a[4], 4);
    return value{ev.guarded([&] { return paint::rep(r, cx_string(n), count, dx, dy, ev.origin_at(e.pos)); })};
}

/// hstackrep(r n [space] [name]) and vstackrep(...).
inline value stackrep_along(evaluation& ev, const ast::expr& e, args& a, direction d) {
    ev.arity(e, a, 2, 4);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::int32_t count = ev.integer(e, a[1], 1);
    const std::int32_t space = a.size() > 2 ? ev.integer(e, a[2], 2) : 0;
    const cx_string n(a.size() > 3 ? ev.text(e, a[3], 3, "a dimension name such as 'i")
                                   : std::string(d == direction::horizontal ? "x" : "y"));
    return value{ev.guarded([&] {
        return d == direction::horizontal ? paint::hstackrep(r, count, space, n, ev.origin_at(e.pos))
                                          : paint::vstackrep(r, count, space, n, ev.origin_at(e.pos));
    })};
}
inline value hstackrep(evaluation& ev, const ast::expr& e, args& a) { return stackrep_along(ev, e, a, direction::horizontal); }
inline value vstackrep(evaluation& ev, const ast::expr& e, args& a) { return stackrep_along(ev, e, a, direction::vertical); }

/// stackrep(r 'name HORIZONTAL|VERTICAL n).
inline value stackrep(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 4, 4);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::string n = ev.text(e, a[1], 1, "a dimension name such as 'x");
    const direction d = direction_arg(ev, e, a[2], 2);
    const std::int32_t count = ev.integer(e, a[3], 3);
    return value{ev.guarded([&] { return paint::stackrep(r, cx_string(n), d, count, ev.origin_at(e.pos)); })};
}

inline rotation rotation_arg(evaluation& ev, const ast::expr& e, const arg& x, std::size_t i) {
    return ev.want<rotation>(e, x, i, "a rotation, R0, R90, R180 or R270");
}

/// place(r dx dy [R0|R90|R180|R270]).
inline value place(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 4);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::int32_t dx = ev.integer(e, a[1], 1), dy = ev.integer(e, a[2], 2);
    const rotation by = a.size() == 4 ? rotation_arg(ev, e, a[3], 3) : rotation::r0;
    return value{ev.guarded([&] { return paint::place(r, dx, dy, by, ev.origin_at(e.pos)); })};
}

inline value rotate(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const region& r = ev.region_arg(e, a[0], 0);
    const rotation by = rotation_arg(ev, e, a[1], 1);
    return value{ev.guarded([&] { return paint::rotate(r, by, ev.origin_at(e.pos)); })};
}
inline value hflip(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 1);
    const region& r = ev.region_arg(e, a[0], 0);
    return value{ev.guarded([&] { return paint::hflip(r, ev.origin_at(e.pos)); })};
}
inline value vflip(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 1);
    const region& r = ev.region_arg(e, a[0], 0);
    return value{ev.guarded([&] { return paint::vflip(r, ev.origin_at(e.pos)); })};
}

/// arrayplace(r [y0 y1 ...] [geovar:values]).
inline value arrayplace(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const auto offsets = ev.integers(e, a[1], 1);
    std::vector<geovar_values> geovars;
    if (a.size() == 3)
        for (const auto& d : *ev.want<dict_ref>(e, a[2], 2, "a dictionary of geovar values such as [idx:ids]")) {
            const arg values{d.val, d.pos};
            geovars.push_back({cx_string(d.key), ev.integers(e, values, 2)});
        }
    return value{ev.guarded([&] { return paint::arrayplace(r, offsets, geovars, ev.origin_at(e.pos)); })};
}

/// diagplace(r n dx dy).
inline value diagplace(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 4, 4);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::int32_t n = ev.integer(e, a[1], 1), dx = ev.integer(e, a[2], 2), dy = ev.integer(e, a[3], 3);
    return value{ev.guarded([&] { return paint::diagplace(r, n, dx, dy, ev.origin_at(e.pos)); })};
}

/// diagarrayplace(r dx [y0 y1 ...]).
inline value diagarrayplace(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const region& r = ev.region_arg(e, a[0], 0);
    const std::int32_t dx = ev.integer(e, a[1], 1);
    const auto offsets = ev.integers(e, a[2], 2);
    return value{ev.guarded([&] { return paint::diagarrayplace(r, dx, offsets, ev.origin_at(e.pos)); })};
}

}  // namespace wafer::paint::detail::primitives
