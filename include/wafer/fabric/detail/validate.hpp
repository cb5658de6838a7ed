#pragma once
// Checks a layout before the fabric runs it, so the interpreter can trust every index, color,
// queue, register and operand kind. Everything reported here is something a front end (or a
// hand-built layout) can get wrong, including the misuses the DSD reference leaves to the
// programmer that can be seen before the run: a FIFO as the first of several sources, a FIFO
// buffer under the minimum alignment, an operand with wavelet_index_offset in an operation
// without an index. (Misuse that depends on timing is reported when it happens: see fault.)
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <set>
#include <string>
#include <utility>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/hardware.hpp"
#include "wafer/fabric/detail/report_text.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

/// More elements than any run could reach; keeps element counts and strides far from overflow.
inline constexpr std::uint64_t max_op_elements = std::uint64_t(1) << 40;
inline constexpr std::size_t max_layout_errors = 50;
/// The largest fabric the interpreter builds: 2^24 cells, over twenty 750 x 994 wafers. It keeps a
/// word of index per cell, so a mistaken size cannot ask for more memory than a machine has.
inline constexpr std::uint64_t max_fabric_cells = std::uint64_t(1) << 24;

class layout_checker {
public:
    explicit layout_checker(const ir::layout& l) : l_(l) {}

    /// Throws wafer::error with every problem found (up to max_layout_errors).
    void check() {
        if (l_.width < 1 || l_.height < 1)
            error("", {}, "the fabric is " + std::to_string(l_.width) + " x " + std::to_string(l_.height) +
                              "; it needs at least one PE");
        else if (std::uint64_t(l_.width) * std::uint64_t(l_.height) > max_fabric_cells)
            error("", {}, "the fabric is " + std::to_string(l_.width) + " x " + std::to_string(l_.height) +
                              " PEs; wafer simulates at most " + std::to_string(max_fabric_cells) +
                              " (a 750 x 994 wafer has 745500)");
        ds_.check();
        if (unsigned(l_.arch) > unsigned(hw::last_arch)) error("", {}, "unknown processor generation");
        for (std::size_t i = 0; i < l_.programs.size(); ++i) program(i);
        {
            // One byte per cell: which PEs and routers are placed (a set would cost more than the layout).
            std::vector<std::uint8_t> cells(l_.width > 0 && l_.height > 0 ? std::size_t(l_.width) * std::size_t(l_.height) : 0);
            for (std::size_t i = 0; i < l_.pes.size(); ++i) {
                placed(l_.pes[i], cells);
                if (i > 0 && std::pair(l_.pes[i].y, l_.pes[i].x) < std::pair(l_.pes[i - 1].y, l_.pes[i - 1].x))
                    error("", {}, "the layout's PEs are not sorted by (y, x): " + pe_text(l_.pes[i].x, l_.pes[i].y, "", "") +
                                      " comes after " + pe_text(l_.pes[i - 1].x, l_.pes[i - 1].y, "", ""));
            }
            std::fill(cells.begin(), cells.end(), 0);
            for (std::size_t i = 0; i < l_.routers.size(); ++i) {
                router(l_.routers[i], cells);
                if (i > 0 && std::pair(l_.routers[i].y, l_.routers[i].x) < std::pair(l_.routers[i - 1].y, l_.routers[i - 1].x))
                    error("", {}, "the layout's routers are not sorted by (y, x): router " +
                                      coordinates(l_.routers[i].x, l_.routers[i].y) + " comes after router " +
                                      coordinates(l_.routers[i - 1].x, l_.routers[i - 1].y));
            }
        }
        if (ds_.has_errors() && ds_.list().size() >= max_layout_errors)
            ds_.add({severity::error, "", {}, "too many errors in the layout; stopped checking", ""});
        ds_.check();
    }

private:
    void error(const std::string& file, source_position pos, std::string message) {
        if (ds_.list().size() < max_layout_errors) ds_.add({severity::error, file, pos, std::move(message), ""});
    }
    bool inside(std::int32_t x, std::int32_t y) const { return x >= 0 && y >= 0 && x < l_.width && y < l_.height; }

    /// " (PE (x,y) name runs it)": the first PE placed with program `p`, so a message has a place.
    std::string placed_at(std::size_t p) const {
        for (const auto& pe : l_.pes)
            if (pe.program == p) return " (" + pe_text(pe.x, pe.y, pe.name, "") + " runs it)";
        return "";
    }

