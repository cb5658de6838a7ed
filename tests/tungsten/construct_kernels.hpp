#pragma once
// C++ kernels for constructs no example takes, shared by the test that compares each with its text
// (dsl_text.cpp) and the one that freezes each (constexpr/frozen_constructs.cpp). program() is
// `constexpr` where wafer is header-only (WAFER_CONSTEXPR), as the examples' kernels are.
#include <wafer/tungsten/dsl.hpp>

namespace constructs {

namespace w = wafer::dsl;

/// Structs, unions and typedefs, member access and sizeof: records.w in the text of dsl_text.cpp.
struct records {
    static constexpr w::signature signature{"records"};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        const auto d = w::member<w::xp>("d", w::dim(2));
        const auto Inner = k.struct_("Inner", d);
        const auto x = w::member<w::xp>("x");
        const auto y = w::member<w::sp>("y", w::dim(2));
        const auto in = w::member(Inner, "in");
        const auto P = k.struct_("P", x, y, in);
        const auto us = w::member<w::sp>("s");
        const auto U = k.union_("U", us, w::member<w::u16>("h", w::dim(2)));
        const auto real = k.typedef_<w::sp>("real");
        const auto point_t = k.typedef_(P, "point_t");
        const auto row = k.typedef_<w::xp>("row", w::dim(4));
        auto p = k.var(P, "p");
        auto pts = k.array(P, "pts", w::dim("n", 3));
        auto u = k.var(U, "u");
        auto q = k.var(point_t, "q");
        auto r = k.var(real, "r", 1.5);
        auto t = k.array(row, "t", w::dim("m", 2));
        auto s = k.var<w::xp>("s", 0);
        w::iterator i("i");
        k(p->*x = 7, p->*in->*d[1] = 5);
        k(w::in(i, 0, 3)[pts[i]->*x = p->*in->*d[1] + i]);
        k((p->*y)[0] = w::cast<w::sp>(w::size_of(P)));
        k(u->*us = r, t[1][2] = 9, q->*x = t[1][2]);
        k(s = w::size_of<w::xp>() + w::size_of(p) + w::size_of(pts[0]->*in) + w::size_of(real) + w::size_of(t));
        return k.program();
    }
};

/// address(), bank(), align(), address(&x), .base, and sockets with fixed queues.
struct placed {
    static constexpr w::signature signature{"placed", w::socket<w::xp>("rx").input_queue(5),
                                            w::socket<w::xp>("tx").output_queue(3)};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [rx, tx] = signature.ports();
        const auto px = w::member<w::xp>("x"), py = w::member<w::xp>("y");
        const auto P = k.struct_("P", px, py);
        auto b = k.array<w::xp>("b", w::dim("n", 4), {1, 2, 3, 4}, w::address(0x100));
        auto c = k.array<w::xp>("c", w::dim(4), w::bank(2));
        k.array<w::sp>("d", w::dim(2), w::dim(2), w::align(4));
        auto o = k.array<w::u64>("o", w::dim(2));
        auto h = k.array<w::u16>("h", w::dim(8), w::address(o));
        auto pts = k.array(P, "pts", w::dim(3), w::align(2));
        k.var<w::xp>("x", 5, w::address(0x140));
        auto abase = k.var<w::xp>("abase", 0);
        w::iterator i("i");
        k(h[0] = 7, abase = w::base(b), w::base(c) <- abase, pts[1]->*py = c[2]);
        k(w::in(i, 0, 2)[tx <- rx]);
        return k.program();
    }
};

/// Stream arrays: descriptors stored, then an operation over the vector one selects.
struct streams {
    static constexpr w::signature signature{"streams", w::param<w::xp>("K")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [K] = signature.ports();
        auto a = k.array<w::sp>("a", w::dim(4), {1.5, 2.5, 3.5, 4.5});
        auto m = k.array<w::sp>("m", w::dim(3), w::dim(4));
        auto out = k.array<w::sp>("out", w::dim(4));
        auto pick = k.stream<w::sp>("pick", w::dim(2));
        auto s = k.stream<w::xp>("s");
        auto n = k.array<w::xp>("n", w::dim(2), w::dim(3), {{1, 2, 3}, {4, 5, 6}});
        auto twice = k.array<w::xp>("twice", w::dim(3));
        w::iterator i("i"), j("j");
        k(w::in(i, 0, 3)(j, 0, 4)[m[i][j] = 10.0]);
        k(pick[0] = w::stream(a), pick[1] = w::stream(m[2]), s = w::stream(n[1]));
        k(w::in(i, 0, 4)[out[i] = pick[K][i] + pick[0][i]]);
        k(w::in(i, 0, 3)[twice[i] = s[i] * 2]);
        return k.program();
    }
};

}  // namespace constructs
