#pragma once
// The leaves of one statement as DSD operands: literals and params fold to `immediate`, iterator
// expressions to `index`, a scalar to `mem` with zero strides, an array element with affine
// subscripts to `mem` over the loops, a socket read to `fabin` and a socket write to `fabout`.
// All variable operands share the target's data type. wafer checks what Carbide does not: one
// subscript per dimension, and every subscript inside its dimension over the loop ranges.
#include <array>
#include <cstdint>
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
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/socket.hpp"

namespace wafer::tungsten::detail {

/// Whether `e` names a DSD loop iterator (one whose values the operation walks).
inline WAFER_CONSTEXPR bool uses_dsd_iterator(const context& cx, const ast::expr& e) {
    if (e.k == ast::expr::kind::name) {
        const auto* d = cx.scopes.find(e.name);
        const auto* it = d ? std::get_if<iterator_symbol>(&d->what) : nullptr;
        if (it && it->reg == ir::no_reg) return true;
    }
    for (const auto& o : e.operands)
        if (uses_dsd_iterator(cx, o)) return true;
    return false;
}

/// Whether `e` is a value scalar code computes with no effect: constants, params, variables,
/// elements and iterators under operators and casts (no socket or FIFO read, no call).
inline WAFER_CONSTEXPR bool plain_value(const context& cx, const ast::expr& e) {
    using kind = ast::expr::kind;
    switch (e.k) {
        case kind::integer: case kind::size_of: case kind::size_of_type: return true;
        case kind::name: case kind::subscript: {
            const auto* d = cx.scopes.find(e.name);
            if (!d || d->status != declaration::state::ready) return false;
            if (!std::holds_alternative<variable_symbol>(d->what) && !std::holds_alternative<param_symbol>(d->what) &&
                !std::holds_alternative<iterator_symbol>(d->what))
                return false;
            break;
        }
        case kind::member: case kind::binary: case kind::negate: case kind::complement: case kind::logical_not:
        case kind::conditional: case kind::cast: break;
        default: return false;
    }
    for (const auto& o : e.operands)
        if (!plain_value(cx, o)) return false;
    return true;
}

/// A subscript as an affine part in the DSD iterators plus terms computed when the operation is
/// issued, each a factor times an expression that uses none of them: `j + k` is j + 1·k, and
/// `2 * (j - n)` is 2j + (-2)·n.
struct offset_form {
    affine fixed;
    std::vector<std::pair<std::int64_t, const ast::expr*>> terms;
};

inline WAFER_CONSTEXPR std::optional<offset_form> offset_form_of(const context& cx, const ast::expr& e) {
    if (auto a = cx.eval.affine_of(e)) return offset_form{*a, {}};
    if (!uses_dsd_iterator(cx, e)) {
        if (!plain_value(cx, e)) return std::nullopt;
        return offset_form{{}, {{1, &e}}};
    }
    checked_arithmetic c(cx.report, e.pos);
    const auto scaled = [&](offset_form f, std::int64_t k) {
        f.fixed.offset = c.mul(f.fixed.offset, k);
        for (auto& x : f.fixed.coeff) x = c.mul(x, k);
        for (auto& t : f.terms) t.first = c.mul(t.first, k);
        return f;
    };
    if (e.k == ast::expr::kind::negate) {
        auto f = offset_form_of(cx, e.operands[0]);
        if (!f) return std::nullopt;  // no `?:` with a vector: see variable_operand()
        return scaled(std::move(*f), -1);
    }
    if (e.k != ast::expr::kind::binary) return std::nullopt;
    if (e.op == ast::binary_op::mul) {
        for (int side = 0; side < 2; ++side)
            if (auto k = cx.eval.integer_of(e.operands[std::size_t(side)])) {
                auto f = offset_form_of(cx, e.operands[std::size_t(1 - side)]);
                if (!f) return std::nullopt;
                return scaled(std::move(*f), *k);
            }
        return std::nullopt;
    }
    if (e.op != ast::binary_op::add && e.op != ast::binary_op::sub) return std::nullopt;
    auto l = offset_form_of(cx, e.operands[0]);
    auto r = offset_form_of(cx, e.operands[1]);
    if (!l || !r) return std::nullopt;
    if (e.op == ast::binary_op::sub) r = scaled(std::move(*r), -1);
    l->fixed.offset = c.add(l->fixed.offset, r->fixed.offset);
    for (std::size_t d = 0; d < l->fixed.coeff.size(); ++d) l->fixed.coeff[d] = c.add(l->fixed.coeff[d], r->fixed.coeff[d]);
    l->terms.insert(l->terms.end(), r->terms.begin(), r->terms.end());
    return l;
}

/// What every operand of one statement shares: its loops and the type it computes in.
struct statement_frame {
    std::uint8_t rank = 0;
    std::array<std::uint32_t, ir::max_rank> extent{1, 1, 1, 1};
    std::uint64_t elements = 1;
    base_type type = base_type::xp;  ///< the target's type: literals convert to it
    ir::data_type data = ir::data_type::i16;
    source_position pos;  ///< the statement's
    /// A dynamic operation (assignment.hpp): its length is known only when it is issued, its
    /// operands may have offsets computed then, and its one loop starts at `first` (an s32 value)
    /// when `first` is set.
    bool dynamic = false;
    std::optional<ir::value> first;
};

class operand_lowering {
public:
    WAFER_CONSTEXPR operand_lowering(context& cx, statement_frame& frame) : cx_(cx), f_(frame) {}

