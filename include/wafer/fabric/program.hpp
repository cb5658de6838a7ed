#pragma once
// A PE program ready to run: its blocks laid end to end (branch targets become instruction
// indices), each DSD operation prepared once, and what the fabric must allocate for it (queues,
// microthreads, FIFOs, a call stack, registers, memory). Built once per program when the fabric is.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/dsd_engine.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::fabric {

inline constexpr std::size_t call_stack_depth = 32;

struct prepared_program {
    std::vector<ir::instruction> code;       ///< every block, in order; jump/branch/call targets are indices here
    std::vector<std::uint32_t> block_start;  ///< block -> its first instruction
    std::vector<prepared_op> ops;            ///< per ir::pe_program::dsd_ops
    std::vector<bool> dynamic_walk;          ///< per operation: its length or a stride comes from a register
    std::vector<std::uint8_t> task_order;    ///< task indices by ascending ID: the order tasks are picked in
    std::array<std::int8_t, hw::task_ids> control_task{};  ///< control task index by ID, -1: none
    std::uint8_t data_task_queues = 0;       ///< bit q: a data task is bound to input queue q
    std::uint16_t input_queues = 0;          ///< bit q: input queue q is used
    std::uint16_t output_queues = 0;         ///< bit q: output queue q is used
    bool has_async = false, has_calls = false, has_dynamic_walk = false, has_control_tasks = false;
    /// What the main thread does between fabric operations is seen by no other PE or router: no
    /// control task takes wavelets from its queues, no instruction takes a color out of teardown,
    /// and no operation rebinds a queue (each fabric operand's socket is its queue's own). Then
    /// the PE runs such work ahead of the clock (pe.hpp).
    bool private_between_fabric = true;
    /// No instruction or operation can fault (partition.hpp: an address, a subscript or a divisor
    /// from a register, a call, an asynchronous operation, a queue rebound), and nothing is seen
    /// by another PE between fabric operations: the fabric may run it in a wavefront (detail/band.hpp).
    bool faultless = true;
    /// An operation streams from queue to queue at an element a cycle (prepared_op::riding_source)
    /// and no control task takes wavelets first: the PE may ride its router while it runs it (router.hpp).
    bool rides = false;
    std::uint32_t memory_words = 0;          ///< the declared words and every static operation's reach
};

/// Whether scalar instruction `i` can not fault, whatever its registers hold.
inline bool can_not_fault(const ir::instruction& i) {
    const auto immediate = [](const ir::value& v) { return v.k != ir::value::kind::reg; };
    switch (i.code) {
    case ir::instr::load:
    case ir::instr::store: {
        const std::uint64_t address = std::uint64_t(std::int64_t(std::int32_t(i.src[0].v)) + std::int32_t(i.src[1].v));
        return immediate(i.src[0]) && immediate(i.src[1]) && address + ir::words_of(i.type) <= hw::memory_words;
    }
    case ir::instr::div:
    case ir::instr::rem: return immediate(i.src[1]) && i.src[1].v != 0;
    case ir::instr::check_bounds:
    case ir::instr::call:
    case ir::instr::ret: return false;
    default: return true;
    }
}

