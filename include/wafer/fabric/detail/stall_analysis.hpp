#pragma once
// Words for a stalled fabric: what a blocked PE waits on, who sits at the other end of its
// color (following the routes), and where undelivered wavelets are stuck and why.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/deadlock.hpp"
#include "wafer/fabric/pe.hpp"
#include "wafer/fabric/router.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

struct fabric_view {
    const ir::layout& layout;
    const std::vector<pe>& pes;
    const router_grid& routers;
};

inline std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

inline std::string pe_label(const ir::layout& l, std::size_t i) {
    const auto& p = l.pes[i];
    return "PE " + coordinates(p.x, p.y) + (p.name.empty() ? "" : " " + p.name) + " [" +
           l.programs[p.program].kernel + "]";
}

inline std::string pe_state_text(const pe& p) {
    switch (p.phase) {
    case pe::state::halted: return "which halted at cycle " + std::to_string(p.clock);
    case pe::state::blocked: return "which is blocked since cycle " + std::to_string(p.blocked_since);
    case pe::state::scheduled: break;
    }
    return "which is still running";
}

/// "socket rx" for the socket on a queue, else "" (a program built without socket names).
inline std::string socket_name(const ir::pe_program& prog, ir::dsd::kind k, int queue) {
    for (const auto& s : prog.sockets)
        if ((k == ir::dsd::kind::fabin ? s.input_queue : s.output_queue) == queue) return "socket " + s.name;
    return "";
}

/// What a PE blocked on fabric operand `o` waits for.
inline std::string wait_text(const ir::placed_pe& placed, const ir::pe_program& prog, const ir::dsd& o) {
    const bool in = o.k == ir::dsd::kind::fabin;
    const std::string queue = std::string(in ? "input" : "output") + " queue " + std::to_string(o.queue);
    const int color = in ? placed.input_color[o.queue] : placed.output_color[o.queue];
    const std::string socket = socket_name(prog, o.k, o.queue);
    const std::string binding = color < 0 ? queue + ", bound to no color" : "color " + std::to_string(color) + ", " + queue;
    return std::string(in ? "reading " : "writing ") + (socket.empty() ? queue : socket) + " (" + binding + ")" +
           (in ? "" : ": queue full");
}

/// Where the wavelets a PE reads on `color` come from: follows the route backwards from the PE's
/// core to the core that feeds it.
inline std::string trace_to(const fabric_view& f, std::size_t pe_index, std::uint8_t color) {
    const std::string c = "color " + std::to_string(color);
    std::int32_t x = f.layout.pes[pe_index].x, y = f.layout.pes[pe_index].y;
    ir::port via = ir::port::core;  // the output the route must use at (x, y)
    for (std::size_t hops = 0; hops <= f.routers.size(); ++hops) {
        const auto at = "router " + coordinates(x, y);
        const auto r = f.routers.find(x, y);
        const auto* cs = r ? f.routers[*r].find(color) : nullptr;
        const auto* pos = cs ? cs->current() : nullptr;
        if (!pos) return "no route on " + c + " at " + at + " leads here";
        if (!(pos->outputs & ir::bit(via)))
            return "the route on " + c + " breaks at " + at + ": it does not send " + ir::letter(via);
        if (pos->input == ir::port::core) {
            const std::int32_t feeder = f.routers[*r].pe;
            if (feeder < 0) return "the route on " + c + " starts at " + at + ", where no PE is placed";
            const auto& out = f.layout.pes[std::size_t(feeder)].output_color;
            const bool sends = std::find(out.begin(), out.end(), std::int8_t(color)) != out.end();
            return c + " comes from " + pe_label(f.layout, std::size_t(feeder)) + ", " +
                   (sends ? pe_state_text(f.pes[std::size_t(feeder)]) : "which has no output queue on " + c);
        }
        x += ir::dx(pos->input);
        y += ir::dy(pos->input);
        if (x < 0 || y < 0 || x >= f.layout.width || y >= f.layout.height)
            return "the route on " + c + " comes in from the fabric edge at " + at;
        via = ir::opposite(pos->input);
    }
    return "the route on " + c + " runs in a loop and no PE feeds it";
}

