#pragma once
// Scalar code: what a statement lowers to when it is not the shape of a DSD operation (see
// dsd_shape.hpp). Values live in registers; variables are loaded and stored word by word; a socket
// is read or written through two scratch words with a one-element DSD operation. The typing rules
// (docs/tungsten.md, Expressions) are C's usual conversions with the reference's three twists: a
// comparison used as a value is the compare mask (-1 when true) except as an operand of + or -,
// where it reads as 1; a u1 widens to 0 or 1; and assignment converts in either direction, ep and
// sp included. `&&`, `||` and `? :` evaluate only the operands C does.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/access.hpp"
#include "wafer/tungsten/detail/constant.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/convert.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/socket.hpp"

namespace wafer::tungsten::detail {

/// A value while an expression is lowered: a compile-time constant (no type yet: it takes the
/// other operand's), a typed value in a register or immediate, or a 0/1 predicate.
struct rvalue {
    enum class kind : std::uint8_t { constant, typed, predicate };
    kind k = kind::typed;
    detail::constant c;
    ir::value v;
    base_type type = base_type::xp;
};

class scalar_lowering {
public:
    WAFER_CONSTEXPR explicit scalar_lowering(context& cx) : cx_(cx) {}

    // ---- values

    WAFER_CONSTEXPR rvalue eval(const ast::expr& e) {
        using kind = ast::expr::kind;
        if (auto c = cx_.eval.constant_of(e)) return rvalue{rvalue::kind::constant, *c, {}, base_type::xp};
        switch (e.k) {
            case kind::name:
            case kind::subscript:
            case kind::member: return read(e);
            case kind::negate: {
                auto x = eval(e.operands[0]);
                const auto t = value_type(x);
                return typed(t, unary(ir::instr::neg, t, as(x, t, e.pos)));
            }
            case kind::complement: {
                auto x = eval(e.operands[0]);
                const auto t = value_type(x);
                if (is_float(t)) cx_.report.fail(e.pos, "'~' takes an integer, and this operand is " + type_text(t));
                return typed(t, unary(ir::instr::bit_not, t, as(x, t, e.pos)));
            }
            case kind::logical_not: {
                auto x = truth(eval(e.operands[0]), e.pos);
                return predicate(arithmetic(ir::instr::eq, base_type::u16, x, ir::imm(0)));
            }
            case kind::cast: return cast(e);
            case kind::conditional: return conditional(e);
            case kind::binary: return binary(e);
            case kind::sum: return sum(e);
            case kind::call: {
                auto v = call(e);
                if (v) return *v;
                cx_.report.fail(e.pos, quote(e.name) + " returns nothing (it is void): it has no value to use");
                return {};  // fail() returns only in a constant expression
            }
            default: cx_.report.fail(e.pos, "malformed expression");
        }
        return {};  // fail() returns only in a constant expression
    }

    /// `v` in type `t`, as C converts it and as a cast does: any base type to any other. A constant
    /// converts as a literal, a predicate as the compare mask (or as 0/1 when `count`, or for u1).
    WAFER_CONSTEXPR ir::value as(const rvalue& v, base_type t, source_position pos, bool count = false) {
        check_scalar(t, pos);
        switch (v.k) {
            case rvalue::kind::constant:
                return ir::imm(static_cast<std::uint32_t>(convert(v.c, t, pos, cx_.report)));
            case rvalue::kind::predicate: {
                if (t == base_type::u1) return v.v;
                auto n = count ? v.v : arithmetic(ir::instr::sub, base_type::xp, ir::imm(0), v.v);
                return converted(n, base_type::xp, t);
            }
            case rvalue::kind::typed:
                if (t == base_type::u1) return is_u1(v) ? v.v : arithmetic(ir::instr::ne, v.type, v.v, zero);
                return converted(v.v, v.type, t);
        }
        return v.v;
    }

    /// The 0/1 truth of `v` (nonzero is true), as a u16 value.
    WAFER_CONSTEXPR ir::value truth(const rvalue& v, source_position pos) {
        if (v.k == rvalue::kind::predicate || is_u1(v)) return v.v;
        if (v.k == rvalue::kind::constant) return ir::imm(truth_of(v.c) ? 1u : 0u);
        check_scalar(v.type, pos);
        return arithmetic(ir::instr::ne, v.type, v.v, zero);
    }

