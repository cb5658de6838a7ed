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

inline expr lit(std::int64_t v) { return expr{.k = expr::kind::integer, .value = v}; }
inline expr real(double v) { return expr{.k = expr::kind::real, .real = v}; }
inline expr id(std::string name) { return expr{.k = expr::kind::name, .name = std::move(name)}; }
template <class... Subscripts>
expr at(std::string name, Subscripts... subs) {
    return expr{.k = expr::kind::subscript, .name = std::move(name), .operands = {std::move(subs)...}};
}
inline expr binary(ast::binary_op op, expr a, expr b) {
    return expr{.k = expr::kind::binary, .op = op, .operands = {std::move(a), std::move(b)}};
}
inline expr operator+(expr a, expr b) { return binary(ast::binary_op::add, std::move(a), std::move(b)); }
inline expr operator-(expr a, expr b) { return binary(ast::binary_op::sub, std::move(a), std::move(b)); }
inline expr operator*(expr a, expr b) { return binary(ast::binary_op::mul, std::move(a), std::move(b)); }
inline expr operator-(expr a) { return expr{.k = expr::kind::negate, .operands = {std::move(a)}}; }

/// `e` at line:col (for diagnostics that quote the source).
inline expr at_pos(expr e, std::uint32_t line, std::uint32_t col) {
    e.pos = {line, col};
    return e;
}

inline initializer value(expr e) { return initializer{false, std::move(e), {}, {}}; }
inline initializer list(std::vector<initializer> elements = {}) {
    return initializer{true, {}, std::move(elements), {}};
}
/// `{1, 2, 3}` from integers.
inline initializer ints(std::vector<std::int64_t> vs) {
    initializer l{true, {}, {}, {}};
    for (auto v : vs) l.elements.push_back(value(lit(v)));
    return l;
}

inline ast::dimension dim(std::string name, expr extent) { return {std::move(name), std::move(extent), {}}; }
inline ast::dimension dim(std::int64_t extent) { return {"", lit(extent), {}}; }

inline ast::param_decl param(std::string name, std::optional<expr> def = std::nullopt, base_type t = base_type::xp) {
    return {t, std::move(name), std::move(def), {}};
}
inline ast::socket_decl sock(base_type t, std::string name) { return {t, std::move(name), {}}; }
inline ast::var_decl var(base_type t, std::string name, std::vector<ast::dimension> dims = {},
                         std::optional<initializer> init = std::nullopt) {
    return {.type = t, .name = std::move(name), .dims = std::move(dims), .init = std::move(init)};
}
inline ast::var_decl scalar(base_type t, std::string name, expr init) {
    return var(t, std::move(name), {}, value(std::move(init)));
}
inline ast::iterator loop(std::string name, expr lo, expr hi) {
    return {std::move(name), std::move(lo), std::move(hi), {}};
}
inline ast::assignment assign(std::vector<ast::iterator> loops, expr target, expr value, bool stream = false) {
    return {.loops = std::move(loops), .stream = stream, .target = std::move(target), .value = std::move(value)};
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

inline ast::program kernel(std::vector<statement> body, std::string name = "k") {
    return ast::program{std::move(name), {}, std::move(body)};
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
