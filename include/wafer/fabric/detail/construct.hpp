#pragma once
// Building a fabric's state from a checked layout: every pool sized and filled once, every route
// resolved to buffer indices (which buffer of which neighbour takes what leaves each port), and
// `restart`, which puts the run state back to cycle 0 without touching memory.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "wafer/fabric/detail/binding.hpp"
#include "wafer/fabric/detail/huge_pages.hpp"
#include "wafer/fabric/machine.hpp"

namespace wafer::fabric::detail {

/// The color a message leaving through `p` travels on, in bank `first`'s five colors: the core
/// color, then +x (right), -x (left), +y (up), -y (down).
constexpr int mp_travel_color(int first, hw::port p) noexcept {
    switch (p) {
    case hw::port::right: return first + 1;
    case hw::port::left: return first + 2;
    case hw::port::up: return first + 3;
    case hw::port::down: return first + 4;
    default: return first;
    }
}

/// Cuts the fabric into `n` partitions of about as many PEs each (n at most the PEs), each with the
/// routers at its cells, in strips of strip_pes PEs: the PEs are in row-major order, and so are the
/// routers, so a PE's router is in its partition. Marks the buffers whose writer is in another
/// partition than their owner.
inline void partition_into(machine& m, std::size_t n) {
    const auto pe_count = std::uint32_t(m.pes.size()), router_count = std::uint32_t(m.routers.size());
    // The first router at or after PE `pe`'s cell (all of them past the last PE).
    auto router_cut = [&](std::uint32_t pe) {
        if (pe == 0) return std::uint32_t(0);
        if (pe >= pe_count) return router_count;
        const auto at = std::pair(m.layout->pes[pe].y, m.layout->pes[pe].x);
        return std::uint32_t(std::ranges::partition_point(m.routers, [&](const router_state& r) { return std::pair(r.y, r.x) < at; }) -
                             m.routers.begin());
    };
    m.parts.assign(std::max<std::size_t>(n, 1), partition{});
    for (std::size_t k = 0; k < m.parts.size(); ++k) {
        auto& part = m.parts[k];
        part.pe_first = std::uint32_t(std::uint64_t(pe_count) * k / m.parts.size());
        part.pe_end = std::uint32_t(std::uint64_t(pe_count) * (k + 1) / m.parts.size());
        part.router_first = router_cut(part.pe_first);
        part.router_end = k + 1 == m.parts.size() ? router_count : router_cut(part.pe_end);
        for (std::uint32_t first = part.pe_first + strip_pes; first < part.pe_end; first += strip_pes)
            part.strips.push_back(strip{first, router_cut(first)});
        part.strips.push_back(strip{part.pe_end, part.router_end});
        part.clock.resize(part.pe_first, part.pe_end, part.router_first, part.router_end);
    }
    for (auto& part : m.parts) {
        // The strip of each router, and of its neighbour across each port: cursors that walk, as
        // the neighbours' indices grow with the router's.
        const auto n = std::uint32_t(part.strips.size());
        auto walk = [&](std::uint32_t& s, std::uint32_t r) {
            while (s + 1 < n && part.strips[s].routers <= r) ++s;
            while (s > 0 && part.strips[s - 1].routers > r) --s;
            return s;
        };
        std::uint32_t at = 0;
        std::array<std::uint32_t, hw::ports> beside{};
        for (std::uint32_t r = part.router_first; r < part.router_end; ++r) {
            const std::uint32_t s = walk(at, r);
            for (int p = 1; p < hw::ports; ++p) {
                const std::int32_t other = m.routers[r].neighbour[std::size_t(p)];
                if (other < 0) continue;
                if (part.owns_router(std::uint32_t(other))) {
                    const std::uint32_t t = walk(beside[std::size_t(p)], std::uint32_t(other));
                    part.reach = std::max(part.reach, s > t ? s - t : t - s);
                } else if (std::uint32_t(other) < part.router_first) {
                    part.border_first = std::max(part.border_first, s + 1);
                } else {
                    part.border_last = std::max(part.border_last, n - s);
                }
            }
        }
    }
    m.borders.clear();
    for (std::uint32_t i = 0; i < m.buffers.size(); ++i) {
        auto& b = m.buffers[i];
        const std::int32_t writer = m.buffer_places[i].writer;
        b.border = writer >= 0 && !m.part_of_router(b.router).owns_router(std::uint32_t(writer));
        if (b.border) m.borders.push_back(i);
    }
}

class constructor {
public:
    constructor(machine& m, const ir::layout& l) : m_(m), l_(l) {}

