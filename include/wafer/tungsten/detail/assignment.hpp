#pragma once
// One statement `i in [lo, hi) ... target = value;` (`<-` alike: the same values where nothing
// aliases). With the shape of DSD operations (dsd_shape.hpp) it lowers to operations of rank =
// number of loops, extents hi - lo; iterator i starts at lo, so operands are offset by lo, and a
// loop with an empty (or negative) range runs no element. Otherwise it is scalar code in loops
// (control.hpp, scalar.hpp).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/control.hpp"
#include "wafer/tungsten/detail/dsd_shape.hpp"
#include "wafer/tungsten/detail/expression.hpp"
#include "wafer/tungsten/detail/handler.hpp"
#include "wafer/tungsten/detail/operand.hpp"
#include "wafer/tungsten/detail/operation_options.hpp"
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

/// Lowers `dst = value` in `frame` once the target is known, and emits it unless it runs no element.
/// With `options` (the statement `a` has `async` or `dsd(...)`), it must be one operation, which
/// they then set up.
inline WAFER_CONSTEXPR void lower_value(context& cx, const statement_frame& frame, operand_lowering& operands,
                                        const ir::dsd& dst, const ast::expr& value,
                                        const ast::assignment* options = nullptr, ir::reg length = ir::no_reg) {
    expression_lowering lowering(cx, frame, operands);
    lowering.assign(dst, value);
    if (frame.dynamic) {
        if (lowering.ops.size() != 1 || !lowering.temps.empty())
            cx.report.fail(frame.pos, "internal: a dynamic operation became " + count_of(lowering.ops.size(), "operation"));
        lowering.ops[0].length_reg = length;
    }
    std::optional<operation_options> set;
    if (options) {
        const char* what = options->async ? "an async statement" : "a statement with dsd(...) options";
        if (lowering.ops.size() != 1 || !lowering.temps.empty())
            cx.report.fail(options->pos, std::string(what) + " must be one DSD operation, and this one takes " +
                                             count_of(lowering.ops.size(), "operation"));
        auto& op = lowering.ops.front();
        if (options->async) {
            bool fabric = ir::is_fabric(op.dst.k);
            for (const auto& s : op.src) fabric = fabric || ir::is_fabric(s.k);
            if (!fabric)
                cx.report.fail(options->pos, "an async operation runs on a microthread, which a socket operand names: "
                                             "this one reads or writes no socket");
            op.async = true;
        }
        set.emplace(cx, *options);
        set->apply(op);
    }
    const bool issued = frame.elements > 0 || frame.dynamic;
    if (issued)
        cx.emit(std::move(lowering.ops), lowering.temps, lowering.temp_words, set ? set->result_register() : ir::no_reg);
    if (set) set->store_result(issued);
}

/// While an async statement is lowered, the new queues of its sockets avoid the microthreads in use.
struct async_scope {
    context& cx;
    WAFER_CONSTEXPR async_scope(context& c, bool async) : cx(c) { cx.async_statement = async; }
    WAFER_CONSTEXPR ~async_scope() { cx.async_statement = false; }
    async_scope(const async_scope&) = delete;
    async_scope& operator=(const async_scope&) = delete;
};

/// Whether `a` sends control wavelets (the option `control`).
inline WAFER_CONSTEXPR bool sends_control(const ast::assignment& a) {
    return std::any_of(a.options.begin(), a.options.end(), [](const auto& o) { return o.name == "control"; });
}

/// The statement whose options (async, dsd(...)) its one operation takes, if it has any.
inline WAFER_CONSTEXPR const ast::assignment* with_options(const ast::assignment& a) {
    return a.async || !a.options.empty() ? &a : nullptr;
}

