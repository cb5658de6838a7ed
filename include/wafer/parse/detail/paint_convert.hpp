#pragma once
// From the Paint grammar's AST to the plain wafer::paint::ast: operator chains fold to the left and
// every node gets the line:column of its first token (a binary operation: the start of its left
// operand, '(' included). `x : @name=e` becomes `x : geovar('name e)`, which it is shorthand for.
#include <string>
#include <utility>
#include <vector>

#include "wafer/paint/ast.hpp"
#include "wafer/parse/detail/convert_support.hpp"
#include "wafer/parse/detail/paint_ast.hpp"

namespace wafer::parse::detail::paint_x3 {

namespace ast = wafer::paint::ast;

class converter {
public:
    explicit converter(const error_handler& handler) : handler_(handler) {}

    std::vector<ast::statement> statements(const std::vector<statement>& body) const {
        std::vector<ast::statement> out;
        for (const auto& s : body)
            out.push_back(boost::apply_visitor([&](const auto& node) { return convert(unwrap(node)); }, s.get()));
        return out;
    }

private:
    source_position at(const x3::position_tagged& node) const { return handler_.position_of(node); }

    // --- expressions; `depth` is the node's depth in the expression tree being built

    ast::expr expr(const operand& o, std::size_t depth) const {
        return boost::apply_visitor([&](const auto& node) { return expr(unwrap(node), depth); }, o.get());
    }

    ast::expr expr(const integer_literal& lit, std::size_t depth) const {
        check_depth(handler_, lit, depth);
        return {.k = ast::expr::kind::integer, .integer = value_of(lit, handler_), .pos = at(lit)};
    }

    ast::expr expr(const real_literal& lit, std::size_t depth) const {
        check_depth(handler_, lit, depth);
        return {.k = ast::expr::kind::real, .real = value_of(lit, handler_), .pos = at(lit)};
    }

    ast::expr expr(const word& w, std::size_t depth) const {
        check_depth(handler_, w, depth);
        return {.k = w.kind, .text = w.text, .pos = at(w)};
    }

    ast::expr expr(const route& r, std::size_t depth) const {
        check_depth(handler_, r, depth);
        // The raw text may end with the blanks skipped while looking for one more modifier.
        auto text = r.text.substr(0, r.text.find_last_not_of(" \t\r\n\f\v") + 1);
        return {.k = ast::expr::kind::route, .text = std::move(text), .pos = at(r)};
    }

    ast::expr expr(const call& c, std::size_t depth) const {
        check_depth(handler_, c, depth);
        ast::expr e{.k = ast::expr::kind::call, .text = c.callee, .pos = at(c)};
        for (const auto& a : c.arguments) e.items.push_back(expr(a, depth + 1));
        return e;
    }

    ast::expr expr(const array& a, std::size_t depth) const {
        check_depth(handler_, a, depth);
        ast::expr e{.k = ast::expr::kind::array, .pos = at(a)};
        for (const auto& element : a.elements) e.items.push_back(expr(element, depth + 1));
        return e;
    }

    ast::expr expr(const dictionary& d, std::size_t depth) const {
        check_depth(handler_, d, depth);
        ast::expr e{.k = ast::expr::kind::dict, .pos = at(d)};
        for (const auto& entry : d.entries) {
            e.keys.push_back(entry.key);
            e.items.push_back(expr(entry.value, depth + 1));
        }
        return e;
    }

    ast::expr expr(const expression& chain, std::size_t depth) const {
        return fold_left(
            handler_, chain, depth, [&](const operand& o, std::size_t d) { return expr(o, d); },
            [&](const std::string& op, ast::expr lhs, ast::expr rhs) {
                ast::expr b{.k = ast::expr::kind::binary, .text = op, .pos = at(chain)};
                b.items.push_back(std::move(lhs));
                b.items.push_back(std::move(rhs));
                return b;
            });
    }

    // --- statements

    ast::statement convert(const let_statement& s) const {
        return {.k = ast::statement::kind::let, .name = s.name, .value = expr(s.value, 0), .pos = at(s)};
    }
    ast::statement convert(const destructuring_let& s) const {
        return {.k = ast::statement::kind::let, .names = s.names, .value = expr(s.value, 0), .pos = at(s)};
    }
    ast::statement convert(const assignment& s) const {
        return {.k = ast::statement::kind::assign, .name = s.name, .value = expr(s.value, 0), .pos = at(s)};
    }
    ast::statement convert(const application& s) const {
        return {.k = ast::statement::kind::apply, .name = s.target, .value = expr(s.value, 0), .pos = at(s)};
    }
    ast::statement convert(const geovar_setting& s) const {
        const auto name_at = at(s.geovar);
        ast::expr call{.k = ast::expr::kind::call, .text = "geovar", .pos = name_at};
        call.items.push_back({.k = ast::expr::kind::string, .text = s.geovar.text, .pos = name_at});
        call.items.push_back(expr(s.value, 1));
        return {.k = ast::statement::kind::apply, .name = s.target, .value = std::move(call), .pos = at(s)};
    }
    ast::statement convert(const inclusion& s) const {
        return {.k = ast::statement::kind::include, .name = s.path.text, .pos = at(s)};
    }
    ast::statement convert(const definition& s) const {
        return {.k = ast::statement::kind::define, .name = s.name, .names = s.parameters,
                .body = statements(s.body), .pos = at(s)};
    }
    ast::statement convert(const expression& s) const {
        return {.k = ast::statement::kind::expression, .value = expr(s, 0), .pos = at(s)};
    }

    const error_handler& handler_;
};

}  // namespace wafer::parse::detail::paint_x3
