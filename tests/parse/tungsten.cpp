#include "wafer/parse/tungsten.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <variant>

#include "golden.hpp"

// The Tungsten reference's examples (sections 1, 3, 4, 5 and 8, the parts in the parser's subset),
// parsed and checked for shape and source positions; error messages are golden files.

namespace ast = wafer::tungsten::ast;
using wafer::source_position;
using wafer::tungsten::base_type;

namespace {

ast::program parse(std::string text) { return wafer::parse::parse_tungsten(std::move(text), "dir/k.w"); }

/// An expression as an s-expression: (+ a[i] 1), (- b), 2.5.
std::string show(const ast::expr& e) {
    switch (e.k) {
    case ast::expr::kind::integer: return std::to_string(e.value);
    case ast::expr::kind::real: {
        std::ostringstream out;
        out << e.real;
        return out.str() + "r";
    }
    case ast::expr::kind::name: return e.name;
    case ast::expr::kind::subscript: {
        std::string s = e.name;
        for (const auto& o : e.operands) s += "[" + show(o) + "]";
        return s;
    }
    case ast::expr::kind::binary:
        return "(" + std::string(ast::spelling(e.op)) + " " + show(e.operands[0]) + " " + show(e.operands[1]) + ")";
    case ast::expr::kind::negate: return "(- " + show(e.operands[0]) + ")";
    case ast::expr::kind::complement: return "(~ " + show(e.operands[0]) + ")";
    case ast::expr::kind::logical_not: return "(! " + show(e.operands[0]) + ")";
    case ast::expr::kind::conditional:
        return "(? " + show(e.operands[0]) + " " + show(e.operands[1]) + " " + show(e.operands[2]) + ")";
    case ast::expr::kind::cast:
        return "((" + std::string(wafer::tungsten::name_of(e.type)) + ") " + show(e.operands[0]) + ")";
    case ast::expr::kind::member: {
        std::string s = show(e.operands[0]) + "." + e.name;
        for (std::size_t k = 1; k < e.operands.size(); ++k) s += "[" + show(e.operands[k]) + "]";
        return s;
    }
    case ast::expr::kind::size_of_type:
        return "(sizeof " + (e.named ? e.named->name : std::string(wafer::tungsten::name_of(e.type))) + ")";
    case ast::expr::kind::size_of: return "(sizeof " + show(e.operands[0]) + ")";
    case ast::expr::kind::call: {
        std::string s = "(call " + e.name;
        for (const auto& o : e.operands) s += " " + show(o);
        return s + ")";
    }
    case ast::expr::kind::sum:
        return "(sum " + e.name + " " + show(e.operands[0]) + " " + show(e.operands[1]) + " " + show(e.operands[2]) + ")";
    }
    return "?";
}

std::string show(const ast::initializer& i) {
    if (!i.is_list) return show(i.value);
    std::string s = "{";
    for (const auto& e : i.elements) s += (s.size() > 1 ? ", " : "") + show(e);
    return s + "}";
}

template <typename T>
const T& as(const ast::statement& s) {
    REQUIRE(std::holds_alternative<T>(s));
    return std::get<T>(s);
}

}  // namespace

