#pragma once
// From the Tungsten grammar's AST to the plain wafer::tungsten::ast: operator chains fold to the left,
// declarations split into one node per declarator, and every node gets the line:column of its first
// token (a declarator's node: its name; a binary operation: the start of its left operand, '(' included).
#include <string>
#include <utility>
#include <vector>

#include "wafer/parse/detail/convert_support.hpp"
#include "wafer/parse/detail/tungsten_ast.hpp"
#include "wafer/tungsten/ast.hpp"

namespace wafer::parse::detail::tungsten_x3 {

namespace ast = wafer::tungsten::ast;

class converter {
public:
    explicit converter(const error_handler& handler) : handler_(handler) {}

    std::vector<ast::statement> statements(const std::vector<statement>& body) const {
        std::vector<ast::statement> out;
        for (const auto& s : body) boost::apply_visitor([&](const auto& node) { add(unwrap(node), out); }, s.get());
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
        return {.k = ast::expr::kind::integer, .value = value_of(lit, handler_), .pos = at(lit)};
    }

    ast::expr expr(const real_literal& lit, std::size_t depth) const {
        check_depth(handler_, lit, depth);
        return {.k = ast::expr::kind::real, .real = value_of(lit, handler_), .pos = at(lit)};
    }

    ast::expr expr(const reference& ref, std::size_t depth) const {
        check_depth(handler_, ref, depth);
        ast::expr e{.k = ref.subscripts.empty() ? ast::expr::kind::name : ast::expr::kind::subscript,
                    .name = ref.name,
                    .pos = at(ref)};
        for (const auto& s : ref.subscripts) e.operands.push_back(expr(s, depth + 1));
        return e;
    }

    ast::expr expr(const unary_operation& u, std::size_t depth) const {
        check_depth(handler_, u, depth);
        using kind = ast::expr::kind;
        ast::expr e{.k = u.sign == '-' ? kind::negate : u.sign == '~' ? kind::complement : kind::logical_not,
                    .pos = at(u)};
        e.operands.push_back(expr(u.value, depth + 1));
        return e;
    }

    ast::expr expr(const cast& c, std::size_t depth) const {
        check_depth(handler_, c, depth);
        ast::expr e{.k = ast::expr::kind::cast, .type = c.type, .pos = at(c)};
        e.operands.push_back(expr(c.value, depth + 1));
        return e;
    }

    ast::expr expr(const chain& ch, std::size_t depth) const {
        return fold_left(
            handler_, ch, depth, [&](const operand& o, std::size_t d) { return expr(o, d); },
            [&](ast::binary_op op, ast::expr lhs, ast::expr rhs) {
                ast::expr b{.k = ast::expr::kind::binary, .op = op, .pos = at(ch)};
                b.operands.push_back(std::move(lhs));
                b.operands.push_back(std::move(rhs));
                return b;
            });
    }

    ast::expr expr(const expression& e, std::size_t depth) const {
        if (!e.branches) return expr(e.condition, depth);
        check_depth(handler_, e, depth);
        const auto& b = e.branches->get();
        ast::expr c{.k = ast::expr::kind::conditional, .pos = at(e)};
        c.operands.push_back(expr(e.condition, depth + 1));
        c.operands.push_back(expr(b.if_true, depth + 1));
        c.operands.push_back(expr(b.if_false, depth + 1));
        return c;
    }

    ast::expr expr(const expression& e) const { return expr(e, 0); }

    // --- declarations and statements

    ast::initializer init(const initializer& i) const {
        return boost::apply_visitor([&](const auto& node) { return init(unwrap(node)); }, i.get());
    }
    ast::initializer init(const expression& value) const {
        return {.is_list = false, .value = expr(value), .pos = at(value)};
    }
    ast::initializer init(const initializer_list& list) const {
        ast::initializer out{.is_list = true, .pos = at(list)};
        for (const auto& element : list.elements) out.elements.push_back(init(element));
        return out;
    }

    void add(const variable_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            ast::var_decl v{.type = decl.type, .is_volatile = decl.is_volatile, .name = d.name, .pos = at(d)};
            for (const auto& dim : d.dims)
                v.dims.push_back({.name = dim.name.value_or(""), .extent = expr(dim.extent), .pos = at(dim)});
            if (d.init) v.init = init(*d.init);
            out.emplace_back(std::move(v));
        }
    }

    void add(const param_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            ast::param_decl p{.type = decl.type, .name = d.name, .pos = at(d)};
            if (d.default_value) p.default_value = expr(*d.default_value);
            out.emplace_back(std::move(p));
        }
    }

    void add(const socket_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators)
            out.emplace_back(ast::socket_decl{.type = decl.type, .name = d.name, .pos = at(d)});
    }

    void add(const assignment& a, std::vector<ast::statement>& out) const {
        ast::assignment s{.stream = a.stream, .target = expr(a.target, 0), .value = expr(a.value), .pos = at(a)};
        for (const auto& l : a.loops) s.loops.push_back(iterator_of(l));
        out.emplace_back(std::move(s));
    }

    void add(const block& b, std::vector<ast::statement>& out) const {
        out.emplace_back(ast::block{.label = b.label.value_or(""), .body = statements(b.body), .pos = at(b)});
    }

    std::vector<ast::statement> statement_of(const statement& s) const {
        std::vector<ast::statement> out;
        boost::apply_visitor([&](const auto& node) { add(unwrap(node), out); }, s.get());
        return out;
    }

    void add(const if_statement& i, std::vector<ast::statement>& out) const {
        ast::if_statement s{.condition = expr(i.condition), .then_branch = statement_of(i.then_branch), .pos = at(i)};
        if (i.else_branch) s.else_branch = statement_of(*i.else_branch);
        out.emplace_back(std::move(s));
    }

    void add(const loop_statement& l, std::vector<ast::statement>& out) const {
        ast::loop_statement s{.body = statement_of(l.body), .pos = at(l)};
        for (const auto& loop : l.loops) s.loops.push_back(iterator_of(loop));
        out.emplace_back(std::move(s));
    }

    ast::iterator iterator_of(const loop& l) const {
        return {.name = l.iterator, .lo = expr(l.lo), .hi = expr(l.hi), .pos = at(l)};
    }

    const error_handler& handler_;
};

}  // namespace wafer::parse::detail::tungsten_x3
