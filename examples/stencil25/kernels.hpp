#pragma once
// stencil25.w in C++: the same kernel, built with the DSL statement for statement; the four
// directions' tasks come from one function. The parser builds the same AST from stencil25.w,
// positions aside (tests/tungsten/dsl_text.cpp), and stencil25.paint runs with either to the same
// memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace stencil25 {

namespace w = wafer::dsl;

/// One column of the 25-point stencil: four local broadcasts a time step, then the sum in memory.
struct stencil25 {
    static constexpr w::signature signature{
        "stencil25",
        w::param<w::xp>("nz"),  // cells in the column
        w::param<w::xp>("N"),   // time steps
        w::param<w::xp>("px"),  // the column and row mod 5
        w::param<w::xp>("py"),
        w::param<w::xp>("ue"),  // how many PEs send to this one in each direction
        w::param<w::xp>("uw"),
        w::param<w::xp>("us"),
        w::param<w::xp>("un"),
        // Each direction's reads and sends on microthreads of their own.
        w::socket<w::sp>("ge").input_queue(4).output_queue(0),
        w::socket<w::sp>("gw").input_queue(5).output_queue(1),
        w::socket<w::sp>("gs").input_queue(6).output_queue(2),
        w::socket<w::sp>("gn").input_queue(7).output_queue(3)};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program stencil25::program() {
    w::kernel k(signature);
    auto [nz, N, px, py, ue, uw, us, un, ge, gw, gs, gn] = signature.ports();
    auto z = k.array<w::sp>("z", w::dim(2), w::dim(nz + 8));  // u and prev, four zeros at both ends
    auto now = k.var<w::xp>("now", 0);
    auto src = k.array<w::sp>("src", w::dim(nz));
    auto coef = k.array<w::sp>("coef", w::dim(5), {1.5729167, 0.08, -0.01, 0.0012698413, -0.000089285714});
    auto be = k.array<w::sp>("be", w::dim(4), w::dim(nz + 1));
    auto bw = k.array<w::sp>("bw", w::dim(4), w::dim(nz + 1));
    auto bs = k.array<w::sp>("bs", w::dim(4), w::dim(nz + 1));
    auto bn = k.array<w::sp>("bn", w::dim(4), w::dim(nz + 1));
    auto acc = k.array<w::sp>("acc", w::dim(nz));
    auto advance = k.var<w::u32>("advance", 0x105);  // advance, advance, nop, nop, advance: sent as bits
    auto t = k.var<w::xp>("t", 0);
    auto re = k.var<w::xp>("re", 0);
    auto rw = k.var<w::xp>("rw", 0);
    auto rs = k.var<w::xp>("rs", 0);
    auto rn = k.var<w::xp>("rn", 0);
    auto ended = k.var<w::xp>("ended", 0);

    w::task compute("compute"), step("step");
    k(w::declare(compute), w::declare(step));
    w::iterator i("i");

    const auto cells = nz;  // (clang 14 does not capture a structured binding)
    // A direction: its task and the one that sends the control wavelet after its column. `phase` is
    // the round it sends in, `up` how many PEs send to it, `down` how many it sends to.
    const auto direction = [&](w::task& run, w::task& sent, const auto& g, const auto& b, auto& round,
                               const auto& phase, const auto& up, const auto& down) {
        k(w::declare(run));
        sent(w::if_(down > 0)[w::dsd(w::control)[g <- advance]], w::activate(run));
        k(sent);
        w::block next;
        auto j = next.var<w::xp>("j", (phase + 5 - round) % 5);
        w::block take;
        auto c = take.var<w::sp>("c", coef[j]);
        take(w::async(w::on_control(w::activate(run)))[w::in(i, 0, cells + 1)[b[j - 1][i] <- c * g]]);
        next(round = round + 1,
             w::if_(j == 0)[w::block()(
                 w::if_(down > 0)[w::async(sent)[w::in(i, 0, cells)[g <- z[now][4 + i]]]].else_[w::activate(run)])]
                 .else_[w::if_(up > 0)[w::block()(w::if_(j <= up)[take].else_[w::activate(run)])]
                            .else_[w::activate(run)]]);
        run(w::if_(round == 5)[w::block()(ended = ended + 1, w::if_(ended == 4)[w::activate(compute)])]
                .else_[next]);
        k(run);
    };
    w::task east("east"), east_sent("east_sent"), west("west"), west_sent("west_sent");
    w::task south("south"), south_sent("south_sent"), north("north"), north_sent("north_sent");
    direction(east, east_sent, ge, be, re, px, ue, uw);
    direction(west, west_sent, gw, bw, rw, 4 - px, uw, ue);
    direction(south, south_sent, gs, bs, rs, py, us, un);
    direction(north, north_sent, gn, bn, rn, 4 - py, un, us);

    step(re = 0, rw = 0, rs = 0, rn = 0, ended = 0,  //
         w::activate(east), w::activate(west), w::activate(south), w::activate(north));
    k(step);

    w::iterator kk("k");
    w::block neighbours;
    auto c = neighbours.var<w::sp>("c", coef[kk]);
    neighbours(w::in(i, 0, nz)[acc[i] = acc[i] + c * z[now][4 - kk + i]],
               w::in(i, 0, nz)[acc[i] = acc[i] + c * z[now][4 + kk + i]]);
    w::block received;
    received(w::in(i, 0, nz)[acc[i] = acc[i] + be[kk][i]], w::in(i, 0, nz)[acc[i] = acc[i] + bw[kk][i]],
             w::in(i, 0, nz)[acc[i] = acc[i] + bs[kk][i]], w::in(i, 0, nz)[acc[i] = acc[i] + bn[kk][i]]);
    compute(w::in(i, 0, nz)[acc[i] = coef[0] * z[now][4 + i]],  //
            w::in(kk, 1, 5)[neighbours],                          //
            w::in(kk, 0, 4)[received],                            //
            w::in(i, 0, nz)[acc[i] = acc[i] + src[i]],            //
            now = 1 - now,                                        //
            w::in(i, 0, nz)[z[now][4 + i] = acc[i] - z[now][4 + i]],
            t = t + 1,  //
            w::if_(N > t)[w::activate(step)]);
    k(compute);
    k(w::if_(N > 0)[w::activate(step)]);
    return k.program();
}

}  // namespace stencil25