TEST_CASE("tungsten parser: the program structure example of section 1") {
    auto p = parse(
        "// Declare parameters (configurable at compile time)\n"
        "xp param N;\n"
        "\n"
        "// Declare data\n"
        "xp a[n=N]; // no initialiser — data loaded via miset\n"
        "xp b = 1;\n"
        "\n"
        "// Compute: add b to every element of a\n"
        "i in [0, N) a[i] <- a[i] + b;\n");
    CHECK(p.name == "k");
    CHECK(p.source.name() == "dir/k.w");
    REQUIRE(p.body.size() == 4);

    const auto& n = as<ast::param_decl>(p.body[0]);
    CHECK(n.type == base_type::xp);
    CHECK(n.name == "N");
    CHECK_FALSE(n.default_value);
    CHECK(n.pos == source_position{2, 10});

    const auto& a = as<ast::var_decl>(p.body[1]);
    CHECK(a.name == "a");
    CHECK(a.pos == source_position{5, 4});
    REQUIRE(a.dims.size() == 1);
    CHECK(a.dims[0].name == "n");
    CHECK(show(a.dims[0].extent) == "N");
    CHECK(a.dims[0].pos == source_position{5, 5});
    CHECK(a.dims[0].extent.pos == source_position{5, 8});
    CHECK_FALSE(a.init);

    const auto& b = as<ast::var_decl>(p.body[2]);
    REQUIRE(b.init);
    CHECK_FALSE(b.init->is_list);
    CHECK(show(*b.init) == "1");
    CHECK(b.init->pos == source_position{6, 8});

    const auto& s = as<ast::assignment>(p.body[3]);
    CHECK(s.pos == source_position{9, 1});
    CHECK(s.stream);
    REQUIRE(s.loops.size() == 1);
    CHECK(s.loops[0].name == "i");
    CHECK(show(s.loops[0].lo) == "0");
    CHECK(show(s.loops[0].hi) == "N");
    CHECK(s.loops[0].pos == source_position{9, 1});
    CHECK(s.loops[0].hi.pos == source_position{9, 10});
    CHECK(show(s.target) == "a[i]");
    CHECK(s.target.k == ast::expr::kind::subscript);
    CHECK(s.target.pos == source_position{9, 13});
    CHECK(show(s.value) == "(+ a[i] b)");
    CHECK(s.value.pos == source_position{9, 21});
    CHECK(s.value.operands[1].pos == source_position{9, 28});
}

TEST_CASE("tungsten parser: named and unnamed blocks need no ',' after '}'") {
    auto p = parse("main {\ni in [0, N) a[i] = a[i] + 1;\n}\n{ xp t = 1; { t = 2; } }\nmain { }\n");
    REQUIRE(p.body.size() == 3);
    const auto& m = as<ast::block>(p.body[0]);
    CHECK(m.label == "main");
    CHECK(m.pos == source_position{1, 1});
    REQUIRE(m.body.size() == 1);
    const auto& s = as<ast::assignment>(m.body[0]);
    CHECK_FALSE(s.stream);
    CHECK(s.pos == source_position{2, 1});

    const auto& unnamed = as<ast::block>(p.body[1]);
    CHECK(unnamed.label.empty());
    CHECK(unnamed.pos == source_position{4, 1});
    REQUIRE(unnamed.body.size() == 2);
    CHECK(as<ast::block>(unnamed.body[1]).pos == source_position{4, 13});
    CHECK(as<ast::block>(p.body[2]).body.empty());
}

TEST_CASE("tungsten parser: variables of section 4, one declaration per declarator") {
    auto p = parse(
        "xp x;\nxp y = 5;\nsp pi = 3.14159;\nhp temperature = 0.0;\n"
        "xp a = 1, b = 2, c = 3;\n"
        "volatile xp run = 0;\n"
        "ep e;\nsp s = e;\nsp x2, y2;\n");
    REQUIRE(p.body.size() == 12);
    CHECK(as<ast::var_decl>(p.body[0]).name == "x");
    CHECK_FALSE(as<ast::var_decl>(p.body[0]).init);
    const auto& pi = as<ast::var_decl>(p.body[2]);
    CHECK(pi.type == base_type::sp);
    CHECK(pi.init->value.k == ast::expr::kind::real);
    CHECK(pi.init->value.real == doctest::Approx(3.14159));
    const auto& t = as<ast::var_decl>(p.body[3]);
    CHECK(t.type == base_type::hp);
    CHECK(t.init->value.k == ast::expr::kind::real);
    CHECK(t.init->value.real == 0.0);

    for (int i = 0; i < 3; ++i) {
        const auto& d = as<ast::var_decl>(p.body[4 + i]);
        CHECK(d.name == std::string(1, char('a' + i)));
        CHECK(show(*d.init) == std::to_string(i + 1));
        CHECK(d.pos == source_position{5, std::uint32_t(4 + 7 * i)});
    }
    const auto& run = as<ast::var_decl>(p.body[7]);
    CHECK(run.is_volatile);
    CHECK(run.pos == source_position{6, 13});
    CHECK_FALSE(as<ast::var_decl>(p.body[8]).is_volatile);
    CHECK(as<ast::var_decl>(p.body[8]).type == base_type::ep);
    CHECK(as<ast::var_decl>(p.body[11]).name == "y2");
}

