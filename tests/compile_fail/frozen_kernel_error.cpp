// expect: frozen_kernel_error.cpp:18:[0-9]+: socket .+rx.+ is read twice in one statement
// A kernel whose lowering reports an error does not freeze, and the compiler quotes the error, with
// the line of the kernel's call that made the mistake (tungsten/dsl/call_site.hpp), at
// the freeze() call: in a constant expression the lowering stops at its first error instead of
// throwing (g++ only: the lowering runs in the compiler; tests/CMakeLists.txt).
#include <wafer/tungsten/dsl.hpp>
#include <wafer/tungsten/dsl/frozen.hpp>

namespace w = wafer::dsl;

struct square {  // xp param N; xp socket rx; xp socket tx; i in [0, N) tx <- rx * rx;
    static constexpr w::signature signature{"square", w::param<w::xp>("N"), w::socket<w::xp>("rx"),
                                            w::socket<w::xp>("tx")};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx, tx] = signature.ports();
        w::iterator i("i");
        k(w::in(i, 0, N)[tx <- rx * rx]);
        return k.program();
    }
};

constexpr auto frozen = w::freeze<square>([] { return w::settings{{"N", 4}}; });
