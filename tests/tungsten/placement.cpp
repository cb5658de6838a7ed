// Where arrays go (reference §5 Array Attributes and Base Address Access): address(), bank(),
// align() and address(&x); getting and setting .base; `[[...]]` annotations. Run on one PE from
// their text, with wafer's diagnostics where Carbide is silent.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_run.hpp"

using namespace wafer;
using test::first_error;
using test::run;
using test::warnings;

TEST_CASE("reference §5: address(0x14) puts an array at word 0x14; what is declared before goes around it") {
    auto r = run("xp param N = 4;\n"
                 "xp a[0x20];\n"
                 "xp b[N] address(0x14) = {0xdead, 0xbeef, 0xdead, 0xbeef};\n"
                 "xp after = 7;\n");
    CHECK(r.symbol("b").base == 0x14);
    CHECK(r.ints("b") == std::vector<std::int64_t>{0xdead - 0x10000, 0xbeef - 0x10000, 0xdead - 0x10000,
                                                   0xbeef - 0x10000});
    const auto a = r.symbol("a").base, after = r.symbol("after").base;
    CHECK((a >= 0x18 || a + 0x20 <= 0x14));
    CHECK((after >= 0x18 || after < 0x14));
    CHECK(r.value("after") == 7);
}

TEST_CASE("reference §5: bank(n) gives an address whose low 4 bits are n, align(k) a multiple of k") {
    auto r = run("xp pad[3];\nxp c[4] bank(2);\nxp d[4] align(4);\nsp e[2] align(3);\nsp f[2] bank(6);\n");
    CHECK(r.symbol("c").base % 16 == 2);
    CHECK(r.symbol("d").base % 4 == 0);
    CHECK(r.symbol("e").base % 6 == 0);  // a multiple of 3 and even, for its sp elements
    CHECK(r.symbol("f").base % 16 == 6);
    CHECK(first_error("sp e[2] bank(3);\n") == "bank(3) puts 'e' at an odd word, but its sp elements start at even words");
    CHECK(first_error("sp e[2] address(0x15);\n") ==
          "address(0x0015) puts 'e' at an odd word, but its sp elements start at even words");
    CHECK(first_error("xp e[2] bank(16);\n") == "bank() takes a bank from 0 to 15, not 0x10");
    CHECK(first_error("xp e[2] align(0);\n") == "align() takes a number of words from 1 to 24576, not 0x0");
    CHECK(first_error("xp e[2] address(0x6000);\n") == "address() takes a word address from 0x0000 to 0x5fff, not 0x6000");
    CHECK(first_error("xp e[4] address(0x5ffe);\n") ==
          "address(0x5ffe) puts 'e' (4 words) past the end of PE memory at 0x6000");
    CHECK(first_error("xp x = 1;\nxp e[4] address(x);\n") ==
          "address() takes a word address from 0x0000 to 0x5fff constant");
}

TEST_CASE("reference §5: two arrays given the same address() share storage: wafer warns") {
    CHECK(warnings("xp b[4] address(0x14);\nxp c[4] address(0x16);\n") ==
          std::vector<std::string>{"'c' shares words 0x0016 to 0x0017 with 'b': both are placed by address()"});
    auto r = run("xp b[4] address(0x14);\nxp c[4] address(0x14);\nb[1] = 5;\nxp seen = c[1];\n");
    CHECK(r.value("seen") == 5);
}

TEST_CASE("reference §3: a u16 alias over a u64 array with address(&x) reads its words, little-endian") {
    auto r = run("u64 x[m=2] = { 0x0123456789abcdef, 0xfedcba9876543210 };\n"
                 "u16 xw[2][4] address(&x);\n"
                 "u32 xd[4] address(&x);\n"
                 "u16 w00 = xw[0][0], w13 = xw[1][3];\n"
                 "u32 d1 = xd[1];\n"
                 "xw[0][0] = 0x1111;\n");
    CHECK(r.value("w00") == 0xcdef);
    CHECK(r.value("w13") == 0xfedc);
    CHECK(r.value("d1") == 0x01234567);
    CHECK(r.symbol("xw").base == r.symbol("x").base);
    CHECK(r.memory.at(r.symbol("x").base) == 0x1111);
    CHECK(warnings("xp x[2];\nxp y[3] address(&x);\n") ==
          std::vector<std::string>{"'y' (3 words) reaches past the end of 'x' (2 words)"});
    CHECK(first_error("xp param P = 1;\nxp y[3] address(&P);\n") == "address(&P) needs a variable, and 'P' is a param");
    CHECK(first_error("xp x[2];\nxp y[2] address(&x) = {1, 2};\n") == "'y' shares the storage of 'x': initialize 'x' instead");
}