TEST_CASE("tungsten parser: the scoping example parses (name lookup is the checker's job)") {
    auto p = parse("xp x = 10, w = 1;\n{\nxp y = x + 1, x = y + 1; // y = 11 (outer x), inner x = 12\n"
                   "xp w = w + 1; // error: 'w' is used before declaration\n}\n");
    REQUIRE(p.body.size() == 3);
    const auto& inner = as<ast::block>(p.body[2]);
    REQUIRE(inner.body.size() == 3);
    CHECK(show(*as<ast::var_decl>(inner.body[1]).init) == "(+ y 1)");
    CHECK(as<ast::var_decl>(inner.body[1]).pos == source_position{3, 15});
    CHECK(show(*as<ast::var_decl>(inner.body[2]).init) == "(+ w 1)");
}

TEST_CASE("tungsten parser: arrays of section 5: dimensions, initializers, access") {
    auto p = parse(
        "xp a[n=4];\nxp b[4];\nsp matrix[m=3][n=4];\nhp tensor[a=2][b=3][c=4];\n"
        "xp param N;\nxp data[n=N];\nxp grid[n=2*N][m=N+1];\n"
        "xp a4[n=4] = {1, 2, 3, 4};\n"
        "u64 x[n=2] = {0x0123456789abcdef, -1};\n"
        "xp a2[n=2][m=4] = {\n{1, 2, 3, 4},\n{5, 6, 7, 8}\n};\n"
        "hp hb[n=N] = {0.0};\n"
        "xp z[n=4] = {};\n"
        "xp q[n=2][m=3] = {{}, {1, 2, 3}};\n"
        "hp row_a[k=K]; /* no initialiser — data loaded via miset */\n"
        "a[0] = 42;\nx = a[i];\nmatrix[r][c] = value;\n");
    REQUIRE(p.body.size() == 17);

    const auto& b = as<ast::var_decl>(p.body[1]);
    REQUIRE(b.dims.size() == 1);
    CHECK(b.dims[0].name.empty());
    CHECK(show(b.dims[0].extent) == "4");
    const auto& tensor = as<ast::var_decl>(p.body[3]);
    REQUIRE(tensor.dims.size() == 3);
    CHECK(tensor.dims[2].name == "c");
    CHECK(tensor.dims[2].pos == source_position{4, 20});
    const auto& grid = as<ast::var_decl>(p.body[6]);
    CHECK(show(grid.dims[0].extent) == "(* 2 N)");
    CHECK(show(grid.dims[1].extent) == "(+ N 1)");

    CHECK(show(*as<ast::var_decl>(p.body[7]).init) == "{1, 2, 3, 4}");
    const auto& x = as<ast::var_decl>(p.body[8]);
    CHECK(x.type == base_type::u64);
    CHECK(x.init->elements[0].value.value == 0x0123456789abcdef);
    CHECK(show(x.init->elements[1]) == "(- 1)");
    const auto& a2 = as<ast::var_decl>(p.body[9]);
    CHECK(show(*a2.init) == "{{1, 2, 3, 4}, {5, 6, 7, 8}}");
    CHECK(a2.init->pos == source_position{10, 19});
    CHECK(a2.init->elements[1].pos == source_position{12, 1});
    CHECK(show(*as<ast::var_decl>(p.body[10]).init) == "{0r}");
    const auto& z = as<ast::var_decl>(p.body[11]);
    CHECK(z.init->is_list);
    CHECK(z.init->elements.empty());
    CHECK(show(*as<ast::var_decl>(p.body[12]).init) == "{{}, {1, 2, 3}}");

    CHECK(show(as<ast::assignment>(p.body[14]).target) == "a[0]");
    CHECK(show(as<ast::assignment>(p.body[15]).value) == "a[i]");
    CHECK(show(as<ast::assignment>(p.body[16]).target) == "matrix[r][c]");
}

