#pragma once
// Whether a statement has the shape of DSD operations, so that it lowers to them (assignment.hpp)
// rather than to scalar code (scalar.hpp): constant loop bounds, a value made of the operators the
// PE's vector engine runs over leaves (+, -, *, and on integers &, |, ^, <<, >>, x>>; a cast of a
// variable or socket converts it; x > y ? x : y and its kin are max and min), every
// variable and socket of the target's data type, affine subscripts, no iterator of a scalar loop. The test reports nothing: a statement that fails it is lowered as scalar code,
// which reports whatever is wrong with it.
#include <variant>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/access.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/convert.hpp"
#include "wafer/tungsten/detail/expression.hpp"
#include "wafer/tungsten/detail/operand.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

/// Every name in `e` refers to a ready declaration that a DSD operand can use. `in_subscripts`
/// (a dynamic operation's): a subscript may also use scalar code's iterators, computed into an offset.
inline WAFER_CONSTEXPR bool names_visible(const context& cx, const ast::expr& e, bool in_subscripts = false) {
    using kind = ast::expr::kind;
    if (e.k == kind::name || e.k == kind::subscript) {  // a member's root is its first operand
        const auto* d = cx.scopes.find(e.name);
        if (!d) return false;
        if (const auto* it = std::get_if<iterator_symbol>(&d->what); it && it->reg != ir::no_reg) return false;
    }
    for (std::size_t k = 0; k < e.operands.size(); ++k) {
        const bool subscript = in_subscripts && (e.k == kind::subscript || (e.k == kind::member && k > 0));
        if (subscript ? !plain_value(cx, e.operands[k]) : !names_visible(cx, e.operands[k], in_subscripts)) return false;
    }
    return true;
}

class dsd_shape {
public:
    /// `dynamic`: the shape of a dynamic operation (assignment.hpp), whose subscripts may add offsets
    /// computed when it is issued, and whose iterator is a value only when `iterator_values`.
    WAFER_CONSTEXPR explicit dsd_shape(const context& cx, bool dynamic = false, bool iterator_values = true)
        : cx_(cx), dynamic_(dynamic), iterator_values_(iterator_values) {}

    /// `i in [lo, hi)` with both bounds constant in the current scope.
    WAFER_CONSTEXPR bool constant_bounds(const ast::iterator& loop) const {
        return names_visible(cx_, loop.lo) && names_visible(cx_, loop.hi) && cx_.eval.integer_of(loop.lo) &&
               cx_.eval.integer_of(loop.hi);
    }

    /// `target = value` over the loops already declared (as DSD iterators).
    WAFER_CONSTEXPR bool assignment(const ast::expr& target, const ast::expr& value) const {
        if (!names_visible(cx_, target, dynamic_) || !names_visible(cx_, value, dynamic_)) return false;
        if (!is_reference(target)) return false;
        const auto type = stored_type(target);
        if (!type) return false;
        return this->value(*type, value);
    }

    /// A control wavelet's payload (`dsd(control) tx <- cmd;`): `value` is one variable or element
    /// of another type as wide as socket `target`'s, sent as its bits (switch commands, an index),
    /// not converted. Its type, or none when the statement is not of that form.
    WAFER_CONSTEXPR std::optional<base_type> control_payload(const ast::expr& target, const ast::expr& value) const {
        using kind = ast::expr::kind;
        if (target.k != kind::name || !is_reference(value) || !names_visible(cx_, target) || !names_visible(cx_, value))
            return std::nullopt;
        const auto* s = std::get_if<socket_symbol>(&cx_.scopes.find(target.name)->what);
        if (!s) return std::nullopt;
        const auto t = stored_type(value);
        if (!t || *t == base_type::u1 || *t == s->type || !data_type_of(*t) || words_of(*t) != words_of(s->type))
            return std::nullopt;
        return t;
    }

