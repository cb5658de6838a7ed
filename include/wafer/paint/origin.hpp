#pragma once
// Where a piece of a layout came from: the Paint call (file, line:col, the line itself) or the C++
// call site. Regions record it per tile and per attribute, so verify() and build() point at the call.
#include <cstdint>
#include <string_view>
#include <utility>
#include <version>
#if __has_include(<source_location>)
#include <source_location>
#endif

#include "wafer/core/diagnostic.hpp"
#include "wafer/paint/detail/cx_string.hpp"

namespace wafer::paint {

/// The caller's position, as a defaulted last parameter of the C++ surface (`call_site at = {}`).
/// g++ 12 has std::source_location; clang 14 with libstdc++ 12 does not, but has __builtin_COLUMN.
struct call_site {
#if defined(__cpp_lib_source_location)
    constexpr call_site(std::source_location l = std::source_location::current()) noexcept
        : file(l.file_name()), line(l.line()), column(l.column()) {}
#else
    constexpr call_site(const char* f = __builtin_FILE(), std::uint32_t l = __builtin_LINE(),
                        std::uint32_t c = __builtin_COLUMN()) noexcept
        : file(f), line(l), column(c) {}
#endif
    const char* file;
    std::uint32_t line;
    std::uint32_t column;
};

struct origin {
    cx_string file;
    source_position pos;
    cx_string line;   ///< the source line, so diagnostics can quote it (empty for C++)

    constexpr origin() = default;
    constexpr origin(cx_string f, source_position p, cx_string l = {})
        : file(std::move(f)), pos(p), line(std::move(l)) {}
    constexpr origin(call_site c) : file(cx_string::of_static(c.file)), pos{c.line, c.column} {}

    friend constexpr bool operator==(const origin&, const origin&) = default;
};

/// "file:line:col" (or less, when unknown), for messages that mention a second place.
template <int = 0>
constexpr cx_string where(const origin& at) {
    cx_string s = at.file;
    if (at.pos.line != 0) {
        if (!s.empty()) s += ':';
        s += to_text(at.pos.line);
        s += ':';
        s += to_text(at.pos.column);
    }
    if (s.empty()) return cx_string("<unknown>");  // not ?: with a copy of s: g++ 12 frees it twice
    return s;
}

/// A diagnostic pointing at `at`.
template <int = 0>
constexpr diagnostic make_diagnostic(severity level, const origin& at, std::string_view message) {
    return diagnostic{level, at.file.str(), at.pos, std::string(message), at.line.str()};
}

/// Errors found while building a region (a negative rect size, a bad name): thrown at once, since a
/// region is a value and cannot carry half an operation. In a constant expression the throw stops
/// compilation at the `fail(...)` call, whose message the compiler quotes.
[[noreturn]] inline void fail(const origin& at, std::string_view message) {
    throw error(make_diagnostic(severity::error, at, message));
}

}  // namespace wafer::paint
