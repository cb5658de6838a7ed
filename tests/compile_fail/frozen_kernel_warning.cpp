// expect: frozen_kernel_warning.cpp:16:[0-9]+: 0x11170 does not fit in xp: only its low 16 bits are kept
// A frozen program keeps no diagnostics, so a kernel the lowering warns about does not freeze
// either: the compiler quotes the warning at the freeze() call rather than drop it (g++ only).
#include <wafer/tungsten/dsl.hpp>
#include <wafer/tungsten/dsl/frozen.hpp>

namespace w = wafer::dsl;

struct fill {  // xp param N; xp a[n=N]; i in [0, N) a[i] = 70000;
    static constexpr w::signature signature{"fill", w::param<w::xp>("N")};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N] = signature.ports();
        auto a = k.array<w::xp>("a", w::dim("n", N));
        w::iterator i("i");
        k(w::in(i, 0, N)[a[i] = 70000]);
        return k.program();
    }
};

constexpr auto frozen = w::freeze<fill>([] { return w::settings{{"N", 4}}; });
