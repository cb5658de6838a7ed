#pragma once
// After a run that stopped with PEs still waiting: how each PE ended, what each blocked thread
// waits for, and the wait-for chain behind it: a PE waits to read a color, the routers' current
// positions lead back to the PE that would send it, which may itself wait for another, and so on,
// until a PE that halted or is idle, a route that breaks, or a PE already in the chain (a cycle).
// Data only; fabric/report.hpp puts it into words.
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "wafer/fabric/detail/binding.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/run_result.hpp"

namespace wafer::fabric::detail {

inline pe_end end_of(const machine& m, std::uint32_t i) {
    const auto& p = m.pes[i];
    if (p.main == main_state::halted && p.busy_threads == 0) return pe_end::halted;
    if (m.waits[i] == pe_wait::scheduled) return pe_end::running;
    if (p.busy_threads != 0 || p.main == main_state::in_op) return pe_end::blocked;
    if (p.main == main_state::idle) return pe_end::idle;
    return p.main == main_state::halted ? pe_end::halted : pe_end::running;
}

inline pe_ref ref_of(const machine& m, std::uint32_t i) {
    const auto& placed = m.layout->pes[i];
    return pe_ref{i, placed.x, placed.y, placed.name, m.layout->programs[placed.program].kernel, end_of(m, i),
                  std::min(m.pes[i].since, m.limit)};
}

/// The socket of `prog` on input (or output) queue q, -1 none.
inline std::int16_t socket_on(const ir::pe_program& prog, bool input, int q) {
    for (std::size_t s = 0; s < prog.sockets.size(); ++s)
        if ((input ? prog.sockets[s].input_queue : prog.sockets[s].output_queue) == q) return std::int16_t(s);
    return -1;
}

/// What thread t (0 main, 1 + m) of a blocked PE waits for: the first operand that stops it.
inline blocked_thread blocked_on(machine& m, std::uint32_t i, int t) {
    const auto& p = m.pes[i];
    const issued_op& o = t == 0 ? p.op : m.threads[p.threads + std::uint32_t(t - 1)].op;
    const auto& prog = m.layout->programs[p.program];
    const auto& op = prog.dsd_ops[o.op];
    blocked_thread b;
    b.thread = std::int8_t(t);
    b.op = o.op;
    b.done = o.done;
    b.total = o.elements;
    bool found = false;
    for (int s = 0; s < 1 + ir::sources_of(op.op) && !found; ++s) {
        const auto& d = ir::operand(op, s);
        if (d.k == ir::dsd::kind::fabin && m.input_queue(i, d.queue).items.empty()) {
            b.on = wait{wait::kind::input, d.queue, m.input_queue(i, d.queue).color, socket_on(prog, true, d.queue)};
            found = true;
        } else if (d.k == ir::dsd::kind::fabout && m.output_queue(i, d.queue).items.full()) {
            b.on = wait{wait::kind::output, d.queue, m.output_queue(i, d.queue).color, socket_on(prog, false, d.queue)};
            found = true;
        } else if (d.k == ir::dsd::kind::fifo) {
            const auto& f = m.fifos[p.fifos + d.fifo];
            if (s == 0 && f.count == prog.fifos[d.fifo].capacity) b.on = wait{wait::kind::fifo_room, d.fifo, -1, -1}, found = true;
            if (s > 0 && f.count == 0) b.on = wait{wait::kind::fifo_data, d.fifo, -1, -1}, found = true;
        }
    }
    if (!found)  // an input queue whose head nothing takes (a control wavelet with on_control elsewhere, say)
        for (int s = 1; s <= ir::sources_of(op.op); ++s)
            if (op.src[std::size_t(s - 1)].k == ir::dsd::kind::fabin) {
                const int q = op.src[std::size_t(s - 1)].queue;
                b.on = wait{wait::kind::input, std::uint8_t(q), m.input_queue(i, q).color, socket_on(prog, true, q)};
                break;
            }
    return b;
}

inline std::vector<blocked_thread> blocked_threads(machine& m, std::uint32_t i) {
    std::vector<blocked_thread> out;
    const auto& p = m.pes[i];
    if (p.main == main_state::in_op) out.push_back(blocked_on(m, i, 0));
    for (int t = 0; t < hw::microthreads; ++t)
        if (p.busy_threads & (1u << t)) out.push_back(blocked_on(m, i, 1 + t));
    return out;
}

/// The router color for `color` at cell (x, y), or -1.
inline std::int32_t color_at_cell(const machine& m, std::int32_t x, std::int32_t y, int color) {
    if (x < 0 || y < 0 || x >= m.layout->width || y >= m.layout->height) return -1;
    const std::int32_t r = m.grid[std::size_t(y) * std::size_t(m.layout->width) + std::size_t(x)];
    return r < 0 ? -1 : color_at(m, std::uint32_t(r), color);
}

inline bool outside(const machine& m, std::int32_t x, std::int32_t y) {
    return x < 0 || y < 0 || x >= m.layout->width || y >= m.layout->height;
}

/// Where the wavelets PE i reads on `color` come from: back along the routes to the sending core.
inline route_end trace_to(const machine& m, std::uint32_t i, int color) {
    std::int32_t x = m.layout->pes[i].x, y = m.layout->pes[i].y;
    hw::port via = hw::port::core;  // the output the route must use at (x, y)
    int c = color;
    for (std::size_t hops = 0; hops <= m.routers.size(); ++hops) {
        route_end e{route_end::kind::no_route, x, y, std::uint8_t(c), std::uint8_t(via), -1};
        const std::int32_t at = color_at_cell(m, x, y, c);
        if (at < 0) return e;
        const color_state* cs = &m.colors[std::size_t(at)];
        if (cs->kind == color_kind::mp_core || cs->kind == color_kind::mp_travel) return e.k = route_end::kind::message, e;
        const auto& pos = cs->at;
        if (!(pos.outputs & hw::bit(via))) return e.k = route_end::kind::not_sent, e;
        if (!pos.has_input) return e.k = route_end::kind::no_input, e;
        if (cs->teardown) return e.k = route_end::kind::teardown, e;
        const std::int32_t source = pos.source;
        const int arriving = pos.input == hw::port::core ? m.color_places[std::size_t(at)].core_arriving
                             : source >= 0             ? m.buffer_places[std::size_t(source)].arriving
                                                       : c;
        if (pos.input == hw::port::core) {
            const std::int32_t r = m.grid[std::size_t(y) * std::size_t(m.layout->width) + std::size_t(x)];
            const std::int32_t feeder = m.routers[std::size_t(r)].pe;
            if (feeder < 0) return e.k = route_end::kind::no_pe, e;
            const auto& out = m.layout->pes[std::size_t(feeder)].output_color;
            const bool sends = std::find(out.begin(), out.end(), std::int8_t(arriving)) != out.end();
            e.k = sends ? route_end::kind::pe : route_end::kind::not_bound;
            e.pe = feeder;
            e.color = std::uint8_t(arriving);
            return e;
        }
        x += hw::dx(pos.input);
        y += hw::dy(pos.input);
        if (outside(m, x, y)) return route_end{route_end::kind::edge, x - hw::dx(pos.input), y - hw::dy(pos.input),
                                               std::uint8_t(c), std::uint8_t(pos.input), -1};
        via = hw::opposite(pos.input);
        c = arriving;
    }
    return route_end{route_end::kind::loop, x, y, std::uint8_t(color), 0, -1};
}

/// Where the wavelets PE i writes on `color` go: forward along the routes (the first branch of a
/// multicast) to the core that reads them, or to where they cannot go on.
inline route_end trace_from(const machine& m, std::uint32_t i, int color) {
    std::int32_t x = m.layout->pes[i].x, y = m.layout->pes[i].y;
    hw::port from = hw::port::core;
    int c = color;
    std::set<std::pair<std::int32_t, std::int32_t>> seen;
    while (seen.insert({x, y}).second) {
        route_end e{route_end::kind::no_route, x, y, std::uint8_t(c), std::uint8_t(from), -1};
        const std::int32_t r = m.grid[std::size_t(y) * std::size_t(m.layout->width) + std::size_t(x)];
        const std::int32_t b = from == hw::port::core ? core_reader(m, r, c) : acceptor(m, r, c, from);
        if (b < 0) {
            if (const auto at = color_at_cell(m, x, y, c); at >= 0 && m.colors[std::size_t(at)].at.has_input)
                e.k = route_end::kind::wrong_input, e.port = std::uint8_t(m.colors[std::size_t(at)].at.input);
            return e;
        }
        const std::size_t ci = from == hw::port::core ? std::size_t(b) : m.buffer_places[std::size_t(b)].owner;
        const color_state& cs = m.colors[ci];
        e.color = m.color_places[ci].color;
        if (cs.kind == color_kind::mp_core || cs.kind == color_kind::mp_travel) return e.k = route_end::kind::message, e;
        if (cs.teardown) return e.k = route_end::kind::teardown, e;
        const auto& pos = cs.at;
        if (!pos.has_input || pos.input != from) {
            e.k = route_end::kind::wrong_input;
            e.port = std::uint8_t(pos.input);
            return e;
        }
        if (pos.outputs & hw::bit(hw::port::core)) {
            const std::int32_t reader = m.routers[std::size_t(r)].pe;
            if (reader < 0) return e.k = route_end::kind::no_pe, e;
            e.pe = reader;
            e.k = cs.core_queue >= 0 ? route_end::kind::pe : route_end::kind::not_bound;
            return e;
        }
        int next = -1;
        for (int p = 1; p < hw::ports && next < 0; ++p)
            if (pos.outputs & (1u << p)) next = p;
        if (next < 0) return e.k = route_end::kind::not_sent, e;
        const std::int32_t nx = x + hw::dx(hw::port(next)), ny = y + hw::dy(hw::port(next));
        if (outside(m, nx, ny)) return route_end{route_end::kind::edge, x, y, e.color, std::uint8_t(next), -1};
        x = nx;
        y = ny;
        from = hw::opposite(hw::port(next));
        c = e.color;
    }
    return route_end{route_end::kind::loop, x, y, std::uint8_t(color), 0, -1};
}

inline route_end leads_to(const machine& m, std::uint32_t i, const blocked_thread& b) {
    if (b.on.k == wait::kind::fifo_data || b.on.k == wait::kind::fifo_room)
        return route_end{route_end::kind::self, m.layout->pes[i].x, m.layout->pes[i].y, 0, 0, std::int32_t(i)};
    if (b.on.color < 0) return route_end{route_end::kind::not_bound, m.layout->pes[i].x, m.layout->pes[i].y, 0, 0, -1};
    return b.on.k == wait::kind::input ? trace_to(m, i, b.on.color) : trace_from(m, i, b.on.color);
}

inline constexpr std::size_t max_chain = 16;

/// The blocked PE i with its wait-for chain.
inline blocked_pe analyse(machine& m, std::uint32_t i) {
    blocked_pe out;
    out.who = ref_of(m, i);
    out.threads = blocked_threads(m, i);
    std::vector<std::uint32_t> visited;
    std::uint32_t at = i;
    for (;;) {
        wait_step step;
        step.who = ref_of(m, at);
        visited.push_back(at);
        if (step.who.end == pe_end::blocked) {
            const auto threads = at == i ? out.threads : blocked_threads(m, at);
            if (!threads.empty()) {
                step.what = threads.front();
                step.next = leads_to(m, at, step.what);
            }
        }
        out.chain.push_back(step);
        const auto& last = out.chain.back();
        if (last.who.end != pe_end::blocked || last.next.k != route_end::kind::pe || out.chain.size() == max_chain) break;
        const auto next = std::uint32_t(last.next.pe);
        if (std::find(visited.begin(), visited.end(), next) != visited.end()) {
            out.cycle = true;
            break;
        }
        at = next;
    }
    return out;
}

}  // namespace wafer::fabric::detail
