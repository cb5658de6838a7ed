#pragma once
// The fabric interpreter: runs an ir::layout under the machine model of cost_model.hpp.
//
//   wafer::fabric::fabric f(layout);
//   auto r = f.run();
//   if (r.status != wafer::fabric::run_status::halted) std::cerr << r.report();
//   auto out = f.memory(*f.pe_at(2, 0));
//
// A fabric owns all of its state (no globals), so fabrics are independent of each other.
// `run` restarts every program from its first operation with empty queues and routers, and
// keeps memory as it is: load or poke memory, run, read it back, and repeat.
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/deadlock.hpp"
#include "wafer/fabric/detail/stall_analysis.hpp"
#include "wafer/fabric/detail/validate.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/pe.hpp"
#include "wafer/fabric/router.hpp"
#include "wafer/fabric/run_result.hpp"
#include "wafer/fabric/scheduler.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

class fabric {
public:
    /// Throws wafer::error when the layout is malformed (see detail/validate.hpp).
    explicit fabric(ir::layout l) : layout_(std::move(l)), routers_(layout_.width, layout_.height) {
        detail::layout_checker(layout_).check();
        prepared_.reserve(layout_.programs.size());
        for (const auto& p : layout_.programs) {
            auto& ops = prepared_.emplace_back();
            ops.reserve(p.code.size());
            for (const auto& op : p.code) ops.push_back(prepare(op));
        }
        pes_.reserve(layout_.pes.size());
        for (std::size_t i = 0; i < layout_.pes.size(); ++i) {
            const auto& placed = layout_.pes[i];
            pes_.emplace_back(placed, layout_.programs[placed.program]);
            const auto r = routers_.ensure(placed.x, placed.y);
            routers_[r].pe = std::int32_t(i);
            pe_router_.push_back(std::uint32_t(r));
        }
        for (const auto& r : layout_.routers) {
            auto& state = routers_[routers_.ensure(r.x, r.y)];
            for (const auto& c : r.colors) {
                auto& cs = state.get(c.color);
                cs.positions = std::uint8_t(c.positions.size());
                std::copy(c.positions.begin(), c.positions.end(), cs.route.begin());
            }
        }
    }

    const ir::layout& layout() const noexcept { return layout_; }

    /// The index into layout().pes of the PE placed at (x, y).
    std::optional<std::size_t> pe_at(std::int32_t x, std::int32_t y) const {
        const auto r = routers_.find(x, y);
        if (!r || routers_[*r].pe < 0) return std::nullopt;
        return std::size_t(routers_[*r].pe);
    }

    /// PE memory as it is now (before, between or after runs): its size is the words in use.
    std::span<word> memory(std::size_t pe) { return pes_.at(pe).memory; }
    std::span<const word> memory(std::size_t pe) const { return pes_.at(pe).memory; }

    /// Overwrites memory from word 0 with `words`, growing it to words.size() when larger.
    void load(std::size_t pe, std::span<const word> words) {
        auto& m = pes_.at(pe).memory;
        if (words.size() > pe_memory_words)
            throw error(diagnostic{severity::error, "", {}, "cannot load " + std::to_string(words.size()) +
                                                                " words into " + detail::pe_label(layout_, pe) +
                                                                ": a PE has " + std::to_string(pe_memory_words), ""});
        if (m.size() < words.size()) m.resize(words.size());
        std::copy(words.begin(), words.end(), m.begin());
    }

    /// The cycle the PE halted, or where it stopped (blocked, faulted, cut by the cycle limit).
    std::uint64_t pe_cycles(std::size_t pe) const {
        const auto& p = pes_.at(pe);
        return p.phase == pe::state::blocked ? p.blocked_since : p.clock;
    }

