// A depth stress that must compile with g++'s default budget, no flags: an expression of 256 terms
// (a fold, so C++ nests it 256 deep) in a kernel, and a replicated layout of 32 × 32 PEs binding a
// kernel by type, frozen and verified at compile time. 64 × 64 is past g++'s default budget, and
// clang's default holds 16 × 16 (docs/embedding.md, The compile-time budget).
#include <cstddef>
#include <utility>

#include "wafer/paint/paint.hpp"
#include "wafer/tungsten/dsl.hpp"

namespace w = wafer::tungsten::dsl;

struct cell {
    static constexpr w::signature signature{"cell", w::param<w::xp>("N"), w::socket<w::xp>("tx")};
};

constexpr int size = 32;

constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto c = p.color();
    auto t = tile() | code<cell>({{"tx", c}, {"N", 4}}) | paint(c, "C>R") | name("t");
    return rep(rep(t, "x", size, 1, 0), "y", size, 0, 1);
});
static_assert(verify(layout));

int main() {
    w::kernel k("deep");
    auto a = k.array<w::xp>("a", w::dim(4));
    auto sum = k.var<w::xp>("sum");
    k(sum = [&]<std::size_t... I>(std::index_sequence<I...>) { return (a[I % 4] + ...); }(std::make_index_sequence<256>{}));
    return int(k.program().body.size());
}
