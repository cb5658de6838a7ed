#pragma once
// A run's outcome as text: a summary line, each blocked PE with what it waits for and its wait-for
// chain, then the diagnostics, rendered by the one diagnostic renderer. Quote source lines into
// the diagnostics first (wafer::quote_sources in core/file.hpp) for the caret lines.
//
//   deadlock at cycle 57: 1 of 3 PEs blocked and no wavelet can move
//     PE (2,0) c [recv]: reading socket rx (color 1, input queue 0): 8 of 16 elements received, blocked since cycle 40
//       waits for PE (1,0) b [compute] to send color 1, which halted at cycle 30
//       recv.w:4:1: note: blocked here, in operation 2 of 2
#include <string>

#include "wafer/fabric/detail/report_text.hpp"
#include "wafer/fabric/run_result.hpp"

namespace wafer::fabric {

namespace detail {

inline std::string who(const pe_ref& p) { return pe_text(p.x, p.y, p.name, p.kernel); }

inline std::string state_text(const pe_ref& p) {
    switch (p.end) {
    case pe_end::halted: return "which halted at cycle " + std::to_string(p.cycle);
    case pe_end::idle: return "which is idle since cycle " + std::to_string(p.cycle) + ", with no task ready";
    case pe_end::blocked: return "which is blocked since cycle " + std::to_string(p.cycle);
    case pe_end::running: break;
    }
    return "which is still running";
}

inline std::string color_text(int c) { return "color " + std::to_string(c); }

/// Why following a color ended somewhere other than at a PE.
inline std::string end_text(const route_end& e) {
    const std::string at = "router " + coordinates(e.x, e.y);
    const std::string c = color_text(e.color);
    const char p = port_letter(hw::port(e.port));
    switch (e.k) {
    case route_end::kind::pe: return "";
    case route_end::kind::no_route: return at + " has no route on " + c;
    case route_end::kind::not_sent: return "the route on " + c + " at " + at + " does not send " + p;
    case route_end::kind::no_input: return "the route on " + c + " at " + at + " takes no input (a boundary suppression, or an open end such as [>C] that no transport completed)";
    case route_end::kind::wrong_input: return "the route on " + c + " at " + at + " takes input from " + p;
    case route_end::kind::no_pe: return "the route reaches the core of " + at + ", where no PE is placed";
    case route_end::kind::not_bound: return e.pe >= 0 ? "the PE there has no queue on " + c : "its queue is bound to no color";
    case route_end::kind::edge: return "the route leaves the fabric at " + coordinates(e.x, e.y) + " going " + p;
    case route_end::kind::loop: return "the route on " + c + " runs in a loop";
    case route_end::kind::teardown: return at + " holds " + c + " in teardown";
    case route_end::kind::message: return c + " is a message-passing color, routed by address";
    case route_end::kind::self: return "another thread of the same PE";
    }
    return "";
}

inline std::string wait_text(const wait& w, const std::string& socket) {
    const bool in = w.k == wait::kind::input || w.k == wait::kind::fifo_data;
    if (w.k == wait::kind::fifo_data || w.k == wait::kind::fifo_room)
        return std::string(in ? "reading" : "writing") + " FIFO " + std::to_string(w.queue) + (in ? ": empty" : ": full");
    const std::string queue = std::string(in ? "input" : "output") + " queue " + std::to_string(w.queue);
    const std::string binding = w.color < 0 ? queue + ", bound to no color" : color_text(w.color) + ", " + queue;
    return std::string(in ? "reading " : "writing ") + (socket.empty() ? queue : "socket " + socket) + " (" + binding + ")" +
           (in ? "" : ": queue full");
}

/// The chain after its first PE: "waits for PE B to send color 1, which waits for ..., which halted".
inline std::string chain_text(const blocked_pe& b) {
    std::string s;
    for (std::size_t k = 0; k < b.chain.size(); ++k) {
        const auto& step = b.chain[k];
        if (k > 0) {
            if (step.who.end != pe_end::blocked) return s + ", " + state_text(step.who);
            s += ", which ";
        }
        const bool in = step.what.on.k == wait::kind::input;
        if (step.next.k == route_end::kind::pe) {
            pe_ref next;  // the next link, or for a cycle the link it comes back to
            for (const auto& other : b.chain)
                if (std::int64_t(other.who.pe) == step.next.pe) next = other.who;
            s += "waits for " + who(next) + " to " + (in ? "send " : "read ") + color_text(step.next.color);
        } else {
            const bool fifo = step.what.on.k == wait::kind::fifo_data || step.what.on.k == wait::kind::fifo_room;
            s += fifo                      ? "waits for " + end_text(step.next)
                 : step.what.on.color < 0 ? "waits, but " + end_text(step.next)
                                          : "waits on " + color_text(step.what.on.color) + ", but " + end_text(step.next);
            return s;
        }
    }
    return b.cycle ? s + ": a wait-for cycle" : s + ", ...";
}

inline std::string render(const blocked_pe& b) {
    std::string out;
    for (const auto& t : b.threads) {
        const bool reading = t.on.k == wait::kind::input || t.on.k == wait::kind::fifo_data;
        out += "  " + who(b.who) + (t.thread > 0 ? " microthread " + std::to_string(t.thread - 1) : "") + ": " +
               wait_text(t.on, t.on.socket >= 0 ? b.sockets[std::size_t(t.on.socket)] : "") + ": " + std::to_string(t.done) +
               " of " + std::to_string(t.total) + " elements " + (reading ? "received" : "sent") + ", blocked since cycle " +
               std::to_string(b.who.cycle) + "\n";
    }
    if (!b.chain.empty()) out += "    " + chain_text(b) + "\n";
    out += indent(wafer::render(b.where), "    ");
    return out;
}

}  // namespace detail

inline std::string report(const run_result& r) {
    std::string out;
    const std::string at = " at cycle " + std::to_string(r.cycles);
    switch (r.status) {
    case run_status::halted: out = "halted" + at + "\n"; break;
    case run_status::deadlock:
        out = "deadlock" + at + ": " + std::to_string(r.blocked.size()) + " of " + std::to_string(r.pe_count) +
              (r.pe_count == 1 ? " PE" : " PEs") + " blocked and no wavelet can move\n";
        break;
    case run_status::cycle_limit: out = "stopped by the cycle limit" + at + "\n"; break;
    case run_status::fault: out = "fault" + at + "\n"; break;
    case run_status::stopped: out = "stopped" + at + " as asked; a run that resumes goes on from here\n"; break;
    }
    for (const auto& b : r.blocked) out += detail::render(b);
    for (const auto& d : r.diagnostics) out += detail::indent(wafer::render(d), "  ");
    return out;
}

}  // namespace wafer::fabric
