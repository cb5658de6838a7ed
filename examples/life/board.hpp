#pragma once
// board.paint in C++: a W × H grid of cells that hear all eight neighbours through the Paint quick
// reference's spiral routing (nine colors), framed by drain PEs. The cell kernel is a type (life::life
// here, heat2d::heat2d in ../heat2d/heat2d.hpp), bound by code<Cell>() like lifecode() binds it, so
// verify() checks every binding at compile time. Each function below is the macro of the same name in
// board.paint, statement for statement; the tests build both and compare the IR.
#include <array>
#include <cstdint>

#include <wafer/paint/paint.hpp>

#include "kernels.hpp"

namespace life {

/// spiral(ee a b c d e f g h i): the colors sent by the cell's neighbours SW S SE W (itself) E NW N NE.
constexpr wafer::paint::region spiral(wafer::paint::region ee, const std::array<wafer::paint::color, 9>& k) {
    using namespace wafer::paint;
    const auto& [a, b, c, d, e, f, g, h, i] = k;
    return std::move(ee) | paint(g, "L>C") | paint(h, "U>CR") | paint(i, "U>C") |  //
           paint(d, "L>CU") | paint(e, "C>RULD") | paint(f, "R>CD") |               //
           paint(a, "D>C") | paint(b, "D>CL") | paint(c, "R>C");
}

/// lifecode(tt tx r0 r1 r2 r3 r4 r5 r6 r7): the cell's code(), its own color then the colors it
/// hears from the SW, E, W, N, NE, NW, S and SE, and the geovars that say which neighbours it has.
template <class Cell>
constexpr wafer::paint::region cellcode(wafer::paint::region tt, const std::array<wafer::paint::color, 9>& k,
                                        std::int32_t N) {
    using namespace wafer::paint;
    const auto& [tx, r0, r1, r2, r3, r4, r5, r6, r7] = k;
    return std::move(tt) | code<Cell>({{"tx", tx}, {"rx0", r0}, {"rx1", r1}, {"rx2", r2}, {"rx3", r3},
                                       {"rx4", r4}, {"rx5", r5}, {"rx6", r6}, {"rx7", r7}, {"N", N},
                                       {"west", geovar_ref{"west"}}, {"east", geovar_ref{"east"}},
                                       {"north", geovar_ref{"north"}}, {"south", geovar_ref{"south"}}});
}

/// One of the nine tile types: `let aa = tile() aa : spiral(...) aa : lifecode(...) aa : name('aa)`.
template <class Cell>
constexpr wafer::paint::region tile_type(wafer::paint::cx_string tile_name, const std::array<wafer::paint::color, 9>& s,
                                         const std::array<wafer::paint::color, 9>& l, std::int32_t N) {
    using namespace wafer::paint;
    return cellcode<Cell>(spiral(tile(), s), l, N) | name(std::move(tile_name));
}

/// grid(x y a b c d e f g h i): the nine tile types in a 3 × 3 block, repeated to x × y cells, named
/// grid, at (1, 1).
template <class Cell>
constexpr wafer::paint::region grid(std::int32_t x, std::int32_t y, const std::array<wafer::paint::color, 9>& k,
                                    std::int32_t N) {
    using namespace wafer::paint;
    const auto& [a, b, c, d, e, f, g, h, i] = k;
    auto aa = tile_type<Cell>("aa", {i, g, h, c, a, b, f, d, e}, {a, i, b, c, d, e, f, g, h}, N);
    auto bb = tile_type<Cell>("bb", {g, h, i, a, b, c, d, e, f}, {b, g, c, a, e, f, d, h, i}, N);
    auto cc = tile_type<Cell>("cc", {h, i, g, b, c, a, e, f, d}, {c, h, a, b, f, d, e, i, g}, N);
    auto dd = tile_type<Cell>("dd", {c, a, b, f, d, e, i, g, h}, {d, c, e, f, g, h, i, a, b}, N);
    auto ee = tile_type<Cell>("ee", {a, b, c, d, e, f, g, h, i}, {e, a, f, d, h, i, g, b, c}, N);
    auto ff = tile_type<Cell>("ff", {b, c, a, e, f, d, h, i, g}, {f, b, d, e, i, g, h, c, a}, N);
    auto gg = tile_type<Cell>("gg", {f, d, e, i, g, h, c, a, b}, {g, f, h, i, a, b, c, d, e}, N);
    auto hh = tile_type<Cell>("hh", {d, e, f, g, h, i, a, b, c}, {h, d, i, g, b, c, a, e, f}, N);
    auto ii = tile_type<Cell>("ii", {e, f, d, h, i, g, b, c, a}, {i, e, g, h, c, a, b, f, d}, N);
    auto swath = stack(direction::vertical, {stack(direction::horizontal, {aa, bb, cc}),
                                             stack(direction::horizontal, {dd, ee, ff}),
                                             stack(direction::horizontal, {gg, hh, ii})});
    swath = stackrep(std::move(swath), "x", direction::horizontal, x / 3);
    swath = stackrep(std::move(swath), "y", direction::vertical, y / 3);
    swath = name(std::move(swath), "grid");
    return place(std::move(swath), 1, 1);
}

/// drain(r rule p q s): a side of the frame takes three colors with `rule`, into the drain kernel.
constexpr wafer::paint::region frame(wafer::paint::region r, wafer::paint::route_rule rule, wafer::paint::color p,
                                     wafer::paint::color q, wafer::paint::color s) {
    using namespace wafer::paint;
    return std::move(r) | paint(p, rule) | paint(q, rule) | paint(s, rule) |
           code<drain>({{"p", p}, {"q", q}, {"r", s}});
}

/// The board: W × H cells (multiples of 3) running Cell for N steps, and the frame.
template <class Cell>
constexpr wafer::paint::region board(wafer::paint::palette& pal, std::int32_t W, std::int32_t H, std::int32_t N) {
    using namespace wafer::paint;
    const auto k = pal.colors<9>();
    const auto& [a, b, c, d, e, f, g, h, i] = k;

    auto gr = grid<Cell>(W, H, k, N);

    // Every cell has all four neighbours, except on the edges (set after code(), so they apply).
    gr = geovar(geovar(geovar(geovar(std::move(gr), "west", 1), "east", 1), "north", 1), "south", 1);
    auto westmost = geovar(rect(1, 1, 1, H), "west", 0);
    auto eastmost = geovar(rect(W, 1, 1, H), "east", 0);
    auto southmost = geovar(rect(1, 1, W, 1), "south", 0);
    auto northmost = geovar(rect(1, H, W, 1), "north", 0);

    auto left = frame(rect(0, 1, 1, H), "R>C", a, d, g) | name("left");
    auto right = frame(rect(W + 1, 1, 1, H), "L>C", c, f, i) | name("right");
    auto bottom = frame(rect(1, 0, W, 1), "U>C", a, b, c) | name("bottom");
    auto top = frame(rect(1, H + 1, W, 1), "D>C", g, h, i) | name("top");

    return union_(gr, westmost, eastmost, southmost, northmost, left, right, bottom, top);
}

}  // namespace life
