#pragma once
// A processing element: memory, input/output queues, and the position in its program.
// `step` runs the PE at one cycle until it is busy, blocked on a queue, halted or faulted.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/fabric/queue.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/symbol_map.hpp"

namespace wafer::fabric {

inline constexpr std::size_t max_queue_length = 8;
static_assert(std::ranges::max(ir::input_queue_length) <= max_queue_length &&
              std::ranges::max(ir::output_queue_length) <= max_queue_length);

using wavelet_queue = bounded_queue<wavelet, max_queue_length>;

struct step_outcome {
    enum class kind : std::uint8_t {
        busy,     ///< step again at `until`
        blocked,  ///< waits for one of its queues to change
        halted,   ///< ran its last operation
        fault,    ///< the operation at pc touches memory outside the PE
    };
    kind what = kind::busy;
    std::uint64_t until = 0;
    bool queues_changed = false;  ///< popped an input or pushed an output wavelet: its router has work
};

class pe {
public:
    enum class state : std::uint8_t { scheduled, blocked, halted };

    pe(const ir::placed_pe& placed, const ir::pe_program& program) : memory(initial_memory(program)) {
        input_queue_of.fill(-1);
        for (std::size_t q = 0; q < input.size(); ++q) {
            input[q] = wavelet_queue(ir::input_queue_length[q]);
            if (placed.input_color[q] >= 0) input_queue_of[std::size_t(placed.input_color[q])] = std::int8_t(q);
        }
        for (std::size_t q = 0; q < output.size(); ++q) output[q] = wavelet_queue(ir::output_queue_length[q]);
    }

    std::vector<word> memory;
    std::array<wavelet_queue, ir::input_queue_length.size()> input;
    std::array<wavelet_queue, ir::output_queue_length.size()> output;
    std::array<std::int8_t, router_colors> input_queue_of{};  ///< color -> input queue, -1: none

    // Execution state, reset by `restart`.
    std::size_t pc = 0;           ///< the operation running or next
    bool issued = false;          ///< operation `pc` has been issued (its issue cycles charged)
    std::uint64_t done = 0;       ///< elements of operation `pc` finished
    state phase = state::scheduled;
    std::uint64_t clock = 0;           ///< the cycle of its last step: when it halted or stopped
    std::uint64_t blocked_since = 0;   ///< valid while stalled
    bool stalled = false;              ///< its last step made no progress
    int waiting_slot = -1;             ///< the operand slot it waits on while stalled

    void restart() {
        for (auto& q : input) q.clear();
        for (auto& q : output) q.clear();
        pc = 0;
        issued = false;
        done = 0;
        phase = state::scheduled;
        clock = 0;
        blocked_since = 0;
        stalled = false;
        waiting_slot = -1;
    }

    /// Runs at cycle `now`; an operation that would end past `limit` runs only the elements that fit.
    step_outcome step(std::uint64_t now, std::uint64_t limit, const ir::pe_program& program,
                      std::span<const prepared_op> prepared, dsd_engine& engine) {
        clock = now;
        step_outcome out;
        for (;;) {
            if (pc == program.code.size()) {
                out.what = step_outcome::kind::halted;
                return out;
            }
            const auto& op = program.code[pc];
            const auto& p = prepared[pc];
            if (!issued) {
                if (p.highest >= p.lowest && (p.lowest < 0 || p.highest >= std::int64_t(pe_memory_words))) {
                    out.what = step_outcome::kind::fault;
                    return out;
                }
                if (p.highest >= std::int64_t(memory.size())) memory.resize(std::size_t(p.highest) + 1);
                issued = true;
                done = 0;
                if (p.streams) {
                    out.until = now + op_issue_cycles;
                    return out;
                }
                return run_in_memory(now, limit, op, p, engine);
            }
            if (done == p.elements) {
                next_op();
                continue;
            }
            return stream(now, op, p, engine);
        }
    }

private:
    void next_op() {
        ++pc;
        issued = false;
        done = 0;
    }

    step_outcome run_in_memory(std::uint64_t now, std::uint64_t limit, const ir::dsd_op& op, const prepared_op& p,
                               dsd_engine& engine) {
        step_outcome out;
        std::uint64_t fit = p.elements;
        if (now + op_cycles(fit) > limit) {
            const std::uint64_t left = limit > now + op_issue_cycles ? limit - now - op_issue_cycles : 0;
            fit = std::min(fit, left / cycles_per_element);
        }
        engine.execute(op, p, dsd_batch{memory.data(), 0, fit});
        if (fit < p.elements) {  // cut by the cycle limit: the run stops before this PE steps again
            done = fit;
            out.until = limit + 1;
            return out;
        }
        out.until = now + op_cycles(fit);
        next_op();
        return out;
    }

    /// Processes as many elements as the queues allow, or blocks.
    step_outcome stream(std::uint64_t now, const ir::dsd_op& op, const prepared_op& p, dsd_engine& engine) {
        step_outcome out;
        const int used = 1 + ir::sources_of(op.op);
        std::uint64_t n = p.elements - done;
        int waiting = -1;
        for (int k = 0; k < used && n > 0; ++k) {
            const auto& o = detail::operand(op, k);
            if (o.k == ir::dsd::kind::fabin) n = std::min<std::uint64_t>(n, input[o.queue].size());
            else if (o.k == ir::dsd::kind::fabout) n = std::min<std::uint64_t>(n, output[o.queue].room());
            else continue;
            if (n == 0) waiting = k;
        }
        if (n == 0) {
            if (!stalled) blocked_since = now;
            stalled = true;
            waiting_slot = waiting;
            out.what = step_outcome::kind::blocked;
            return out;
        }
        stalled = false;
        waiting_slot = -1;

        std::array<std::array<wavelet, max_queue_length>, 3> in{};
        std::array<wavelet, max_queue_length> sent{};
        dsd_batch b{memory.data(), done, n};
        for (int s = 0; s < ir::sources_of(op.op); ++s) {
            const auto& o = op.src[std::size_t(s)];
            if (o.k != ir::dsd::kind::fabin) continue;
            for (std::uint64_t e = 0; e < n; ++e) in[std::size_t(s)][e] = input[o.queue].pop();
            b.fabin[std::size_t(s)] = in[std::size_t(s)].data();
        }
        if (op.dst.k == ir::dsd::kind::fabout) b.fabout = sent.data();
        engine.execute(op, p, b);
        if (op.dst.k == ir::dsd::kind::fabout)
            for (std::uint64_t e = 0; e < n; ++e) output[op.dst.queue].push(sent[e]);

        out.queues_changed = true;
        out.until = now + n * cycles_per_element;
        done += n;
        if (done == p.elements) next_op();
        return out;
    }
};

}  // namespace wafer::fabric
