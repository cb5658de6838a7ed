#pragma once
// Routers at work, in two phases per cycle. `compute` decides, for one router, which wavelets move:
// per color, the wavelet at the head of the buffer its current switch position takes input from
// moves when every output can take it (a neighbour's buffer has room and is not in teardown, the
// core's input queue has room); each port carries one wavelet per direction per cycle, colors
// taking turns; one wavelet a cycle enters from the core. It reads state only, so routers can be
// computed in any order, or at once. `commit` then applies every move: pops, pushes, switch
// changes, and who to visit next. A buffer has one writer (the router across its port, or its own
// core), so no two moves ever push into one buffer in a cycle.
#include <cstdint>
#include <vector>

#include "wafer/core/half.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/wavelet.hpp"

namespace wafer::fabric {

class router_stepper {
public:
    explicit router_stepper(machine& m) : m_(m) {}

    void compute(std::uint32_t r, std::uint64_t now) {
        const auto& rs = m_.routers[r];
        std::uint8_t busy = 0;  // output ports already used in this cycle
        const std::uint32_t n = rs.color_count;
        for (std::uint32_t j = 0, c = n ? std::uint32_t(now % n) : 0; j < n; ++j, c = c + 1 == n ? 0 : c + 1)
            compute_color(r, rs.colors + c, busy);
        if (rs.pe >= 0) onramp(r, now);
    }

    void commit(std::uint64_t now) {
        for (const auto& mv : moves_) apply(mv, now);
        moves_.clear();
    }

    bool pending() const noexcept { return !moves_.empty(); }

private:
    struct move {
        std::int32_t from = -1;     ///< buffer index; an on-ramp: the output queue (pool index)
        std::int32_t addend = -1;   ///< the fabric adder's core operand buffer
        std::uint32_t color = 0;    ///< color_state (for an on-ramp: the router)
        std::uint8_t position = 0;  ///< the switch position it used
        std::uint8_t outputs = 0;   ///< hw::bit(port) of its outputs
        bool onramp = false;
        switch_command effect = switch_command::nop;  ///< on the switch, after it leaves
        wavelet out;                ///< what leaves
    };

    machine& m_;
    std::vector<move> moves_;

    /// The input queue a color delivers to: its own, or for a message-passing color the bank's.
    std::int32_t core_queue(const color_state& cs) const {
        return cs.kind == color_kind::mp_travel ? m_.colors[std::size_t(cs.partner)].core_queue : cs.core_queue;
    }

    bool room(std::int32_t target) const {
        if (target == off_fabric) return true;  // dropped, with a warning
        if (target < 0) return false;
        const auto& b = m_.buffers[std::size_t(target)];
        return !b.items.full() && !m_.colors[b.owner].teardown;
    }

    /// Whether every output of `cs` in `position` can take a wavelet now.
    bool ready(const color_state& cs, const position_state& pos, std::uint8_t outputs) const {
        for (int p = 0; p < hw::ports; ++p) {
            if (!(outputs & (1u << p))) continue;
            const std::int32_t t = pos.target[std::size_t(p)];
            if (t == to_core) {
                const std::int32_t q = core_queue(cs);
                if (q < 0 || m_.queues[std::size_t(q)].items.full()) return false;
            } else if (!room(t)) {
                return false;
            }
        }
        return true;
    }

    /// The wavelet as it leaves, and what it does to the switch it leaves.
    static void leaving(const color_state& cs, wavelet w, bool from_core, move& mv) {
        if (w.control()) {
            const switch_command c = first_command(w.data);
            mv.effect = c;
            const bool pop = cs.pop == ir::pop_mode::all ||
                             (cs.pop == ir::pop_mode::on_advance && c == switch_command::advance) ||
                             (cs.pop == ir::pop_mode::on_advance_or_nop && c != switch_command::reset);
            if (pop) w.data = pop_command(w.data);
        } else if ((w.flags & wavelet::advance_bit) && from_core) {
            mv.effect = switch_command::advance;
        }
        w.flags = std::uint8_t(w.flags & ~wavelet::advance_bit);
        mv.out = w;
    }

