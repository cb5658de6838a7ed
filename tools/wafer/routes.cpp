// wafer routes image=F.img | source=L.paint [pes=x0:x1,y0:y1]: each router's route table as
// text, color by color: its switch positions and modifiers as Paint writes them (the initial one
// starred; tip: it starts in teardown), its swaps, and which socket of the PE there sends or reads
// the color. A color the PE binds but its router does not route says so: that PE never hears it.
#include <iostream>
#include <map>
#include <sstream>

#include "commands.hpp"
#include "wafer/fabric/detail/report_text.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::cli {

namespace {

using fabric::detail::port_letter;

/// The color's positions and modifiers as Paint writes them ("[L>R ; *L>U ; ring pop=all]"), and
/// its swaps, which the IR keeps per input port, in words.
std::string rule_text(const ir::color_route& c) {
    std::string s = "[" + std::string(paint::to_text(paint::rule_of(c)).view()) + "]";
    if (c.swapped) {
        s += "  swap at ";
        for (int q = 0; q < hw::ports; ++q)
            if (c.swapped & hw::bit(hw::port(q))) s += port_letter(hw::port(q));
        s += " (reads color " + std::to_string(c.color ^ 1) + ")";
    }
    return s;
}

/// What the PE's sockets do with each color: "reads rx (input queue 0)".
std::map<int, std::vector<std::string>> bindings(const ir::layout& l, const ir::placed_pe& pe) {
    std::map<int, std::vector<std::string>> out;
    const auto& prog = l.programs[pe.program];
    auto socket_on = [&](bool input, int q) {
        for (const auto& s : prog.sockets)
            if ((input ? s.input_queue : s.output_queue) == q) return "socket " + s.name + " ";
        return std::string();
    };
    for (int q = 0; q < hw::input_queues; ++q)
        if (pe.input_color[std::size_t(q)] >= 0)
            out[pe.input_color[std::size_t(q)]].push_back("reads " + socket_on(true, q) + "(input queue " + std::to_string(q) + ")");
    for (int q = 0; q < hw::max_output_queues; ++q)
        if (pe.output_color[std::size_t(q)] >= 0)
            out[pe.output_color[std::size_t(q)]].push_back("sends " + socket_on(false, q) + "(output queue " + std::to_string(q) + ")");
    return out;
}

void table(const ir::layout& l, const pe_rect& rect, std::ostream& out) {
    // Routers and PEs in (y, x) order, merged: a cell with either gets a heading.
    std::size_t r = 0, p = 0, shown = 0;
    auto cell = [](const auto& v) { return std::pair(v.y, v.x); };
    while (r < l.routers.size() || p < l.pes.size()) {
        const bool take_router = r < l.routers.size() && (p == l.pes.size() || cell(l.routers[r]) <= cell(l.pes[p]));
        const auto at = take_router ? cell(l.routers[r]) : cell(l.pes[p]);
        const ir::router* router = take_router ? &l.routers[r++] : nullptr;
        const ir::placed_pe* pe = p < l.pes.size() && cell(l.pes[p]) == at ? &l.pes[p++] : nullptr;
        if (!rect.has(at.second, at.first)) continue;
        auto bound = pe ? bindings(l, *pe) : std::map<int, std::vector<std::string>>{};
        if (!router && bound.empty()) continue;  // a PE that never meets the fabric
        ++shown;
        out << "router " << fabric::detail::coordinates(at.second, at.first);
        if (pe) out << "  " << fabric::detail::pe_text(pe->x, pe->y, pe->name, l.programs[pe->program].kernel);
        out << '\n';
        auto line = [&](int color, const std::string& routes) {
            std::ostringstream row;
            row << "  color " << color << (color < 10 ? "   " : "  ") << routes;
            auto core = bound.find(color);
            if (core != bound.end()) {
                std::string s = row.str();
                s.resize(std::max<std::size_t>(s.size() + 2, 44), ' ');
                row.str("");
                row << s << "core ";
                for (std::size_t k = 0; k < core->second.size(); ++k) row << (k ? ", " : "") << core->second[k];
                bound.erase(core);
            }
            out << row.str() << '\n';
        };
        if (router) {
            for (const auto& c : router->colors) line(c.color, rule_text(c));
            if (router->mp_banks) {
                out << "  message passing on bank";
                for (int b = 0; b < 8; ++b)
                    if (router->mp_banks & (1u << b)) out << ' ' << b;
                out << '\n';
            }
        }
        while (!bound.empty()) line(bound.begin()->first, "(no route on this router)");
    }
    if (shown == 0) out << "no router or bound PE in the PEs chosen\n";
}

}  // namespace

int routes(args& a) {
    const auto rect = pes_option(a);
    auto im = load_or_build(a);
    a.finish();
    table(im.layout, rect, std::cout);
    return exit_ok;
}

}  // namespace wafer::cli
