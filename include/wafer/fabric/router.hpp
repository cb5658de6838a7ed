#pragma once
// Routers at work. In a cycle, per color, the wavelet at the head of the buffer its current switch
// position takes input from (for the core port, the head of the PE output queue bound to that
// color) moves when every output can take it: a neighbour's buffer with room that is not in
// teardown, the core's input queue bound to the color with room. A multicast moves to all outputs
// at once; each port carries one wavelet per direction per cycle, colors taking turns, and one
// wavelet a cycle comes in from the core.
//
// A router moves its wavelets at once, yet the outcome does not depend on the order routers are
// visited in: a buffer has one writer (the router across its port) and one reader (its own router),
// and both go by what it held at the start of the cycle (input_buffer::size_at), so a wavelet that
// arrives leaves the cycle after, and room freed in a cycle is usable from the next.
#include <bit>
#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "wafer/core/half.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/pe.hpp"
#include "wafer/fabric/wavelet.hpp"

namespace wafer::fabric {

class router_stepper {
public:
    /// For one run: the pools do not move while it lasts.
    /// Moves the routers of partition `part`, on one thread.
    router_stepper(machine& m, partition& part, pe_executor& pes)
        : m_(m), part_(part), pes_(pes), routers_(m.routers.data()), colors_(m.colors.data()),
          places_(m.color_places.data()), buffers_(m.buffers.data()), queues_(m.queues.data()),
          rides_(m.riding.data()), landing_(hw::landing_cycles(hw::timing_of(m.arch))), fast_(part.fast) {}

    /// Moves what router `r` can move in cycle `now`. Colors take turns at the ports, starting at a
    /// different one each cycle (no division for the one or two colors most routers have).
    void step(std::uint32_t r, std::uint64_t now) {
        const auto& rs = routers_[r];
        visit v;
        // A PE riding this router steps first, as it would have in the cycle's PE phase: nothing
        // between reads or changes what it does (its queues are this router's alone).
        stage_colors s = stage(rs);
        if (rider_due(rs, now) && !ride_on(rs, s.out, now, v)) {
            m_.dismount(std::uint32_t(rs.pe));
            step_rider(std::uint32_t(rs.pe), now);
            s = stage(rs);  // its step may have bound its queues to other colors
        }
        if (s.in) {
            move_as<position_shape::into_core, true>(rs, *s.in, v, now);
            move_as<position_shape::out_of_core, true>(rs, *s.out, v, now);
        } else {
            const std::uint32_t n = rs.color_count;
            const std::uint32_t first = n <= 1 ? 0 : n == 2 ? std::uint32_t(now & 1) : std::uint32_t(now) % n;
            for (std::uint32_t j = 0, c = first; j < n; ++j, c = c + 1 == n ? 0 : c + 1) move(rs, colors_[rs.colors + c], v, now);
        }
        // Again next cycle when something is left to move (or lost a port): arrivals and freed room
        // wake a router otherwise. (Router r is this partition's: listed without wake_router's tests.)
        if (v.more) part_.woken->insert(r);
    }

    /// Whether a wavelet moved since the last call: the run goes on to the next cycle, as a hop
    /// takes one (cost_model.hpp).
    bool moved() noexcept { return std::exchange(moved_, false); }

    /// Fetches what step(r) reads, a few routers before it: all of router r's colors and buffers
    /// (a router with many colors spans several cache lines).
    void prefetch(std::uint32_t r) const {
        const auto& rs = routers_[r];
        fetch(colors_ + rs.colors, rs.color_count * sizeof(color_state));
        fetch(buffers_ + rs.buffers, rs.buffer_count * sizeof(input_buffer));
    }

private:
    /// The core's input is marked in `busy` with this bit (outputs use bits 0-4).
    static constexpr std::uint8_t core_input = 1u << hw::ports;

    /// What a visit has done so far: the ports it used in this cycle (outputs, and the core's
    /// input), and whether it must come again next cycle (a source still holds a wavelet, a switch
    /// changed, or a color lost a port to another).
    struct visit {
        std::uint8_t busy = 0;
        bool more = false;
    };