    /// `value` stored into a variable or socket of type `type`.
    WAFER_CONSTEXPR bool value(base_type type, const ast::expr& value) const {
        if (!names_visible(cx_, value, dynamic_) || !data_type_of(type)) return false;
        // A u1 holds 0 or 1: only a constant is stored as it stands.
        if (type == base_type::u1) return cx_.eval.constant_of(value).has_value();
        return leaves(value, *data_type_of(type), is_float(type));
    }

private:
    /// The type a reference stores, when it is a socket or one element with affine subscripts.
    WAFER_CONSTEXPR std::optional<base_type> stored_type(const ast::expr& e) const {
        const auto& d = *cx_.scopes.find(root_of(e).name);
        if (const auto* s = std::get_if<socket_symbol>(&d.what))
            return e.k == ast::expr::kind::subscript || e.k == ast::expr::kind::member ? std::nullopt
                                                                                         : std::optional(s->type);
        if (const auto* q = std::get_if<fifo_symbol>(&d.what))
            return e.k == ast::expr::kind::name ? std::optional(q->type) : std::nullopt;
        const auto* v = std::get_if<variable_symbol>(&d.what);
        if (!v) return std::nullopt;
        if (is_stream_element(*v, e)) {  // scalar code chooses the descriptor before the operation walks it
            for (std::size_t k = 0; k + 1 < e.operands.size(); ++k)
                if (!plain_value(cx_, e.operands[k]) || uses_dsd_iterator(cx_, e.operands[k])) return std::nullopt;
            return v->stream_of;
        }
        auto a = try_value_access(*v, e);
        if (!a) return std::nullopt;
        for (const auto& step : a->steps)
            if (dynamic_ ? !offset_form_of(cx_, *step.index) : !cx_.eval.affine_of(*step.index)) return std::nullopt;
        return a->type;
    }

    WAFER_CONSTEXPR bool leaves(const ast::expr& e, ir::data_type type, bool floating) const {
        using kind = ast::expr::kind;
        switch (e.k) {
            case kind::integer:
            case kind::size_of:
            case kind::size_of_type: return true;
            case kind::real: return floating;
            case kind::name:
            case kind::subscript:
            case kind::member: {
                const auto& d = *cx_.scopes.find(root_of(e).name);
                if (std::holds_alternative<param_symbol>(d.what)) return e.k == kind::name;
                if (std::holds_alternative<iterator_symbol>(d.what))
                    return e.k == kind::name && !floating && iterator_values_;
                const auto t = stored_type(e);
                return t && *t != base_type::u1 && data_type_of(*t) == type;
            }
            case kind::negate: return leaves(e.operands[0], type, floating);
            case kind::conditional: {  // a max or a min of values read twice alike: no socket or FIFO
                if (cx_.eval.constant_of(e)) return true;
                const auto m = extremum_of(e, floating);
                return m && rereadable(*m->a) && rereadable(*m->b) && leaves(*m->a, type, floating) && leaves(*m->b, type, floating);
            }
            case kind::cast: {  // of a constant, or of a variable's or socket's value: one conversion
                if (cx_.eval.constant_of(e)) return true;
                const auto& x = e.operands[0];
                if (e.type == base_type::u1 || data_type_of(e.type) != type) return false;
                if (x.k != kind::name && x.k != kind::subscript && x.k != kind::member) return false;
                const auto& d = *cx_.scopes.find(root_of(x).name);
                if (std::holds_alternative<param_symbol>(d.what) || std::holds_alternative<iterator_symbol>(d.what)) return false;
                const auto t = stored_type(x);
                return t && *t != base_type::u1 && data_type_of(*t).has_value();
            }
            case kind::binary:
                if (auto c = cx_.eval.constant_of(e)) return floating || !c->is_real;
                if (!operation_of(e.op) || (floating && ir::integer_only(*operation_of(e.op)))) return false;
                return leaves(e.operands[0], type, floating) && leaves(e.operands[1], type, floating);
            default: return false;
        }
    }

    /// Whether reading `e` twice gives one value twice: a constant, a param, an iterator or a
    /// variable, but not a socket, a FIFO or a stream's element, which scalar code would read anew.
    WAFER_CONSTEXPR bool rereadable(const ast::expr& e) const {
        using kind = ast::expr::kind;
        if (cx_.eval.constant_of(e)) return true;
        if (e.k != kind::name && e.k != kind::subscript && e.k != kind::member) return false;
        const auto& d = *cx_.scopes.find(root_of(e).name);
        if (const auto* v = std::get_if<variable_symbol>(&d.what)) return !is_stream_element(*v, e);
        return std::holds_alternative<param_symbol>(d.what) || std::holds_alternative<iterator_symbol>(d.what);
    }

    const context& cx_;
    bool dynamic_, iterator_values_;
};

}  // namespace wafer::tungsten::detail