    // ---- assignment

    /// `target = v` (a scalar, an element or a socket).
    WAFER_CONSTEXPR void assign(const ast::expr& target, const rvalue& v) {
        const auto& d = assignable(cx_.scopes, cx_.report, target);
        if (const auto* s = std::get_if<socket_symbol>(&d.what)) return send(*s, target, v);
        if (std::holds_alternative<fifo_symbol>(d.what)) fifo_in_scalar_code(target);
        // Otherwise a variable, unless a failure above returned (only in a constant expression).
        if (const auto* var = std::get_if<variable_symbol>(&d.what)) store(*var, target, v);
    }

    /// `pick[k] = stream(x)` (docs/tungsten.md, Streams): the descriptor of vector x — the address of
    /// its first element, its stride in words and its extent — into the four words of pick[k].
    WAFER_CONSTEXPR void assign_stream(const ast::expr& target, const ast::expr& call) {
        const auto& d = assignable(cx_.scopes, cx_.report, target);
        const auto* pick = std::get_if<variable_symbol>(&d.what);
        if (!pick || !pick->stream_of)
            return cx_.report.fail(target.pos, "stream(...) makes a stream descriptor, and " +
                                                   quote(root_of(target).name) +
                                                   " does not hold them: declare one such as 'sp stream pick[2];'");
        if (call.operands.size() != 1 || !is_reference(call.operands[0]) || call.operands[0].k == ast::expr::kind::member)
            return cx_.report.fail(call.pos, "stream takes one vector: stream(a), or stream(m[r]) for a row");
        const auto& x = call.operands[0];
        const auto& xd = cx_.scopes.lookup(x.name, x.pos);
        const auto* v = std::get_if<variable_symbol>(&xd.what);
        if (!v || v->composite || v->stream_of || v->rank == 0)
            return cx_.report.fail(x.pos, quote(x.name) + " is " +
                                              (v && v->rank == 0 ? "a scalar" : a_kind(xd).c_str()) +
                                              ": a stream walks an array of a base type");
        const std::size_t given = x.k == ast::expr::kind::subscript ? x.operands.size() : 0;
        if (given + 1 != v->rank)
            return cx_.report.fail(x.pos, "stream(...) takes a vector: subscript every dimension of " + quote(x.name) +
                                              " but its last (" + quote(x.name) + " has " +
                                              count_of(v->rank, "dimension") + ")");
        if (v->type != *pick->stream_of)
            cx_.report.fail(x.pos, quote(root_of(target).name) + " holds streams of " + type_text(*pick->stream_of) +
                                       ", and " + quote(x.name) + " is " + type_text(v->type));
        ast::expr first = x;  // x[...][0]
        first.k = ast::expr::kind::subscript;
        first.operands.push_back(ast::integer_expr(0, x.pos));
        const auto element = value_access(*v, first, cx_.report);
        at(call.pos);
        const auto [base, offset] = address_of(element);
        const auto start = offset.k == ir::value::kind::imm ? plus(base, offset.v, base_type::u16)
                                                             : arithmetic(ir::instr::add, base_type::u16, base, offset);
        const auto& last = element.steps.back();
        const auto [into, at_word] = address_of(value_access(*pick, target, cx_.report));
        const ir::value words[] = {start, ir::imm(static_cast<std::uint32_t>(last.stride) & 0xffff),
                                   ir::imm(static_cast<std::uint32_t>(last.extent)), ir::imm(0)};
        for (std::uint32_t k = 0; k < 4; ++k) {
            ir::instruction st = make(ir::instr::store, base_type::u16, call.pos);
            st.src = {into, plus(at_word, k, base_type::s32), words[k]};
            cx_.add(st);
        }
    }

