// The pipeline built by the compiler: its layout and its three C++ kernels become an image at
// compile time (the bytes `wafer paint` would write), so the program only reads the image back and
// runs it; nothing is lowered or built when it starts. g++, wafer header-only (docs/embedding.md,
// Layouts frozen with their kernels).
#include <wafer/tungsten/dsl.hpp>
#include <wafer/tungsten/dsl/frozen.hpp>

#include "pipeline.hpp"
#include "run.hpp"

constexpr int n = 8;
constexpr auto image = wafer::dsl::freeze_image<pipeline::send, pipeline::compute, pipeline::recv>(
    [] { return pipeline::layout<n>; });
static_assert(verify(image));  // the build's first error, if it had one, quoted here

int main() { return pipeline::run_and_print(image.thaw().layout, n); }
