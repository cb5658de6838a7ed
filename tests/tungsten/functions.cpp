// Functions and calls (docs/tungsten.md, Functions), run on one PE from their text: calls before
// the declaration (reference §1), values and arrays as arguments, returns, and the checks: a
// function never called is still checked (reference §6), recursion, arity, scope.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernel_run.hpp"

using namespace wafer;
using test::first_error;
using test::run;

namespace {

/// Every error compiling `text` gives.
std::vector<std::string> errors(const std::string& text) {
    std::vector<std::string> out;
    try {
        diagnostics ds;
        tungsten::lower(parse::parse_tungsten(text, "k.w"), {}, ds);
    } catch (const error& e) {
        for (const auto& d : e.diagnostics())
            if (d.level == severity::error) out.push_back(d.message);
    }
    return out;
}

}  // namespace

TEST_CASE("reference §1: a call may name a function declared later; arguments by value, a returned value") {
    auto r = run("xp r = 0;\n"
                 "r = twice(21) + 1;\n"
                 "xp twice(xp a) { return a * 2; }\n"
                 "sp mean(sp a, sp b) { return (a + b) / 2.0; }\n"
                 "sp m = 0.0;\n"
                 "m = mean(1.0, 2.0);\n"
                 "xp a = 5;\n"
                 "xp same = twice(a);\n"  // a param copies its argument: `a` is unchanged
                 "xp clamp(xp x, xp lo, xp hi) {\n"
                 "  if (x < lo) return lo;\n"
                 "  if (x > hi) return hi;\n"
                 "  return x;\n"
                 "}\n"
                 "xp c[5];\n"
                 "i in [0, 5) c[i] = clamp(i * 3 - 4, 0, 6);\n");
    CHECK(r.value("r") == 43);
    CHECK(r.real("m") == 1.5f);
    CHECK(r.value("same") == 10);
    CHECK(r.value("a") == 5);
    std::vector<std::int64_t> expected;
    for (int i = 0; i < 5; ++i) expected.push_back(std::clamp(i * 3 - 4, 0, 6));
    CHECK(r.ints("c") == expected);
}

TEST_CASE("arrays and structs are passed by reference; a void function is a statement") {
    auto r = run("xp param N = 4;\n"
                 "void scale(xp v[n=N], xp k) { i in [0, N) v[i] <- v[i] * k; }\n"
                 "struct P { xp x; xp y; };\n"
                 "void swap(struct P p) { xp t = p.x; p.x = p.y; p.y = t; }\n"
                 "xp a[n=N] = {1, 2, 3, 4};\n"
                 "xp b[n=N] = {5, 6, 7, 8};\n"
                 "scale(a, 3);\n"
                 "scale(b, 2);\n"
                 "struct P q;\n"
                 "q.x = 1;\n"
                 "q.y = 2;\n"
                 "swap(q);\n");
    CHECK(r.ints("a") == std::vector<std::int64_t>{3, 6, 9, 12});
    CHECK(r.ints("b") == std::vector<std::int64_t>{10, 12, 14, 16});
    CHECK(r.value("q.x") == 2);
    CHECK(r.value("q.y") == 1);
}

TEST_CASE("calls nest; a function's locals start afresh on each call") {
    auto r = run("xp square(xp x) { return x * x; }\n"
                 "xp sum_of_squares(xp a, xp b) { xp s = square(a); s = s + square(b); return s; }\n"
                 "xp counter() { xp n[2] = {}; n[0] = n[0] + 1; return n[0]; }\n"
                 "xp r = 0, k1 = 0, k2 = 0;\n"
                 "r = sum_of_squares(3, square(2));\n"
                 "k1 = counter();\n"
                 "k2 = counter();\n");
    CHECK(r.value("r") == 3 * 3 + (2 * 2) * (2 * 2));
    CHECK(r.value("k1") == 1);
    CHECK(r.value("k2") == 1);
}

