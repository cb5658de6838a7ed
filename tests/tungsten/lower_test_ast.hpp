#pragma once
// Terse Tungsten AST values for the checker and lowering tests (no parser involved):
//   assign({loop("i", lit(0), id("N"))}, at("a", id("i")), at("a", id("i")) + id("b"))
#include <string>
#include <utility>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::tungsten::test_ast {

using ast::expr;
using ast::initializer;
using ast::statement;

// (AST nodes are not aggregates: ast.hpp declares their special members.)
inline expr node(expr::kind k, std::vector<expr> operands = {}) {
    expr e;
    e.k = k;
    e.operands = std::move(operands);
    return e;
}
inline expr lit(std::int64_t v) { return ast::integer_expr(v); }
inline expr real(double v) {
    expr e = node(expr::kind::real);
    e.real = v;
    return e;
}
inline expr id(std::string name) { return ast::name_expr(std::move(name)); }
template <class... Subscripts>
expr at(std::string name, Subscripts... subs) {
    expr e = node(expr::kind::subscript, {std::move(subs)...});
    e.name = std::move(name);
    return e;
}
inline expr binary(ast::binary_op op, expr a, expr b) {
    expr e = node(expr::kind::binary, {std::move(a), std::move(b)});
    e.op = op;
    return e;
}
inline expr operator+(expr a, expr b) { return binary(ast::binary_op::add, std::move(a), std::move(b)); }
inline expr operator-(expr a, expr b) { return binary(ast::binary_op::sub, std::move(a), std::move(b)); }
inline expr operator*(expr a, expr b) { return binary(ast::binary_op::mul, std::move(a), std::move(b)); }
inline expr operator-(expr a) { return node(expr::kind::negate, {std::move(a)}); }

/// `e` at line:col (for diagnostics that quote the source).
inline expr at_pos(expr e, std::uint32_t line, std::uint32_t col) {
    e.pos = {line, col};
    return e;
}

inline initializer value(expr e) {
    initializer i;
    i.value = std::move(e);
    return i;
}
inline initializer list(std::vector<initializer> elements = {}) {
    initializer l;
    l.is_list = true;
    l.elements = std::move(elements);
    return l;
}
/// `{1, 2, 3}` from integers.
inline initializer ints(std::vector<std::int64_t> vs) {
    initializer l = list();
    for (auto v : vs) l.elements.push_back(value(lit(v)));
    return l;
}

inline ast::dimension dim(std::string name, expr extent) {
    ast::dimension d;
    d.name = std::move(name);
    d.extent = std::move(extent);
    return d;
}
inline ast::dimension dim(std::int64_t extent) { return dim("", lit(extent)); }

inline ast::param_decl param(std::string name, std::optional<expr> def = std::nullopt, base_type t = base_type::xp) {
    return {t, std::move(name), std::move(def), {}};
}
inline ast::socket_decl sock(base_type t, std::string name) { return {t, std::move(name), {}}; }
inline ast::var_decl var(base_type t, std::string name, std::vector<ast::dimension> dims = {},
                         std::optional<initializer> init = std::nullopt) {
    ast::var_decl d;
    d.type = t;
    d.name = std::move(name);
    d.dims = std::move(dims);
    d.init = std::move(init);
    return d;
}
inline ast::var_decl scalar(base_type t, std::string name, expr init) {
    return var(t, std::move(name), {}, value(std::move(init)));
}
inline ast::iterator loop(std::string name, expr lo, expr hi) {
    ast::iterator i;
    i.name = std::move(name);
    i.lo = std::move(lo);
    i.hi = std::move(hi);
    return i;
}
inline ast::assignment assign(std::vector<ast::iterator> loops, expr target, expr value, bool stream = false) {
    ast::assignment a;
    a.loops = std::move(loops);
    a.stream = stream;
    a.target = std::move(target);
    a.value = std::move(value);
    return a;
}
inline ast::assignment assign(expr target, expr value) { return assign({}, std::move(target), std::move(value)); }
inline ast::block block(std::vector<statement> body, std::string label = "") {
    return {std::move(label), std::move(body), {}};
}
/// Places a statement at line:col.
template <class S>
S placed(S s, std::uint32_t line, std::uint32_t col) {
    s.pos = {line, col};
    return s;
}

inline ast::program kernel(std::vector<statement> body, std::string name = "k", source_text source = {}) {
    ast::program p;
    p.name = std::move(name);
    p.source = std::move(source);
    p.body = std::move(body);
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
