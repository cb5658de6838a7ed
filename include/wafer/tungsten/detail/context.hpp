#pragma once
// What one lowering run shares: the program being built (its blocks, registers and operations), the
// scopes, the memory layout, the sockets' queues and the expression temporaries (placed after every
// variable at the end).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "wafer/core/detail/flat_map.hpp"
#include "wafer/core/detail/stable_vector.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/options.hpp"
#include "wafer/tungsten/detail/access.hpp"
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

/// `f` for each statement of `body` and of the packages it imports, recursively (imports are spliced
/// into the global scope, so what they declare is the importer's).
template <class F>
constexpr void for_each_spliced(const std::vector<ast::statement>& body, F&& f, int depth = 0) {
    for (const auto& s : body) {
        f(s);
        if (const auto* i = std::get_if<ast::import_statement>(&s); i && i->loaded() && depth < max_import_depth)
            for_each_spliced(i->loaded()->body, f, depth + 1);
    }
}

/// The names whose `.base` some assignment in `body` sets (by name: a shadowed namesake also gets
/// a base word, which costs a word and a load, never a wrong address).
inline WAFER_CONSTEXPR void add_moved_bases(const std::vector<ast::statement>& body,
                                            wafer::detail::flat_set<std::string>& names) {
    for_each_spliced(body, [&](const ast::statement& s) {
        if (const auto* a = std::get_if<ast::assignment>(&s)) {
            const auto& t = a->target;
            if (t.k == ast::expr::kind::member && t.name == "base" && !t.operands.empty() &&
                t.operands[0].k == ast::expr::kind::name)
                names.insert(t.operands[0].name);
        } else if (const auto* b = std::get_if<ast::block>(&s)) {
            add_moved_bases(b->body, names);
        } else if (const auto* i = std::get_if<ast::if_statement>(&s)) {
            add_moved_bases(i->then_branch, names);
            add_moved_bases(i->else_branch, names);
        } else if (const auto* l = std::get_if<ast::loop_statement>(&s)) {
            add_moved_bases(l->body, names);
        }
    });
}

/// A function or handler body being lowered: where `return` stores the value and goes.
/// An async operation on a microthread: where it is, the task it is issued in (-1: the main
/// thread's code) and the tasks its end activates, when it completes and at a control wavelet
/// (-1: none).
struct async_use {
    source_position pos;
    int task = -1;
    int completes = -1, controls = -1;
    /// Whether one of the two starts only after the other ends: issued in a task the other's end
    /// activates.
    friend constexpr bool sequenced(const async_use& a, const async_use& b) noexcept {
        const auto after = [](const async_use& first, const async_use& then) {
            return then.task >= 0 && (first.completes == then.task || first.controls == then.task);
        };
        return after(a, b) || after(b, a);
    }
    friend constexpr bool operator==(const async_use&, const async_use&) = default;
};

struct call_frame {
    std::string name;                  ///< the function's, or "on rx"
    std::optional<base_type> returns;  ///< nullopt: no value
    ir::reg result = ir::no_reg;
    std::uint32_t exit = 0;            ///< the block after the body
};

/// A function of the program, known before its declaration is reached (calls may precede it).
struct function_entry {
    const ast::function_decl* decl = nullptr;
    const source_text* source = nullptr;  ///< the text it is declared in (an imported package's, perhaps)
    bool declared = false;        ///< its declaration was reached and checked
    std::uint32_t order = 0;      ///< then: the top-level declarations its body sees are numbered below
    bool checked_clean = false;   ///< then: its check reported no error
    std::optional<base_type> returns;  ///< then: what it returns, a typedef resolved (nullopt: nothing)
};

class context {
public:
    /// `reserved`: the words address() placements take (see memory_layout).
    WAFER_CONSTEXPR context(const ast::program& prog, const std::vector<ir::param_value>& settings, diagnostics& sink,
                            const lower_options& options = {}, std::vector<word_range> reserved = {})
        : prog(prog),
          settings(settings),
          options(options),
          setting_used(settings.size(), false),
          report(prog.source, sink),
          scopes(report),
          eval(scopes, report),
          memory(std::move(reserved)) {
        out.kernel = prog.name;
        out.source_files.push_back(prog.source.name());
        out.blocks.emplace_back();
        add_moved_bases(prog.body, moved_bases);
        find_functions(prog.body, nullptr, 0);
        for_each_spliced(prog.body, [&](const ast::statement& st) {
            // Literal task IDs are claimed up front, so tasks without one never take them.
            if (const auto* t = std::get_if<ast::task_decl>(&st); t && t->id && t->id->k == ast::expr::kind::integer)
                claimed_task_ids.insert(static_cast<int>(t->id->value));
        });
    }
    WAFER_CONSTEXPR context(const context&) = delete;
    context& operator=(const context&) = delete;

