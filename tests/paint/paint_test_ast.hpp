#pragma once
// Terse Paint AST values for the evaluator tests, built by hand (no parser involved):
//   program({let("a", call("tile", {})), apply("a", call("name", {str("a")}))}, text)
// Statement i gets line i + 1 (column 1) unless it has a position; its expressions without one
// get that line too, so messages can be checked by line.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "wafer/paint/ast.hpp"

namespace wafer::paint::test_ast {

using ast::expr;
using ast::statement;

inline expr node(expr::kind k) {
    expr e;
    e.k = k;
    return e;
}
inline expr num(std::int64_t v) {
    expr e = node(expr::kind::integer);
    e.integer = v;
    return e;
}
inline expr real(double v) {
    expr e = node(expr::kind::real);
    e.real = v;
    return e;
}
inline expr text_node(expr::kind k, std::string t) {
    expr e = node(k);
    e.text = std::move(t);
    return e;
}
inline expr str(std::string s) { return text_node(expr::kind::string, std::move(s)); }
inline expr var(std::string s) { return text_node(expr::kind::name, std::move(s)); }
inline expr route(std::string s) { return text_node(expr::kind::route, std::move(s)); }
inline expr call(std::string f, std::vector<expr> args) {
    expr e = text_node(expr::kind::call, std::move(f));
    e.items = std::move(args);
    return e;
}
inline expr bin(std::string op, expr l, expr r) {
    expr e = text_node(expr::kind::binary, std::move(op));
    e.items = {std::move(l), std::move(r)};
    return e;
}
inline expr array(std::vector<expr> items) {
    expr e = node(expr::kind::array);
    e.items = std::move(items);
    return e;
}
inline expr dict(std::vector<std::pair<std::string, expr>> entries) {
    expr e = node(expr::kind::dict);
    for (auto& [k, v] : entries) {
        e.keys.push_back(k);
        e.items.push_back(std::move(v));
    }
    return e;
}
/// Gives `e` a position.
inline expr at(expr e, std::uint32_t line, std::uint32_t column) {
    e.pos = {line, column};
    return e;
}

inline statement stmt(statement::kind k, std::string name, expr value) {
    statement s;
    s.k = k;
    s.name = std::move(name);
    s.value = std::move(value);
    return s;
}
inline statement let(std::string n, expr v) { return stmt(statement::kind::let, std::move(n), std::move(v)); }
inline statement let_array(std::vector<std::string> names, expr v) {
    statement s = stmt(statement::kind::let, "", std::move(v));
    s.names = std::move(names);
    return s;
}
inline statement assign(std::string n, expr v) { return stmt(statement::kind::assign, std::move(n), std::move(v)); }
inline statement apply(std::string n, expr c) { return stmt(statement::kind::apply, std::move(n), std::move(c)); }
inline statement include(std::string path) { return stmt(statement::kind::include, std::move(path), expr{}); }
inline statement eval(expr v) { return stmt(statement::kind::expression, "", std::move(v)); }
inline statement define(std::string n, std::vector<std::string> params, std::vector<statement> body) {
    statement s = stmt(statement::kind::define, std::move(n), expr{});
    s.names = std::move(params);
    s.body = std::move(body);
    return s;
}

namespace detail {
inline void place(expr& e, std::uint32_t line) {
    if (e.pos.line == 0) e.pos = {line, 1};
    for (auto& i : e.items) place(i, line);
}
inline void place(std::vector<statement>& ss, std::uint32_t first_line) {
    for (std::size_t i = 0; i < ss.size(); ++i) {
        auto& s = ss[i];
        if (s.pos.line == 0) s.pos = {first_line + std::uint32_t(i), 1};
        place(s.value, s.pos.line);
        place(s.body, s.pos.line + 1);
    }
}
}  // namespace detail

/// A program named `file` whose source text is `text` (for quoted lines).
inline ast::program program(std::vector<statement> ss, std::string text = "", std::string file = "test.paint") {
    detail::place(ss, 1);
    ast::program p;
    p.source = source_text(std::move(file), std::move(text));
    p.statements = std::move(ss);
    return p;
}

}  // namespace wafer::paint::test_ast
