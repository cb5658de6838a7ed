// The examples' kernels frozen by the compiler (dsl/frozen.hpp) against their run-time lowering,
// one for each family of the lowering's paths that step 3 marked (docs/embedding.md): scalar loops
// and `if` (histogram), dynamic DSD operations and dsd(...) options (scatter), several iterators and
// neighbours' sockets (life, heat2d), ∑ (mem_sp), geovar params (gemv, exchange), a stream filter
// (filter). Kernels with tasks freeze too, but each costs g++ 10 to 30 s and 1 to 3.6 GB to build
// in a constant expression (docs/performance.md), so they are left out of the test build.
#include <doctest/doctest.h>

#include "broadcast/kernels.hpp"
#include "dotbench/kernels.hpp"
#include "exchange/kernels.hpp"
#include "filter/kernels.hpp"
#include "gemv/kernels.hpp"
#include "heat2d/kernels.hpp"
#include "histogram/kernels.hpp"
#include "life/kernels.hpp"
#include "same_program.hpp"

namespace w = wafer::dsl;
using wafer::test::check_frozen;

TEST_CASE("the examples' kernels frozen by the compiler are their run-time lowering's programs") {
    check_frozen<histogram::histogram>([] {
        return w::settings{{"G", 2}, {"M", 4}, {"K", 2}, {"col", 1}, {"row", 0}};
    });
    check_frozen<broadcast::scatter>([] { return w::settings{{"N", 4}, {"K", 4}}; });
    check_frozen<life::life>([] {
        return w::settings{{"N", 4}, {"west", 1}, {"east", 0}, {"north", 0}, {"south", 1}};
    });
    check_frozen<heat2d::heat2d>([] {
        return w::settings{{"N", 3}, {"west", 1}, {"east", 0}, {"north", 1}, {"south", 0}};
    });
    check_frozen<dotbench::mem_sp>([] { return w::settings{{"N", 16}}; });
    check_frozen<gemv::gemv>([] { return w::settings{{"B", 2}, {"top", 1}, {"west", 1}, {"east", 0}}; });
    check_frozen<exchange::exchange>([] { return w::settings{{"W", 3}, {"H", 3}, {"col", 1}, {"row", 1}}; });
    check_frozen<filter::filter>([] { return w::settings{{"N", 8}}; });
}