    void build() {
        m_.layout = &l_;
        m_.arch = l_.arch;
        for (const auto& p : l_.programs) m_.programs.push_back(prepare(p, l_.arch));
        const std::size_t cells = std::size_t(l_.width) * std::size_t(l_.height);
        reserve_huge(m_.grid, cells);
        m_.grid.assign(cells, -1);
        reserve();
        auto router_at = [&](std::int32_t x, std::int32_t y) {
            auto& g = m_.grid[cell(x, y)];
            if (g < 0) {
                g = std::int32_t(m_.routers.size());
                m_.routers.push_back(router_state{});
                m_.routers.back().x = x;
                m_.routers.back().y = y;
            }
            return std::uint32_t(g);
        };
        // Routers in row-major cell order (both lists are sorted by (y, x)), so routers, their colors
        // and buffers lie in memory as the fabric does. A PE's cell gets a router when the PE has
        // queues to connect; a PE without queues never meets the fabric.
        std::size_t j = 0;
        auto cell_of = [](const auto& v) { return std::pair(v.y, v.x); };
        for (std::size_t i = 0; i <= l_.routers.size(); ++i) {
            for (; j < l_.pes.size() && (i == l_.routers.size() || cell_of(l_.pes[j]) <= cell_of(l_.routers[i])); ++j) {
                const auto& placed = l_.pes[j];
                const bool configured = i < l_.routers.size() && cell_of(placed) == cell_of(l_.routers[i]);
                if (!configured && used_queues(placed) == 0) continue;
                const std::uint32_t r = router_at(placed.x, placed.y);
                m_.routers[r].pe = std::int32_t(j);
                m_.routers[r].rider = m_.programs[placed.program].rides;
                if (configured) colors_of(r, l_.routers[i]);
            }
            if (i < l_.routers.size() && m_.grid[cell(l_.routers[i].x, l_.routers[i].y)] < 0)
                colors_of(router_at(l_.routers[i].x, l_.routers[i].y), l_.routers[i]);
        }
        for (auto& rs : m_.routers) {
            for (int p = 1; p < hw::ports; ++p) {
                const std::int32_t x = rs.x + hw::dx(hw::port(p)), y = rs.y + hw::dy(hw::port(p));
                rs.neighbour[std::size_t(p)] =
                    x < 0 || y < 0 || x >= l_.width || y >= l_.height ? off_fabric : m_.grid[cell(x, y)];
            }
        }
        for (std::uint32_t r = 0; r < m_.routers.size(); ++r) resolve(r);
        pes();
        m_.routers.shrink_to_fit();
        m_.buffers.shrink_to_fit();
        m_.buffer_places.shrink_to_fit();
        m_.grown.resize(m_.pes.size());
        partition_into(m_, 1);
    }

private:
    machine& m_;
    const ir::layout& l_;

    /// Room for every router, color, position and buffer the layout asks for, so building moves
    /// nothing (a router or buffer fewer than counted is possible: a PE without queues has none).
    void reserve() {
        std::size_t colors = 0, positions = 0, buffers = 0;
        for (const auto& r : l_.routers) {
            const std::size_t mp = std::size_t(std::popcount(unsigned(r.mp_banks))) * hw::mp_bank_colors;
            colors += r.colors.size() + mp;
            positions += mp;
            buffers += mp;
            for (const auto& c : r.colors) {
                positions += c.positions.size();
                for (const auto& p : c.positions) buffers += p.has_input && p.input != hw::port::core;
            }
        }
        reserve_huge(m_.routers, l_.routers.size() + l_.pes.size());
        reserve_huge(m_.colors, colors);
        m_.color_places.reserve(colors);
        reserve_huge(m_.positions, positions);
        reserve_huge(m_.buffers, buffers);
        m_.buffer_places.reserve(buffers);
    }

    std::size_t cell(std::int32_t x, std::int32_t y) const { return std::size_t(y) * std::size_t(l_.width) + std::size_t(x); }

