// The one translation unit that instantiates the Tungsten grammar.
#include "wafer/parse/tungsten_def.hpp"
