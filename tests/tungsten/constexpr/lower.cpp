// The lowering in a constant expression (docs/embedding.md, Kernels as compile-time values, step 3):
// add.w's kernel, its AST built by hand, lowered by the compiler. g++ only (clang 14 evaluates no
// std::string of libstdc++ 12 in a constant expression), and until the lowering is marked
// `constexpr`, with g++'s -fimplicit-constexpr (every inline function constexpr): tests/CMakeLists.txt.
#include <wafer/image/format.hpp>
#include <wafer/tungsten/lower.hpp>

namespace {

namespace ast = wafer::tungsten::ast;
namespace ir = wafer::ir;

constexpr ast::expr name(const char* n) {
    ast::expr e;
    e.k = ast::expr::kind::name;
    e.name = n;
    return e;
}

constexpr ast::expr integer(std::int64_t v) {
    ast::expr e;
    e.value = v;
    return e;
}

constexpr ast::expr element(const char* array, const char* index) {
    auto e = name(array);
    e.k = ast::expr::kind::subscript;
    e.operands.push_back(name(index));
    return e;
}

// xp param N; xp a[n: N]; xp b = 1; i in [0, N) a[i] <- a[i] + b;
constexpr ast::program add_kernel() {
    ast::program p;
    p.name = "add";
    ast::param_decl n;
    n.name = "N";
    p.body.push_back(n);
    ast::var_decl a;
    a.name = "a";
    ast::dimension d;
    d.name = "n";
    d.extent = name("N");
    a.dims.push_back(d);
    p.body.push_back(a);
    ast::var_decl b;
    b.name = "b";
    ast::initializer one;
    one.value = integer(1);
    b.init = one;
    p.body.push_back(b);
    ast::assignment s;
    ast::iterator i;
    i.name = "i";
    i.lo = integer(0);
    i.hi = name("N");
    s.loops.push_back(i);
    s.stream = true;
    s.target = element("a", "i");
    s.value.k = ast::expr::kind::binary;
    s.value.op = ast::binary_op::add;
    s.value.operands.push_back(element("a", "i"));
    s.value.operands.push_back(name("b"));
    p.body.push_back(s);
    return p;
}

// One vector add over N elements of a, b's value from memory, a and b in the symbol map; the program
// written to bytes and read back, as a frozen kernel will be.
constexpr bool lowered_by_the_compiler(std::int64_t n) {
    wafer::diagnostics diags;
    const auto program = wafer::tungsten::lower(add_kernel(), {{"N", n}}, diags);
    if (!diags.list().empty() || program.dsd_ops.size() != 1 || program.symbols.size() != 2) return false;
    const auto& op = program.dsd_ops[0];
    if (op.op != ir::opcode::add || op.extent[0] != n || op.dst.k != ir::dsd::kind::mem) return false;
    wafer::image::detail::writer w;
    auto copy = program;
    w(copy);
    ir::pe_program back;
    wafer::image::detail::reader r(w.bytes.data(), w.bytes.size());
    r(back);
    return back == program && r.left() == 0;
}
static_assert(lowered_by_the_compiler(4));
static_assert(lowered_by_the_compiler(100));

}  // namespace