    /// The function a call from the code being lowered names: a package's own first.
    WAFER_CONSTEXPR const function_entry* function_named(const std::string& name) const {
        // Two lookups, not a loop over {key, name}: g++ 12 reads past an initializer list of strings
        // in a constant expression.
        if (const auto it = functions.find(scopes.top_level_key(name)); it != functions.end()) return &it->second;
        if (const auto it = functions.find(name); it != functions.end()) return &it->second;
        return nullptr;
    }

    /// Appends one statement's operations, each issued in turn; `temps` index into `ops`. `result`
    /// receives the last one's result (1, or 0 when a FIFO ended it early).
    WAFER_CONSTEXPR void emit(std::vector<ir::dsd_op> ops, const std::vector<temp_operand>& temps,
                              std::uint32_t temp_words_used, ir::reg result = ir::no_reg) {
        for (auto t : temps) temp_operands.push_back({out.dsd_ops.size() + t.op, t.slot});
        for (auto& op : ops) {
            int fabric_inputs = 0;
            for (int k = 1; k <= ir::sources_of(op.op); ++k) fabric_inputs += ir::operand(op, k).k == ir::dsd::kind::fabin;
            if (options.arch == hw::arch::wse3 && fabric_inputs > 1)  // the SDK's DSD page
                report.fail(op.pos, "on WSE-3 an operation reads at most one socket, and this one reads " + decimal(fabric_inputs) +
                                        ": read the others into memory first");
            ir::instruction issue;
            issue.code = ir::instr::dsd;
            issue.target = static_cast<std::uint32_t>(out.dsd_ops.size());
            op.pos.file = current_file();
            issue.pos = op.pos;
            if (&op == &ops.back()) issue.dst = result;
            add(issue);
            out.dsd_ops.push_back(std::move(op));
        }
        if (temp_words_used > temp_words) temp_words = temp_words_used;
    }

    // ---- scalar code: blocks and registers

    /// Appends `i` to the current block.
    WAFER_CONSTEXPR void add(ir::instruction i) {
        i.pos.file = current_file();
        out.blocks[current].code.push_back(i);
    }

    /// The index in out.source_files of the text being lowered (an imported package's, perhaps).
    WAFER_CONSTEXPR std::uint16_t current_file() {
        const std::string& name = report.source().name();
        const auto it = std::find(out.source_files.begin(), out.source_files.end(), name);
        if (it != out.source_files.end()) return static_cast<std::uint16_t>(it - out.source_files.begin());
        out.source_files.push_back(name);
        return static_cast<std::uint16_t>(out.source_files.size() - 1);
    }

    /// A new, empty block (the current one is unchanged).
    WAFER_CONSTEXPR std::uint32_t new_block() {
        out.blocks.emplace_back();
        return static_cast<std::uint32_t>(out.blocks.size() - 1);
    }
    /// Ends the current block with `end` and goes on in block `next`.
    WAFER_CONSTEXPR void end_block(ir::instruction end, std::uint32_t next) {
        add(end);
        current = next;
    }
    WAFER_CONSTEXPR std::uint32_t current_block() const noexcept { return current; }
    /// Goes on appending to `block` (a task's or function's code, away from the program's).
    WAFER_CONSTEXPR void switch_to(std::uint32_t block) noexcept { current = block; }

    /// All that lowering changes, to undo a lowering done only to check code (a function's body
    /// where it is declared).
    struct checkpoint {
        ir::pe_program out;
        memory_layout memory;
        std::uint16_t input_taken, output_taken;
        std::uint32_t current;
        ir::reg next_register;
        std::uint32_t temp_words;
        std::size_t temp_operands, scratch_uses, scratch_operands;
        wafer::detail::flat_map<address, source_position> base_set_at;
        wafer::detail::flat_map<std::size_t, source_position> handled;
        wafer::detail::flat_map<int, std::vector<async_use>> microthreads;
    };
    WAFER_CONSTEXPR checkpoint save() const {
        return {out,        memory,          input_taken,         output_taken,            current,
                next_register, temp_words,   temp_operands.size(), scratch_uses.size(), scratch_operands.size(),
                base_set_at_, handled,      microthreads};
    }
    /// (&&: g++ 12 faults destroying a by-value checkpoint, which holds strings, in a constant expression.)
    WAFER_CONSTEXPR void restore(checkpoint&& c) {
        out = std::move(c.out);
        memory = std::move(c.memory);
        input_taken = c.input_taken;
        output_taken = c.output_taken;
        current = c.current;
        next_register = c.next_register;
        temp_words = c.temp_words;
        temp_operands.resize(c.temp_operands);
        scratch_uses.resize(c.scratch_uses);
        scratch_operands.resize(c.scratch_operands);
        base_set_at_ = std::move(c.base_set_at);
        handled = std::move(c.handled);
        microthreads = std::move(c.microthreads);
    }

