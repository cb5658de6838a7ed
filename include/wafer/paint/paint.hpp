#pragma once
// The C++ surface of Paint: regions (tile, rect), joins (union_, hstack, vstack, stack), replication
// (rep, hstackrep, vstackrep, stackrep), moves (place, rotate, hflip, vflip), named copies
// (arrayplace, diagplace, diagarrayplace), attributes (name, code, paint, paintuppertriangle, and
// their pipe forms), colors (palette), terminals and transports, freeze/verify, and build() to
// ir::layout.
// The evaluator for Paint text is evaluate.hpp.
//
// Every function in Paint's headers is a template with nothing to give it (`template <int = 0>`):
// g++ instantiates what a plain inline function calls (vectors, sorts) in every unit that includes
// it, called or not; a template's, only in a unit that calls it. A unit that includes
// <wafer/wafer.hpp> without building a layout so compiles 0.5 s faster (docs/performance.md).
// An int, not a type, so that code<K>() and code("name") do not compete for a K.
#include "wafer/paint/annotate.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/color.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/freeze.hpp"
#include "wafer/paint/link.hpp"
#include "wafer/paint/placement.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/route.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/transform.hpp"
#include "wafer/paint/verify.hpp"
