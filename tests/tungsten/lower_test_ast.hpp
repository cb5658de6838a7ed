#pragma once
// Terse Tungsten AST values for the checker and lowering tests (no parser involved):
//   assign({loop("i", lit(0), id("N"))}, at("a", id("i")), at("a", id("i")) + id("b"))
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::tungsten::test_ast {

using ast::expr;
using ast::initializer;
using ast::statement;

// (AST nodes are not aggregates: ast.hpp declares their special members.) Names are viewed and
// nodes taken by const reference, never by value, so a constant expression can build a kernel with
// these too (tests/tungsten/constexpr/lower.cpp, header-only: WAFER_CONSTEXPR): g++ 12 cannot move
// from or destroy a parameter taken by value that holds a string there (docs/embedding.md).
inline WAFER_CONSTEXPR expr node(expr::kind k, const std::vector<expr>& operands = {}) {
    expr e;
    e.k = k;
    e.operands = operands;
    return e;
}
inline WAFER_CONSTEXPR expr lit(std::int64_t v) { return ast::integer_expr(v); }
inline WAFER_CONSTEXPR expr real(double v) {
    expr e = node(expr::kind::real);
    e.real = v;
    return e;
}
inline WAFER_CONSTEXPR expr id(std::string_view name) { return ast::name_expr(name); }
// (Overloads, not a variadic template: clang refuses `constexpr` on a template returning an AST node,
// which is no literal type, and g++'s -fimplicit-constexpr leaves templates out.)
inline WAFER_CONSTEXPR expr subscript(std::string_view name, const std::vector<expr>& subs) {
    expr e = node(expr::kind::subscript, subs);
    e.name = name;
    return e;
}
inline WAFER_CONSTEXPR expr at(std::string_view name, const expr& i) { return subscript(name, {i}); }
inline WAFER_CONSTEXPR expr at(std::string_view name, const expr& i, const expr& j) { return subscript(name, {i, j}); }
inline WAFER_CONSTEXPR expr at(std::string_view name, const expr& i, const expr& j, const expr& k) {
    return subscript(name, {i, j, k});
}
inline WAFER_CONSTEXPR expr binary(ast::binary_op op, const expr& a, const expr& b) {
    expr e = node(expr::kind::binary, {a, b});
    e.op = op;
    return e;
}
inline WAFER_CONSTEXPR expr operator+(const expr& a, const expr& b) { return binary(ast::binary_op::add, a, b); }
inline WAFER_CONSTEXPR expr operator-(const expr& a, const expr& b) { return binary(ast::binary_op::sub, a, b); }
inline WAFER_CONSTEXPR expr operator*(const expr& a, const expr& b) { return binary(ast::binary_op::mul, a, b); }
inline WAFER_CONSTEXPR expr operator-(const expr& a) { return node(expr::kind::negate, {a}); }

/// `e` at line:col (for diagnostics that quote the source).
inline WAFER_CONSTEXPR expr at_pos(const expr& e, std::uint32_t line, std::uint32_t col) {
    expr placed = e;
    placed.pos = {line, col};
    return placed;
}

inline WAFER_CONSTEXPR initializer value(const expr& e) {
    initializer i;
    i.value = e;
    return i;
}
inline WAFER_CONSTEXPR initializer list(const std::vector<initializer>& elements = {}) {
    initializer l;
    l.is_list = true;
    l.elements = elements;
    return l;
}
/// `{1, 2, 3}` from integers.
inline WAFER_CONSTEXPR initializer ints(const std::vector<std::int64_t>& vs) {
    initializer l = list();
    for (auto v : vs) l.elements.push_back(value(lit(v)));
    return l;
}

inline WAFER_CONSTEXPR ast::dimension dim(std::string_view name, const expr& extent) {
    ast::dimension d;
    d.name = name;
    d.extent = extent;
    return d;
}
inline WAFER_CONSTEXPR ast::dimension dim(std::int64_t extent) { return dim("", lit(extent)); }

inline WAFER_CONSTEXPR ast::param_decl param(std::string_view name, const std::optional<expr>& def = std::nullopt,
                                             base_type t = base_type::xp) {
    return {t, std::string(name), def, {}};
}
inline WAFER_CONSTEXPR ast::socket_decl sock(base_type t, std::string_view name) { return {t, std::string(name), {}}; }
inline WAFER_CONSTEXPR ast::var_decl var(base_type t, std::string_view name,
                                         const std::vector<ast::dimension>& dims = {},
                                         const std::optional<initializer>& init = std::nullopt) {
    ast::var_decl d;
    d.type = t;
    d.name = name;
    d.dims = dims;
    d.init = init;
    return d;
}
inline WAFER_CONSTEXPR ast::var_decl scalar(base_type t, std::string_view name, const expr& init) {
    return var(t, name, {}, value(init));
}
inline WAFER_CONSTEXPR ast::iterator loop(std::string_view name, const expr& lo, const expr& hi) {
    ast::iterator i;
    i.name = name;
    i.lo = lo;
    i.hi = hi;
    return i;
}
inline WAFER_CONSTEXPR ast::assignment assign(const std::vector<ast::iterator>& loops, const expr& target,
                                              const expr& value, bool stream = false) {
    ast::assignment a;
    a.loops = loops;
    a.stream = stream;
    a.target = target;
    a.value = value;
    return a;
}
inline WAFER_CONSTEXPR ast::assignment assign(const expr& target, const expr& value) {
    return assign({}, target, value);
}
inline WAFER_CONSTEXPR ast::block block(const std::vector<statement>& body, std::string_view label = "") {
    return {std::string(label), body, {}};
}
/// Places a statement at line:col.
template <class S>
S placed(const S& s, std::uint32_t line, std::uint32_t col) {
    S at = s;
    at.pos = {line, col};
    return at;
}

inline WAFER_CONSTEXPR ast::program kernel(const std::vector<statement>& body, std::string_view name = "k",
                                           const source_text& source = {}) {
    ast::program p;
    p.name = name;
    p.source = source;
    p.body = body;
    return p;
}

/// Lowers and expects success (warnings allowed).
inline ir::pe_program lowered(const ast::program& p, std::vector<ir::param_value> settings = {}) {
    diagnostics ds;
    return lower(p, settings, ds);
}

/// Lowers and returns the messages of everything reported, or {"<no error>"} when lowering succeeds.
inline std::vector<std::string> messages(const ast::program& p, std::vector<ir::param_value> settings = {}) {
    diagnostics ds;
    try {
        lower(p, settings, ds);
    } catch (const error& e) {
        std::vector<std::string> out;
        for (const auto& d : e.diagnostics()) out.push_back(d.message);
        return out;
    }
    return {"<no error>"};
}

/// The first error's message, or "<no error>".
inline std::string first_error(const ast::program& p, std::vector<ir::param_value> settings = {}) {
    diagnostics ds;
    try {
        lower(p, settings, ds);
    } catch (const error& e) {
        for (const auto& d : e.diagnostics())
            if (d.level == severity::error) return d.message;
    }
    return "<no error>";
}

inline ir::dsd mem(address base, std::array<std::int32_t, ir::max_rank> stride = {}) {
    ir::dsd d;
    d.k = ir::dsd::kind::mem;
    d.base = base;
    d.stride = stride;
    return d;
}
inline ir::dsd imm(std::uint32_t bits) {
    ir::dsd d;
    d.k = ir::dsd::kind::immediate;
    d.bits = bits;
    return d;
}
inline ir::dsd index(std::uint32_t bits, std::array<std::int32_t, ir::max_rank> stride) {
    ir::dsd d;
    d.k = ir::dsd::kind::index;
    d.bits = bits;
    d.stride = stride;
    return d;
}
inline ir::dsd fabin(std::uint8_t q) {
    ir::dsd d;
    d.k = ir::dsd::kind::fabin;
    d.queue = q;
    return d;
}
inline ir::dsd fabout(std::uint8_t q) {
    ir::dsd d;
    d.k = ir::dsd::kind::fabout;
    d.queue = q;
    return d;
}

}  // namespace wafer::tungsten::test_ast
