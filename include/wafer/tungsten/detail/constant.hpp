#pragma once
// Compile-time values (reference §8: a param is usable wherever a constant is required). Literals
// and params fold to constants; together with the current statement's loop iterators, integer
// expressions fold to affine forms offset + sum(coeff[d] * i[d]), which is what subscripts,
// loop bounds and iterator values lower to. Arithmetic is checked: 64-bit overflow is an error.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/access.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/type_name.hpp"

namespace wafer::tungsten::detail {

/// A folded literal value: an integer (any 64-bit pattern) or a real.
struct constant {
    bool is_real = false;
    std::int64_t integer = 0;
    double real = 0.0;
};

/// offset + sum(coeff[d] * i[d]) over the statement's loop indices i[d] in [0, extent[d]).
struct affine {
    std::int64_t offset = 0;
    std::array<std::int64_t, ir::max_rank> coeff{};

    WAFER_CONSTEXPR bool is_constant() const noexcept {
        for (auto c : coeff)
            if (c != 0) return false;
        return true;
    }
};

/// Checked 64-bit arithmetic for folding: an overflow is reported at `pos`.
class checked_arithmetic {
public:
    WAFER_CONSTEXPR checked_arithmetic(const reporter& report, source_position pos) : report_(report), pos_(pos) {}
    WAFER_CONSTEXPR std::int64_t add(std::int64_t a, std::int64_t b) const {
        std::int64_t r = 0;
        check(__builtin_add_overflow(a, b, &r));
        return r;
    }
    WAFER_CONSTEXPR std::int64_t sub(std::int64_t a, std::int64_t b) const {
        std::int64_t r = 0;
        check(__builtin_sub_overflow(a, b, &r));
        return r;
    }
    WAFER_CONSTEXPR std::int64_t mul(std::int64_t a, std::int64_t b) const {
        std::int64_t r = 0;
        check(__builtin_mul_overflow(a, b, &r));
        return r;
    }

private:
    WAFER_CONSTEXPR void check(bool overflow) const {
        if (overflow) report_.fail(pos_, "this constant expression overflows 64 bits");
    }
    const reporter& report_;
    source_position pos_;
};

/// Folds well-formed expressions (see check_well_formed) in the current scope.
class evaluator {
public:
    WAFER_CONSTEXPR evaluator(const scope_stack& scopes, const reporter& report) : scopes_(scopes), report_(report) {}

    /// The value of `e` when it uses only literals and params; nullopt otherwise.
    WAFER_CONSTEXPR std::optional<constant> constant_of(const ast::expr& e) const {
        using kind = ast::expr::kind;
        switch (e.k) {
            case kind::integer: return constant{false, e.value, 0.0};
            case kind::real: return constant{true, 0, e.real};
            case kind::name:
                if (const auto* p = std::get_if<param_symbol>(&scopes_.lookup(e.name, e.pos).what))
                    return constant{p->value.is_real, p->value.integer, p->value.real};
                return std::nullopt;
            case kind::subscript: return std::nullopt;
            case kind::member: {  // a.base is a constant while the program never sets it
                const auto& root = root_of(e);
                const auto* v = std::get_if<variable_symbol>(&scopes_.lookup(root.name, root.pos).what);
                if (!v || v->base_word || !names_base_address(*v, e)) return std::nullopt;
                return constant{false, v->base, 0.0};
            }
            case kind::size_of_type:
                return constant{false, saturated(object_words(type_named(scopes_, report_, e.type, e.named, e.pos))), 0.0};
            case kind::size_of: return constant{false, size_of(e.operands[0]), 0.0};
            case kind::negate: {
                auto v = constant_of(e.operands[0]);
                if (!v) return std::nullopt;
                if (v->is_real) return constant{true, 0, -v->real};
                return constant{false, checked_arithmetic(report_, e.pos).sub(0, v->integer), 0.0};
            }
            case kind::complement: {
                auto v = constant_of(e.operands[0]);
                if (!v || v->is_real) return std::nullopt;
                return constant{false, ~v->integer, 0.0};
            }
            case kind::binary: {
                if (ast::is_comparison(e.op) || ast::is_logical(e.op)) return std::nullopt;  // predicates
                auto l = constant_of(e.operands[0]);
                if (!l) return std::nullopt;
                auto r = constant_of(e.operands[1]);
                if (!r) return std::nullopt;
                if (l->is_real || r->is_real) return real_operation(e, *l, *r);
                return integer_operation(e, l->integer, r->integer);
            }
            default: return std::nullopt;  // run-time values: !, ? : and casts convert when they run
        }
        return std::nullopt;
    }