    /// The assignment's target (an element, a member, a scalar or a socket); its type becomes the statement's.
    WAFER_CONSTEXPR ir::dsd target(const ast::expr& e) {
        const auto& d = assignable(cx_.scopes, cx_.report, e);
        if (const auto* s = std::get_if<socket_symbol>(&d.what)) {
            set_type(s->type, e.name, e.pos);
            return socket_operand(*s, e, false);
        }
        if (const auto* q = std::get_if<fifo_symbol>(&d.what)) {
            set_type(q->type, e.name, e.pos);
            return fifo_operand(*q, e, true);
        }
        const auto& v = std::get<variable_symbol>(d.what);
        if (is_stream_element(v, e)) {
            set_type(*v.stream_of, e.name, e.pos);
            return stream_operand(v, e);
        }
        auto a = value_access(v, e, cx_.report);
        set_type(a.type, a.path, e.pos);
        cx_.base_used(a, true, e.pos);
        return variable_operand(a);
    }

    /// The target `name` of a declarator's initializer.
    WAFER_CONSTEXPR ir::dsd target(const variable_symbol& v, const std::string& name, source_position pos) {
        auto a = value_access(v, ast::name_expr(name, pos), cx_.report);
        set_type(a.type, name, pos);
        return variable_operand(a);
    }

    /// Whether `e` lowers to one operand (no operation needed).
    WAFER_CONSTEXPR bool is_leaf(const ast::expr& e) const {
        return is_reference(e) || cx_.eval.affine_of(e) || cx_.eval.constant_of(e);
    }

    /// The operand of a reference read in its own type, for a conversion to the statement's: the
    /// operand, and that type.
    WAFER_CONSTEXPR std::pair<ir::dsd, ir::data_type> converted(const ast::expr& e) {
        converting_ = true;
        const ir::dsd o = leaf(e);
        converting_ = false;
        return {o, converted_from_};
    }