    /// `target = __builtin_merge(index, value)` (reference §3, MERGES32): the 64-bit value whose low
    /// 32 bits are `value`'s and high 32 bits `index` (docs/tungsten.md), stored into a u64 or s64
    /// element, or sent as two wavelets, value first.
    WAFER_CONSTEXPR void assign_merge(const ast::expr& target, const ast::expr& merge) {
        if (merge.operands.size() != 2)
            cx_.report.fail(merge.pos, "__builtin_merge takes an index and a value, and " +
                                           decimal(merge.operands.size()) +
                                           (merge.operands.size() == 1 ? " is" : " are") + " given");
        const auto index = as(eval(merge.operands[0]), base_type::u32, merge.operands[0].pos);
        const auto v = eval(merge.operands[1]);
        const auto vt = value_type(v);
        if (words_of(vt) != 2 && is_float(vt))
            cx_.report.fail(merge.operands[1].pos, "the value of __builtin_merge is 32 bits, and this one is " +
                                                       type_text(vt) + "; convert it with a cast such as (sp)");
        const auto bits = words_of(vt) == 2 ? as(v, vt, merge.operands[1].pos) : as(v, base_type::u32, merge.operands[1].pos);
        const auto& d = assignable(cx_.scopes, cx_.report, target);
        if (const auto* s = std::get_if<socket_symbol>(&d.what)) {
            if (words_of(s->type) != 2)
                cx_.report.fail(target.pos, "a merged value is sent as two 32-bit wavelets, and socket " +
                                                quote(target.name) + " is " + type_text(s->type));
            send(*s, target, typed(s->type, bits));
            send(*s, target, typed(s->type, index));
            return;
        }
        auto a = value_access(std::get<variable_symbol>(d.what), target, cx_.report);
        if (a.type != base_type::u64 && a.type != base_type::s64)
            cx_.report.fail(target.pos, "__builtin_merge makes a 64-bit value, and " + quote(a.path) + " is " +
                                            type_text(a.type) + ": store it into a u64 or s64 element");
        auto [base, offset] = address_of(a);
        for (const auto& [half, words] : {std::pair{bits, 0u}, std::pair{index, 2u}}) {
            ir::instruction st = make(ir::instr::store, base_type::u32, target.pos);
            st.src = {base, words ? arithmetic(ir::instr::add, base_type::s32, offset, ir::imm(words)) : offset, half};
            cx_.add(st);
        }
    }

    /// `target = v` where `target` names (and subscripts) the variable `var`, or a member of it.
    WAFER_CONSTEXPR void store(const variable_symbol& var, const ast::expr& target, const rvalue& v) {
        auto a = value_access(var, target, cx_.report);
        check_scalar(a.type, target.pos, a.path);
        cx_.base_used(a, true, target.pos);
        auto value = as(v, a.type, target.pos);
        auto [base, offset] = address_of(a);
        ir::instruction st = make(ir::instr::store, a.type, target.pos);
        st.src = {base, offset, value};
        cx_.add(st);
    }

    /// Branches on `condition`: to `on_true` when it holds, else to `on_false`.
    WAFER_CONSTEXPR void branch(const ast::expr& condition, std::uint32_t on_true, std::uint32_t on_false) {
        auto t = truth(eval(condition), condition.pos);
        ir::instruction b = make(ir::instr::branch, base_type::u16, condition.pos);
        b.src[0] = t;
        b.target = on_true;
        b.other = on_false;
        cx_.end_block(b, on_true);
    }

    WAFER_CONSTEXPR void jump(std::uint32_t to, std::uint32_t next, source_position pos) {
        ir::instruction j = make(ir::instr::jump, base_type::u16, pos);
        j.target = to;
        cx_.end_block(j, next);
    }

    /// `dst = OP a, b` (arithmetic or a comparison) in type `t`, in a new register.
    WAFER_CONSTEXPR ir::value arithmetic(ir::instr code, base_type t, ir::value a, ir::value b) {
        ir::instruction i = make(code, t, pos_);
        i.dst = cx_.new_register();
        i.src = {a, b, {}};
        cx_.add(i);
        return ir::r(i.dst);
    }

    /// `v + k` in `t`, folded when `v` is an immediate (addresses and word offsets).
    WAFER_CONSTEXPR ir::value plus(ir::value v, std::uint32_t k, base_type t) {
        if (k == 0) return v;
        if (v.k == ir::value::kind::imm) return ir::imm(v.v + k);
        return arithmetic(ir::instr::add, t, v, ir::imm(k));
    }

