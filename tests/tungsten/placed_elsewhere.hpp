#pragma once
// A helper in a file of its own, as a user's library of kernel parts would be: a block it makes
// places its statements at lines of this file, which the kernel that takes it (in another file)
// must not report as its own lines (tests/tungsten/dsl_text.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace placed_elsewhere {

/// `{ target = value; }`, made here.
template <class Target, class Value>
wafer::dsl::block assigning(const Target& target, const Value& value) {
    wafer::dsl::block b;
    b(target = value);
    return b;
}

/// Adds `target = value;` to a block made elsewhere: a call from this file.
template <class Target, class Value>
void add_assigning(wafer::dsl::block& b, const Target& target, const Value& value) {
    b(target = value);
}

}  // namespace placed_elsewhere