TEST_CASE("calls inside a returned value, a condition, a loop bound and another call's arguments") {
    // Each call lowers its callee's body while the caller's is still being lowered: the nesting must
    // not disturb what the outer body holds (a return's frame, a condition's blocks, a loop's bounds).
    auto r = run("xp absv(xp v) { if (v < 0) return 0 - v; return v; }\n"
                 "xp dist(xp ax, xp ay, xp bx, xp by) { return absv(ax - bx) + absv(ay - by); }\n"
                 "xp deeper(xp a) { return dist(a, absv(a - 9), absv(0 - a), dist(1, 2, a, 0)); }\n"
                 "xp pick(xp a, xp b) { if (absv(a) > absv(b)) return a; return b; }\n"
                 "xp d = 0, e = 0, p = 0, n = 0, m = 0;\n"
                 "d = dist(1, 7, 4, 3);\n"
                 "e = deeper(5);\n"
                 "p = pick(0 - 6, 4) + pick(2, 0 - 3);\n"
                 "xp c[6] = {};\n"
                 "i in [absv(0 - 1), dist(0, 0, 2, 3)) c[i] = absv(i - 4) * pick(i, 2);\n"
                 "if (dist(0, 0, 1, 1) == absv(0 - 2)) n = 1; else n = 2;\n"
                 "i in [0, 4) if (absv(i - 2) < pick(1, 0)) m = m + dist(i, 0, 0, i);\n");
    const auto absv = [](std::int64_t v) { return v < 0 ? -v : v; };
    const auto dist = [&](std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
        return absv(ax - bx) + absv(ay - by);
    };
    const auto pick = [&](std::int64_t a, std::int64_t b) { return absv(a) > absv(b) ? a : b; };
    CHECK(r.value("d") == dist(1, 7, 4, 3));
    CHECK(r.value("e") == dist(5, absv(5 - 9), absv(-5), dist(1, 2, 5, 0)));
    CHECK(r.value("p") == pick(-6, 4) + pick(2, -3));
    std::vector<std::int64_t> c(6, 0);
    for (std::int64_t i = absv(-1); i < dist(0, 0, 2, 3); ++i) c[i] = absv(i - 4) * pick(i, 2);
    CHECK(r.ints("c") == c);
    CHECK(r.value("n") == (dist(0, 0, 1, 1) == absv(-2) ? 1 : 2));
    std::int64_t m = 0;
    for (std::int64_t i = 0; i < 4; ++i)
        if (absv(i - 2) < pick(1, 0)) m += dist(i, 0, 0, i);
    CHECK(r.value("m") == m);
}

TEST_CASE("a function sees its params and the globals declared before it, never its caller's names") {
    CHECK(first_error("xp f() { return hidden; }\nmain { xp hidden = 1; xp v = f(); }\n") == "'hidden' is not declared");
    CHECK(first_error("xp f() { return later; }\nxp later = 1;\nxp v = f();\n") == "'later' is not declared");
    auto r = run("xp g = 7;\nxp f() { return g; }\nmain { xp g = 1; xp v = f(); g = v; }\nxp out = f();\n");
    CHECK(r.value("out") == 7);
}

TEST_CASE("a function may return a typedef of a base type, as its params may take one") {
    auto r = run("typedef xp int;\n"
                 "typedef sp real;\n"
                 "int early = twice(4);\n"  // called before its declaration
                 "int twice(int v) { return v * 2; }\n"
                 "real half(real v) { return v / 2.0; }\n"
                 "int t = twice(21);\n"
                 "real h = half(3.0) + 1.0;\n");
    CHECK(r.value("early") == 8);
    CHECK(r.value("t") == 42);
    CHECK(r.real("h") == 2.5f);
    CHECK(first_error("struct P { xp x; };\nstruct P f() { return 1; }\n") ==
          "function 'f' returns struct P, which is not a scalar: a function returns a value of a base type, or nothing");
    CHECK(first_error("typedef xp row[4];\nrow f() { return 1; }\n") ==
          "function 'f' returns 'row', which is not a scalar: a function returns a value of a base type, or nothing");
    CHECK(first_error("size f() { return 1; }\n") == "'size' is not declared");
}

TEST_CASE("reference §6: a function that is never called is still checked") {
    CHECK(first_error("struct Point { xp x; xp y; };\nstruct Point points[10];\n"
                      "void never() { points.y = 1; }\n") ==
          "'points' has 1 dimension but 0 subscripts are given before '.y': a member access names one struct "
          "Point, so subscript every dimension, as in points[0].y");
    // Reported once, where the function is, not again at each call.
    CHECK(errors("xp f() { return nothing; }\nxp a = f();\nxp b = f();\n") ==
          std::vector<std::string>{"'nothing' is not declared"});
}

