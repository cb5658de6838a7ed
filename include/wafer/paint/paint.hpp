#pragma once
// The C++ surface of Paint: regions (tile, rect), joins (union_, hstack, vstack), attributes (name,
// code, paint, and their pipe forms), colors (palette), freeze/verify, and build() to ir::layout.
// The evaluator for Paint text is evaluate.hpp.
#include "wafer/paint/annotate.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/color.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/freeze.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/route.hpp"
#include "wafer/paint/verify.hpp"
