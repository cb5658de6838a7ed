#pragma once
// Where the user's code calls the DSL. A kernel places what a call adds (its statements, a
// declaration) at that call's line and column in the user's file, so the checker's messages, a
// frozen kernel's compile error and the interpreter's reports name the user's C++ line.
//
// A default argument is evaluated where the call is, so a call_site defaulted there is the call's.
// g++ 12 has std::source_location; clang 14 with libstdc++ 12 has not (<source_location> needs a
// builtin clang 14 lacks), but has the __builtin_FILE/LINE/COLUMN it is made of elsewhere (g++ has
// no __builtin_COLUMN).
#include <cstdint>
#include <string>
#include <string_view>
#if !defined(__clang__)
#include <source_location>
#endif

#include "wafer/core/diagnostic.hpp"

namespace wafer::tungsten::dsl {

struct call_site {
    const char* file = "";
    std::uint32_t line = 0, column = 0;

#if defined(__clang__)
    constexpr call_site(const char* f = __builtin_FILE(), unsigned l = __builtin_LINE(),
                        unsigned c = __builtin_COLUMN()) noexcept
        : file(f), line(l), column(c) {}
#else
    constexpr call_site(std::source_location s = std::source_location::current()) noexcept
        : file(s.file_name()), line(s.line()), column(s.column()) {}
#endif

    constexpr source_position position() const noexcept { return {line, column}; }
};

/// A declaration's name, and the call that declares it.
struct declared_name {
    std::string_view text;
    call_site at;

    constexpr declared_name(const char* t, call_site at = {}) noexcept : text(t), at(at) {}
    constexpr declared_name(std::string_view t, call_site at = {}) noexcept : text(t), at(at) {}
    constexpr declared_name(const std::string& t, call_site at = {}) noexcept : text(t), at(at) {}
};

}  // namespace wafer::tungsten::dsl