TEST_CASE("calls: wafer's diagnostics") {
    CHECK(first_error("xp f(xp n) { return f(n - 1); }\nxp v = f(3);\n") ==
          "function 'f' calls itself: calls are inlined, so a function cannot be recursive");
    CHECK(first_error("xp f(xp a, xp b) { return a + b; }\nxp v = f(1);\n") ==
          "function 'f' takes 2 arguments, and 1 is given");
    CHECK(first_error("void f() { }\nxp v = f();\n") == "'f' returns nothing (it is void): it has no value to use");
    CHECK(first_error("xp f(xp a) { if (a > 0) return 1; }\n") ==
          "function 'f' returns xp, so its body must end with 'return value;'");
    CHECK(first_error("xp v = 1;\nreturn;\n") == "return outside a function or handler");
    CHECK(first_error("void f() { return 1; }\n") == "'f' returns nothing, so return takes no value here");
    CHECK(first_error("xp f() { return 1; }\nxp f() { return 2; }\n") == "duplicate function 'f'");
    CHECK(first_error("xp v = g(1);\n") == "function 'g' is not declared");
    CHECK(first_error("xp g = 1;\nxp v = g(1);\n") == "'g' is not a function");
    CHECK(first_error("void s(xp v[4]) { }\nxp a[3];\ns(a);\n") ==
          "argument 'a' does not match parameter 'v' of 's': pass an array of the same type and extents");
    CHECK(first_error("void s(xp v[4]) { }\ns(1);\n") ==
          "parameter 'v' of 's' is an array or struct: pass a variable by its name");
    CHECK(first_error("main { xp f() { return 1; } }\n") == "function 'f' must be declared at top level");
}

TEST_CASE("wavelet(...) packs values at their declared widths, the first in the lowest bits") {
    auto r = run("u4 kind = 5;\ns12 value = -3;\nu16 tag = 0xbeef;\n"
                 "u32 w = 0;\nw = wavelet(kind, value);\n"
                 "u32 x = 0;\nx = wavelet((u4)3, (u12)4095, tag);\n");
    CHECK(r.value("w") == (5u | ((std::uint32_t(-3) & 0xfff) << 4)));
    CHECK(r.value("x") == (3u | (0xfffu << 4) | (0xbeefu << 16)));
    CHECK(first_error("u32 w = 0;\nw = wavelet(1, 2);\n") ==
          "each value wavelet(...) packs needs a declared width: a variable such as 'u4 kind', or a cast such as (u4)3");
    CHECK(first_error("u32 a = 1, w = 0;\nw = wavelet(a, a);\n") ==
          "wavelet(...) packs at most 32 bits, and this value would end at bit 64");
}

TEST_CASE("handlers: wafer's diagnostics") {
    CHECK(first_error("xp socket rx;\non rx(xp a) { }\non rx(xp b) { }\n") == "socket 'rx' has a handler already");
    CHECK(first_error("xp socket rx;\non rx(u32 a) { }\n") ==
          "the parameters of the handler take 32 bits, but a wavelet of 'rx' carries 16");
    CHECK(first_error("xp socket rx;\non rx(xp a) { }\nxp v = rx;\n") ==
          "socket 'rx' has a handler, which takes every wavelet that arrives on it; the program cannot also read it");
    CHECK(first_error("xp socket rx;\nxp v = rx;\non rx(xp a) { }\n") ==
          "socket 'rx' is read by the program before this handler; a handler takes every wavelet that arrives on its socket");
    CHECK(first_error("xp v = 1;\non v(xp a) { }\n") == "'v' is a scalar, not a socket");
    CHECK(first_error("xp socket rx;\non rx(xp a[2]) { }\n") ==
          "handler parameter 'a' unpacks wavelet bits: give it a base type");
}

