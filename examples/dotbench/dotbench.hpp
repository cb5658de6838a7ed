#pragma once
// dotbench.paint in C++: one row per variant of the dot product, sp in rows 0–2, hp in 3–5, ep in
// 6–8. Per type: both vectors in memory at (1, y); b streamed from a feeder at (0, y+1) into the
// synchronous kernel at (1, y+1); the same with ASYNC:1 at (0, y+2) → (1, y+2). N is a template
// argument, as set=N=... is on the command line.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace dotbench {

namespace rows {

/// <t>_mem: one tile, no feeder.
template <class Mem, int N>
constexpr wafer::paint::region mem(int y, wafer::paint::cx_string label) {
    using namespace wafer::paint;
    return tile(1, y) | code<Mem>({{"N", N}}) | name(label);
}

/// A feeder at (0, y) sending east on s, and the kernel at (1, y) reading it, ASYNC as given.
template <class Feed, class Fab, int N>
constexpr wafer::paint::region streamed(int y, const wafer::paint::color& s, int async, wafer::paint::cx_string feed_label,
                                        wafer::paint::cx_string label) {
    using namespace wafer::paint;
    auto feed = tile(0, y) | code<Feed>({{"tx", s}, {"N", N}}) | paint(s, "C>R") | name(feed_label);
    auto dot = tile(1, y);
    if (async) dot = std::move(dot) | code<Fab>({{"rx", s}, {"N", N}, {"ASYNC", 1}});
    else dot = std::move(dot) | code<Fab>({{"rx", s}, {"N", N}});
    dot = std::move(dot) | paint(s, "L>C") | name(label);
    return union_(feed, dot);
}

}  // namespace rows

template <int N>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto s = p.color();  // the rows share no router, so one color serves every feeder
    return union_(rows::mem<mem_sp, N>(0, "sp_mem"),                                     //
                  rows::streamed<feed_sp, fab_sp, N>(1, s, 0, "sp_fab_feed", "sp_fab"),      //
                  rows::streamed<feed_sp, fab_sp, N>(2, s, 1, "sp_async_feed", "sp_async"),  //
                  rows::mem<mem_hp, N>(3, "hp_mem"),                                     //
                  rows::streamed<feed_hp, fab_hp, N>(4, s, 0, "hp_fab_feed", "hp_fab"),      //
                  rows::streamed<feed_hp, fab_hp, N>(5, s, 1, "hp_async_feed", "hp_async"),  //
                  rows::mem<mem_ep, N>(6, "ep_mem"),                                     //
                  rows::streamed<feed_ep, fab_ep, N>(7, s, 0, "ep_fab_feed", "ep_fab"),      //
                  rows::streamed<feed_ep, fab_ep, N>(8, s, 1, "ep_async_feed", "ep_async"));
});
static_assert(wafer::paint::verify(layout<16>));

/// The layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(
        layout<N>,
        wafer::dsl::kernels<mem_sp, mem_hp, mem_ep, feed_sp, feed_hp, feed_ep, fab_sp, fab_hp, fab_ep>(diags),
        diags);
}

}  // namespace dotbench
