#pragma once
// The color solver: symbolic colors to the router's 24 physical colors, under the hardware's rules.
//   - hard-coded colors (color(n)) keep their number, with a warning, as paint gives one;
//   - a message-passing bank owns its five colors (bank N: 14 + 5N ..), and color(bank) is the first;
//   - the fabric adder is color 10;
//   - colorpair(a b) makes a and b partners: physical(a) == physical(b) ^ 1;
//   - a color whose rule switches (positions, ring, pop) gets one of the colors that can switch.
// Within those rules each color takes the lowest free physical color, the constrained ones first
// (pairs, then switching colors), the rest by ascending symbolic id. Only colors in use count: those
// a paint(), a code() binding or a colorpair() names.
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/paint/problem.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

struct color_slot {
    std::int32_t id = -1;        ///< symbolic
    std::int8_t physical = -1;   ///< 0..23, or -1 when the solver could not give it one
    std::int32_t partner = -1;   ///< symbolic id of its colorpair() partner, -1 none
    friend constexpr bool operator==(const color_slot&, const color_slot&) = default;
};

namespace detail {

struct color_use {
    color c;
    bool switches = false, adder = false, swaps = false;
    std::int32_t partner = -1;   ///< symbolic id of its colorpair partner
    origin swap_at, switch_at;
};

constexpr std::int32_t find_use(const std::vector<color_use>& used, std::int32_t id) {
    for (std::size_t i = 0; i < used.size(); ++i)
        if (used[i].c.id == id) return std::int32_t(i);
    return -1;
}

}  // namespace detail