    static void fetch(const void* p, std::size_t bytes) {
        const auto* b = static_cast<const char*>(p);
        for (std::size_t at = 0; at < bytes; at += 64) __builtin_prefetch(b + at);
    }

    machine& m_;
    partition& part_;
    pe_executor& pes_;
    const router_state* routers_;
    color_state* colors_;
    const color_place* places_;
    input_buffer* buffers_;
    queue_state* queues_;
    ride* rides_;
    const std::uint64_t landing_;  ///< hw::landing_cycles of the processor
    const bool fast_;  ///< partition::fast: the moves compiled for what is known of a color (move)
    bool moved_ = false;

    const color_place& place(const color_state& cs) const { return places_[&cs - colors_]; }

    // ---- a PE riding its router (pe_executor::reschedule) ----
    // A PE streaming from queue to queue at an element a cycle (a relay, or `tx <- rx * 3 + 1`),
    // due in the next cycle before the horizon, leaves the scheduler: its router's next visit
    // steps it, and moves the stream's one element itself, the common case, without a step of the
    // PE, reading its ride (machine::riding), which holds its progress until it dismounts, and for
    // an operation other than a mov the PE's kernel (pe_executor::ridden). A PE that rides is due
    // (it rides only from a step that moved something, and a step that leaves it waiting puts it
    // back in the scheduler), so no stop or checkpoint finds one riding.

    /// Whether router `rs`'s PE rides it and is due at cycle `now`.
    bool rider_due(const router_state& rs, std::uint64_t now) const {
        if (!rs.rider) return false;
        const ride& rd = rides_[rs.pe];
        return rd.on() && rd.due <= now;
    }

    /// Riding PE's step at cycle `now` when it moves one element, short of its last and before the
    /// horizon, as pe_executor::stream would; it rides on, due in the next cycle. False for anything
    /// else, which its own step does. `out`: the router's out color when it is a pipeline stage's.
    [[gnu::always_inline]] bool ride_on(const router_state& rs, color_state* out, std::uint64_t now, visit& v) {
        ride& rd = rides_[rs.pe];
        assert(rd.due == now);  // its router, listed for each cycle it is due, moves an element a cycle
        queue_state& from = queues_[rd.in];
        queue_state& to = queues_[rd.out];
        if (from.ready(now) != 1 || from.controls != 0 || to.items.full() || now >= rd.end) return false;
        // The input holds no control wavelet, so neither queue's count of them changes. A mov's
        // element is the bits it came as; any other operation's is its kernel's on that element.
        const std::uint32_t in = from.items.pop().data & rd.bits;
        const wavelet w{rd.copies ? in : pes_.ridden(std::uint32_t(rs.pe), now, in) & rd.bits, 0};
        rd.due = now + 1;
        moved_ = true;
        v.more = true;  // its router comes again next cycle, as pe_executor::reschedule lists it
        // An element for an empty output queue that feeds the stage's out color would leave it in
        // this visit's move of that color: it is handed to the move, without the queue.
        if (out && to.items.empty() && out->core_feed == std::int32_t(rd.out) &&
            move_as<position_shape::out_of_core, true, true>(rs, *out, v, now, w))
            return true;
        // The step would wake this router for this cycle, if the output queue was empty: it is here.
        to.items.push(w);
        return true;
    }

    /// The riding PE's own step (pe_executor::reschedule decides whether it rides on).
    [[gnu::noinline]] void step_rider(std::uint32_t i, std::uint64_t now) { pes_.step(i, now); }

    /// The input queue a color delivers to: its own, or for a message-passing color the bank's.
    std::int32_t core_queue(const color_state& cs) const {
        return cs.kind == color_kind::mp_travel ? colors_[std::size_t(place(cs).partner)].core_queue : cs.core_queue;
    }

    /// Whether a buffer had room at the start of the cycle (room freed in a cycle is usable from the
    /// next) and takes wavelets (its color is not in teardown).
    [[gnu::always_inline]] bool room(std::int32_t target, std::uint64_t now) const {
        if (target == off_fabric) return true;  // dropped, with a warning
        if (target < 0) return false;
        const auto& b = buffers_[std::size_t(target)];
        if (b.border) [[unlikely]] return b.committed < router_buffer_capacity && !b.closed;  // its owner runs on another thread
        return b.size_at(now) < router_buffer_capacity && !b.closed;
    }

