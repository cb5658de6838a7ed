#pragma once
// The AST nodes' construction, copy, move and destruction (ast.hpp), two node makers and a
// statement's comparison: inline in header-only use, compiled once with the rest of wafer/src.hpp
// otherwise.
#include <cstddef>
#include <type_traits>
#include <utility>
#include <variant>

#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::ast {

WAFER_DEFINE_SPECIAL_MEMBERS(expr)
WAFER_DEFINE_SPECIAL_MEMBERS(initializer)
WAFER_DEFINE_SPECIAL_MEMBERS(dimension)
WAFER_DEFINE_SPECIAL_MEMBERS(var_decl)
WAFER_DEFINE_SPECIAL_MEMBERS(iterator)
WAFER_DEFINE_SPECIAL_MEMBERS(assignment)
WAFER_DEFINE_SPECIAL_MEMBERS(program)

namespace detail {
/// Makes `to` hold a copy of `o`'s alternative, or `o`'s alternative moved, emplaced by its index.
/// std::variant's own copy and move constructors cost g++ 12 time and memory exponential in the
/// alternative's index to evaluate in a constant expression (about 1.5x for each; a task
/// statement, index 15, took 5 s and 200 MB to move: docs/performance.md), and its assignment
/// from another variant costs a visit; emplacing by the index costs neither.
template <std::size_t I, class S>
WAFER_CONSTEXPR void emplace_alternative(statement::variant& to, S&& o) {
    // Only constant-evaluated, where no variant is valueless (nothing throws): the last index is o's.
    if constexpr (I + 1 < std::variant_size_v<statement::variant>)
        if (o.index() != I) return emplace_alternative<I + 1>(to, std::forward<S>(o));
    if constexpr (std::is_const_v<std::remove_reference_t<S>>)
        to.template emplace<I>(*std::get_if<I>(&o));
    else
        to.template emplace<I>(std::move(*std::get_if<I>(&o)));
}
}  // namespace detail

WAFER_CONSTEXPR statement::statement() = default;
// Made empty, then given `o`'s alternative: in a constant expression emplaced by its index, at run
// time by the variant's own assignment.
WAFER_CONSTEXPR statement::statement(const statement& o) : variant() {
    if (wafer::detail::constant_evaluated())
        detail::emplace_alternative<0>(*this, o);
    else
        variant::operator=(static_cast<const variant&>(o));
}
WAFER_CONSTEXPR statement::statement(statement&& o) noexcept : variant() { *this = std::move(o); }
WAFER_CONSTEXPR statement& statement::operator=(const statement& o) {
    if (!wafer::detail::constant_evaluated())
        variant::operator=(static_cast<const variant&>(o));
    else if (this != &o)
        *this = statement(o);  // copied first: `o` may be part of this statement, which emplacing destroys
    return *this;
}
WAFER_CONSTEXPR statement& statement::operator=(statement&& o) noexcept {
    if (!wafer::detail::constant_evaluated())
        variant::operator=(static_cast<variant&&>(o));
    else if (this != &o)
        detail::emplace_alternative<0>(*this, std::move(o));
    return *this;
}
WAFER_CONSTEXPR statement::~statement() = default;

// The name is viewed, not taken by value: g++ 12 cannot move from or destroy a string parameter
// taken by value in a constant expression (docs/embedding.md), and the lowering makes names.
WAFER_CONSTEXPR WAFER_DECL expr name_expr(std::string_view name, source_position pos) {
    expr e;
    e.k = expr::kind::name;
    e.name = name;
    e.pos = pos;
    return e;
}

WAFER_CONSTEXPR WAFER_DECL expr integer_expr(std::int64_t value, source_position pos) {
    expr e;
    e.value = value;  // kind::integer
    e.pos = pos;
    return e;
}

WAFER_CONSTEXPR WAFER_DECL bool operator==(const statement& a, const statement& b) {
    return static_cast<const statement::variant&>(a) == static_cast<const statement::variant&>(b);
}

}  // namespace wafer::tungsten::ast