    /// The operand of a leaf read as a value.
    WAFER_CONSTEXPR ir::dsd leaf(const ast::expr& e) {
        ir::dsd o;
        if (auto c = cx_.eval.constant_of(e)) {
            o.k = ir::dsd::kind::immediate;
            o.bits = static_cast<std::uint32_t>(convert(*c, f_.type, e.pos, cx_.report));
            return o;
        }
        if (auto a = cx_.eval.affine_of(e)) {
            if (f_.data == ir::data_type::f32)
                cx_.report.fail(e.pos, "a loop iterator used as an sp value is not supported yet");
            o.k = ir::dsd::kind::index;
            // The first value of a count, not a truth value: a u1 statement counts in 16 bits.
            const auto count_type = f_.type == base_type::u1 ? base_type::xp : f_.type;
            o.bits =
                static_cast<std::uint32_t>(convert(constant{false, a->offset, 0.0}, count_type, e.pos, cx_.report));
            o.stride = narrow_strides(a->coeff, e.pos);
            return o;
        }
        const auto& root = root_of(e);
        const auto& d = cx_.scopes.lookup(root.name, root.pos);
        if (const auto* v = std::get_if<variable_symbol>(&d.what)) {
            if (is_stream_element(*v, e)) {
                check_type(*v->stream_of, e.name, e.pos);
                return stream_operand(*v, e);
            }
            auto a = value_access(*v, e, cx_.report);
            check_type(a.type, a.path, e.pos);
            cx_.base_used(a, false, e.pos);
            return variable_operand(a);
        }
        if (const auto* s = std::get_if<socket_symbol>(&d.what); s && e.k != ast::expr::kind::member) {
            check_type(s->type, e.name, e.pos);
            return socket_operand(*s, e, true);
        }
        if (const auto* q = std::get_if<fifo_symbol>(&d.what)) {
            check_type(q->type, e.name, e.pos);
            return fifo_operand(*q, e, false);
        }
        cx_.report.fail(e.pos, quote(root.name) + " is " + a_kind(d) + ", not " +
                                   (e.k == ast::expr::kind::member ? "a struct or union" : "an array"));
        return {};  // fail() returns only in a constant expression
    }

private:
    WAFER_CONSTEXPR void set_type(base_type t, const std::string& what, source_position pos) {
        check_storage(t, what, pos);
        f_.type = t;
        f_.data = *data_type_of(t);
    }

    WAFER_CONSTEXPR void check_type(base_type t, const std::string& what, source_position pos) {
        check_storage(t, what, pos);
        if (converting_) converted_from_ = *data_type_of(t);
        else if (*data_type_of(t) != f_.data)
            cx_.report.fail(pos, "mixing " + std::string(name_of(f_.type)) + " and " + std::string(name_of(t)) +
                                     " in one statement is not supported yet");
    }

    /// 64-bit values are storage only (reference §3).
    WAFER_CONSTEXPR void check_storage(base_type t, const std::string& what, source_position pos) const {
        if (t == base_type::u64 || t == base_type::s64)
            cx_.report.fail(pos, quote(what) + " is " + std::string(name_of(t)) +
                                     ": a 64-bit value is rejected at compile time (it can only be initialized)");
        if (!data_type_of(t))
            cx_.report.fail(pos, std::string(name_of(t)) + " arithmetic is not supported yet (" + quote(what) +
                                     " is " + std::string(name_of(t)) + ")");
    }

    /// A FIFO pops where it is read and pushes where it is written (`push`): it is a stream, never
    /// subscripted, and one statement does not both push and pop the same FIFO.
    WAFER_CONSTEXPR ir::dsd fifo_operand(const fifo_symbol& q, const ast::expr& e, bool push) {
        if (e.k != ast::expr::kind::name)
            cx_.report.fail(e.pos, "FIFO " + quote(root_of(e).name) + " is a stream of elements: it is never subscripted");
        for (const auto& [index, pushed] : fifos_used_)
            if (index == q.index && pushed != push)
                cx_.report.fail(e.pos, "FIFO " + quote(e.name) + " is both pushed and popped by this statement: each "
                                       "element would leave and enter it at once; move it through a buffer");
        fifos_used_.emplace_back(q.index, push);
        ir::dsd o;
        o.k = ir::dsd::kind::fifo;
        o.fifo = static_cast<std::uint8_t>(q.index);
        return o;
    }

    WAFER_CONSTEXPR ir::dsd socket_operand(const socket_symbol& s, const ast::expr& e, bool read) {
        if (read && e.k == ast::expr::kind::name) {
            for (auto r : sockets_read_)
                if (r == s.index)
                    cx_.report.fail(e.pos, "socket " + quote(e.name) +
                                               " is read twice in one statement; each read takes the next wavelet, so "
                                               "read it once into a variable");
            sockets_read_.push_back(s.index);
        }
        return fabric_operand(cx_, s, e, read);
    }

