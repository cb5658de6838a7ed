#pragma once
// The umbrella header: kernels in C++ (the Tungsten DSL and its lowering), layouts in C++ (Paint's
// region algebra, verify, freeze, build), the IR, the fabric interpreter and the image files.
// The text front end is separate: include wafer/parse/load.hpp (and instantiate the X3 grammars
// once, from wafer/parse/tungsten_def.hpp and paint_def.hpp), which brings Paint's evaluator too.
#include "wafer/core/diagnostic.hpp"
#include "wafer/core/floats.hpp"
#include "wafer/core/word.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/map_file.hpp"
#include "wafer/image/select.hpp"
#include "wafer/image/values.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/print.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/paint.hpp"
#include "wafer/tungsten/dsl.hpp"
#include "wafer/tungsten/dsl/kernels.hpp"
#include "wafer/tungsten/lower.hpp"
