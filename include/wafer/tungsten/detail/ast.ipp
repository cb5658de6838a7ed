#pragma once
// The AST nodes' construction, copy, move and destruction (ast.hpp), two node makers and a
// statement's comparison: inline in header-only use, compiled once with the rest of wafer/src.hpp
// otherwise.
#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::ast {

WAFER_DEFINE_SPECIAL_MEMBERS(expr)
WAFER_DEFINE_SPECIAL_MEMBERS(initializer)
WAFER_DEFINE_SPECIAL_MEMBERS(dimension)
WAFER_DEFINE_SPECIAL_MEMBERS(var_decl)
WAFER_DEFINE_SPECIAL_MEMBERS(iterator)
WAFER_DEFINE_SPECIAL_MEMBERS(assignment)
WAFER_DEFINE_SPECIAL_MEMBERS(statement)
WAFER_DEFINE_SPECIAL_MEMBERS(program)

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
