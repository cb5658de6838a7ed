#pragma once
// The run's outcome in words: faults, warnings, wavelets lost off the fabric edge or left where
// they cannot move, and where a blocked operation is in its kernel. Diagnostics carry the kernel's
// file and position; the line itself is quoted by whoever prints them (the interpreter reads no
// files).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/report_text.hpp"
#include "wafer/fabric/detail/wait_analysis.hpp"
#include "wafer/fabric/machine.hpp"

namespace wafer::fabric::detail {

inline std::string pe_label(const machine& m, std::uint32_t i) {
    const auto& p = m.layout->pes[i];
    return pe_text(p.x, p.y, p.name, m.layout->programs[p.program].kernel);
}

/// "socket rx" for the socket on a queue, else "" (a program built without socket names).
inline std::string socket_text(const ir::pe_program& prog, bool input, int q) {
    const auto s = socket_on(prog, input, q);
    return s < 0 ? "" : "socket " + prog.sockets[std::size_t(s)].name;
}

inline diagnostic describe(const machine& m, const fault& f) {
    const auto& prog = m.program_of(f.pe);
    const auto& pp = m.programs[m.pes[f.pe].program];
    const ir::debug_position pos = f.op >= 0 ? prog.dsd_ops[std::size_t(f.op)].pos : pp.code[f.instruction].pos;
    const std::string who = pe_label(m, f.pe) + ": ";
    const std::string what = f.op >= 0 ? "operation " + std::to_string(f.op + 1) : "instruction " + std::to_string(f.instruction + 1);
    const std::string queue = std::string(f.output ? "output" : "input") + " queue " + std::to_string(f.low);
    std::string message;
    switch (f.what) {
    case fault::kind::memory:
        message = what + " accesses words " + hex(f.low) + ".." + hex(f.high) + ", outside PE memory (0x0.." +
                  hex(hw::memory_words - 1) + ")";
        break;
    case fault::kind::divide_by_zero: message = what + " divides by zero"; break;
    case fault::kind::call_depth: message = what + " calls deeper than " + std::to_string(call_stack_depth) + " levels"; break;
    case fault::kind::return_at_top: message = what + " returns with no call to return to"; break;
    case fault::kind::microthread_busy:
        message = what + " starts on microthread " + std::to_string(f.low) + ", which still runs operation " +
                  std::to_string(f.other + 1) + ": two concurrent operations on one microthread";
        break;
    case fault::kind::queue_busy:
        message = what + " uses " + queue + ", which operation " + std::to_string(f.other + 1) +
                  " still uses: two concurrent operations on one queue";
        break;
    case fault::kind::bounds: {
        const auto& check = prog.bounds_checks.at(std::size_t(f.other));
        message = what + " reads " + quote(check.array) + " at index " + std::to_string(f.low) + " of dimension " +
                  quote(check.dimension) + ", outside its extent " + std::to_string(f.high) + " (fsanitize=bounds)";
        break;
    }
    case fault::kind::queue_not_empty:
        message = what + " rebinds " + queue + " from color " + std::to_string(f.other) +
                  " while it still holds wavelets of that color: empty a queue before reusing it";
        break;
    }
    return diagnostic{severity::error, prog.file_of(pos), pos, who + message + " (cycle " + std::to_string(f.cycle) + ")", ""};
}

inline diagnostic describe(const machine& m, const run_warning& w) {
    const auto& prog = m.program_of(w.pe);
    const std::string socket = socket_text(prog, true, w.queue);
    return diagnostic{severity::warning, "", {},
                      pe_label(m, w.pe) + ": " + plural(w.count, "control wavelet", "control wavelets") + " in input queue " +
                          std::to_string(w.queue) + (socket.empty() ? "" : " (" + socket + ")") +
                          " read as data, first at cycle " + std::to_string(w.cycle) +
                          ": no on_control, control_transform or control task takes them",
                      ""};
}

/// Why router color `ci`'s wavelet `w`, at the head of what its current position reads, cannot move.
inline std::string stuck_reason(const machine& m, std::uint32_t ci, const wavelet& w) {
    const color_state& cs = m.colors[ci];
    const color_place& place = m.color_places[ci];
    const auto& rs = m.routers[place.router];
    const std::string c = "color " + std::to_string(place.color);
    const auto& pos = cs.at;
    std::uint8_t outputs = pos.outputs;
    if (cs.kind == color_kind::mp_core || cs.kind == color_kind::mp_travel) {
        const hw::port p = message_port(rs.x, rs.y, w);
        if (pos.target(p) == no_acceptor)
            return "the message to " + coordinates(message_x(w), message_y(w)) +
                   " cannot go on: the next router has no mp() for bank " +
                   std::to_string(place.mp_bank);
        outputs = hw::bit(p);
    }
    if (cs.kind == color_kind::adder && !w.control() &&
        (cs.core_feed < 0 || m.queues[std::size_t(cs.core_feed)].items.empty()))
        return "the fabric adder waits for an f16 operand from the core of " + coordinates(rs.x, rs.y);
    for (int p = 0; p < hw::ports; ++p) {
        if (!(outputs & (1u << p))) continue;
        const std::int32_t t = pos.target(hw::port(p));
        const auto letter = std::string(1, port_letter(hw::port(p)));
        const std::int32_t q = cs.kind == color_kind::mp_travel ? m.colors[std::size_t(place.partner)].core_queue : cs.core_queue;
        if (t == to_core) {
            if (rs.pe < 0) return "the route sends to the core, where no PE is placed";
            if (q < 0) return pe_label(m, std::uint32_t(rs.pe)) + " has no input queue on " + c;
            if (m.queues[std::size_t(q)].items.full()) return "the input queue of " + pe_label(m, std::uint32_t(rs.pe)) + " on " + c + " is full";
        } else if (t == no_acceptor) {
            const std::int32_t nx = rs.x + hw::dx(hw::port(p)), ny = rs.y + hw::dy(hw::port(p));
            const std::string next = "router " + coordinates(nx, ny);
            const std::int32_t at = color_at_cell(m, nx, ny, place.color);
            const color_state* there = at < 0 ? nullptr : &m.colors[std::size_t(at)];
            if (there && there->kind == color_kind::route && there->at.has_input)
                return next + "'s route on " + c + " takes input from " + port_letter(there->at.input) +
                       ", not " + port_letter(hw::opposite(hw::port(p)));
            return next + " has no route on " + c;
        } else if (t >= 0) {
            const auto& target = m.buffers[std::size_t(t)];
            const auto owner = m.buffer_places[std::size_t(t)].owner;
            const auto& nr = m.routers[target.router];
            if (m.colors[owner].teardown)
                return "router " + coordinates(nr.x, nr.y) + " holds color " + std::to_string(m.color_places[owner].color) + " in teardown";
            if (target.items.full()) return "no room at router " + coordinates(nr.x, nr.y) + " going " + letter;
        }
    }
    return "waiting for room on " + c;
}

/// Why the wavelet at the head of router buffer `bi` cannot move.
inline std::string stuck_reason(const machine& m, std::uint32_t bi) {
    const input_buffer& b = m.buffers[bi];
    const buffer_place& place = m.buffer_places[bi];
    const color_state& cs = m.colors[place.owner];
    const auto& pos = cs.at;
    if (cs.kind == color_kind::route && (!pos.has_input || pos.source != std::int32_t(bi)))
        return std::string(b.items.size() == 1 ? "it came" : "they came") + " in from " + port_letter(hw::port(place.port)) +
               " but the route's current position takes input from " +
               (pos.has_input ? std::string(1, port_letter(pos.input)) : std::string("nowhere"));
    return stuck_reason(m, place.owner, b.items.front());
}

/// Why the wavelets in an output queue bound to `color` do not leave for the router.
inline std::string stuck_reason(const machine& m, std::uint32_t pe, const queue_state& q) {
    const std::int32_t c = core_reader(m, std::int32_t(m.pes[pe].router), q.color);
    if (c < 0) return "its router takes no color " + std::to_string(q.color) + " from the core";
    const color_state& cs = m.colors[std::size_t(c)];
    const int color = m.color_places[std::size_t(c)].color;
    const auto& pos = cs.at;
    if (cs.kind == color_kind::route && (!pos.has_input || pos.input != hw::port::core))
        return "the route on color " + std::to_string(color) + " takes input from " +
               (pos.has_input ? std::string(1, port_letter(pos.input)) : std::string("nowhere")) + " now, not the core";
    if (cs.teardown) return "its router holds color " + std::to_string(color) + " in teardown";
    return stuck_reason(m, std::uint32_t(c), q.items.front());
}

/// A note for every place wavelets wait: router buffers (by position) and PE queues. Adds the
/// number of wavelets to `count`.
inline std::vector<diagnostic> undelivered(const machine& m, std::uint64_t& count) {
    std::vector<diagnostic> notes;
    auto note = [&](std::uint64_t n, std::string text) {
        count += n;
        notes.push_back(diagnostic{severity::note, "", {}, plural(n, "wavelet", "wavelets") + text, ""});
    };
    std::vector<std::uint32_t> order;
    for (std::uint32_t b = 0; b < m.buffers.size(); ++b)
        if (!m.buffers[b].items.empty()) order.push_back(b);
    auto where = [&](std::uint32_t b) {
        const auto& rs = m.routers[m.buffers[b].router];
        return std::tuple(rs.y, rs.x, m.color_places[m.buffer_places[b].owner].color, m.buffer_places[b].port);
    };
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return where(a) < where(b); });
    for (const auto b : order) {
        const auto& buf = m.buffers[b];
        const auto& rs = m.routers[buf.router];
        note(buf.items.size(), " on color " + std::to_string(m.color_places[m.buffer_places[b].owner].color) +
                                   (buf.items.size() == 1 ? " waits" : " wait") + " at router " + coordinates(rs.x, rs.y) + ": " +
                                   stuck_reason(m, b));
    }
    for (std::uint32_t i = 0; i < m.pes.size(); ++i) {
        if (m.pes[i].queue_count == 0) continue;
        const auto& prog = m.program_of(i);
        const bool halted = end_of(m, i) == pe_end::halted;
        for (int q = 0; q < hw::input_queues; ++q) {
            if (m.pes[i].input_queue(q) < 0) continue;
            const auto& qs = m.queues[m.input_index(i, q)];
            if (qs.items.empty()) continue;
            const auto socket = socket_text(prog, true, q);
            note(qs.items.size(), std::string(qs.items.size() == 1 ? " waits" : " wait") + " in input queue " +
                                      std::to_string(q) + (socket.empty() ? "" : " (" + socket + ")") + " of " +
                                      pe_label(m, i) + (halted ? ", which halted without reading them" : ""));
        }
        for (int q = 0; q < hw::max_output_queues; ++q) {
            if (m.pes[i].output_queue(q) < 0) continue;
            const auto& qs = m.queues[m.output_index(i, q)];
            if (qs.items.empty()) continue;
            const auto socket = socket_text(prog, false, q);
            note(qs.items.size(), std::string(qs.items.size() == 1 ? " waits" : " wait") + " in output queue " +
                                      std::to_string(q) + (socket.empty() ? "" : " (" + socket + ")") + " of " +
                                      pe_label(m, i) +
                                      (qs.color < 0 ? ", which is bound to no color" : ": " + stuck_reason(m, i, qs)));
        }
    }
    return notes;
}

