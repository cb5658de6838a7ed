#include "wafer/tungsten/dsl.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../examples/pipeline/kernels.hpp"
#include "wafer/tungsten/positions.hpp"

namespace w = wafer::dsl;
namespace ast = wafer::tungsten::ast;
using wafer::tungsten::base_type;

namespace {

// ---- expected ASTs, written out by hand (positions {0, 0}, as the DSL makes them) ----

ast::expr integer(std::int64_t v) {
    ast::expr e;
    e.k = ast::expr::kind::integer;
    e.value = v;
    return e;
}
ast::expr real(double v) {
    ast::expr e;
    e.k = ast::expr::kind::real;
    e.real = v;
    return e;
}
ast::expr name(std::string n) {
    ast::expr e;
    e.k = ast::expr::kind::name;
    e.name = std::move(n);
    return e;
}
ast::expr sub(std::string n, std::vector<ast::expr> indices) {
    ast::expr e;
    e.k = ast::expr::kind::subscript;
    e.name = std::move(n);
    e.operands = std::move(indices);
    return e;
}
ast::expr bin(char op, ast::expr l, ast::expr r) {
    ast::expr e;
    e.k = ast::expr::kind::binary;
    e.op = op == '+' ? ast::binary_op::add : op == '-' ? ast::binary_op::sub : ast::binary_op::mul;
    e.operands = {std::move(l), std::move(r)};
    return e;
}
ast::expr neg(ast::expr x) {
    ast::expr e;
    e.k = ast::expr::kind::negate;
    e.operands = {std::move(x)};
    return e;
}

ast::statement param(base_type t, std::string n, std::optional<ast::expr> def = std::nullopt) {
    ast::param_decl d;
    d.type = t;
    d.name = std::move(n);
    d.default_value = std::move(def);
    return d;
}
ast::statement socket(base_type t, std::string n) {
    ast::socket_decl d;
    d.type = t;
    d.name = std::move(n);
    return d;
}
ast::dimension dimension(std::string n, ast::expr extent) {
    ast::dimension d;
    d.name = std::move(n);
    d.extent = std::move(extent);
    return d;
}
ast::initializer value_init(ast::expr v) {
    ast::initializer i;
    i.value = std::move(v);
    return i;
}
ast::initializer list_init(std::vector<ast::initializer> elements) {
    ast::initializer i;
    i.is_list = true;
    i.elements = std::move(elements);
    return i;
}
ast::statement var(base_type t, std::string n, std::vector<ast::dimension> dims = {},
                   std::optional<ast::initializer> init = std::nullopt, bool is_volatile = false) {
    ast::var_decl d;
    d.type = t;
    d.is_volatile = is_volatile;
    d.name = std::move(n);
    d.dims = std::move(dims);
    d.init = std::move(init);
    return d;
}
ast::iterator loop(std::string n, ast::expr lo, ast::expr hi) {
    ast::iterator it;
    it.name = std::move(n);
    it.lo = std::move(lo);
    it.hi = std::move(hi);
    return it;
}
ast::statement assign(std::vector<ast::iterator> loops, ast::expr target, ast::expr value) {
    ast::assignment a;
    a.loops = std::move(loops);
    a.target = std::move(target);
    a.value = std::move(value);
    return a;
}
ast::statement stream(std::vector<ast::iterator> loops, ast::expr target, ast::expr value) {
    auto s = assign(std::move(loops), std::move(target), std::move(value));
    std::get<ast::assignment>(s).stream = true;
    return s;
}
ast::statement block(std::string label, std::vector<ast::statement> body) {
    ast::block b;
    b.label = std::move(label);
    b.body = std::move(body);
    return b;
}
ast::program program(std::string n, std::vector<ast::statement> body) {
    ast::program p;
    p.name = std::move(n);
    p.body = std::move(body);
    return p;
}

// ---- a readable rendering, so that a failing comparison shows where the ASTs differ ----

void show(std::ostream& os, const ast::expr& e) {
    switch (e.k) {
    case ast::expr::kind::integer: os << e.value; break;
    case ast::expr::kind::real: os << e.real << 'r'; break;
    case ast::expr::kind::name: os << e.name; break;
    case ast::expr::kind::subscript:
        os << e.name;
        for (const auto& i : e.operands) os << '[', show(os, i), os << ']';
        break;
    case ast::expr::kind::binary:
        os << '(' << ast::spelling(e.op) << ' ';
        show(os, e.operands.at(0));
        os << ' ';
        show(os, e.operands.at(1));
        os << ')';
        break;
    case ast::expr::kind::negate: os << "(neg ", show(os, e.operands.at(0)), os << ')'; break;
    default:  // kinds the DSL does not make yet
        os << "(kind" << int(e.k);
        for (const auto& o : e.operands) os << ' ', show(os, o);
        os << ')';
    }
    if (e.pos != wafer::source_position{}) os << '@' << e.pos.line << ':' << e.pos.column;
}

void show(std::ostream& os, const ast::initializer& i) {
    if (!i.is_list) return show(os, i.value);
    os << '{';
    for (const auto& e : i.elements) show(os, e), os << ' ';
    os << '}';
}

void show(std::ostream& os, const ast::statement& s);

struct show_statement {
    std::ostream& os;
    void operator()(const ast::param_decl& d) const {
        os << name_of(d.type) << " param " << d.name;
        if (d.default_value) os << " = ", show(os, *d.default_value);
    }
    void operator()(const ast::socket_decl& d) const { os << name_of(d.type) << " socket " << d.name; }
    void operator()(const ast::var_decl& d) const {
        os << (d.is_volatile ? "volatile " : "") << name_of(d.type) << ' ' << d.name;
        for (const auto& dim : d.dims) os << '[' << dim.name << '=', show(os, dim.extent), os << ']';
        if (d.init) os << " = ", show(os, *d.init);
    }
    void operator()(const ast::assignment& a) const {
        for (const auto& l : a.loops) os << l.name << " in [", show(os, l.lo), os << ", ", show(os, l.hi), os << ") ";
        show(os, a.target);
        os << (a.stream ? " <- " : " = ");
        show(os, a.value);
    }
    void operator()(const ast::block& b) const {
        os << b.label << " { ";
        for (const auto& s : b.body) show(os, s);
        os << '}';
    }
    template <typename Statement>  // kinds the DSL does not make yet
    void operator()(const Statement&) const {
        os << "(statement" << ast::statement(Statement{}).index() << ")";
    }
};

void show(std::ostream& os, const ast::statement& s) {
    std::visit(show_statement{os}, s);
    os << ";\n";
}

std::string show(const ast::program& p) {
    std::ostringstream os;
    os << "kernel " << p.name << ":\n";
    for (const auto& s : p.body) show(os, s);
    return os.str();
}

std::string show(const ast::expr& e) {
    std::ostringstream os;
    show(os, e);
    return os.str();
}

void check_program(const ast::program& got, const ast::program& want) {
    INFO("got:\n", show(got), "want:\n", show(want));
    CHECK(ast::without_positions(got) == want);
    // Named after the C++ file the kernel is made in, with no text; every node placed at a call there.
    CHECK(!got.source.name().empty());
    CHECK(got.source.text().empty());
    auto placed = got;
    int unplaced = 0;
    for (auto& s : placed.body)
        ast::for_each_position(s, [&](wafer::source_position& at) { unplaced += at.line == 0 || at.column == 0; });
    CHECK(unplaced == 0);
}

void check_expr(const ast::expr& got, const ast::expr& want) {
    INFO("got: ", show(got), "  want: ", show(want));
    auto unplaced = got;
    ast::clear_positions(unplaced);
    CHECK(unplaced == want);
}

// The last assignment a kernel holds, its positions cleared (check_program checks those), for the
// expression tests.
ast::assignment only_assignment(const w::kernel& k) {
    REQUIRE(!k.program().body.empty());
    ast::statement last = k.program().body.back();
    ast::clear_positions(last);
    return std::get<ast::assignment>(last);
}

constexpr auto xp = base_type::xp;
constexpr auto sp = base_type::sp;

}  // namespace

