// wafer show image=F.img | source=L.paint svg=F.svg [pes=x0:x1,y0:y1] [run [cycles=N]]: the fabric
// drawn as SVG. Each PE is a box filled by its kernel and labelled with it; each color's routes are
// paths through the routers in that color's hue (the switch position a run starts in solid, the
// others dashed), with an arrowhead where a route leaves a router and a dot where it reaches the
// core; with `run`, the PEs a deadlock leaves blocked are outlined in red, each with what it waits
// for. Hovering over a PE or a route shows its details (SVG <title>). Up to 64 x 64 PEs are drawn in
// full; a larger fabric is drawn in blocks of PEs, by the kernel most of each block runs, and
// pes= draws any part of it in full.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::cli {

namespace {

constexpr int cell = 48;        // pixels per PE
constexpr int box = 30;         // the PE's square inside its cell
constexpr int margin = 24;
constexpr int legend_row = 18;
constexpr std::int32_t full_detail = 64;  // PEs along a side drawn one by one

std::string escaped(const std::string& s) {
    std::string out;
    for (const char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

/// Well-separated hues: the golden angle between consecutive indices.
std::string hue(int index, int saturation, int lightness) {
    std::ostringstream s;
    s << "hsl(" << int(std::fmod(index * 137.508, 360.0)) << "," << saturation << "%," << lightness << "%)";
    return s.str();
}

struct drawing {
    const ir::layout& l;
    std::int32_t x0, y0, x1, y1;  // the PEs drawn: [x0, x1) x [y0, y1)
    std::int32_t block;           // PEs per side of a drawn square
    std::map<std::string, int> kernels;
    std::ostringstream svg;

    int px(std::int32_t x) const { return margin + int((x - x0) / block) * cell; }
    int py(std::int32_t y) const { return margin + int((y - y0) / block) * cell; }

    int kernel_index(const std::string& k) {
        const auto it = kernels.find(k);
        if (it != kernels.end()) return it->second;
        const int n = int(kernels.size());
        kernels[k] = n;
        return n;
    }

    /// Where a route meets a side of the cell (or its centre, for the core), offset per color so
    /// colors sharing a side stay apart.
    std::pair<double, double> anchor(std::int32_t x, std::int32_t y, hw::port p, int color) const {
        const double cx = px(x) + cell / 2.0, cy = py(y) + cell / 2.0, off = (color % 8 - 3.5) * 2.2;
        switch (p) {
        case hw::port::right: return {px(x) + cell, cy + off};
        case hw::port::left: return {px(x), cy + off};
        case hw::port::up: return {cx + off, py(y) + cell};  // Paint's up is the router's south side
        case hw::port::down: return {cx + off, py(y)};
        case hw::port::core: break;
        }
        return {cx + off, cy + off};
    }

    void route(const ir::router& r, const ir::color_route& c) {
        const std::string stroke = hue(c.color, 80, 40);
        const std::string text = std::string(paint::to_text(paint::rule_of(c)).view());
        for (std::size_t k = 0; k < c.positions.size(); ++k) {
            const auto& pos = c.positions[k];
            const bool initial = k == c.initial;
            svg << "<g stroke=\"" << stroke << "\" fill=\"" << stroke << "\"" << (initial ? "" : " stroke-dasharray=\"3,3\" opacity=\"0.6\"")
                << "><title>color " << int(c.color) << " at " << fabric::detail::coordinates(r.x, r.y) << ": [" << escaped(text) << "]"
                << (c.positions.size() > 1 ? initial ? " (starts here)" : " (a later position)" : "") << "</title>";
            const auto from = pos.has_input ? anchor(r.x, r.y, pos.input, c.color) : anchor(r.x, r.y, hw::port::core, c.color);
            const auto mid = anchor(r.x, r.y, hw::port::core, c.color);
            for (int p = 0; p < hw::ports; ++p) {
                if (!(pos.outputs & hw::bit(hw::port(p)))) continue;
                const auto to = anchor(r.x, r.y, hw::port(p), c.color);
                svg << "<polyline points=\"" << from.first << "," << from.second << " " << mid.first << "," << mid.second << " "
                    << to.first << "," << to.second << "\" fill=\"none\" stroke-width=\"1.6\"";
                if (p != 0) svg << " marker-end=\"url(#arrow" << int(c.color) << ")\"";
                svg << "/>";
                if (p == 0) svg << "<circle cx=\"" << to.first << "\" cy=\"" << to.second << "\" r=\"2.2\"/>";
            }
            svg << "</g>\n";
        }
    }
};

}  // namespace

int show(args& a) {
    const auto svg_file = a.require("svg");
    const auto rect = pes_option(a);
    const bool run_first = a.flag("run");
    std::uint64_t max_cycles = 0;
    if (auto c = a.get("cycles")) {
        if (!run_first) throw usage_error("cycles= limits the run that `run` asks for, and `run` is not given");
        max_cycles = positive_option("cycles", *c);
    }
    auto im = load_or_build(a);
    a.finish();
    const ir::layout& l = im.layout;

    // The blocked PEs of a run that deadlocks (or stops at the cycle limit), with what each waits for.
    std::map<std::size_t, std::string> blocked;
    std::string outcome;
    if (run_first) {
        fabric::fabric f(l);
        for (std::size_t pe = 0; pe < im.memory.size(); ++pe)
            if (!im.memory[pe].empty()) f.load(pe, im.memory[pe]);
        fabric::run_options options;
        if (max_cycles > 0) options.max_cycles = max_cycles;
        const auto r = f.run(options);
        outcome = std::string(fabric::to_string(r.status)) + " at cycle " + std::to_string(r.cycles);
        for (const auto& b : r.blocked) {
            std::string why;
            for (const auto& t : b.threads) why += (why.empty() ? "" : "; ") + fabric::detail::wait_text(t.on, t.on.socket >= 0 && std::size_t(t.on.socket) < b.sockets.size() ? b.sockets[std::size_t(t.on.socket)] : "");
            blocked[b.who.pe] = why;
        }
    }

    drawing d{l, std::max(0, rect.x_first), std::max(0, rect.y_first), std::min(l.width, rect.x_end), std::min(l.height, rect.y_end), 1, {}, {}};
    if (d.x0 >= d.x1 || d.y0 >= d.y1) throw usage_error("pes= chooses no PE of the " + std::to_string(l.width) + " x " + std::to_string(l.height) + " fabric");
    const std::int32_t side = std::max(d.x1 - d.x0, d.y1 - d.y0);
    d.block = (side + full_detail - 1) / full_detail;
    const int columns = int((d.x1 - d.x0 + d.block - 1) / d.block), rows = int((d.y1 - d.y0 + d.block - 1) / d.block);
    auto inside = [&](std::int32_t x, std::int32_t y) { return x >= d.x0 && x < d.x1 && y >= d.y0 && y < d.y1; };

    // PEs (or, for a large fabric, the kernel most of each block runs).
    std::ostringstream cells;
    if (d.block == 1) {
        for (std::size_t i = 0; i < l.pes.size(); ++i) {
            const auto& p = l.pes[i];
            if (!inside(p.x, p.y)) continue;
            const auto& kernel = l.programs[p.program].kernel;
            const int k = d.kernel_index(kernel);
            const auto b = blocked.find(i);
            const int x = d.px(p.x) + (cell - box) / 2, y = d.py(p.y) + (cell - box) / 2;
            cells << "<g><title>" << escaped(fabric::detail::pe_text(p.x, p.y, p.name, kernel))
                  << (b != blocked.end() ? "\nblocked: " + escaped(b->second) : "") << "</title><rect x=\"" << x << "\" y=\"" << y
                  << "\" width=\"" << box << "\" height=\"" << box << "\" rx=\"4\" fill=\"" << hue(k, 55, 85) << "\" stroke=\""
                  << (b != blocked.end() ? "#d00\" stroke-width=\"3" : "#555\" stroke-width=\"1") << "\"/><text x=\"" << x + box / 2
                  << "\" y=\"" << y + box / 2 + 3 << "\" font-size=\"7\" text-anchor=\"middle\">" << escaped(kernel.substr(0, 8))
                  << "</text></g>\n";
        }
    } else {
        std::map<std::pair<int, int>, std::map<std::string, int>> counts;
        std::map<std::pair<int, int>, bool> any_blocked;
        for (std::size_t i = 0; i < l.pes.size(); ++i) {
            const auto& p = l.pes[i];
            if (!inside(p.x, p.y)) continue;
            const auto at = std::pair(int((p.x - d.x0) / d.block), int((p.y - d.y0) / d.block));
            ++counts[at][l.programs[p.program].kernel];
            if (blocked.count(i)) any_blocked[at] = true;
        }
        for (const auto& [at, kinds] : counts) {
            const auto most = std::ranges::max_element(kinds, {}, [](const auto& kv) { return kv.second; });
            const int k = d.kernel_index(most->first);
            const bool red = any_blocked.count(at) > 0;
            cells << "<rect x=\"" << margin + at.first * cell << "\" y=\"" << margin + at.second * cell << "\" width=\"" << cell
                  << "\" height=\"" << cell << "\" fill=\"" << hue(k, 55, 80) << "\" stroke=\"" << (red ? "#d00" : "none")
                  << "\"><title>PEs (" << d.x0 + at.first * d.block << "," << d.y0 + at.second * d.block << ") and the next "
                  << d.block << " x " << d.block << ": mostly " << escaped(most->first) << (red ? "; some blocked" : "") << "</title></rect>\n";
        }
    }

    // Named regions, in full detail: a line along each side of a cell where the region changes (or
    // the drawing ends), and each region's name once, at its first PE (the lowest row, then column).
    std::ostringstream regions;
    if (d.block == 1) {
        std::map<std::pair<std::int32_t, std::int32_t>, const std::string*> name_at;
        std::map<std::string, std::pair<std::int32_t, std::int32_t>> first;  // (y, x)
        for (const auto& p : l.pes) {
            if (!inside(p.x, p.y)) continue;
            name_at[{p.x, p.y}] = &p.name;
            const auto [it, fresh] = first.try_emplace(p.name, p.y, p.x);
            if (!fresh) it->second = std::min(it->second, std::pair(p.y, p.x));
        }
        auto other = [&](std::int32_t x, std::int32_t y, const std::string& name) {
            const auto it = name_at.find({x, y});
            return it == name_at.end() ? 2 : *it->second != name ? 1 : 0;  // 2: no PE drawn there
        };
        auto line = [&](int xa, int ya, int xb, int yb) {
            regions << "<line x1=\"" << xa << "\" y1=\"" << ya << "\" x2=\"" << xb << "\" y2=\"" << yb << "\"/>";
        };
        regions << "<g stroke=\"#444\" stroke-width=\"1.5\">";
        for (const auto& [at, name] : name_at) {
            const auto [x, y] = at;
            const int left = d.px(x), top = d.py(y);
            // A side between two drawn PEs of different regions is drawn once, by the PE after it.
            if (other(x - 1, y, *name)) line(left, top, left, top + cell);
            if (other(x, y - 1, *name)) line(left, top, left + cell, top);
            if (other(x + 1, y, *name) == 2) line(left + cell, top, left + cell, top + cell);
            if (other(x, y + 1, *name) == 2) line(left, top + cell, left + cell, top + cell);
        }
        regions << "</g>\n";
        for (const auto& [name, at] : first)
            if (!name.empty())
                regions << "<text x=\"" << d.px(at.second) + 3 << "\" y=\"" << d.py(at.first) + 8 << "\" font-size=\"7\" fill=\"#444\">"
                        << escaped(name) << "</text>\n";
    }

    // Routes, drawn in full detail only.
    std::set<int> colors;
    std::ostringstream routes;
    if (d.block == 1) {
        std::swap(d.svg, routes);
        for (const auto& r : l.routers) {
            if (!inside(r.x, r.y)) continue;
            for (const auto& c : r.colors) {
                colors.insert(c.color);
                d.route(r, c);
            }
        }
        std::swap(d.svg, routes);
    }

    // The legend: kernels, colors, what the drawing leaves out.
    int width = margin * 2 + columns * cell;
    int y = margin * 2 + rows * cell;
    std::ostringstream notes;
    auto note = [&](const std::string& text, const std::string& swatch) {
        if (!swatch.empty()) notes << "<rect x=\"" << margin << "\" y=\"" << y - 10 << "\" width=\"12\" height=\"12\" fill=\"" << swatch << "\"/>";
        notes << "<text x=\"" << margin + (swatch.empty() ? 0 : 18) << "\" y=\"" << y << "\" font-size=\"12\">" << escaped(text) << "</text>\n";
        width = std::max(width, margin * 2 + 18 + int(text.size()) * 7);  // about 7 pixels a character
        y += legend_row;
    };
    note("fabric " + std::to_string(l.width) + " x " + std::to_string(l.height) + ", PEs (" + std::to_string(d.x0) + "," +
             std::to_string(d.y0) + ") to (" + std::to_string(d.x1 - 1) + "," + std::to_string(d.y1 - 1) + ")" +
             (d.block > 1 ? ", in blocks of " + std::to_string(d.block) + " x " + std::to_string(d.block) +
                                " PEs without routes (pes=x0:x1,y0:y1 draws a part in full)" : ""),
         "");
    if (run_first) note("run: " + outcome + (blocked.empty() ? "" : "; blocked PEs outlined in red"), "");
    std::vector<std::pair<int, std::string>> by_index;
    for (const auto& [k, i] : d.kernels) by_index.emplace_back(i, k);
    std::ranges::sort(by_index);
    for (const auto& [i, k] : by_index) note("kernel " + k, hue(i, 55, 85));
    for (const int c : colors) note("color " + std::to_string(c), hue(c, 80, 40));
    if (!colors.empty()) note("solid: the switch position a run starts in; dashed: later positions; dot: to the core", "");
    if (d.block == 1) note("outlined: the named regions, each named at its first PE", "");
    const int height = y + margin;

    write_whole(svg_file, "drawing", [&](std::ostream& out) {
        out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
            << height << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\">\n"
            << "<defs>";
        for (const int c : colors)  // an arrowhead per color, in its hue
            out << "<marker id=\"arrow" << c << "\" viewBox=\"0 0 6 6\" refX=\"5\" refY=\"3\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">"
                << "<path d=\"M0,0 L6,3 L0,6 z\" fill=\"" << hue(c, 80, 40) << "\"/></marker>";
        out << "</defs>\n"
            << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
        // The grid: a line between neighbouring cells.
        out << "<g stroke=\"#ddd\">";
        for (int c = 0; c <= columns; ++c)
            out << "<line x1=\"" << margin + c * cell << "\" y1=\"" << margin << "\" x2=\"" << margin + c * cell << "\" y2=\"" << margin + rows * cell << "\"/>";
        for (int r = 0; r <= rows; ++r)
            out << "<line x1=\"" << margin << "\" y1=\"" << margin + r * cell << "\" x2=\"" << margin + columns * cell << "\" y2=\"" << margin + r * cell << "\"/>";
        out << "</g>\n" << regions.str() << cells.str() << routes.str() << notes.str() << "</svg>\n";
    });
    return exit_ok;
}

}  // namespace wafer::cli
