// Every other example's C++ kernel frozen by the compiler (dsl/frozen.hpp) against its run-time
// lowering; frozen.cpp has add's and the pipeline's. Between them they take every family of the
// lowering's paths the examples use (docs/embedding.md, Kernels frozen by the compiler): scalar
// loops and `if` (histogram), dynamic DSD operations and dsd(...) options (scatter), ∑ (mem_*),
// async operations and tasks (fab_*, scan), handlers and control tasks (part, drain), several
// iterators and neighbours' sockets (life, heat2d, heateq9pt), geovar params (gemv, exchange), the
// fabric adder (runsum).
#include <doctest/doctest.h>

#include "broadcast/kernels.hpp"
#include "deadlock/kernels.hpp"
#include "dotbench/kernels.hpp"
#include "exchange/kernels.hpp"
#include "filter/kernels.hpp"
#include "gemv/kernels.hpp"
#include "heat2d/kernels.hpp"
#include "heateq/kernels.hpp"
#include "histogram/kernels.hpp"
#include "life/kernels.hpp"
#include "runsum/kernels.hpp"
#include "scan/kernels.hpp"
#include "same_program.hpp"

namespace w = wafer::dsl;
using wafer::test::check_frozen;

TEST_CASE("the examples' kernels frozen by the compiler are their run-time lowering's programs") {
    check_frozen<histogram::histogram>([] {
        return w::settings{{"G", 2}, {"M", 4}, {"K", 2}, {"col", 1}, {"row", 0}};
    });
    check_frozen<broadcast::scatter>([] { return w::settings{{"N", 4}, {"K", 4}}; });
    check_frozen<broadcast::part>([] { return w::settings{{"N", 4}}; });
    check_frozen<deadlock::recv_more>([] { return w::settings{{"N", 4}}; });
    check_frozen<dotbench::mem_sp>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::mem_hp>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::mem_ep>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::feed_sp>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::feed_hp>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::feed_ep>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::fab_sp>([] { return w::settings{{"N", 16}, {"ASYNC", 1}}; });
    check_frozen<dotbench::fab_hp>([] { return w::settings{{"N", 16}}; });
    check_frozen<dotbench::fab_ep>([] { return w::settings{{"N", 16}, {"ASYNC", 1}}; });
    check_frozen<exchange::exchange>([] { return w::settings{{"W", 3}, {"H", 3}, {"col", 1}, {"row", 1}}; });
    check_frozen<filter::filter>([] { return w::settings{{"N", 8}}; });
    check_frozen<gemv::gemv>([] { return w::settings{{"B", 2}, {"top", 1}, {"west", 1}, {"east", 0}}; });
    check_frozen<heat2d::heat2d>([] {
        return w::settings{{"N", 3}, {"west", 1}, {"east", 0}, {"north", 1}, {"south", 0}};
    });
    check_frozen<heateq::heateq9pt>([] { return w::settings{{"n", 2}, {"p", 4}, {"pad", 1}, {"upper", 1}}; });
    check_frozen<heateq::source>([] { return w::settings{{"n", 2}, {"p", 4}}; });
    check_frozen<heateq::sink>([] { return w::settings{{"n", 2}, {"p", 4}}; });
    check_frozen<life::life>([] {
        return w::settings{{"N", 4}, {"west", 1}, {"east", 0}, {"north", 0}, {"south", 1}};
    });
    check_frozen<life::drain>([] { return w::settings{}; });
    check_frozen<runsum::first>([] { return w::settings{{"N", 4}}; });
    check_frozen<runsum::addend>([] { return w::settings{{"N", 4}}; });
    check_frozen<runsum::last>([] { return w::settings{{"N", 4}}; });
    check_frozen<scan::scan>([] { return w::settings{{"Y", 2}, {"P", 8}}; });
}