TEST_CASE("dsl: the reference's first example") {
    // xp param N;  xp a[n=N];  xp b = 1;  i in [0, N) a[i] <- a[i] + b;
    w::kernel k("first");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    auto b = k.var<w::xp>("b", 1);
    w::iterator i("i");
    k(w::in(i, 0, N)[a[i] <- a[i] + b]);

    check_program(k.program(),
                  program("first", {param(xp, "N"), var(xp, "a", {dimension("n", name("N"))}),
                                    var(xp, "b", {}, value_init(integer(1))),
                                    stream({loop("i", integer(0), name("N"))}, sub("a", {name("i")}),
                                           bin('+', sub("a", {name("i")}), name("b")))}));
}

TEST_CASE("dsl: the pipeline kernels") {
    const auto i_loop = loop("i", integer(0), name("N"));
    check_program(pipeline::send::program(),
                  program("send", {param(xp, "N"), socket(xp, "tx"), var(xp, "data", {dimension("n", name("N"))}),
                                   assign({i_loop}, sub("data", {name("i")}), bin('+', name("i"), integer(1))),
                                   stream({i_loop}, name("tx"), sub("data", {name("i")}))}));
    check_program(pipeline::compute::program(),
                  program("compute", {param(xp, "N"), socket(xp, "rx"), socket(xp, "tx"),
                                      stream({i_loop}, name("tx"),
                                             bin('+', bin('*', name("rx"), integer(3)), integer(1)))}));
    check_program(pipeline::recv::program(),
                  program("recv", {param(xp, "N"), socket(xp, "rx"), var(xp, "out", {dimension("n", name("N"))}),
                                   stream({i_loop}, sub("out", {name("i")}), name("rx"))}));
}

