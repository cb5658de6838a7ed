// wafer run ... stats | stats=F.csv: where the run's cycles and wavelets went (fabric/stats.hpp),
// as a table on stdout (the first PEs, and every color) or every PE as CSV.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/detail/report_text.hpp"
#include "wafer/ir/print.hpp"

namespace wafer::cli {

namespace {

// More PE rows than this go to stats=F.csv, not to the terminal.
constexpr std::size_t shown_pes = 64;

std::string label(const ir::layout& l, std::size_t pe) {
    const auto& p = l.pes[pe];
    return fabric::detail::pe_text(p.x, p.y, p.name, l.programs[p.program].kernel);
}

/// An operation as `file:line opcode.type` (the kernel's name for a program without files).
std::string label(const ir::layout& l, const fabric::op_stats& s) {
    const auto& program = l.programs[s.program];
    const auto& op = program.dsd_ops[s.op];
    const std::string& file = program.file_of(op.pos);
    const std::string where = file.empty() ? program.kernel : file.substr(file.find_last_of('/') + 1);
    return where + ":" + std::to_string(op.pos.line) + " " + ir::mnemonic(op);
}

}  // namespace

void print_stats(const fabric::run_stats& s, const ir::layout& l, std::ostream& out, bool all_in_file) {
    std::size_t width = 2;
    const std::size_t rows = std::min(s.pes.size(), shown_pes);
    for (std::size_t pe = 0; pe < rows; ++pe) width = std::max(width, label(l, pe).size());
    out << std::left << std::setw(int(width)) << "PE" << std::right;
    for (const char* h : {"busy", "blocked", "idle", "in", "out"}) out << std::setw(10) << h;
    out << '\n';
    for (std::size_t pe = 0; pe < rows; ++pe) {
        const auto& p = s.pes[pe];
        out << std::left << std::setw(int(width)) << label(l, pe) << std::right;
        for (auto v : {p.busy, p.blocked, p.idle, p.in, p.out}) out << std::setw(10) << v;
        out << '\n';
    }
    if (rows < s.pes.size())
        out << "... and " << s.pes.size() - rows << " more PEs" << (all_in_file ? " (all in the stats file)" : ": stats=F.csv writes them all")
            << '\n';
    out << std::left << std::setw(8) << "color" << std::right << std::setw(10) << "hops" << "  busiest link\n";
    for (const auto& c : s.colors)
        out << std::left << std::setw(8) << int(c.color) << std::right << std::setw(10) << c.hops << "  router "
            << fabric::detail::coordinates(c.busiest.x, c.busiest.y) << " to " << fabric::detail::port_letter(hw::port(c.busiest.port))
            << ": " << c.busiest.wavelets << '\n';
    if (s.ops.empty()) return;
    std::size_t op_width = 9;
    for (const auto& o : s.ops) op_width = std::max(op_width, label(l, o).size());
    out << std::left << std::setw(int(op_width)) << "operation" << std::right;
    for (const char* h : {"elements", "cycles", "per elem", "strides", "fabric", "banks", "stalled", "ramp"}) out << std::setw(10) << h;
    out << '\n';
    for (const auto& o : s.ops) {
        out << std::left << std::setw(int(op_width)) << label(l, o) << std::right << std::setw(10) << o.elements << std::setw(10)
            << o.cycles << std::setw(10) << std::fixed << std::setprecision(2)
            << (o.elements ? double(o.cycles) / double(o.elements) : 0.0) << std::defaultfloat;
        for (auto v : {o.strides, o.fabric, o.banks, o.stalled, o.ramp}) out << std::setw(10) << v;
        out << '\n';
    }
}

void write_stats(const fabric::run_stats& s, const ir::layout& l, const std::string& file) {
    write_whole(file, "stats", [&](std::ostream& out) {
        out << "x,y,name,kernel,busy,blocked,idle,in,out\n";
        for (std::size_t pe = 0; pe < s.pes.size(); ++pe) {
            const auto& placed = l.pes[pe];
            const auto& p = s.pes[pe];
            out << placed.x << ',' << placed.y << ',' << placed.name << ',' << l.programs[placed.program].kernel << ','
                << p.busy << ',' << p.blocked << ',' << p.idle << ',' << p.in << ',' << p.out << '\n';
        }
    });
}

}  // namespace wafer::cli
