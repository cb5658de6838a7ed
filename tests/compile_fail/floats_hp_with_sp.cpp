// expect: hp does not mix with sp or ep: convert one operand first
// hp added to sp without a conversion; floats_hp_with_sp.ok.cpp is the fix.
#include <wafer/core/floats.hpp>

wafer::sp mean(wafer::hp h, wafer::sp s) {
    return (h + s) * 0.5;
}
