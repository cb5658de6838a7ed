#pragma once
// build(): defined in build.hpp's translation units (header-only), or once in the library that
// compiles wafer/src.hpp (WAFER_SEPARATE_COMPILATION, docs/embedding.md).
#include "wafer/paint/build.hpp"

namespace wafer::paint {

WAFER_DECL ir::layout build(const region& layout, const kernel_provider& provider, diagnostics& out,
                            const build_options& options) {
    // Transports first: the router adds the routes the rest of the build sees (keeping the layout's
    // attributes first, at their indices), and the transports bring the arcvars.
    region routed;
    bool has_transports = false, has_arcvars = false;
    for (const auto& a : layout.attributes) {
        has_transports = has_transports || a.kind == attribute_kind::transport;
        for (const auto& b : a.bindings) has_arcvars = has_arcvars || b.value.k == binding_value::kind::arcvar;
    }
    std::vector<planned_transport> plan;
    if (has_transports && (options.route || has_arcvars)) {
        std::vector<problem> problems;
        plan = plan_transports(layout, problems);
        if (!has_errors(problems) && options.route)
            routed = route_transports(layout, plan, problems, pe_xy{options.fabric_width, options.fabric_height});
        report(problems, out);
        out.check();
    }
    const region& r = has_transports && options.route ? routed : layout;
    std::vector<std::vector<std::int64_t>> arcvalues;
    if (has_arcvars) {
        std::vector<problem> problems;
        arcvalues = arcvar_values(r, plan, problems);
        report(problems, out);
        out.check();
    }
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
                                        "the layout reaches " + detail::pe_text(pe.x, pe.y) + ", outside the fabric=" +
                                            std::to_string(options.fabric_width) + "x" + std::to_string(options.fabric_height) +
                                            " it must fit (x < " + std::to_string(options.fabric_width) + ", y < " +
                                            std::to_string(options.fabric_height) + ")"));
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
                                    "float16_dtype=" + std::to_string(options.float16_dtype) +
                                        ": wafer's fabric adder takes IEEE binary16 (Tungsten hp) operands, float16_dtype=10"));
        break;
    }
    out.check();

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
            if (b.value.k == binding_value::kind::integer)
                req.params.push_back({b.name.str(), b.value.integer});
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
            try {
                l.programs.push_back(provider(req));
            } catch (const error& e) {
                for (const auto& d : e.diagnostics()) out.add(d);
                out.check();
                throw;
            }
            requests.push_back(std::move(req));
        }
        program_of[i] = std::int32_t(index);
        if (first_program[std::size_t(pe.code)] < 0) {
            first_program[std::size_t(pe.code)] = std::int32_t(index);
            detail::check_bindings(code, l.programs[index], out);
        }
    }
    out.check();

    std::vector<detail::stall> stalls;
    auto note_stall = [&](std::uint32_t code, const std::string& socket, bool reads, const resolved_pe& pe, int bank = -1) {
        for (auto& s : stalls)
            if (s.code == code && s.socket == socket && s.reads == reads) {
                ++s.pes;
                return;
            }
        stalls.push_back(detail::stall{code, socket, reads, pe.x, pe.y, 1, bank});
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
                rt.colors.push_back(detail::color_route_of(r, r.attributes[route.attribute].rule,
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
            const ir::socket* s = detail::find_socket(program, b.name.view());
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
        const std::string where = detail::pe_text(s.x, s.y) +
                                  (s.pes > 1 ? " (and " + std::to_string(s.pes - 1) + " other PEs)" : std::string());
        std::string m = "socket " + quote(s.socket) + " of kernel " + quote(code.text.view()) +
                        (s.bank >= 0 ? " is bound to message-passing bank " + std::to_string(s.bank) +
                                           ", but mp() does not cover " + where
                                     : (s.reads ? " reads" : " writes") + std::string(" a color whose route on ") + where +
                                           (s.reads ? " does not deliver to the core ([..>C])"
                                                    : " does not take input from the core ([C>..])")) +
                        ": it stalls silently on hardware";
        out.add(make_diagnostic(severity::warning, code.at, m));
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
    for (std::uint32_t a = 0; a < r.attributes.size(); ++a) {
        if (first_program[a] < 0) continue;
        const attribute& code = r.attributes[a];
        for (std::uint32_t bi = code.first; bi < code.last; ++bi) {
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
            std::vector<ir::map_dimension> dims;   // the repeats, outermost first, then the rectangle's
            for (auto rp = b.repeats.rbegin(); rp != b.repeats.rend(); ++rp)
                dims.push_back({rp->name.str(), std::uint32_t(rp->count), 0, rp->dx, rp->dy});
            if (b.height > 1 || !b.y_dim.empty())
                dims.push_back({b.y_dim.empty() ? "y" : b.y_dim.str(), std::uint32_t(b.height), 0, 0, 1});
            if (b.width > 1 || !b.x_dim.empty())
                dims.push_back({b.x_dim.empty() ? "x" : b.x_dim.str(), std::uint32_t(b.width), 0, 1, 0});
            for (const auto& s : program.symbols)
                entries.push_back({ir::map_entry_for(s, res.block_names[bi].view(), b.x, b.y, dims), a});
        }
    }
    std::stable_sort(entries.begin(), entries.end(), [](const placed_entry& a, const placed_entry& b) {
        return a.entry.y != b.entry.y ? a.entry.y < b.entry.y : a.entry.x < b.entry.x;
    });
    // Group by name (keeping map order inside a group): drop exact repeats (overlapping blocks of one
    // code()), warn once per name that is left with several entries.
    std::vector<std::size_t> by_name(entries.size());
    for (std::size_t i = 0; i < by_name.size(); ++i) by_name[i] = i;
    std::stable_sort(by_name.begin(), by_name.end(),
                     [&](std::size_t a, std::size_t b) { return entries[a].entry.name < entries[b].entry.name; });
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
                                    "map entry " + quote(first.name) + " has " + std::to_string(kept) +
                                        " exact map matches; using first entry (miget reads only the one at " +
                                        detail::pe_text(first.x, first.y) +
                                        "): give the code regions different names with name()"));
        }
        g = end;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (keep[i]) l.symbols.push_back(std::move(entries[i].entry));
    return l;
}

WAFER_DECL ir::layout detail::build_frozen(const unsigned char* bytes, const kernel_provider& provider, diagnostics& out,
                                           const build_options& options) {
    return build(decode(bytes), provider, out, options);
}

}  // namespace wafer::paint