/// Where the wavelets a PE writes on `color` go: follows the route (every branch of a multicast)
/// from the PE's core to the cores and edges it reaches.
inline std::string trace_from(const fabric_view& f, std::size_t pe_index, std::uint8_t color) {
    const std::string c = "color " + std::to_string(color);
    std::vector<std::string> ends;
    std::set<std::pair<std::int32_t, std::int32_t>> seen;
    std::vector<std::tuple<std::int32_t, std::int32_t, ir::port>> todo{
        {f.layout.pes[pe_index].x, f.layout.pes[pe_index].y, ir::port::core}};
    while (!todo.empty() && ends.size() < 8) {
        const auto [x, y, from] = todo.back();
        todo.pop_back();
        if (!seen.insert({x, y}).second) continue;
        const auto at = "router " + coordinates(x, y);
        const auto r = f.routers.find(x, y);
        const auto* cs = r ? f.routers[*r].find(color) : nullptr;
        const auto* pos = cs ? cs->current() : nullptr;
        if (!pos) {
            ends.push_back(at + ", which has no route on " + c);
            continue;
        }
        if (pos->input != from) {
            ends.push_back(at + ", whose route on " + c + " takes input from " + ir::letter(pos->input) +
                           ", not " + ir::letter(from));
            continue;
        }
        for (int p = 0; p < ir::port_count; ++p) {
            const auto port = ir::port(p);
            if (!(pos->outputs & ir::bit(port))) continue;
            if (port == ir::port::core) {
                const std::int32_t reader = f.routers[*r].pe;
                if (reader < 0) ends.push_back("the core of " + at + ", where no PE is placed");
                else if (f.pes[std::size_t(reader)].input_queue_of[color] < 0)
                    ends.push_back(pe_label(f.layout, std::size_t(reader)) + ", which has no input queue on " + c);
                else ends.push_back(pe_label(f.layout, std::size_t(reader)) + ", " +
                                    pe_state_text(f.pes[std::size_t(reader)]));
                continue;
            }
            const std::int32_t nx = x + ir::dx(port), ny = y + ir::dy(port);
            if (nx < 0 || ny < 0 || nx >= f.layout.width || ny >= f.layout.height)
                ends.push_back(std::string("the fabric edge, going ") + ir::letter(port) + " from " + at);
            else todo.emplace_back(nx, ny, ir::opposite(port));
        }
    }
    if (ends.empty()) return "the route on " + c + " runs in a loop";
    std::string out = c + " leads to ";
    for (std::size_t i = 0; i < ends.size(); ++i) out += (i ? "; " : "") + ends[i];
    return out;
}

/// Why the wavelet at the head of a router's color buffer cannot move.
inline std::string stuck_reason(const fabric_view& f, const router_state& r, const color_state& cs) {
    const std::string c = "color " + std::to_string(cs.color);
    const auto& head = cs.buffer.front();
    const auto* pos = cs.current();
    if (!pos) return c + " has no route there";
    if (pos->input != head.from)
        return std::string(cs.buffer.size() == 1 ? "it came" : "the first came") + " in from " +
               ir::letter(head.from) + " but the route takes input from " + ir::letter(pos->input);
    if (pos->outputs == 0) return "the route on " + c + " sends nowhere";
    if (pos->outputs & ir::bit(ir::port::core)) {
        if (r.pe < 0) return "the route sends to the core, where no PE is placed";
        const int q = f.pes[std::size_t(r.pe)].input_queue_of[cs.color];
        if (q < 0) return pe_label(f.layout, std::size_t(r.pe)) + " has no input queue on " + c;
        if (f.pes[std::size_t(r.pe)].input[std::size_t(q)].full())
            return "input queue " + std::to_string(q) + " of " + pe_label(f.layout, std::size_t(r.pe)) + " is full";
    }
    for (int p = 1; p < ir::port_count; ++p) {
        const auto port = ir::port(p);
        if (!(pos->outputs & ir::bit(port))) continue;
        const auto n = f.routers.find(r.x + ir::dx(port), r.y + ir::dy(port));
        if (n && f.routers[*n].find(cs.color) && f.routers[*n].find(cs.color)->buffer.full())
            return "no room at router " + coordinates(r.x + ir::dx(port), r.y + ir::dy(port));
    }
    return "waiting for room on " + c;
}

