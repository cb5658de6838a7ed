#pragma once
// The pipeline in C++: the twin of pipeline.paint, checked at compile time, and a kernel provider
// that lowers the C++ kernels of kernels.hpp. Built and run by pipeline.cpp and by the tests, which
// compare it with the text version: same IR, same memory, same cycles.
#include <map>
#include <string>

#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/lower.hpp>

#include "kernels.hpp"

namespace pipeline {

/// pipeline.paint with N (set=N=... on the command line) as a template argument.
template <int N>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [color_ab, color_bc] = p.colors<2>();
    auto a = tile() | code("send", {{"tx", color_ab}, {"N", N}}) | paint(color_ab, "C>R") | name("a");
    auto b = tile() | code("compute", {{"rx", color_ab}, {"tx", color_bc}, {"N", N}}) | paint(color_ab, "L>C") |
             paint(color_bc, "C>R") | name("b");
    auto c = tile() | code("recv", {{"rx", color_bc}, {"N", N}}) | paint(color_bc, "L>C") | name("c");
    return hstack(a, b, c);
});
static_assert(wafer::paint::verify(layout<8>));

/// Finds a kernel of kernels.hpp by the name code() gives, and lowers it with the code()'s params.
inline wafer::ir::pe_program provide(const wafer::paint::kernel_request& r, wafer::diagnostics& diags) {
    static const std::map<std::string, wafer::tungsten::ast::program (*)()> kernels{
        {"send", send_kernel}, {"compute", compute_kernel}, {"recv", recv_kernel}};
    auto k = kernels.find(r.kernel);
    if (k == kernels.end())
        throw wafer::error(wafer::diagnostic{wafer::severity::error, r.file, r.pos, "no C++ kernel " + r.kernel, ""});
    return wafer::tungsten::lower(k->second(), r.params, diags);
}

/// The pipeline's layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N>, [&](const auto& r) { return provide(r, diags); }, diags);
}

}  // namespace pipeline