    /// Whether a condition of literals and params holds: a comparison of constants, `&&`, `||`
    /// and `!` over such conditions (a left side that decides is enough, as at run time), or a
    /// constant read as non-zero; nullopt when it depends on what the program computes.
    WAFER_CONSTEXPR std::optional<bool> truth_of(const ast::expr& e) const {
        using kind = ast::expr::kind;
        if (e.k == kind::logical_not) {
            const auto v = truth_of(e.operands[0]);
            return v ? std::optional<bool>(!*v) : std::nullopt;
        }
        if (e.k == kind::binary && ast::is_logical(e.op)) {
            const bool conjunction = e.op == ast::binary_op::logical_and;
            const auto l = truth_of(e.operands[0]);
            if (l && *l != conjunction) return *l;  // false && ..., true || ...
            const auto r = truth_of(e.operands[1]);
            if (!l || !r) return std::nullopt;
            return *r;
        }
        if (e.k == kind::binary && ast::is_comparison(e.op)) {
            const auto l = constant_of(e.operands[0]);
            const auto r = constant_of(e.operands[1]);
            if (!l || !r) return std::nullopt;
            if (l->is_real || r->is_real) return compare(e.op, as_real(*l), as_real(*r));
            return compare(e.op, l->integer, r->integer);
        }
        const auto v = constant_of(e);
        if (!v) return std::nullopt;
        return v->is_real ? v->real != 0.0 : v->integer != 0;
    }

    /// `e` as an affine integer form over the statement's iterators; nullopt when it reads a variable,
    /// a socket or a real, or multiplies two iterator terms.
    WAFER_CONSTEXPR std::optional<affine> affine_of(const ast::expr& e) const {
        using kind = ast::expr::kind;
        checked_arithmetic c(report_, e.pos);
        switch (e.k) {
            case kind::integer: return affine{e.value, {}};
            case kind::size_of:
            case kind::size_of_type:
            case kind::member:
            case kind::complement: {
                auto v = constant_of(e);
                if (!v) return std::nullopt;
                return affine{v->integer, {}};
            }
            default: return std::nullopt;
            case kind::name: {
                const auto& d = scopes_.lookup(e.name, e.pos);
                if (const auto* p = std::get_if<param_symbol>(&d.what))
                    return p->value.is_real ? std::nullopt : std::optional(affine{p->value.integer, {}});
                if (const auto* it = std::get_if<iterator_symbol>(&d.what); it && it->reg == ir::no_reg) {
                    affine a{it->lo, {}};
                    a.coeff[static_cast<std::size_t>(it->loop)] = 1;
                    return a;
                }
                return std::nullopt;
            }
            case kind::negate: {
                auto v = affine_of(e.operands[0]);
                if (!v) return std::nullopt;
                return scaled(*v, -1, c);
            }
            case kind::binary: {
                if (e.op != ast::binary_op::add && e.op != ast::binary_op::sub && e.op != ast::binary_op::mul) {
                    auto v = constant_of(e);
                    if (!v || v->is_real) return std::nullopt;
                    return affine{v->integer, {}};
                }
                auto l = affine_of(e.operands[0]);
                if (!l) return std::nullopt;
                auto r = affine_of(e.operands[1]);
                if (!r) return std::nullopt;
                if (e.op == ast::binary_op::mul) {
                    if (r->is_constant()) return scaled(*l, r->offset, c);
                    if (l->is_constant()) return scaled(*r, l->offset, c);
                    return std::nullopt;
                }
                if (e.op == ast::binary_op::sub) r = scaled(*r, -1, c);
                affine sum{c.add(l->offset, r->offset), {}};
                for (std::size_t d = 0; d < sum.coeff.size(); ++d) sum.coeff[d] = c.add(l->coeff[d], r->coeff[d]);
                return sum;
            }
        }
        return std::nullopt;
    }

