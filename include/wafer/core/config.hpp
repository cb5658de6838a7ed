#pragma once
// How wafer is compiled (docs/embedding.md, Separate compilation). Header-only by default: a
// translation unit that runs a fabric compiles the interpreter, Paint's build and the lowering,
// all defined in their headers. With WAFER_SEPARATE_COMPILATION defined in every translation unit,
// those few entry points are only declared, and one translation unit that includes
// <wafer/src.hpp> (CMake: link wafer::compiled) defines them, so the rest skip their compile cost.
// It is Asio's and Boost.JSON's scheme, with their names.

/// On the declarations and definitions of the separately compilable functions: `inline` when
/// header-only, nothing when one library defines them.
#if defined(WAFER_SEPARATE_COMPILATION)
#define WAFER_DECL
#else
#define WAFER_DECL inline
#endif

/// Declares a type's construction, copy, move and destruction, defined once by
/// WAFER_DEFINE_SPECIAL_MEMBERS (in an .ipp file that wafer/src.hpp includes): a translation unit that
/// only builds or holds one (a DSL kernel's AST, a built layout) then calls them instead of compiling
/// them again, at -O2 inlined wherever one is made (docs/performance.md, Compile cost). A type that
/// declares them is not an aggregate: build it member by member.
#define WAFER_DECLARE_SPECIAL_MEMBERS(T) \
    WAFER_DECL T();                      \
    WAFER_DECL T(const T&);              \
    WAFER_DECL T(T&&) noexcept;          \
    WAFER_DECL T& operator=(const T&);   \
    WAFER_DECL T& operator=(T&&) noexcept; \
    WAFER_DECL ~T()

#define WAFER_DEFINE_SPECIAL_MEMBERS(T)                    \
    WAFER_DECL T::T() = default;                           \
    WAFER_DECL T::T(const T&) = default;                   \
    WAFER_DECL T::T(T&&) noexcept = default;               \
    WAFER_DECL T& T::operator=(const T&) = default;        \
    WAFER_DECL T& T::operator=(T&&) noexcept = default;    \
    WAFER_DECL T::~T() = default;
