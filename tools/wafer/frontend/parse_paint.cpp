// The one translation unit that instantiates the Paint grammar.
#include "wafer/parse/paint_def.hpp"
