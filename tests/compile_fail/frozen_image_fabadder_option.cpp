// expect: fabadder needs the float16_dtype paint option
// runsum's layout frozen with its kernels but without the option its fabric adder needs: verify()
// quotes the build's error at compile time. (With the option it is frozen in
// tests/tungsten/constexpr/frozen.cpp.)
#include <wafer/tungsten/dsl.hpp>
#include <wafer/tungsten/dsl/frozen.hpp>

#include "../../examples/runsum/runsum.hpp"

constexpr auto image =
    wafer::dsl::freeze_image<runsum::first, runsum::addend, runsum::last>([] { return runsum::layout<4, 3>; });
static_assert(wafer::dsl::verify(image));
