#pragma once
// The color solver: symbolic colors to the router's 24 physical colors, under the hardware's rules.
//   - hard-coded colors (color(n)) keep their number, with a warning, as paint gives one;
//   - a message-passing bank owns its five colors (bank N: 14 + 5N ..), and color(bank) is the first;
//   - the fabric adder is color 10;
//   - colorpair(a b) makes a and b partners: physical(a) == physical(b) ^ 1;
//   - a color whose rule switches (positions, ring, pop) gets one of the colors that can switch.
// Two colors interfere when a PE of one is a PE of the other or beside it (a wavelet of one could
// reach the other's router); colors that do not interfere may share a physical color, so a layout
// of many small regions does not run out (wafer's design: "Reuse a physical color on PEs that cannot
// interfere"). Within those rules each color takes the lowest physical color no interfering color
// has, the constrained ones first (pairs, then switching colors), the rest by ascending symbolic id.
// Only colors in use count: those a paint(), a code() or link() binding or a colorpair() names.
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
    std::vector<box> boxes;      ///< where it is used: the copies of each block an attribute naming it covers
};

template <int = 0>
constexpr std::int32_t find_use(const std::vector<color_use>& used, std::int32_t id) {
    for (std::size_t i = 0; i < used.size(); ++i)
        if (used[i].c.id == id) return std::int32_t(i);
    return -1;
}

/// A block's copies as boxes: one per copy, or the bounds of them all past a few (conservative: the
/// color then interferes with everything between the copies).
template <int = 0>
constexpr void add_boxes(std::vector<box>& out, const block& k) {
    if (copies(k) > 64) {
        out.push_back(bounds(k));
        return;
    }
    for_each_copy(k, [&](std::int32_t x, std::int32_t y) {
        out.push_back(box{x, y, std::int64_t(x) + k.width, std::int64_t(y) + k.height});
    });
}

/// Whether a PE of `a` is a PE of `b` or beside one (diagonal neighbours included).
template <int = 0>
constexpr bool near(const box& a, const box& b) noexcept {
    return a.min_x - 1 < b.max_x && b.min_x < a.max_x + 1 && a.min_y - 1 < b.max_y && b.min_y < a.max_y + 1;
}

/// For each color in use, the others it interferes with (ascending indices into `used`): a sweep
/// along x over every box, so a layout of many small regions costs about its number of boxes. A pair
/// already known is not tested again (a replicated layout meets each pair at every copy), which keeps
/// a C++ layout inside the compilers' constant-evaluation budgets.
template <int = 0>
constexpr std::vector<std::vector<std::uint32_t>> interference(const std::vector<color_use>& used) {
    struct entry {
        box b;
        std::uint32_t color;
    };
    std::vector<entry> all;
    for (std::uint32_t i = 0; i < used.size(); ++i)
        for (const auto& b : used[i].boxes) all.push_back(entry{b, i});
    // Compared field by field, not through std::tie: the sort is most of the solver's constant
    // evaluation, and a tuple per comparison costs the evaluator several times as much.
    auto before = [](const entry& a, const entry& b) {
        if (a.b.min_x != b.b.min_x) return a.b.min_x < b.b.min_x;
        if (a.b.min_y != b.b.min_y) return a.b.min_y < b.b.min_y;
        if (a.b.max_x != b.b.max_x) return a.b.max_x < b.b.max_x;
        if (a.b.max_y != b.b.max_y) return a.b.max_y < b.b.max_y;
        return a.color < b.color;
    };
    std::sort(all.begin(), all.end(), before);
    // The same box of the same color twice (a paint() and a binding on one region) counts once.
    all.erase(std::unique(all.begin(), all.end(), [&](const entry& a, const entry& b) { return !before(a, b) && !before(b, a); }),
              all.end());
    const std::size_t n = used.size();
    std::vector<std::vector<std::uint32_t>> out(n);
    // Whether c already knows d: its list is short (a color meets few others), where a table of
    // every pair would take n * n bytes for a layout of many colors.
    auto known = [&](std::uint32_t c, std::uint32_t d) { return std::find(out[c].begin(), out[c].end(), d) != out[c].end(); };
    std::vector<std::vector<box>> active(n);   // per color, the boxes that may still be near the next one along x
    for (std::size_t k = 0; k < all.size(); ++k) {
        const entry& e = all[k];
        if (k == 0 || e.b.min_x != all[k - 1].b.min_x)
            for (auto& boxes : active) std::erase_if(boxes, [&](const box& a) { return a.max_x + 1 <= e.b.min_x; });
        for (std::uint32_t c = 0; c < n; ++c) {
            if (c == e.color || known(c, e.color)) continue;
            for (const box& a : active[c])
                if (near(a, e.b)) {
                    out[c].push_back(e.color);
                    out[e.color].push_back(c);
                    break;
                }
        }
        active[e.color].push_back(e.b);
    }
    for (auto& c : out) std::sort(c.begin(), c.end());
    return out;
}

}  // namespace detail