TEST_CASE("dsl: a signature declares its params and sockets in order, and ports() gives their handles") {
    static constexpr w::signature s{"k", w::param<w::u32>("P", -1), w::socket<w::sp>("rx")};
    static_assert(s.ports_interface()[0].has_default && !s.ports_interface()[0].socket);
    static_assert(s.ports_interface()[1].socket && s.ports_interface()[1].name == "rx");
    w::kernel k(s);
    auto [P, rx] = s.ports();
    auto v = k.var<w::sp>("v");
    k(v = rx);
    w::kernel manual("k");
    manual.param<w::u32>("P", -1);
    auto rx2 = manual.socket<w::sp>("rx");
    auto v2 = manual.var<w::sp>("v");
    manual(v2 = rx2);
    CHECK(ast::without_positions(k.program()) == ast::without_positions(manual.program()));
    CHECK(w::to_ast(P) == name("P"));
}

TEST_CASE("dsl: declarations, one per declarator, in source order") {
    w::kernel k("decls");
    auto N = k.param<w::xp>("N");
    auto M = k.param<w::xp>("M", 10);
    k.param<w::u32>("P", -1);
    k.socket<w::sp>("rx");
    k.array<w::sp>("g", w::dim("n", 2 * N), w::dim("m", N + 1));
    k.array<w::hp>("t", w::dim("a", 2), w::dim("b", 3), w::dim("c", M));
    k.array<w::xp>("q", w::dim(4), {1, 2, 3, 4});
    k.array<w::xp>("r", w::dim("n", 2), w::dim("m", 4), {{1, 2, 3, 4}, {5, 6, 7, 8}});
    k.array<w::xp>("z", w::dim("n", 4), {});
    k.array<w::xp>("e", w::dim("n", 2), w::dim("m", 3), {{}, {1, 2, 3}});
    k.array<w::hp>("h", w::dim("n", N), {0.0});
    k.array<w::u64>("x", w::dim("m", 2), {0x0123456789abcdef, 0xfedcba9876543210});
    k.var<w::xp>("x0");
    k.var<w::sp>("pi", 3.14159);
    k.volatile_var<w::xp>("run", 0);
    k.volatile_var<w::xp>("flag");

    const ast::expr n_ = name("N");
    check_program(
        k.program(),
        program("decls",
                {param(xp, "N"), param(xp, "M", integer(10)), param(base_type::u32, "P", neg(integer(1))),
                 socket(sp, "rx"),
                 var(sp, "g", {dimension("n", bin('*', integer(2), n_)), dimension("m", bin('+', n_, integer(1)))}),
                 var(base_type::hp, "t",
                     {dimension("a", integer(2)), dimension("b", integer(3)), dimension("c", name("M"))}),
                 var(xp, "q", {dimension("", integer(4))},
                     list_init({value_init(integer(1)), value_init(integer(2)), value_init(integer(3)),
                                value_init(integer(4))})),
                 var(xp, "r", {dimension("n", integer(2)), dimension("m", integer(4))},
                     list_init({list_init({value_init(integer(1)), value_init(integer(2)), value_init(integer(3)),
                                           value_init(integer(4))}),
                                list_init({value_init(integer(5)), value_init(integer(6)), value_init(integer(7)),
                                           value_init(integer(8))})})),
                 var(xp, "z", {dimension("n", integer(4))}, list_init({})),
                 var(xp, "e", {dimension("n", integer(2)), dimension("m", integer(3))},
                     list_init({list_init({}),
                                list_init({value_init(integer(1)), value_init(integer(2)), value_init(integer(3))})})),
                 var(base_type::hp, "h", {dimension("n", n_)}, list_init({value_init(real(0.0))})),
                 var(base_type::u64, "x", {dimension("m", integer(2))},
                     list_init({value_init(integer(0x0123456789abcdef)),
                                value_init(integer(static_cast<std::int64_t>(0xfedcba9876543210)))})),
                 var(xp, "x0"), var(sp, "pi", {}, value_init(real(3.14159))),
                 var(xp, "run", {}, value_init(integer(0)), true), var(xp, "flag", {}, std::nullopt, true)}));
}

