#pragma once
// How a kernel is lowered, beyond its param settings: the compiler's options.
#include "wafer/core/hardware.hpp"

namespace wafer::tungsten {

struct lower_options {
    /// arch=sdr|wse2|wse3: the processor, which decides the output queues and whether an async
    /// operation may name its microthread.
    hw::arch arch = hw::arch::wse2;
    /// fsanitize=bounds: a run-time check for every subscript the compiler cannot prove inside its
    /// dimension; a failing check stops the PE with a fault naming the array, the index and the line.
    bool check_bounds = false;
    /// The param settings are a Paint code()'s bindings, whose names build() checks against the
    /// kernel and reports at the binding: no warning here for one the kernel lacks (`set=K=1 names no
    /// parameter` would name a command-line option the user did not write).
    bool settings_are_bindings = false;
};

}  // namespace wafer::tungsten
