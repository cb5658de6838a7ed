// expect: needs wafer header-only
// freeze<K>() lowers K in the compiler, which only header-only wafer allows: with separate
// compilation the lowering is compiled once, and a static_assert says so instead of a page of
// "call to non-constexpr function". (Header-only, it compiles in tests/tungsten/constexpr/frozen.cpp.)
#define WAFER_SEPARATE_COMPILATION
#include "wafer/tungsten/dsl/frozen.hpp"

#include "../../examples/add/kernels.hpp"

namespace w = wafer::dsl;

int main() {
    constexpr auto frozen = w::freeze<add::add>([] { return w::settings{{"N", 8}}; });
    return frozen.bytes.empty();
}
