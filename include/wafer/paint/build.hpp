#pragma once
// build(): a verified region to the fabric layout (ir::layout) that the interpreter runs.
//
//  - programs: one per distinct (kernel, params), requested from the kernel provider in the order
//    their first PE comes in (y, x); a code()'s bindings to numbers are the params it is given
//    (sorted by name), its bindings to colors bind the program's sockets of those names.
//  - placed PEs, sorted by (y, x), named by their code block's name path; routers for every PE
//    with a route, colors sorted by physical number; fabric size max x/y + 1.
//  - symbol map: one entry per kernel symbol per code()'d block, under the block's name path. A
//    rect (wider or taller than one PE, or with named dimensions) gives ONE entry at its origin
//    with fabric dimensions y then x (its names, or "y" and "x"), so miget can read the whole rect,
//    after the block's repeats (rep, hstackrep, stackrep), outermost first;
//    two entries with one name warn as miget does ("has 2 exact map matches; using first entry").
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/freeze.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/verify.hpp"

namespace wafer::paint {

struct kernel_request {
    std::string kernel;
    std::vector<ir::param_value> params;   ///< the code()'s bindings to numbers, sorted by name
    std::string file;                      ///< the code() call
    source_position pos;
};

/// Orders a code()'s bindings as kernel_request holds them, so two requests, or a request and a
/// kernel frozen with the same bindings (dsl/frozen.hpp), compare equal.
template <int = 0>
constexpr void sort_by_name(std::vector<ir::param_value>& params) {
    std::sort(params.begin(), params.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

/// Compiles (or looks up) a kernel: Tungsten text, a C++ kernel, or a test's fake.
using kernel_provider = std::function<ir::pe_program(const kernel_request&)>;

/// Paint's command-line options that change what it builds.
struct build_options {
    hw::arch arch = hw::arch::wse2;   ///< arch=wse2|wse3
    std::int32_t float16_dtype = -1;  ///< float16_dtype=N: the fabric adder's core operand format (10: IEEE binary16)
    bool route = true;                ///< route transports (noroute turns it off)
    /// fabric=WxH: the fabric the layout must fit (0: the layout's own extent). Paint has no notion
    /// of one (the guide); wafer makes a route or PE past it an error.
    std::int32_t fabric_width = 0, fabric_height = 0;
};

namespace detail {

template <int = 0>
std::string pe_text(std::int32_t x, std::int32_t y) {
    return "PE (" + std::to_string(x) + ", " + std::to_string(y) + ")";
}

template <int = 0>
const ir::socket* find_socket(const ir::pe_program& p, std::string_view name) {
    for (const auto& s : p.sockets)
        if (s.name == name) return &s;
    return nullptr;
}

/// Checks a code()'s bindings against the program it got; errors go to `out`. The program's params
/// all count as having a default: lowering has already rejected one left without a value.
template <int = 0>
void check_bindings(const attribute& code, const ir::pe_program& p, diagnostics& out) {
    std::vector<kernel_port> ports;
    for (const auto& s : p.sockets) ports.push_back({s.name, true, false});
    for (const auto& q : p.params) ports.push_back({q.name, false, true});
    std::vector<problem> problems;
    paint::check_bindings(code, ports, problems);
    report(problems, out);
    for (const auto& s : p.sockets)
        if (s.input_queue >= std::int8_t(hw::input_queues) || s.output_queue >= std::int8_t(hw::max_output_queues))
            out.add(make_diagnostic(severity::error, code.at,
                                    "kernel " + quote(code.text.view()) + " gives socket " + quote(s.name) +
                                        " a queue the PE does not have"));
}

/// A socket whose color's route on its PE does not reach the core (or leave it) stalls silently on
/// hardware: warn once per code() and socket, naming the first such PE.
struct stall {
    std::uint32_t code;
    std::string socket;
    bool reads;
    std::int32_t x, y;
    std::int64_t pes;
    std::int32_t bank = -1;   ///< a message-passing bank's color, on a PE that mp() does not cover
};

/// A position of `rule` on the PE at (x, y) that got it through the rectangle at (rx, ry) of block
/// `b`: boundary suppression turns its input off at the edges its entry directions name, and its
/// outputs at its exit ones.
template <int = 0>
ir::switch_position suppressed(const route_rule& rule, std::uint8_t k, const block& b, std::int32_t rx,
                                      std::int32_t ry, std::int32_t x, std::int32_t y) {
    auto at_edge = [&](hw::port p) {
        switch (p) {
        case hw::port::right: return x == rx + b.width - 1;
        case hw::port::left: return x == rx;
        case hw::port::up: return y == ry + b.height - 1;
        case hw::port::down: return y == ry;
        case hw::port::core: break;
        }
        return false;
    };
    ir::switch_position pos = rule.positions[k];
    if (pos.has_input && (rule.entry[k] & hw::bit(pos.input)) && at_edge(pos.input)) pos.has_input = false;
    for (int p = 1; p < hw::ports; ++p)
        if ((rule.exit[k] & (1u << p)) && at_edge(hw::port(p))) pos.outputs = std::uint8_t(pos.outputs & ~(1u << p));
    return pos;
}

/// The route a PE's router has for one of its colors.
template <int = 0>
ir::color_route color_route_of(const region& r, const route_rule& rule, std::uint8_t physical, const pe_route& route,
                                      std::int32_t x, std::int32_t y) {
    ir::color_route c;
    c.color = physical;
    for (std::uint8_t k = 0; k < rule.count; ++k)
        c.positions.push_back(suppressed(rule, k, r.blocks[route.block], route.rect_x, route.rect_y, x, y));
    c.initial = rule.initial;
    c.ring = rule.ring;
    c.pop = rule.pop;
    c.teardown = rule.tip;
    c.swapped = swapped_ports(rule.swap);
    c.fabric_adder = rule.fabadder;
    return c;
}
}  // namespace detail

WAFER_DECL ir::layout build(const region& layout, const kernel_provider& provider, diagnostics& out,
                            const build_options& options = {});

namespace detail {
/// build() of the frozen layout whose bytes start at `bytes`: out of line, so that a translation
/// unit building a frozen layout does not compile its decoding again.
WAFER_DECL ir::layout build_frozen(const unsigned char* bytes, const kernel_provider& provider, diagnostics& out,
                                   const build_options& options);
}  // namespace detail

template <std::size_t N, frozen_check Check>
ir::layout build(const frozen_layout<N, Check>& f, const kernel_provider& provider, diagnostics& out,
                 const build_options& options = {}) {
    return detail::build_frozen(f.bytes.data(), provider, out, options);
}

}  // namespace wafer::paint

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/paint/detail/build.ipp"
#endif