    /// Bits 0-7: the input queues a PE uses; 8-15: its output queues (its program's, and those bound).
    std::uint32_t used_queues(const ir::placed_pe& placed) const {
        const auto& pp = m_.programs[placed.program];
        std::uint32_t used = pp.input_queues | std::uint32_t(pp.output_queues) << 8;
        for (int q = 0; q < hw::input_queues; ++q)
            if (placed.input_color[std::size_t(q)] >= 0) used |= 1u << q;
        for (int q = 0; q < hw::max_output_queues; ++q)
            if (placed.output_color[std::size_t(q)] >= 0) used |= 1u << (8 + q);
        return used;
    }

    std::int32_t buffer(std::uint32_t owner, hw::port port, int arriving) {
        auto& rs = m_.routers[m_.color_places[owner].router];
        for (std::uint32_t b = rs.buffers; b < rs.buffers + rs.buffer_count; ++b)
            if (m_.buffer_places[b].owner == owner && m_.buffer_places[b].port == std::uint8_t(port)) return std::int32_t(b);
        input_buffer b;
        b.router = m_.color_places[owner].router;
        b.items = wavelet_ring<router_buffer_capacity>(router_buffer_capacity);
        m_.buffers.push_back(b);
        m_.buffer_places.push_back(buffer_place{.owner = owner, .port = std::uint8_t(port), .arriving = std::uint8_t(arriving)});
        ++rs.buffer_count;
        return std::int32_t(m_.buffers.size() - 1);
    }

    std::uint32_t new_color(std::uint32_t r, int color, color_kind kind, std::size_t positions = 1) {
        color_state cs;
        cs.kind = kind;
        cs.count = std::uint8_t(positions);
        m_.colors.push_back(cs);
        m_.color_places.push_back(color_place{.positions = std::uint32_t(m_.positions.size()), .router = r, .color = std::uint8_t(color)});
        m_.positions.resize(m_.positions.size() + positions);
        ++m_.routers[r].color_count;
        return std::uint32_t(m_.colors.size() - 1);
    }
    position_state& position(std::uint32_t c, std::uint32_t k) { return m_.positions[m_.color_places[c].positions + k]; }

    void colors_of(std::uint32_t r, const ir::router& ir_router) {
        auto& rs = m_.routers[r];
        rs.colors = std::uint32_t(m_.colors.size());
        rs.buffers = std::uint32_t(m_.buffers.size());
        rs.mp_banks = ir_router.mp_banks;
        for (const auto& route : ir_router.colors) {
            const std::uint32_t c = new_color(r, route.color, route.fabric_adder ? color_kind::adder : color_kind::route,
                                              route.positions.size());
            auto& cs = m_.colors[c];
            auto& place = m_.color_places[c];
            place.initial = cs.current = route.initial;
            cs.ring = route.ring;
            cs.pop = route.pop;
            place.start_teardown = cs.teardown = route.teardown;
            for (std::uint32_t k = 0; k < route.positions.size(); ++k) {
                const auto& from = route.positions[k];
                auto& pos = position(c, k);
                pos.input = from.input;
                pos.has_input = from.has_input;
                pos.outputs = from.outputs;
                if (!from.has_input) continue;
                const bool swapped = (route.swapped & hw::bit(from.input)) != 0;
                const int arriving = swapped ? hw::partner(route.color) : route.color;
                if (from.input == hw::port::core) {  // the core port reads the PE's output queue on `arriving`
                    place.core_arriving = std::uint8_t(arriving);
                    continue;
                }
                const std::int32_t b = buffer(c, from.input, arriving);
                position(c, k).source = b;
            }
            if (route.fabric_adder) place.core_arriving = route.color;  // its f16 operands
        }
        for (int bank = 0; bank < hw::mp_banks; ++bank) {
            if (!(ir_router.mp_banks & (1u << bank))) continue;
            const int first = hw::mp_first_color(bank);
            const std::uint32_t core = new_color(r, first, color_kind::mp_core);
            m_.color_places[core].mp_bank = std::uint8_t(bank);
            m_.color_places[core].core_arriving = std::uint8_t(first);
            position(core, 0).input = hw::port::core;
            position(core, 0).has_input = true;
            for (const hw::port out : {hw::port::right, hw::port::left, hw::port::up, hw::port::down}) {
                const int travel = mp_travel_color(first, out);
                const std::uint32_t c = new_color(r, travel, color_kind::mp_travel);
                m_.color_places[c].mp_bank = std::uint8_t(bank);
                m_.color_places[c].partner = std::int32_t(core);
                const std::int32_t from = buffer(c, hw::opposite(out), travel);  // it arrives from behind
                position(c, 0).source = from;
                position(c, 0).input = hw::opposite(out);
                position(c, 0).has_input = true;
            }
        }
    }

