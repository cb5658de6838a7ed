#pragma once
// Where an IR element comes from, for reports: a line and column in one of its program's source
// files. Debug info, never part of a program's equality.
#include <cstdint>

#include "wafer/core/diagnostic.hpp"

namespace wafer::ir {

struct debug_position : source_position {
    /// Indexes pe_program::source_files: 0 the kernel's own file, then the packages it imports.
    std::uint16_t file = 0;

    constexpr debug_position() noexcept = default;
    constexpr debug_position(source_position p, std::uint16_t f = 0) noexcept : source_position(p), file(f) {}
};

}  // namespace wafer::ir
