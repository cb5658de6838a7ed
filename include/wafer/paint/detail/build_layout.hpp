#pragma once
// build()'s work, a verified region to an ir::layout, as one constexpr function template of the
// kernel provider: paint::build() runs it with a provider that lowers (or looks up) kernels at run
// time, and a layout frozen with its kernels (tungsten/dsl/frozen.hpp) runs it in the compiler. So
// the two cannot build differently. Errors go to the diagnostics; the layout is then empty.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/core/detail/digits.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/binding.hpp"
#include "wafer/paint/build_options.hpp"
#include "wafer/paint/color_solver.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/verify.hpp"

namespace wafer::paint::detail {

using wafer::detail::decimal;

template <int = 0>
constexpr std::string pe_text(std::int32_t x, std::int32_t y) {
    return "PE (" + decimal(x) + ", " + decimal(y) + ")";
}

template <int = 0>
constexpr const ir::socket* find_socket(const ir::pe_program& p, std::string_view name) {
    for (const auto& s : p.sockets)
        if (s.name == name) return &s;
    return nullptr;
}

/// Checks a code()'s bindings against the program it got; errors go to `out`. The program's params
/// all count as having a default: lowering has already rejected one left without a value.
template <int = 0>
constexpr void check_bindings(const attribute& code, const ir::pe_program& p, diagnostics& out) {
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
constexpr ir::switch_position suppressed(const route_rule& rule, std::uint8_t k, const block& b, std::int32_t rx,
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
constexpr ir::color_route color_route_of(const region& r, const route_rule& rule, std::uint8_t physical, const pe_route& route,
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
/// A block dimension's name in the symbol map: its own, or `fallback` ("x", "y").
/// (An if, not ?:, which g++ 12 cannot evaluate for a std::string: docs/embedding.md.)
template <int = 0>
constexpr std::string dimension_name(const cx_string& name, const char* fallback) {
    if (name.empty()) return fallback;
    return name.str();
}

/// The permutation a stable sort by `less` makes of n elements (std::stable_sort is not constexpr
/// in C++20): a sort of their indices, ties broken by the index.
template <class Less>
constexpr std::vector<std::size_t> stable_order(std::size_t n, Less less) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return less(a, b) || (!less(b, a) && a < b); });
    return order;
}

/// build(): `provider(request)` gives each kernel's program; it may throw wafer::error (at run
/// time) or report to `out` (in a constant expression, where nothing can be thrown).
/// Where a kernel that a geovar or arcvar compiles in variants failed: the variant's bindings and
/// one of its PEs (what the kernel's own errors cannot say, since other variants may compile).
template <int = 0>
constexpr void note_variant(const attribute& code, const kernel_request& req, const resolved_pe& pe, diagnostics& out) {
    std::string bound;
    bool variant = false;
    for (const auto& b : code.bindings) {
        if (!b.value.is_param()) continue;
        const ir::param_value* p = nullptr;
        for (const auto& q : req.params)
            if (q.name == b.name.view()) p = &q;
        if (p == nullptr) continue;
        if (!bound.empty()) bound += ", ";
        bound += p->name + "=" + to_string(p->value);
        if (b.value.k == binding_value::kind::geovar) bound += " (geovar @" + b.value.variable.str() + ")";
        if (b.value.k == binding_value::kind::arcvar) bound += " (arcvar ^" + b.value.variable.str() + ")";
        variant = variant || b.value.k != binding_value::kind::number;
    }
    if (variant)
        out.add(make_diagnostic(severity::note, code.at,
                                "in the variant of kernel " + quote(req.kernel) + " with " + bound + ", first at " +
                                    pe_text(pe.x, pe.y)));
}

template <class Provider>
WAFER_CONSTEXPR ir::layout build_layout(const region& layout, const Provider& provider, diagnostics& out,
                                        const build_options& options) {
    // Transports first: the router adds the routes the rest of the build sees (keeping the layout's
    // attributes first, at their indices), and the transports bring the arcvars.
    std::vector<problem> problems;
    const routed_layout routing =
        route_layout(layout, options.route, pe_xy{options.fabric_width, options.fabric_height}, problems);
    report(problems, out);
    if (out.has_errors()) return {};
    const region& r = routing.layout(layout);
    const auto& arcvalues = routing.arcvalues;
    const resolution res = resolve(r);
    if (options.fabric_width > 0 && (res.width > options.fabric_width || res.height > options.fabric_height))
        for (const auto& pe : res.pes)
            if (pe.x >= options.fabric_width || pe.y >= options.fabric_height) {
                const block* b = nullptr;
                for (const auto& k : r.blocks) {
                    const box e = bounds(k);
                    if (b == nullptr && pe.x >= e.min_x && pe.x < e.max_x && pe.y >= e.min_y && pe.y < e.max_y) b = &k;
                }
                out.add(make_diagnostic(severity::error, b ? b->at : origin{},
                                        "the layout reaches " + pe_text(pe.x, pe.y) + ", outside the fabric=" +
                                            decimal(options.fabric_width) + "x" + decimal(options.fabric_height) +
                                            " it must fit (x < " + decimal(options.fabric_width) + ", y < " +
                                            decimal(options.fabric_height) + ")"));
                break;
            }
    report(res.problems, out);
    for (const auto& a : r.attributes) {
        if (a.kind != attribute_kind::paint || !a.rule.fabadder) continue;
        if (options.float16_dtype < 0)
            out.add(make_diagnostic(severity::error, a.at,
                                    "fabadder needs the float16_dtype paint option, which names the format of the core's "
                                    "operand: for Tungsten hp, float16_dtype=10"));
        else if (options.float16_dtype != 10)
            out.add(make_diagnostic(severity::error, a.at,
                                    "float16_dtype=" + decimal(options.float16_dtype) +
                                        ": wafer's fabric adder takes IEEE binary16 (Tungsten hp) operands, float16_dtype=10"));
        break;
    }
    if (out.has_errors()) return {};

    ir::layout l;
    l.arch = options.arch;
    l.width = res.width;
    l.height = res.height;

    // Programs, in the order of their first PE: one per kernel and combination of params (a geovar
    // binding gives each PE its own value).
    std::vector<std::int32_t> program_of(res.pes.size(), -1);         // per PE
    std::vector<std::int32_t> first_program(r.attributes.size(), -1);  // per code() attribute
    std::vector<kernel_request> requests;
    for (std::size_t i = 0; i < res.pes.size(); ++i) {
        const auto& pe = res.pes[i];
        if (pe.code < 0) continue;
        const attribute& code = r.attributes[std::size_t(pe.code)];
        kernel_request req{code.text.str(), {}, code.at.file.str(), code.at.pos};
        std::size_t geovar = 0, arcvar = 0;
        for (const auto& b : code.bindings)
            if (b.value.k == binding_value::kind::number)
                req.params.push_back({b.name.str(), b.value.num});
            else if (b.value.k == binding_value::kind::geovar)
                req.params.push_back({b.name.str(), pe.geovalues[geovar++]});
            else if (b.value.k == binding_value::kind::arcvar)
                req.params.push_back({b.name.str(), arcvalues[std::size_t(pe.code)][arcvar++]});
        sort_by_name(req.params);
        std::size_t index = 0;
        while (index < requests.size() &&
               (requests[index].kernel != req.kernel || requests[index].params != req.params))
            ++index;
        if (index == requests.size()) {
            // A provider at run time throws its errors; one in a constant expression reports them.
            try {
                l.programs.push_back(provider(req));
            } catch (const error& e) {
                // A provider that reports into `out` too throws what it already added.
                for (const auto& d : e.diagnostics())
                    if (std::find(out.list().begin(), out.list().end(), d) == out.list().end()) out.add(d);
                if (!out.has_errors()) throw;
            }
            if (out.has_errors()) {
                note_variant(code, req, pe, out);
                return {};
            }
            requests.push_back(std::move(req));
        }
        program_of[i] = std::int32_t(index);
        if (first_program[std::size_t(pe.code)] < 0) {
            first_program[std::size_t(pe.code)] = std::int32_t(index);
            check_bindings(code, l.programs[index], out);
        }
    }
    if (out.has_errors()) return {};

    std::vector<stall> stalls;
    auto note_stall = [&](std::uint32_t code, const std::string& socket, bool reads, const resolved_pe& pe, int bank = -1) {
        for (auto& s : stalls)
            if (s.code == code && s.socket == socket && s.reads == reads) {
                ++s.pes;
                return;
            }
        stalls.push_back(stall{code, socket, reads, pe.x, pe.y, 1, bank});
    };

    auto rule_of = [&](const resolved_pe& pe, std::int32_t color) -> const route_rule* {
        for (const auto& route : pe.routes)
            if (route.color == color) return &r.attributes[route.attribute].rule;
        return nullptr;
    };
    l.pes.reserve(std::size_t(std::count_if(res.pes.begin(), res.pes.end(), [](const resolved_pe& pe) { return pe.code >= 0; })));
    l.routers.reserve(std::size_t(std::count_if(res.pes.begin(), res.pes.end(),
                                                [](const resolved_pe& pe) { return !pe.routes.empty() || pe.mp_banks; })));
    for (std::size_t i = 0; i < res.pes.size(); ++i) {
        const auto& pe = res.pes[i];
        if (!pe.routes.empty() || pe.mp_banks) {
            ir::router rt{pe.x, pe.y, {}, pe.mp_banks};
            for (const auto& route : pe.routes)
                rt.colors.push_back(color_route_of(r, r.attributes[route.attribute].rule,
                                                           std::uint8_t(physical_color(res.colors, route.color)), route,
                                                           pe.x, pe.y));
            std::sort(rt.colors.begin(), rt.colors.end(),
                      [](const ir::color_route& a, const ir::color_route& b) { return a.color < b.color; });
            l.routers.push_back(std::move(rt));
        }
        if (pe.code < 0) continue;
        const attribute& code = r.attributes[std::size_t(pe.code)];
        ir::placed_pe placed;
        placed.x = pe.x;
        placed.y = pe.y;
        placed.program = std::uint32_t(program_of[i]);
        placed.name = res.block_names[pe.code_block].str();
        const ir::pe_program& program = l.programs[placed.program];
        for (const auto& b : code.bindings) {
            const ir::socket* s = find_socket(program, b.name.view());
            if (s == nullptr) continue;
            const std::int8_t physical = physical_color(res.colors, b.value.col.id);
            const route_rule* rule = rule_of(pe, b.value.col.id);
            // The core's wavelets on this color enter the router on it, or on its partner with a swap at C.
            const route_rule* partner = rule_of(pe, partner_of(res.colors, b.value.col.id));
            const bool bank = b.value.col.bank >= 0;
            const bool in_mp = bank && (pe.mp_banks & (1u << b.value.col.bank));
            const bool takes = (rule && takes_from_core(*rule) && !(swapped_ports(rule->swap) & hw::bit(hw::port::core))) ||
                               (partner && takes_from_core(*partner) && (swapped_ports(partner->swap) & hw::bit(hw::port::core)));
            if (s->input_queue >= 0) {
                placed.input_color[std::size_t(s->input_queue)] = physical;
                if (bank ? !in_mp : (rule == nullptr || !delivers_to_core(*rule)))
                    note_stall(std::uint32_t(pe.code), s->name, true, pe, bank ? b.value.col.bank : -1);
            }
            if (s->output_queue >= 0) {
                placed.output_color[std::size_t(s->output_queue)] = physical;
                if (bank ? !in_mp : !takes) note_stall(std::uint32_t(pe.code), s->name, false, pe, bank ? b.value.col.bank : -1);
            }
        }
        l.pes.push_back(std::move(placed));
    }
    for (const auto& s : stalls) {
        const attribute& code = r.attributes[s.code];
        std::string where = pe_text(s.x, s.y);
        if (s.pes > 1) where += " (and " + decimal(s.pes - 1) + " other PEs)";
        std::string m = "socket " + quote(s.socket) + " of kernel " + quote(code.text.view());
        if (s.bank >= 0)
            m += " is bound to message-passing bank " + decimal(s.bank) + ", but mp() does not cover " + where;
        else if (s.reads)
            m += " reads a color whose route on " + where + " does not deliver to the core ([..>C])";
        else
            m += " writes a color whose route on " + where + " does not take input from the core ([C>..])";
        out.add(make_diagnostic(severity::warning, code.at, m + ": it stalls silently on hardware"));
    }

    // The symbol map.
    struct placed_entry {
        ir::map_entry entry;
        std::uint32_t code;
    };
    std::vector<placed_entry> entries;
    auto program_at = [&](std::int32_t x, std::int32_t y) {
        const auto it = std::lower_bound(res.pes.begin(), res.pes.end(), std::pair{y, x}, [](const resolved_pe& p, std::pair<int, int> k) {
            return std::pair{p.y, p.x} < k;
        });
        return program_of[std::size_t(it - res.pes.begin())];
    };
    // The blocks of one code() that repeat at one step (an hstack of tiles), alike in shape, name and
    // program, share one entry with a dimension over them, as copies made by rep() do.
    auto run_of = [&](const attribute& code) -> std::optional<ir::map_dimension> {
        const std::uint32_t n = code.last - code.first;
        if (n < 2) return std::nullopt;
        const block& b0 = r.blocks[code.first];
        const std::int32_t dx = r.blocks[code.first + 1].x - b0.x, dy = r.blocks[code.first + 1].y - b0.y;
        const cx_string name = dy == 0 ? "x" : dx == 0 ? "y" : "n";
        if ((dx == 0 && dy == 0) || has_dimension(b0, name)) return std::nullopt;
        const auto& symbols = l.programs[std::size_t(program_at(b0.x, b0.y))].symbols;
        for (std::uint32_t k = 0; k < n; ++k) {
            const block& b = r.blocks[code.first + k];
            if (std::int64_t(b.x) != b0.x + std::int64_t(k) * dx || std::int64_t(b.y) != b0.y + std::int64_t(k) * dy ||
                b.width != b0.width || b.height != b0.height || b.x_dim != b0.x_dim || b.y_dim != b0.y_dim ||
                b.repeats != b0.repeats || res.block_names[code.first + k] != res.block_names[code.first])
                return std::nullopt;
            bool alike = true;
            for_each_copy(b, [&](std::int32_t cx, std::int32_t cy) {
                for (std::int32_t y = cy; y < cy + b.height; ++y)
                    for (std::int32_t x = cx; x < cx + b.width; ++x)
                        alike = alike && l.programs[std::size_t(program_at(x, y))].symbols == symbols;
            });
            if (!alike) return std::nullopt;
        }
        return ir::map_dimension{std::string(name.view()), n, 0, dx, dy};
    };
    for (std::uint32_t a = 0; a < r.attributes.size(); ++a) {
        if (first_program[a] < 0) continue;
        const attribute& code = r.attributes[a];
        const auto run = run_of(code);
        for (std::uint32_t bi = code.first; bi < (run ? code.first + 1 : code.last); ++bi) {
            const block& b = r.blocks[bi];
            // Geovar variants of one kernel may place their symbols differently: then each PE gets its own entries.
            const ir::pe_program& program = l.programs[std::size_t(program_at(b.x, b.y))];
            bool one_layout = true;
            for_each_copy(b, [&](std::int32_t cx, std::int32_t cy) {
                for (std::int32_t y = cy; y < cy + b.height; ++y)
                    for (std::int32_t x = cx; x < cx + b.width; ++x)
                        one_layout = one_layout && l.programs[std::size_t(program_at(x, y))].symbols == program.symbols;
            });
            if (!one_layout) {
                for_each_copy(b, [&](std::int32_t cx, std::int32_t cy) {
                    for (std::int32_t y = cy; y < cy + b.height; ++y)
                        for (std::int32_t x = cx; x < cx + b.width; ++x)
                            for (const auto& sym : l.programs[std::size_t(program_at(x, y))].symbols)
                                entries.push_back({ir::map_entry_for(sym, res.block_names[bi].view(), x, y), a});
                });
                continue;
            }
            std::vector<ir::map_dimension> dims;   // the run's, the repeats, outermost first, then the rectangle's
            if (run) dims.push_back(*run);
            for (auto rp = b.repeats.rbegin(); rp != b.repeats.rend(); ++rp)
                dims.push_back({rp->name.str(), std::uint32_t(rp->count), 0, rp->dx, rp->dy});
            if (b.height > 1 || !b.y_dim.empty())
                dims.push_back({dimension_name(b.y_dim, "y"), std::uint32_t(b.height), 0, 0, 1});
            if (b.width > 1 || !b.x_dim.empty())
                dims.push_back({dimension_name(b.x_dim, "x"), std::uint32_t(b.width), 0, 1, 0});
            for (const auto& s : program.symbols)
                entries.push_back({ir::map_entry_for(s, res.block_names[bi].view(), b.x, b.y, dims), a});
        }
    }
    {
        const auto order = stable_order(entries.size(), [&](std::size_t a, std::size_t b) {
            const auto &ea = entries[a].entry, &eb = entries[b].entry;
            return ea.y != eb.y ? ea.y < eb.y : ea.x < eb.x;
        });
        std::vector<placed_entry> sorted;
        sorted.reserve(entries.size());
        for (const auto i : order) sorted.push_back(std::move(entries[i]));
        entries = std::move(sorted);
    }
    // Group by name (keeping map order inside a group): drop exact repeats (overlapping blocks of one
    // code()), warn once per name that is left with several entries.
    const auto by_name = stable_order(entries.size(), [&](std::size_t a, std::size_t b) {
        return entries[a].entry.name < entries[b].entry.name;
    });
    std::vector<bool> keep(entries.size(), true);
    for (std::size_t g = 0; g < by_name.size();) {
        std::size_t end = g;
        while (end < by_name.size() && entries[by_name[end]].entry.name == entries[by_name[g]].entry.name) ++end;
        std::size_t kept = 0;
        for (std::size_t i = g; i < end; ++i) {
            const ir::map_entry& e = entries[by_name[i]].entry;
            // In map order, so repeats of an entry (same PE) sit right before it.
            for (std::size_t j = i; j-- > g && entries[by_name[j]].entry.x == e.x && entries[by_name[j]].entry.y == e.y;)
                if (keep[by_name[j]] && entries[by_name[j]].entry == e) keep[by_name[i]] = false;
            kept += keep[by_name[i]];
        }
        if (kept > 1) {
            const ir::map_entry& first = entries[by_name[g]].entry;
            out.add(make_diagnostic(severity::warning, r.attributes[entries[by_name[g]].code].at,
                                    "map entry " + quote(first.name) + " has " + decimal(kept) +
                                        " exact map matches; using first entry (miget reads only the one at " +
                                        pe_text(first.x, first.y) +
                                        "): give the code regions different names with name()"));
        }
        g = end;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (keep[i]) l.symbols.push_back(std::move(entries[i].entry));
    if (!options.debug_info)
        for (auto& p : l.programs) ir::strip_debug_info(p);
    return l;
}


}  // namespace wafer::paint::detail