inline prepared_program prepare(const ir::pe_program& p, hw::arch a) {
    prepared_program out;
    out.control_task.fill(-1);
    for (const auto& b : p.blocks) {
        out.block_start.push_back(std::uint32_t(out.code.size()));
        out.code.insert(out.code.end(), b.code.begin(), b.code.end());
    }
    for (auto& i : out.code) {
        if (i.code == ir::instr::jump || i.code == ir::instr::branch || i.code == ir::instr::call)
            i.target = out.block_start[i.target];
        if (i.code == ir::instr::branch) i.other = out.block_start[i.other];
        out.has_calls = out.has_calls || i.code == ir::instr::call;
        out.faultless = out.faultless && can_not_fault(i);
        out.private_between_fabric = out.private_between_fabric && i.code != ir::instr::clear_teardown;
    }
    out.memory_words = p.memory_words;
    for (const auto& op : p.dsd_ops) {
        out.ops.push_back(prepare(op, a));
        out.ops.back().static_reach = true;  // until an operand says otherwise
        bool dynamic = op.length_reg != ir::no_reg;
        for (int k = 0; k < 1 + ir::sources_of(op.op); ++k) {
            const auto& o = ir::operand(op, k);
            dynamic = dynamic || o.stride_reg != ir::no_reg;
            if (ir::is_fabric(o.k) && o.socket >= 0) {
                const ir::socket* sock = std::size_t(o.socket) < p.sockets.size() ? &p.sockets[std::size_t(o.socket)] : nullptr;
                const int own = !sock ? -1 : o.k == ir::dsd::kind::fabin ? sock->input_queue : sock->output_queue;
                out.private_between_fabric = out.private_between_fabric && sock && own == o.queue;
            }
            if (o.k == ir::dsd::kind::fabin) out.input_queues = std::uint16_t(out.input_queues | 1u << o.queue);
            if (o.k == ir::dsd::kind::fabout) out.output_queues = std::uint16_t(out.output_queues | 1u << o.queue);
            auto& po = out.ops.back();
            const bool static_base = o.base_reg == ir::no_reg && o.offset_reg == ir::no_reg && !o.wavelet_index_offset;
            if (o.k == ir::dsd::kind::mem && static_base && po.high[k] >= po.low[k])
                out.memory_words = std::max<std::uint32_t>(
                    out.memory_words, std::uint32_t(std::min<std::int64_t>(o.base + po.high[k] + 1, hw::memory_words)));
            if (o.k == ir::dsd::kind::mem) {
                po.base[std::size_t(k)] = o.base;
                po.static_reach = po.static_reach && static_base &&
                                  (po.high[k] < po.low[k] || (o.base + po.low[k] >= 0 && o.base + po.high[k] < hw::memory_words));
            }
        }
        out.dynamic_walk.push_back(dynamic);
        out.ops.back().static_reach = out.ops.back().static_reach && !dynamic;
        out.has_dynamic_walk = out.has_dynamic_walk || dynamic;
        out.has_async = out.has_async || op.async;
    }
    for (const auto& s : p.sockets) {
        if (s.input_queue >= 0) out.input_queues = std::uint16_t(out.input_queues | 1u << s.input_queue);
        if (s.output_queue >= 0) out.output_queues = std::uint16_t(out.output_queues | 1u << s.output_queue);
    }
    for (std::size_t t = 0; t < p.tasks.size(); ++t) {
        const auto& task = p.tasks[t];
        out.task_order.push_back(std::uint8_t(t));
        if (task.kind == ir::task_kind::data && task.queue >= 0) {
            out.data_task_queues = std::uint8_t(out.data_task_queues | 1u << task.queue);
            out.input_queues = std::uint16_t(out.input_queues | 1u << task.queue);
        }
        if (task.kind == ir::task_kind::control) out.control_task[task.id] = std::int8_t(t), out.has_control_tasks = true;
    }
    out.private_between_fabric = out.private_between_fabric && !out.has_control_tasks;
    out.faultless = out.faultless && out.private_between_fabric && !out.has_async &&
                    std::ranges::all_of(out.ops, [](const prepared_op& op) { return op.static_reach; });
    out.rides = !out.has_control_tasks && std::ranges::any_of(out.ops, [](const prepared_op& op) { return op.riding_source >= 0; });
    std::sort(out.task_order.begin(), out.task_order.end(),
              [&](std::uint8_t a, std::uint8_t b) { return p.tasks[a].id < p.tasks[b].id; });
    for (const auto& f : p.fifos)
        out.memory_words =
            std::max<std::uint32_t>(out.memory_words, std::min<std::uint32_t>(f.base + f.capacity * ir::words_of(f.type),
                                                                               hw::memory_words));
    return out;
}

}  // namespace wafer::fabric