    WAFER_CONSTEXPR ir::dsd variable_operand(const access& a) const {
        ir::dsd o;
        o.k = ir::dsd::kind::mem;
        checked_arithmetic c(cx_.report, f_.pos);
        std::int64_t base = a.base;
        std::array<std::int64_t, ir::max_rank> stride{};
        std::vector<std::pair<std::int64_t, const ast::expr*>> terms;  // words per unit of a run-time value
        std::int64_t first_words = 0;                                  // words per unit of frame.first
        for (const auto& step : a.steps) {
            const auto& sub = *step.index;
            std::optional<offset_form> form;  // not `?:`, which g++ 12 mis-evaluates in a constant expression
            if (f_.dynamic) form = offset_form_of(cx_, sub);
            auto offset = form ? std::optional(form->fixed) : cx_.eval.affine_of(sub);
            if (!offset)
                cx_.report.fail(sub.pos, "a subscript of " + quote(step.array) +
                                             " must be affine in the loop iterators: literals, params and iterators "
                                             "under +, - and * by a constant");
            if (f_.dynamic)
                scalar_lowering(cx_).check_bounds(step);  // what the ranges of the loops tell
            else
                check_bounds(*offset, step, sub.pos);
            base = c.add(base, c.mul(step.stride, offset->offset));
            for (std::size_t d = 0; d < stride.size(); ++d)
                stride[d] = c.add(stride[d], c.mul(step.stride, offset->coeff[d]));
            if (form)
                for (const auto& [factor, e] : form->terms) terms.emplace_back(c.mul(step.stride, factor), e);
            if (f_.first) first_words = c.add(first_words, c.mul(step.stride, offset->coeff[0]));
        }
        o.base = static_cast<address>(base);  // in range when the statement runs any element (check_bounds)
        o.stride = narrow_strides(stride, f_.pos);
        if (a.base_word) o.base_reg = cx_.moved_base(a, base - a.root_base, f_.pos);
        if (!terms.empty() || first_words != 0) o.offset_reg = offset_register(terms, first_words);
        return o;
    }

    /// `pick[k][i]`: memory whose base and stride are words 0 and 1 of the descriptor pick[k], loaded
    /// when the operation is issued (set_dsd_base_addr, set_dsd_stride); i walks the vector from its
    /// first element. With fsanitize=bounds, the operation's length is checked against word 2.
    WAFER_CONSTEXPR ir::dsd stream_operand(const variable_symbol& v, const ast::expr& e) const {
        const auto i = cx_.eval.affine_of(e.operands.back());
        if (f_.rank != 1 || f_.first || !i || i->offset != 0 || i->coeff[0] != 1)
            cx_.report.fail(e.operands.back().pos, "an element of a stream is its loop's iterator, and the loop "
                                                   "starts at 0: write " + e.name + "[k][i] in a statement with "
                                                   "the one loop i in [0, n)");
        ast::expr descriptor = e;  // pick[k]
        descriptor.operands.pop_back();
        if (descriptor.operands.empty()) descriptor.k = ast::expr::kind::name;
        scalar_lowering s(cx_);
        s.at(f_.pos);
        const auto place = s.address_of(value_access(v, descriptor, cx_.report));
        const auto base = place.first, offset = place.second;  // named: a lambda below uses them
        const auto word = [&](std::uint32_t k) {
            ir::instruction ld;
            ld.code = ir::instr::load;
            ld.type = ir::data_type::u16;
            ld.dst = cx_.new_register();
            ld.src = {base, s.plus(offset, k, base_type::s32), {}};
            ld.pos = e.pos;
            cx_.add(ld);
            return ld.dst;
        };
        ir::dsd o;
        o.k = ir::dsd::kind::mem;
        o.base_reg = word(0);
        o.stride_reg = word(1);
        o.stride[0] = 1;
        if (cx_.options.check_bounds && !f_.dynamic && f_.elements > 0) {
            ir::instruction check;
            check.code = ir::instr::check_bounds;
            check.type = ir::data_type::u32;
            check.src = {ir::imm(f_.extent[0] - 1), ir::r(word(2)), {}};
            check.target = static_cast<std::uint32_t>(cx_.out.bounds_checks.size());
            check.pos = e.pos;
            cx_.out.bounds_checks.push_back({e.name, "vector"});
            cx_.add(check);
        }
        return o;
    }

