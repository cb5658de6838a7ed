// The lowering in a constant expression (docs/embedding.md, Kernels as compile-time values, step 3):
// add.w's kernel and the pipeline's send.w and compute.w, their ASTs built by hand, lowered by the
// compiler. g++ only (clang 14 evaluates no std::string of libstdc++ 12 in a constant expression),
// and until the lowering is marked `constexpr`, with g++'s -fimplicit-constexpr (every inline
// function constexpr): tests/CMakeLists.txt.
#include <type_traits>

#include <wafer/tungsten/lower.hpp>

#include "image/archive_round_trip.hpp"

namespace {

namespace ast = wafer::tungsten::ast;
namespace ir = wafer::ir;
using kind = ir::dsd::kind;

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

constexpr ast::expr binary(ast::binary_op op, const ast::expr& a, const ast::expr& b) {
    ast::expr e;
    e.k = ast::expr::kind::binary;
    e.op = op;
    e.operands.push_back(a);
    e.operands.push_back(b);
    return e;
}

constexpr ast::param_decl param(const char* n) {
    ast::param_decl p;
    p.name = n;
    return p;
}

constexpr ast::socket_decl socket(const char* n) {
    ast::socket_decl s;
    s.name = n;
    return s;
}

// `xp name[n: N];`
constexpr ast::var_decl array_of_n(const char* n) {
    ast::var_decl a;
    a.name = n;
    ast::dimension d;
    d.name = "n";
    d.extent = name("N");
    a.dims.push_back(d);
    return a;
}

// `i in [0, N) target <- value;` (stream) or `... target = value;`
constexpr ast::assignment over_n(bool stream, const ast::expr& target, const ast::expr& value) {
    ast::assignment s;
    ast::iterator i;
    i.name = "i";
    i.lo = integer(0);
    i.hi = name("N");
    s.loops.push_back(i);
    s.stream = stream;
    s.target = target;
    s.value = value;
    return s;
}

// A kernel named `n` of these statements.
template <class... Statements>
constexpr ast::program kernel(const char* n, const Statements&... statements) {
    ast::program p;
    p.name = n;
    (p.body.push_back(statements), ...);
    return p;
}

// add.w: xp param N; xp a[n: N]; xp b = 1; i in [0, N) a[i] <- a[i] + b;
constexpr ast::program add_kernel() {
    ast::var_decl b;
    b.name = "b";
    ast::initializer one;
    one.value = integer(1);
    b.init = one;
    return kernel("add", param("N"), array_of_n("a"), b,
                  over_n(true, element("a", "i"), binary(ast::binary_op::add, element("a", "i"), name("b"))));
}

// send.w: xp param N; xp socket tx; xp data[n=N]; i in [0, N) data[i] = i + 1; i in [0, N) tx <- data[i];
constexpr ast::program send_kernel() {
    return kernel("send", param("N"), socket("tx"), array_of_n("data"),
                  over_n(false, element("data", "i"), binary(ast::binary_op::add, name("i"), integer(1))),
                  over_n(true, name("tx"), element("data", "i")));
}

// compute.w: xp param N; xp socket rx; xp socket tx; i in [0, N) tx <- rx * 3 + 1;
constexpr ast::program compute_kernel() {
    const auto times_three = binary(ast::binary_op::mul, name("rx"), integer(3));
    return kernel("compute", param("N"), socket("rx"), socket("tx"),
                  over_n(true, name("tx"), binary(ast::binary_op::add, times_three, integer(1))));
}

// `kernel` lowered with N = n, checked with no diagnostic, and its program written to bytes and read
// back, as a frozen kernel will be; or an empty program.
constexpr ir::pe_program lowered(const ast::program& kernel, std::int64_t n) {
    wafer::diagnostics diags;
    const auto program = wafer::tungsten::lower(kernel, {{"N", n}}, diags);
    const auto back = wafer::image::test::through_the_archive(program);
    if (!diags.list().empty() || !back || !(*back == program)) return {};
    return *back;
}

// add: one vector add over N elements of a, a and b in the symbol map.
constexpr bool add_lowers(std::int64_t n) {
    const auto p = lowered(add_kernel(), n);
    return p.dsd_ops.size() == 1 && p.symbols.size() == 2 && p.dsd_ops[0].op == ir::opcode::add &&
           p.dsd_ops[0].extent[0] == n && p.dsd_ops[0].dst.k == kind::mem;
}
static_assert(add_lowers(4));
static_assert(add_lowers(100));

// send: data filled from the iterator, then streamed out of the one socket.
constexpr bool send_lowers() {
    const auto p = lowered(send_kernel(), 8);
    return p.dsd_ops.size() == 2 && p.sockets.size() == 1 && p.dsd_ops[0].dst.k == kind::mem &&
           p.dsd_ops[1].dst.k == kind::fabout && p.dsd_ops[1].src[0].k == kind::mem;
}
static_assert(send_lowers());

// compute: one operation from the input queue to the output queue.
constexpr bool compute_lowers() {
    const auto p = lowered(compute_kernel(), 8);
    return p.dsd_ops.size() == 1 && p.sockets.size() == 2 && p.dsd_ops[0].dst.k == kind::fabout &&
           p.dsd_ops[0].src[0].k == kind::fabin;
}
static_assert(compute_lowers());

// A kernel with a mistake is no constant expression: its lowering throws where it reports the
// error, so the compiler can tell it from a valid one (step 4 will give it the message).
template <ast::program (*K)()>
constexpr bool lowers_cleanly() {
    wafer::diagnostics diags;
    (void)wafer::tungsten::lower(K(), {{"N", 4}}, diags);
    return diags.list().empty();
}
template <ast::program (*K)()>
concept lowered_in_a_constant_expression = requires { typename std::bool_constant<lowers_cleanly<K>()>; };

// compute.w without `xp socket rx;`
constexpr ast::program undeclared_kernel() {
    return kernel("undeclared", param("N"), socket("tx"), over_n(true, name("tx"), name("rx")));
}
static_assert(lowered_in_a_constant_expression<compute_kernel>);
static_assert(!lowered_in_a_constant_expression<undeclared_kernel>);

}  // namespace