inline std::vector<diagnostic> drops(const machine& m) {
    std::vector<diagnostic> out;
    for (const auto& [key, d] : m.drops) {
        const auto [y, x, color, port] = key;
        out.push_back(diagnostic{severity::warning, "", {},
                                 (d.count == 1 ? std::string("wavelet") : std::to_string(d.count) + " wavelets") + " on color " +
                                     std::to_string(color) + " left the fabric going " + port_letter(hw::port(port)) +
                                     " from PE " + coordinates(x, y) + " (data lost" + (d.count == 1 ? " at" : ", first at") +
                                     " cycle " + std::to_string(d.first) + ")",
                                 ""});
    }
    return out;
}

/// The note at a blocked thread's operation, in its kernel's source.
inline diagnostic blocked_here(const machine& m, std::uint32_t i, const blocked_thread& b) {
    const auto& prog = m.program_of(i);
    return diagnostic{severity::note, prog.file_of(prog.dsd_ops[b.op].pos), prog.dsd_ops[b.op].pos,
                      "blocked here, in operation " + std::to_string(b.op + 1) + " of " + std::to_string(prog.dsd_ops.size()) +
                          (b.thread > 0 ? " (microthread " + std::to_string(b.thread - 1) + ")" : ""),
                      ""};
}

}  // namespace wafer::fabric::detail