/// The colors in use, sorted by symbolic id, with their physical colors; problems go to `problems`.
template <int = 0>
constexpr std::vector<color_slot> solve_colors(const region& r, std::vector<problem>& problems) {
    std::vector<detail::color_use> used;
    auto use = [&](const color& c) -> detail::color_use& {
        const auto i = detail::find_use(used, c.id);
        if (i >= 0) return used[std::size_t(i)];
        used.push_back(detail::color_use{c});
        return used.back();
    };
    auto cover = [&](detail::color_use& u, const attribute& a) {
        for (std::uint32_t b = a.first; b < a.last; ++b) detail::add_boxes(u.boxes, r.blocks[b]);
    };
    std::array<bool, hw::mp_banks> banks{};
    for (const auto& a : r.attributes) {
        if (a.kind == attribute_kind::paint) {
            auto& u = use(a.col);
            if (switches(a.rule)) u.switches = true, u.switch_at = a.at;
            if (a.rule.fabadder) u.adder = true;
            if (a.rule.swap != swap_kind::none) u.swaps = true, u.swap_at = a.at;
            cover(u, a);
        }
        if (a.kind == attribute_kind::colorpair) {
            cover(use(a.col), a);
            cover(use(a.partner), a);
        }
        if (a.kind == attribute_kind::mp) banks[std::size_t(a.bank)] = true;
        for (const auto& b : a.bindings)
            if (b.value.k == binding_value::kind::color) cover(use(b.value.col), a);
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
    const auto near = detail::interference(used);

    std::vector<color_slot> slots;
    for (const auto& u : used) {
        slots.push_back(color_slot{u.c.id, u.c.physical, u.partner});
        if (u.c.bank >= 0) banks[std::size_t(u.c.bank)] = true;
    }
    // What each color cannot take: bit k set when a color that interferes with it has physical k, or
    // a message-passing bank owns k (everywhere).
    std::uint32_t reserved = 0;
    for (int b = 0; b < hw::mp_banks; ++b)
        if (banks[std::size_t(b)])
            for (int k = 0; k < hw::mp_bank_colors; ++k) reserved |= 1u << (hw::mp_first_color(b) + k);
    std::vector<std::uint32_t> taken_near(used.size(), 0);
    auto take = [&](std::size_t i, int physical) {
        slots[i].physical = std::int8_t(physical);
        for (auto j : near[i]) taken_near[j] |= 1u << physical;
    };
    auto is_free = [&](std::size_t i, int k) { return ((reserved | taken_near[i]) & (1u << k)) == 0; };
    /// The interfering color that has physical `k`, for messages.
    auto holder = [&](std::size_t i, int k) {
        for (auto j : near[i])
            if (slots[j].physical == k) return slots[j].id;
        return std::int32_t(-1);
    };
    for (std::size_t i = 0; i < used.size(); ++i) {
        const auto& c = used[i].c;
        if (c.physical < 0) continue;
        if (c.bank >= 0) {
            take(i, c.physical);
            continue;
        }
        problems.push_back(problem{severity::warning, problem_kind::hard_coded_color,
                                   cx_string("hard-coded color ") + to_text(c.physical) +
                                       ": paint warns about hard-coded colors; let the solver choose with color()",
                                   c.at});
        if (reserved & (1u << c.physical)) {
            int bank = 0;
            while (!(c.physical >= hw::mp_first_color(bank) && c.physical < hw::mp_first_color(bank) + hw::mp_bank_colors)) ++bank;
            error(problem_kind::color_constraint,
                  cx_string("color ") + to_text(c.physical) + " belongs to message-passing bank " + to_text(bank), c.at);
        } else {
            if (!is_free(i, c.physical))
                problems.push_back(problem{severity::warning, problem_kind::shared_hard_color,
                                           cx_string("colors #") + to_text(holder(i, c.physical)) + " and #" + to_text(c.id) +
                                               " are both hard-coded to physical color " + to_text(c.physical) +
                                               ", on PEs next to each other",
                                           c.at});
            take(i, c.physical);
        }
    }
    auto index_of = [&](std::int32_t id) { return std::size_t(detail::find_use(used, id)); };

    // The fabric adder is color 10.
    for (std::size_t i = 0; i < used.size(); ++i) {
        if (!used[i].adder) continue;
        if (slots[i].physical >= 0 && slots[i].physical != hw::fabric_adder_color)
            error(problem_kind::color_constraint, cx_string("only color 10 can be the fabric adder; this color is hard-coded to ") +
                                                      to_text(slots[i].physical), used[i].c.at);
        else if (slots[i].physical < 0 && !is_free(i, hw::fabric_adder_color))
            error(problem_kind::color_constraint,
                  "only color 10 can be the fabric adder, and another color on these PEs or beside them has it", used[i].c.at);
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

    // The lowest physical color free for color i (and, with a partner j, the pair k, k + 1 free for both).
    auto free_color = [&](std::size_t i, bool switching, std::int64_t j) {
        const int step = j >= 0 ? 2 : 1;
        for (int k = 0; k < router_colors; k += step) {
            if (switching && !hw::can_switch(k)) continue;
            if (!is_free(i, k)) continue;
            if (j >= 0 && !(is_free(i, k + 1) && is_free(std::size_t(j), k) && is_free(std::size_t(j), k + 1))) continue;
            return k;
        }
        return -1;
    };
    auto out_of_colors = [&](std::size_t i, const char* what) {
        cx_string ids;
        for (std::size_t n = 0; n < near[i].size() && n < 32; ++n) ids += cx_string(" #") + to_text(slots[near[i][n]].id);
        if (near[i].size() > 32) ids += " ...";
        box at{};
        if (!used[i].boxes.empty()) at = used[i].boxes.front();
        error(problem_kind::too_many_colors,
              cx_string("more than 24 colors: the router has 24 (") + to_text(std::int64_t(near[i].size() + 1)) +
                  " colors meet on this color's PEs and beside them, around PE (" + to_text(at.min_x) + ", " +
                  to_text(at.min_y) + "): this one and" + ids + "; " + what + ")",
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
                    if (!is_free(other, want)) error(problem_kind::color_constraint,
                                                     cx_string("the partner of color ") + to_text(slots[fixed].physical) +
                                                         ", color " + to_text(want) + ", is taken",
                                                     used[other].c.at);
                    else take(other, want);
                    continue;
                }
                const int k = free_color(i, switching, std::int64_t(j));
                if (k < 0) {
                    out_of_colors(i, "no free pair c, c ^ 1 is left for this colorpair()");
                    return slots;
                }
                take(i, k);
                take(j, k + 1);
                continue;
            }
            if (!(pass == 1 && u.switches) && !(pass == 3 && !u.switches)) continue;
            const int k = free_color(i, u.switches, -1);
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
template <int = 0>
constexpr const color_slot* slot_of(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    auto it = std::lower_bound(slots.begin(), slots.end(), id,
                               [](const color_slot& s, std::int32_t v) { return s.id < v; });
    return it != slots.end() && it->id == id ? &*it : nullptr;
}

/// The physical color of symbolic color `id` (-1 when it has none).
template <int = 0>
constexpr std::int8_t physical_color(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    const color_slot* s = slot_of(slots, id);
    return s ? s->physical : std::int8_t(-1);
}

/// The symbolic id of `id`'s colorpair partner, or -1.
template <int = 0>
constexpr std::int32_t partner_of(const std::vector<color_slot>& slots, std::int32_t id) noexcept {
    const color_slot* s = slot_of(slots, id);
    return s ? s->partner : -1;
}

}  // namespace wafer::paint