    void compute_color(std::uint32_t r, std::uint32_t c, std::uint8_t& busy) {
        const color_state& cs = m_.colors[c];
        move mv;
        mv.color = c;
        switch (cs.kind) {
        case color_kind::route: {
            const auto& pos = m_.current(cs);
            const std::int32_t b = pos.source;
            if (!pos.has_input || b < 0 || m_.buffers[std::size_t(b)].items.empty()) return;
            if ((pos.outputs & busy) || !ready(cs, pos, pos.outputs)) return;
            mv.from = b;
            mv.position = cs.current;
            mv.outputs = pos.outputs;
            leaving(cs, m_.buffers[std::size_t(b)].items.front(), pos.input == hw::port::core, mv);
            break;
        }
        case color_kind::adder: {
            const auto& pos = m_.position(cs, 0);
            const std::int32_t b = pos.source;
            if (b < 0 || m_.buffers[std::size_t(b)].items.empty()) return;
            const wavelet w = m_.buffers[std::size_t(b)].items.front();
            const auto& addend = m_.buffers[std::size_t(cs.partner)].items;
            if (!w.control() && addend.empty()) return;  // an f32 waits for its f16 from the core
            if ((pos.outputs & busy) || !ready(cs, pos, pos.outputs)) return;
            mv.from = b;
            mv.outputs = pos.outputs;
            mv.out = w;
            if (!w.control()) {
                mv.addend = cs.partner;
                mv.out.data = sp_bits(sp_value(w.data) + float(half_value(std::uint16_t(addend.front().data))));
            }
            break;
        }
        case color_kind::mp_core:
        case color_kind::mp_travel: {
            const auto& pos = m_.position(cs, 0);
            const std::int32_t b = pos.source;
            if (b < 0 || m_.buffers[std::size_t(b)].items.empty()) return;
            const wavelet w = m_.buffers[std::size_t(b)].items.front();
            const auto& rs = m_.routers[r];
            // Dimension order: along x to the destination's column, then along y (docs/machine.md).
            const std::int32_t x = std::int32_t((w.data >> 16) & 0xff), y = std::int32_t(w.data >> 24);
            const hw::port p = x > rs.x   ? hw::port::right
                               : x < rs.x ? hw::port::left
                               : y > rs.y ? hw::port::up
                               : y < rs.y ? hw::port::down
                                          : hw::port::core;
            const std::uint8_t outputs = hw::bit(p);
            if ((outputs & busy) || !ready(cs, pos, outputs)) return;
            mv.from = b;
            mv.outputs = outputs;
            mv.out = w;
            break;
        }
        }
        busy = std::uint8_t(busy | mv.outputs);
        moves_.push_back(mv);
    }

    /// One wavelet a cycle from the PE's output queues into the router, the queues taking turns.
    void onramp(std::uint32_t r, std::uint64_t now) {
        const auto& pe = m_.pes[std::size_t(m_.routers[r].pe)];
        constexpr int queues = hw::max_output_queues;
        for (int j = 0, q = int(now % queues); j < queues; ++j, q = q + 1 == queues ? 0 : q + 1) {
            const std::int8_t slot = pe.output_queue(q);
            if (slot < 0) continue;
            const std::uint32_t qi = pe.queues + std::uint32_t(slot);
            const auto& qs = m_.queues[qi];
            if (qs.items.empty() || qs.onramp < 0 || !room(qs.onramp)) continue;
            move mv;
            mv.onramp = true;
            mv.from = std::int32_t(qi);
            mv.color = r;
            mv.out = qs.items.front();
            moves_.push_back(mv);
            return;
        }
    }

    void apply(const move& mv, std::uint64_t now) {
        m_.happened(now + hop_cycles);
        if (mv.onramp) {
            auto& qs = m_.queues[std::size_t(mv.from)];
            m_.buffers[std::size_t(qs.onramp)].items.push(qs.pop());
            m_.wake_pe(m_.routers[mv.color].pe, now + 1);
            m_.wake_router(std::int32_t(mv.color));
            return;
        }
        color_state& cs = m_.colors[mv.color];
        auto& source = m_.buffers[std::size_t(mv.from)];
        source.items.pop();
        m_.wake_router(source.writer);
        if (mv.addend >= 0) m_.buffers[std::size_t(mv.addend)].items.pop();
        if (mv.outputs == 0) ++m_.sunk;  // a position whose outputs boundary suppression removed
        const auto& rs = m_.routers[cs.router];
        const auto& pos = m_.position(cs, mv.position);
        for (int p = 0; p < hw::ports; ++p) {
            if (!(mv.outputs & (1u << p))) continue;
            const std::int32_t t = pos.target[std::size_t(p)];
            if (t == to_core) {
                m_.queues[std::size_t(core_queue(cs))].push(mv.out);
                m_.wake_pe(rs.pe, now + 1);
            } else if (t == off_fabric) {
                auto& d = m_.drops[{rs.y, rs.x, cs.color, std::uint8_t(p)}];
                if (d.count++ == 0) d.first = now;
            } else {
                auto& target = m_.buffers[std::size_t(t)];
                target.items.push(mv.out);
                m_.wake_router(std::int32_t(m_.colors[target.owner].router));
            }
        }
        if (mv.effect == switch_command::advance)
            cs.current = cs.current + 1 < cs.count ? std::uint8_t(cs.current + 1) : cs.ring ? 0 : cs.current;
        else if (mv.effect == switch_command::reset)
            cs.current = 0;
        m_.wake_router(std::int32_t(cs.router));
    }
};

}  // namespace wafer::fabric