    void program(std::size_t index) {
        const auto& p = l_.programs[index];
        const std::string& file = p.file_of({});  // the kernel's own
        const std::string kernel = "kernel '" + p.kernel + "'";
        if (p.memory_words > hw::memory_words)
            error(file, {}, kernel + " uses " + std::to_string(p.memory_words) + " words of memory; a PE has " +
                                std::to_string(hw::memory_words));
        for (const auto& d : p.data)
            if (d.base + d.words.size() > p.memory_words)
                error(file, {}, kernel + " has initial data for words " + std::to_string(d.base) + " to " +
                                    std::to_string(d.base + d.words.size() - 1) + ", past its " +
                                    std::to_string(p.memory_words) + " words of memory");
        if (p.blocks.empty()) error(file, {}, kernel + " has no code: block 0 is where a PE starts");
        for (const auto& s : p.sockets)
            if (s.input_queue < -1 || s.input_queue >= hw::input_queues || s.output_queue < -1 ||
                s.output_queue >= hw::output_queues(l_.arch))
                error(file, {}, kernel + ", socket '" + s.name + "': its input queue is one of 0.." +
                                    std::to_string(hw::input_queues - 1) + " and its output queue one of 0.." +
                                    std::to_string(hw::output_queues(l_.arch) - 1) + " (or none)");
        for (std::size_t b = 0; b < p.blocks.size(); ++b) block(p, b);
        for (std::size_t k = 0; k < p.dsd_ops.size(); ++k) operation(index, k);
        std::set<int> ids;
        for (std::size_t t = 0; t < p.tasks.size(); ++t) {
            const auto& task = p.tasks[t];
            const std::string what = kernel + ", task " + std::to_string(t);
            if (task.id >= hw::task_ids) error(file, {}, what + ": task IDs are 0.." + std::to_string(hw::task_ids - 1));
            else if (!ids.insert(task.id).second) error(file, {}, what + ": task ID " + std::to_string(task.id) + " is used twice");
            if (task.entry >= p.blocks.size()) error(file, {}, what + ": its entry block does not exist");
            if (task.kind == ir::task_kind::data && (task.queue < 0 || task.queue >= hw::input_queues))
                error(file, {}, what + ": a data task needs an input queue 0.." + std::to_string(hw::input_queues - 1));
            for (auto r : {task.data, task.index})
                if (r != ir::no_reg && r >= p.registers) error(file, {}, what + ": register r" + std::to_string(r) + " does not exist");
        }
        if (p.tasks.size() > std::size_t(hw::task_ids)) error(file, {}, kernel + " has more than 64 tasks");
        if (p.fifos.size() > std::size_t(hw::fifos))
            error(file, {}, kernel + " allocates " + std::to_string(p.fifos.size()) + " FIFOs; a PE has " + std::to_string(hw::fifos));
        for (std::size_t f = 0; f < p.fifos.size(); ++f) fifo(index, f);
    }

    void fifo(std::size_t index, std::size_t f) {
        const auto& p = l_.programs[index];
        const auto& q = p.fifos[f];
        const std::string what = "FIFO " + std::to_string(f) + " of kernel '" + p.kernel + "'";
        auto bad = [&](const std::string& m) { error(p.file_of(q.pos), q.pos, what + ": " + m + placed_at(index)); };
        if (q.capacity == 0) bad("its buffer holds no element");
        if (q.type == ir::data_type::ep)
            bad("a FIFO's elements are i16, u16, f16, i32, u32 or f32 (DSD reference, FIFOs), not ep");
        if (std::uint64_t(q.base) + std::uint64_t(q.capacity) * ir::words_of(q.type) > hw::memory_words)
            bad("its buffer ends past PE memory");
        if (q.align != 0 && q.align < hw::fifo_alignment_words)
            bad("its buffer is aligned to " + std::to_string(q.align) + " words, under the minimum alignment of FIFO buffers (" +
                std::to_string(hw::fifo_alignment_words) + " words)");
        else if (q.base % std::max<std::uint32_t>(q.align, hw::fifo_alignment_words) != 0)
            bad("its buffer at word " + std::to_string(q.base) + " is under the minimum alignment of FIFO buffers (" +
                std::to_string(std::max<std::uint32_t>(q.align, hw::fifo_alignment_words)) + " words)");
        for (auto t : {q.activate_push, q.activate_pop})
            if (t >= 0 && (std::size_t(t) >= p.tasks.size() || p.tasks[std::size_t(t)].kind != ir::task_kind::local))
                bad("activate_push and activate_pop name a local task");
    }