    /// Whether every output of `pos` can take a wavelet now. A position of shape S (not `other`) has
    /// at most the core and one neighbour, whose buffer it knows.
    template <position_shape S, bool Route>
    [[gnu::always_inline]] bool ready(const color_state& cs, const position_state& pos, std::uint8_t outputs, std::uint64_t now) const {
        auto core_room = [&] {
            const std::int32_t q = Route ? cs.core_queue : core_queue(cs);
            return q >= 0 && !queues_[std::size_t(q)].items.full();
        };
        if constexpr (S != position_shape::other) {
            const unsigned beside = outputs & ~hw::bit(hw::port::core);
            if (S != position_shape::out_of_core && (S == position_shape::into_core || (outputs & hw::bit(hw::port::core))) && !core_room())
                return false;
            return S == position_shape::into_core || !beside || room(pos.target(hw::port(std::countr_zero(beside))), now);
        }
        for (unsigned o = outputs; o; o &= o - 1) {
            const std::int32_t t = pos.target(hw::port(std::countr_zero(o)));
            if (t == to_core ? !core_room() : !room(t, now)) return false;
        }
        return true;
    }

    /// Of several output queues bound to one color, the first with a wavelet, taking turns by cycle.
    std::int32_t shared_feed(const color_state& cs, std::uint64_t now) const {
        const auto pe = std::uint32_t(routers_[place(cs).router].pe);
        constexpr int queues = hw::max_output_queues;
        for (int j = 0, q = int(now % queues); j < queues; ++j, q = q + 1 == queues ? 0 : q + 1) {
            if (m_.pes[pe].output_queue(q) < 0) continue;
            const auto qi = std::int32_t(m_.output_index(pe, q));
            const auto& qs = queues_[std::size_t(qi)];
            if (qs.color == place(cs).core_arriving && !qs.items.empty()) return qi;
        }
        return -1;
    }

    /// Takes the wavelet at the head of output queue `q` of router `rs`'s PE.
    [[gnu::always_inline]] wavelet pop_output(const router_state& rs, queue_state& q, std::uint64_t now) {
        if (q.items.full()) part_.wake_pe(m_.waits, rs.pe, now + 1);
        return q.pop();
    }

    /// A move takes the wavelet at the head of output queue `q`, noting whether more wait there.
    [[gnu::always_inline]] wavelet take(const router_state& rs, queue_state& q, visit& v, std::uint64_t now) {
        const wavelet w = pop_output(rs, q, now);
        v.more = v.more || !q.items.empty();
        return w;
    }

    /// A move takes the wavelet at the head of position `pos`'s buffer, noting whether more wait there.
    [[gnu::always_inline]] wavelet take(const router_state& rs, const position_state& pos, visit& v,
                                        std::uint64_t now) {
        input_buffer& b = buffers_[std::size_t(pos.source)];
        b.touch(now);
        // Only a buffer full as the cycle began held its writer back (room() goes by that size; until
        // this first take after, it stays full): the router across the port it fills from.
        if (b.start_size == router_buffer_capacity) part_.wake_router(rs.neighbour[std::size_t(pos.input)]);
        const wavelet w = b.items.pop();
        v.more = v.more || b.start_size > 1;  // what was there at the start of the cycle and is left
        return w;
    }

    /// A pipeline stage's two colors: a plain route from a neighbour into the core and one from the
    /// core out to a neighbour. They use different ports, so neither the colors' turns nor the
    /// ports taken change what moves.
    struct stage_colors {
        color_state* in = nullptr;
        color_state* out = nullptr;
    };

    /// Router `rs`'s colors when it is a pipeline stage's; none for any other router, and when the
    /// core's out takes turns between queues.
    stage_colors stage(const router_state& rs) const {
        if (rs.color_count != 2 || !fast_) return {};
        color_state* in = colors_ + rs.colors;
        color_state* out = in + 1;
        constexpr int pair = int(position_shape::into_core) + int(position_shape::out_of_core);
        if (int(in->at.shape) + int(out->at.shape) != pair) return {};  // (no other two shapes add up to it)
        if (in->at.shape == position_shape::out_of_core) std::swap(in, out);
        if (out->core_shared) return {};  // its output queues take turns: move_any
        return {in, out};
    }