TEST_CASE("dsl: <- streams the value written after it") {
    w::kernel k("arrows");
    auto N = k.param<w::xp>("N");
    auto tx = k.socket<w::xp>("tx");
    auto rx = k.socket<w::xp>("rx");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    auto b = k.var<w::xp>("b");
    auto c = k.var<w::xp>("c");
    w::iterator i("i");

    auto check = [&](const w::assignment& s, const ast::expr& target, const ast::expr& value) {
        k(s);
        const auto got = only_assignment(k);
        CHECK(got.stream);
        check_expr(got.target, target);
        check_expr(got.value, value);
    };
    check(tx <- rx, name("tx"), name("rx"));
    check(a[i] <- -b, sub("a", {name("i")}), neg(name("b")));                              // a[i] < - -b
    check(a[i] <- -b + c, sub("a", {name("i")}), bin('+', neg(name("b")), name("c")));
    check(tx <- rx * 3 + 1, name("tx"), bin('+', bin('*', name("rx"), integer(3)), integer(1)));
    check(tx <- (b + c) * rx, name("tx"), bin('*', bin('+', name("b"), name("c")), name("rx")));
    check(tx <- b - c - rx, name("tx"), bin('-', bin('-', name("b"), name("c")), name("rx")));
    check(tx <- c * (b - rx), name("tx"), bin('*', name("c"), bin('-', name("b"), name("rx"))));
    check(tx <- a[i + 1], name("tx"), sub("a", {bin('+', name("i"), integer(1))}));
    // a leading number: C++ has already negated it
    check(tx <- 5, name("tx"), integer(5));
    check(tx <- -5, name("tx"), neg(integer(5)));
    check(tx <- 3 * rx, name("tx"), bin('*', integer(3), name("rx")));
    check(tx <- -3 * rx, name("tx"), bin('*', neg(integer(3)), name("rx")));
    check(tx <- 0, name("tx"), integer(0));
    check(tx <- 2.5 * rx, name("tx"), bin('*', real(2.5), name("rx")));
    check(tx <- -2.5 * rx, name("tx"), bin('*', neg(real(2.5)), name("rx")));
    check(tx <- 0.0, name("tx"), real(0.0));
    check(tx <- -0.0, name("tx"), neg(real(0.0)));
    check(tx <- 5u * rx, name("tx"), bin('*', integer(5), name("rx")));
    // only the leading minus belongs to `<-`
    check(tx <- rx * -1, name("tx"), bin('*', name("rx"), neg(integer(1))));
    check(tx <- rx - -b, name("tx"), bin('-', name("rx"), neg(name("b"))));
    // `=` keeps every minus
    k(a[i] = -b + c);
    CHECK_FALSE(only_assignment(k).stream);
    check_expr(only_assignment(k).value, bin('+', neg(name("b")), name("c")));
}

TEST_CASE("dsl: numbers become integer and real literals, negative ones negated") {
    w::kernel k("numbers");
    auto x = k.var<w::s32>("x");
    auto value_of = [&](const w::assignment& s) {
        k(s);
        return only_assignment(k).value;
    };
    check_expr(value_of(x = 42), integer(42));
    check_expr(value_of(x = -42), neg(integer(42)));
    check_expr(value_of(x = 42L), integer(42));
    check_expr(value_of(x = static_cast<short>(-7)), neg(integer(7)));
    check_expr(value_of(x = 1.5), real(1.5));
    check_expr(value_of(x = -1.5), neg(real(1.5)));
    check_expr(value_of(x = 1e3), real(1000.0));
    check_expr(value_of(x = std::numeric_limits<std::int64_t>::max()), integer(std::numeric_limits<std::int64_t>::max()));
    // the most negative value: its magnitude 2^63 keeps its bits in the AST's int64
    check_expr(value_of(x = std::numeric_limits<std::int64_t>::min()),
               neg(integer(std::numeric_limits<std::int64_t>::min())));
    check_expr(value_of(x = 0xffffffffffffffffULL), integer(-1));
    check_expr(value_of(x = x * -1), bin('*', name("x"), neg(integer(1))));
    check_expr(value_of(x = 1 - x), bin('-', integer(1), name("x")));
    check_expr(value_of(x = -x), neg(name("x")));
    check_expr(value_of(x = - -x), neg(neg(name("x"))));
}