TEST_CASE("tungsten parser: an unnamed dimension [N] has no name, though N is a name") {
    const auto p = parse("xp a[N][m=N];\n");
    const auto& a = as<ast::var_decl>(p.body[0]);
    REQUIRE(a.dims.size() == 2);
    CHECK(a.dims[0].name.empty());
    CHECK(show(a.dims[0].extent) == "N");
    CHECK(a.dims[1].name == "m");
}

TEST_CASE("tungsten parser: structs, unions and typedefs of sections 6 and 7; members and sizeof") {
    using kind = ast::named_type::kind;
    auto p = parse("struct Inner {\n  xp c;\n  sp d[2];\n};\n"
                   "struct Outer { xp a; struct Inner in; sp tail; };\n"
                   "union wvinter { xp x; hp h; } val[N], one;\n"
                   "typedef struct tree_node node_array[M];\n"
                   "typedef float_32 float;\n"
                   "volatile tnode node;\n"
                   "o.in.d[0] = points[3].y + sizeof(struct Outer) + sizeof(v[0]) + sizeof(sp) + sizeof(tnode);\n");
    REQUIRE(p.body.size() == 9);
    const auto& inner = as<ast::struct_decl>(p.body[0]);
    CHECK_FALSE(inner.is_union);
    CHECK(inner.tag == "Inner");
    CHECK(inner.pos == source_position{1, 1});
    REQUIRE(inner.members.size() == 2);
    CHECK(inner.members[1].name == "d");
    CHECK(inner.members[1].type == base_type::sp);
    CHECK(inner.members[1].pos == source_position{3, 6});
    const auto& outer = as<ast::struct_decl>(p.body[1]);
    REQUIRE(outer.members.size() == 3);
    CHECK(outer.members[1].name == "in");  // `in` may name a member
    CHECK(outer.members[1].named == ast::named_type{kind::structure, "Inner"});
    CHECK(as<ast::struct_decl>(p.body[2]).is_union);
    const auto& val = as<ast::var_decl>(p.body[3]);  // the inline declarators follow the union
    CHECK(val.name == "val");
    CHECK(val.named == ast::named_type{kind::union_type, "wvinter"});
    CHECK(val.dims.size() == 1);
    CHECK(as<ast::var_decl>(p.body[4]).name == "one");
    const auto& nodes = as<ast::typedef_decl>(p.body[5]);
    CHECK(nodes.name == "node_array");
    CHECK(nodes.named == ast::named_type{kind::structure, "tree_node"});
    CHECK(nodes.dims.size() == 1);
    CHECK(as<ast::typedef_decl>(p.body[6]).named == ast::named_type{kind::alias, "float_32"});
    const auto& node = as<ast::var_decl>(p.body[7]);
    CHECK(node.is_volatile);
    CHECK(node.named == ast::named_type{kind::alias, "tnode"});
    const auto& a = as<ast::assignment>(p.body[8]);
    CHECK(show(a.target) == "o.in.d[0]");
    CHECK(a.target.pos == source_position{10, 6});  // a member's position is its name's
    CHECK(show(a.value) ==
          "(+ (+ (+ (+ points[3].y (sizeof Outer)) (sizeof v[0])) (sizeof sp)) (sizeof tnode))");
}

TEST_CASE("tungsten parser: array attributes of section 5 and [[...]] annotations") {
    using kind = ast::placement::kind;
    auto p = parse("xp b[N] address(0x14) = {0xdead, 0xbeef};\nxp c[N] [[ keep ]] bank(2);\nxp d[N] align(4);\n"
                   "u16 xw[2][4] address(&x);\n");
    REQUIRE(p.body.size() == 4);
    const auto& b = as<ast::var_decl>(p.body[0]);
    REQUIRE(b.placement);
    CHECK(b.placement->k == kind::address);
    CHECK(show(b.placement->value) == std::to_string(0x14));
    CHECK(b.placement->pos == source_position{1, 9});
    CHECK(show(*b.init) == "{" + std::to_string(0xdead) + ", " + std::to_string(0xbeef) + "}");
    const auto& c = as<ast::var_decl>(p.body[1]);
    CHECK(c.annotations == std::vector<std::string>{" keep "});
    CHECK(c.placement->k == kind::bank);
    CHECK(as<ast::var_decl>(p.body[2]).placement->k == kind::align);
    const auto& xw = as<ast::var_decl>(p.body[3]);
    CHECK(xw.placement->k == kind::alias);
    CHECK(xw.placement->of == "x");
    CHECK(xw.dims.size() == 2);
}

