#pragma once
// The Paint evaluator: walks a parsed program (ast.hpp) and calls the region algebra, the same
// functions C++ layouts call. Every error is a diagnostic at the expression that caused it.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/paint/annotate.hpp"
#include "wafer/paint/ast.hpp"
#include "wafer/paint/color.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/detail/value.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::paint::detail {

inline constexpr int max_call_depth = 256;         ///< nested define calls
inline constexpr int max_expression_depth = 1000;  ///< nested expressions
inline constexpr int max_include_depth = 16;
inline constexpr std::int64_t max_steps = 10'000'000;   ///< expressions evaluated, in all

using include_loader = std::function<ast::program(const std::string& path, source_position at)>;
using show_sink = std::function<void(const std::string& line)>;

/// Primitives of the guide that are not implemented yet: calling one is a clear error, not "unknown".
inline constexpr std::string_view not_supported_primitives[] = {
    "rep",        "hstackrep", "vstackrep",   "stackrep",  "stack",       "place",       "hflip",
    "vflip",      "rotate",    "arrayplace",  "diagplace", "diagarrayplace", "terminal", "transport",
    "alias",      "geovar",    "link",        "paintuppertriangle",
    "setif",      "join",      "symjoin",     "strcmp",    "arraylen",    "arrayidx",    "arraydelete",
    "arrayupdate", "arrayslice", "range",     "cliff",     "split",       "pi",          "query"};
/// Names Paint predefines for those primitives (rotations, directions, sides).
inline constexpr std::string_view not_supported_names[] = {"R0",    "R90",  "R180", "R270",  "HORIZONTAL",
                                                           "VERTICAL", "RIGHT", "LEFT", "UP", "DOWN", "CENTER"};

class evaluator {
public:
    evaluator(diagnostics& out, include_loader include, show_sink show)
        : out_(out), include_(std::move(include)), show_(std::move(show)) {}

    region run(const ast::program& p, const std::vector<ir::param_value>& variables) {
        source_ = &p;
        scope_ = std::make_shared<scope>();
        for (const auto& v : variables) {
            if (v.value < std::numeric_limits<std::int32_t>::min() || v.value > std::numeric_limits<std::int32_t>::max())
                fail_at({}, "variable " + v.name + "=" + std::to_string(v.value) + " does not fit Paint's 32-bit integers");
            scope_->declare(v.name, value{std::int32_t(v.value)});
        }
        if (p.statements.empty()) fail_at({}, "empty program: the value of its last statement is the layout");
        value last = statements(p.statements);
        if (!last.is<region>())
            fail_at(p.statements.back().pos, "the layout is the value of the last statement, which must be a region; "
                                             "this one is " + kind_name(last));
        return std::get<region>(std::move(last.v));
    }

private:
    struct arg {
        value v;
        source_position pos;
    };
    using args = std::vector<arg>;
    using handler = value (evaluator::*)(const ast::expr&, args&);

    diagnostics& out_;
    include_loader include_;
    show_sink show_;
    palette palette_;
    const ast::program* source_ = nullptr;   ///< the file being evaluated
    std::shared_ptr<scope> scope_;
    std::deque<ast::program> included_;      ///< kept alive for the functions they define
    int call_depth_ = 0, expression_depth_ = 0, include_depth_ = 0;
    std::int64_t steps_ = 0;