    /// `dst = a` in a register that stays `dst` (a loop counter, a merge of branches).
    WAFER_CONSTEXPR void move(ir::reg dst, ir::value a, base_type t) {
        ir::instruction i = make(ir::instr::mov, t, pos_);
        i.dst = dst;
        i.src[0] = a;
        cx_.add(i);
    }

    /// Where the code goes on meaning (for instructions made from no one node).
    WAFER_CONSTEXPR void at(source_position pos) { pos_ = pos; }

    /// Bits [offset, offset + width) of the 32-bit `v`, sign-extended when `is_signed`.
    WAFER_CONSTEXPR ir::value bits_of(ir::value v, int offset, int width, bool is_signed) {
        const auto count = [](int n) { return ir::imm(static_cast<std::uint32_t>(n)); };
        if (is_signed) {
            const auto high = 32 - offset - width;
            if (high > 0) v = arithmetic(ir::instr::shl, base_type::u32, v, count(high));
            return width == 32 ? v : arithmetic(ir::instr::sar, base_type::s32, v, count(32 - width));
        }
        if (offset > 0) v = arithmetic(ir::instr::shr, base_type::u32, v, count(offset));
        return width == 32 ? v : arithmetic(ir::instr::bit_and, base_type::u32, v, ir::imm((1u << width) - 1));
    }

    /// A call: a function inlined (function.hpp), or an intrinsic. nullopt for a void function.
    WAFER_CONSTEXPR std::optional<rvalue> call(const ast::expr& e);
    WAFER_CONSTEXPR void intrinsic(const ast::expr& e);  ///< a __builtin_ statement (function.hpp)
    /// `∑(k in [lo, hi)) x` (control.hpp): x added up over the range, in x's type.
    rvalue sum(const ast::expr& e);

private:
    WAFER_CONSTEXPR static rvalue typed(base_type t, ir::value v) { return rvalue{rvalue::kind::typed, {}, v, t}; }
    WAFER_CONSTEXPR static rvalue predicate(ir::value v) {
        return rvalue{rvalue::kind::predicate, {}, v, base_type::u1};
    }
    static bool is_u1(const rvalue& v) { return v.k == rvalue::kind::typed && v.type == base_type::u1; }
    static bool truth_of(const constant& c) { return c.is_real ? c.real != 0 : c.integer != 0; }
    static constexpr ir::value zero = ir::imm(0);  // +0.0 has no bits set: zero in every type

    static WAFER_CONSTEXPR std::string type_text(base_type t) { return std::string(name_of(t)); }

    void fifo_in_scalar_code(const ast::expr& e) const {
        if (e.k != ast::expr::kind::name)
            cx_.report.fail(e.pos, "FIFO " + quote(root_of(e).name) + " is a stream of elements: it is never subscripted");
        cx_.report.fail(e.pos, "FIFO " + quote(e.name) + " is pushed and popped by DSD operations: use it in a "
                               "statement of their shape, like 'i in [0, N) " + e.name + " <- a[i];'");
    }

    /// The type a value computes in by itself: a constant is xp (or sp when real), a u1 or predicate xp.
    WAFER_CONSTEXPR static base_type value_type(const rvalue& v) {
        if (v.k == rvalue::kind::constant) return v.c.is_real ? base_type::sp : base_type::xp;
        if (v.k == rvalue::kind::predicate || v.type == base_type::u1) return base_type::xp;
        return v.type;
    }

    WAFER_CONSTEXPR ir::instruction make(ir::instr code, base_type t, source_position pos) const {
        ir::instruction i;
        i.code = code;
        i.type = scalar_type_of(t);
        i.pos = pos;
        return i;
    }

    /// 64-bit values are storage only (reference §3): every scalar use is rejected, naming the use.
    WAFER_CONSTEXPR void check_scalar(base_type t, source_position pos, const std::string& name = {}) const {
        if (t == base_type::u64 || t == base_type::s64) {
            std::string what = "this value";  // not `?:` between strings (type_spelling says why)
            if (!name.empty()) what = quote(name);
            cx_.report.fail(pos, what + " is " + type_text(t) +
                                     ": a 64-bit value is storage only; read or write its words through a u16 or "
                                     "u32 array declared with address(&array)");
        }
    }

    ir::value unary(ir::instr code, base_type t, ir::value a) { return arithmetic(code, t, a, {}); }