TEST_CASE("tungsten parser: functions, handlers, calls, return and sums (in both spellings)") {
    auto p = parse("xp dot(xp a[n=N], xp b[n=N]) { return \u2211(k in [0, N)) a[k] * b[k] + 1; }\n"
                   "void reset() { return; }\n"
                   "on rx(u4 kind, s12 value) { tx = wavelet(kind, value); }\n"
                   "reset();\n"
                   "xp sum = 0;\n"
                   "sum = sum(i in [0, 2) j in [i, 2)) m[i][j] + sum;\n");
    REQUIRE(p.body.size() == 6);
    const auto& dot = as<ast::function_decl>(p.body[0]);
    CHECK(dot.returns == base_type::xp);
    CHECK(dot.name == "dot");
    REQUIRE(dot.params.size() == 2);
    CHECK(dot.params[1].name == "b");
    CHECK(dot.params[1].dims.size() == 1);
    REQUIRE(dot.body.size() == 1);
    CHECK(show(*as<ast::return_statement>(dot.body[0]).value) == "(+ (sum k 0 N (* a[k] b[k])) 1)");
    CHECK_FALSE(as<ast::function_decl>(p.body[1]).returns);
    const auto& on = as<ast::handler_decl>(p.body[2]);
    CHECK(on.socket == "rx");
    CHECK(on.params[0].type == wafer::tungsten::field_type(false, 4));
    CHECK(on.params[1].type == wafer::tungsten::field_type(true, 12));
    CHECK(show(as<ast::assignment>(on.body[0]).value) == "(call wavelet kind value)");
    CHECK(show(as<ast::call_statement>(p.body[3]).call) == "(call reset)");
    CHECK(show(as<ast::assignment>(p.body[5]).value) == "(+ (sum i 0 2 (sum j i 2 m[i][j])) sum)");
}

TEST_CASE("tungsten parser: FIFOs, local tasks, activate, async statements and imports") {
    auto p = parse("sp fifo q[8], r[N];\ntask t { activate t; }\nasync i in [0, 8) q <- rx;\n"
                   "async(t) i in [0, 8) tx <- q;\nactivate t;\n");
    REQUIRE(p.body.size() == 6);
    const auto& q = as<ast::fifo_decl>(p.body[0]);
    CHECK(q.type == base_type::sp);
    CHECK(q.name == "q");
    CHECK(show(q.capacity) == "8");
    CHECK(show(as<ast::fifo_decl>(p.body[1]).capacity) == "N");
    const auto& t = as<ast::task_decl>(p.body[2]);
    CHECK(t.name == "t");
    CHECK(as<ast::task_statement>(t.body[0]).task == "t");
    const auto& relay_in = as<ast::assignment>(p.body[3]);
    CHECK(relay_in.async);
    CHECK(relay_in.options.empty());
    const auto& relay_out = as<ast::assignment>(p.body[4]);
    CHECK(relay_out.async);
    REQUIRE(relay_out.options.size() == 1);
    CHECK(relay_out.options[0].name == "t");
    CHECK(relay_out.pos == source_position{4, 1});
    const auto plain = parse("x = 1;\n");
    CHECK_FALSE(as<ast::assignment>(plain.body[0]).async);
    const auto imports = parse("import vectors;\n");
    CHECK(as<ast::import_statement>(imports.body[0]).package == "vectors");
    CHECK_FALSE(as<ast::import_statement>(imports.body[0]).loaded());  // the loader fills it
    CHECK(as<ast::import_statement>(imports.body[0]).names.empty());
    const auto selective = parse("import vectors.{scale, table};\n");
    CHECK(as<ast::import_statement>(selective.body[0]).names == std::vector<std::string>{"scale", "table"});
}