TEST_CASE("dsl: subscripts, one operand per subscript") {
    w::kernel k("subs");
    auto N = k.param<w::xp>("N");
    auto g = k.array<w::sp>("g", w::dim("n", N), w::dim("m", N));
    auto ix = k.array<w::xp>("ix", w::dim("n", N));
    auto f = k.var<w::sp>("f");
    w::iterator i("i"), j("j");
    k(g[ix[i]][j + 1] = f * g[i][N - 1]);
    check_expr(only_assignment(k).target, sub("g", {sub("ix", {name("i")}), bin('+', name("j"), integer(1))}));
    check_expr(only_assignment(k).value, bin('*', name("f"), sub("g", {name("i"), bin('-', name("N"), integer(1))})));

    // the type counts subscripts; a partial subscript is a value of its own type
    using row = decltype(g[i]);
    using element = decltype(g[i][j]);
    static_assert(row::info.rank == 2 && row::info.subscripts == 1);
    static_assert(element::info.rank == 2 && element::info.subscripts == 2);
    static_assert(element::info.type == sp);
    auto partial = g[i];
    k(partial[0] = 1.0);
    check_expr(only_assignment(k).target, sub("g", {name("i"), integer(0)}));
}

TEST_CASE("dsl: loops are listed outermost first, however they are written") {
    w::kernel k("loops");
    auto N = k.param<w::xp>("N");
    auto M = k.param<w::xp>("M", 10);
    auto g = k.array<w::sp>("g", w::dim("n", N), w::dim("m", M));
    w::iterator i("i"), j("j");
    k(w::in(i, 0, N)(j, i, M)[g[i][j] = g[i][j] * 2.0]);
    k(w::in(i, 0, N)[w::in(j, i, M)[g[i][j] = g[i][j] * 2.0]]);

    const auto expected = assign({loop("i", integer(0), name("N")), loop("j", name("i"), name("M"))},
                                 sub("g", {name("i"), name("j")}), bin('*', sub("g", {name("i"), name("j")}), real(2.0)));
    const auto body = ast::without_positions(k.program()).body;
    REQUIRE(body.size() == 5);
    CHECK(body[3] == expected);
    CHECK(body[4] == expected);

    // a plain statement has no loops
    k(g[0][1] = 42);
    CHECK(only_assignment(k).loops.empty());
    // bounds are expressions
    k(w::in(i, N - 1, 2 * N)[g[i][0] = N]);
    CHECK(only_assignment(k).loops.at(0).lo == bin('-', name("N"), integer(1)));
    CHECK(only_assignment(k).loops.at(0).hi == bin('*', integer(2), name("N")));
}

TEST_CASE("dsl: blocks are scopes and statements") {
    w::kernel k("blocks");
    auto N = k.param<w::xp>("N");
    auto data = k.array<w::xp>("data", w::dim("n", N));
    w::iterator i("i");

    w::block main_block("main");
    auto t = main_block.var<w::xp>("t", 1);
    main_block(w::in(i, 0, N)[data[i] = data[i] + t]);
    w::block inner;
    inner(data[0] = t);
    main_block(inner);
    k(main_block);
    k(w::block("main")(data[1] = 7, data[2] = 8), data[3] = 9);
    k(w::block{});

    check_program(
        k.program(),
        program("blocks",
                {param(xp, "N"), var(xp, "data", {dimension("n", name("N"))}),
                 block("main", {var(xp, "t", {}, value_init(integer(1))),
                                assign({loop("i", integer(0), name("N"))}, sub("data", {name("i")}),
                                       bin('+', sub("data", {name("i")}), name("t"))),
                                block("", {assign({}, sub("data", {integer(0)}), name("t"))})}),
                 block("main", {assign({}, sub("data", {integer(1)}), integer(7)),
                                assign({}, sub("data", {integer(2)}), integer(8))}),
                 assign({}, sub("data", {integer(3)}), integer(9)), block("", {})}));
}

