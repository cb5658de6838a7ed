#pragma once
// Routers at work, in two phases per cycle. `compute` decides, for one router, which wavelets move:
// per color, the wavelet at the head of the buffer its current switch position takes input from (for
// the core port, the head of the PE output queue bound to that color) moves when every output can
// take it (a neighbour's buffer has room and is not in teardown, the core's input queue has room);
// each port carries one wavelet per direction per cycle, colors taking turns, and one wavelet a
// cycle comes in from the core. It reads state only, so routers can be computed in any order, or at
// once. `commit` then applies every move: pops, pushes, switch changes, and who to visit next. A
// buffer has one writer (the router across its port), so no two moves push into one in a cycle.
#include <bit>
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
        std::uint8_t busy = 0;  // ports already used in this cycle: outputs, and the core's input
        const std::uint32_t n = rs.color_count;
        // Colors take turns at the ports, starting at a different one each cycle (no division for the
        // one or two colors most routers have).
        const std::uint32_t first = n <= 1 ? 0 : n == 2 ? std::uint32_t(now & 1) : std::uint32_t(now) % n;
        for (std::uint32_t j = 0, c = first; j < n; ++j, c = c + 1 == n ? 0 : c + 1)
            compute_color(r, rs.colors + c, busy, now);
    }

    void commit(std::uint64_t now) {
        for (const auto& mv : moves_) apply(mv, now);
        moves_.clear();
    }