    /// Where each output of each color's positions leads, and who fills each buffer.
    void resolve(std::uint32_t r) {
        auto& rs = m_.routers[r];
        for (std::uint32_t b = rs.buffers; b < rs.buffers + rs.buffer_count; ++b) {
            m_.buffer_places[b].writer = rs.neighbour[std::size_t(m_.buffer_places[b].port)];
        }
        for (std::uint32_t c = rs.colors; c < rs.colors + rs.color_count; ++c) {
            const auto& cs = m_.colors[c];
            const auto& place = m_.color_places[c];
            auto lead = [&](hw::port p, int travel) {
                if (p == hw::port::core) return to_core;
                const std::int32_t n = rs.neighbour[std::size_t(p)];
                if (n == off_fabric) return off_fabric;
                return acceptor(m_, n, travel, hw::opposite(p));
            };
            if (cs.kind == color_kind::mp_core || cs.kind == color_kind::mp_travel) {
                const int first = hw::mp_first_color(place.mp_bank);
                for (int p = 0; p < hw::ports; ++p)
                    position(c, 0).set_target(hw::port(p), lead(hw::port(p), mp_travel_color(first, hw::port(p))));
                continue;
            }
            for (std::uint32_t k = 0; k < cs.count; ++k) {
                auto& pos = position(c, k);
                for (int p = 0; p < hw::ports; ++p)
                    if (pos.outputs & (1u << p)) pos.set_target(hw::port(p), lead(hw::port(p), place.color));
                if (cs.kind == color_kind::route) pos.shape = shape_of(pos);
            }
        }
    }

    /// A plain route's position, its targets set: which of the moves router_stepper compiles for a
    /// shape it takes.
    static position_shape shape_of(const position_state& pos) {
        const unsigned core = hw::bit(hw::port::core), beside = pos.outputs & ~core;
        if (!pos.has_input || pos.outputs == 0 || (beside & (beside - 1)) != 0) return position_shape::other;
        if (beside && pos.target(hw::port(std::countr_zero(beside))) < 0) return position_shape::other;
        if (pos.input != hw::port::core && pos.source >= 0 && pos.outputs == core) return position_shape::into_core;
        if (pos.input == hw::port::core && (pos.outputs & core) == 0) return position_shape::out_of_core;
        return position_shape::one_way;
    }