    run_result run(const run_options& options = {}) {
        restart();
        run_result result;
        result.pe_count = pes_.size();
        limit_ = options.max_cycles;
        for (std::uint32_t i = 0; i < pes_.size(); ++i) clock_.schedule(i, 0);
        std::uint64_t now = 0, reported = 0;
        for (;;) {
            if (now > limit_) {
                result.status = run_status::cycle_limit;
                last_ = limit_;
                break;
            }
            if (options.progress && options.progress_every > 0 && now / options.progress_every > reported) {
                reported = now / options.progress_every;
                options.progress(reported * options.progress_every);
            }
            while (const auto i = clock_.due(now)) {
                if (!step_pe(*i, now, result)) break;
            }
            if (result.status == run_status::fault) {
                last_ = now;
                break;
            }
            for (const auto r : clock_.take_routers()) step_router(r, now);
            const auto next = clock_.next_cycle(now);
            if (!next) break;
            now = *next;
        }
        finish(result);
        return result;
    }

private:
    void restart() {
        for (auto& p : pes_) p.restart();
        for (std::size_t r = 0; r < routers_.size(); ++r) {
            routers_[r].held = 0;
            routers_[r].waiting_ports = 0;
            for (auto& cs : routers_[r].colors) cs.restart();
        }
        clock_.clear();
        dropped_.clear();
        last_ = 0;
    }

    /// Steps PE `i`; false when it faulted (recorded in `result`).
    bool step_pe(std::uint32_t i, std::uint64_t now, run_result& result) {
        auto& p = pes_[i];
        const auto& placed = layout_.pes[i];
        const auto out = p.step(now, limit_, layout_.programs[placed.program], prepared_[placed.program], engine_);
        last_ = std::max(last_, now);
        if (out.queues_changed) clock_.wake(pe_router_[i]);
        switch (out.what) {
        case step_outcome::kind::busy:
            p.phase = pe::state::scheduled;
            clock_.schedule(i, out.until);
            last_ = std::max(last_, std::min(out.until, limit_));
            return true;
        case step_outcome::kind::blocked: p.phase = pe::state::blocked; return true;
        case step_outcome::kind::halted: p.phase = pe::state::halted; return true;
        case step_outcome::kind::fault: break;
        }
        result.status = run_status::fault;
        result.diagnostics.push_back(fault(i));
        return false;
    }

    diagnostic fault(std::size_t i) const {
        const auto& placed = layout_.pes[i];
        const auto& prog = layout_.programs[placed.program];
        const auto& p = pes_[i];
        const auto& range = prepared_[placed.program][p.pc];
        auto hex = [](std::int64_t v) {
            static constexpr char digits[] = "0123456789abcdef";
            std::string s;
            for (std::uint64_t u = std::uint64_t(v < 0 ? -v : v); s.empty() || u; u >>= 4) s.insert(s.begin(), digits[u & 15]);
            return (v < 0 ? "-0x" : "0x") + s;
        };
        std::map<std::string, source_text> files;
        const auto& op = prog.code[p.pc];
        return diagnostic{
            severity::error, prog.source_file, op.pos,
            detail::pe_label(layout_, i) + ": operation " + std::to_string(p.pc + 1) + " accesses words " +
                hex(range.lowest) + ".." + hex(range.highest) + ", outside PE memory (0x0.." + hex(pe_memory_words - 1) + ")",
            detail::source_line(prog.source_file, op.pos.line, files)};
    }

    void wake_pe(std::int32_t i, std::uint64_t now) {
        auto& p = pes_[std::size_t(i)];
        if (p.phase != pe::state::blocked) return;
        p.phase = pe::state::scheduled;
        clock_.schedule(std::uint32_t(i), now + 1);
    }

    /// Whether the wavelet at the head of `cs` on router `r` can take every output of its position
    /// this cycle; registers `r` to be woken where room is missing.
    bool can_move(std::uint32_t r, const color_state& cs, const ir::switch_position& pos, std::uint64_t now) {
        for (int p = 0; p < ir::port_count; ++p) {
            const auto port = ir::port(p);
            if (!(pos.outputs & ir::bit(port))) continue;
            if (port == ir::port::core) {
                const std::int32_t i = routers_[r].pe;
                if (i < 0) return false;
                const int q = pes_[std::size_t(i)].input_queue_of[cs.color];
                if (q < 0 || pes_[std::size_t(i)].input[std::size_t(q)].full()) return false;  // the PE's pop wakes r
                continue;
            }
            const std::int32_t n = routers_.neighbour(r, port);
            if (n == off_fabric) continue;
            const auto& target = routers_[std::size_t(n)].get(cs.color);
            if (!target.has_room(now)) {
                // Room freed earlier in this cycle is usable in the next; otherwise wait for a pop.
                if (!target.buffer.full()) clock_.wake(r);
                else routers_[std::size_t(n)].waiting_ports |= ir::bit(ir::opposite(port));
                return false;
            }
        }
        return true;
    }

