// The fix of floats_hp_with_sp.cpp: must compile.
#include <wafer/core/floats.hpp>

wafer::sp mean(wafer::hp h, wafer::sp s) {
    return (wafer::sp(h) + s) * 0.5;
}