    /// Color cs's move (move_as), compiled for what is known of it: a plain route fed by at most one
    /// output queue, of its position's shape, or any color (the fabric adder, message passing,
    /// output queues taking turns), out of line, which is also what every color takes in a run whose
    /// fast paths are off (partition::fast).
    [[gnu::always_inline]] void move(const router_state& rs, color_state& cs, visit& v, std::uint64_t now) {
        if (cs.kind != color_kind::route || cs.core_shared || !fast_) [[unlikely]]
            return move_any(rs, cs, v, now);
        switch (cs.at.shape) {
        case position_shape::into_core: move_as<position_shape::into_core, true>(rs, cs, v, now); break;
        case position_shape::out_of_core: move_as<position_shape::out_of_core, true>(rs, cs, v, now); break;
        case position_shape::one_way: move_as<position_shape::one_way, true>(rs, cs, v, now); break;
        case position_shape::other: move_other(rs, cs, v, now); break;
        }
    }

    /// A plain route of another shape (several neighbours, none, one off the fabric): out of line,
    /// as few wavelets make such moves.
    [[gnu::noinline]] void move_other(const router_state& rs, color_state& cs, visit& v, std::uint64_t now) {
        move_as<position_shape::other, true>(rs, cs, v, now);
    }

    [[gnu::noinline]] void move_any(const router_state& rs, color_state& cs, visit& v, std::uint64_t now) {
        move_as<position_shape::other, false>(rs, cs, v, now);
    }

    /// Moves color cs's waiting wavelet, if any, when every output can take it. The wavelet waiting
    /// is at the head of the buffer the current position takes input from, if it held one at the
    /// start of the cycle (one that arrived in it leaves the next), or at the head of the PE output
    /// queue that feeds the core port (a color in teardown takes nothing from its core). `Route`: a
    /// plain route fed by at most one output queue, whose position has shape S (position_shape):
    /// what is known of it leaves tests and loops out; the fabric adder, message passing and shared
    /// feeds only without. `Handed`: the wavelet from the core is `handed`, for an empty feed
    /// (ride_on). Whether it moved.
    template <position_shape S, bool Route, bool Handed = false>
    [[gnu::always_inline]] bool move_as(const router_state& rs, color_state& cs, visit& v, std::uint64_t now,
                                        const wavelet& handed = {}) {
        static_assert(Route || S == position_shape::other);
        static_assert(!Handed || S == position_shape::out_of_core);
        const position_state& pos = cs.at;
        if (S == position_shape::other && !pos.has_input) return false;
        const bool from_core = S == position_shape::out_of_core || (S != position_shape::into_core && pos.input == hw::port::core);
        std::uint8_t outputs = pos.outputs;
        queue_state* feed = nullptr;
        bool adds = false;  // the fabric adder adds an f16 from the core; control wavelets pass through
        if (from_core) {  // a route or a message-passing bank's core color
            if (v.busy & core_input) {
                v.more = true;  // lost the port
                return false;
            }
            if (cs.core_feed < 0 || cs.teardown) return false;
            const std::int32_t f = Route ? cs.core_feed : cs.core_shared ? shared_feed(cs, now) : cs.core_feed;
            if (f < 0) return false;
            feed = &queues_[std::size_t(f)];
            if (!Handed && feed->items.empty()) return false;
            if (!Route && cs.kind != color_kind::route) outputs = hw::bit(message_port(rs.x, rs.y, feed->items.front()));
        } else {
            if (pos.source < 0) return false;
            input_buffer& b = buffers_[std::size_t(pos.source)];
            if (b.size_at(now) == 0) return false;
            if constexpr (!Route) {
                if (cs.kind == color_kind::adder && !b.items.front().control()) {
                    if (cs.core_feed < 0 || queues_[std::size_t(cs.core_feed)].items.empty()) return false;
                    if (v.busy & core_input) {
                        v.more = true;
                        return false;
                    }
                    adds = true;
                } else if (cs.kind == color_kind::mp_travel) {
                    outputs = hw::bit(message_port(rs.x, rs.y, b.items.front()));
                }
            }
        }
        if ((outputs & v.busy) != 0) {
            v.more = true;
            return false;
        }
        if (!ready<S, Route>(cs, pos, outputs, now)) return false;
        v.busy = std::uint8_t(v.busy | outputs | (from_core || adds ? core_input : 0));
        wavelet out = Handed ? handed : from_core ? take(rs, *feed, v, now) : take(rs, pos, v, now);
        if (!Route && adds)
            out.data = sp_bits(sp_value(out.data) +
                               float(half_value(std::uint16_t(pop_output(rs, queues_[std::size_t(cs.core_feed)], now).data))));
        moved_ = true;
        if (out.flags == 0) [[likely]] {  // data, no flip send: the switch stays
            deliver<S, Route>(rs, cs, pos, outputs, out, from_core || adds, now);
            return true;
        }
        v.more = deliver_switching<Route>(rs, cs, pos, outputs, out, from_core, adds, now) || v.more;
        return true;
    }

