#pragma once
// From the Tungsten grammar's AST to the plain wafer::tungsten::ast: operator chains fold to the left,
// declarations split into one node per declarator, and every node gets the line:column of its first
// token (a declarator's node: its name; a binary operation: the start of its left operand, '(' included).
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
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

    /// An expression of kind `k` at `node` (AST nodes are not aggregates: ast.hpp).
    ast::expr node(ast::expr::kind k, const x3::position_tagged& at_node) const {
        ast::expr e;
        e.k = k;
        e.pos = at(at_node);
        return e;
    }

    // --- expressions; `depth` is the node's depth in the expression tree being built

    ast::expr expr(const operand& o, std::size_t depth) const {
        return boost::apply_visitor([&](const auto& node) { return expr(unwrap(node), depth); }, o.get());
    }

    ast::expr expr(const integer_literal& lit, std::size_t depth) const {
        check_depth(handler_, lit, depth);
        return ast::integer_expr(value_of(lit, handler_), at(lit));
    }

    ast::expr expr(const real_literal& lit, std::size_t depth) const {
        check_depth(handler_, lit, depth);
        ast::expr e = node(ast::expr::kind::real, lit);
        e.real = value_of(lit, handler_);
        return e;
    }

    ast::expr expr(const reference& ref, std::size_t depth) const {
        // The last member is the root of the tree: the variable's name sits deepest.
        const std::size_t root_depth = depth + ref.members.size();
        check_depth(handler_, ref, root_depth);
        ast::expr e = node(ref.subscripts.empty() ? ast::expr::kind::name : ast::expr::kind::subscript, ref);
        e.name = ref.name;
        for (const auto& s : ref.subscripts) e.operands.push_back(expr(s, root_depth + 1));
        for (std::size_t k = 0; k < ref.members.size(); ++k) {
            const auto& part = ref.members[k];
            ast::expr m = node(ast::expr::kind::member, part);
            m.name = part.name;
            m.operands.push_back(std::move(e));
            for (const auto& s : part.subscripts) m.operands.push_back(expr(s, root_depth - k));
            e = std::move(m);
        }
        return e;
    }

    ast::expr expr(const call& c, std::size_t depth) const {
        check_depth(handler_, c, depth);
        ast::expr e = node(ast::expr::kind::call, c);
        e.name = c.name;
        for (const auto& a : c.arguments) e.operands.push_back(expr(a, depth + 1));
        return e;
    }

    /// `∑(k in [a, b) l in [c, d)) x` is ∑k ∑l x: one node per iterator, the first outermost.
    ast::expr expr(const summation& s, std::size_t depth) const {
        const std::size_t operand_depth = depth + s.loops.size();
        check_depth(handler_, s, operand_depth);
        ast::expr e = expr(s.operand, operand_depth);
        for (std::size_t k = s.loops.size(); k-- > 0;) {
            const auto& l = s.loops[k];
            ast::expr sum = k == 0 ? node(ast::expr::kind::sum, s) : node(ast::expr::kind::sum, l);
            sum.name = l.iterator;
            sum.operands.push_back(expr(l.lo, depth + k + 1));
            sum.operands.push_back(expr(l.hi, depth + k + 1));
            sum.operands.push_back(std::move(e));
            e = std::move(sum);
        }
        return e;
    }

    ast::expr expr(const size_of& s, std::size_t depth) const {
        check_depth(handler_, s, depth);
        ast::expr e = node(ast::expr::kind::size_of_type, s);
        boost::apply_visitor(
            [&](const auto& what) {
                using T = std::decay_t<decltype(what)>;
                if constexpr (std::is_same_v<T, tungsten::base_type>) {
                    e.type = what;
                } else if constexpr (std::is_same_v<T, named_type>) {
                    e.named = ast::named_type{what.k, what.name};
                } else {
                    e.k = ast::expr::kind::size_of;
                    e.operands.push_back(expr(what.get(), depth + 1));
                }
            },
            s.what.get());
        return e;
    }

    ast::expr expr(const unary_operation& u, std::size_t depth) const {
        check_depth(handler_, u, depth);
        using kind = ast::expr::kind;
        ast::expr e = node(u.sign == '-' ? kind::negate : u.sign == '~' ? kind::complement : kind::logical_not, u);
        e.operands.push_back(expr(u.value, depth + 1));
        return e;
    }

    ast::expr expr(const cast& c, std::size_t depth) const {
        check_depth(handler_, c, depth);
        ast::expr e = node(ast::expr::kind::cast, c);
        e.type = c.type;
        e.operands.push_back(expr(c.value, depth + 1));
        return e;
    }

    ast::expr expr(const chain& ch, std::size_t depth) const {
        return fold_left(
            handler_, ch, depth, [&](const operand& o, std::size_t d) { return expr(o, d); },
            [&](ast::binary_op op, ast::expr lhs, ast::expr rhs) {
                ast::expr b = node(ast::expr::kind::binary, ch);
                b.op = op;
                b.operands.push_back(std::move(lhs));
                b.operands.push_back(std::move(rhs));
                return b;
            });
    }

    ast::expr expr(const expression& e, std::size_t depth) const {
        if (!e.branches) return expr(e.condition, depth);
        check_depth(handler_, e, depth);
        const auto& b = e.branches->get();
        ast::expr c = node(ast::expr::kind::conditional, e);
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
        ast::initializer out;
        out.value = expr(value);
        out.pos = at(value);
        return out;
    }
    ast::initializer init(const initializer_list& list) const {
        ast::initializer out;
        out.is_list = true;
        out.pos = at(list);
        for (const auto& element : list.elements) out.elements.push_back(init(element));
        return out;
    }

    /// The base type of `t`, or the struct, union or typedef it names.
    static std::pair<tungsten::base_type, std::optional<ast::named_type>> type_of(const type_spec& t) {
        if (const auto* base = boost::get<tungsten::base_type>(&t.get())) return {*base, std::nullopt};
        const auto& named = boost::get<named_type>(t.get());
        return {tungsten::base_type::xp, ast::named_type{named.k, named.name}};
    }

    ast::var_decl variable(const type_spec& type, bool is_volatile, const declarator& d) const {
        auto [base, named] = type_of(type);
        ast::var_decl v;
        v.type = base;
        v.named = named;
        v.is_volatile = is_volatile;
        v.name = d.name;
        v.pos = at(d);
        v.dims = dimensions(d.dims);
        v.annotations = d.annotations;
        if (d.place)
            v.placement = ast::placement{.k = d.place->k,
                                         .of = d.place->of,
                                         .value = d.place->k == ast::placement::kind::alias ? ast::expr{}
                                                                                            : expr(d.place->value),
                                         .pos = at(*d.place)};
        if (d.init) v.init = init(*d.init);
        return v;
    }

    std::vector<ast::dimension> dimensions(const std::vector<dimension>& dims) const {
        std::vector<ast::dimension> out;
        for (const auto& dim : dims) {
            ast::dimension& d = out.emplace_back();
            d.name = dim.name.value_or("");
            d.extent = expr(dim.extent);
            d.pos = at(dim);
        }
        return out;
    }

    void add(const variable_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) out.emplace_back(variable(decl.type, decl.is_volatile, d));
    }

    void add(const struct_declaration& decl, std::vector<ast::statement>& out) const {
        ast::struct_decl s{.is_union = decl.type.k == ast::named_type::kind::union_type,
                           .tag = decl.type.name,
                           .pos = at(decl)};
        for (const auto& m : decl.members)
            for (const auto& d : m.declarators) s.members.push_back(variable(m.type, false, d));
        out.emplace_back(std::move(s));
        for (const auto& d : decl.declarators) out.emplace_back(variable(type_spec(decl.type), false, d));
    }

    void add(const typedef_declaration& decl, std::vector<ast::statement>& out) const {
        if (decl.alias.init) handler_.fail(at(decl.alias), "a typedef names a type: it takes no initializer");
        if (decl.alias.place)
            handler_.fail(at(*decl.alias.place), "a typedef names a type: it takes no address(), bank() or align()");
        auto [base, named] = type_of(decl.type);
        out.emplace_back(ast::typedef_decl{.type = base,
                                           .named = named,
                                           .name = decl.alias.name,
                                           .dims = dimensions(decl.alias.dims),
                                           .pos = at(decl.alias)});
    }

    std::vector<ast::var_decl> parameters(const std::vector<parameter>& params) const {
        std::vector<ast::var_decl> out;
        for (const auto& p : params) {
            if (p.d.init) handler_.fail(at(p.d), "a parameter takes its value from the call: it has no initializer");
            out.push_back(variable(p.type, false, p.d));
        }
        return out;
    }

    void add(const function_declaration& f, std::vector<ast::statement>& out) const {
        ast::function_decl d{.name = f.name, .params = parameters(f.params), .body = statements(f.body), .pos = at(f)};
        if (f.returns) std::tie(d.returns, d.returns_named) = type_of(*f.returns);
        out.emplace_back(std::move(d));
    }

    void add(const handler_declaration& h, std::vector<ast::statement>& out) const {
        out.emplace_back(ast::handler_decl{
            .socket = h.socket, .params = parameters(h.params), .body = statements(h.body), .pos = at(h)});
    }

    void add(const fifo_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            ast::fifo_decl f{.type = decl.type, .name = d.name, .capacity = expr(d.capacity), .pos = at(d)};
            for (const auto& a : d.activations) (a.event == "activate_push" ? f.activate_push : f.activate_pop) = a.task;
            out.emplace_back(std::move(f));
        }
    }

    void add(const task_declaration& t, std::vector<ast::statement>& out) const {
        out.emplace_back(ast::task_decl{.control = t.control,
                                        .name = t.name,
                                        .socket = t.socket.value_or(""),
                                        .id = t.id ? std::optional(expr(*t.id)) : std::nullopt,
                                        .forward = t.forward,
                                        .body = statements(t.body),
                                        .pos = at(t)});
    }

    void add(const import_statement& i, std::vector<ast::statement>& out) const {
        out.emplace_back(ast::import_statement{.package = i.package, .names = i.names, .pos = at(i)});
    }

    void add(const task_statement& a, std::vector<ast::statement>& out) const {
        using verb = ast::task_statement::verb;
        out.emplace_back(ast::task_statement{
            .v = a.verb == "activate" ? verb::activate : a.verb == "block" ? verb::block : verb::unblock,
            .task = a.task,
            .pos = at(a)});
    }

    void add(const return_statement& r, std::vector<ast::statement>& out) const {
        ast::return_statement s{.pos = at(r)};
        if (r.value) s.value = expr(*r.value);
        out.emplace_back(std::move(s));
    }

    void add(const call_statement& c, std::vector<ast::statement>& out) const {
        out.emplace_back(ast::call_statement{.call = expr(c.value, 0), .pos = at(c.value)});
    }

    void add(const param_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            ast::param_decl p{.type = decl.type, .name = d.name, .pos = at(d)};
            if (d.default_value) p.default_value = expr(*d.default_value);
            out.emplace_back(std::move(p));
        }
    }

    void add(const stream_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            if (d.init)
                handler_.fail(at(d), "a stream descriptor takes no initializer: assign one, as in " + d.name +
                                               (d.dims.empty() ? "" : "[0]") + " = stream(a);");
            auto v = variable(type_spec(tungsten::base_type::u64), false, d);
            v.stream_of = decl.type;
            out.emplace_back(std::move(v));
        }
    }

    void add(const socket_declaration& decl, std::vector<ast::statement>& out) const {
        for (const auto& d : decl.declarators) {
            ast::socket_decl s{.type = decl.type, .name = d.name, .pos = at(d)};
            for (const auto& q : d.queues) {
                auto& choice = q.which == "input_queue" ? s.input_queue : s.output_queue;
                if (choice) handler_.fail(at(d), "socket " + d.name + " has its " + q.which + " twice");
                choice = expr(q.queue);
            }
            out.emplace_back(std::move(s));
        }
    }

    void add(const assignment& a, std::vector<ast::statement>& out) const {
        ast::assignment s;
        s.async = a.prefix && a.prefix->async;
        s.stream = a.stream;
        s.target = expr(a.target, 0);
        s.value = expr(a.value);
        s.pos = at(a);
        for (const auto& l : a.loops) s.loops.push_back(iterator_of(l));
        if (a.prefix)
            for (const auto& o : a.prefix->options)
                s.options.push_back({.name = o.name,
                                     .word = o.word.value_or(""),
                                     .value = o.value ? std::optional(expr(*o.value)) : std::nullopt,
                                     .pos = at(o)});
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
        ast::iterator i;
        i.name = l.iterator;
        i.lo = expr(l.lo);
        i.hi = expr(l.hi);
        i.pos = at(l);
        return i;
    }

    const error_handler& handler_;
};

}  // namespace wafer::parse::detail::tungsten_x3