    // ---- diagnostics ----
    origin origin_at(source_position pos) const {
        return origin(cx_string(source_->source.name()), pos, cx_string(source_->source.line(pos.line)));
    }
    [[noreturn]] void fail_at(source_position pos, const std::string& message) {
        out_.add(source_->source.make(severity::error, pos, message));
        out_.check();
        throw error(out_.list());   // not reached: check() throws
    }
    /// Runs region algebra (or the include loader), turning its wafer::error into our diagnostics.
    template <class F>
    auto guarded(F&& f) {
        try {
            return f();
        } catch (const error& e) {
            for (const auto& d : e.diagnostics()) out_.add(d);
            out_.check();
            throw;
        }
    }

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
        case k::symbol: fail_at(e.pos, "not supported yet: kernel symbols ($" + e.text + ")");
        case k::geovar: fail_at(e.pos, "not supported yet: geovars (@" + e.text + ")");
        case k::call: {
            args a;
            for (const auto& item : e.items) a.push_back(arg{expr(item), item.pos});
            return call(e, std::move(a));
        }
        case k::binary: return binary(e);
        case k::array: {
            auto items = std::make_shared<std::vector<value>>();
            for (const auto& item : e.items) items->push_back(expr(item));
            return value{array_ref(std::move(items))};
        }
        case k::dict: {
            auto entries = std::make_shared<std::vector<dict_entry>>();
            for (std::size_t i = 0; i < e.items.size() && i < e.keys.size(); ++i) {
                for (const auto& d : *entries)
                    if (d.key == e.keys[i]) fail_at(e.items[i].pos, "key " + e.keys[i] + " appears twice in a dictionary");
                entries->push_back(dict_entry{e.keys[i], expr(e.items[i]), e.items[i].pos});
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
        for (auto n : not_supported_names)
            if (n == e.text) fail_at(e.pos, "not supported yet: " + e.text);
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

    // ---- primitives ----
    static handler find_primitive(std::string_view name) {
        static constexpr std::pair<std::string_view, handler> table[] = {
            {"tile", &evaluator::p_tile},     {"rect", &evaluator::p_rect},     {"hstack", &evaluator::p_hstack},
            {"vstack", &evaluator::p_vstack}, {"union", &evaluator::p_union},   {"name", &evaluator::p_name},
            {"code", &evaluator::p_code},     {"paint", &evaluator::p_paint},   {"color", &evaluator::p_color},
            {"add", &evaluator::p_add},       {"sub", &evaluator::p_sub},       {"mul", &evaluator::p_mul},
            {"div", &evaluator::p_div},       {"idiv", &evaluator::p_idiv},     {"mod", &evaluator::p_mod},
            {"max", &evaluator::p_max},       {"min", &evaluator::p_min},       {"lt", &evaluator::p_lt},
            {"cmpeq", &evaluator::p_cmpeq},   {"int", &evaluator::p_int},       {"assert", &evaluator::p_assert},
            {"show", &evaluator::p_show},     {"colorpair", &evaluator::p_colorpair}, {"bank", &evaluator::p_bank},
            {"mp", &evaluator::p_mp},
        };
        for (const auto& [n, h] : table)
            if (n == name) return h;
        return nullptr;
    }

    value call_primitive(const std::string& name, const ast::expr& e, args& a) {
        if (handler h = find_primitive(name)) return (this->*h)(e, a);
        for (auto n : not_supported_primitives)
            if (n == name) fail_at(e.pos, "not supported yet: " + name + "()");
        fail_at(e.pos, "unknown function " + name);
    }

    void arity(const ast::expr& e, const args& a, std::size_t min, std::size_t max) {
        if (a.size() >= min && a.size() <= max) return;
        std::string takes = min == max ? std::to_string(min)
                            : max == std::size_t(-1) ? "at least " + std::to_string(min)
                            : max == min + 1 ? std::to_string(min) + " or " + std::to_string(max)
                                             : std::to_string(min) + " to " + std::to_string(max);
        fail_at(e.pos, e.text + "() takes " + takes + (max == 1 && min == 1 ? " argument" : " arguments") + ", not " +
                           std::to_string(a.size()));
    }

    template <class T>
    const T& want(const ast::expr& e, const arg& x, std::size_t i, const char* what) {
        if (!x.v.is<T>())
            fail_at(x.pos, "argument " + std::to_string(i + 1) + " of " + e.text + "() must be " + what + ", not " +
                               kind_name(x.v));
        return x.v.as<T>();
    }
    std::int32_t integer(const ast::expr& e, const arg& x, std::size_t i) {
        return want<std::int32_t>(e, x, i, "an integer");
    }
    const region& region_arg(const ast::expr& e, const arg& x, std::size_t i) { return want<region>(e, x, i, "a region"); }

    value p_tile(const ast::expr& e, args& a) {
        if (a.size() != 0 && a.size() != 2) fail_at(e.pos, "tile() takes no arguments or two (x y), not " + std::to_string(a.size()));
        if (a.empty()) return value{guarded([&] { return tile(origin_at(e.pos)); })};
        const std::int32_t x = integer(e, a[0], 0), y = integer(e, a[1], 1);
        return value{guarded([&] { return tile(x, y, origin_at(e.pos)); })};
    }

    value p_rect(const ast::expr& e, args& a) {
        if (a.size() != 4 && a.size() != 6)
            fail_at(e.pos, "rect() takes four arguments (x y w h) or six (x y w h xdim ydim), not " + std::to_string(a.size()));
        std::int32_t n[4];
        for (std::size_t i = 0; i < 4; ++i) n[i] = integer(e, a[i], i);
        cx_string xd, yd;
        if (a.size() == 6) {
            xd = cx_string(want<std::string>(e, a[4], 4, "a dimension name such as 'x"));
            yd = cx_string(want<std::string>(e, a[5], 5, "a dimension name such as 'y"));
        }
        return value{guarded([&] { return rect(n[0], n[1], n[2], n[3], xd, yd, origin_at(e.pos)); })};
    }

    std::vector<region> regions(const ast::expr& e, const args& a) {
        std::vector<region> rs;
        for (std::size_t i = 0; i < a.size(); ++i) rs.push_back(region_arg(e, a[i], i));
        return rs;
    }
    value p_hstack(const ast::expr& e, args& a) {
        auto rs = regions(e, a);
        return value{guarded([&] { return hstack(rs, origin_at(e.pos)); })};
    }
    value p_vstack(const ast::expr& e, args& a) {
        auto rs = regions(e, a);
        return value{guarded([&] { return vstack(rs, origin_at(e.pos)); })};
    }
    value p_union(const ast::expr& e, args& a) {
        auto rs = regions(e, a);
        return value{guarded([&] { return union_(rs, origin_at(e.pos)); })};
    }

    value p_name(const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        const region& r = region_arg(e, a[0], 0);
        const std::string& n = want<std::string>(e, a[1], 1, "a name such as 'a");
        return value{guarded([&] { return name(r, cx_string(n), origin_at(e.pos)); })};
    }

    value p_code(const ast::expr& e, args& a) {
        arity(e, a, 2, 3);
        const region& r = region_arg(e, a[0], 0);
        const std::string& kernel = want<std::string>(e, a[1], 1, "a kernel name such as 'send");
        std::vector<binding> bindings;
        if (a.size() == 3) {
            const arg& b = a[2];
            const bool empty_array = b.v.is<array_ref>() && b.v.as<array_ref>()->empty();
            if (!empty_array) {
                for (const auto& d : *want<dict_ref>(e, b, 2, "a dictionary of bindings such as [tx:c N:8]")) {
                    if (d.val.is<std::int32_t>())
                        bindings.push_back(binding{cx_string(d.key), binding_value(d.val.as<std::int32_t>()), origin_at(d.pos)});
                    else if (d.val.is<color>())
                        bindings.push_back(binding{cx_string(d.key), binding_value(d.val.as<color>()), origin_at(d.pos)});
                    else
                        fail_at(d.pos, "code() binds params to integers and sockets to colors: " + d.key + " is " +
                                           kind_name(d.val));
                }
            }
        }
        return value{guarded([&] { return code(r, cx_string(kernel), std::move(bindings), origin_at(e.pos)); })};
    }

    value p_paint(const ast::expr& e, args& a) {
        arity(e, a, 3, 3);
        const region& r = region_arg(e, a[0], 0);
        const color& c = want<color>(e, a[1], 1, "a color");
        const route_value& rule = want<route_value>(e, a[2], 2, "a route rule such as [L>C]");
        return value{guarded([&] { return paint(r, c, rule.rule, origin_at(e.pos)); })};
    }

    value p_color(const ast::expr& e, args& a) {
        arity(e, a, 0, 1);
        if (a.empty()) return value{palette_.color(origin_at(e.pos))};
        if (a[0].v.is<bank>()) return value{palette_.color(a[0].v.as<bank>(), origin_at(e.pos))};
        const std::int32_t n = integer(e, a[0], 0);
        return value{guarded([&] { return palette_.color(n, origin_at(e.pos)); })};
    }

    value p_bank(const ast::expr& e, args& a) {
        arity(e, a, 1, 1);
        const std::int32_t n = integer(e, a[0], 0);
        return value{guarded([&] { return palette_.bank(n, origin_at(e.pos)); })};
    }

    value p_colorpair(const ast::expr& e, args& a) {
        arity(e, a, 3, 3);
        const region& r = region_arg(e, a[0], 0);
        const color& x = want<color>(e, a[1], 1, "a color");
        const color& y = want<color>(e, a[2], 2, "a color");
        return value{guarded([&] { return colorpair(r, x, y, origin_at(e.pos)); })};
    }

    value p_mp(const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        const region& r = region_arg(e, a[0], 0);
        const bank& b = want<bank>(e, a[1], 1, "a message-passing bank made by bank(n)");
        return value{guarded([&] { return mp(r, b, origin_at(e.pos)); })};
    }

    // ---- arithmetic: integers wrap at 32 bits; a float operand makes the result a float ----
    enum class op { add, sub, mul, div, idiv, mod };

    value arithmetic(op o, const ast::expr& e, const arg& l, const arg& r, const std::string& what) {
        for (const arg* x : {&l, &r})
            if (!x->v.is_number()) fail_at(x->pos, what + " takes numbers, not " + kind_name(x->v));
        const bool ints = l.v.is<std::int32_t>() && r.v.is<std::int32_t>();
        if ((o == op::idiv || o == op::mod) && !ints)
            fail_at(e.pos, what + " takes integers: convert floats with int()");
        if ((o == op::div || o == op::idiv || o == op::mod) && r.v.number() == 0) fail_at(e.pos, "division by zero");
        if (ints) {
            const std::int32_t x = l.v.as<std::int32_t>(), y = r.v.as<std::int32_t>();
            const auto ux = std::uint32_t(x), uy = std::uint32_t(y);
            const bool overflow = x == std::numeric_limits<std::int32_t>::min() && y == -1;  // wraps, as C's would not
            switch (o) {
            case op::add: return value{std::int32_t(ux + uy)};
            case op::sub: return value{std::int32_t(ux - uy)};
            case op::mul: return value{std::int32_t(std::uint32_t(std::int64_t(x) * y))};
            case op::idiv: return value{overflow ? x : std::int32_t(x / y)};
            case op::mod: return value{overflow ? 0 : std::int32_t(x % y)};
            case op::div:
                // "/ divides exactly": a whole quotient stays an integer, any other is a float.
                if (overflow) return value{x};
                if (x % y == 0) return value{std::int32_t(x / y)};
                return value{float(double(x) / double(y))};
            }
        }
        const float x = float(l.v.number()), y = float(r.v.number());
        switch (o) {
        case op::add: return value{x + y};
        case op::sub: return value{x - y};
        case op::mul: return value{x * y};
        default: return value{x / y};
        }
    }

    value binary(const ast::expr& e) {
        if (e.items.size() != 2) fail_at(e.pos, "operator " + e.text + " takes two operands");
        const arg l{expr(e.items[0]), e.items[0].pos}, r{expr(e.items[1]), e.items[1].pos};
        const std::string what = "operator " + e.text;
        if (e.text == "+") return arithmetic(op::add, e, l, r, what);
        if (e.text == "-") return arithmetic(op::sub, e, l, r, what);
        if (e.text == "*") return arithmetic(op::mul, e, l, r, what);
        if (e.text == "/") return arithmetic(op::div, e, l, r, what);
        if (e.text == "//") return arithmetic(op::idiv, e, l, r, what);
        if (e.text == "%") return arithmetic(op::mod, e, l, r, what);
        if (e.text == "==") return equal(e, l, r, what);
        fail_at(e.pos, "unknown operator " + e.text);
    }

    value two(op o, const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        return arithmetic(o, e, a[0], a[1], e.text + "()");
    }
    value p_add(const ast::expr& e, args& a) { return two(op::add, e, a); }
    value p_sub(const ast::expr& e, args& a) { return two(op::sub, e, a); }
    value p_mul(const ast::expr& e, args& a) { return two(op::mul, e, a); }
    value p_div(const ast::expr& e, args& a) { return two(op::div, e, a); }
    value p_idiv(const ast::expr& e, args& a) { return two(op::idiv, e, a); }
    value p_mod(const ast::expr& e, args& a) { return two(op::mod, e, a); }

    value extreme(const ast::expr& e, args& a, bool max) {
        arity(e, a, 1, std::size_t(-1));
        std::size_t best = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!a[i].v.is_number()) fail_at(a[i].pos, e.text + "() takes numbers, not " + kind_name(a[i].v));
            if (max ? a[i].v.number() > a[best].v.number() : a[i].v.number() < a[best].v.number()) best = i;
        }
        return a[best].v;
    }
    value p_max(const ast::expr& e, args& a) { return extreme(e, a, true); }
    value p_min(const ast::expr& e, args& a) { return extreme(e, a, false); }

