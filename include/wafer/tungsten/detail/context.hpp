#pragma once
// What one lowering run shares: the program being built (its blocks, registers and operations), the
// scopes, the memory layout, the sockets' queues and the expression temporaries (placed after every
// variable at the end).
#include <cstdint>
#include <utility>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/constant.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

/// An operand of an emitted operation that addresses the temporaries (slot 0: dst, 1-3: src[0-2]);
/// its base is relative to the temporary area until `finish` places it.
struct temp_operand {
    std::size_t op = 0;
    int slot = 0;
};

class context {
public:
    context(const ast::program& prog, const std::vector<ir::param_value>& settings, diagnostics& sink)
        : prog(prog),
          settings(settings),
          setting_used(settings.size(), false),
          report(prog.source, sink),
          scopes(report),
          eval(scopes, report) {
        out.kernel = prog.name;
        out.source_file = prog.source.name();
        out.blocks.emplace_back();
    }
    context(const context&) = delete;
    context& operator=(const context&) = delete;

    /// Appends one statement's operations, each issued in turn; `temps` index into `ops`.
    void emit(std::vector<ir::dsd_op> ops, const std::vector<temp_operand>& temps, std::uint32_t temp_words_used) {
        for (auto t : temps) temp_operands.push_back({out.dsd_ops.size() + t.op, t.slot});
        for (auto& op : ops) {
            ir::instruction issue;
            issue.code = ir::instr::dsd;
            issue.target = static_cast<std::uint32_t>(out.dsd_ops.size());
            issue.pos = op.pos;
            add(issue);
            out.dsd_ops.push_back(std::move(op));
        }
        if (temp_words_used > temp_words) temp_words = temp_words_used;
    }

    // ---- scalar code: blocks and registers

    /// Appends `i` to the current block.
    void add(ir::instruction i) { out.blocks[current].code.push_back(i); }

    /// A new, empty block (the current one is unchanged).
    std::uint32_t new_block() {
        out.blocks.emplace_back();
        return static_cast<std::uint32_t>(out.blocks.size() - 1);
    }
    /// Ends the current block with `end` and goes on in block `next`.
    void end_block(ir::instruction end, std::uint32_t next) {
        add(end);
        current = next;
    }
    std::uint32_t current_block() const noexcept { return current; }

    /// A register free until `release_registers(mark)` with an earlier mark.
    ir::reg new_register() {
        if (next_register == 0xffff) report.fail({}, "the kernel needs more than 65535 registers");
        auto r = next_register++;
        if (next_register > out.registers) out.registers = next_register;
        return r;
    }
    ir::reg register_mark() const noexcept { return next_register; }
    void release_registers(ir::reg mark) noexcept { next_register = mark; }

    /// A word pair after every variable through which scalar code reads and writes sockets; the
    /// instruction's src[0] is patched with its address when the layout is final.
    void scratch_address(ir::instruction& i) {
        scratch_uses.push_back({current, out.blocks[current].code.size()});
        i.src[0] = ir::imm(0);
    }
    ir::dsd scratch_operand() {
        ir::dsd d;
        d.k = ir::dsd::kind::mem;
        d.base = 0;
        scratch_operands.push_back(out.dsd_ops.size());
        return d;
    }

    /// Places the temporaries after every variable, sets memory_words, warns about unused settings.
    void finish() {
        for (std::size_t s = 0; s < settings.size(); ++s)
            if (!setting_used[s])
                report.warning({}, "set=" + settings[s].name + "=" + std::to_string(settings[s].value) +
                                       " names no parameter of kernel " + prog.name);
        if (temp_words > 0) {
            try {
                auto base = memory.allocate(temp_words, true, "the temporaries of expressions", {}, report);
                for (auto t : temp_operands) {
                    auto& op = out.dsd_ops[t.op];
                    auto& operand = t.slot == 0 ? op.dst : op.src[static_cast<std::size_t>(t.slot - 1)];
                    operand.base = static_cast<address>(operand.base + base);
                }
            } catch (const abandon&) {
            }
        }
        if (!scratch_uses.empty() || !scratch_operands.empty()) {
            try {
                auto base = memory.allocate(2, true, "the socket scratch words", {}, report);
                for (auto [block, index] : scratch_uses) out.blocks[block].code[index].src[0] = ir::imm(base);
                for (auto op : scratch_operands) {
                    auto& o = out.dsd_ops[op];
                    (o.dst.k == ir::dsd::kind::mem ? o.dst : o.src[0]).base = base;
                }
            } catch (const abandon&) {
            }
        }
        out.memory_words = memory.end();
        ir::instruction halt;
        halt.code = ir::instr::halt;
        add(halt);
    }

    const ast::program& prog;
    const std::vector<ir::param_value>& settings;
    std::vector<bool> setting_used;
    reporter report;
    scope_stack scopes;
    evaluator eval;
    memory_layout memory;
    ir::pe_program out;
    int input_queues = 0;   ///< assigned so far, in order of first read
    int output_queues = 0;  ///< assigned so far, in order of first write

private:
    std::uint32_t current = 0;     ///< the block code is appended to; block 0 is where the PE starts
    ir::reg next_register = 0;
    std::uint32_t temp_words = 0;  ///< the most any one statement needs: statements reuse the area
    std::vector<temp_operand> temp_operands;
    std::vector<std::pair<std::uint32_t, std::size_t>> scratch_uses;  ///< (block, instruction)
    std::vector<std::size_t> scratch_operands;                       ///< operations
};

}  // namespace wafer::tungsten::detail