    /// `v` (of type `from`) in type `to`: bits are kept where the IR types share a width and kind
    /// (xp and u16; u32 and s32; ep widening to sp); otherwise one convert.
    WAFER_CONSTEXPR ir::value converted(ir::value v, base_type from, base_type to) {
        if (from == base_type::u1) from = base_type::u16;
        const auto f = scalar_type_of(from), t = scalar_type_of(to);
        const bool same_integer = !ir::is_float(f) && !ir::is_float(t) && ir::words_of(f) == ir::words_of(t);
        if (f == t || same_integer || (f == ir::data_type::ep && t == ir::data_type::f32)) return v;
        ir::instruction i = make(ir::instr::convert, to, pos_);
        i.from = f;
        i.dst = cx_.new_register();
        i.src[0] = v;
        cx_.add(i);
        return ir::r(i.dst);
    }

    WAFER_CONSTEXPR rvalue read(const ast::expr& e) {
        const auto& root = root_of(e);
        const auto& d = cx_.scopes.lookup(root.name, root.pos);
        if (const auto* v = std::get_if<variable_symbol>(&d.what)) {
            auto a = value_access(*v, e, cx_.report);
            cx_.base_used(a, false, e.pos);
            return load(a, e.pos);
        }
        if (e.k == ast::expr::kind::member)
            cx_.report.fail(e.pos, quote(root.name) + " is " + a_kind(d) + ", not a struct or union");
        if (const auto* it = std::get_if<iterator_symbol>(&d.what)) {
            if (e.k == ast::expr::kind::subscript) cx_.report.fail(e.pos, "loop iterator " + quote(e.name) + " is not an array");
            return typed(base_type::xp, ir::r(it->reg));
        }
        if (const auto* s = std::get_if<socket_symbol>(&d.what)) return receive(*s, e);
        if (std::holds_alternative<fifo_symbol>(d.what)) fifo_in_scalar_code(e);
        cx_.report.fail(e.pos, quote(e.name) + " is " + a_kind(d) + ", not an array");
        return {};  // fail() returns only in a constant expression
    }

    WAFER_CONSTEXPR rvalue load(const access& a, source_position pos) {
        check_scalar(a.type, pos, a.path);
        auto [base, offset] = address_of(a);
        ir::instruction ld = make(ir::instr::load, a.type, pos);
        ld.dst = cx_.new_register();
        ld.src = {base, offset, {}};
        cx_.add(ld);
        return typed(a.type, ir::r(ld.dst));
    }

public:
    /// The base and offset of the element `a` reaches: an immediate address when every subscript is
    /// a constant, else base plus an offset computed in 32 bits. Subscripts whose values the loops
    /// bound are checked against their dimensions (wafer's check; Carbide has none).
    WAFER_CONSTEXPR std::pair<ir::value, ir::value> address_of(const access& a) {
        std::int64_t base = a.base;
        std::optional<ir::value> offset;
        for (const auto& step : a.steps) {
            const auto& sub = *step.index;
            check_bounds(step);
            auto v = eval(sub);
            if (v.k == rvalue::kind::constant) {
                if (v.c.is_real) cx_.report.fail(sub.pos, "a subscript must be an integer");
                base += step.stride * v.c.integer;
                continue;
            }
            if (is_float(value_type(v))) cx_.report.fail(sub.pos, "a subscript must be an integer, and this one is " + type_text(value_type(v)));
            auto wide = as(v, base_type::s32, sub.pos);
            if (cx_.options.check_bounds && !range_of(sub)) {  // what the compiler cannot prove, checked when it runs
                ir::instruction check = make(ir::instr::check_bounds, base_type::u32, sub.pos);
                check.src = {wide, ir::imm(step.extent), {}};
                check.target = static_cast<std::uint32_t>(cx_.out.bounds_checks.size());
                cx_.out.bounds_checks.push_back({step.array, step.dimension});
                cx_.add(check);
            }
            if (step.stride != 1)
                wide = arithmetic(ir::instr::mul, base_type::s32, wide, ir::imm(static_cast<std::uint32_t>(step.stride)));
            offset = offset ? arithmetic(ir::instr::add, base_type::s32, *offset, wide) : wide;
        }
        if (!a.base_word) return {ir::imm(static_cast<std::uint32_t>(base)), offset.value_or(ir::imm(0))};
        // The array's address is its base word's value: the rest is offset from it.
        const auto moved = ir::r(cx_.moved_base(a, 0, pos_));
        const auto delta = ir::imm(static_cast<std::uint32_t>(base - a.root_base));
        return {moved, offset ? arithmetic(ir::instr::add, base_type::s32, *offset, delta) : delta};
    }