    value p_lt(const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        for (const auto& x : a)
            if (!x.v.is_number()) fail_at(x.pos, "lt() takes numbers, not " + kind_name(x.v));
        return value{std::int32_t(a[0].v.number() < a[1].v.number() ? 1 : 0)};
    }

    value equal(const ast::expr& e, const arg& l, const arg& r, const std::string& what) {
        bool eq = false;
        if (l.v.is_number() && r.v.is_number())
            eq = l.v.number() == r.v.number();
        else if (l.v.is<std::string>() && r.v.is<std::string>())
            eq = l.v.as<std::string>() == r.v.as<std::string>();
        else if (l.v.is<color>() && r.v.is<color>())
            eq = l.v.as<color>().id == r.v.as<color>().id;
        else
            fail_at(e.pos, what + " compares two numbers, two strings or two colors, not " + kind_name(l.v) + " and " +
                               kind_name(r.v));
        return value{std::int32_t(eq ? 1 : 0)};
    }
    value p_cmpeq(const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        return equal(e, a[0], a[1], "cmpeq()");
    }

    value p_int(const ast::expr& e, args& a) {
        arity(e, a, 1, 1);
        if (a[0].v.is<std::int32_t>()) return a[0].v;
        const double f = double(want<float>(e, a[0], 0, "a number"));
        if (!(f > -2147483649.0 && f < 2147483648.0)) fail_at(a[0].pos, "int() of a float outside the 32-bit range");
        return value{std::int32_t(f)};   // truncates toward zero
    }

    value p_assert(const ast::expr& e, args& a) {
        arity(e, a, 2, 2);
        if (!a[0].v.is_number()) fail_at(a[0].pos, "assert() checks a number, not " + kind_name(a[0].v));
        if (a[0].v.number() == 0) fail_at(e.pos, "assertion failed: " + show_text(a[1].v));
        return value{};
    }

    value p_show(const ast::expr&, args& a) {
        std::string line;
        for (std::size_t i = 0; i < a.size(); ++i) line += (i ? " " : "") + show_text(a[i].v);
        if (show_)
            show_(line);
        else
            std::printf("%s\n", line.c_str());
        return value{};
    }
};

}  // namespace wafer::paint::detail
