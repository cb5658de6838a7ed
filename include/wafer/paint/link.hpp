#pragma once
// link(): what paint records for milink (the note file). Each link() becomes a note: the symbol's
// full map name (the names of the region it was applied to and of its ancestors, then the symbol's
// own path), the order of the dimensions the program's words walk, the program, and its
// parameters as milink passes them (numbers and physical colors in hex, key=0x5).
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "wafer/ir/layout.hpp"
#include "wafer/paint/verify.hpp"

namespace wafer::paint {

struct link_note {
    std::string symbol;                                        ///< its name in the map
    std::vector<std::string> order;                            ///< dimensions, outermost first
    std::string program;
    std::vector<std::pair<std::string, std::string>> params;   ///< key, value as the program gets it
    std::string at;                                            ///< the link() call, file:line:col
};

namespace detail {
template <int = 0>
std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", v);
    return buf;
}

template <int = 0>
std::vector<std::string> words_of(std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : text) {
        if (c == ' ' || c == '\t') {
            if (!w.empty()) out.push_back(std::move(w));
            w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}
}  // namespace detail

/// The notes of every link() in `r`, checked against the map of `l` (the layout built from r): the
/// symbol must be in it and the order must name its dimensions. Errors go to `out`.
template <int = 0>
std::vector<link_note> link_notes(const region& r, const ir::layout& l, diagnostics& out) {
    std::vector<link_note> notes;
    std::vector<color_slot> colors;
    bool solved = false;
    for (std::size_t a = 0; a < r.attributes.size(); ++a) {
        const attribute& at = r.attributes[a];
        if (at.kind != attribute_kind::link) continue;
        if (!solved) {
            std::vector<problem> ignored;   // build() reported them
            colors = solve_colors(r, ignored);
            solved = true;
        }
        link_note n;
        const std::string prefix = detail::enclosing_names(r, a, 0).str();   // the region's own name counts, whenever applied
        n.symbol = prefix.empty() ? at.text.str() : prefix + "." + at.text.str();
        n.order = detail::words_of(at.order.view());
        n.program = at.program.str();
        n.at = where(at.at).str();
        for (const auto& b : at.bindings)
            n.params.emplace_back(b.name.str(), b.value.k == binding_value::kind::color
                                                    ? detail::hex(std::uint32_t(physical_color(colors, b.value.col.id)))
                                                    : b.value.num.is_real ? to_string(b.value.num)
                                                                          : detail::hex(std::uint32_t(b.value.num.integer)));
        const ir::map_entry* entry = nullptr;
        for (const auto& e : l.symbols)
            if (e.name == n.symbol && entry == nullptr) entry = &e;
        if (entry == nullptr) {
            out.add(make_diagnostic(severity::error, at.at, "link(): the map has no symbol " + quote(n.symbol) +
                                                                " (the symbol is named from the region link() is applied to)"));
            continue;
        }
        for (const auto& d : n.order) {
            bool known = false;
            std::string dims;
            for (const auto& e : entry->dims) {
                known = known || e.name == d;
                dims += (dims.empty() ? "" : " ") + e.name;
            }
            if (!known)
                out.add(make_diagnostic(severity::error, at.at, "link(): " + quote(n.symbol) + " has no dimension " + quote(d) +
                                                                    " to order by (it has: " + dims + ")"));
        }
        notes.push_back(std::move(n));
    }
    out.check();
    return notes;
}

}  // namespace wafer::paint
