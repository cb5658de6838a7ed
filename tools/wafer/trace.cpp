// wafer run ... trace=F.json | trace=F.log [pes=x0:x1,y0:y1] [window=a:b]: the run's trace
// (fabric/trace.hpp) as a Chrome/Perfetto trace, written with nlohmann::json, or as a text log in
// the style of the original simulator's (docs/tracing.md).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/ir/print.hpp"

namespace wafer::cli {

namespace {

using nlohmann::json;
using kind = fabric::trace_event::kind;

/// Cycles are microseconds in the Trace Event Format: the viewer's "1 us" is one cycle.
struct track_names {
    const ir::layout& l;
    std::string pe(std::uint32_t i) const {
        const auto& p = l.pes[i];
        return fabric::detail::pe_text(p.x, p.y, p.name, l.programs[p.program].kernel);
    }
    const ir::pe_program& program(std::uint32_t i) const { return l.programs[l.pes[i].program]; }
    std::string socket(std::uint32_t i, const fabric::wait& w) const {
        const auto& s = program(i).sockets;
        return w.socket >= 0 && std::size_t(w.socket) < s.size() ? s[std::size_t(w.socket)].name : "";
    }
    std::string op(std::uint32_t i, std::uint32_t k) const {
        const auto& p = program(i);
        return k < p.dsd_ops.size() ? ir::to_string(p.dsd_ops[k], &p) : "operation " + std::to_string(k + 1);
    }
    std::string task(std::uint32_t i, std::uint32_t t) const {
        const auto& p = program(i);
        return "task " + std::to_string(t < p.tasks.size() ? p.tasks[t].id : t);
    }
    std::string landing(const fabric::trace_event& e) const {
        char data[16];
        std::snprintf(data, sizeof data, "0x%08x", unsigned(e.data));
        return "color " + std::to_string(e.on.color) + ", input queue " + std::to_string(e.on.queue) + ": " + data +
               (e.flags & 1 ? " (control)" : "");
    }
};

constexpr std::uint64_t track_of(std::uint32_t pe, int thread) { return std::uint64_t(pe) * 16 + std::uint64_t(thread); }

void write_json(const fabric::trace& t, const ir::layout& l, std::ostream& out) {
    const track_names names{l};
    json events = json::array();
    events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", 0}, {"args", {{"name", "fabric"}}}});
    std::map<std::uint64_t, std::string> tracks;
    auto track = [&](std::uint32_t pe, int thread) {
        const auto id = track_of(pe, thread);
        if (!tracks.count(id)) tracks[id] = names.pe(pe) + (thread == 0 ? "" : " microthread " + std::to_string(thread - 1));
        return id;
    };
    const std::uint64_t end = t.events.empty() ? 0 : t.events.back().cycle + 1;
    std::map<std::pair<std::uint32_t, int>, const fabric::trace_event*> running;  // operations begun, not ended
    std::map<std::uint32_t, const fabric::trace_event*> stalled;
    std::map<int, std::uint64_t> landed;  // per color
    auto slice = [&](const fabric::trace_event& from, std::uint64_t to, std::string name, const char* cat, json args) {
        events.push_back({{"name", std::move(name)}, {"cat", cat}, {"ph", "X"}, {"ts", from.cycle}, {"dur", to - from.cycle},
                          {"pid", 0}, {"tid", track(from.pe, from.thread)}, {"args", std::move(args)}});
    };
    auto op_slice = [&](const fabric::trace_event& b, std::uint64_t to, const char* how) {
        slice(b, to, names.op(b.pe, b.index), "dsd", {{"operation", b.index + 1}, {"end", how}});
    };
    auto stall_slice = [&](const fabric::trace_event& s, std::uint64_t to) {
        slice(s, to, "stall: " + fabric::detail::wait_text(s.on, names.socket(s.pe, s.on)), "stall", {{"operation", s.index + 1}});
    };
    for (const auto& e : t.events) {
        switch (e.what) {
        case kind::task:
            events.push_back({{"name", names.task(e.pe, e.index)}, {"cat", "task"}, {"ph", "i"}, {"s", "t"}, {"ts", e.cycle},
                              {"pid", 0}, {"tid", track(e.pe, 0)}});
            break;
        case kind::op_begin: running[{e.pe, e.thread}] = &e; break;
        case kind::op_end:
            if (auto it = running.find({e.pe, e.thread}); it != running.end()) {
                op_slice(*it->second, e.cycle, e.data ? "completed" : "ended early");
                running.erase(it);
            }
            break;
        case kind::stall: stalled[e.pe] = &e; break;
        case kind::resume:
            if (auto it = stalled.find(e.pe); it != stalled.end()) {
                stall_slice(*it->second, e.cycle);
                stalled.erase(it);
            }
            break;
        case kind::landing:
            events.push_back({{"name", "landing"}, {"cat", "wavelet"}, {"ph", "i"}, {"s", "t"}, {"ts", e.cycle}, {"pid", 0},
                              {"tid", track(e.pe, 0)}, {"args", {{"wavelet", names.landing(e)}}}});
            events.push_back({{"name", "color " + std::to_string(e.on.color) + " landed"}, {"ph", "C"}, {"ts", e.cycle},
                              {"pid", 0}, {"args", {{"wavelets", ++landed[e.on.color]}}}});
            break;
        case kind::queue: {
            const auto& p = l.pes[e.pe];
            events.push_back({{"name", "PE (" + std::to_string(p.x) + "," + std::to_string(p.y) + ") input queue " + std::to_string(e.on.queue)},
                              {"ph", "C"}, {"ts", e.cycle}, {"pid", 0}, {"args", {{"wavelets", e.data}}}});
            break;
        }
        case kind::instruction: break;  // the text log shows them: a slice each would drown the view
        }
    }
    // What is still going on when the trace ends.
    for (const auto& [key, b] : running) op_slice(*b, std::max(end, b->cycle), "unfinished");
    for (const auto& [pe, s] : stalled) stall_slice(*s, std::max(end, s->cycle));
    for (const auto& [id, name] : tracks) {
        events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", 0}, {"tid", id}, {"args", {{"name", name}}}});
        events.push_back({{"name", "thread_sort_index"}, {"ph", "M"}, {"pid", 0}, {"tid", id}, {"args", {{"sort_index", id}}}});
    }
    json doc{{"traceEvents", std::move(events)},
             {"displayTimeUnit", "ns"},
             {"otherData", {{"time unit", "1 us is one cycle"}, {"truncated", t.truncated}}}};
    out << doc.dump() << '\n';
}

/// The watchdog line comes after this many cycles without an instruction.
constexpr std::uint64_t watchdog_cycles = 1000;

void write_log(const fabric::trace& t, const ir::layout& l, std::ostream& out) {
    const track_names names{l};
    std::uint64_t last_work = t.options.from;
    for (const auto& e : t.events) {
        const bool work = e.what == kind::instruction || e.what == kind::op_begin || e.what == kind::task;
        if (work && e.cycle - last_work >= watchdog_cycles)
            out << '@' << e.cycle << " watchdog: " << e.cycle - last_work << " cycles since an instruction was executed\n";
        if (work) last_work = e.cycle;
        const auto& p = l.pes[e.pe];
        out << '@' << e.cycle << " P" << p.x << '.' << p.y << ' ';
        if (e.thread > 0) out << "microthread " << int(e.thread) - 1 << ' ';
        const auto& prog = names.program(e.pe);
        switch (e.what) {
        case kind::task: out << names.task(e.pe, e.index) << " starts"; break;
        case kind::op_begin: out << "begins " << names.op(e.pe, e.index); break;
        case kind::op_end: out << (e.data ? "completes operation " : "ends operation early: ") << e.index + 1; break;
        case kind::stall: out << "stalls " << fabric::detail::wait_text(e.on, names.socket(e.pe, e.on)); break;
        case kind::resume: out << "goes on"; break;
        case kind::landing: out << "lands " << names.landing(e); break;
        case kind::queue: out << "input queue " << int(e.on.queue) << " (color " << int(e.on.color) << ") holds " << e.data; break;
        case kind::instruction:
            if (const auto* ins = fabric::laid_out_instruction(prog, e.index)) {
                out << ir::to_string(*ins, prog);
                if (ins->pos.line > 0) out << "  (" << prog.file_of(ins->pos) << ':' << ins->pos.line << ')';
            }
            break;
        }
        out << '\n';
    }
    if (t.truncated) out << '@' << t.complete_to << " trace ends: it passed " << t.options.max_events << " events\n";
}

}  // namespace

fabric::trace_options trace_options(args& a) {
    fabric::trace_options o;
    const auto pes = pes_option(a);
    o.x_first = pes.x_first, o.x_end = pes.x_end, o.y_first = pes.y_first, o.y_end = pes.y_end;
    if (auto w = a.get("window")) std::tie(o.from, o.to) = range_option("window", *w);
    return o;
}

void check_trace_file(const std::string& file) {
    auto ends = [&](const char* s) { return file.size() > std::strlen(s) && file.ends_with(s); };
    if (!ends(".json") && !ends(".log"))
        throw usage_error("trace=" + file + ": name a .json file (Chrome/Perfetto) or a .log file (text)");
}

void write_trace(const fabric::trace& t, const ir::layout& l, const std::string& file) {
    write_whole(file, "trace", [&](std::ostream& out) {
        if (file.ends_with(".json")) write_json(t, l, out);
        else write_log(t, l, out);
    });
}

}  // namespace wafer::cli