/// The DSD lowering of `a`, when it has the shape (dsd_shape.hpp); false, with nothing emitted
/// or reported, when it does not.
inline WAFER_CONSTEXPR bool lower_as_dsd(context& cx, const ast::assignment& a) {
    if (a.loops.size() > ir::max_rank) return false;
    statement_frame frame;
    frame.pos = a.pos;
    scope_stack::nested iterators(cx.scopes);
    const dsd_shape shape(cx);
    for (std::size_t d = 0; d < a.loops.size(); ++d) {
        const auto& loop = a.loops[d];
        // The bounds see the enclosing scope and earlier iterators: a triangle is not constant.
        if (!shape.constant_bounds(loop)) return false;
        auto lo = *cx.eval.integer_of(loop.lo);
        auto hi = *cx.eval.integer_of(loop.hi);
        const auto extent = hi > lo ? checked_arithmetic(cx.report, loop.pos).sub(hi, lo) : 0;
        if (extent > std::numeric_limits<std::uint32_t>::max())
            cx.report.fail(loop.pos, "loop " + quote(loop.name) + " runs " + decimal(extent) +
                                         " times; at most 4294967295 are supported");
        frame.extent[d] = static_cast<std::uint32_t>(extent);
        frame.elements *= static_cast<std::uint64_t>(extent);
        if (frame.elements > std::numeric_limits<std::uint32_t>::max())
            cx.report.fail(a.pos, "this statement runs more than 4294967295 elements");
        auto& it = cx.scopes.declare({loop.name, loop.pos, iterator_symbol{static_cast<int>(d), lo}});
        it.status = declaration::state::ready;
    }
    const auto payload = sends_control(a) ? shape.control_payload(a.target, a.value) : std::nullopt;
    if (!payload && !shape.assignment(a.target, a.value)) return false;
    frame.rank = static_cast<std::uint8_t>(a.loops.size());
    operand_lowering operands(cx, frame);
    const async_scope async(cx, a.async);
    auto dst = operands.target(a.target);
    if (payload) frame.type = *payload, frame.data = *data_type_of(*payload);  // the operation moves its bits
    lower_value(cx, frame, operands, dst, a.value, with_options(a));
    return true;
}

/// Whether `value` is one DSD operation's worth: a leaf, -x, x op y or a multiply-add over leaves
/// (a deeper value needs temporaries, sized by a length a dynamic operation does not know).
inline WAFER_CONSTEXPR bool one_operation(const context& cx, const ast::expr& value) {
    using kind = ast::expr::kind;
    const auto leaf = [&](const ast::expr& e) {
        return (e.k != kind::binary && e.k != kind::negate) || cx.eval.constant_of(e).has_value();
    };
    const auto product = [&](const ast::expr& e) {
        return e.k == kind::binary && e.op == ast::binary_op::mul && leaf(e.operands[0]) && leaf(e.operands[1]);
    };
    if (leaf(value)) return true;
    if (value.k == kind::negate) return leaf(value.operands[0]);
    const auto& l = value.operands[0];
    const auto& r = value.operands[1];
    if (leaf(l) && leaf(r)) return true;
    return value.op == ast::binary_op::add && ((product(l) && leaf(r)) || (leaf(l) && product(r)));
}

/// The innermost loop of `a`, inside scalar code for the others, as ONE DSD operation whose length
/// and operand offsets are computed when it is issued (set_dsd_length, increment_dsd_offset): what
/// the inner loop of a triangle (`i in [0, N) j in [i, N)`) and `a[j + k]` with a variable k lower
/// to. False, with nothing emitted, when it does not have that shape.
inline WAFER_CONSTEXPR bool lower_as_dynamic_dsd(context& cx, const ast::assignment& a, const ast::iterator& loop) {
    // fsanitize=bounds checks every element, which scalar code does.
    if (cx.options.check_bounds || !plain_value(cx, loop.lo) || !plain_value(cx, loop.hi)) return false;
    const auto constant_first = cx.eval.integer_of(loop.lo);
    {
        scope_stack::nested probe(cx.scopes);
        cx.scopes.declare({loop.name, loop.pos, iterator_symbol{0, constant_first.value_or(0)}}).status =
            declaration::state::ready;
        // A loop iterator used as a value needs its first value when the program is compiled.
        if (!dsd_shape(cx, true, constant_first.has_value()).assignment(a.target, a.value) ||
            !one_operation(cx, a.value))
            return false;
    }
    scalar_lowering s(cx);
    s.at(loop.pos);
    const auto [lo, hi] = loop_bounds(cx, s, loop);
    const auto length = cx.new_register();
    s.move(length, s.arithmetic(ir::instr::max, base_type::xp, s.arithmetic(ir::instr::sub, base_type::xp, hi, lo),
                                ir::imm(0)),
           base_type::xp);
    statement_frame frame;
    frame.pos = a.pos;
    frame.rank = 1;
    frame.elements = 0;  // not known here: what the loops' ranges tell is checked instead
    frame.dynamic = true;
    if (!constant_first) frame.first = s.as(rvalue{rvalue::kind::typed, {}, lo, base_type::xp}, base_type::s32, loop.lo.pos);
    scope_stack::nested scope(cx.scopes);
    iterator_symbol it{0, constant_first.value_or(0)};
    it.range = loop_range(s, loop);
    cx.scopes.declare({loop.name, loop.pos, it}).status = declaration::state::ready;
    operand_lowering operands(cx, frame);
    const async_scope async(cx, a.async);
    const auto dst = operands.target(a.target);
    lower_value(cx, frame, operands, dst, a.value, with_options(a), length);
    return true;
}

