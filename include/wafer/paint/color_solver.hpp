#pragma once
// The color solver: symbolic colors to the router's 24 physical colors. Hard-coded colors (color(n))
// keep their number; the others, by ascending symbolic id, take the lowest physical color that no
// other color has. Only colors in use count: those a paint() or a code() binding names.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "wafer/paint/problem.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

struct color_slot {
    std::int32_t id = -1;        ///< symbolic
    std::int8_t physical = -1;   ///< 0..23, or -1 when the solver ran out
    friend constexpr bool operator==(const color_slot&, const color_slot&) = default;
};

/// The colors in use, sorted by symbolic id, with their physical colors; problems go to `problems`.
constexpr std::vector<color_slot> solve_colors(const region& r, std::vector<problem>& problems) {
    std::vector<color> used;
    auto use = [&](const color& c) {
        for (const auto& u : used)
            if (u.id == c.id) return;
        used.push_back(c);
    };
    for (const auto& a : r.attributes) {
        if (a.kind == attribute_kind::paint) use(a.col);
        for (const auto& b : a.bindings)
            if (b.value.k == binding_value::kind::color) use(b.value.col);
    }
    std::sort(used.begin(), used.end(), [](const color& a, const color& b) { return a.id < b.id; });

    std::array<std::int32_t, router_colors> owner{};   // symbolic id + 1 of the hard-coded owner, 0 if free
    std::vector<color_slot> slots;
    for (const auto& c : used) {
        slots.push_back(color_slot{c.id, c.physical});
        if (c.physical < 0) continue;
        problems.push_back(problem{severity::warning, problem_kind::hard_coded_color,
                                   cx_string("hard-coded color ") + to_text(c.physical) +
                                       ": paint warns about hard-coded colors; let the solver choose with color()",
                                   c.at});
        if (owner[c.physical] != 0)
            problems.push_back(problem{severity::warning, problem_kind::shared_hard_color,
                                       cx_string("colors #") + to_text(owner[c.physical] - 1) + " and #" +
                                           to_text(c.id) + " are both hard-coded to physical color " +
                                           to_text(c.physical),
                                       c.at});
        else
            owner[c.physical] = c.id + 1;
    }
    int next = 0;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (slots[i].physical >= 0) continue;
        while (next < router_colors && owner[next] != 0) ++next;
        if (next == router_colors) {
            problems.push_back(problem{severity::error, problem_kind::too_many_colors,
                                       cx_string("more than 24 colors: the router has 24 (") +
                                           to_text(std::int64_t(used.size())) +
                                           " colors in use; this one gets none)",
                                       used[i].at});
            break;
        }
        slots[i].physical = std::int8_t(next);
        owner[next] = slots[i].id + 1;
    }
    return slots;
}

/// The physical color of symbolic color `id` (-1 when it has none).
constexpr std::int8_t physical_color(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    auto it = std::lower_bound(slots.begin(), slots.end(), id,
                               [](const color_slot& s, std::int32_t v) { return s.id < v; });
    return it != slots.end() && it->id == id ? it->physical : std::int8_t(-1);
}

}  // namespace wafer::paint