    /// A register free until `release_registers(mark)` with an earlier mark.
    WAFER_CONSTEXPR ir::reg new_register() {
        if (next_register == 0xffff) report.fail({}, "the kernel needs more than 65535 registers");
        auto r = next_register++;
        if (next_register > out.registers) out.registers = next_register;
        return r;
    }
    WAFER_CONSTEXPR ir::reg register_mark() const noexcept { return next_register; }
    WAFER_CONSTEXPR void release_registers(ir::reg mark) noexcept { next_register = mark; }

    // ---- `.base` (reference §5): the current address of an array whose base the program sets

    /// A register holding the address `a` reaches: its variable's base word plus `delta` words.
    WAFER_CONSTEXPR ir::reg moved_base(const access& a, std::int64_t delta, source_position pos) {
        ir::instruction ld;
        ld.code = ir::instr::load;
        ld.type = ir::data_type::u16;
        ld.dst = new_register();
        ld.src = {ir::imm(*a.base_word), ir::imm(0), {}};
        ld.pos = pos;
        add(ld);
        if (delta == 0) return ld.dst;
        ir::instruction sum = ld;
        sum.code = ir::instr::add;
        sum.dst = new_register();
        sum.src = {ir::r(ld.dst), ir::imm(static_cast<std::uint32_t>(delta)), {}};
        add(sum);
        return sum.dst;
    }

    /// Records a use of `a` when it is `x.base`: Carbide can return a stale address when `.base` is
    /// read after it is set, so wafer warns there (and reads the right one).
    WAFER_CONSTEXPR void base_used(const access& a, bool write, source_position pos) {
        if (!a.is_base_address) return;
        const auto set = base_set_at_.find(a.base);
        if (write) {
            if (set == base_set_at_.end()) base_set_at_.emplace(a.base, pos);
            return;
        }
        if (set == base_set_at_.end()) return;
        report.warning(pos, quote(a.path) + " is read after it is set: Carbide can return the address from before "
                                            "the assignment; keep the address in a variable instead");
        report.note(set->second, quote(a.path) + " is set here");
    }

    /// A word pair after every variable through which scalar code reads and writes sockets; the
    /// instruction's src[0] is patched with its address when the layout is final.
    WAFER_CONSTEXPR void scratch_address(ir::instruction& i) {
        scratch_uses.push_back({current, out.blocks[current].code.size()});
        i.src[0] = ir::imm(0);
    }
    WAFER_CONSTEXPR ir::dsd scratch_operand() {
        ir::dsd d;
        d.k = ir::dsd::kind::mem;
        d.base = 0;
        scratch_operands.push_back(out.dsd_ops.size());
        return d;
    }

    /// Places the temporaries after every variable, sets memory_words, warns about unused settings.
    WAFER_CONSTEXPR void finish() {
        for (std::size_t s = 0; s < settings.size(); ++s)
            if (!setting_used[s] && !options.settings_are_bindings)
                report.warning({}, "set=" + settings[s].name + "=" + to_string(settings[s].value) +
                                       " names no parameter of kernel " + prog.name);
        if (temp_words > 0) {
            try {
                auto base = memory.allocate(temp_words, alignment::even(true), "the temporaries of expressions", {}, report);
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
                auto base = memory.allocate(2, alignment::even(true), "the socket scratch words", {}, report);
                for (auto [block, index] : scratch_uses) out.blocks[block].code[index].src[0] = ir::imm(base);
                for (auto op : scratch_operands) {
                    auto& o = out.dsd_ops[op];
                    (o.dst.k == ir::dsd::kind::mem ? o.dst : o.src[0]).base = base;
                }
            } catch (const abandon&) {
            }
        }
        out.memory_words = memory.end();
        for (const auto& [name, declared] : forward_tasks)
            report.error(task_names[declared.index].second,
                         "task " + quote(name) + " is declared and never defined: give it a body further on, 'task " +
                             name + " { … }'");
        for (const auto& [s, pos] : teardown_sockets)
            if (out.sockets[s].input_queue < 0 && out.sockets[s].output_queue < 0)
                report.error(pos, "socket " + quote(out.sockets[s].name) + " is never read or written, so Paint binds "
                                  "it no color, and __builtin_clear_teardown would clear nothing");
        // With handlers the program's start ends with `done`: the PE goes idle and runs them.
        ir::instruction end;
        end.code = out.tasks.empty() ? ir::instr::halt : ir::instr::done;
        add(end);
    }

