#pragma once
// Functions and calls (docs/tungsten.md, Functions). A call is inlined: its arguments are evaluated
// where the call stands, then the body is lowered in a scope that sees its params and the
// top-level declarations made before the function, never the caller's (reference §1). Scalar
// params are copied into fresh variables; array and struct params name the caller's variable. A
// function is checked once where it is declared, even if nothing calls it (reference §6), by
// lowering its body and undoing it; a call reports only what that check could not see.
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/access.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/type_declaration.hpp"

namespace wafer::tungsten::detail {

/// What a call binds to one parameter: a value, or the caller's variable for an array or struct.
struct argument {
    std::optional<rvalue> value;
    const variable_symbol* variable = nullptr;
};

/// Whether a param is passed by reference: an array or a struct or union.
inline WAFER_CONSTEXPR bool by_reference(const object_type& t) { return !t.extents.empty() || t.composite; }

/// Declares the params of a body in its scope: `args` binds them (a call), or, without args, they
/// are fresh variables (the check where a function or handler is declared).
inline WAFER_CONSTEXPR std::vector<variable_symbol*> declare_params(context& cx,
                                                                    const std::vector<ast::var_decl>& params,
                                                                    const std::vector<argument>* args) {
    std::vector<variable_symbol*> declared;
    for (std::size_t k = 0; k < params.size(); ++k) {
        const auto& p = params[k];
        if (p.placement) cx.report.fail(p.placement->pos, "a parameter cannot be placed");
        auto t = declared_type(cx, p);
        variable_symbol v{t.base, t.extents.size(), 0, t.extents, {}, t.composite};
        for (std::size_t d = 0; d < t.dim_names.size(); ++d)
            v.dim_names.push_back(dimension_name(t.dim_names[d], d));
        if (by_reference(t)) {
            if (args && (*args)[k].variable) {  // none: the argument failed (in a constant expression)
                const auto& from = *(*args)[k].variable;
                v.base = from.base;
                v.base_word = from.base_word;
            }
        } else {
            v.base = cx.memory.allocate(v.element_words(), alignment::even(element_even(v.type, nullptr)),
                                        "parameter " + quote(p.name), p.pos, cx.report);
        }
        auto& d = cx.scopes.declare({p.name, p.pos, std::move(v)});
        d.status = declaration::state::ready;
        declared.push_back(&std::get<variable_symbol>(d.what));
    }
    return declared;
}

/// Lowers `body` as the body of `frame`, appending to the current block; goes on after it. The jump
/// out of it is at `pos` (the function's or handler's declaration) in listings and reports.
/// (`frame` by &&: g++ 12 faults destroying a by-value call frame in a constant expression.)
inline WAFER_CONSTEXPR void lower_body(context& cx, call_frame&& frame, const std::vector<ast::statement>& body,
                                       source_position pos) {
    frame.exit = cx.new_block();
    const auto exit = frame.exit;
    cx.frames.push_back(std::move(frame));
    cx.lower_statements(cx, body);
    cx.frames.pop_back();
    scalar_lowering(cx).jump(exit, exit, pos);
}

/// What `f` returns (nullopt: nothing), a typedef looked up where the scopes stand: a function
/// returns a scalar.
inline WAFER_CONSTEXPR std::optional<base_type> returned_type(context& cx, const ast::function_decl& f) {
    if (!f.returns) return std::nullopt;
    const auto t = type_named(cx.scopes, cx.report, *f.returns, f.returns_named, f.pos);
    if (t.composite || !t.extents.empty()) {
        const auto& n = *f.returns_named;
        using kind = ast::named_type::kind;
        const auto type = n.k == kind::alias ? quote(n.name) : (n.k == kind::structure ? "struct " : "union ") + n.name;
        cx.report.fail(f.pos, "function " + quote(f.name) + " returns " + type +
                                  ", which is not a scalar: a function returns a value of a base type, or nothing");
    }
    return t.base;
}

inline WAFER_CONSTEXPR void declare_function(context& cx, const ast::function_decl& f) {
    if (!cx.scopes.at_top_level())
        return cx.report.fail(f.pos, "function " + quote(f.name) + " must be declared at top level");
    auto& entry = cx.functions.at(cx.scopes.top_level_key(f.name));
    if (entry.decl != &f) {
        cx.report.error(f.pos, "duplicate function " + quote(f.name));
        cx.report.note(entry.decl->pos, quote(f.name) + " was first declared here");
        throw abandon{};
    }
    const auto returns = returned_type(cx, f);
    if (returns && (f.body.empty() || !std::holds_alternative<ast::return_statement>(f.body.back())))
        cx.report.fail(f.pos, "function " + quote(f.name) + " returns " + std::string(name_of(*returns)) +
                                  ", so its body must end with 'return value;'");
    entry.declared = true;
    entry.returns = returns;
    entry.order = cx.scopes.next_order();
    entry.source = &cx.report.source();
    const auto errors = cx.report.errors();
    auto saved = cx.save();
    {
        scope_stack::body_scope scope(cx.scopes, entry.order);
        call_frame frame{f.name, returns, returns ? cx.new_register() : ir::no_reg, 0};
        try {
            declare_params(cx, f.params, nullptr);
            lower_body(cx, std::move(frame), f.body, f.pos);
        } catch (const abandon&) {
        }
    }
    cx.restore(std::move(saved));
    entry.checked_clean = cx.report.errors() == errors;
}

inline WAFER_CONSTEXPR void lower_call_statement(context& cx, const ast::call_statement& c) {
    check_well_formed(c.call, cx.report);
    if (c.call.k != ast::expr::kind::call) return cx.report.fail(c.pos, "malformed call statement");
    scalar_lowering(cx).call(c.call);
}

inline WAFER_CONSTEXPR void lower_return(context& cx, const ast::return_statement& r) {
    if (cx.frames.empty()) return cx.report.fail(r.pos, "return outside a function or handler");
    // A copy: a call in the returned value pushes its own frame, and cx.frames may reallocate.
    const call_frame frame = cx.frames.back();
    scalar_lowering s(cx);
    if (r.value) {
        if (!frame.returns)
            return cx.report.fail(r.value->pos, quote(frame.name) + " returns nothing, so return takes no value here");
        check_well_formed(*r.value, cx.report);
        s.at(r.pos);
        s.move(frame.result, s.as(s.eval(*r.value), *frame.returns, r.value->pos), *frame.returns);
    } else if (frame.returns) {
        cx.report.fail(r.pos, quote(frame.name) + " returns " + std::string(name_of(*frame.returns)) +
                                  ": give return a value");
    }
    s.jump(frame.exit, cx.new_block(), r.pos);  // what follows a return is never reached
}

// ---- calls

/// The hardware intrinsics that are statements (docs/tungsten.md, Hardware intrinsics):
/// `__builtin_clear_teardown(s)` takes socket s's color out of teardown on this PE's router;
/// `__builtin_set_fifo_read_length(q, n)` and `__builtin_set_fifo_write_length(q, n)` limit the
/// next operations that pop from (push to) FIFO q to n elements.
inline WAFER_CONSTEXPR void scalar_lowering::intrinsic(const ast::expr& e) {
    const bool teardown = e.name == "__builtin_clear_teardown";
    const bool read = e.name == "__builtin_set_fifo_read_length";
    if (!teardown && !read && e.name != "__builtin_set_fifo_write_length")
        return cx_.report.fail(e.pos, quote(e.name) +
                                          " is not an intrinsic; wafer has __builtin_merge, "
                                          "__builtin_clear_teardown, __builtin_set_fifo_read_length and "
                                          "__builtin_set_fifo_write_length");
    const std::size_t arity = teardown ? 1 : 2;
    if (e.operands.size() != arity || e.operands[0].k != ast::expr::kind::name) {
        // Not `?:` between strings (type_spelling says why).
        if (teardown) return cx_.report.fail(e.pos, e.name + " takes a socket: " + e.name + "(rx)");
        return cx_.report.fail(e.pos, e.name + " takes a FIFO and a length: " + e.name + "(q, n)");
    }
    const auto& d = cx_.scopes.lookup(e.operands[0].name, e.operands[0].pos);
    ir::instruction i = make(teardown ? ir::instr::clear_teardown
                             : read   ? ir::instr::set_fifo_read_length
                                      : ir::instr::set_fifo_write_length,
                             base_type::u16, e.pos);
    if (teardown) {
        const auto* s = std::get_if<socket_symbol>(&d.what);
        if (!s)
            return cx_.report.fail(e.operands[0].pos,
                                   quote(e.operands[0].name) + " is " + a_kind(d) + ", not a socket");
        i.target = static_cast<std::uint32_t>(s->index);
        cx_.teardown_sockets.emplace_back(s->index, e.pos);
    } else {
        const auto* q = std::get_if<fifo_symbol>(&d.what);
        if (!q)
            return cx_.report.fail(e.operands[0].pos, quote(e.operands[0].name) + " is " + a_kind(d) + ", not a FIFO");
        i.target = static_cast<std::uint32_t>(q->index);
        i.src[0] = as(eval(e.operands[1]), base_type::u16, e.operands[1].pos);
    }
    cx_.add(i);
}

inline WAFER_CONSTEXPR std::optional<rvalue> scalar_lowering::call(const ast::expr& e) {
    if (e.name == "wavelet") {
        // Packs its operands' bits, the first in the lowest bits, each at its declared width.
        ir::value packed = ir::imm(0);
        int used = 0;
        for (const auto& operand : e.operands) {
            const auto v = eval(operand);
            const auto t = v.k == rvalue::kind::typed ? std::optional(v.type) : std::nullopt;
            if (!t || *t == base_type::u1) {
                cx_.report.fail(operand.pos, "each value wavelet(...) packs needs a declared width: a variable "
                                             "such as 'u4 kind', or a cast such as (u4)3");
                return std::nullopt;  // fail() returns only in a constant expression
            }
            const int width = field_width(*t) ? field_width(*t) : static_cast<int>(words_of(*t)) * 16;
            if (used + width > 32)
                cx_.report.fail(operand.pos, "wavelet(...) packs at most 32 bits, and this value would end at bit " +
                                                 decimal(used + width));
            at(e.pos);
            const std::uint32_t mask = width == 32 ? 0xffffffffu : (1u << width) - 1;
            auto bits = arithmetic(ir::instr::bit_and, base_type::u32, v.v, ir::imm(mask));
            if (used > 0) bits = arithmetic(ir::instr::shl, base_type::u32, bits, ir::imm(static_cast<std::uint32_t>(used)));
            packed = used == 0 ? bits : arithmetic(ir::instr::bit_or, base_type::u32, packed, bits);
            used += width;
        }
        return typed(base_type::u32, packed);
    }
    if (e.name == "__builtin_merge")
        cx_.report.fail(e.pos, "__builtin_merge makes a 64-bit value: store it into a u64 or s64 element, or send "
                               "it on a socket; it has no other use");
    if (e.name == "stream")
        cx_.report.fail(e.pos, "stream(...) makes a stream descriptor: store it into an element of a stream array, "
                               "as in pick[0] = stream(a); it has no other use");
    if (e.name.starts_with("__builtin_")) {
        intrinsic(e);
        return std::nullopt;
    }
    const auto* found = cx_.function_named(e.name);
    if (!found) {
        if (cx_.scopes.find(e.name)) cx_.report.fail(e.pos, quote(e.name) + " is not a function");
        cx_.report.fail(e.pos, "function " + quote(e.name) + " is not declared");
        return std::nullopt;  // fail() returns only in a constant expression
    }
    const auto& entry = *found;
    const auto& f = *entry.decl;
    for (const auto& frame : cx_.frames)
        if (frame.name == f.name)
            cx_.report.fail(e.pos, "function " + quote(f.name) + " calls itself: calls are inlined, so a function "
                                   "cannot be recursive");
    if (cx_.frames.size() >= 64) cx_.report.fail(e.pos, "calls nest deeper than 64 functions");
    if (e.operands.size() != f.params.size())
        cx_.report.fail(e.pos, "function " + quote(f.name) + " takes " + count_of(f.params.size(), "argument") +
                                   ", and " + decimal(e.operands.size()) + (e.operands.size() == 1 ? " is" : " are") +
                                   " given");
    if (cx_.report.stopped()) return std::nullopt;  // a check above failed, in a constant expression
    // The arguments, where the call stands.
    std::vector<argument> args(f.params.size());
    for (std::size_t k = 0; k < args.size(); ++k) {
        const auto& p = f.params[k];
        const auto& a = e.operands[k];
        const auto t = type_named(cx_.scopes, cx_.report, p.type, p.named, p.pos);
        if (!p.dims.empty() || by_reference(t)) {
            const auto* d = a.k == ast::expr::kind::name ? cx_.scopes.find(a.name) : nullptr;
            args[k].variable = d ? std::get_if<variable_symbol>(&d->what) : nullptr;
            if (!args[k].variable)
                cx_.report.fail(a.pos, "parameter " + quote(p.name) + " of " + quote(f.name) +
                                           " is an array or struct: pass a variable by its name");
        } else {
            args[k].value = eval(a);
        }
    }
    if (cx_.report.stopped()) return std::nullopt;  // an argument failed, in a constant expression
    const auto order = entry.declared ? entry.order : cx_.scopes.next_order();
    const auto returns = entry.declared ? entry.returns : [&] {
        scope_stack::body_scope scope(cx_.scopes, order);
        return returned_type(cx_, f);
    }();
    call_frame frame{f.name, returns, returns ? cx_.new_register() : ir::no_reg, 0};
    const auto result = frame.result;
    std::vector<diagnostic> captured;
    {
        // The check where the function is declared reported its body's errors; what a call adds is
        // about the call, so it is reported at the call.
        reporter::capture quiet(cx_.report, captured);
        reporter::from text(cx_.report, entry.source ? *entry.source : cx_.report.source());
        scope_stack::body_scope scope(cx_.scopes, order);
        try {
            const auto params = declare_params(cx_, f.params, &args);
            for (std::size_t k = 0; k < args.size(); ++k) {
                const auto& p = f.params[k];
                if (args[k].value) {
                    store(*params[k], ast::name_expr(p.name, p.pos),
                          *args[k].value);
                    continue;
                }
                const auto& from = *args[k].variable;
                if (from.type != params[k]->type || from.composite != params[k]->composite ||
                    from.extents != params[k]->extents)
                    cx_.report.fail(e.operands[k].pos,
                                    "argument " + quote(e.operands[k].name) + " does not match parameter " +
                                        quote(p.name) + " of " + quote(f.name) + ": pass an array of the same type and extents");
            }
            lower_body(cx_, std::move(frame), f.body, f.pos);
        } catch (const abandon&) {
        }
    }
    bool failed = false;
    for (const auto& d : captured) failed = failed || d.level == severity::error;
    if (entry.declared && !entry.checked_clean) {
        if (failed) throw abandon{};  // the body's own errors, reported where it is declared
    } else {
        cx_.report.replay(std::move(captured));
        if (failed) {
            cx_.report.note(e.pos, "in the call of " + quote(f.name) + " here");
            throw abandon{};
        }
    }
    if (!returns) return std::nullopt;
    return typed(*returns, ir::r(result));
}

}  // namespace wafer::tungsten::detail
