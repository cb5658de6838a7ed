// The pipeline written in C++ end to end: kernels as expression templates, the layout as a
// constexpr value verified at compile time, run on the fabric interpreter.
#include <wafer/wafer.hpp>

#include "pipeline.hpp"
#include "run.hpp"

int main() {
    constexpr int n = 8;
    wafer::diagnostics diags;
    return pipeline::run_and_print(pipeline::build<n>(diags), n);
}
