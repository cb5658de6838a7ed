#pragma once
// Tungsten kernels in C++. A kernel built here is the same AST the text parser builds for the
// same source (modulo positions: a DSL node is placed at its C++ call site, dsl/call_site.hpp), so
// one checker and one lowering serve both front ends.
//
//     #include <wafer/tungsten/dsl.hpp>
//     namespace w = wafer::dsl;
//     w::kernel k("send");
//     auto N    = k.param<w::xp>("N");                     // xp param N;
//     auto M    = k.param<w::xp>("M", 10);                 // xp param M = 10;
//     auto tx   = k.socket<w::xp>("tx");                   // xp socket tx;
//     auto data = k.array<w::xp>("data", w::dim("n", N));  // xp data[n=N];
//     auto g    = k.array<w::sp>("g", w::dim("n", 2 * N), w::dim("m", N + 1));  // sp g[n=2*N][m=N+1];
//     auto q    = k.array<w::xp>("q", w::dim(4), {1, 2, 3, 4});  // xp q[4] = {1, 2, 3, 4};
//     auto b    = k.var<w::xp>("b", 1);                    // xp b = 1;
//     auto run  = k.volatile_var<w::xp>("run", 0);         // volatile xp run = 0;
//     w::iterator i("i"), j("j");
//     k(w::in(i, 0, N)[ data[i] = i + 1 ]);                // i in [0, N) data[i] = i + 1;
//     k(w::in(i, 0, N)[ tx <- data[i] ]);                  // i in [0, N) tx <- data[i];
//     k(w::in(i, 0, N)(j, 0, M)[ g[i][j] = g[i][j] * 2.0 ]);
//     k(w::in(i, 0, N)[ g[i][0] = w::cast<w::sp>(data[i]) ]);  // g[i][0] = (sp)data[i];
//     k(data[0] = 42);
//     k(w::block("main")(data[1] = 7, data[2] = b));       // main { data[1] = 7; data[2] = b; }
//     k(w::if_(b > 0 && N != 1)[ data[0] = 1 ].else_[ data[0] = 2 ]);  // if (b > 0 && N != 1) ... else ...
//     w::block step;                                       // { tx <- b; b = b + 1; }
//     k(w::in(i, 0, N)[ step(tx <- b, b = b + 1) ]);       // i in [0, N) { ... }
//     k(data[0] = w::if_else(b == 3, 1, 0));               // data[0] = b == 3 ? 1 : 0;
//     k(b = w::sum(i, 0, N)[data[i] * 2]);                 // b = ∑(i in [0, N)) data[i] * 2;
//     w::handler on_tx(tx);                                // on tx(xp v) { b = b + v; }
//     auto v = on_tx.argument<w::xp>("v");
//     k(on_tx(b = b + v));
//     w::function<w::xp> twice("twice");                   // xp twice(xp x) { return 2 * x; }
//     auto x = twice.argument<w::xp>("x");
//     k(twice(w::return_(2 * x)), b = twice(b));           // b = twice(b);
//     w::task done("done");                                // task done { b = 0; }
//     k(done(b = 0), w::activate(done));                   // activate done;
//     k(w::async(done)[w::in(i, 0, N)[tx <- data[i]]]);    // async(done) i in [0, N) tx <- data[i];
//     auto x = w::member<w::xp>("x");                     // struct P { xp x; };  (structure.hpp)
//     auto P = k.struct_("P", x);
//     auto pt = k.var(P, "pt");                            // struct P pt;
//     k(pt->*x = b, b = w::size_of(P));                    // pt.x = b; b = sizeof(struct P);
//     k(w::clear_teardown(tx));                            // __builtin_clear_teardown(tx);  (intrinsics.hpp)
//     const wafer::tungsten::ast::program& p = k.program();
//
// `tx <- e` is C++'s `tx < -e`; the DSL turns it back into the stream assignment (expression.hpp).
// A statement (`a = b`, `a <- b`, a loop) does nothing until passed to a kernel or block; it is
// [[nodiscard]]. Blocks are scopes of their own (block.hpp).
// Numbers: a C++ integer is an `integer` literal, a floating-point number a `real` one (use
// double: a float's value is not the decimal the text would spell); a negative number is the
// negation of a literal, as in the text. Compile-time checks (checks.hpp) reject a subscript
// count that differs from the array's rank, assigning a param, a loop iterator or an expression,
// a 64-bit value under an operator, and hp meeting sp or ep without a cast (other base types mix
// as in the text: C's usual conversions); everything else (names, scopes, ranges) is the
// checker's job, as for text.
#include "wafer/tungsten/dsl/base_types.hpp"
#include "wafer/tungsten/dsl/block.hpp"
#include "wafer/tungsten/dsl/control.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/function.hpp"
#include "wafer/tungsten/dsl/handler.hpp"
#include "wafer/tungsten/dsl/intrinsics.hpp"
#include "wafer/tungsten/dsl/kernel.hpp"
#include "wafer/tungsten/dsl/loop.hpp"
#include "wafer/tungsten/dsl/options.hpp"
#include "wafer/tungsten/dsl/scope.hpp"
#include "wafer/tungsten/dsl/statement.hpp"
#include "wafer/tungsten/dsl/storage.hpp"
#include "wafer/tungsten/dsl/structure.hpp"
#include "wafer/tungsten/dsl/task.hpp"

namespace wafer {
/// The short name users write: `namespace w = wafer::dsl;`.
namespace dsl = tungsten::dsl;
}  // namespace wafer
