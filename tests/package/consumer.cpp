// Builds a one-PE kernel in C++ and runs it: the umbrella header is all a consumer needs.
#include <wafer/wafer.hpp>

int main() {
    namespace w = wafer::dsl;
    w::kernel k("add");
    auto a = k.array<w::xp>("a", w::dim("n", 4), {1, 2, 3, 4});
    auto b = k.var<w::xp>("b", 1);
    w::iterator i("i");
    k(w::in(i, 0, 4)[a[i] <- a[i] + b]);
    wafer::diagnostics ds;
    wafer::fabric::fabric f(wafer::ir::single_pe_layout(wafer::tungsten::lower(k.program(), {}, ds)));
    auto r = f.run();
    return r.status == wafer::fabric::run_status::halted && f.memory(0)[3] == 5 ? 0 : 1;
}
