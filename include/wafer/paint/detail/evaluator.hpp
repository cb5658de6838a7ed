#pragma once
// The Paint evaluator: walks a parsed program (ast.hpp) — statements, expressions, calls of
// defines — and calls the primitives (primitives.hpp), which call the region algebra, the same
// functions C++ layouts call. Every error is a diagnostic at the expression that caused it.
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/paint/ast.hpp"
#include "wafer/paint/detail/evaluation.hpp"
#include "wafer/paint/detail/primitives.hpp"
#include "wafer/paint/detail/value.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::paint::detail {

inline constexpr int max_call_depth = 256;         ///< nested define calls
inline constexpr int max_expression_depth = 1000;  ///< nested expressions
inline constexpr int max_include_depth = 16;
/// Files included in all: each include is read and kept, so files that include each other several
/// times over would otherwise multiply them (3 includes a file, 16 deep, is 3^16 files).
inline constexpr std::size_t max_includes = 4096;
inline constexpr std::int64_t max_steps = 10'000'000;   ///< expressions evaluated, in all

using include_loader = std::function<ast::program(const std::string& path, source_position at)>;

class evaluator : evaluation {
public:
    evaluator(diagnostics& out, include_loader include, show_sink show)
        : evaluation(out, std::move(show)), include_(std::move(include)) {}

    region run(const ast::program& p, const std::vector<ir::param_value>& variables) {
        source_ = &p;
        scope_ = std::make_shared<scope>();
        for (const auto& v : variables) {
            if (v.value.is_real) {
                scope_->declare(v.name, value{float(v.value.real)});
                continue;
            }
            const auto i = v.value.integer;
            if (i < std::numeric_limits<std::int32_t>::min() || i > std::numeric_limits<std::int32_t>::max())
                fail_at({}, "variable " + v.name + "=" + std::to_string(i) + " does not fit Paint's 32-bit integers");
            scope_->declare(v.name, value{std::int32_t(i)});
        }
        if (p.statements.empty()) fail_at({}, "empty program: the value of its last statement is the layout");
        value last = statements(p.statements);
        if (!last.is<region>())
            fail_at(p.statements.back().pos, "the layout is the value of the last statement, which must be a region; "
                                             "this one is " + kind_name(last));
        region layout = std::get<region>(std::move(last.v));
        if (layout.blocks.empty())
            fail_at(p.statements.back().pos, "the layout is empty: the region of the last statement has no PEs");
        for (const auto& t : transports_) {
            bool in = false;
            for (const auto& a : layout.attributes) in = in || (a.kind == attribute_kind::transport && a.at == t);
            if (!in)
                out_.add(make_diagnostic(severity::error, t,
                                         "this transport is not in the layout: union it with the regions of its terminals "
                                         "(paint builds without it, and the program stalls)"));
        }
        out_.check();
        return layout;
    }

private:
    include_loader include_;
    std::shared_ptr<scope> scope_;
    std::deque<ast::program> included_;      ///< kept alive for the functions they define
    int expression_depth_ = 0, include_depth_ = 0;
    std::int64_t steps_ = 0;

    // ---- statements ----
    value statements(const std::vector<ast::statement>& ss) {
        value last;
        for (const auto& s : ss) last = statement(s);
        return last;
    }

