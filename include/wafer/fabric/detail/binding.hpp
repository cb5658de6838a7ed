#pragma once
// Where a color meets a PE's queues on its router: which buffer takes a color arriving on a port,
// which input queue a color is delivered to, which buffer an output queue feeds, and clearing a
// color's teardown. Used when the fabric is built and when an operation rebinds a queue.
#include <cstdint>

#include "wafer/fabric/machine.hpp"

namespace wafer::fabric::detail {

/// The buffer of router `r` that takes wavelets arriving on color `arriving` through `port`, or
/// no_acceptor.
inline std::int32_t acceptor(const machine& m, std::int32_t r, int arriving, hw::port port) {
    if (r < 0) return no_acceptor;
    const auto& rs = m.routers[std::size_t(r)];
    for (std::uint32_t b = rs.buffers; b < rs.buffers + rs.buffer_count; ++b)
        if (m.buffer_places[b].port == std::uint8_t(port) && m.buffer_places[b].arriving == arriving) return std::int32_t(b);
    return no_acceptor;
}

/// Router `r`'s state for `color`, or -1.
inline std::int32_t color_at(const machine& m, std::uint32_t r, int color) {
    const auto& rs = m.routers[r];
    for (std::uint32_t c = rs.colors; c < rs.colors + rs.color_count; ++c)
        if (m.color_places[c].color == color) return std::int32_t(c);
    return -1;
}

/// The color socket `s` of PE `placed` is bound to (by its input or output queue), or -1.
inline int socket_color(const ir::layout&, const ir::placed_pe& placed, const ir::pe_program& p, int s) {
    const auto& sock = p.sockets[std::size_t(s)];
    if (sock.input_queue >= 0) return placed.input_color[std::size_t(sock.input_queue)];
    if (sock.output_queue >= 0) return placed.output_color[std::size_t(sock.output_queue)];
    return -1;
}

/// Input queue q of PE `pe` now receives what its router delivers to the core on `color`.
inline void bind_input_queue(machine& m, std::uint32_t pe, int q, int color) {
    auto& qs = m.input_queue(pe, q);
    const std::uint32_t r = m.pes[pe].router;  // a PE with queues has a router
    if (qs.color >= 0)
        if (const auto c = color_at(m, r, qs.color); c >= 0) m.colors[std::size_t(c)].core_queue = -1;
    qs.color = std::int8_t(color);
    if (color < 0) return;
    if (const auto c = color_at(m, r, color); c >= 0)
        m.colors[std::size_t(c)].core_queue = std::int32_t(m.input_index(pe, q));
}

/// Output queue q of PE `pe` now feeds its router on `color`: the colors whose core port reads
/// that color read this queue.
inline void bind_output_queue(machine& m, std::uint32_t pe, int q, int color) {
    auto& qs = m.output_queue(pe, q);
    qs.color = std::int8_t(color);
    const std::uint32_t r = m.pes[pe].router;  // a PE with queues has a router
    const auto& rs = m.routers[r];
    for (std::uint32_t c = rs.colors; c < rs.colors + rs.color_count; ++c) {
        auto& cs = m.colors[c];
        const std::uint8_t arriving = m.color_places[c].core_arriving;
        if (arriving == 0xff) continue;
        // Which of the PE's output queues feed this color: one is the common case, several take turns.
        int feeding = 0;
        cs.core_feed = -1;
        for (int oq = 0; oq < hw::max_output_queues; ++oq) {
            if (m.pes[pe].output_queue(oq) < 0) continue;
            const auto qi = std::int32_t(m.output_index(pe, oq));
            if (m.queues[std::size_t(qi)].color != arriving) continue;
            if (cs.core_feed < 0) cs.core_feed = qi;
            ++feeding;
        }
        cs.core_shared = feeding > 1;
    }
}

/// The color of router `r` whose core port reads `color`, or -1.
inline std::int32_t core_reader(const machine& m, std::int32_t r, int color) {
    if (r < 0) return -1;
    const auto& rs = m.routers[std::size_t(r)];
    for (std::uint32_t c = rs.colors; c < rs.colors + rs.color_count; ++c)
        if (m.color_places[c].core_arriving == color) return std::int32_t(c);
    return -1;
}

/// The color of socket `s` leaves teardown on PE `pe`'s router at the end of this cycle; its
/// neighbours may send to it from the next (fabric.hpp, reopen).
inline void clear_teardown(machine& m, partition& part, std::uint32_t pe, int s) {
    const int color = socket_color(*m.layout, m.layout->pes[pe], m.layout->programs[m.pes[pe].program], s);
    const std::uint32_t r = m.pes[pe].router;
    if (color < 0 || r == none) return;
    const auto c = color_at(m, r, color);
    if (c >= 0 && m.colors[std::size_t(c)].teardown) part.reopened.push_back(std::uint32_t(c));
}

}  // namespace wafer::fabric::detail