    void pes() {
        const std::size_t n = l_.pes.size();
        allocate(m_.pes, n);
        allocate(m_.waits, n);
        m_.riding.assign(n, ride{});
        pe_runs<> runs;
        for (std::size_t i = 0; i < n; ++i) {
            const auto& placed = l_.pes[i];
            const auto& pp = m_.programs[placed.program];
            const auto& prog = l_.programs[placed.program];
            auto& p = m_.pes[i];
            p.program = placed.program;
            p.router = std::uint32_t(m_.grid[cell(placed.x, placed.y)]);  // none (-1) when it has no router
            runs.take<&pe_state::memory>(p, pp.memory_words);
            p.memory_size = pp.memory_words;
            runs.take<&pe_state::registers>(p, prog.registers);
            const std::uint32_t used = used_queues(placed);
            p.queue_slot.fill(-1);
            std::int8_t slot = 0;
            for (int q = 0; q < hw::input_queues + hw::max_output_queues; ++q)
                if (used & (1u << q)) p.queue_slot[std::size_t(q)] = slot++;
            runs.take<&pe_state::queues>(p, std::size_t(slot));
            p.queue_count = std::uint8_t(slot);
            if (pp.has_async) runs.take<&pe_state::threads>(p, hw::microthreads);
            runs.take<&pe_state::fifos>(p, prog.fifos.size());
            if (pp.has_calls) runs.take<&pe_state::stack>(p, call_stack_depth);
            if (pp.has_dynamic_walk) runs.take<&pe_state::walks>(p, 1 + (pp.has_async ? hw::microthreads : 0));
        }
        // Each pool PEs hold, sized to their runs; the prepared walks beside the walks they prepare.
        for_each_pool(m_, [&](auto& pool) {
            using pool_type = std::remove_reference_t<decltype(pool)>;
            if constexpr (held_by_pes<pool_type>) allocate(pool, runs.template size<pool_type::first>());
        });
        allocate(m_.walks, runs.size<&pe_state::walks>());
        for (std::size_t i = 0; i < n; ++i) {
            const auto& p = m_.pes[i];
            const auto& placed = l_.pes[i];
            const auto& prog = l_.programs[placed.program];
            word* mem = m_.memory.data() + p.memory;
            for (const auto& s : prog.data)
                for (std::size_t w = 0; w < s.words.size() && s.base + w < p.memory_size; ++w) mem[s.base + w] = s.words[w];
            if (p.queue_count == 0) continue;
            for (int q = 0; q < hw::input_queues; ++q)
                if (p.input_queue(q) >= 0) m_.input_queue(std::uint32_t(i), q) = queue_state{.items = wavelet_queue(std::size_t(hw::input_queue_room(m_.arch, q)))};
            for (int q = 0; q < hw::output_queues(m_.arch); ++q)
                if (p.output_queue(q) >= 0)
                    m_.output_queue(std::uint32_t(i), q) = queue_state{.items = wavelet_queue(std::size_t(hw::output_queue_length(m_.arch, q)))};
            for (int q = 0; q < hw::input_queues; ++q)
                if (p.input_queue(q) >= 0) bind_input_queue(m_, std::uint32_t(i), q, placed.input_color[std::size_t(q)]);
            for (int q = 0; q < hw::output_queues(m_.arch); ++q)
                if (p.output_queue(q) >= 0) bind_output_queue(m_, std::uint32_t(i), q, placed.output_color[std::size_t(q)]);
        }
    }
};

/// Puts every PE, queue, thread, FIFO, router buffer and switch back to where a run starts, cut
/// into `threads` partitions. Memory is kept: load or poke it, run, read it back, and repeat.
inline void restart(machine& m, std::uint64_t limit, std::size_t threads) {
    const std::size_t parts = std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(m.pes.size(), 1));
    if (m.parts.size() != parts) partition_into(m, parts);
    for (auto& part : m.parts) part.restart();
    m.resumable = false;
    m.pending.clear();
    m.pending_routers.clear();
    m.faults.clear();
    m.warnings.clear();
    m.drops.clear();
    m.sunk = 0;
    m.last = 0;
    m.now = 0;
    m.limit = limit;
    for (auto& q : m.queues) {
        q.clear();
        q.user = no_user;
    }
    for (auto& t : m.threads) t = microthread{};
    for (auto& f : m.fifos) f = fifo_state{};
    for (auto& b : m.buffers) {
        b.items.clear();
        b.stamp = ~std::uint64_t(0);
        b.committed = 0;
    }
    for (std::uint32_t c = 0; c < m.colors.size(); ++c) {
        m.switch_to(c, m.color_places[c].initial);
        m.set_teardown(c, m.color_places[c].start_teardown);
    }
    for (std::uint32_t i = 0; i < m.pes.size(); ++i) {
        auto& p = m.pes[i];
        const auto& prog = m.layout->programs[p.program];
        std::fill_n(m.registers.begin() + p.registers, prog.registers, 0u);
        p.main = main_state::running;
        p.depth = 0;
        p.task = -1;
        p.pc = 0;
        p.op = issued_op{};
        p.activated = p.blocked = 0;
        for (std::size_t t = 0; t < prog.tasks.size(); ++t) {  // usually none
            if (prog.tasks[t].active) p.activated |= std::uint64_t(1) << t;
            if (prog.tasks[t].blocked) p.blocked |= std::uint64_t(1) << t;
        }
        p.busy_threads = 0;
        p.since = 0;
        m.waits[i] = pe_wait::scheduled;
        m.part_of_pe(i).clock.schedule(i, 0);
        // Queues go back to their bindings from the layout (an operation may have rebound them).
        if (p.queue_count == 0) continue;
        const auto& placed = m.layout->pes[i];
        for (int q = 0; q < hw::input_queues; ++q)
            if (m.pes[i].input_queue(q) >= 0 && m.input_queue(i, q).color != placed.input_color[std::size_t(q)])
                bind_input_queue(m, i, q, placed.input_color[std::size_t(q)]);
        for (int q = 0; q < hw::output_queues(m.arch); ++q)
            if (m.pes[i].output_queue(q) >= 0 && m.output_queue(i, q).color != placed.output_color[std::size_t(q)])
                bind_output_queue(m, i, q, placed.output_color[std::size_t(q)]);
    }
}

}  // namespace wafer::fabric::detail
