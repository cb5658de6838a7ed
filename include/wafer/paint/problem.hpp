#pragma once
// What verify() finds wrong with a layout, in a form that constant expressions can build:
// freeze() turns the first error into a compile-time message, build() into wafer::diagnostics.
#include <cstdint>
#include <string_view>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/paint/origin.hpp"

namespace wafer::paint {

enum class problem_kind : std::uint8_t {
    none,
    negative_position,    ///< a PE left of x = 0 or above y = 0
    empty_layout,         ///< no PEs at all: nothing a fabric could run
    too_many_pes,         ///< more PEs than max_layout_pes
    too_complex,          ///< attributes covering more than max_attribute_reach blocks in all
    code_twice,           ///< a second code() on the same region
    overlapping_code,     ///< a union of overlapping regions that both have code
    too_many_colors,      ///< more than the router's 24
    route_replaced,       ///< warning: a later paint() of a color replaces an earlier one on a PE
    hard_coded_color,     ///< warning: color(n)
    shared_hard_color,    ///< warning: two colors hard-coded to one physical color
    color_constraint,     ///< the solver cannot satisfy a pair, a switch, the fabric adder or a bank
    swap_without_pair,    ///< a color swap with no colorpair() naming the partner
    fabric_adder,         ///< fabadder without the float16_dtype option
    outline_suppression,  ///< warning: | on a region built from several rectangles
    open_route,           ///< warning: a route end no transport completes
    message_passing,      ///< mp() on a tile message addresses cannot reach
    geovar_uncovered,     ///< a code() binding @name on a PE no geovar name covers
    geovar_before_code,   ///< warning: geovars set before code() on the whole, which paint ignores
    transport,            ///< a transport the router cannot connect, or a route it cannot draw
    arcvar,               ///< a code() binding ^name no arriving transport brings, or brings twice
    code_binding,         ///< a code() binding the kernel has no place for, or a socket or param left unbound
};

struct problem {
    severity level = severity::error;
    problem_kind kind = problem_kind::none;
    cx_string message;
    origin at;
};

template <int = 0>
constexpr bool has_errors(const std::vector<problem>& ps) noexcept {
    for (const auto& p : ps)
        if (p.level == severity::error) return true;
    return false;
}

/// Adds each problem to `out` as a diagnostic at its origin.
template <int = 0>
constexpr void report(const std::vector<problem>& ps, diagnostics& out) {
    for (const auto& p : ps) out.add(make_diagnostic(p.level, p.at, p.message.view()));
}

}  // namespace wafer::paint
