#pragma once
// The separately compiled part of wafer (core/config.hpp, docs/embedding.md): include this in ONE
// translation unit of a program whose translation units all define WAFER_SEPARATE_COMPILATION
// (CMake's wafer::compiled target does both). It defines the fabric class's members, Paint's
// build() and evaluate(), reading and writing images, map files and values, a PE program's listing
// and one-PE layout, Tungsten's lower(), a C++ kernel's lowering and the DSL's AST builders, and the
// construction, copy, move and destruction of the Tungsten AST's nodes and of a layout,
// which the headers then only declare.
#if !defined(WAFER_SEPARATE_COMPILATION)
#error "wafer/src.hpp defines what a separately compiled wafer declares: define WAFER_SEPARATE_COMPILATION"
#endif

#include "wafer/fabric/detail/fabric.ipp"
#include "wafer/image/detail/format.ipp"
#include "wafer/image/detail/map_file.ipp"
#include "wafer/image/detail/select.ipp"
#include "wafer/image/detail/values.ipp"
#include "wafer/ir/detail/layout.ipp"
#include "wafer/ir/detail/print.ipp"
#include "wafer/ir/detail/symbol_map.ipp"
#include "wafer/paint/detail/build.ipp"
#include "wafer/paint/detail/evaluate.ipp"
#include "wafer/tungsten/detail/ast.ipp"
#include "wafer/tungsten/detail/lower.ipp"
#include "wafer/tungsten/dsl/detail/kernels.ipp"
#include "wafer/tungsten/dsl/detail/nodes.ipp"
#include "wafer/tungsten/dsl/detail/scope.ipp"
