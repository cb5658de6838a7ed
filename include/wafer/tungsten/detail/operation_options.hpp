#pragma once
// The options of a statement's one DSD operation (docs/tungsten.md, Operation options), written
// `async(...)` or `dsd(...)` before it: each sets a field the DSD reference names on the operation
// (async, activate, unblock, on_control, priority, microthread, index) or on its socket and memory
// operands (control, advance_switch, control_transform, SIMD modes, zero). Every option is checked
// against the operation it lands on, so a mistake the hardware would leave undefined is an error.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "wafer/core/detail/flat_map.hpp"
#include "wafer/core/hardware.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/handler.hpp"
#include "wafer/tungsten/detail/scalar.hpp"

namespace wafer::tungsten::detail {

class operation_options {
public:
    WAFER_CONSTEXPR operation_options(context& cx, const ast::assignment& a) : cx_(cx), a_(a) {}

    /// Sets `op`'s fields from the statement's options; scalar code they need (an `index` value)
    /// goes before the operation is issued.
    WAFER_CONSTEXPR void apply(ir::dsd_op& op) {
        wafer::detail::flat_set<std::string> seen;
        for (const auto& o : a_.options) {
            // unblock, activate and a bare task name (`async(t)`) all set the completion action.
            const bool completion = o.name == "activate" || o.name == "unblock" || !is_option(o.name);
            std::string key =
                o.name;  // not `completion ? ... : o.name`: g++ 12 faults on that in a constant expression
            if (completion) key = "activate";
            if (!seen.insert(std::move(key)).second)
                cx_.report.fail(o.pos, o.name == "activate" || o.name == "unblock"
                                           ? "an operation activates or unblocks at most one task when it completes"
                                           : "option " + quote(o.name) + " is given twice");
            apply(op, o);
        }
        if (op.async) assign_microthread(op);
    }

    /// `result x`: the register the operation's result goes to, or none.
    WAFER_CONSTEXPR ir::reg result_register() {
        if (result_) result_reg_ = cx_.new_register();
        return result_reg_;
    }

    /// Stores the result into `result x`'s variable: 1 when the operation completed (as one that ran
    /// no element did), 0 when a FIFO ended it early.
    WAFER_CONSTEXPR void store_result(bool issued) {
        if (!result_) return;
        scalar_lowering s(cx_);
        s.at(result_->pos);
        const ast::expr x = ast::name_expr(result_->word, result_->pos);
        s.assign(x, issued ? rvalue{rvalue::kind::typed, {}, ir::r(result_reg_), base_type::u1}
                           : rvalue{rvalue::kind::constant, constant{false, 1, 0.0}, {}, base_type::xp});
    }

private:
    static constexpr std::array<std::string_view, 14> names{
        "activate", "unblock",        "on_control", "priority", "microthread",  "index", "control",
        "advance_switch", "control_transform", "simd32", "simd64", "simd32_or_64", "zero", "result"};

    WAFER_CONSTEXPR static bool is_option(const std::string& n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    }