/// Whether `e` names `name` anywhere (as a variable, element or member root).
inline WAFER_CONSTEXPR bool mentions(const ast::expr& e, const std::string& name) {
    if ((e.k == ast::expr::kind::name || e.k == ast::expr::kind::subscript) && e.name == name) return true;
    for (const auto& o : e.operands)
        if (mentions(o, name)) return true;
    return false;
}

/// Whether `e` reads a variable (not only literals, params and iterators).
inline WAFER_CONSTEXPR bool reads_variable(const context& cx, const ast::expr& e) {
    if (e.k == ast::expr::kind::name || e.k == ast::expr::kind::subscript || e.k == ast::expr::kind::member) {
        const auto* d = cx.scopes.find(root_of(e).name);
        if (d && std::holds_alternative<variable_symbol>(d->what)) return true;
    }
    for (const auto& o : e.operands)
        if (reads_variable(cx, o)) return true;
    return false;
}

/// `target = ∑(k in [lo, hi)) summand` (∑s may nest) as DSD operations: `target = 0`, then ONE
/// operation over the statement's loops and the ∑'s iterators that adds each term into the target,
/// `target <- target + summand` (a multiply-add for a product): the scalar ∑'s terms, added in the
/// same order in the same type. Tried quietly; whatever it cannot do, or any error it meets, is left
/// to the scalar ∑, which reports it in the ∑'s own words (`∑ reads outside 'a'`).
inline WAFER_CONSTEXPR bool lower_sum_as_dsd(context& cx, const ast::assignment& a) {
    using kind = ast::expr::kind;
    if (a.value.k != kind::sum || a.async || !a.options.empty() || !is_reference(a.target)) return false;
    const auto* root = cx.scopes.find(root_of(a.target).name);
    if (!root || !std::holds_alternative<variable_symbol>(root->what)) return false;
    auto loops = a.loops;
    const ast::expr* summand = &a.value;
    for (; summand->k == kind::sum; summand = &summand->operands[2]) {
        if (mentions(a.target, summand->name)) return false;  // the target cannot see the ∑'s iterators
        loops.push_back(sum_range(*summand));
    }
    // The scalar ∑ reads the target's old value; and it computes in its operand's type, which the DSD
    // operation shares only when the operand reads a variable (a literal or an iterator alone sums as xp).
    if (loops.size() > ir::max_rank || mentions(*summand, root_of(a.target).name) || !reads_variable(cx, *summand))
        return false;
    const auto errors = cx.report.errors();
    auto saved = cx.save();
    std::vector<diagnostic> captured;
    bool lowered = false;
    {
        reporter::capture quiet(cx.report, captured);
        try {
            ast::assignment clear;
            clear.loops = a.loops;
            clear.target = a.target;
            clear.value = ast::integer_expr(0, a.pos);
            clear.pos = a.pos;
            ast::assignment add;
            add.loops = loops;
            add.stream = true;
            add.target = a.target;
            add.value.k = kind::binary;
            add.value.op = ast::binary_op::add;
            add.value.operands = {a.target, *summand};
            add.value.pos = a.value.pos;
            add.pos = a.pos;
            lowered = lower_as_dsd(cx, clear) && lower_as_dsd(cx, add);
        } catch (const abandon&) {
        }
    }
    if (!lowered || cx.report.errors() != errors) {
        cx.restore(std::move(saved));
        cx.report.forget_errors_since(errors);
        return false;
    }
    cx.report.replay(std::move(captured));  // its warnings
    return true;
}