TEST_CASE("tungsten parser: operation options, control tasks with IDs, FIFO activations, block and unblock") {
    auto p = parse("async(activate t, priority high, on_control activate u, index k + 1, microthread 3, zero a) "
                   "i in [0, 8) tx <- a[i] + b[i];\n"
                   "dsd(control, advance_switch) tx <- 0x101;\n"
                   "control task c on rx id(12) { block t; unblock t; }\n"
                   "xp fifo q[4] activate_push(t) activate_pop(u);\n"
                   "block = 1;\n");
    REQUIRE(p.body.size() == 5);
    const auto& a = as<ast::assignment>(p.body[0]);
    CHECK(a.async);
    REQUIRE(a.options.size() == 6);
    CHECK(a.options[0].name == "activate");
    CHECK(a.options[0].word == "t");
    CHECK_FALSE(a.options[0].value);
    CHECK(a.options[1].word == "high");
    CHECK(a.options[2].name == "on_control");
    CHECK(a.options[2].word == "activate");
    CHECK(show(*a.options[2].value) == "u");
    CHECK(a.options[3].word.empty());  // `k` is followed by an operator: the value is k + 1
    CHECK(show(*a.options[3].value) == "(+ k 1)");
    CHECK(show(*a.options[4].value) == "3");
    CHECK(a.options[5].word == "a");
    CHECK(a.options[1].pos == source_position{1, 19});
    const auto& d = as<ast::assignment>(p.body[1]);
    CHECK_FALSE(d.async);
    REQUIRE(d.options.size() == 2);
    CHECK(d.options[1].name == "advance_switch");
    const auto& c = as<ast::task_decl>(p.body[2]);
    CHECK(c.control);
    CHECK(c.socket == "rx");
    CHECK(show(*c.id) == "12");
    CHECK(as<ast::task_statement>(c.body[0]).v == ast::task_statement::verb::block);
    CHECK(as<ast::task_statement>(c.body[1]).v == ast::task_statement::verb::unblock);
    const auto& q = as<ast::fifo_decl>(p.body[3]);
    CHECK(q.activate_push == "t");
    CHECK(q.activate_pop == "u");
    CHECK(as<ast::assignment>(p.body[4]).target.name == "block");  // block is not reserved
    const auto streams = parse("sp stream pick[2], one;\nxp stream;\n");
    REQUIRE(streams.body.size() == 3);
    const auto& pick = as<ast::var_decl>(streams.body[0]);
    CHECK(pick.type == base_type::u64);  // a descriptor is 64 bits
    CHECK(pick.stream_of == base_type::sp);
    CHECK(pick.dims.size() == 1);
    CHECK(as<ast::var_decl>(streams.body[1]).name == "one");
    CHECK_FALSE(as<ast::var_decl>(streams.body[2]).stream_of);  // stream is not reserved: a variable
    CHECK(as<ast::var_decl>(streams.body[2]).name == "stream");
}

TEST_CASE("tungsten parser: params and sockets of section 8, one node per declarator") {
    auto p = parse("xp param N; // required\nxp param M = 10;\nxp param P, Q, R;\nsp socket rx, tx;\n"
                   "xp a[n=N];\ni in [0, N) a[i] = i;\n");
    REQUIRE(p.body.size() == 9);
    const auto& m = as<ast::param_decl>(p.body[1]);
    REQUIRE(m.default_value);
    CHECK(show(*m.default_value) == "10");
    CHECK(as<ast::param_decl>(p.body[3]).name == "Q");
    CHECK(as<ast::param_decl>(p.body[3]).pos == source_position{3, 13});
    const auto& tx = as<ast::socket_decl>(p.body[6]);
    CHECK(tx.type == base_type::sp);
    CHECK(tx.name == "tx");
    CHECK(tx.pos == source_position{4, 15});
}