TEST_CASE("tasks, FIFOs and async operations: wafer's diagnostics") {
    const std::string decls = "xp socket rx;\nxp socket tx;\nxp fifo q[4];\nxp a[4];\n";
    CHECK(first_error(decls + "async i in [0, 4) a[i] = a[i] * 2;\n") ==
          "an async operation runs on a microthread, which a socket operand names: this one reads or writes no socket");
    CHECK(first_error(decls + "async i in [0, 4) j in [i, 4) a[j] = rx;\n") ==
          "an async statement must be one DSD operation: loops with constant bounds, or one loop, and a value of +, "
          "- and * over operands of the target's type");
    CHECK(first_error(decls + "async i in [0, 4) a[i] <- rx;\nasync i in [0, 4) a[i] <- rx;\n") ==
          "this async operation would run on microthread 0, as another one does: two concurrent operations cannot "
          "share one (one issued in a task the other's end activates may)");
    // An operation issued in the task another's completion activates starts after it: they may share one,
    // and so may two that take turns (each completion activating the other's task).
    CHECK(first_error(decls + "xp b[4];\ntask second;\nasync(second) i in [0, 4) a[i] <- rx;\n"
                              "task second { async i in [0, 4) b[i] <- rx; }\n") == "<no error>");
    CHECK(first_error(decls + "xp b[4];\ntask ping;\ntask pong;\n"
                              "task ping { async(pong) i in [0, 4) a[i] <- rx; }\n"
                              "task pong { async(ping) i in [0, 4) b[i] <- rx; }\nactivate ping;\n") == "<no error>");
    CHECK(first_error(decls + "xp b[4];\ntask after;\nasync(on_control activate after) i in [0, 4) a[i] <- rx;\n"
                              "task after { async i in [0, 4) b[i] <- rx; }\n") == "<no error>");
    CHECK(first_error(decls + "xp b[4];\ntask second;\nasync(second) i in [0, 4) a[i] <- rx;\n"
                              "async i in [0, 4) b[i] <- rx;\ntask second { }\n")
              .starts_with("this async operation would run on microthread 0, as another one does"));
    CHECK(first_error(decls + "xp v = 0;\nif (q > 0) v = 1;\n") ==
          "FIFO 'q' is pushed and popped by DSD operations: use it in a statement of their shape, like 'i in [0, N) "
          "q <- a[i];'");
    CHECK(first_error(decls + "q[0] = 1;\n") == "FIFO 'q' is a stream of elements: it is never subscripted");
    CHECK(first_error(decls + "i in [0, 4) q <- q;\n") ==
          "FIFO 'q' is both pushed and popped by this statement: each element would leave and enter it at once; move "
          "it through a buffer");
    CHECK(first_error(decls + "i in [0, 4) q <- q + a[i];\n").starts_with("FIFO 'q' is both pushed and popped"));
    CHECK(first_error(decls + "activate a;\n") == "'a' is an array, not a task");
    CHECK(first_error(decls + "xp dot;\nasync dot = \u2211(i in [0, 4)) a[i] * rx;\n").starts_with(
        "an async statement must be one DSD operation, and a \u2211 is two (the target cleared, then the terms added)"));
    CHECK(first_error(decls + "async i in [0, 4) a[i] = a[i] * a[i] + rx * 2;\n") ==
          "an async statement must be one DSD operation, and this one takes 2 operations");
    CHECK(first_error(decls + "async(nothing) i in [0, 4) q <- rx;\n").starts_with(
        "'nothing' is not declared: async(t) names the local task its completion activates"));
    CHECK(first_error("xp fifo q[0];\n") == "the capacity of FIFO 'q' must be a constant from 1 to 65535 elements");
    CHECK(first_error("xp x = 1;\nmain { xp fifo q[2]; }\n") == "FIFO 'q' must be declared at top level");
}

TEST_CASE("a local task runs when activated, after the program's start, and may activate itself again") {
    auto r = run("xp count = 0;\n"
                 "task again { count = count + 1; if (count < 5) activate again; }\n"
                 "activate again;\n"
                 "xp before = count;\n");
    CHECK(r.value("count") == 5);
    CHECK(r.value("before") == 0);  // tasks run once the program's own statements are done
}

TEST_CASE("tasks declared first and defined further on activate each other round a cycle") {
    auto r = run("xp pings = 0;\n"
                 "xp pongs = 0;\n"
                 "task pong;\n"
                 "task ping { pings = pings + 1; activate pong; }\n"
                 "task pong { pongs = pongs + 1; if (pongs < 4) activate ping; }\n"
                 "activate ping;\n");
    CHECK(r.value("pings") == 4);
    CHECK(r.value("pongs") == 4);
    // The declaration takes the ID: a task declared after it takes the next one.
    diagnostics ds;
    const auto prog = tungsten::lower(parse::parse_tungsten("task b;\ntask a { activate b; }\ntask b { }\n", "k.w"), {}, ds);
    REQUIRE(prog.tasks.size() == 2);
    CHECK(prog.tasks[0].id == 0);
    CHECK(prog.tasks[1].id == 1);
}