inline WAFER_CONSTEXPR void lower_assignment(context& cx, const ast::assignment& a) {
    for (const auto& loop : a.loops) check_well_formed(loop.lo, cx.report), check_well_formed(loop.hi, cx.report);
    check_well_formed(a.target, cx.report);
    check_well_formed(a.value, cx.report);
    if (lower_sum_as_dsd(cx, a) || lower_as_dsd(cx, a)) return;
    if (a.async && a.value.k == ast::expr::kind::sum)
        cx.report.fail(a.pos, "an async statement must be one DSD operation, and a \u2211 is two (the target cleared, "
                              "then the terms added): clear it first, then add them asynchronously, like 'dot = 0;' "
                              "and 'async i in [0, N) dot <- dot + a[i] * b[i];'");
    // One loop with run-time bounds or offsets is still one operation; under outer loops it would be
    // issued again each time round.
    if (a.async || !a.options.empty()) {
        if (a.loops.size() == 1 && lower_as_dynamic_dsd(cx, a, a.loops.back())) return;
        // A name whose declaration failed (its error is reported) explains why this is not one
        // operation: looking it up ends the statement quietly; an undeclared one says so.
        const auto look_up = [&](const auto& self, const ast::expr& e) -> void {
            using kind = ast::expr::kind;
            if (e.k == kind::sum) return;  // its iterator is its own
            if (e.k == kind::name || e.k == kind::subscript || e.k == kind::member) {
                const auto& root = root_of(e);
                const bool iterator = std::any_of(a.loops.begin(), a.loops.end(), [&](const auto& l) { return l.name == root.name; });
                if (!iterator) cx.scopes.lookup(root.name, root.pos);
            }
            for (const auto& o : e.operands) self(self, o);
        };
        look_up(look_up, a.target);
        look_up(look_up, a.value);
        if (sends_control(a) && is_reference(a.value))
            cx.report.fail(a.value.pos, "a control wavelet carries its value's bits: send a variable as wide as the "
                                        "socket, as a u32 or s32 on an sp socket ('u32 cmd = 0x105;'), a u16 or s16 "
                                        "on an xp or hp one");
        cx.report.fail(a.pos, std::string(a.async ? "an async statement" : "a statement with dsd(...) options") +
                                  " must be one DSD operation: loops with constant bounds, or one loop, and a value "
                                  "of +, - and * over operands of the target's type");
    }
    scope_stack::nested iterators(cx.scopes);
    const auto scalar = [&] {
        scalar_lowering s(cx);
        s.at(a.pos);
        if (a.value.k == ast::expr::kind::call && a.value.name == "__builtin_merge")
            s.assign_merge(a.target, a.value);
        else if (a.value.k == ast::expr::kind::call && a.value.name == "stream")
            s.assign_stream(a.target, a.value);
        else
            s.assign(a.target, s.eval(a.value));
    };
    if (a.loops.empty()) return scalar();
    const std::vector<ast::iterator> outer(a.loops.begin(), a.loops.end() - 1);
    scalar_loops(cx, outer, 0, [&] {
        if (!lower_as_dynamic_dsd(cx, a, a.loops.back())) scalar_loops(cx, {a.loops.back()}, 0, scalar);
    });
}

/// A declarator's initial value that is not folded into data: `name = value` with no loops.
inline WAFER_CONSTEXPR void lower_initial_value(context& cx, const variable_symbol& v, const std::string& name,
                                                const ast::expr& value, source_position pos) {
    if (dsd_shape(cx).value(v.type, value)) {
        statement_frame frame;
        frame.pos = pos;
        operand_lowering operands(cx, frame);
        auto dst = operands.target(v, name, pos);
        lower_value(cx, frame, operands, dst, value);
        return;
    }
    scalar_lowering s(cx);
    s.at(pos);
    s.store(v, ast::name_expr(name, pos), s.eval(value));
}

}  // namespace wafer::tungsten::detail