    void step_router(std::uint32_t r, std::uint64_t now) {
        auto& rs = routers_[r];
        bool moved = false;
        std::uint8_t busy = 0;  // ports that already carried a wavelet out in this cycle
        const std::size_t n = rs.colors.size();
        for (std::size_t j = 0, c = n ? now % n : 0; j < n && rs.held > 0; ++j, c = c + 1 == n ? 0 : c + 1) {
            auto& cs = rs.colors[c];  // colors take turns at the head of the line
            if (cs.buffer.empty() || cs.buffer.front().entered >= now) continue;
            const auto* pos = cs.current();
            if (!pos || pos->input != cs.buffer.front().from || pos->outputs == 0) continue;  // stuck
            if ((pos->outputs & busy) || !can_move(r, cs, *pos, now)) continue;
            const wavelet w = cs.pop(now).data;
            --rs.held;
            busy |= pos->outputs;
            moved = true;
            deliver(r, cs.color, *pos, w, now);
            wake_waiting(r);
        }
        if (rs.pe >= 0) moved = on_ramp(r, now) || moved;
        if (moved && (rs.held > 0 || (rs.pe >= 0 && has_output(std::size_t(rs.pe))))) clock_.wake(r);
    }

    void deliver(std::uint32_t r, std::uint8_t color, const ir::switch_position& pos, wavelet w, std::uint64_t now) {
        last_ = std::max(last_, now + hop_cycles);
        for (int p = 0; p < ir::port_count; ++p) {
            const auto port = ir::port(p);
            if (!(pos.outputs & ir::bit(port))) continue;
            if (port == ir::port::core) {
                const std::int32_t i = routers_[r].pe;
                pes_[std::size_t(i)].input[std::size_t(pes_[std::size_t(i)].input_queue_of[color])].push(w);
                wake_pe(i, now);
                continue;
            }
            const std::int32_t n = routers_.neighbour(r, port);
            if (n == off_fabric) {
                auto& d = dropped_[{routers_[r].y, routers_[r].x, color, p}];
                if (d.count++ == 0) d.first = now;
                continue;
            }
            auto& target = routers_[std::size_t(n)];
            target.get(color).buffer.push(routed_wavelet{w, ir::opposite(port), now});
            ++target.held;
            clock_.wake(std::uint32_t(n));
        }
    }

    /// Room appeared in router `r`: wake the neighbours that found none.
    void wake_waiting(std::uint32_t r) {
        const std::uint8_t ports = routers_[r].waiting_ports;
        if (!ports) return;
        routers_[r].waiting_ports = 0;
        for (int p = 1; p < ir::port_count; ++p) {
            if (!(ports & ir::bit(ir::port(p)))) continue;
            const std::int32_t n = routers_.neighbour(r, ir::port(p));
            if (n >= 0) clock_.wake(std::uint32_t(n));
        }
    }

    /// Moves one wavelet from the PE's output queues into the router, queues taking turns.
    bool on_ramp(std::uint32_t r, std::uint64_t now) {
        auto& rs = routers_[r];
        const std::int32_t i = rs.pe;
        auto& p = pes_[std::size_t(i)];
        const auto& bound = layout_.pes[std::size_t(i)].output_color;
        const std::size_t queues = p.output.size();
        for (std::size_t j = 0, q = now % queues; j < queues; ++j, q = q + 1 == queues ? 0 : q + 1) {
            if (p.output[q].empty() || bound[q] < 0) continue;
            auto& cs = rs.get(std::uint8_t(bound[q]));
            if (!cs.has_room(now)) continue;  // freed by this router's own moves, which keep it awake
            cs.buffer.push(routed_wavelet{p.output[q].pop(), ir::port::core, now});
            ++rs.held;
            last_ = std::max(last_, now + hop_cycles);
            wake_pe(i, now);
            return true;
        }
        return false;
    }

    bool has_output(std::size_t i) const {
        const auto& bound = layout_.pes[i].output_color;
        for (std::size_t q = 0; q < pes_[i].output.size(); ++q)
            if (!pes_[i].output[q].empty() && bound[q] >= 0) return true;
        return false;
    }

