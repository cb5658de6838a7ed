// ∑ (docs/tungsten.md, Sums), run on one PE from its text and checked against plain C++: in both
// spellings, with several iterators, over triangles, as an hp dot product accumulated in ep; its
// iterators visible only in its operand, and the reference's `∑ reads outside 'a'` check.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_run.hpp"
#include "wafer/core/ep.hpp"
#include "wafer/core/half.hpp"

using namespace wafer;
using test::first_error;
using test::run;

TEST_CASE("a matrix-vector product with \u2211, and the same with the ASCII spelling sum") {
    auto r = run("xp param M = 3;\nxp param K = 4;\n"
                 "xp A[m=M][k=K] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};\n"
                 "xp x[k=K] = {1, -1, 2, -2};\n"
                 "xp y[m=M];\nxp z[m=M];\n"
                 "i in [0, M) y[i] = \u2211(k in [0, K)) A[i][k] * x[k];\n"
                 "i in [0, M) z[i] = sum(k in [0, K)) A[i][k] * x[k] + 100;\n");
    const int A[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    const int x[4] = {1, -1, 2, -2};
    std::vector<std::int64_t> y, z;
    for (const auto& row : A) {
        int s = 0;
        for (int k = 0; k < 4; ++k) s += row[k] * x[k];
        y.push_back(s);
        z.push_back(s + 100);
    }
    CHECK(r.ints("y") == y);
    CHECK(r.ints("z") == z);
}

TEST_CASE("\u2211 over several iterators walks them like loops: a triangle's sum") {
    auto r = run("xp m[n=4][k=4];\n"
                 "i in [0, 4) j in [0, 4) m[i][j] = 10 * i + j;\n"
                 "xp t = 0;\n"
                 "t = \u2211(i in [0, 4) j in [i, 4)) m[i][j];\n"
                 "xp count = \u2211(i in [0, 4) j in [0, i)) 1;\n");
    std::int64_t t = 0, count = 0;
    for (int i = 0; i < 4; ++i) {
        for (int j = i; j < 4; ++j) t += 10 * i + j;
        count += i;
    }
    CHECK(r.value("t") == t);
    CHECK(r.value("count") == count);
}

TEST_CASE("an hp dot product accumulated in ep matches a plain C++ computation of the same roundings") {
    const std::vector<double> a = {1.0009765625, 3.14, -2.5, 0.333, 7.75, -0.0625, 100.5, 0.1};
    const std::vector<double> b = {2.002, -1.25, 0.3, 3.0, 1.1, 9.0, 0.01, -4.4};
    std::string text = "xp param K = 8;\nhp a[k=K] = {";
    for (std::size_t k = 0; k < a.size(); ++k) text += (k ? ", " : "") + std::to_string(a[k]);
    text += "};\nhp b[k=K] = {";
    for (std::size_t k = 0; k < b.size(); ++k) text += (k ? ", " : "") + std::to_string(b[k]);
    text += "};\nep acc = 0.0;\nacc = \u2211(k in [0, K)) (ep)a[k] * (ep)b[k];\n";
    auto r = run(text);
    // hp values widen to ep exactly; each product and each partial sum rounds to ep once.
    std::uint32_t acc = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double p = double(std::bit_cast<float>(
            ep_bits(half_value(half_bits(std::stod(std::to_string(a[k])))) *
                    half_value(half_bits(std::stod(std::to_string(b[k])))))));
        acc = ep_bits(double(std::bit_cast<float>(acc)) + p);
    }
    CHECK(r.bits("acc") == acc);
}

TEST_CASE("reference §1: the iterators a \u2211 names are visible only in its operand") {
    CHECK(first_error("xp a[4];\nxp v = \u2211(k in [0, 4)) a[k] + k;\n") == "'k' is not declared");
    CHECK(first_error("xp a[4];\nxp v = \u2211(k in [0, 4)) a[k] * k;\n") == "<no error>");
}

TEST_CASE("reference §5: a \u2211 whose affine subscripts read outside an operand array is rejected") {
    CHECK(first_error("xp a[4];\nxp v = \u2211(k in [0, 6)) a[k];\n") ==
          "\u2211 reads outside 'a': its subscript takes values 0 to 5, outside dimension 'n0' (extent 4)");
    CHECK(first_error("xp a[n=4];\nxp v = sum(k in [1, 5)) a[k - 2];\n") ==
          "\u2211 reads outside 'a': its subscript takes values -1 to 2, outside dimension 'n' (extent 4)");
}

TEST_CASE("a statement that is one ∑ lowers to DSD operations: the scalar ∑'s values, bit for bit") {
    // y[i] = ∑ is one multiply-add over (i, j) after clearing y; `0.0 + ∑` keeps the scalar ∑.
    for (const char* type : {"sp", "hp", "ep", "xp", "u32"}) {
        const std::string t = type;
        const bool real = t == "sp" || t == "hp" || t == "ep";
        std::string init = "{";
        for (int k = 0; k < 20; ++k)
            init += (k ? ", " : "") + (real ? std::to_string(0.37 * (k % 7) - 1.1) : std::to_string((k * 37) % 23 - 7));
        init += "}";
        const std::string decls = t + " m[20] = " + init + ";\n" + t + " v[5] = {1, 2, 3, 4, 5};\n" + t + " y[4];\n";
        const auto fast = wafer::test::run(decls + "i in [0, 4) y[i] = sum(j in [0, 5)) m[5 * i + j] * v[j];\n");
        const auto scalar = wafer::test::run(decls + "i in [0, 4) y[i] = " + (real ? "0.0" : "0") +
                                             " + sum(j in [0, 5)) m[5 * i + j] * v[j];\n");
        INFO(type);
        CHECK(fast.ints("y") == scalar.ints("y"));
        CHECK(fast.program.dsd_ops.size() == 2);  // clear y, then one multiply-add
        CHECK(fast.program.dsd_ops[1].op == wafer::ir::opcode::mac);
        CHECK(fast.result.cycles < scalar.result.cycles);
    }
}

TEST_CASE("a ∑ that reads its target, or sums a literal, stays scalar") {
    const auto reads = wafer::test::run("xp a[3] = {1, 2, 3};\nxp s = 10;\ns = sum(k in [0, 3)) (a[k] + s);\n");
    CHECK(reads.value("s") == 36);  // each term reads the old s
    const auto literal = wafer::test::run("u32 n;\nn = sum(k in [0, 3)) 7;\n");
    CHECK(literal.value("n") == 21);
    CHECK(literal.program.dsd_ops.empty());
}