    /// What the loops' ranges say of a subscript: outside its dimension it is an error.
    WAFER_CONSTEXPR void check_bounds(const subscript_step& step) {
        const auto& sub = *step.index;
        auto r = range_of(sub);
        if (!r) return;
        const std::int64_t extent = step.extent;
        if (r->first >= 0 && r->second < extent) return;
        if (summing_ > 0)  // the reference's own message for a ∑ (reference §5)
            cx_.report.fail(sub.pos, "\xe2\x88\x91 reads outside " + quote(step.array) +
                                         ": its subscript takes values " + decimal(r->first) + " to " +
                                         decimal(r->second) + ", outside dimension " + quote(step.dimension) +
                                         " (extent " + decimal(extent) + ")");
        const std::string dim =
            "dimension " + quote(step.dimension) + " of " + quote(step.array) + " (extent " + decimal(extent) + ")";
        if (r->first == r->second) cx_.report.fail(sub.pos, "subscript " + decimal(r->first) + " is outside " + dim);
        cx_.report.fail(sub.pos, "a subscript of " + quote(step.array) + " takes values " + decimal(r->first) + " to " +
                                     decimal(r->second) + " over the loop ranges, outside " + dim);
    }

    /// The values an integer expression takes, when constants and bounded iterators under + - and *
    /// by a constant tell; nullopt otherwise.
    WAFER_CONSTEXPR std::optional<std::pair<std::int64_t, std::int64_t>> range_of(const ast::expr& e) const {
        using kind = ast::expr::kind;
        if (auto c = cx_.eval.constant_of(e)) {
            if (c->is_real) return std::nullopt;
            return std::pair{c->integer, c->integer};
        }
        checked_arithmetic c(cx_.report, e.pos);
        switch (e.k) {
            case kind::name: {
                const auto* d = cx_.scopes.find(e.name);
                const auto* it = d ? std::get_if<iterator_symbol>(&d->what) : nullptr;
                if (!it) return std::nullopt;
                return it->range;
            }
            case kind::negate: {
                auto r = range_of(e.operands[0]);
                if (!r) return std::nullopt;
                return std::pair{c.sub(0, r->second), c.sub(0, r->first)};
            }
            case kind::binary: {
                if (e.op != ast::binary_op::add && e.op != ast::binary_op::sub && e.op != ast::binary_op::mul)
                    return std::nullopt;
                auto a = range_of(e.operands[0]), b = range_of(e.operands[1]);
                if (!a || !b) return std::nullopt;
                if (e.op == ast::binary_op::add) return std::pair{c.add(a->first, b->first), c.add(a->second, b->second)};
                if (e.op == ast::binary_op::sub) return std::pair{c.sub(a->first, b->second), c.sub(a->second, b->first)};
                const std::int64_t p[] = {c.mul(a->first, b->first), c.mul(a->first, b->second),
                                          c.mul(a->second, b->first), c.mul(a->second, b->second)};
                return std::pair{std::min({p[0], p[1], p[2], p[3]}), std::max({p[0], p[1], p[2], p[3]})};
            }
            default: return std::nullopt;
        }
    }

private:
    // ---- sockets: one element through the scratch words

    WAFER_CONSTEXPR ir::dsd_op one_element(base_type t, source_position pos) const {
        ir::dsd_op op;
        op.op = ir::opcode::mov;
        op.type = *data_type_of(t);
        op.rank = 0;
        op.pos = pos;
        return op;
    }

    WAFER_CONSTEXPR rvalue receive(const socket_symbol& s, const ast::expr& e) {
        auto op = one_element(s.type, e.pos);
        op.src[0] = fabric_operand(cx_, s, e, true);
        op.dst = cx_.scratch_operand();
        cx_.emit({op}, {}, 0);
        ir::instruction ld = make(ir::instr::load, s.type, e.pos);
        ld.dst = cx_.new_register();
        cx_.scratch_address(ld);
        ld.src[1] = ir::imm(0);
        cx_.add(ld);
        return typed(s.type, ir::r(ld.dst));
    }