TEST_CASE("tungsten parser: precedence, associativity, unary minus and <-") {
    auto value = [](const std::string& text) { return as<ast::assignment>(parse(text).body.at(0)).value; };
    CHECK(show(value("x = 1 - 2 - 3;")) == "(- (- 1 2) 3)");
    CHECK(show(value("x = 1 + 2 * 3 * 4;")) == "(+ 1 (* (* 2 3) 4))");
    CHECK(show(value("x = -a * b;")) == "(* (- a) b)");
    CHECK(show(value("x = a - -b;")) == "(- a (- b))");
    CHECK(show(value("x = (1 + 2) * 3;")) == "(* (+ 1 2) 3)");
    CHECK(show(value("x = a[i][j+1];")) == "a[i][(+ j 1)]");
    CHECK(show(value("x = 0x2A + 0XfF;")) == "(+ 42 255)");
    CHECK(show(value("x = 1e-3;")) == "0.001r");
    CHECK(show(value("x = .5 + 2. * 1.5E+2;")) == "(+ 0.5r (* 2r 150r))");
    CHECK(value("x = 0xfedcba9876543210;").value == static_cast<std::int64_t>(0xfedcba9876543210));

    // A binary node sits at the start of its left operand, '(' included.
    auto e = value("x =  (a + b) * c;");
    CHECK(e.pos == source_position{1, 6});
    CHECK(e.operands[0].pos == source_position{1, 7});
    CHECK(value("x = -b;").pos == source_position{1, 5});

    auto s = as<ast::assignment>(parse("a[i] <- -b;").body.at(0));
    CHECK(s.stream);
    CHECK(show(s.value) == "(- b)");
    s = as<ast::assignment>(parse("a<-1;").body.at(0));  // `<-` is one token
    CHECK(s.stream);
    CHECK(show(s.value) == "1");
    s = as<ast::assignment>(parse("i in [0, 4) j in [i, 4) t[i][j] = 0;").body.at(0));
    REQUIRE(s.loops.size() == 2);
    CHECK(s.loops[1].name == "j");
    CHECK(show(s.loops[1].lo) == "i");
    CHECK(s.loops[1].pos == source_position{1, 13});
}

TEST_CASE("tungsten parser: C's precedence for every binary operator, x>> beside >>, ? : and casts") {
    auto value = [](const std::string& text) { return show(as<ast::assignment>(parse(text).body.at(0)).value); };
    CHECK(value("x = a || b && c | d ^ e & f == g < h << i + j * k;") ==
          "(|| a (&& b (| c (^ d (& e (== f (< g (<< h (+ i (* j k))))))))))");
    CHECK(value("x = a * b + c << d < e == f & g ^ h | i && j || k;") ==
          "(|| (&& (| (^ (& (== (< (<< (+ (* a b) c) d) e) f) g) h) i) j) k)");
    CHECK(value("x = a / b % c - d;") == "(- (% (/ a b) c) d)");
    CHECK(value("x = a <= b != c >= d;") == "(!= (<= a b) (>= c d))");
    CHECK(value("x = a >> 2 x>> 3;") == "(x>> (>> a 2) 3)");
    CHECK(value("x = val x>> 15;") == "(x>> val 15)");  // a name followed by x>>
    CHECK(value("x = a > b ? c : d ? e : f;") == "(? (> a b) c (? d e f))");
    CHECK(value("x = ~a & !b;") == "(& (~ a) (! b))");
    CHECK(value("x = (ep)(a * b);") == "((ep) (* a b))");
    CHECK(value("x = (xp) a + 1;") == "(+ ((xp) a) 1)");
    CHECK(value("x = (a) + 1;") == "(+ a 1)");  // a parenthesized name is no cast
    CHECK(value("x = a < -1;") == "(< a (- 1))");
}

TEST_CASE("tungsten parser: if/else, else binding to the nearest if, loops over blocks and ifs") {
    auto p = parse("if (a < b) x = 1;\n"
                   "if (a) if (b) x = 2; else x = 3;\n"
                   "i in [0, N) j in [i, N) { t[i][j] = 0; }\n"
                   "i in [0, N) if (i > 2) t[i][i] = 1; else { t[i][i] = 2; }\n");
    REQUIRE(p.body.size() == 4);
    const auto& first = as<ast::if_statement>(p.body[0]);
    CHECK(show(first.condition) == "(< a b)");
    CHECK(first.then_branch.size() == 1);
    CHECK(first.else_branch.empty());
    CHECK(first.pos == source_position{1, 1});
    const auto& nested = as<ast::if_statement>(p.body[1]);
    CHECK(nested.else_branch.empty());  // the else is the inner if's
    CHECK(as<ast::if_statement>(nested.then_branch.at(0)).else_branch.size() == 1);
    const auto& loops = as<ast::loop_statement>(p.body[2]);
    REQUIRE(loops.loops.size() == 2);
    CHECK(show(loops.loops[1].lo) == "i");
    CHECK(std::holds_alternative<ast::block>(loops.body.at(0)));
    const auto& guarded = as<ast::loop_statement>(p.body[3]);
    CHECK(as<ast::if_statement>(guarded.body.at(0)).else_branch.size() == 1);
}

