#pragma once
// The expression node kinds: what each knows at compile time (its operand_info, computed from
// its operands' values) and the AST each builds, which is exactly what the text parser builds
// for the same source.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/detail/operand_info.hpp"

namespace wafer::tungsten::dsl::detail {

// ---- compile-time facts ----

inline constexpr operand_info number_info{.what = role::number, .leading_minus = true};
/// A param is a compile-time value, so it adapts to the statement's base type like a number.
inline constexpr operand_info param_info{.what = role::param};
/// A loop iterator is an xp counter.
inline constexpr operand_info iterator_info{.what = role::iterator, .typed = true, .type = base_type::xp};

/// A variable (or a member: with `subscripts` written) of a type with `facts` and `dims` more
/// dimensions. A struct or union is untyped: it never meets a value's base type.
constexpr operand_info declared_info(type_facts facts, std::size_t dims = 0, std::size_t subscripts = 0) {
    const std::size_t rank = facts.rank + dims;
    return {.what = rank == 0 ? role::scalar : subscripts == 0 ? role::array : role::element,
            .typed = !facts.record, .type = facts.type, .rank = rank, .subscripts = subscripts, .record = facts.record};
}

constexpr operand_info scalar_info(base_type t) { return declared_info({.type = t}); }
constexpr operand_info socket_info(base_type t) { return {.what = role::socket, .typed = true, .type = t}; }

/// An array named without subscripts; its rank is the number of dimensions it was declared with.
constexpr operand_info array_info(base_type t, std::size_t rank) { return declared_info({.type = t}, rank); }

/// A stream array of `rank` dimensions of descriptors (u64 values) of vectors of `vector`.
constexpr operand_info stream_info(base_type vector, std::size_t rank) {
    operand_info a = array_info(base_type::u64, rank);
    a.stream = true;
    a.vector_type = vector;
    return a;
}

/// `a[...]` with one more subscript; past a stream array's descriptor, an element of its vector.
constexpr operand_info subscripted(operand_info a) {
    if (a.stream && a.subscripts == a.rank)
        return {
            .what = role::element, .typed = true, .type = a.vector_type, .rank = a.rank + 1, .subscripts = a.rank + 1};
    return {.what = role::element,
            .typed = a.typed,
            .type = a.type,
            .rank = a.rank,
            .subscripts = a.subscripts + 1,
            .record = a.record,
            .stream = a.stream,
            .vector_type = a.vector_type};
}

/// The type two operands compute in: their common type (types.hpp), or the typed one's.
constexpr base_type computed_type(operand_info l, operand_info r) {
    return l.typed && r.typed ? common_type(l.type, r.type) : l.typed ? l.type : r.type;
}

/// `l op r`.
constexpr operand_info binary_info(operand_info l, operand_info r) {
    return {.what = role::value, .typed = l.typed || r.typed, .type = computed_type(l, r),
            .leading_minus = l.leading_minus};
}

constexpr operand_info negate_info(operand_info x) {
    return {.what = role::value, .typed = x.typed, .type = x.type, .leading_minus = true};
}

/// A comparison or a logical operator: a truth value, which adapts to the statement's base type
/// as the text's does (a compare mask, or 0/1 in a u1).
inline constexpr operand_info truth_info{.what = role::value};

/// `(t)x`: a value of type t, whatever x was.
constexpr operand_info cast_info(base_type t) { return {.what = role::value, .typed = true, .type = t}; }

constexpr bool is_declared_name(role r) {
    return r == role::param || r == role::iterator || r == role::scalar || r == role::socket || r == role::array;
}

// ---- run-time value: the AST ----

/// A node's AST. C++ folds a minus into a number (`t <- 3 * x` arrives as `t < (-3) * x`), so
/// when the leftmost operand is a number the node also keeps that number's AST negated back.
struct node_data {
    ast::expr ast;
    std::optional<ast::expr> leading_number_negated;
};

/// `-x`, `!x` or `(type)x`.
WAFER_CONSTEXPR WAFER_DECL ast::expr unary_ast(ast::expr::kind k, ast::expr&& operand, base_type type = base_type::xp);
WAFER_CONSTEXPR WAFER_DECL ast::expr negate_ast(ast::expr&& operand);

/// Tungsten literals are unsigned; a negative number is `-` applied to one, as the parser sees `-1`.
WAFER_CONSTEXPR WAFER_DECL ast::expr integer_ast(bool negative, std::uint64_t magnitude);
WAFER_CONSTEXPR WAFER_DECL ast::expr real_ast(double v);

/// The AST of a C++ number, or with `negated` of `-value` computed in its own (promoted) type,
/// as C++ computes it (unsigned wraps).
template <class T>
WAFER_CONSTEXPR ast::expr number_ast(T value, bool negated) {
    if constexpr (std::is_floating_point_v<T>) {
        return real_ast(static_cast<double>(negated ? -value : value));
    } else if constexpr (std::is_unsigned_v<T>) {
        return integer_ast(false, static_cast<T>(negated ? -value : value));
    } else {
        // via the magnitude, so that the most negative value does not overflow
        const bool negative = value < 0;
        const auto magnitude = negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
        return integer_ast(magnitude != 0 && negative != negated, magnitude);
    }
}

/// `a` or `a[i]` with one more subscript: one operand per subscript (a member, `p.x[i]`, keeps its
/// subscripts after the struct it is in, as the parser does).
WAFER_CONSTEXPR WAFER_DECL ast::expr subscript_ast(ast::expr&& array, ast::expr&& index);

WAFER_CONSTEXPR WAFER_DECL ast::expr binary_ast(ast::binary_op op, ast::expr&& l, ast::expr&& r);

/// The value written after `<-`: `d` without the minus C++ put on its leftmost operand.
WAFER_CONSTEXPR WAFER_DECL ast::expr without_leading_minus(node_data&& d);

}  // namespace wafer::tungsten::dsl::detail

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/tungsten/dsl/detail/nodes.ipp"
#endif
