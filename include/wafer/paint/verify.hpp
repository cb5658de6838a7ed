#pragma once
// verify(): resolves a region PE by PE and reports what paint would get wrong or silently do.
// resolve() is constexpr and shared by verify(), freeze() (compile-time messages) and build().
// Like build(), verify() first plans and routes the layout's transports (terminal.hpp), and
// resolves the layout they make.
//
// Per PE, the attributes of every block covering it apply in attribute order:
//   code   - one per PE. A second one is an error: on the same region ("a second code()") or from
//            overlapping children of a union ("two code regions overlap").
//   paint  - per color, the last one wins; replacing an earlier one warns.
//   name   - the name path of a block is its names, outermost first: "c.b".
//   geovar - a code() binding @g takes, on each PE, the value of the last geovar g covering the PE
//            that was applied after the code() (on its region, an ancestor, or a later sibling in a
//            union). One applied before it (to part of the region, before code() on the whole) is
//            ignored by paint, which compiles every PE with the first such value: wafer does the
//            same and warns. A PE without either is an error, counted PE by PE (paint counts every
//            pairing of a geovar region's rows and columns as covered).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "wafer/paint/binding.hpp"
#include "wafer/paint/color_solver.hpp"
#include "wafer/paint/problem.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/terminal.hpp"

namespace wafer::paint {

/// The attributes of a layout cover at most this many blocks, counted once per attribute.
inline constexpr std::int64_t max_attribute_reach = std::int64_t(1) << 24;

/// The route of one color on a PE: the paint() attribute that won.
struct pe_route {
    std::int32_t color = -1;      ///< symbolic id
    std::uint32_t attribute = 0;  ///< index into region::attributes
    std::uint32_t block = 0;      ///< the block it reaches the PE through ...
    std::int32_t rect_x = 0, rect_y = 0;  ///< ... and the copy of its rectangle: boundary suppression uses its edges
};

struct resolved_pe {
    std::int32_t x = 0, y = 0;
    std::int32_t code = -1;           ///< index of its code() attribute, -1 for none
    std::uint32_t code_block = 0;     ///< the block the code reaches it through (its name path)
    std::vector<wafer::number> geovalues;  ///< the value of each geovar binding of its code, in binding order
    std::vector<pe_route> routes;     ///< sorted by color id
    std::uint8_t mp_banks = 0;        ///< bit b: mp(bank b) covers it
};

struct resolution {
    std::vector<resolved_pe> pes;        ///< every PE of the region, sorted by (y, x)
    std::vector<cx_string> block_names;  ///< the name path of each block
    std::vector<color_slot> colors;      ///< the solver's answer, sorted by symbolic id
    std::vector<problem> problems;
    std::int32_t width = 0, height = 0;  ///< max x + 1, max y + 1