TEST_CASE("reference §5: .base gets an array's address; setting it moves no data, later accesses use it") {
    auto r = run("xp bufA[4] = {1, 2, 3, 4};\n"
                 "xp bufB[4] = {10, 20, 30, 40};\n"
                 "xp abase = bufA.base;\n"
                 "xp sum[4];\n"
                 "xp fixed = sum.base;\n"
                 "bufA.base <- bufB.base;\n"
                 "i in [0, 4) sum[i] = bufA[i] + 1;\n"  // scalar code through the moved base
                 "i in [0, 4) bufA[i] <- bufA[i] * 2;\n"  // a DSD operation through it
                 "xp third = bufA[2];\n"
                 "bufA.base = abase;\n"
                 "xp back = bufA[0];\n");
    CHECK(r.value("abase") == r.symbol("bufA").base);
    CHECK(r.value("fixed") == r.symbol("sum").base);
    CHECK(r.ints("sum") == std::vector<std::int64_t>{11, 21, 31, 41});
    CHECK(r.ints("bufB") == std::vector<std::int64_t>{20, 40, 60, 80});
    CHECK(r.ints("bufA") == std::vector<std::int64_t>{1, 2, 3, 4});  // no data moved
    CHECK(r.value("third") == 60);
    CHECK(r.value("back") == 1);
}

TEST_CASE("double buffering: swapping two arrays' .base in a loop") {
    auto r = run("xp src[4] = {1, 2, 3, 4};\n"
                 "xp out[4];\n"
                 "xp t;\n"
                 "k in [0, 3) {\n"
                 "  i in [0, 4) out[i] = src[i] * 2;\n"
                 "  t = src.base;\n"
                 "  src.base = out.base;\n"
                 "  out.base = t;\n"
                 "}\n");
    // Three rounds of doubling, ending in what was `out`: 8 16 24 32; `src` holds round two's 4 8 12 16.
    CHECK(r.ints("out") == std::vector<std::int64_t>{8, 16, 24, 32});
    CHECK(r.ints("src") == std::vector<std::int64_t>{4, 8, 12, 16});
}

TEST_CASE("reference §5: reading .base after setting it is a warning (Carbide can return the old address)") {
    CHECK(warnings("xp a[4];\nxp b[4];\na.base <- b.base;\nxp c = a.base;\n") ==
          std::vector<std::string>{"'a.base' is read after it is set: Carbide can return the address from before the "
                                   "assignment; keep the address in a variable instead"});
    CHECK(warnings("xp a[4];\nxp b[4];\nxp keep = b.base;\na.base <- keep;\n").empty());
    CHECK(first_error("xp a[4];\na[0].base = 1;\n") ==
          "'a' is an array of xp, not a struct or union: it has no member 'base'");
}

TEST_CASE("reference §1: [[...]] annotations open no scope: a duplicate array is an error with or without them") {
    CHECK(first_error("xp a[4] [[placed]];\nxp a[8];\n") == "duplicate array declaration 'a'");
    CHECK(first_error("xp a[4];\nxp a[4] [[one]] [[two]];\n") == "duplicate array declaration 'a'");
    CHECK(first_error("xp a[4];\nmain { xp a[8] [[inner]]; a[7] = 1; }\n") == "<no error>");
    CHECK(first_error("xp q;\nxp q;\n") == "duplicate scalar declaration 'q'");
}

TEST_CASE("reference §3: __builtin_merge stores a 64-bit value; every other use of a 64-bit value is an error") {
    auto r = run("u32 ia[2] = {3, 7};\n"
                 "sp va[2] = {1.5, -2.0};\n"
                 "u64 o[2];\n"
                 "i in [0, 2) o[i] = __builtin_merge(ia[i], va[i]);\n"
                 "u32 ow[4] address(&o);\n");
    CHECK(r.ints("ow") == std::vector<std::int64_t>{std::bit_cast<std::uint32_t>(1.5f), 3,
                                                    std::bit_cast<std::uint32_t>(-2.0f), 7});
    CHECK(first_error("xp x = 0;\nx = __builtin_merge(1, 2) + 1;\n") ==
          "__builtin_merge makes a 64-bit value: store it into a u64 or s64 element, or send it on a socket; it has "
          "no other use");
    CHECK(first_error("u32 w[2];\nw[0] = __builtin_merge(1, 2);\n") ==
          "__builtin_merge makes a 64-bit value, and 'w' is u32: store it into a u64 or s64 element");
    CHECK(first_error("xp socket tx;\ntx = __builtin_merge(1, 2);\n") ==
          "a merged value is sent as two 32-bit wavelets, and socket 'tx' is xp");
    const std::string arrays = "u64 a[2] = {1, 2};\nu64 b[2];\nxp t[2];\n";
    for (const auto* use : {"i in [0, 2) b[i] = a[i];\n", "t[0] = a[0] + 1;\n", "if (a[0] < a[1]) t[0] = 1;\n",
                            "t[0] = a[0] ? 1 : 0;\n", "t[0] = (xp)a[1];\n"})
        CHECK_MESSAGE(first_error(arrays + use).find("a 64-bit value") != std::string::npos, use);
    CHECK(first_error("u64 s = 5;\n") ==
          "scalar 's' is u64: a 64-bit value is rejected at compile time (only arrays can be initialized)");
}