    value statement(const ast::statement& s) {
        switch (s.k) {
        case ast::statement::kind::let: {
            value v = expr(s.value);
            if (s.names.empty()) {
                scope_->declare(s.name, v);
                return v;
            }
            if (!v.is<array_ref>() || v.as<array_ref>()->size() != s.names.size())
                fail_at(s.pos, "let [...] = takes an array of " + std::to_string(s.names.size()) + " values, not " +
                                   (v.is<array_ref>() ? "an array of " + std::to_string(v.as<array_ref>()->size())
                                                      : kind_name(v)));
            for (std::size_t i = 0; i < s.names.size(); ++i) scope_->declare(s.names[i], (*v.as<array_ref>())[i]);
            return v;
        }
        case ast::statement::kind::assign: {
            declared(s);
            value v = expr(s.value);
            return *declared(s) = std::move(v);
        }
        case ast::statement::kind::apply: {
            // x : f(a b) is x = f(x a b)
            args a{arg{*declared(s), s.pos}};
            if (s.value.k != ast::expr::kind::call)
                fail_at(s.value.pos, s.name + " : ... takes a call, such as " + s.name + " : paint(c [L>C])");
            for (const auto& item : s.value.items) a.push_back(arg{expr(item), item.pos});
            value v = call(s.value, std::move(a));
            return *declared(s) = std::move(v);
        }
        case ast::statement::kind::define: {
            for (std::size_t i = 0; i < s.names.size(); ++i)
                for (std::size_t j = 0; j < i; ++j)
                    if (s.names[i] == s.names[j]) fail_at(s.pos, "define " + s.name + " has two parameters named " + s.names[i]);
            auto f = std::make_shared<function_def>(function_def{s.name, s.names, &s.body, scope_, source_});
            scope_->declare(s.name, value{function_ref(std::move(f))});
            return value{};
        }
        case ast::statement::kind::include: return include(s);
        case ast::statement::kind::expression: return expr(s.value);
        }
        return value{};
    }

    value* declared(const ast::statement& s) {
        value* v = scope_->find(s.name);
        if (v == nullptr) fail_at(s.pos, "can not assign undeclared variable " + s.name + " (declare it with let)");
        return v;
    }

    value include(const ast::statement& s) {
        if (!include_) fail_at(s.pos, "include \"" + s.name + "\": no include loader was given to the evaluator");
        if (include_depth_ == max_include_depth)
            fail_at(s.pos, "includes nested deeper than " + std::to_string(max_include_depth) + " (does a file include itself?)");
        if (included_.size() == max_includes)
            fail_at(s.pos, "more than " + std::to_string(max_includes) + " files are included in all");
        included_.push_back(guarded([&] { return include_(s.name, s.pos); }));
        const ast::program* saved = source_;
        source_ = &included_.back();
        ++include_depth_;
        value v = statements(source_->statements);
        --include_depth_;
        source_ = saved;
        return v;
    }

    // ---- expressions ----
    value expr(const ast::expr& e) {
        if (++steps_ > max_steps)
            fail_at(e.pos, "evaluation takes more than " + std::to_string(max_steps) + " steps");
        if (expression_depth_ == max_expression_depth)
            fail_at(e.pos, "expressions nested deeper than " + std::to_string(max_expression_depth));
        ++expression_depth_;
        value v = expr_inner(e);
        --expression_depth_;
        return v;
    }

    value expr_inner(const ast::expr& e) {
        using k = ast::expr::kind;
        switch (e.k) {
        case k::integer:
            // Literals up to 0xFFFFFFFF wrap to 32 bits, so hexadecimal masks keep their bits.
            if (e.integer < 0 || e.integer > 0xFFFFFFFFll) fail_at(e.pos, "integer literal out of the 32-bit range");
            return value{std::int32_t(std::uint32_t(e.integer))};
        case k::real: return value{float(e.real)};
        case k::string: return value{e.text};
        case k::name: return variable(e);
        case k::symbol: return value{symbol_ref{e.text}};
        case k::geovar: return value{geovar_ref{cx_string(e.text)}};
        case k::arcvar: return value{arcvar_ref{cx_string(e.text)}};
        case k::call: {
            args a;
            for (const auto& item : e.items) a.push_back(arg{expr(item), item.pos});
            return call(e, std::move(a));
        }
        case k::binary: return binary(e);
        case k::array: return array_literal(e);
        case k::dict: {
            auto entries = make_dict();
            for (std::size_t i = 0; i < e.items.size() && i < e.keys.size(); ++i) {
                for (const auto& d : *entries)
                    if (d.key == e.keys[i]) fail_at(e.items[i].pos, "key " + e.keys[i] + " appears twice in a dictionary");
                entries->push_back(dict_entry{e.keys[i], expr(e.items[i]), e.items[i].pos, source_});
            }
            return value{dict_ref(std::move(entries))};
        }
        case k::route: {
            const route_parse r = parse_route(e.text);
            if (!r.ok()) fail_at(route_position(e, r.offset), std::string(message(r.error)));
            return value{route_value{r.rule}};
        }
        }
        fail_at(e.pos, "unknown expression");
    }

