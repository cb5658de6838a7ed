#pragma once
// A value written to bytes by the archive (core/archive.hpp) and read back, in a constant expression as at run
// time: what the compiler does when it freezes a program (docs/embedding.md, Kernels as
// compile-time values).
#include <optional>

#include "wafer/image/format.hpp"

namespace wafer::image::test {

/// `value` read back from its bytes, or nothing when the reader did not take them all.
template <class T>
constexpr std::optional<T> through_the_archive(const T& value) {
    auto written = value;  // the archive's field lists take values by reference, to read as to write
    archive::writer w;
    w(written);
    T back;
    archive::reader r(w.bytes.data(), w.bytes.size());
    r(back);
    if (r.left() != 0) return std::nullopt;
    return back;
}

}  // namespace wafer::image::test