    /// Σ factor·term + first_words·first in 32 bits, computed before the operation is issued
    /// (increment_dsd_offset).
    WAFER_CONSTEXPR ir::reg offset_register(const std::vector<std::pair<std::int64_t, const ast::expr*>>& terms,
                                            std::int64_t first_words) const {
        scalar_lowering s(cx_);
        s.at(f_.pos);
        const auto words = [](std::int64_t k) { return ir::imm(static_cast<std::uint32_t>(k)); };
        std::optional<ir::value> sum;
        const auto add = [&](ir::value v, std::int64_t factor) {
            if (factor != 1) v = s.arithmetic(ir::instr::mul, base_type::s32, v, words(factor));
            sum = sum ? s.arithmetic(ir::instr::add, base_type::s32, *sum, v) : v;
        };
        for (const auto& [factor, e] : terms) {
            const auto v = s.eval(*e);
            if (v.k == rvalue::kind::constant ? v.c.is_real : is_float(v.type))
                cx_.report.fail(e->pos, "a subscript must be an integer");
            add(s.as(v, base_type::s32, e->pos), factor);
        }
        if (first_words != 0) add(*f_.first, first_words);
        const auto r = cx_.new_register();
        s.move(r, *sum, base_type::s32);
        return r;
    }

    /// A subscript over the loop ranges must stay inside its dimension (checked when any element runs).
    WAFER_CONSTEXPR void check_bounds(const affine& a, const subscript_step& step, source_position pos) const {
        if (f_.elements == 0) return;
        checked_arithmetic c(cx_.report, pos);
        std::int64_t lo = a.offset, hi = a.offset;
        for (std::size_t d = 0; d < f_.rank; ++d) {
            auto span = c.mul(a.coeff[d], static_cast<std::int64_t>(f_.extent[d]) - 1);
            if (span < 0)
                lo = c.add(lo, span);
            else
                hi = c.add(hi, span);
        }
        const std::int64_t extent = step.extent;
        if (lo >= 0 && hi < extent) return;
        const std::string dim =
            "dimension " + quote(step.dimension) + " of " + quote(step.array) + " (extent " + decimal(extent) + ")";
        if (a.is_constant()) cx_.report.fail(pos, "subscript " + decimal(lo) + " is outside " + dim);
        cx_.report.fail(pos, "a subscript of " + quote(step.array) + " takes values " + decimal(lo) + " to " +
                                 decimal(hi) + " over the loop ranges, outside " + dim);
    }

    WAFER_CONSTEXPR std::array<std::int32_t, ir::max_rank> narrow_strides(
        const std::array<std::int64_t, ir::max_rank>& s, source_position pos) const {
        std::array<std::int32_t, ir::max_rank> out{};
        for (std::size_t d = 0; d < s.size(); ++d) {
            if (f_.elements != 0 && (s[d] < INT32_MIN || s[d] > INT32_MAX))
                cx_.report.fail(pos, "a step of " + decimal(s[d]) + " per iteration is too large");
            out[d] = static_cast<std::int32_t>(s[d]);
        }
        return out;
    }

    context& cx_;
    statement_frame& f_;
    std::vector<std::size_t> sockets_read_;
    std::vector<std::pair<std::size_t, bool>> fifos_used_;  ///< the FIFOs of the statement, and whether pushed
    bool converting_ = false;  ///< leaf() reads a conversion's source, of any type
    ir::data_type converted_from_ = ir::data_type::i16;  ///< the type of the last such source
};

}  // namespace wafer::tungsten::detail