    void block(const ir::pe_program& p, std::size_t b) {
        const auto& code = p.blocks[b].code;
        const std::string what = "block " + std::to_string(b) + " of kernel '" + p.kernel + "'";
        if (code.empty() || !ir::is_terminator(code.back().code)) {
            const ir::debug_position at = code.empty() ? ir::debug_position{} : code.back().pos;
            return error(p.file_of(at), at, what + " does not end with jump, branch, ret, halt or done");
        }
        for (std::size_t i = 0; i < code.size(); ++i) instruction(p, what, code[i], i + 1 == code.size());
    }

    void instruction(const ir::pe_program& p, const std::string& block, const ir::instruction& ins, bool last) {
        auto bad = [&](const std::string& m) { error(p.file_of(ins.pos), ins.pos, block + ": " + m); };
        using I = ir::instr;
        if (unsigned(ins.code) >= unsigned(ir::instr_count)) return bad("unknown instruction");
        if (unsigned(ins.type) >= unsigned(ir::data_type_count) || unsigned(ins.from) >= unsigned(ir::data_type_count))
            return bad("unknown data type");
        if (ir::is_terminator(ins.code) && !last) bad("a jump, branch, ret, halt or done ends its block");
        for (const auto& v : ins.src)
            if (v.k == ir::value::kind::reg && v.v >= p.registers) bad("register r" + std::to_string(v.v) + " does not exist");
        const bool writes = ir::is_arithmetic(ins.code) || ir::is_comparison(ins.code) || ins.code == I::select ||
                            ins.code == I::convert || ins.code == I::load;
        if (writes && ins.dst >= p.registers) bad("its destination register does not exist");
        if (ins.code == I::dsd && ins.dst != ir::no_reg && ins.dst >= p.registers) bad("its result register does not exist");
        const bool integer = ins.code == I::rem || ins.code == I::bit_and || ins.code == I::bit_or || ins.code == I::bit_xor ||
                             ins.code == I::bit_not || ins.code == I::shl || ins.code == I::shr || ins.code == I::sar;
        if (integer && ir::is_float(ins.type)) bad("this instruction is for integer types only");
        switch (ins.code) {
        case I::jump:
        case I::call:
            if (ins.target >= p.blocks.size()) bad("it goes to a block that does not exist");
            break;
        case I::branch:
            if (ins.target >= p.blocks.size() || ins.other >= p.blocks.size()) bad("it goes to a block that does not exist");
            break;
        case I::dsd:
            if (ins.target >= p.dsd_ops.size()) bad("it issues a DSD operation that does not exist");
            break;
        case I::activate:
        case I::block:
        case I::unblock:
            if (ins.target >= p.tasks.size()) bad("it names a task that does not exist");
            break;
        case I::set_fifo_read_length:
        case I::set_fifo_write_length:
            if (ins.target >= p.fifos.size()) bad("it names a FIFO that does not exist");
            break;
        case I::clear_teardown:
            if (ins.target >= p.sockets.size()) bad("it names a socket that does not exist");
            break;
        case I::check_bounds:
            if (ins.target >= p.bounds_checks.size()) bad("it names a bounds check that does not exist");
            break;
        default: break;
        }
    }