    /// `e` as an integer constant (literals and params); nullopt when it is not one.
    WAFER_CONSTEXPR std::optional<std::int64_t> integer_of(const ast::expr& e) const {
        auto a = affine_of(e);
        if (!a || !a->is_constant()) return std::nullopt;
        return a->offset;
    }

private:
    /// sizeof of an object in words (reference §3): a typedef's type, or what a reference reaches,
    /// a whole array included.
    WAFER_CONSTEXPR std::int64_t size_of(const ast::expr& e) const {
        if (e.k == ast::expr::kind::cast) return words_of(e.type);
        if (!is_reference(e))
            report_.fail(e.pos, "sizeof takes a type, a variable, an element or a member, not a computed value");
        const auto& root = root_of(e);
        const auto& d = scopes_.lookup(root.name, root.pos);
        if (const auto* t = std::get_if<type_symbol>(&d.what); t && e.k == ast::expr::kind::name)
            return saturated(object_words(t->type));
        if (const auto* v = std::get_if<variable_symbol>(&d.what)) {
            auto a = resolve_access(*v, e, report_);
            return saturated(element_count(a.rest) * a.element_words());
        }
        if (e.k != ast::expr::kind::name)
            report_.fail(e.pos, quote(root.name) + " is " + a_kind(d) + ", not an array or a struct");
        if (const auto* p = std::get_if<param_symbol>(&d.what)) return words_of(p->type);
        if (const auto* s = std::get_if<socket_symbol>(&d.what)) return words_of(s->type);
        return 1;  // an iterator is xp
    }
    static WAFER_CONSTEXPR std::int64_t saturated(std::uint64_t words) {
        return static_cast<std::int64_t>(std::min<std::uint64_t>(words, INT64_MAX));
    }

    static double as_real(const constant& c) { return c.is_real ? c.real : static_cast<double>(c.integer); }

    template <typename T>
    static constexpr bool compare(ast::binary_op op, T a, T b) {
        switch (op) {
            case ast::binary_op::lt: return a < b;
            case ast::binary_op::le: return a <= b;
            case ast::binary_op::gt: return a > b;
            case ast::binary_op::ge: return a >= b;
            case ast::binary_op::eq: return a == b;
            default: return a != b;
        }
    }

    std::optional<constant> real_operation(const ast::expr& e, constant l, constant r) const {
        const double a = as_real(l);
        const double b = as_real(r);
        switch (e.op) {
            case ast::binary_op::add: return constant{true, 0, a + b};
            case ast::binary_op::sub: return constant{true, 0, a - b};
            case ast::binary_op::mul: return constant{true, 0, a * b};
            case ast::binary_op::div: return constant{true, 0, a / b};
            default:
                report_.fail(e.pos, "operator " + quote(std::string(ast::spelling(e.op))) +
                                        " takes integers, and this operand is a real number");
                return {};  // fail() returns only in a constant expression
        }
    }

    WAFER_CONSTEXPR std::optional<constant> integer_operation(const ast::expr& e, std::int64_t a,
                                                              std::int64_t b) const {
        checked_arithmetic c(report_, e.pos);
        const auto value = [](std::int64_t v) { return std::optional<constant>(constant{false, v, 0.0}); };
        using op = ast::binary_op;
        switch (e.op) {
            case op::add: return value(c.add(a, b));
            case op::sub: return value(c.sub(a, b));
            case op::mul: return value(c.mul(a, b));
            case op::div:
            case op::rem:
                if (b == 0 || (a == INT64_MIN && b == -1)) {
                    report_.fail(e.pos, b == 0 ? "division by zero in a constant expression"
                                               : "this constant expression overflows 64 bits");
                    return value(0);  // fail() returns only in a constant expression
                }
                return value(e.op == op::div ? a / b : a % b);
            case op::shl:
            case op::shr:
            case op::sar:
                if (b < 0 || b > 62) {
                    report_.fail(e.pos,
                                 "a shift by " + decimal(b) + " in a constant expression: it shifts by 0 to 62 bits");
                    return value(0);  // fail() returns only in a constant expression
                }
                if (e.op == op::shl) return value(c.mul(a, std::int64_t{1} << b));
                if (a < 0 && e.op == op::shr) return std::nullopt;  // logical: depends on the type's width
                return value(a >> b);
            case op::bit_and: return value(a & b);
            case op::bit_xor: return value(a ^ b);
            case op::bit_or: return value(a | b);
            default: return std::nullopt;
        }
    }

    WAFER_CONSTEXPR static affine scaled(const affine& a, std::int64_t k, const checked_arithmetic& c) {
        affine r{c.mul(a.offset, k), {}};
        for (std::size_t d = 0; d < r.coeff.size(); ++d) r.coeff[d] = c.mul(a.coeff[d], k);
        return r;
    }

    const scope_stack& scopes_;
    const reporter& report_;
};

}  // namespace wafer::tungsten::detail