TEST_CASE("dsl: the umbrella header's example") {
    w::kernel k("send");
    auto N = k.param<w::xp>("N");
    auto M = k.param<w::xp>("M", 10);
    auto tx = k.socket<w::xp>("tx");
    auto data = k.array<w::xp>("data", w::dim("n", N));
    auto g = k.array<w::sp>("g", w::dim("n", 2 * N), w::dim("m", N + 1));
    k.array<w::xp>("q", w::dim(4), {1, 2, 3, 4});
    auto b = k.var<w::xp>("b", 1);
    k.volatile_var<w::xp>("run", 0);
    w::iterator i("i"), j("j");
    k(w::in(i, 0, N)[data[i] = i + 1]);
    k(w::in(i, 0, N)[tx <- data[i]]);
    k(w::in(i, 0, N)(j, 0, M)[g[i][j] = g[i][j] * 2.0]);
    k(data[0] = 42);
    k(w::block("main")(data[1] = 7, data[2] = b));
    const ast::program p = ast::without_positions(k.program());
    CHECK(p.name == "send");
    REQUIRE(p.body.size() == 13);
    CHECK(p.body[9] == stream({loop("i", integer(0), name("N"))}, name("tx"), sub("data", {name("i")})));
    CHECK(p.body[11] == assign({}, sub("data", {integer(0)}), integer(42)));
    CHECK(p.body[12] == block("main", {assign({}, sub("data", {integer(1)}), integer(7)),
                                       assign({}, sub("data", {integer(2)}), name("b"))}));
}

TEST_CASE("dsl: to_ast of an expression, nodes carry positions {0, 0}") {
    w::kernel k("exprs");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    w::iterator i("i");
    const auto e = w::to_ast(a[i] * 3 - -N);
    check_expr(e, bin('-', bin('*', sub("a", {name("i")}), integer(3)), neg(name("N"))));
    CHECK(e.pos == wafer::source_position{});
    CHECK(e.operands.at(0).operands.at(0).pos == wafer::source_position{});
}

TEST_CASE("dsl: operand types: variables carry theirs, numbers and params adapt") {
    w::kernel k("types");
    auto N = k.param<w::xp>("N");
    auto s = k.array<w::sp>("s", w::dim("n", N));
    auto x = k.var<w::xp>("x");
    w::iterator i("i");
    using sp_sum = decltype(2.0 * s[i] + N);
    static_assert(sp_sum::info.typed && sp_sum::info.type == sp);
    using numbers_only = decltype(N * 2);
    static_assert(!numbers_only::info.typed);
    static_assert(decltype(x + 1)::info.type == xp);
    static_assert(decltype(i)::info.type == xp);
    static_assert(decltype(-s[i])::info.type == sp && decltype(-s[i])::info.leading_minus);
    static_assert(!decltype(s[i] * 2)::info.leading_minus);
    static_assert(decltype(-s[i] * 2)::info.leading_minus);
    k(w::in(i, 0, N)[s[i] = s[i] * 2.0 + N]);  // a param adapts to sp
    CHECK(k.program().body.size() == 4);
}

// Boost.YAP's depth stress: a deep tree must build quickly. A left fold makes 199 nested binary
// nodes; their type is their operand_info, so they are all one type.
template <std::size_t... I>
auto chain_of_additions(const auto& x, std::index_sequence<I...>) {
    return (... + ((void)I, x));
}

TEST_CASE("dsl: a chain of 200 additions") {
    w::kernel k("deep");
    auto a = k.var<w::xp>("a");
    auto sum = chain_of_additions(a, std::make_index_sequence<200>{});
    static_assert(decltype(sum)::info.type == xp);
    static_assert(std::is_same_v<decltype(sum), decltype(a + a)>);
    k(a = sum);
    auto last = only_assignment(k);
    const ast::expr* e = &last.value;
    int additions = 0;
    for (; e->k == ast::expr::kind::binary; e = &e->operands.at(0)) {
        CHECK(e->op == ast::binary_op::add);
        CHECK(e->operands.at(1) == name("a"));
        ++additions;
    }
    CHECK(additions == 199);
    CHECK(*e == name("a"));

    // behind `<-` (C++: `a < -sum`) the one negation over the chain is dropped again
    k(a <- sum);
    last = only_assignment(k);
    e = &last.value;
    for (additions = 0; e->k == ast::expr::kind::binary; e = &e->operands.at(0)) ++additions;
    CHECK(additions == 199);
    CHECK(*e == name("a"));
}
