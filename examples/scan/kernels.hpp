#pragma once
// The scan's kernel in C++: the twin of scan.w, statement for statement.
#include <wafer/tungsten/dsl.hpp>

namespace scan {

namespace w = wafer::dsl;

/// One PE of a column of P: an inclusive prefix sum of v by messages, up-sweep on `up` (bank 0),
/// down-sweep on `down` (bank 1).
struct scan {
    static constexpr w::signature signature{"scan", w::param<w::xp>("Y"), w::param<w::xp>("P"), w::socket<w::xp>("up"),
                                            w::socket<w::xp>("down")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [Y, P, up, down] = signature.ports();
        auto v = k.var<w::xp>("v");  // miset loads it
        auto step = k.var<w::xp>("step");
        w::iterator level("k");

        w::block add_or_send_up;
        add_or_send_up(w::if_(((Y + 1) & (2 * step - 1)) == 0)[v <- v + up],
                       w::if_(((Y + 1) & (2 * step - 1)) == step)[w::dsd(w::index((Y + step) << 8))[up <- v + 0]]);
        w::block sweep_up;
        sweep_up(step = 1 << level, w::if_(P > step)[add_or_send_up]);
        k(w::in(level, 0, 8)[sweep_up]);

        w::block add_or_send_down;
        add_or_send_down(
            w::if_(((Y + 1) & (2 * step - 1)) == step && Y + 1 > step)[v <- v + down],
            w::if_(((Y + 1) & (2 * step - 1)) == 0 && P > Y + step)[w::dsd(w::index((Y + step) << 8))[down <- v + 0]]);
        w::block sweep_down;
        sweep_down(step = 128 >> level, w::if_(P > 2 * step)[add_or_send_down]);
        k(w::in(level, 0, 8)[sweep_down]);
        return k.program();
    }
};

}  // namespace scan
