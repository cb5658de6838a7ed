// Kernels as compile-time values (docs/embedding.md, Kernels as compile-time values, step 3). The
// examples' C++ kernels add (examples/add) and send, compute and recv (examples/pipeline) are built
// by the DSL in a constant expression and are, statement for statement, the ASTs of their .w files
// as the lowering tests build them by hand (lower_test_ast.hpp); then the compiler lowers them.
// g++ only (clang 14 evaluates no std::string of libstdc++ 12 in a constant expression), with
// wafer header-only (WAFER_CONSTEXPR): tests/CMakeLists.txt.
#include <type_traits>

#include <wafer/tungsten/lower.hpp>
#include <wafer/tungsten/positions.hpp>

#include "add/kernels.hpp"
#include "image/archive_round_trip.hpp"
#include "pipeline/kernels.hpp"
#include "tungsten/lower_test_ast.hpp"

namespace {

namespace ast = wafer::tungsten::ast;
namespace ir = wafer::ir;
using namespace wafer::tungsten::test_ast;
using bt = wafer::tungsten::base_type;
using kind = ir::dsd::kind;

// `xp name[n: N];`
constexpr ast::var_decl array_of_n(std::string_view name) { return var(bt::xp, name, {dim("n", id("N"))}); }

// `i in [0, N) target <- value;` (stream) or `... target = value;`
constexpr ast::assignment over_n(bool stream, const ast::expr& target, const ast::expr& value) {
    return assign({loop("i", lit(0), id("N"))}, target, value, stream);
}

// add.w: xp param N; xp a[n: N]; xp b = 1; i in [0, N) a[i] <- a[i] + b;
constexpr ast::program add_kernel() {
    return kernel({param("N"), array_of_n("a"), scalar(bt::xp, "b", lit(1)),
                   over_n(true, at("a", id("i")), at("a", id("i")) + id("b"))},
                  "add");
}

// send.w: xp param N; xp socket tx; xp data[n=N]; i in [0, N) data[i] = i + 1; i in [0, N) tx <- data[i];
constexpr ast::program send_kernel() {
    return kernel({param("N"), sock(bt::xp, "tx"), array_of_n("data"),
                   over_n(false, at("data", id("i")), id("i") + lit(1)), over_n(true, id("tx"), at("data", id("i")))},
                  "send");
}

// compute.w: xp param N; xp socket rx; xp socket tx; i in [0, N) tx <- rx * 3 + 1;
constexpr ast::program compute_kernel() {
    return kernel(
        {param("N"), sock(bt::xp, "rx"), sock(bt::xp, "tx"), over_n(true, id("tx"), id("rx") * lit(3) + lit(1))},
        "compute");
}

// recv.w: xp param N; xp socket rx; xp out[n=N]; i in [0, N) out[i] <- rx;
constexpr ast::program recv_kernel() {
    return kernel({param("N"), sock(bt::xp, "rx"), array_of_n("out"), over_n(true, at("out", id("i")), id("rx"))},
                  "recv");
}

// A statement copied or moved in a constant expression (ast.ipp emplaces its alternative by index),
// also from a statement nested in the one it is assigned to.
static_assert([] {
    ast::statement s = block({ast::statement(over_n(true, id("tx"), id("rx"))), ast::statement(param("N"))});
    ast::statement copy = s;
    s = std::get<ast::block>(s).body[0];  // from a part of itself
    ast::statement moved = std::move(copy);
    return std::holds_alternative<ast::assignment>(s) && std::get<ast::assignment>(s).target == id("tx") &&
           std::get<ast::block>(moved).body.size() == 2 &&
           std::holds_alternative<ast::param_decl>(std::get<ast::block>(moved).body[1]);
}());

// (Positions aside: the DSL's are the lines of kernels.hpp, the hand-built ASTs have none.)
static_assert(ast::without_positions(add::add::program()) == add_kernel());
static_assert(ast::without_positions(pipeline::send::program()) == send_kernel());
static_assert(ast::without_positions(pipeline::compute::program()) == compute_kernel());
static_assert(ast::without_positions(pipeline::recv::program()) == recv_kernel());

// `kernel` lowered with N = n, checked with no diagnostic, and its program written to bytes and read
// back, as a frozen kernel will be; or an empty program.
constexpr ir::pe_program frozen(const ast::program& kernel, std::int64_t n) {
    wafer::diagnostics diags;
    const auto program = wafer::tungsten::lower(kernel, {{"N", n}}, diags);
    const auto back = wafer::image::test::through_the_archive(program);
    if (!diags.list().empty() || !back || !(*back == program)) return {};
    return *back;
}

// add: one vector add over N elements of a, a and b in the symbol map.
constexpr bool add_lowers(std::int64_t n) {
    const auto p = frozen(add::add::program(), n);
    return p.dsd_ops.size() == 1 && p.symbols.size() == 2 && p.dsd_ops[0].op == ir::opcode::add &&
           p.dsd_ops[0].extent[0] == n && p.dsd_ops[0].dst.k == kind::mem;
}
static_assert(add_lowers(4));
static_assert(add_lowers(100));

// send: data filled from the iterator, then streamed out of the one socket.
constexpr bool send_lowers() {
    const auto p = frozen(pipeline::send::program(), 8);
    return p.dsd_ops.size() == 2 && p.sockets.size() == 1 && p.dsd_ops[0].dst.k == kind::mem &&
           p.dsd_ops[1].dst.k == kind::fabout && p.dsd_ops[1].src[0].k == kind::mem;
}
static_assert(send_lowers());

// compute: one operation from the input queue to the output queue.
constexpr bool compute_lowers() {
    const auto p = frozen(pipeline::compute::program(), 8);
    return p.dsd_ops.size() == 1 && p.sockets.size() == 2 && p.dsd_ops[0].dst.k == kind::fabout &&
           p.dsd_ops[0].src[0].k == kind::fabin;
}
static_assert(compute_lowers());

// recv: one operation from the input queue into out.
constexpr bool recv_lowers() {
    const auto p = frozen(pipeline::recv::program(), 8);
    return p.dsd_ops.size() == 1 && p.sockets.size() == 1 && p.dsd_ops[0].dst.k == kind::mem &&
           p.dsd_ops[0].src[0].k == kind::fabin;
}
static_assert(recv_lowers());

// A kernel with a mistake lowers in a constant expression too: there fail() stops the lowering
// instead of throwing (reporter::fail), and its first error is in the diagnostics, which is how
// freeze() can quote it.
template <ast::program (*K)()>
constexpr std::string first_error() {
    wafer::diagnostics diags;
    (void)wafer::tungsten::lower(K(), {{"N", 4}}, diags);
    for (const auto& d : diags.list())
        if (d.level == wafer::severity::error) return d.message;
    return "";
}

// compute.w without `xp socket rx;`
constexpr ast::program undeclared_kernel() {
    return kernel({param("N"), sock(bt::xp, "tx"), over_n(true, id("tx"), id("rx"))}, "undeclared");
}
static_assert(first_error<compute_kernel>().empty());
static_assert(first_error<undeclared_kernel>() == "'rx' is not declared");

}  // namespace