    constexpr bool ok() const noexcept { return !has_errors(problems); }
};

namespace detail {
struct cell {
    std::int32_t y, x;
    std::uint32_t block;
    std::int32_t rect_x, rect_y;   ///< the copy of the block's rectangle that holds the PE
};

/// One report per pair of clashing attributes, however many PEs they clash on.
struct clash {
    std::uint32_t earlier, later;
    problem_kind kind;
    std::int32_t x, y;
    std::int64_t pes;
};

template <int = 0>
constexpr void note_clash(std::vector<clash>& cs, std::uint32_t earlier, std::uint32_t later, problem_kind k,
                          std::int32_t x, std::int32_t y) {
    for (auto& c : cs)
        if (c.earlier == earlier && c.later == later) {
            ++c.pes;
            return;
        }
    cs.push_back(clash{earlier, later, k, x, y, 1});
}

template <int = 0>
constexpr cx_string at_pe(std::int32_t x, std::int32_t y) {
    return cx_string("PE (") + to_text(x) + ", " + to_text(y) + ")";
}

template <int = 0>
constexpr cx_string more_pes(std::int64_t n) {
    if (n <= 1) return {};
    return cx_string(" and ") + to_text(n - 1) + (n == 2 ? " other PE" : " other PEs");
}

template <int = 0>
constexpr cx_string describe(const attribute& a) {
    if (a.kind == attribute_kind::code) return cx_string("code('") + a.text + ")";
    if (a.kind == attribute_kind::mp) return cx_string("mp(bank ") + to_text(a.bank) + ")";
    if (a.kind == attribute_kind::geovar) return cx_string("geovar('") + a.text + " " + to_text(a.geovalue) + ")";
    return cx_string("paint(color #") + to_text(a.col.id) + " [" + to_text(a.rule) + "])";
}

template <int = 0>
constexpr problem clash_problem(const region& r, const clash& c) {
    const attribute& e = r.attributes[c.earlier];
    const attribute& l = r.attributes[c.later];
    cx_string m;
    severity level = severity::error;
    switch (c.kind) {
    case problem_kind::code_twice:
        m = cx_string("a second code() on one region: ") + describe(l) + " on a region that has " +
            describe(e) + " (" + where(e.at) + "); paint would place both kernels at the same " +
            "addresses, so call code() once per region";
        break;
    case problem_kind::overlapping_code:
        m = cx_string("two code regions overlap at ") + at_pe(c.x, c.y) + more_pes(c.pes) + ": " +
            describe(l) + " and " + describe(e) + " (" + where(e.at) +
            "); paint rejects a union of overlapping regions that both have code";
        break;
    case problem_kind::message_passing:
        m = cx_string("mp() covers ") + at_pe(c.x, c.y) + more_pes(c.pes) +
            ": a message's address holds x and y in 8 bits each, so message passing reaches PEs up to (255, 255)";
        break;
    default:
        level = severity::warning;
        m = describe(l) + " replaces [" + to_text(e.rule) + "] painted at " + where(e.at) + " on " +
            at_pe(c.x, c.y) + more_pes(c.pes) + ": the later paint() of a color on a PE wins";
        break;
    }
    return problem{level, c.kind, std::move(m), l.at};
}

template <int = 0>
constexpr bool covers(const attribute& a, std::uint32_t block) noexcept { return a.first <= block && block < a.last; }

/// A geovar value resolve() has not settled yet.
inline constexpr wafer::number unsettled = std::int64_t(1) << 40;

/// A geovar binding of one code() that some PEs get no value for from a geovar applied after it.
struct geovar_gap {
    std::uint32_t code;
    std::uint32_t binding;             ///< index into the code's bindings
    std::int64_t pes = 0;              ///< PEs without a value
    std::int32_t x = 0, y = 0;         ///< the first of them
    std::int32_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
    std::int64_t before = -1;          ///< the first geovar of the name applied before the code, on one of them
};

template <int = 0>
constexpr void note_gap(std::vector<geovar_gap>& gaps, std::uint32_t code, std::uint32_t binding, std::int32_t x,
                        std::int32_t y, std::int64_t before) {
    for (auto& g : gaps)
        if (g.code == code && g.binding == binding) {
            ++g.pes;
            g.min_x = x < g.min_x ? x : g.min_x;
            g.max_x = x > g.max_x ? x : g.max_x;
            g.min_y = y < g.min_y ? y : g.min_y;
            g.max_y = y > g.max_y ? y : g.max_y;
            if (before >= 0 && (g.before < 0 || before < g.before)) g.before = before;
            return;
        }
    gaps.push_back(geovar_gap{code, binding, 1, x, y, x, x, y, y, before});
}

/// The geovar values of `pe`'s code bindings from `attrs` (the attributes reaching it, in order).
template <int = 0>
constexpr void geovalues_of(const region& r, resolved_pe& pe, const std::vector<std::uint32_t>& attrs,
                            std::vector<geovar_gap>& gaps) {
    const attribute& code = r.attributes[std::uint32_t(pe.code)];
    for (std::uint32_t k = 0; k < code.bindings.size(); ++k) {
        const binding& b = code.bindings[k];
        if (b.value.k != binding_value::kind::geovar) continue;
        std::int64_t after = -1, before = -1;
        for (std::uint32_t a : attrs) {
            const attribute& g = r.attributes[a];
            if (g.kind != attribute_kind::geovar || g.text != b.value.variable) continue;
            if (a > std::uint32_t(pe.code))
                after = a;   // the last one applied has the final word
            else if (before < 0)
                before = a;
        }
        pe.geovalues.push_back(after >= 0 ? r.attributes[std::size_t(after)].geovalue : unsettled);
        if (after < 0) note_gap(gaps, std::uint32_t(pe.code), k, pe.x, pe.y, before);
    }
}

template <int = 0>
constexpr cx_string range_text(std::int32_t lo, std::int32_t hi) {
    return lo == hi ? to_text(lo) : to_text(lo) + ".." + to_text(hi);
}

/// Settles a gap: paint's one value (a warning), or an error naming the uncovered PEs.
template <int = 0>
constexpr void settle(const region& r, const geovar_gap& g, resolution& res) {
    const attribute& code = r.attributes[g.code];
    const binding& b = code.bindings[g.binding];
    if (g.before < 0) {
        res.problems.push_back(problem{
            severity::error, problem_kind::geovar_uncovered,
            cx_string("Geovar ") + b.value.variable + " does not cover region: no value at " + at_pe(g.x, g.y) +
                more_pes(g.pes) + " (x " + range_text(g.min_x, g.max_x) + ", y " + range_text(g.min_y, g.max_y) +
                ") of " + describe(code) + "; set it with geovar() on every PE the code covers",
            b.at});
        return;
    }
    const attribute& first = r.attributes[std::size_t(g.before)];
    std::size_t k = 0;   // the binding's place among the code's geovar bindings
    for (std::uint32_t i = 0; i < g.binding; ++i) k += code.bindings[i].value.k == binding_value::kind::geovar;
    for (auto& pe : res.pes)
        if (pe.code == std::int32_t(g.code) && pe.geovalues[k] == unsettled) pe.geovalues[k] = first.geovalue;
    res.problems.push_back(problem{
        severity::warning, problem_kind::geovar_before_code,
        cx_string("geovar ") + b.value.variable + " is set (" + where(first.at) +
            ") on part of a region before code() is applied to the whole: paint ignores it there and compiles " +
            at_pe(g.x, g.y) + more_pes(g.pes) + " with one value, " + b.value.variable + "=" + to_text(first.geovalue) +
            "; apply code() to a separate region that covers the tiles and union it with them, or set the "
            "geovar after code()",
        b.at});
}
}  // namespace detail

template <int = 0>
constexpr resolution resolve(const region& r) {
    resolution res;
    res.colors = solve_colors(r, res.problems);

    std::int64_t total = 0;
    for (const auto& b : r.blocks) {
        total += pe_count(b);
        const box e = bounds(b);
        if (e.min_x < 0 || e.min_y < 0) {
            std::int32_t x = 0, y = 0;   // the first copy that has a negative coordinate
            bool found = false;
            for_each_copy(b, [&](std::int32_t cx, std::int32_t cy) {
                if (!found && (cx < 0 || cy < 0)) x = cx, y = cy, found = true;
            });
            res.problems.push_back(problem{severity::error, problem_kind::negative_position,
                                           cx_string("this region has a PE at ") + detail::at_pe(x, y) +
                                               ": the fabric has no negative coordinates",
                                           b.at});
        }
        if (e.max_x > res.width) res.width = std::int32_t(e.max_x);
        if (e.max_y > res.height) res.height = std::int32_t(e.max_y);
    }
    if (r.blocks.empty()) {
        res.problems.push_back(problem{severity::error, problem_kind::empty_layout,
                                       "the layout is empty: the region of the last statement has no PEs", {}});
        return res;
    }
    if (total > max_layout_pes) {
        res.problems.push_back(problem{severity::error, problem_kind::too_many_pes,
                                       cx_string("the layout has ") + to_text(total) +
                                           " PEs; at most " + to_text(max_layout_pes) + " are supported",
                                       r.blocks.front().at});
        return res;
    }

    std::int64_t reach = 0;
    for (const auto& a : r.attributes) reach += a.last - a.first;
    if (reach > max_attribute_reach) {
        res.problems.push_back(problem{severity::error, problem_kind::too_complex,
                                       cx_string("the layout's attributes cover ") + to_text(reach) +
                                           " tiles and rects in all; at most " + to_text(max_attribute_reach) +
                                           " are supported",
                                       r.attributes.back().at});
        return res;
    }

    // Name paths: a block's names in the order applied are innermost first.
    res.block_names.resize(r.blocks.size());
    for (std::size_t i = r.attributes.size(); i-- > 0;) {
        const auto& a = r.attributes[i];
        if (a.kind != attribute_kind::name) continue;
        for (std::uint32_t b = a.first; b < a.last; ++b) {
            if (!res.block_names[b].empty()) res.block_names[b] += '.';
            res.block_names[b] += a.text.view();
        }
    }

    // Which per-PE attributes (code, paint, mp, geovar) reach each block, in order.
    std::vector<std::vector<std::uint32_t>> of_block(r.blocks.size());
    for (std::uint32_t i = 0; i < r.attributes.size(); ++i)
        if (r.attributes[i].kind == attribute_kind::code || r.attributes[i].kind == attribute_kind::paint ||
            r.attributes[i].kind == attribute_kind::mp || r.attributes[i].kind == attribute_kind::geovar)
            for (std::uint32_t b = r.attributes[i].first; b < r.attributes[i].last; ++b) of_block[b].push_back(i);

    std::vector<detail::cell> cells;
    cells.reserve(std::size_t(total));
    for (std::uint32_t i = 0; i < r.blocks.size(); ++i) {
        const auto& b = r.blocks[i];
        for_each_copy(b, [&](std::int32_t cx, std::int32_t cy) {
            for (std::int32_t y = cy; y < cy + b.height; ++y)
                for (std::int32_t x = cx; x < cx + b.width; ++x) cells.push_back(detail::cell{y, x, i, cx, cy});
        });
    }
    std::sort(cells.begin(), cells.end(), [](const detail::cell& a, const detail::cell& b) {
        return a.y != b.y ? a.y < b.y : a.x != b.x ? a.x < b.x : a.block < b.block;
    });

    std::vector<detail::clash> clashes;
    std::vector<detail::geovar_gap> gaps;
    std::vector<std::uint32_t> attrs;
    std::size_t distinct = 0;
    for (std::size_t i = 0; i < cells.size(); ++i)
        distinct += i == 0 || cells[i].x != cells[i - 1].x || cells[i].y != cells[i - 1].y;
    res.pes.reserve(distinct);
    for (std::size_t i = 0; i < cells.size();) {
        std::size_t j = i;
        attrs.clear();
        for (; j < cells.size() && cells[j].x == cells[i].x && cells[j].y == cells[i].y; ++j)
            attrs.insert(attrs.end(), of_block[cells[j].block].begin(), of_block[cells[j].block].end());
        std::sort(attrs.begin(), attrs.end());
        attrs.erase(std::unique(attrs.begin(), attrs.end()), attrs.end());

        resolved_pe pe;
        pe.x = cells[i].x;
        pe.y = cells[i].y;
        for (std::uint32_t a : attrs) {
            const attribute& at = r.attributes[a];
            if (at.kind == attribute_kind::code) {
                if (pe.code < 0) {
                    pe.code = std::int32_t(a);
                    for (std::size_t k = i; k < j; ++k)
                        if (detail::covers(at, cells[k].block)) {
                            pe.code_block = cells[k].block;
                            break;
                        }
                    continue;
                }
                // The same block under both: code() twice on one region; else overlapping children.
                bool same_block = false;
                for (std::size_t k = i; k < j; ++k)
                    same_block = same_block || (detail::covers(r.attributes[std::uint32_t(pe.code)], cells[k].block) &&
                                                detail::covers(at, cells[k].block));
                detail::note_clash(clashes, std::uint32_t(pe.code), a,
                                   same_block ? problem_kind::code_twice : problem_kind::overlapping_code, pe.x, pe.y);
            } else if (at.kind == attribute_kind::paint) {
                std::size_t through = i;
                for (std::size_t k = i; k < j; ++k)
                    if (detail::covers(at, cells[k].block)) {
                        through = k;
                        break;
                    }
                const pe_route route{at.col.id, a, cells[through].block, cells[through].rect_x, cells[through].rect_y};
                auto it = std::lower_bound(pe.routes.begin(), pe.routes.end(), at.col.id,
                                           [](const pe_route& p, std::int32_t id) { return p.color < id; });
                if (it != pe.routes.end() && it->color == at.col.id) {
                    // The router completing an open end ([>C]) replaces nothing the layout meant.
                    if (r.attributes[it->attribute].made_by != route_origin::completed || at.made_by != route_origin::router)
                        detail::note_clash(clashes, it->attribute, a, problem_kind::route_replaced, pe.x, pe.y);
                    *it = route;
                } else {
                    pe.routes.insert(it, route);
                }
            } else if (at.kind == attribute_kind::mp) {
                pe.mp_banks = std::uint8_t(pe.mp_banks | 1u << at.bank);
                if (pe.x > 255 || pe.y > 255)
                    detail::note_clash(clashes, a, a, problem_kind::message_passing, pe.x, pe.y);
            }
        }
        if (pe.code >= 0) detail::geovalues_of(r, pe, attrs, gaps);
        res.pes.push_back(std::move(pe));
        i = j;
    }
    for (const auto& c : clashes) res.problems.push_back(detail::clash_problem(r, c));
    for (const auto& a : r.attributes)
        if (a.kind == attribute_kind::code && a.typed) check_bindings(a, a.ports, res.problems);
    for (const auto& g : gaps) detail::settle(r, g, res);
    for (const auto& a : r.attributes) {
        if (a.kind != attribute_kind::paint) continue;
        std::int64_t rectangles = 0;
        for (std::uint32_t b = a.first; b < a.last; ++b) rectangles += copies(r.blocks[b]);
        if (a.rule.suppresses() && rectangles > 1)
            res.problems.push_back(problem{
                severity::warning, problem_kind::outline_suppression,
                cx_string("boundary suppression (|) applies at the edges of each of the ") + to_text(rectangles) +
                    " rectangles this region is built from, not at its outline (paint gets every rectangle after the "
                    "first wrong); paint the | rule on one rect() that covers them",
                a.at});
        if ((a.rule.open_input || a.rule.open_output) && a.made_by != route_origin::completed)
            res.problems.push_back(problem{
                severity::warning, problem_kind::open_route,
                cx_string("[") + to_text(a.rule) + "] leaves its " + (a.rule.open_input ? "input" : "outputs") +
                    " open for a transport's router to complete; without one, " +
                    (a.rule.open_input ? "nothing arrives on it" : "what arrives is discarded"),
                a.at});
    }
    return res;
}

/// Every problem of `r` that build() would find without its kernels and options: its transports'
/// (planned and routed as build() routes them), then those of the layout they make.
template <int = 0>
constexpr std::vector<problem> layout_problems(const region& r) {
    std::vector<problem> problems;
    const routed_layout routing = route_layout(r, true, pe_xy{}, problems);
    for (auto& p : resolve(routing.layout(r)).problems) problems.push_back(std::move(p));
    return problems;
}

/// Reports every problem of `r` to `out`, with the positions of the calls; true if none is an error.
template <int = 0>
bool verify(const region& r, diagnostics& out) {
    const auto problems = layout_problems(r);
    report(problems, out);
    return !has_errors(problems);
}

}  // namespace wafer::paint
