// expect: no C\+\+ kernel .+add.+ among the kernels given to the layout
// A layout frozen with kernels that do not include one its code() names: verify() quotes the build's
// error at compile time, with the code()'s file, line and column (g++ only: the build lowers the
// kernels in the compiler; tests/CMakeLists.txt).
#include <wafer/tungsten/dsl.hpp>
#include <wafer/tungsten/dsl/frozen.hpp>

#include "../../examples/add/minimal.hpp"
#include "../../examples/pipeline/kernels.hpp"

constexpr auto image = wafer::dsl::freeze_image<pipeline::send>([] { return add::layout<4>; });
static_assert(wafer::dsl::verify(image));