TEST_CASE("tungsten parser: keywords are not names, a type prefix is part of a name") {
    auto p = parse("xp xp1 = in_x; u16 volatile_count; param_x = socketed;");
    REQUIRE(p.body.size() == 3);
    CHECK(as<ast::var_decl>(p.body[0]).name == "xp1");
    CHECK(show(*as<ast::var_decl>(p.body[0]).init) == "in_x");
    CHECK(as<ast::var_decl>(p.body[1]).name == "volatile_count");
    CHECK(show(as<ast::assignment>(p.body[2]).target) == "param_x");
    CHECK_THROWS_AS(parse("xp in;"), wafer::error);
    CHECK_THROWS_AS(parse("xp sp;"), wafer::error);
    CHECK_THROWS_AS(parse("x = param;"), wafer::error);
}

TEST_CASE("tungsten parser: empty input, comments only and CRLF lines are fine") {
    CHECK(parse("").body.empty());
    CHECK(parse("  // nothing\n/* at all */\n\t").body.empty());
    auto p = parse("xp a;\r\nxp b; // last line without a newline");
    REQUIRE(p.body.size() == 2);
    CHECK(as<ast::var_decl>(p.body[1]).pos == source_position{2, 4});
}

TEST_CASE("tungsten parser: the example kernels parse") {
    for (const char* name : {"pipeline/send", "pipeline/compute", "pipeline/recv", "deadlock/recv_more"}) {
        CAPTURE(name);
        std::ifstream in(std::string(WAFER_SOURCE_DIR) + "/examples/" + name + ".w");
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        auto p = wafer::parse::parse_tungsten(text.str(), name);
        CHECK(p.body.size() >= 4);
        CHECK(std::holds_alternative<ast::assignment>(p.body.back()));
    }
}

TEST_CASE("tungsten parser: syntax errors match their golden files") {
    auto cases = golden::cases("tungsten", ".w");
    CHECK(cases.size() >= 10);
    for (const auto& c : cases) {
        CAPTURE(c.name);
        CHECK(golden::rendered([&] { wafer::parse::parse_tungsten(c.text, c.name); }) == c.expected);
    }
}

TEST_CASE("tungsten parser: 100000 nested parentheses, brackets or blocks are one clean error") {
    const std::string deep(100000, '(');
    std::string message = golden::rendered([&] { parse("x = " + deep); });
    CHECK(message.starts_with("dir/k.w:1:261: error: expression nested too deeply (the limit is 256 levels)\n"));
    message = golden::rendered([&] { parse(std::string(100000, '{')); });
    CHECK(message.starts_with("dir/k.w:1:257: error: block nested too deeply (the limit is 256 levels)\n"));
    message = golden::rendered([&] { parse("x = " + std::string(100000, '-') + "1;"); });
    CHECK(message.starts_with("dir/k.w:1:261: error: expression nested too deeply"));
    // A long operator chain nests as deeply once folded to the left.
    std::string chain = "x = 1";
    for (int i = 0; i < 100000; ++i) chain += "+1";
    message = golden::rendered([&] { parse(chain + ";"); });
    CHECK(message.starts_with("dir/k.w:1:5: error: expression nested too deeply"));
    // Just under the limit is fine.
    CHECK_NOTHROW(parse("x = " + std::string(250, '(') + "1" + std::string(250, ')') + ";"));
}

TEST_CASE("tungsten parser: random bytes never crash it") {
    std::mt19937 random(20260529);
    for (int i = 0; i < 2000; ++i) {
        std::string text(random() % 80, '\0');
        for (auto& c : text) c = static_cast<char>(random());
        try {
            parse(text);
        } catch (const wafer::error& e) {
            REQUIRE(e.diagnostics().size() == 1);
            CHECK(e.diagnostics()[0].pos.line >= 1);
        }
    }
}
