// The fix of floats_hp_from_sp.cpp: must compile.
#include <wafer/core/floats.hpp>

wafer::hp narrow(wafer::sp s) {
    wafer::hp h = wafer::hp(s);
    return h;
}