    void operation(std::size_t index, std::size_t k) {
        const auto& p = l_.programs[index];
        const auto& op = p.dsd_ops[k];
        const std::string what = "operation " + std::to_string(k + 1) + " of kernel '" + p.kernel + "'";
        auto bad = [&](const std::string& m) { error(p.file_of(op.pos), op.pos, what + ": " + m); };
        auto misuse = [&](const std::string& m) { bad(m + placed_at(index)); };
        if (unsigned(op.op) >= unsigned(ir::opcode_count)) return bad("unknown opcode " + std::to_string(int(op.op)));
        if (unsigned(op.type) >= unsigned(ir::data_type_count)) return bad("unknown data type " + std::to_string(int(op.type)));
        if (ir::integer_only(op.op) && ir::is_float(op.type)) return bad("bitwise operations and shifts are for integers");
        if (op.op == ir::opcode::convert && unsigned(op.from) >= unsigned(ir::data_type_count))
            return bad("converts from an unknown data type " + std::to_string(int(op.from)));
        if (op.rank > ir::max_rank) return bad("rank " + std::to_string(op.rank) + " exceeds " + std::to_string(ir::max_rank));
        std::uint64_t elements = 1;
        for (int d = 0; d < op.rank; ++d) {
            const std::uint64_t e = op.extent[std::size_t(d)];
            if (e != 0 && elements > max_op_elements / e) return bad("walks more than 2^40 elements");
            elements *= e;
        }
        const int sources = ir::sources_of(op.op);
        if (op.dst.k != ir::dsd::kind::mem && op.dst.k != ir::dsd::kind::fabout && op.dst.k != ir::dsd::kind::fifo)
            bad("the destination must be memory, an output queue (fabout) or a FIFO");
        std::uint16_t read = 0;
        int fifo_sources = 0, fabric = 0;
        bool needs_index = false;
        for (int s = 0; s <= sources; ++s) {
            const auto& o = ir::operand(op, s);
            const std::string slot = s == 0 ? "the destination" : "source " + std::to_string(s - 1);
            if (unsigned(o.k) > unsigned(ir::dsd::kind::fifo)) {
                bad(slot + " has an unknown kind");
                continue;
            }
            if (s > 0 && o.k == ir::dsd::kind::fabout) bad(slot + " is an output queue (fabout)");
            for (auto r : {o.base_reg, o.offset_reg, o.stride_reg})
                if (r != ir::no_reg && r >= p.registers) bad(slot + " names register r" + std::to_string(r) + ", which does not exist");
            if (o.stride_reg != ir::no_reg && (op.rank != 1 || o.k != ir::dsd::kind::mem))
                bad(slot + ": a stride from a register needs a one-dimensional memory operand (set_dsd_stride)");
            needs_index = needs_index || o.wavelet_index_offset;
            if (o.wavelet_index_offset && o.k != ir::dsd::kind::mem && o.k != ir::dsd::kind::fabout)
                bad(slot + ": wavelet_index_offset is for memory and fabout operands");
            const bool wide = ir::words_of(ir::type_of(op, s)) == 2;
            if (o.control_transform && (!ir::is_fabric(o.k) || !wide))
                bad(slot + ": control_transform is for fabric operands of 32-bit operations");
            if (o.simd != ir::simd_mode::none && (!ir::is_fabric(o.k) || wide || op.op == ir::opcode::convert))
                bad(slot + ": SIMD modes are for fabric operands of 16-bit operations other than conversions");
            if ((o.control || o.advance_switch || o.zero != ir::zero_source::none) && o.k != ir::dsd::kind::fabout)
                bad(slot + ": control, advance_switch and zero are fabout properties");
            if (o.socket >= 0 && (!ir::is_fabric(o.k) || std::size_t(o.socket) >= p.sockets.size()))
                bad(slot + " names a socket that does not exist");
            if (ir::is_fabric(o.k)) ++fabric;
            if (o.k == ir::dsd::kind::fifo) {
                if (o.fifo >= p.fifos.size()) bad(slot + " names a FIFO that does not exist");
                if (s > 0) ++fifo_sources;
                if (s > 0 && op.dst.k == ir::dsd::kind::fifo && op.dst.fifo == o.fifo) bad("one FIFO is both its source and its destination");
                if (s == 1 && sources > 1) misuse("a FIFO is its first source; with several sources a FIFO must not be the first");
            }
            if (o.k == ir::dsd::kind::fabin) {
                if (o.queue >= hw::input_queues)
                    bad("input queue " + std::to_string(o.queue) + " does not exist (0.." + std::to_string(hw::input_queues - 1) + ")");
                else if (read & (1u << o.queue)) bad("reads input queue " + std::to_string(o.queue) + " twice per element");
                else read = std::uint16_t(read | 1u << o.queue);
            }
            if (o.k == ir::dsd::kind::fabout && o.queue >= hw::output_queues(l_.arch))
                bad("output queue " + std::to_string(o.queue) + " does not exist on " + std::string(hw::name_of(l_.arch)) + " (0.." +
                    std::to_string(hw::output_queues(l_.arch) - 1) + ")");
        }
        if (fifo_sources > 1) misuse("more than one of its sources is a FIFO");
        if (l_.arch == hw::arch::wse3 && std::popcount(unsigned(read)) > 1)
            bad("reads " + std::to_string(std::popcount(unsigned(read))) + " input queues; on WSE-3 an operation reads at most one fabric input");
        if (op.dst.zero == ir::zero_source::first && sources == 1)
            bad("with one source, reset it with zero second_source (DSD reference, Reset a Source Operand)");
        if (op.dst.zero != ir::zero_source::none) {
            const int s = op.dst.zero == ir::zero_source::first || sources == 1 ? 0 : 1;
            if (s >= sources || op.src[std::size_t(s)].k != ir::dsd::kind::mem) bad("the source zero resets must be in memory");
        }
        if (needs_index && op.index_reg == ir::no_reg)
            misuse("an operand has wavelet_index_offset but the operation gives no index");
        if (op.index_reg != ir::no_reg && sources < 2)
            bad("an operation with fewer than 3 arguments cannot take an index (DSD reference, Explicit Index Offset)");
        for (auto r : {op.length_reg, op.index_reg})
            if (r != ir::no_reg && r >= p.registers) bad("register r" + std::to_string(r) + " does not exist");
        if (op.length_reg != ir::no_reg && op.rank != 1) bad("a length from a register needs a one-dimensional operation");
        if (op.async && fabric == 0) bad("an asynchronous operation needs a fabric operand (fabin or fabout)");
        if (op.microthread >= 0) {
            if (l_.arch != hw::arch::wse3)
                bad("an explicit microthread ID needs arch=wse3; on " + std::string(hw::name_of(l_.arch)) + " the queues choose it");
            else if (op.microthread >= hw::microthreads) bad("microthread IDs are 0.." + std::to_string(hw::microthreads - 1));
        }
        auto action = [&](const ir::task_action& a, const char* field, bool on_control) {
            if (a.k == ir::task_action::kind::none) return;
            if (!op.async) return bad(std::string(field) + " needs an asynchronous operation");
            if (a.k == ir::task_action::kind::terminate) {
                if (!on_control) bad("terminate is an on_control action");
                return;
            }
            if (a.task >= p.tasks.size()) return bad(std::string(field) + " names a task that does not exist");
            const auto kind = p.tasks[a.task].kind;
            if (a.k == ir::task_action::kind::activate && kind != ir::task_kind::local)
                bad(std::string(field) + ": activate names a local task");
            if (a.k == ir::task_action::kind::unblock && kind == ir::task_kind::control)
                bad(std::string(field) + ": unblock names a data or local task");
        };
        action(op.on_complete, "completion", false);
        action(op.on_control, "on_control", true);
        if (op.on_complete.k == ir::task_action::kind::terminate) bad("terminate is an on_control action");
        if (op.on_control.k != ir::task_action::kind::none && read == 0) bad("on_control needs a fabin operand");
    }

