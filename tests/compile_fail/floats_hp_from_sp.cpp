// expect: conversion from .*wafer::sp.* to non-scalar type .*wafer::hp.* requested|no viable conversion from 'wafer::sp' to 'wafer::hp'
// sp narrowed to hp without a cast; floats_hp_from_sp.ok.cpp is the fix.
#include <wafer/core/floats.hpp>

wafer::hp narrow(wafer::sp s) {
    wafer::hp h = s;
    return h;
}