TEST_CASE("task declarations: wafer's diagnostics") {
    CHECK(first_error("task t;\nactivate t;\n") ==
          "task 't' is declared and never defined: give it a body further on, 'task t { … }'");
    CHECK(first_error("task t id(3);\ntask t id(4) { }\n") ==
          "task 't' is defined with ID 4, and its declaration gave it ID 3");
    CHECK(first_error("xp socket rx;\ncontrol task t on rx;\ntask t { }\n") ==
          "task 't' is defined otherwise than it is declared: write its declaration's 'control' and 'on' again");
    CHECK(first_error("task t;\ntask t { }\ntask t { }\n") == "duplicate task declaration 't'");
    // A control task declared first: its definition says 'control' and 'on' again.
    CHECK(errors("xp socket rx;\ncontrol task t on rx id(5);\ncontrol task t on rx { }\n").empty());
}

TEST_CASE("a FIFO that names a task declared after it: one error, with the fix, and no echoes") {
    const auto all = errors("xp socket rx;\nxp fifo q[4] activate_push(pushed);\nxp n = 0;\n"
                            "task pushed { n = n + 1; }\nasync i in [0, 4) q <- rx;\n");
    REQUIRE(all.size() == 1);
    CHECK(all[0] == "'pushed' is not declared: a FIFO names a task declared before it ('task pushed;' declares it, "
                    "and its body can come further on)");
    CHECK(errors("xp socket rx;\nxp n = 0;\ntask pushed;\nxp fifo q[4] activate_push(pushed);\n"
                 "task pushed { n = n + 1; }\nasync i in [0, 4) q <- rx;\n").empty());
}

TEST_CASE("an async operation of one loop may take run-time offsets, computed when it is issued") {
    const std::string decls = "xp socket rx;\nxp b[3][5];\nxp j = 2;\n";
    CHECK(errors(decls + "async i in [0, 4) b[j][i + 1] <- rx;\n").empty());
    CHECK(errors(decls + "xp n = 3;\nasync(on_control terminate) i in [0, n) b[j][i] <- rx;\n").empty());
    CHECK(first_error(decls + "async k in [0, 2) i in [0, 4) b[k][i + j] <- rx;\n").starts_with(
        "an async statement must be one DSD operation: loops with constant bounds, or one loop"));
}

namespace {

/// `main` with `import pkg...;` whose package is the text `package`, as the loader would splice it.
wafer::tungsten::ast::program with_package(const std::string& main, const std::string& package) {
    auto program = wafer::parse::parse_tungsten(main, "main.w");
    for (auto& s : program.body)
        if (auto* i = std::get_if<wafer::tungsten::ast::import_statement>(&s))
            i->contents.push_back(wafer::parse::parse_tungsten(package, "pkg.w"));
    return program;
}

}  // namespace

TEST_CASE("selective imports: a package's private functions, tasks and types neither leak nor collide") {
    const std::string package = "xp count = 0;\nstruct cell { xp v; };\nstruct cell c;\n"
                                "void helper() { count = count + 1; }\nvoid bump() { helper(); helper(); c.v = count; }\n";
    const auto r = wafer::test::run_to_end(with_package("import pkg.{bump};\nxp count = 100;\n"
                                                        "void helper() { count = count + 10; }\n"
                                                        "struct cell { sp w; };\nbump();\nhelper();\n",
                                                        package));
    REQUIRE(r.result.status == wafer::fabric::run_status::halted);
    CHECK(r.value("pkg::count") == 2);  // the package's helper ran twice, on its own count
    CHECK(r.value("pkg::c.v") == 2);
    CHECK(r.value("count") == 110);     // the importer's helper, on the importer's count
    // What the importer does not list stays out of sight.
    const auto hidden = [&](const std::string& main) { return first_error(with_package(main, package)); };
    CHECK(hidden("import pkg.{bump};\nhelper();\n") == "function 'helper' is not declared");
    CHECK(hidden("import pkg.{bump};\nstruct cell x;\n") == "'struct cell' is not declared");
    CHECK(hidden("import pkg.{count};\nxp count = 1;\n") == "duplicate scalar declaration 'count'");
}