    /// Marks (x, y) in `cells`; false when it was marked already.
    bool mark(std::vector<std::uint8_t>& cells, std::int32_t x, std::int32_t y) const {
        if (!inside(x, y)) return true;
        auto& c = cells[std::size_t(y) * std::size_t(l_.width) + std::size_t(x)];
        const bool fresh = c == 0;
        c = 1;
        return fresh;
    }

    void placed(const ir::placed_pe& p, std::vector<std::uint8_t>& cells) {
        auto at = [&] { return pe_text(p.x, p.y, p.name, ""); };
        if (!inside(p.x, p.y)) error("", {}, at() + " lies outside the " + std::to_string(l_.width) + " x " +
                                                   std::to_string(l_.height) + " fabric");
        if (!mark(cells, p.x, p.y)) error("", {}, at() + " is placed twice");
        if (p.program >= l_.programs.size())
            return error("", {}, at() + " runs program " + std::to_string(p.program) + " of " +
                                       std::to_string(l_.programs.size()));
        std::uint32_t colors = 0;
        for (std::size_t q = 0; q < p.input_color.size(); ++q) {
            const int c = p.input_color[q];
            if (c < -1 || c >= hw::colors) error("", {}, at() + ": input queue " + std::to_string(q) + " bound to color " + std::to_string(c));
            else if (c >= 0 && (colors & (1u << c)))
                error("", {}, at() + ": two input queues are bound to color " + std::to_string(c));
            else if (c >= 0) colors |= 1u << c;
        }
        for (std::size_t q = 0; q < p.output_color.size(); ++q) {
            const int c = p.output_color[q];
            if (c < -1 || c >= hw::colors)
                error("", {}, at() + ": output queue " + std::to_string(q) + " bound to color " + std::to_string(c));
            else if (c >= 0 && int(q) >= hw::output_queues(l_.arch))
                error("", {}, at() + ": output queue " + std::to_string(q) + " does not exist on " + std::string(hw::name_of(l_.arch)));
        }
    }

