#pragma once
// The DSL's AST builders (nodes.hpp): inline in header-only use, compiled once with the rest of
// wafer/src.hpp otherwise, so that a unit building kernels calls them instead of inlining each
// node's construction.
#include <cmath>
#include <utility>

#include "wafer/tungsten/dsl/nodes.hpp"

namespace wafer::tungsten::dsl::detail {

WAFER_CONSTEXPR WAFER_DECL ast::expr unary_ast(ast::expr::kind k, ast::expr&& operand, base_type type) {
    ast::expr e;
    e.k = k;
    e.type = type;
    e.operands.push_back(std::move(operand));
    return e;
}

WAFER_CONSTEXPR WAFER_DECL ast::expr negate_ast(ast::expr&& operand) {
    return unary_ast(ast::expr::kind::negate, std::move(operand));
}

WAFER_CONSTEXPR WAFER_DECL ast::expr integer_ast(bool negative, std::uint64_t magnitude) {
    ast::expr e;
    e.k = ast::expr::kind::integer;
    e.value = static_cast<std::int64_t>(magnitude);  // a u64 initializer beyond 2^63 keeps its bits
    if (negative) return negate_ast(std::move(e));  // not `?:`: g++ 12 cannot then move it in a constant expression
    return e;
}

WAFER_CONSTEXPR WAFER_DECL ast::expr real_ast(double v) {
    ast::expr e;
    e.k = ast::expr::kind::real;
    e.real = std::signbit(v) ? -v : v;
    if (std::signbit(v)) return negate_ast(std::move(e));
    return e;
}

WAFER_CONSTEXPR WAFER_DECL ast::expr subscript_ast(ast::expr&& array, ast::expr&& index) {
    ast::expr e = std::move(array);
    if (e.k != ast::expr::kind::member) e.k = ast::expr::kind::subscript;
    e.operands.push_back(std::move(index));
    return e;
}

WAFER_CONSTEXPR WAFER_DECL ast::expr binary_ast(ast::binary_op op, ast::expr&& l, ast::expr&& r) {
    ast::expr e;
    e.k = ast::expr::kind::binary;
    e.op = op;
    e.operands.reserve(2);
    e.operands.push_back(std::move(l));
    e.operands.push_back(std::move(r));
    return e;
}

WAFER_CONSTEXPR WAFER_DECL ast::expr without_leading_minus(node_data&& d) {
    ast::expr e = std::move(d.ast);
    ast::expr* leaf = &e;
    while (leaf->k == ast::expr::kind::binary) leaf = &leaf->operands.front();
    if (d.leading_number_negated) {
        *leaf = std::move(*d.leading_number_negated);
    } else if (leaf->k == ast::expr::kind::negate) {  // always, once check_stream_source passed
        ast::expr operand = std::move(leaf->operands.front());
        *leaf = std::move(operand);
    }
    return e;
}

}  // namespace wafer::tungsten::dsl::detail
