#pragma once
// How a kernel is lowered, beyond its param settings: the compiler's options.
namespace wafer::tungsten {

struct lower_options {
    /// fsanitize=bounds: a run-time check for every subscript the compiler cannot prove inside its
    /// dimension; a failing check stops the PE with a fault naming the array, the index and the line.
    bool check_bounds = false;
};

}  // namespace wafer::tungsten
