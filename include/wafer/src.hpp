#pragma once
// The separately compiled part of wafer (core/config.hpp, docs/embedding.md): include this in ONE
// translation unit of a program whose translation units all define WAFER_SEPARATE_COMPILATION
// (CMake's wafer::compiled target does both). It defines the fabric class's members, Paint's
// build(), Tungsten's lower() and a Tungsten statement's copy, move and comparison, which the
// headers then only declare.
#if !defined(WAFER_SEPARATE_COMPILATION)
#error "wafer/src.hpp defines what a separately compiled wafer declares: define WAFER_SEPARATE_COMPILATION"
#endif

#include "wafer/fabric/detail/fabric.ipp"
#include "wafer/paint/detail/build.ipp"
#include "wafer/tungsten/detail/ast.ipp"
#include "wafer/tungsten/detail/lower.ipp"
