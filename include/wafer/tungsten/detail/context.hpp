#pragma once
// What one lowering run shares: the program being built, the scopes, the memory layout, the
// sockets' queues and the expression temporaries (placed after every variable at the end).
#include <cstdint>
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
            code.push_back(issue);
            out.dsd_ops.push_back(std::move(op));
        }
        if (temp_words_used > temp_words) temp_words = temp_words_used;
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
        out.memory_words = memory.end();
        ir::instruction halt;
        halt.code = ir::instr::halt;
        code.push_back(halt);
        out.blocks.push_back(ir::basic_block{std::move(code)});
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
    std::vector<ir::instruction> code;  ///< the program's one block: the statements in order, then halt
    std::uint32_t temp_words = 0;  ///< the most any one statement needs: statements reuse the area
    std::vector<temp_operand> temp_operands;
};

}  // namespace wafer::tungsten::detail
