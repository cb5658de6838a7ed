#pragma once
// Tungsten expressions in C++: `data[i] * 3 + 1`, `-x`, `~x`, comparisons, `&& || !`, bitwise
// operators and shifts (below), casts (`w::cast<w::sp>(h)`), `c ? a : b` (`w::if_else`), and the
// two assignments `target = value` and `target <- value`.
//
// A node's type is what the compile-time checks need, its operand_info (role, base type, rank,
// subscripts written, whether it starts with a minus), computed from its operands' values; its
// value is the AST built so far. The tree is not repeated in the type: a deep expression is one
// type, not one per node (nested YAP-style types cost quadratic compile time: 9 s and a 31 MB
// object for a chain of 200 additions, against well under a second here).
//
// `<-`: C++ reads `tx <- e` as `tx < -e`, where the unary minus applies to the leftmost operand
// of e. So `operator<` takes a value whose leftmost operand is a negation (or a number, into
// which C++ has folded the minus) and builds the stream assignment of e without that minus. At
// statement level `a <- b` is the stream assignment, exactly as Tungsten lexes `<-`; everywhere
// else `-x` is negation, so `a <- -b` (C++: `a < - -b`) streams `-b`. Keep a space in `<- -b`:
// `<--b` is C++'s `--`. C++ cannot tell `-0` from `0`, so `t <- -0` streams the literal 0.
#include <concepts>
#include <string>
#include <type_traits>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/checks.hpp"
#include "wafer/tungsten/dsl/detail/operand_info.hpp"
#include "wafer/tungsten/dsl/nodes.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

template <detail::operand_info Info>
class expr;

namespace detail {
template <class T>
inline constexpr bool is_expr = false;
template <operand_info Info>
inline constexpr bool is_expr<expr<Info>> = true;
}  // namespace detail

/// A DSL expression node.
template <class T>
concept expression = detail::is_expr<std::remove_cvref_t<T>>;

/// A C++ number used as a Tungsten literal: integers are `integer`, floating point `real`.
template <class T>
concept number = std::is_arithmetic_v<std::remove_cvref_t<T>> && !std::same_as<std::remove_cvref_t<T>, bool>;

/// Anything that can stand where Tungsten expects an expression.
template <class T>
concept operand = expression<T> || number<T>;

namespace detail {

template <operand T>
constexpr operand_info info_of() {
    if constexpr (expression<T>) return std::remove_cvref_t<T>::info;
    else return number_info;
}

/// The operand's AST, moved out of an rvalue node.
template <operand T>
WAFER_CONSTEXPR node_data data_of(T&& x) {
    if constexpr (expression<T>) {
        return std::forward<T>(x).data;
    } else {
        return {number_ast(+x, false), number_ast(+x, true)};
    }
}

template <bool stream, operand Target, operand Value>
WAFER_CONSTEXPR assignment assign(Target&& target, Value&& value);

}  // namespace detail

template <detail::operand_info Info>
class expr {
public:
    static constexpr detail::operand_info info = Info;

    /// The AST built so far (internal: use to_ast()).
    detail::node_data data;

    /// A declared name. Kernels and blocks make these; loop iterators are made directly:
    /// `w::iterator i("i");`.
    /// (Its node is made as a temporary and moved in: g++ 12 cannot, in a constant expression,
    /// initialize a member straight from a call that returns a named local; docs/embedding.md.)
    WAFER_CONSTEXPR explicit expr(std::string_view name) requires(detail::is_declared_name(Info.what))
        : expr(detail::node_data{ast::name_expr(name), std::nullopt}) {}

    WAFER_CONSTEXPR explicit expr(detail::node_data&& d) : data(std::move(d)) {}
    expr(const expr&) = default;
    expr(expr&&) noexcept = default;

    /// Tungsten `target = value` (a statement: pass it to a kernel or block).
    template <operand V>
    WAFER_CONSTEXPR assignment operator=(V&& value) const {
        return detail::assign<false>(*this, std::forward<V>(value));
    }
    WAFER_CONSTEXPR assignment operator=(const expr& value) const { return detail::assign<false>(*this, value); }