    void router(const ir::router& r, std::vector<std::uint8_t>& cells) {
        // Messages are built only for an error: most layouts have none, and a million routers.
        auto at = [&] { return "router " + coordinates(r.x, r.y); };
        if (!inside(r.x, r.y)) error("", {}, at() + " lies outside the fabric");
        if (!mark(cells, r.x, r.y)) error("", {}, at() + " is configured twice");
        if (r.mp_banks >= (1u << hw::mp_banks)) error("", {}, at() + ": message-passing banks are 0 and 1");
        std::uint32_t seen = 0;
        // (arriving color, port) pairs some color takes: two colors taking one would split a stream.
        std::array<std::pair<int, int>, hw::colors * hw::max_switch_positions> taken;
        std::size_t takers = 0;
        for (const auto& c : r.colors) {
            auto color = [&] { return at() + ", color " + std::to_string(c.color); };
            if (c.color >= hw::colors) {
                error("", {}, color() + ": colors are 0.." + std::to_string(hw::colors - 1));
                continue;
            }
            if (seen & (1u << c.color)) error("", {}, color() + " is configured twice");
            seen |= 1u << c.color;
            for (int b = 0; b < hw::mp_banks; ++b)
                if ((r.mp_banks & (1u << b)) && c.color >= hw::mp_first_color(b) && c.color < hw::mp_first_color(b) + hw::mp_bank_colors)
                    error("", {}, color() + " belongs to message-passing bank " + std::to_string(b) + ", which routes here");
            if (c.positions.empty() || c.positions.size() > std::size_t(hw::max_switch_positions))
                error("", {}, color() + " has " + std::to_string(c.positions.size()) + " switch positions; 1 to " +
                                  std::to_string(hw::max_switch_positions) + " are supported");
            if (c.positions.size() > 1 && !hw::can_switch(c.color))
                error("", {}, color() + " has switch positions, but only colors 0-9, 12, 13, 16, 17, 20 and 21 can switch");
            if (c.initial >= c.positions.size() && !c.positions.empty()) error("", {}, color() + ": its initial position does not exist");
            if (unsigned(c.pop) > unsigned(ir::pop_mode::on_advance_or_nop)) error("", {}, color() + ": unknown pop mode");
            if (c.swapped >= (1u << hw::ports)) error("", {}, color() + ": unknown swapped ports");
            for (const auto& p : c.positions) {
                if ((p.has_input && unsigned(p.input) >= unsigned(hw::ports)) || p.outputs >= (1u << hw::ports)) {
                    error("", {}, color() + " has a switch position with an unknown port");
                    continue;
                }
                if (!p.has_input) continue;
                const bool swapped = (c.swapped & hw::bit(p.input)) != 0;
                const int arriving = swapped ? hw::partner(c.color) : c.color;
                if (takers < taken.size()) taken[takers++] = {arriving * 8 + int(p.input), c.color};
            }
            if (c.fabric_adder) {
                if (c.color != hw::fabric_adder_color) error("", {}, color() + ": only color 10 can be the fabric adder");
                const auto& p = c.positions.front();
                if (c.positions.size() != 1 || !p.has_input || p.input == hw::port::core || std::popcount(unsigned(p.outputs)) != 1 ||
                    (p.outputs & hw::bit(hw::port::core)))
                    error("", {}, color() + ": the fabric adder takes one neighbour input and sends out of one neighbour port, never "
                                          "to the core");
            }
        }
        // A color's wavelets arriving on a port feed one color only.
        std::sort(taken.begin(), taken.begin() + std::ptrdiff_t(takers));
        for (std::size_t i = 1, first = 0; i < takers; ++i) {
            if (taken[i].first != taken[first].first) {
                first = i;
                continue;
            }
            if (taken[i].second == taken[i - 1].second) continue;  // one color taking it in two positions
            error("", {}, at() + ": colors " + std::to_string(taken[first].second) + " and " + std::to_string(taken[i].second) +
                              " both take color " + std::to_string(taken[i].first / 8) + " arriving from " +
                              std::string(1, port_letter(hw::port(taken[i].first % 8))));
        }
    }

    const ir::layout& l_;
    diagnostics ds_;
};

}  // namespace wafer::fabric::detail