private:
    /// The core's input is marked in `busy` with this bit (outputs use bits 0-4).
    static constexpr std::uint8_t core_input = 1u << hw::ports;

    struct move {
        std::int32_t from = -1;     ///< the buffer it leaves, or the PE output queue (pool index) for the core
        std::int32_t addend = -1;   ///< the fabric adder's core operand: its PE output queue
        std::uint32_t color = 0;    ///< color_state
        std::uint8_t position = 0;  ///< the switch position it used
        std::uint8_t outputs = 0;   ///< hw::bit(port) of its outputs
        bool from_core = false;     ///< `from` is an output queue
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

    /// Whether every output of `pos` can take a wavelet now.
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

    /// The wavelet waiting at `pos`'s input: the head of its buffer, or of the PE output queue that
    /// feeds the core port (a color in teardown takes nothing from its core either).
    const wavelet* head(const color_state& cs, const position_state& pos, std::uint8_t busy, std::uint64_t now,
                        move& mv) const {
        if (!pos.has_input) return nullptr;
        if (pos.input != hw::port::core) {
            if (pos.source < 0 || m_.buffers[std::size_t(pos.source)].items.empty()) return nullptr;
            mv.from = pos.source;
            head_ = m_.buffers[std::size_t(pos.source)].items.front();
            return &head_;
        }
        if (cs.core_feed < 0 || cs.teardown || (busy & core_input)) return nullptr;
        std::int32_t feed = cs.core_feed;
        if (cs.core_shared) feed = shared_feed(cs, now);
        if (feed < 0 || m_.queues[std::size_t(feed)].items.empty()) return nullptr;
        mv.from = feed;
        mv.from_core = true;
        head_ = m_.queues[std::size_t(feed)].items.front();
        return &head_;
    }

    /// Of several output queues bound to one color, the first with a wavelet, taking turns by cycle.
    std::int32_t shared_feed(const color_state& cs, std::uint64_t now) const {
        const auto& pe = m_.pes[std::size_t(m_.routers[cs.router].pe)];
        constexpr int queues = hw::max_output_queues;
        for (int j = 0, q = int(now % queues); j < queues; ++j, q = q + 1 == queues ? 0 : q + 1) {
            if (pe.output_queue(q) < 0) continue;
            const auto qi = std::int32_t(pe.queues + std::uint32_t(pe.output_queue(q)));
            const auto& qs = m_.queues[std::size_t(qi)];
            if (qs.color == cs.core_arriving && !qs.items.empty()) return qi;
        }
        return -1;
    }
    mutable wavelet head_;

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

    void compute_color(std::uint32_t r, std::uint32_t c, std::uint8_t& busy, std::uint64_t now) {
        const color_state& cs = m_.colors[c];
        move mv;
        mv.color = c;
        switch (cs.kind) {
        case color_kind::route: {
            const auto& pos = m_.current(cs);
            const wavelet* w = head(cs, pos, busy, now, mv);
            if (!w || (pos.outputs & busy) || !ready(cs, pos, pos.outputs)) return;
            mv.position = cs.current;
            mv.outputs = pos.outputs;
            leaving(cs, *w, mv.from_core, mv);
            break;
        }
        case color_kind::adder: {
            const auto& pos = m_.position(cs, 0);
            const wavelet* w = head(cs, pos, busy, now, mv);
            if (!w) return;
            const bool operand = cs.core_feed >= 0 && !m_.queues[std::size_t(cs.core_feed)].items.empty() &&
                                 !(busy & core_input);  // the first output queue bound to color 10
            if (!w->control() && !operand) return;  // an f32 waits for its f16 from the core
            if ((pos.outputs & busy) || !ready(cs, pos, pos.outputs)) return;
            mv.outputs = pos.outputs;
            mv.out = *w;
            if (!w->control()) {
                mv.addend = cs.core_feed;
                const std::uint32_t f16 = m_.queues[std::size_t(cs.core_feed)].items.front().data;
                mv.out.data = sp_bits(sp_value(w->data) + float(half_value(std::uint16_t(f16))));
                busy = std::uint8_t(busy | core_input);
            }
            break;
        }
        case color_kind::mp_core:
        case color_kind::mp_travel: {
            const auto& pos = m_.position(cs, 0);
            const wavelet* w = head(cs, pos, busy, now, mv);
            if (!w) return;
            const auto& rs = m_.routers[r];
            // Dimension order: along x to the destination's column, then along y (docs/machine.md).
            const std::int32_t x = std::int32_t((w->data >> 16) & 0xff), y = std::int32_t(w->data >> 24);
            const hw::port p = x > rs.x   ? hw::port::right
                               : x < rs.x ? hw::port::left
                               : y > rs.y ? hw::port::up
                               : y < rs.y ? hw::port::down
                                          : hw::port::core;
            const std::uint8_t outputs = hw::bit(p);
            if ((outputs & busy) || !ready(cs, pos, outputs)) return;
            mv.outputs = outputs;
            mv.out = *w;
            break;
        }
        }
        busy = std::uint8_t(busy | mv.outputs | (mv.from_core ? core_input : 0));
        moves_.push_back(mv);
    }

    void apply(const move& mv, std::uint64_t now) {
        m_.happened(now + hop_cycles);
        color_state& cs = m_.colors[mv.color];
        const auto& rs = m_.routers[cs.router];
        // Who waits for what this move frees: only a full queue or buffer held its writer back.
        auto pop_output = [&](std::int32_t q) {
            auto& qs = m_.queues[std::size_t(q)];
            if (qs.items.full()) m_.wake_pe(rs.pe, now + 1);
            qs.pop();
        };
        if (mv.from_core) {
            pop_output(mv.from);
        } else {
            auto& source = m_.buffers[std::size_t(mv.from)];
            if (source.items.full()) m_.wake_router(source.writer);
            source.items.pop();
        }
        if (mv.addend >= 0) pop_output(mv.addend);
        if (mv.outputs == 0) ++m_.sunk;  // a position whose outputs boundary suppression removed
        const auto& pos = m_.position(cs, mv.position);
        for (unsigned outputs = mv.outputs; outputs; outputs &= outputs - 1) {
            const int p = std::countr_zero(outputs);
            const std::int32_t t = pos.target[std::size_t(p)];
            if (t == to_core) {
                auto& q = m_.queues[std::size_t(core_queue(cs))];
                // A reader waits for a wavelet, or for a second one (a SIMD-64 pair): only then wake it.
                if (q.items.size() < 2) m_.wake_pe(rs.pe, now + 1);
                q.push(mv.out);
            } else if (t == off_fabric) {
                auto& d = m_.drops[{rs.y, rs.x, cs.color, std::uint8_t(p)}];
                if (d.count++ == 0) d.first = now;
            } else {
                auto& target = m_.buffers[std::size_t(t)];
                target.items.push(mv.out);
                m_.wake_router(std::int32_t(target.router));
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