    /// `a[i]`, `g[i][j]`: one subscript per dimension.
    template <operand I>
    WAFER_CONSTEXPR auto operator[](I&& index) const {
        constexpr bool ok = detail::check_subscriptable<Info>() && detail::check_complete<detail::info_of<I>()>();
        if constexpr (ok) {
            return expr<detail::subscripted(Info)>(detail::node_data{
                detail::subscript_ast(ast::expr(data.ast), detail::data_of(std::forward<I>(index)).ast), std::nullopt});
        } else {
            return *this;  // the static_assert has spoken; avoid follow-up errors
        }
    }
};

/// The AST of an expression (positions {0, 0}, until a kernel's call places it).
template <detail::operand_info Info>
WAFER_CONSTEXPR ast::expr to_ast(const expr<Info>& e) {
    return e.data.ast;
}

namespace detail {

template <ast::binary_op Op, class L, class R>
WAFER_CONSTEXPR auto make_binary(L&& l, R&& r) {
    constexpr operand_info left = info_of<L>(), right = info_of<R>();
    constexpr bool left_ok = check_operator_operand<left>(), right_ok = check_operator_operand<right>();
    constexpr bool operands_ok = left_ok && right_ok;
    // A shift computes in its left operand's type, whatever the count's. After an operand is
    // reported the node adapts to any type, so the statement adds no second error.
    constexpr bool shift = Op == ast::binary_op::shl || Op == ast::binary_op::shr || Op == ast::binary_op::sar;
    constexpr bool truth = ast::is_comparison(Op) || ast::is_logical(Op);
    constexpr operand_info info = !operands_ok ? operand_info{.what = role::value}
                                  : shift ? operand_info{.what = role::value, .typed = left.typed, .type = left.type,
                                                         .leading_minus = left.leading_minus}
                                  : truth ? truth_info
                                          : binary_info(left, right);
    node_data l_data = data_of(std::forward<L>(l));
    ast::expr e = binary_ast(Op, std::move(l_data.ast), data_of(std::forward<R>(r)).ast);
    return expr<info>(node_data{std::move(e), std::move(l_data.leading_number_negated)});
}

template <bool stream, operand Target, operand Value>
WAFER_CONSTEXPR assignment assign(Target&& target, Value&& value) {
    constexpr operand_info target_info = info_of<Target>(), value_info = info_of<Value>();
    check_assignable<target_info>();
    check_complete<value_info>();
    if constexpr (stream) check_stream_source<value_info>();
    ast::assignment a;
    a.stream = stream;
    a.target = data_of(std::forward<Target>(target)).ast;
    node_data v = data_of(std::forward<Value>(value));
    if constexpr (stream)
        a.value = without_leading_minus(std::move(v));
    else
        a.value = v.ast;
    return assignment(std::move(a));
}

}  // namespace detail

// The binary operators, one definition each, as Boost.YAP defines its own. `a < b` is taken by
// `<-` (the top of this header): write `b > a`. `&&` and `||` build the operator: both sides are
// AST, so nothing short-circuits while building. Tungsten's arithmetic `x>>` is w::sar(a, b).
#define WAFER_DSL_BINARY_OPERATOR(symbol, op)                                                     \
    template <operand L, operand R>                                                               \
    requires(expression<L> || expression<R>) WAFER_CONSTEXPR auto operator symbol(L&& l, R&& r) { \
        return detail::make_binary<ast::binary_op::op>(std::forward<L>(l), std::forward<R>(r));   \
    }
WAFER_DSL_BINARY_OPERATOR(*, mul)
WAFER_DSL_BINARY_OPERATOR(/, div)
WAFER_DSL_BINARY_OPERATOR(%, rem)
WAFER_DSL_BINARY_OPERATOR(+, add)
WAFER_DSL_BINARY_OPERATOR(-, sub)
WAFER_DSL_BINARY_OPERATOR(<<, shl)
WAFER_DSL_BINARY_OPERATOR(>>, shr)
WAFER_DSL_BINARY_OPERATOR(<=, le)
WAFER_DSL_BINARY_OPERATOR(>, gt)
WAFER_DSL_BINARY_OPERATOR(>=, ge)
WAFER_DSL_BINARY_OPERATOR(==, eq)
WAFER_DSL_BINARY_OPERATOR(!=, ne)
WAFER_DSL_BINARY_OPERATOR(&, bit_and)
WAFER_DSL_BINARY_OPERATOR(^, bit_xor)
WAFER_DSL_BINARY_OPERATOR(|, bit_or)
WAFER_DSL_BINARY_OPERATOR(&&, logical_and)
WAFER_DSL_BINARY_OPERATOR(||, logical_or)
#undef WAFER_DSL_BINARY_OPERATOR