    void finish(run_result& result) {
        result.cycles = last_;
        for (const auto& [key, d] : dropped_) {
            const auto [y, x, color, port] = key;
            result.diagnostics.push_back(diagnostic{
                severity::warning, "", {},
                (d.count == 1 ? std::string("wavelet") : std::to_string(d.count) + " wavelets") + " on color " +
                    std::to_string(color) + " left the fabric going " + ir::letter(ir::port(port)) + " from PE " +
                    detail::coordinates(x, y) + " (data lost" + (d.count == 1 ? " at" : ", first at") + " cycle " +
                    std::to_string(d.first) + ")",
                ""});
        }
        const detail::fabric_view view{layout_, pes_, routers_};
        const std::size_t running = std::size_t(std::count_if(
            pes_.begin(), pes_.end(), [](const pe& p) { return p.phase != pe::state::halted; }));
        if (result.status == run_status::fault) return;
        if (result.status == run_status::cycle_limit) {
            for (auto& p : pes_)
                if (p.phase == pe::state::scheduled) p.clock = limit_;  // stopped by the limit, mid-operation
            result.diagnostics.push_back(diagnostic{severity::note, "", {},
                                                    std::to_string(running) + " of " + std::to_string(pes_.size()) +
                                                        " PEs had not halted after " + std::to_string(limit_) +
                                                        " cycles (run_options::max_cycles)",
                                                    ""});
            return;
        }
        std::uint64_t stuck = 0;
        auto notes = detail::undelivered(view, stuck);
        if (running == 0) {
            result.status = run_status::halted;
            if (stuck > 0)
                result.diagnostics.push_back(diagnostic{
                    severity::warning, "", {},
                    detail::plural(stuck, "wavelet was", "wavelets were") + " left undelivered when every PE had halted",
                    ""});
        } else {
            result.status = run_status::deadlock;
            report_blocked(result);
        }
        result.diagnostics.insert(result.diagnostics.end(), notes.begin(), notes.end());
    }

    void report_blocked(run_result& result) const {
        const detail::fabric_view view{layout_, pes_, routers_};
        std::map<std::string, source_text> files;
        for (std::size_t i = 0; i < pes_.size(); ++i) {
            const auto& p = pes_[i];
            if (p.phase == pe::state::halted) continue;
            const auto& placed = layout_.pes[i];
            const auto& prog = layout_.programs[placed.program];
            const auto& op = prog.code[p.pc];
            assert(p.phase == pe::state::blocked && p.waiting_slot >= 0);  // no event left: all wait on a queue
            const auto& o = detail::operand(op, p.waiting_slot);
            blocked_pe b;
            b.x = placed.x;
            b.y = placed.y;
            b.name = placed.name;
            b.kernel = prog.kernel;
            b.waits_on = detail::wait_text(placed, prog, o);
            b.since = p.blocked_since;
            b.done = p.done;
            b.total = prepared_[placed.program][p.pc].elements;
            b.where = diagnostic{severity::note, prog.source_file, op.pos,
                                 "blocked here, in operation " + std::to_string(p.pc + 1) + " of " +
                                     std::to_string(prog.code.size()),
                                 detail::source_line(prog.source_file, op.pos.line, files)};
            const bool in = o.k == ir::dsd::kind::fabin;
            const int color = in ? placed.input_color[o.queue] : placed.output_color[o.queue];
            if (color >= 0)
                b.route = in ? detail::trace_to(view, i, std::uint8_t(color))
                                : detail::trace_from(view, i, std::uint8_t(color));
            result.blocked.push_back(std::move(b));
        }
    }

    struct drop {
        std::uint64_t count = 0, first = 0;
    };

    ir::layout layout_;
    std::vector<std::vector<prepared_op>> prepared_;  // per program, per operation
    std::vector<pe> pes_;                             // parallel to layout_.pes
    std::vector<std::uint32_t> pe_router_;            // each PE's router
    router_grid routers_;
    scheduler clock_;
    dsd_engine engine_;
    std::uint64_t limit_ = 0;
    std::uint64_t last_ = 0;  // the last cycle anything happened
    std::map<std::tuple<std::int32_t, std::int32_t, std::uint8_t, int>, drop> dropped_;  // (y, x, color, port)
};

}  // namespace wafer::fabric