    /// deliver() for a control wavelet or a flip send's last: what it does to the color's switch
    /// (out of line: the common visit moves data, unobserved); whether the switch changed.
    template <bool Route>
    [[gnu::noinline]] bool deliver_switching(const router_state& rs, color_state& cs, const position_state& pos,
                                             std::uint8_t outputs, wavelet out, bool from_core, bool adds,
                                             std::uint64_t now) {
        const switch_command effect = command(cs, out, from_core);
        deliver<position_shape::other, Route>(rs, cs, pos, outputs, out, from_core || adds, now);
        const auto c = std::uint32_t(&cs - colors_);
        if (effect == switch_command::advance)
            m_.switch_to(c, cs.current + 1 < cs.count ? std::uint8_t(cs.current + 1) : cs.ring ? 0 : cs.current);
        else if (effect == switch_command::reset)
            m_.switch_to(c, 0);
        // A new switch position may take input from a buffer that already waits.
        return effect != switch_command::nop;
    }

    /// A wavelet leaves the fabric through port `p`: counted, for a warning.
    [[gnu::noinline]] void drop(const router_state& rs, const color_state& cs, int p, std::uint64_t now) {
        auto& d = part_.drops[{rs.y, rs.x, place(cs).color, std::uint8_t(p)}];
        if (d.count++ == 0) d.first = now;
    }

    /// A wavelet moves from `rs` (with one from its PE's output queue when `from_core`: its own, or
    /// the fabric adder's operand) to `outputs`: for a
    /// trace, a landing at each delivery to the core; for the counters, the PE's wavelets in and out
    /// and each link's wavelets.
    [[gnu::cold, gnu::noinline]] void observe(const router_state& rs, const color_state& cs, const position_state& pos,
                                              std::uint8_t outputs, const wavelet& w, bool from_core, std::uint64_t now) {
        auto* const counters = part_.counting;
        if (counters && from_core) ++counters->pes[std::size_t(rs.pe)].out;
        for (unsigned o = outputs; o; o &= o - 1) {
            const int p = std::countr_zero(o);
            if (pos.target(hw::port(p)) != to_core) {
                if (counters) ++counters->links[std::size_t(&cs - colors_) * hw::ports + std::size_t(p)];
                continue;
            }
            if (counters) ++counters->pes[std::size_t(rs.pe)].in;
            if (!part_.tracing) continue;
            const std::int32_t qi = core_queue(cs);
            const auto& pe = m_.pes[std::size_t(rs.pe)];
            int q = 0;
            while (q + 1 < hw::input_queues && std::int64_t(pe.queues) + pe.input_queue(q) != qi) ++q;
            const wait on{wait::kind::input, std::uint8_t(q), queues_[std::size_t(qi)].color, -1};
            part_.note(trace_event{.cycle = now, .pe = std::uint32_t(rs.pe), .what = trace_event::kind::landing, .flags = w.flags,
                                   .on = on, .data = w.data});
            const std::size_t held = queues_[std::size_t(qi)].items.size() + 1;  // with the wavelet deliver() pushes next
            if (part_.tracing->level_changed(std::uint32_t(rs.pe), q, held))
                part_.note(trace_event{.cycle = now, .pe = std::uint32_t(rs.pe), .what = trace_event::kind::queue, .on = on,
                                       .data = std::uint32_t(held)});
        }
    }

