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