/// Tungsten's arithmetic shift `a x>> b`.
template <operand L, operand R>
requires(expression<L> || expression<R>) WAFER_CONSTEXPR auto sar(L&& l, R&& r) {
    return detail::make_binary<ast::binary_op::sar>(std::forward<L>(l), std::forward<R>(r));
}

/// Tungsten's `c ? a : b` (C++ cannot overload `?:`; the name is Boost.Phoenix's).
template <operand C, operand A, operand B>
requires(expression<C> || expression<A> || expression<B>) WAFER_CONSTEXPR auto if_else(C&& c, A&& a, B&& b) {
    constexpr detail::operand_info ai = detail::info_of<A>(), bi = detail::info_of<B>();
    detail::check_complete<detail::info_of<C>()>();
    detail::check_complete<ai>();
    detail::check_complete<bi>();
    // The arms' common type.
    ast::expr e;
    e.k = ast::expr::kind::conditional;
    e.operands.reserve(3);
    e.operands.push_back(detail::data_of(std::forward<C>(c)).ast);
    e.operands.push_back(detail::data_of(std::forward<A>(a)).ast);
    e.operands.push_back(detail::data_of(std::forward<B>(b)).ast);
    return expr<detail::operand_info{.what = detail::role::value, .typed = ai.typed || bi.typed,
                                     .type = detail::computed_type(ai, bi)}>(
        detail::node_data{std::move(e), std::nullopt});
}

template <expression X>
WAFER_CONSTEXPR auto operator!(X&& x) {
    detail::check_operator_operand<detail::info_of<X>()>();
    return expr<detail::truth_info>(detail::node_data{
        detail::unary_ast(ast::expr::kind::logical_not, detail::data_of(std::forward<X>(x)).ast), std::nullopt});
}

template <expression X>
WAFER_CONSTEXPR auto operator~(X&& x) {
    constexpr detail::operand_info x_info = detail::info_of<X>();
    detail::check_operator_operand<x_info>();
    return expr<detail::operand_info{.what = detail::role::value, .typed = x_info.typed, .type = x_info.type}>(
        detail::node_data{detail::unary_ast(ast::expr::kind::complement, detail::data_of(std::forward<X>(x)).ast),
                          std::nullopt});
}

template <expression X>
WAFER_CONSTEXPR auto operator-(X&& x) {
    constexpr detail::operand_info x_info = detail::info_of<X>();
    detail::check_operator_operand<x_info>();
    return expr<detail::negate_info(x_info)>(
        detail::node_data{detail::negate_ast(detail::data_of(std::forward<X>(x)).ast), std::nullopt});
}

/// Tungsten's `(T)x`: `w::cast<w::sp>(h[i])`. It converts any base type to any other, and it is the
/// only way an hp value meets sp or ep (docs/tungsten.md, Types of values).
template <base_type T, operand X>
WAFER_CONSTEXPR auto cast(X&& x) {
    detail::check_operator_operand<detail::info_of<X>()>();
    return expr<detail::cast_info(T)>(detail::node_data{
        detail::unary_ast(ast::expr::kind::cast, detail::data_of(std::forward<X>(x)).ast, T), std::nullopt});
}

/// `target <- value`, which C++ reads as `target < -value` (see the top of this header).
template <operand Target, operand Value>
requires(expression<Target> || expression<Value>) WAFER_CONSTEXPR assignment operator<(Target&& target, Value&& value) {
    return detail::assign<true>(std::forward<Target>(target), std::forward<Value>(value));
}

}  // namespace wafer::tungsten::dsl