    WAFER_CONSTEXPR void send(const socket_symbol& s, const ast::expr& target, const rvalue& v) {
        auto value = as(v, s.type, target.pos);
        ir::instruction st = make(ir::instr::store, s.type, target.pos);
        cx_.scratch_address(st);
        st.src[1] = ir::imm(0);
        st.src[2] = value;
        cx_.add(st);
        auto op = one_element(s.type, target.pos);
        op.dst = fabric_operand(cx_, s, target, false);
        op.src[0] = cx_.scratch_operand();
        cx_.emit({op}, {}, 0);
    }

    // ---- operators

    WAFER_CONSTEXPR rvalue cast(const ast::expr& e) {
        auto x = eval(e.operands[0]);
        // A cast states the intent: a predicate becomes 0 or 1, not the compare mask.
        return typed(e.type, as(x, e.type, e.pos, true));
    }

    WAFER_CONSTEXPR rvalue conditional(const ast::expr& e) {
        const auto then_block = cx_.new_block(), else_block = cx_.new_block(), join = cx_.new_block();
        branch(e.operands[0], then_block, else_block);
        // Both arms convert to one type: each arm's is known only once it is lowered, so the
        // result takes the common type of the arms' types as they stand in the source.
        const auto t = arm_type(e.operands[1], e.operands[2]);
        const auto result = cx_.new_register();
        for (int arm = 1; arm <= 2; ++arm) {
            auto v = eval(e.operands[static_cast<std::size_t>(arm)]);
            move(result, as(v, t, e.pos), t);
            jump(join, arm == 1 ? else_block : join, e.pos);
        }
        return typed(t, ir::r(result));
    }

    /// The common type of two expressions, without lowering them.
    WAFER_CONSTEXPR base_type arm_type(const ast::expr& a, const ast::expr& b) const {
        auto ta = static_type(a), tb = static_type(b);
        if (!ta && !tb) return base_type::xp;
        if (!ta) return *tb;
        if (!tb) return *ta;
        return common_type(*ta, *tb);
    }

    /// The type `e` computes in when it has one of its own (constants have none).
    WAFER_CONSTEXPR std::optional<base_type> static_type(const ast::expr& e) const {
        using kind = ast::expr::kind;
        if (auto c = cx_.eval.constant_of(e)) return c->is_real ? std::optional(base_type::sp) : std::nullopt;
        switch (e.k) {
            case kind::name:
            case kind::subscript:
            case kind::member: {
                const auto* d = cx_.scopes.find(root_of(e).name);
                if (!d) return std::nullopt;
                if (const auto* v = std::get_if<variable_symbol>(&d->what)) {
                    auto a = try_value_access(*v, e);
                    if (!a) return std::nullopt;
                    return a->type == base_type::u1 ? base_type::xp : a->type;
                }
                if (e.k == kind::member) return std::nullopt;
                if (std::holds_alternative<iterator_symbol>(d->what)) return base_type::xp;
                if (const auto* s = std::get_if<socket_symbol>(&d->what)) return s->type;
                return std::nullopt;
            }
            case kind::cast: return e.type;
            case kind::call: {
                if (e.name == "wavelet") return base_type::u32;
                const auto* f = cx_.function_named(e.name);
                if (!f) return std::nullopt;
                return f->decl->returns_named ? f->returns : f->decl->returns;  // a typedef: once declared
            }
            case kind::logical_not: return base_type::xp;
            case kind::binary:
                if (ast::is_comparison(e.op) || ast::is_logical(e.op)) return base_type::xp;
                if (e.op == ast::binary_op::shl || e.op == ast::binary_op::shr || e.op == ast::binary_op::sar)
                    return static_type(e.operands[0]);
                return arm_type(e.operands[0], e.operands[1]);
            case kind::conditional: return arm_type(e.operands[1], e.operands[2]);
            case kind::sum: return static_type(e.operands[2]);
            default: return static_type(e.operands[0]);
        }
    }