/// A note for every place wavelets wait: router buffers (by position) and PE queues.
/// Adds the number of wavelets to `count`.
inline std::vector<diagnostic> undelivered(const fabric_view& f, std::uint64_t& count) {
    std::vector<diagnostic> notes;
    auto note = [&](std::uint64_t n, std::string text) {
        count += n;
        notes.push_back(diagnostic{severity::note, "", {}, plural(n, "wavelet", "wavelets") + text, ""});
    };
    std::vector<const router_state*> order;
    for (std::size_t i = 0; i < f.routers.size(); ++i)
        if (f.routers[i].held > 0) order.push_back(&f.routers[i]);
    std::sort(order.begin(), order.end(),
              [](const router_state* a, const router_state* b) { return std::pair(a->y, a->x) < std::pair(b->y, b->x); });
    for (const auto* r : order)
        for (const auto& cs : r->colors)
            if (!cs.buffer.empty())
                note(cs.buffer.size(), " on color " + std::to_string(cs.color) + (cs.buffer.size() == 1 ? " waits" : " wait") +
                                           " at router " + coordinates(r->x, r->y) + ": " + stuck_reason(f, *r, cs));
    for (std::size_t i = 0; i < f.pes.size(); ++i) {
        const auto& p = f.pes[i];
        const auto& placed = f.layout.pes[i];
        const auto& prog = f.layout.programs[placed.program];
        for (std::size_t q = 0; q < p.input.size(); ++q) {
            if (p.input[q].empty()) continue;
            const auto socket = socket_name(prog, ir::dsd::kind::fabin, int(q));
            note(p.input[q].size(), std::string(p.input[q].size() == 1 ? " waits" : " wait") + " in input queue " +
                                        std::to_string(q) + (socket.empty() ? "" : " (" + socket + ")") + " of " +
                                        pe_label(f.layout, i) +
                                        (p.phase == pe::state::halted ? ", which halted without reading them" : ""));
        }
        for (std::size_t q = 0; q < p.output.size(); ++q) {
            if (p.output[q].empty()) continue;
            const auto socket = socket_name(prog, ir::dsd::kind::fabout, int(q));
            note(p.output[q].size(), std::string(p.output[q].size() == 1 ? " waits" : " wait") + " in output queue " +
                                         std::to_string(q) + (socket.empty() ? "" : " (" + socket + ")") + " of " +
                                         pe_label(f.layout, i) +
                                         (placed.output_color[q] < 0 ? ", which is bound to no color" : ""));
        }
    }
    return notes;
}

/// Line `n` of `file` for a diagnostic's quote; "" when the file cannot be read.
/// Only reports call this, so a file is read at most once per stalled run (`cache`).
inline std::string source_line(const std::string& file, std::uint32_t n, std::map<std::string, source_text>& cache) {
    if (file.empty() || n == 0) return "";
    auto it = cache.find(file);
    if (it == cache.end()) {
        constexpr std::size_t most = std::size_t(1) << 22;  // a kernel's source; never read without bound
        std::ifstream in(file, std::ios::binary);
        std::string text(most, '\0');
        in.read(text.data(), std::streamsize(most));
        text.resize(std::size_t(in ? most : std::max<std::streamsize>(in.gcount(), 0)));
        it = cache.emplace(file, source_text(file, std::move(text))).first;
    }
    return std::string(it->second.line(n));
}

}  // namespace wafer::fabric::detail