/// The colors in use, sorted by symbolic id, with their physical colors; problems go to `problems`.
constexpr std::vector<color_slot> solve_colors(const region& r, std::vector<problem>& problems) {
    std::vector<detail::color_use> used;
    auto use = [&](const color& c) -> detail::color_use& {
        const auto i = detail::find_use(used, c.id);
        if (i >= 0) return used[std::size_t(i)];
        used.push_back(detail::color_use{c});
        return used.back();
    };
    std::array<bool, hw::mp_banks> banks{};
    for (const auto& a : r.attributes) {
        if (a.kind == attribute_kind::paint) {
            auto& u = use(a.col);
            if (switches(a.rule)) u.switches = true, u.switch_at = a.at;
            if (a.rule.fabadder) u.adder = true;
            if (a.rule.swap != swap_kind::none) u.swaps = true, u.swap_at = a.at;
        }
        if (a.kind == attribute_kind::colorpair) {
            use(a.col);
            use(a.partner);
        }
        if (a.kind == attribute_kind::mp) banks[std::size_t(a.bank)] = true;
        for (const auto& b : a.bindings)
            if (b.value.k == binding_value::kind::color) use(b.value.col);
    }
    auto error = [&](problem_kind k, cx_string m, const origin& at) {
        problems.push_back(problem{severity::error, k, std::move(m), at});
    };
    for (const auto& a : r.attributes) {
        if (a.kind != attribute_kind::colorpair) continue;
        auto& x = used[std::size_t(detail::find_use(used, a.col.id))];
        auto& y = used[std::size_t(detail::find_use(used, a.partner.id))];
        for (const auto& [u, other] : {std::pair{&x, y.c.id}, std::pair{&y, x.c.id}})
            if (u->partner >= 0 && u->partner != other)
                error(problem_kind::color_constraint,
                      cx_string("color #") + to_text(u->c.id) + " is in two colorpair()s: a color has one partner, c ^ 1", a.at);
        x.partner = y.c.id;
        y.partner = x.c.id;
    }
    std::sort(used.begin(), used.end(), [](const detail::color_use& a, const detail::color_use& b) { return a.c.id < b.c.id; });

    std::vector<color_slot> slots;
    for (const auto& u : used) {
        slots.push_back(color_slot{u.c.id, u.c.physical, u.partner});
        if (u.c.bank >= 0) banks[std::size_t(u.c.bank)] = true;
    }
    // owner: symbolic id + 1 of a color's physical color, a negative bank reservation, or 0 if free.
    std::array<std::int32_t, router_colors> owner{};
    for (int b = 0; b < hw::mp_banks; ++b)
        if (banks[std::size_t(b)])
            for (int k = 0; k < hw::mp_bank_colors; ++k) owner[std::size_t(hw::mp_first_color(b) + k)] = -(b + 1);
    for (std::size_t i = 0; i < used.size(); ++i) {
        const auto& c = used[i].c;
        if (c.physical < 0) continue;
        if (c.bank >= 0) {
            owner[std::size_t(c.physical)] = c.id + 1;
            continue;
        }
        problems.push_back(problem{severity::warning, problem_kind::hard_coded_color,
                                   cx_string("hard-coded color ") + to_text(c.physical) +
                                       ": paint warns about hard-coded colors; let the solver choose with color()",
                                   c.at});
        if (owner[std::size_t(c.physical)] < 0)
            error(problem_kind::color_constraint,
                  cx_string("color ") + to_text(c.physical) + " belongs to message-passing bank " +
                      to_text(-owner[std::size_t(c.physical)] - 1),
                  c.at);
        else if (owner[std::size_t(c.physical)] != 0)
            problems.push_back(problem{severity::warning, problem_kind::shared_hard_color,
                                       cx_string("colors #") + to_text(owner[std::size_t(c.physical)] - 1) + " and #" +
                                           to_text(c.id) + " are both hard-coded to physical color " + to_text(c.physical),
                                       c.at});
        else
            owner[std::size_t(c.physical)] = c.id + 1;
    }
    auto take = [&](std::size_t i, int physical) {
        slots[i].physical = std::int8_t(physical);
        owner[std::size_t(physical)] = slots[i].id + 1;
    };
    auto index_of = [&](std::int32_t id) { return std::size_t(detail::find_use(used, id)); };

    // The fabric adder is color 10.
    for (std::size_t i = 0; i < used.size(); ++i) {
        if (!used[i].adder) continue;
        if (slots[i].physical >= 0 && slots[i].physical != hw::fabric_adder_color)
            error(problem_kind::color_constraint, cx_string("only color 10 can be the fabric adder; this color is hard-coded to ") +
                                                      to_text(slots[i].physical), used[i].c.at);
        else if (slots[i].physical < 0 && owner[hw::fabric_adder_color] != 0)
            error(problem_kind::color_constraint, "only color 10 can be the fabric adder, and another color has it", used[i].c.at);
        else if (slots[i].physical < 0)
            take(i, hw::fabric_adder_color);
    }
    // Swaps read the partner c ^ 1: a colorpair() names it, or the color is hard-coded.
    for (const auto& u : used)
        if (u.swaps && u.partner < 0 && u.c.physical < 0)
            error(problem_kind::swap_without_pair,
                  cx_string("a color swap (X, H, V) reads the partner color c ^ 1, but no colorpair() names a partner for "
                            "color #") + to_text(u.c.id) + ": add colorpair(region this_color its_partner)",
                  u.swap_at);

    auto free_color = [&](bool switching, int from, int step) {
        for (int k = from; k < router_colors; k += step)
            if (owner[std::size_t(k)] == 0 && (!switching || hw::can_switch(k)) && (step == 1 || owner[std::size_t(k + 1)] == 0))
                return k;
        return -1;
    };
    auto out_of_colors = [&](std::size_t i, const char* what) {
        error(problem_kind::too_many_colors,
              cx_string("more than 24 colors: the router has 24 (") + to_text(std::int64_t(used.size())) + " colors in use; " +
                  what + ")",
              used[i].c.at);
    };
    // Pairs and single colors that switch first, then the other pairs, then the rest.
    for (int pass = 0; pass < 4; ++pass) {
        for (std::size_t i = 0; i < used.size(); ++i) {
            const auto& u = used[i];
            if (slots[i].physical >= 0 && u.partner < 0) continue;
            if (u.partner >= 0) {
                if (pass == 1 || pass == 3) continue;
                const std::size_t j = index_of(u.partner);
                const bool switching = u.switches || used[j].switches;
                if ((pass == 0) != switching || u.c.id > used[j].c.id) continue;
                if (slots[i].physical >= 0 && slots[j].physical >= 0) {
                    if (slots[i].physical != (slots[j].physical ^ 1))
                        error(problem_kind::color_constraint,
                              cx_string("colorpair() of colors hard-coded to ") + to_text(slots[i].physical) + " and " +
                                  to_text(slots[j].physical) + ": partners differ in the last bit only (c ^ 1)",
                              u.c.at);
                    continue;
                }
                if (slots[i].physical >= 0 || slots[j].physical >= 0) {
                    const std::size_t fixed = slots[i].physical >= 0 ? i : j, other = fixed == i ? j : i;
                    const int want = slots[fixed].physical ^ 1;
                    if (owner[std::size_t(want)] != 0) error(problem_kind::color_constraint,
                                                             cx_string("the partner of color ") + to_text(slots[fixed].physical) +
                                                                 ", color " + to_text(want) + ", is taken",
                                                             used[other].c.at);
                    else take(other, want);
                    continue;
                }
                const int k = free_color(switching, 0, 2);
                if (k < 0) {
                    out_of_colors(i, "no free pair c, c ^ 1 is left for this colorpair()");
                    return slots;
                }
                take(i, k);
                take(j, k + 1);
                continue;
            }
            if (!(pass == 1 && u.switches) && !(pass == 3 && !u.switches)) continue;
            const int k = free_color(u.switches, 0, 1);
            if (k < 0) {
                out_of_colors(i, u.switches ? "no color that can switch is left for this one" : "this one gets none");
                return slots;
            }
            take(i, k);
        }
    }
    for (std::size_t i = 0; i < used.size(); ++i)
        if (used[i].switches && slots[i].physical >= 0 && !hw::can_switch(slots[i].physical))
            error(problem_kind::color_constraint,
                  cx_string("this route has switch positions, but it is on color ") + to_text(slots[i].physical) +
                      ", which cannot switch (only 0-9, 12, 13, 16, 17, 20 and 21 can)",
                  used[i].switch_at);
    return slots;
}

/// The slot of symbolic color `id`, or nullptr.
constexpr const color_slot* slot_of(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    auto it = std::lower_bound(slots.begin(), slots.end(), id,
                               [](const color_slot& s, std::int32_t v) { return s.id < v; });
    return it != slots.end() && it->id == id ? &*it : nullptr;
}

/// The physical color of symbolic color `id` (-1 when it has none).
constexpr std::int8_t physical_color(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    const color_slot* s = slot_of(slots, id);
    return s ? s->physical : std::int8_t(-1);
}

/// The symbolic id of `id`'s colorpair partner, or -1.
constexpr std::int32_t partner_of(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    const color_slot* s = slot_of(slots, id);
    return s ? s->partner : -1;
}

}  // namespace wafer::paint