    WAFER_CONSTEXPR rvalue binary(const ast::expr& e) {
        using op = ast::binary_op;
        if (ast::is_logical(e.op)) return logical(e);
        auto l = eval(e.operands[0]);
        auto r = eval(e.operands[1]);
        const bool shift = e.op == op::shl || e.op == op::shr || e.op == op::sar;
        // A constant takes the other operand's type; a shift computes in its left operand's.
        const base_type t = shift                         ? value_type(l.k == rvalue::kind::constant ? r : l)
                            : l.k == rvalue::kind::constant ? value_type(r)
                            : r.k == rvalue::kind::constant ? value_type(l)
                                                            : common_type(value_type(l), value_type(r));
        const bool count = e.op == op::add || e.op == op::sub;  // a comparison reads as 1 here
        const auto a = as(l, t, e.operands[0].pos, count);
        const auto b = as(r, shift ? base_type::u16 : t, e.operands[1].pos, count);
        const bool integer_only = shift || e.op == op::rem || e.op == op::bit_and || e.op == op::bit_or ||
                                  e.op == op::bit_xor;
        if (integer_only && is_float(t))
            cx_.report.fail(e.pos, "operator " + quote(std::string(ast::spelling(e.op))) + " takes integers, and this "
                                   "operation is " + type_text(t) + "; convert with a cast such as (s32)");
        at(e.pos);
        switch (e.op) {
            case op::mul: return typed(t, arithmetic(ir::instr::mul, t, a, b));
            case op::div: return typed(t, arithmetic(ir::instr::div, t, a, b));
            case op::rem: return typed(t, arithmetic(ir::instr::rem, t, a, b));
            case op::add: return typed(t, arithmetic(ir::instr::add, t, a, b));
            case op::sub: return typed(t, arithmetic(ir::instr::sub, t, a, b));
            case op::shl: return typed(t, arithmetic(ir::instr::shl, t, a, b));
            case op::shr: return typed(t, arithmetic(ir::instr::shr, t, a, b));
            case op::sar: return typed(t, arithmetic(ir::instr::sar, t, a, b));
            case op::bit_and: return typed(t, arithmetic(ir::instr::bit_and, t, a, b));
            case op::bit_xor: return typed(t, arithmetic(ir::instr::bit_xor, t, a, b));
            case op::bit_or: return typed(t, arithmetic(ir::instr::bit_or, t, a, b));
            case op::lt: return predicate(arithmetic(ir::instr::lt, t, a, b));
            case op::le: return predicate(arithmetic(ir::instr::le, t, a, b));
            case op::gt: return predicate(arithmetic(ir::instr::gt, t, a, b));
            case op::ge: return predicate(arithmetic(ir::instr::ge, t, a, b));
            case op::eq: return predicate(arithmetic(ir::instr::eq, t, a, b));
            case op::ne: return predicate(arithmetic(ir::instr::ne, t, a, b));
            default: cx_.report.fail(e.pos, "malformed expression (unknown operator)");
        }
        return {};  // fail() returns only in a constant expression
    }

    /// `a && b`, `a || b`: b is evaluated only when a does not decide.
    WAFER_CONSTEXPR rvalue logical(const ast::expr& e) {
        const bool is_and = e.op == ast::binary_op::logical_and;
        const auto result = cx_.new_register();
        move(result, truth(eval(e.operands[0]), e.operands[0].pos), base_type::u16);
        const auto rhs = cx_.new_block(), join = cx_.new_block();
        ir::instruction b = make(ir::instr::branch, base_type::u16, e.pos);
        b.src[0] = ir::r(result);
        b.target = is_and ? rhs : join;
        b.other = is_and ? join : rhs;
        cx_.end_block(b, rhs);
        move(result, truth(eval(e.operands[1]), e.operands[1].pos), base_type::u16);
        jump(join, join, e.pos);
        return predicate(ir::r(result));
    }

    context& cx_;
    source_position pos_;
    int summing_ = 0;  ///< inside the operand of a ∑
};

}  // namespace wafer::tungsten::detail

// Calls and sums are defined with functions and loops, which lower their bodies with scalar_lowering.
#include "wafer/tungsten/detail/control.hpp"
#include "wafer/tungsten/detail/function.hpp"
