// wafer::compiled (CMakeLists.txt): the separately compiled part of wafer, once.
#include "wafer/src.hpp"
