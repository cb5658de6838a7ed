// The README's C++ example (README.md quotes this file; tests/cli/readme.cmake checks it does).
#include <iostream>

#include <wafer/wafer.hpp>

namespace w = wafer::dsl;

struct triple {  // xp param N; xp a[n=N] = {1, 2, 3, 4}; i in [0, N) a[i] = 3 * a[i] + 1;
    static constexpr w::signature signature{"triple", w::param<w::xp>("N")};
    static wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N] = signature.ports();
        auto a = k.array<w::xp>("a", w::dim("n", N), {1, 2, 3, 4});
        w::iterator i("i");
        k(w::in(i, 0, N)[a[i] = 3 * a[i] + 1]);
        return k.program();
    }
};

// One tile running triple, checked when this file compiles (a misspelt "N" would not compile).
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette&) {
    return wafer::paint::tile() | wafer::paint::code<triple>({{"N", 4}}) | wafer::paint::name("t");
});
static_assert(wafer::paint::verify(layout));

int main() {
    wafer::diagnostics diags;
    const auto built = wafer::paint::build(layout, wafer::dsl::kernels<triple>(diags), diags);
    wafer::fabric::fabric fabric(built);
    std::cout << "cycles: " << fabric.run().cycles << '\n';
    for (const auto& s : built.symbols)  // the symbol map: where t.a lives
        if (s.name == "t.a")
            for (int i = 0; i < 4; ++i) std::cout << fabric.memory(0)[s.base + i] << (i < 3 ? ' ' : '\n');
}
