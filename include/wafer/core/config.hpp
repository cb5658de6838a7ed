#pragma once
// How wafer is compiled (docs/embedding.md, Separate compilation). Header-only by default: a
// translation unit that runs a fabric compiles the interpreter, Paint's build and the lowering,
// all defined in their headers. With WAFER_SEPARATE_COMPILATION defined in every translation unit,
// those few entry points are only declared, and one translation unit that includes
// <wafer/src.hpp> (CMake: link wafer::compiled) defines them, so the rest skip their compile cost.
// It is Asio's and Boost.JSON's scheme, with their names.
#include <type_traits>

/// On the declarations and definitions of the separately compilable functions: `inline` when
/// header-only, nothing when one library defines them. WAFER_CONSTEXPR: `constexpr` when
/// header-only, on the AST's special members (so its nodes are literal types) and on the DSL that
/// builds a kernel's AST, so a constant expression can build one (docs/embedding.md, Kernels as
/// compile-time values); nothing with separate compilation, where those members are compiled once
/// and clang refuses `constexpr` on a template returning a type that is not literal.
#if defined(WAFER_SEPARATE_COMPILATION)
#define WAFER_DECL
#define WAFER_CONSTEXPR
#else
#define WAFER_DECL inline
#define WAFER_CONSTEXPR constexpr
#endif

namespace wafer::detail {
/// std::is_constant_evaluated() for WAFER_CONSTEXPR functions: called directly in one that is not
/// `constexpr` (separate compilation), it draws g++'s warning that it is always false.
constexpr bool constant_evaluated() noexcept { return std::is_constant_evaluated(); }
}  // namespace wafer::detail

/// Declares a type's construction, copy, move and destruction, defined once by
/// WAFER_DEFINE_SPECIAL_MEMBERS (in an .ipp file that wafer/src.hpp includes): a translation unit that
/// only builds or holds one (a DSL kernel's AST, a built layout) then calls them instead of compiling
/// them again, at -O2 inlined wherever one is made (docs/performance.md, Compile cost). A type that
/// declares them is not an aggregate: build it member by member. Header-only, they are `constexpr`
/// (WAFER_CONSTEXPR), so the type is a literal type a constant expression can build, as a
/// kernel frozen at compile time does (docs/embedding.md); with separate compilation they are not.
#define WAFER_DECLARE_SPECIAL_MEMBERS(T)        \
    WAFER_CONSTEXPR T();                        \
    WAFER_CONSTEXPR T(const T&);                \
    WAFER_CONSTEXPR T(T&&) noexcept;            \
    WAFER_CONSTEXPR T& operator=(const T&);     \
    WAFER_CONSTEXPR T& operator=(T&&) noexcept; \
    WAFER_CONSTEXPR ~T()

#define WAFER_DEFINE_SPECIAL_MEMBERS(T)                      \
    WAFER_CONSTEXPR T::T() = default;                        \
    WAFER_CONSTEXPR T::T(const T&) = default;                \
    WAFER_CONSTEXPR T::T(T&&) noexcept = default;            \
    WAFER_CONSTEXPR T& T::operator=(const T&) = default;     \
    WAFER_CONSTEXPR T& T::operator=(T&&) noexcept = default; \
    WAFER_CONSTEXPR T::~T() = default;
