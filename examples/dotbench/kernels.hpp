#pragma once
// The microbenchmark's kernels in C++: the twins of mem_<t>.w, feed_<t>.w and fab_<t>.w for t = sp,
// hp and ep, statement for statement. Each family has one body, a template over the element type;
// each kernel is a type with its own signature (its name is the .w file's stem). dotbench.paint runs
// with either form to the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace dotbench {

namespace w = wafer::dsl;

namespace bodies {

/// mem_<t>.w: the dot product of two vectors in memory, a ∑ (dot cleared, then one mac).
template <wafer::tungsten::base_type T, class Signature>
WAFER_CONSTEXPR wafer::tungsten::ast::program mem(const Signature& signature) {
    w::kernel k(signature);
    auto [N] = signature.ports();
    auto a = k.array<T>("a", w::dim("n", N));  // miset loads them
    auto b = k.array<T>("b", w::dim("n", N));
    auto dot = k.var<T>("dot");
    w::iterator i("i");
    k(dot = w::sum(i, 0, N)[a[i] * b[i]]);
    return k.program();
}

/// feed_<t>.w: sends N values east on tx, one wavelet each.
template <wafer::tungsten::base_type T, class Signature>
WAFER_CONSTEXPR wafer::tungsten::ast::program feed(const Signature& signature) {
    w::kernel k(signature);
    auto [N, tx] = signature.ports();
    auto b = k.array<T>("b", w::dim("n", N));  // miset loads them
    w::iterator i("i");
    k(w::in(i, 0, N)[tx <- b[i]]);
    return k.program();
}

/// fab_<t>.w: the dot product of a vector in memory with one streaming in on rx; ASYNC:1 runs the
/// mac on a microthread. Either way, finished runs once the product is complete.
template <wafer::tungsten::base_type T, class Signature>
WAFER_CONSTEXPR wafer::tungsten::ast::program fab(const Signature& signature) {
    w::kernel k(signature);
    auto [N, ASYNC, rx] = signature.ports();
    auto a = k.array<T>("a", w::dim("n", N));  // miset loads it
    auto dot = k.var<T>("dot");
    auto ready = k.var<w::xp>("ready", 0);
    w::task finished("finished");
    finished(ready = 1);
    k(finished);
    w::iterator i("i");
    // async takes one DSD operation and a ∑ is two (dot cleared, then the mac): the same two,
    // written out.
    k(w::if_(ASYNC)[w::block()(dot = 0, w::async(finished)[w::in(i, 0, N)[dot <- dot + a[i] * rx]])]
          .else_[w::block()(dot = w::sum(i, 0, N)[a[i] * rx], w::activate(finished))]);
    return k.program();
}

}  // namespace bodies

/// Both vectors in memory, in sp, hp and ep.
struct mem_sp {
    static constexpr w::signature signature{"mem_sp", w::param<w::xp>("N")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::mem<w::sp>(signature); }
};
struct mem_hp {
    static constexpr w::signature signature{"mem_hp", w::param<w::xp>("N")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::mem<w::hp>(signature); }
};
struct mem_ep {
    static constexpr w::signature signature{"mem_ep", w::param<w::xp>("N")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::mem<w::ep>(signature); }
};

/// The feeders: N values east on tx.
struct feed_sp {
    static constexpr w::signature signature{"feed_sp", w::param<w::xp>("N"), w::socket<w::sp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::feed<w::sp>(signature); }
};
struct feed_hp {
    static constexpr w::signature signature{"feed_hp", w::param<w::xp>("N"), w::socket<w::hp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::feed<w::hp>(signature); }
};
struct feed_ep {
    static constexpr w::signature signature{"feed_ep", w::param<w::xp>("N"), w::socket<w::ep>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::feed<w::ep>(signature); }
};

/// One vector streamed in on rx, synchronous (ASYNC:0) or on a microthread (ASYNC:1).
struct fab_sp {
    static constexpr w::signature signature{"fab_sp", w::param<w::xp>("N"), w::param<w::xp>("ASYNC", 0),
                                            w::socket<w::sp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::fab<w::sp>(signature); }
};
struct fab_hp {
    static constexpr w::signature signature{"fab_hp", w::param<w::xp>("N"), w::param<w::xp>("ASYNC", 0),
                                            w::socket<w::hp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::fab<w::hp>(signature); }
};
struct fab_ep {
    static constexpr w::signature signature{"fab_ep", w::param<w::xp>("N"), w::param<w::xp>("ASYNC", 0),
                                            w::socket<w::ep>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() { return bodies::fab<w::ep>(signature); }
};

}  // namespace dotbench