    const ast::program& prog;
    const std::vector<ir::param_value>& settings;
    const lower_options options;
    std::vector<bool> setting_used;
    reporter report;
    scope_stack scopes;
    /// The struct and union types declared, kept for the whole lowering: declarations and the
    /// types built from them point here.
    wafer::detail::stable_vector<composite_type> composites;
    evaluator eval;
    memory_layout memory;
    ir::pe_program out;
    wafer::detail::flat_set<std::string> moved_bases;  ///< see add_moved_bases
    wafer::detail::flat_map<std::string, function_entry> functions;
    std::vector<call_frame> frames;     ///< the bodies being lowered, innermost last
    /// Lowers statements (lower.hpp): function and handler bodies are statements inside
    /// expressions' calls, so the lowering of calls reaches the statement lowering through here.
    void (*lower_statements)(context&, const std::vector<ast::statement>&) = nullptr;
    wafer::detail::flat_map<std::size_t, source_position> handled;  ///< sockets with a handler: where it is declared
    /// WSE-2 derives an async operation's microthread from its queues: those taken, and by which
    /// operations. While `async_statement`, a socket's new queue avoids them.
    wafer::detail::flat_map<int, std::vector<async_use>> microthreads;
    int current_task = -1;  ///< the task whose body is being lowered (an index into out.tasks), or -1
    bool async_statement = false;
    wafer::detail::flat_set<int> claimed_task_ids;  ///< the literal `id(N)`s of the program's tasks
    wafer::detail::flat_set<std::size_t> control_sockets;  ///< sockets whose input queue a control task made
    /// The sockets __builtin_clear_teardown names, and where: each needs a queue, so Paint binds it a color.
    std::vector<std::pair<std::size_t, source_position>> teardown_sockets;
    /// Parallel to out.tasks: each task's name and declaration, for messages (tasks are top-level
    /// only, so no checkpoint undoes one).
    std::vector<std::pair<std::string, source_position>> task_names;
    /// Tasks declared with `task t;` whose definition has not come yet: each one's index in
    /// out.tasks and, for a control task, its socket.
    struct declared_task {
        std::size_t index;
        std::string socket;
    };
    wafer::detail::flat_map<std::string, declared_task> forward_tasks;
    int import_depth = 0;  ///< packages being spliced in
    /// Queues (bit q: queue q): those sockets have, and those declarations fix for sockets
    /// (input_queue(N), output_queue(N)) that fixed_queues holds, parallel to out.sockets.
    std::uint16_t input_taken = 0, output_taken = 0, input_fixed = 0, output_fixed = 0;
    std::vector<std::array<std::int8_t, 2>> fixed_queues;  ///< per socket: input, output (-1: the lowest free)

private:
    /// Knows every function before its declaration is reached (calls may precede it), keyed as
    /// scope_stack::top_level_key will key it: "P::f" for a private function of package P.
    WAFER_CONSTEXPR void find_functions(const std::vector<ast::statement>& body,
                                        const scope_stack::private_package* package, int depth) {
        for (const auto& s : body) {
            if (const auto* f = std::get_if<ast::function_decl>(&s)) {
                // An `if`, not `?:`: g++ 12 cannot destroy a string made by `?:` in a constant expression.
                if (package && !package->exports.contains(f->name))
                    functions.try_emplace(package->name + "::" + f->name, function_entry{f});
                else
                    functions.try_emplace(f->name, function_entry{f});
            }
            const auto* i = std::get_if<ast::import_statement>(&s);
            if (!i || !i->loaded() || depth >= max_import_depth) continue;
            if (i->names.empty()) {
                find_functions(i->loaded()->body, package, depth + 1);  // a whole import joins the importer
            } else {
                const scope_stack::private_package inner{i->package, {i->names.begin(), i->names.end()}};
                find_functions(i->loaded()->body, &inner, depth + 1);
            }
        }
    }

    std::uint32_t current = 0;     ///< the block code is appended to; block 0 is where the PE starts
    ir::reg next_register = 0;
    std::uint32_t temp_words = 0;  ///< the most any one statement needs: statements reuse the area
    std::vector<temp_operand> temp_operands;
    std::vector<std::pair<std::uint32_t, std::size_t>> scratch_uses;  ///< (block, instruction)
    std::vector<std::size_t> scratch_operands;                       ///< operations
    wafer::detail::flat_map<address, source_position> base_set_at_;  ///< base word: where first set
};

}  // namespace wafer::tungsten::detail