    /// The position of byte `offset` of a route's text, which starts after the '[' at e.pos.
    static source_position route_position(const ast::expr& e, std::uint32_t offset) {
        source_position p{e.pos.line, e.pos.column + 1};
        for (std::uint32_t i = 0; i < offset && i < e.text.size(); ++i) {
            if (e.text[i] == '\n') {
                ++p.line;
                p.column = 1;
            } else {
                ++p.column;
            }
        }
        return p;
    }

    value variable(const ast::expr& e) {
        if (value* v = scope_->find(e.text)) return *v;
        if (find_primitive(e.text) != nullptr) return value{primitive_ref{e.text}};
        if (const value* v = predefined(e.text)) return *v;
        fail_at(e.pos, "unknown variable " + e.text);
    }

    value call(const ast::expr& e, args a) {
        if (value* v = scope_->find(e.text)) {
            if (v->is<function_ref>()) {
                const function_ref f = v->as<function_ref>();   // a copy: the call may reassign the variable
                return call_function(*f, e, std::move(a));
            }
            if (v->is<primitive_ref>()) return call_primitive(v->as<primitive_ref>().name, e, a);
            fail_at(e.pos, e.text + " is " + kind_name(*v) + ", not a function");
        }
        return call_primitive(e.text, e, a);
    }

    value call_function(const function_def& f, const ast::expr& e, args a) {
        if (a.size() != f.params.size())
            fail_at(e.pos, f.name + " takes " + std::to_string(f.params.size()) + " arguments, not " +
                               std::to_string(a.size()));
        auto closure = f.closure.lock();
        if (!closure) fail_at(e.pos, f.name + " was defined inside a call that has returned; define it at the top level");
        if (call_depth_ == max_call_depth)
            fail_at(e.pos, "calls nested deeper than " + std::to_string(max_call_depth) +
                               ": a Paint function cannot end its own recursion (setif evaluates both branches)");
        auto local = std::make_shared<scope>();
        local->parent = std::move(closure);
        for (std::size_t i = 0; i < a.size(); ++i) local->declare(f.params[i], std::move(a[i].v));
        std::swap(scope_, local);
        const ast::program* saved = source_;
        source_ = f.source;
        ++call_depth_;
        value v = statements(*f.body);
        --call_depth_;
        source_ = saved;
        std::swap(scope_, local);
        return v;
    }

    value call_primitive(const std::string& name, const ast::expr& e, args& a) {
        if (primitive p = find_primitive(name)) return p(*this, e, a);
        fail_at(e.pos, "unknown function " + name);
    }

    value binary(const ast::expr& e) {
        if (e.items.size() != 2) fail_at(e.pos, "operator " + e.text + " takes two operands");
        const arg l{expr(e.items[0]), e.items[0].pos}, r{expr(e.items[1]), e.items[1].pos};
        const std::string what = "operator " + e.text;
        if (e.text == "+") return arithmetic(*this, op::add, e, l, r, what);
        if (e.text == "-") return arithmetic(*this, op::sub, e, l, r, what);
        if (e.text == "*") return arithmetic(*this, op::mul, e, l, r, what);
        if (e.text == "/") return arithmetic(*this, op::div, e, l, r, what);
        if (e.text == "//") return arithmetic(*this, op::idiv, e, l, r, what);
        if (e.text == "%") return arithmetic(*this, op::mod, e, l, r, what);
        if (e.text == "==") return equal(*this, e, l, r, what);
        fail_at(e.pos, "unknown operator " + e.text);
    }

    /// An array literal. An all-constant one inside a define is evaluated once and shared, as paint does.
    value array_literal(const ast::expr& e) {
        using k = ast::expr::kind;
        bool constant = call_depth_ > 0;
        for (const auto& item : e.items) constant = constant && (item.k == k::integer || item.k == k::real || item.k == k::string);
        if (constant)
            for (const auto& l : literals_)
                if (l.node == &e) return value{l.array};
        auto items = make_array();
        for (const auto& item : e.items) items->push_back(expr(item));
        if (constant) literals_.push_back(shared_literal{&e, items, source_, true});
        return value{array_ref(std::move(items))};
    }
};

}  // namespace wafer::paint::detail
