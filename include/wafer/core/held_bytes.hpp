#pragma once
// Bytes a constant evaluation makes, held in a fixed array, so that one evaluation both sizes and
// fills a frozen value (paint::freeze(), dsl::freeze(), dsl::freeze_image()): no heap memory
// outlives a constant evaluation, and a std::array's size must be a constant before the array is
// made. g++ 12 and clang 14 keep the untouched tail of a constant array as one range, so a large
// capacity costs nothing (docs/performance.md); a value that needs more is a compile error, since
// one that large would take the compiler hours. The default capacity is for constant evaluation
// only: at run time it would put 16 MiB on the stack.
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace wafer {

template <std::size_t Capacity = std::size_t(1) << 24>
struct held_bytes {
    std::uint8_t bytes[Capacity]{};  // not std::array: a plain subscript costs the constant evaluator no call
    std::size_t size = 0;

    constexpr bool fits() const noexcept { return size <= Capacity; }

    /// A writer's sink (Paint's encoder, the archive): the byte is held if it fits, counted
    /// either way.
    constexpr void push_back(std::uint8_t c) noexcept {
        if (size < Capacity) bytes[size] = c;
        ++size;
    }

    /// Copies what it holds to the start of `to`, an array of at least `size` bytes.
    template <class Array>
    constexpr void copy_to(Array& to) const {
        std::copy(bytes, bytes + size, to.begin());
    }
};

}  // namespace wafer