    /// What wavelet `w` does to its color's switch; a control wavelet loses its first command when
    /// the color's pop mode says so, and the flip-send mark does not travel on.
    static switch_command command(const color_state& cs, wavelet& w, bool from_core) {
        if (w.flags == 0) [[likely]] return switch_command::nop;  // data, no flip send
        switch_command effect = switch_command::nop;
        if (w.control()) {
            effect = first_command(w.data);
            const bool pop = cs.pop == ir::pop_mode::all ||
                             (cs.pop == ir::pop_mode::on_advance && effect == switch_command::advance) ||
                             (cs.pop == ir::pop_mode::on_advance_or_nop && effect != switch_command::reset);
            if (pop) w.data = pop_command(w.data);
        } else if ((w.flags & wavelet::advance_bit) && from_core) {
            effect = switch_command::advance;  // the last wavelet of a flip send
        }
        w.flags = std::uint8_t(w.flags & ~wavelet::advance_bit);
        return effect;
    }

    /// Sends `out` to every output of `pos`: for a position of shape S (not `other`), the core's
    /// and its one neighbour's, in the order of the ports. (A `Route` move is one of a run's fast
    /// paths, which a run that is observed does not take.)
    template <position_shape S, bool Route>
    [[gnu::always_inline]] void deliver(const router_state& rs, const color_state& cs, const position_state& pos,
                                        std::uint8_t outputs, const wavelet& out, bool from_core, std::uint64_t now) {
        if (!Route && part_.observed) [[unlikely]] observe(rs, cs, pos, outputs, out, from_core, now);
        if constexpr (S != position_shape::other) {
            const unsigned beside = outputs & ~hw::bit(hw::port::core);
            if (S == position_shape::into_core || (S == position_shape::one_way && (outputs & hw::bit(hw::port::core))))
                deliver_to<Route>(rs, cs, hw::port::core, to_core, out, now);
            if (S != position_shape::into_core && beside) {
                const auto p = hw::port(std::countr_zero(beside));
                deliver_to<Route>(rs, cs, p, pos.target(p), out, now);
            }
            return;
        }
        if (outputs == 0) ++part_.sunk;  // a position whose outputs boundary suppression removed
        for (unsigned o = outputs; o; o &= o - 1) {
            const auto p = hw::port(std::countr_zero(o));
            deliver_to<Route>(rs, cs, p, pos.target(p), out, now);
        }
    }

    /// Sends `out` through port `p`, which leads to `t`.
    template <bool Route>
    [[gnu::always_inline]] void deliver_to(const router_state& rs, const color_state& cs, hw::port p, std::int32_t t,
                                           const wavelet& out, std::uint64_t now) {
        if (t >= 0) {
            auto& target = buffers_[std::size_t(t)];
            if (target.border) [[unlikely]] {  // another partition's: delivered at the commit
                part_.crossings.push_back(crossing{std::uint32_t(t), out});
                return;
            }
            target.touch(now);
            target.items.push(out);
            // Its owner is this partition's (or it would be a border buffer): listed for the next cycle.
            part_.woken->insert(target.router);
        } else if (t == to_core) {
            auto& q = queues_[std::size_t(Route ? cs.core_queue : core_queue(cs))];
            // A reader waits for a wavelet, or for a second one (a SIMD-64 pair): only then wake it,
            // when it can read it. (A PE that waits with wavelets on their way sees to its own
            // wake: pe_executor::step.)
            if (q.items.size() < 2) {
                // Counted: a PE that waits for it waits 2 T_R cycles more than without a ramp latency.
                if (!Route && part_.counting && m_.waits[std::size_t(rs.pe)] == pe_wait::waiting) [[unlikely]]
                    part_.counting->pes[std::size_t(rs.pe)].ramp += landing_ - 1;
                part_.wake_pe(m_.waits, rs.pe, now + landing_);
            }
            q.hand(out, now + landing_);
        } else {  // off_fabric: ready() let only these through
            drop(rs, cs, int(p), now);
        }
    }
};

}  // namespace wafer::fabric