    /// "the options are activate, unblock, ... and result".
    static std::string option_list() {
        std::string out = "the options are ";
        for (std::size_t k = 0; k < names.size(); ++k)
            out += std::string(k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + std::string(names[k]);
        return out;
    }

    WAFER_CONSTEXPR void apply(ir::dsd_op& op, const ast::operation_option& o) {
        const auto& n = o.name;
        if (n == "activate" || n == "unblock") return completion(op.on_complete, n, o);
        if (n == "on_control") return on_control(op, o);
        if (n == "priority") return priority(op, o);
        if (n == "microthread") return microthread(op, o);
        if (n == "index") return index(op, o);
        if (n == "control" || n == "advance_switch") {
            plain(o);
            auto& out = socket_target(op, o);
            (n == "control" ? out.control : out.advance_switch) = true;
            return;
        }
        if (n == "control_transform") return control_transform(op, o);
        if (n == "simd32" || n == "simd64" || n == "simd32_or_64") return simd(op, o);
        if (n == "zero") return zero(op, o);
        if (n == "result") {
            if (a_.async)
                cx_.report.fail(o.pos, "an asynchronous operation has no result: its completion says it ended "
                                       "(activate t or unblock t)");
            word(o, "the variable that receives it: result ok");
            result_ = o;
            return;
        }
        // `async(t)`: the task its completion activates.
        if (a_.async && o.word.empty() && !o.value) {
            const auto* d = cx_.scopes.find(n);
            if (d && std::holds_alternative<task_symbol>(d->what))
                return completion(op.on_complete, "activate", ast::operation_option{"activate", n, {}, o.pos});
            std::string what = " is not declared";  // not `?:` between strings (type_spelling says why)
            if (d) what = " is " + a_kind(*d) + ", not a task";
            cx_.report.fail(o.pos, quote(n) + what + ": async(t) names the local task its completion activates, and " +
                                       option_list());
        }
        cx_.report.fail(o.pos, quote(n) + " is not an operation option; " + option_list());
    }

    /// The value of `index k` or `microthread 3`: a lone name after the option reads as its word.
    WAFER_CONSTEXPR static std::optional<ast::expr> value_of(const ast::operation_option& o) {
        if (o.value && o.word.empty()) return o.value;
        if (!o.value && !o.word.empty()) return ast::name_expr(o.word, o.pos);
        return std::nullopt;
    }

    WAFER_CONSTEXPR void plain(const ast::operation_option& o) const {
        if (!o.word.empty() || o.value) cx_.report.fail(o.pos, "option " + quote(o.name) + " takes no value");
    }
    WAFER_CONSTEXPR const std::string& word(const ast::operation_option& o, const char* what) const {
        if (o.word.empty() || o.value) cx_.report.fail(o.pos, "option " + quote(o.name) + " takes " + what);
        return o.word;
    }
    WAFER_CONSTEXPR void async_only(const ast::operation_option& o) const {
        if (!a_.async)
            cx_.report.fail(o.pos, "option " + quote(o.name) + " belongs to an asynchronous operation: write async(" +
                                       o.name + (o.word.empty() ? "" : " ") + o.word + ") instead of dsd(...)");
    }

    /// `activate t` or `unblock t`, on completion or on a control wavelet.
    WAFER_CONSTEXPR void completion(ir::task_action& action, const std::string& verb, const ast::operation_option& o) {
        async_only(o);
        const auto& name = word(o, "a task");
        action.k = verb == "activate" ? ir::task_action::kind::activate : ir::task_action::kind::unblock;
        action.task = static_cast<std::uint8_t>(verb == "activate" ? local_task(cx_, name, o.pos)
                                                                   : any_task(cx_, name, o.pos));
    }

    void on_control(ir::dsd_op& op, const ast::operation_option& o) {
        async_only(o);
        bool reads = false;
        for (int s = 0; s < ir::sources_of(op.op); ++s) reads = reads || op.src[std::size_t(s)].k == ir::dsd::kind::fabin;
        if (!reads)
            cx_.report.fail(o.pos, "on_control ends the operation at a control wavelet it reads, and this operation "
                                   "reads no socket");
        const auto& verb = o.word;
        if (verb == "terminate" && !o.value) {
            op.on_control.k = ir::task_action::kind::terminate;
            return;
        }
        if ((verb != "activate" && verb != "unblock") || !o.value || o.value->k != ast::expr::kind::name)
            cx_.report.fail(o.pos, "on_control takes terminate, activate t or unblock t");
        completion(op.on_control, verb, ast::operation_option{verb, o.value->name, {}, o.pos});
    }

    void priority(ir::dsd_op& op, const ast::operation_option& o) {
        async_only(o);
        const auto& p = word(o, "high, medium or low");
        if (p == "high") op.prio = ir::priority::high;
        else if (p == "medium") op.prio = ir::priority::medium;
        else if (p == "low") op.prio = ir::priority::low;
        else cx_.report.fail(o.pos, "priority " + quote(p) + " is not a priority: high, medium or low");
    }

    void microthread(ir::dsd_op& op, const ast::operation_option& o) {
        async_only(o);
        if (cx_.options.arch != hw::arch::wse3)
            cx_.report.fail(o.pos, "an explicit microthread needs WSE-3 (arch=wse3): on " + std::string(hw::name_of(cx_.options.arch)) +
                                       " an operation's microthread is one of its queues");
        const auto value = value_of(o);
        const auto id = value ? cx_.eval.integer_of(*value) : std::nullopt;
        if (!id || *id < 0 || *id >= hw::microthreads)
            cx_.report.fail(o.pos, "microthread takes a constant from 0 to " + decimal(hw::microthreads - 1));
        op.microthread = static_cast<std::int8_t>(*id);
    }

    /// `index v`: the operation's index, read when it is issued; a socket target carries it in each
    /// wavelet's high 16 bits (dsd-reference.rst, Explicit Index Offset).
    WAFER_CONSTEXPR void index(ir::dsd_op& op, const ast::operation_option& o) {
        const auto value = value_of(o);
        if (!value) cx_.report.fail(o.pos, "option 'index' takes a value: index k");
        if (ir::sources_of(op.op) < 2)
            cx_.report.fail(o.pos, "an index is given only to an operation of three operands (a target and two "
                                   "sources), and this one is a copy; write the value as an operation such as x + 0");
        auto& out = socket_target(op, o);
        out.wavelet_index_offset = true;
        scalar_lowering s(cx_);
        s.at(o.pos);
        const auto v = s.as(s.eval(*value), base_type::u16, o.pos);
        op.index_reg = cx_.new_register();
        s.move(op.index_reg, v, base_type::u16);
    }

    void control_transform(ir::dsd_op& op, const ast::operation_option& o) {
        plain(o);
        if (ir::words_of(op.type) != 2)
            cx_.report.fail(o.pos, "control_transform carries the control bit in bit 31 of an element, so it needs "
                                   "32-bit data, and this operation moves 16-bit values");
        bool any = false;
        for (int slot = 0; slot <= ir::sources_of(op.op); ++slot)
            if (auto& d = ir::operand(op, slot); ir::is_fabric(d.k)) d.control_transform = any = true;
        if (!any) cx_.report.fail(o.pos, "control_transform is an option of socket operands, and this operation has none");
    }

    void simd(ir::dsd_op& op, const ast::operation_option& o) {
        plain(o);
        if (ir::words_of(op.type) != 1)
            cx_.report.fail(o.pos, "a SIMD mode packs 16-bit values, and this operation moves 32-bit ones");
        const auto mode = o.name == "simd32" ? ir::simd_mode::simd32
                          : o.name == "simd64" ? ir::simd_mode::simd64 : ir::simd_mode::simd32_or_64;
        bool any = false;
        for (int slot = 0; slot <= ir::sources_of(op.op); ++slot)
            if (auto& d = ir::operand(op, slot); ir::is_fabric(d.k)) d.simd = mode, any = true;
        if (!any) cx_.report.fail(o.pos, "a SIMD mode is an option of socket operands, and this operation has none");
    }

    /// `zero a`: the memory of source `a` is reset when the operation completes.
    void zero(ir::dsd_op& op, const ast::operation_option& o) {
        auto& out = socket_target(op, o);
        const auto& name = word(o, "the array it resets: zero a");
        const auto& d = cx_.scopes.lookup(name, o.pos);
        const auto* v = std::get_if<variable_symbol>(&d.what);
        if (!v) cx_.report.fail(o.pos, quote(name) + " is " + a_kind(d) + ", not an array");
        const auto end = v->base + element_count(v->extents) * v->element_words();
        int found = -1;
        const int sources = ir::sources_of(op.op);
        for (int s = 0; s < sources; ++s) {
            const auto& src = op.src[std::size_t(s)];
            if (src.k != ir::dsd::kind::mem || src.base < v->base || src.base >= end || src.base_reg != ir::no_reg) continue;
            if (found >= 0) cx_.report.fail(o.pos, "zero resets one source, and both sources read " + quote(name));
            found = s;
        }
        if (found < 0 || sources > 2)
            cx_.report.fail(o.pos, "zero resets a source of the operation, and " + quote(name) + " is not one" +
                                       (sources > 2 ? " that it can reset (a multiply-add has three)" : ""));
        // One source: the hardware names it the second (dsd-reference.rst, Reset a Source Operand).
        out.zero = found == 1 || sources == 1 ? ir::zero_source::second : ir::zero_source::first;
    }

    WAFER_CONSTEXPR ir::dsd& socket_target(ir::dsd_op& op, const ast::operation_option& o) const {
        if (op.dst.k != ir::dsd::kind::fabout)
            cx_.report.fail(o.pos, "option " + quote(o.name) + " is an option of a socket the operation writes, and "
                                                               "this one writes no socket");
        return op.dst;
    }

    /// WSE-2 derives the microthread from the queues: a fabout's output queue, else the first
    /// fabin's (dsd-reference.rst, Microthreads); WSE-3 may name one.
    WAFER_CONSTEXPR void assign_microthread(const ir::dsd_op& op) {
        int thread = op.microthread;
        if (thread < 0 && ir::is_fabric(op.dst.k)) thread = op.dst.queue;
        for (const auto& s : op.src)
            if (thread < 0 && s.k == ir::dsd::kind::fabin) thread = s.queue;
        const auto activated = [](const ir::task_action& t) {
            return t.k == ir::task_action::kind::activate ? int(t.task) : -1;
        };
        const async_use use{a_.pos, cx_.current_task, activated(op.on_complete), activated(op.on_control)};
        auto& uses = cx_.microthreads.try_emplace(int(thread)).first->second;
        for (const auto& other : uses)
            if (!sequenced(other, use)) {
                cx_.report.error(a_.pos, "this async operation would run on microthread " + decimal(thread) +
                                             ", as another one does: two concurrent operations cannot share one (one "
                                             "issued in a task the other's end activates may)");
                cx_.report.note(other.pos, "the other operation on microthread " + decimal(thread));
                throw abandon{};
            }
        uses.push_back(use);
    }

    context& cx_;
    const ast::assignment& a_;
    std::optional<ast::operation_option> result_;
    ir::reg result_reg_ = ir::no_reg;
};

}  // namespace wafer::tungsten::detail
