#pragma once
// The C++ surface of Paint: regions (tile, rect), joins (union_, hstack, vstack, stack), replication
// (rep, hstackrep, vstackrep, stackrep), moves (place, rotate, hflip, vflip), named copies
// (arrayplace, diagplace, diagarrayplace), attributes (name, code, paint, paintuppertriangle, and
// their pipe forms), colors (palette), freeze/verify, and build() to ir::layout.
// The evaluator for Paint text is evaluate.hpp.
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
#include "wafer/paint/transform.hpp"
#include "wafer/paint/verify.hpp"
