// Structs, unions, typedefs and sizeof (reference §3 Type Sizes, §6, §7), run on one PE from
// their text: the reference's examples with the values they state, the layout rules (32-bit
// members at even words), the symbol map's member entries, and wafer's diagnostics.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernel_run.hpp"

using namespace wafer;
using test::first_error;
using test::run;

namespace {

const ir::dimension& dimension_named(const ir::symbol& s, const std::string& name) {
    for (const auto& d : s.dims)
        if (d.name == name) return d;
    FAIL("no dimension " << name << " in " << s.name);
    throw;
}

}  // namespace

TEST_CASE("reference §3: sizeof counts 16-bit words, for types, expressions and whole arrays") {
    auto r = run("struct mix { xp a; sp b; };\n"
                 "xp v[4];\n"
                 "xp s[n=15] = {sizeof(xp), sizeof(u1), sizeof(u16), sizeof(hp), sizeof(u32), sizeof(s32),\n"
                 "              sizeof(sp), sizeof(ep), sizeof(u64), sizeof(s64), sizeof(struct mix),\n"
                 "              sizeof(v[0]), sizeof(v), sizeof(u4), sizeof(s16)};\n");
    CHECK(r.ints("s") == std::vector<std::int64_t>{1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 1, 4, 1, 1});
}

TEST_CASE("sizeof of structs, unions, typedefs and members; sizeof is a constant wherever one is needed") {
    auto r = run("struct Inner { xp c; sp d[2]; };\n"
                 "struct Outer { xp a; struct Inner in; sp tail; };\n"
                 "union bits { sp f; u32 u; xp w[3]; };\n"
                 "struct odd { sp b; xp a; };\n"
                 "typedef sp row[n=3];\n"
                 "typedef row grid[m=2];\n"
                 "struct Outer o;\n"
                 "xp buffer[sizeof(struct Outer)];\n"
                 "xp s[n=9] = {sizeof(struct Inner), sizeof(struct Outer), sizeof(union bits), sizeof(struct odd),\n"
                 "             sizeof(row), sizeof(grid), sizeof(o.in), sizeof(o.in.d), sizeof(buffer)};\n");
    // Inner: c at 0, d at 2 (even): 6 words. Outer: a at 0, in at 2, tail at 8: 10 words.
    // A union is its largest member, padded to even when a member is 32-bit: w[3] makes 3, so 4.
    // odd: b at 0, a at 2, padded to 4 so that b stays even in an array of odd.
    CHECK(r.ints("s") == std::vector<std::int64_t>{6, 10, 4, 4, 6, 12, 6, 4, 10});
}

TEST_CASE("reference §6: struct members, nested structs and arrays of structs") {
    auto r = run("struct Point { xp x; xp y; };\n"
                 "struct Inner { xp c; sp d[2]; };\n"
                 "struct Outer { xp a; struct Inner in; sp tail; };\n"
                 "struct Point p;\n"
                 "p.x = 10;\n"
                 "p.y = 20;\n"
                 "struct Outer o;\n"
                 "o.a = 1;\n"
                 "o.in.c = 2;\n"
                 "o.in.d[0] = 3.0;\n"
                 "o.tail = o.in.d[0] * 2.0;\n"
                 "struct Point points[10];\n"
                 "i in [0, 10) points[i].x = i;\n"
                 "i in [0, 10) points[i].y <- points[i].x * 2;\n"
                 "points[0].x = 1;\n"
                 "points[3].y = 42;\n");
    CHECK(r.value("p.x") == 10);
    CHECK(r.value("p.y") == 20);
    CHECK(r.value("o.a") == 1);
    CHECK(r.value("o.in.c") == 2);
    CHECK(r.real("o.in.d") == 3.0f);
    CHECK(r.real("o.tail") == 6.0f);
    CHECK(r.ints("points.x") == std::vector<std::int64_t>{1, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    CHECK(r.ints("points.y") == std::vector<std::int64_t>{0, 2, 4, 42, 8, 10, 12, 14, 16, 18});
    // The map has an entry per member: points.y steps by sizeof(struct Point) = 2 words.
    const auto& y = r.symbol("points.y");
    CHECK(y.base == r.symbol("points.x").base + 1);
    CHECK(dimension_named(y, "n0").extent == 10);
    CHECK(dimension_named(y, "n0").stride == 2);
    const auto& d = r.symbol("o.in.d");
    CHECK(d.base == r.symbol("o.a").base + 4);  // in at word 2, d at word 2 of in
    CHECK(dimension_named(d, "n0").extent == 2);
    CHECK(dimension_named(d, "_word").extent == 2);
}

TEST_CASE("reference §6: inline struct variables; a dimension of extent 1 may be left out before '.'") {
    auto r = run("struct Point { xp x; xp y; } mypoint, pair[2];\n"
                 "struct Point one[1];\n"
                 "mypoint.x = 3;\n"
                 "pair[1].y = mypoint.x + 4;\n"
                 "one.x = 5;\n");
    CHECK(r.value("mypoint.x") == 3);
    CHECK(r.ints("pair.y") == std::vector<std::int64_t>{0, 7});
    CHECK(r.value("one.x") == 5);
}

TEST_CASE("reference §3 and §6: unions reinterpret a 32-bit value as two 16-bit halves") {
    auto r = run("union wavelet { u32 u; xp w[2]; };\n"
                 "union wavelet v;\n"
                 "v.u = 0x12345678;\n"
                 "xp low = v.w[0], high = v.w[1];\n"
                 "union sw { sp s; xp x[2]; };\n"
                 "union sw w;\n"
                 "w.s = 1.0;\n"
                 "xp high_word = w.x[1];\n");
    CHECK(r.value("low") == 0x5678);
    CHECK(r.value("high") == 0x1234);
    CHECK(r.value("high_word") == 0x3f80);  // 1.0f is 0x3f800000
}

TEST_CASE("reference §6: the hp-bits union with x>> gives -1 where a's sign bit is clear, 0 where set") {
    auto r = run("xp param N;\n"
                 "hp a[n=N] = {1.0, -2.0, 0.5, -0.25, 3.0, -1.0};\n"
                 "union wvinter {\n"
                 "  xp x;\n"
                 "  hp h;\n"
                 "} val[N];\n"
                 "i in [0, N) val[i].h <- a[i] * -0.0;\n"
                 "i in [0, N) val[i].x <- val[i].x x>> 15;\n",
                 {{"N", 6}});
    CHECK(r.ints("val.x") == std::vector<std::int64_t>{-1, 0, -1, 0, -1, 0});
}

TEST_CASE("reference §7: typedefs of base types, arrays, structs, unions and typedefs; local typedefs") {
    auto r = run("xp param N = 3;\n"
                 "xp param M = 2;\n"
                 "typedef sp float_32;\n"
                 "float_32 var1 = 1.5;\n"
                 "typedef sp float_arr[N];\n"
                 "float_arr my_array = {1.0, 2.0, 3.0};\n"
                 "float_arr tensor[M];\n"
                 "i in [0, M) j in [0, N) tensor[i][j] = my_array[j] * var1;\n"
                 "typedef float_32 float;\n"
                 "float f = var1 + 1.0;\n"
                 "struct tree_node { xp root; xp next; };\n"
                 "typedef struct tree_node tnode;\n"
                 "tnode node;\n"
                 "node.next = 7;\n"
                 "typedef struct tree_node node_array[M];\n"
                 "node_array nodes;\n"
                 "nodes[1].root = node.next;\n"
                 "union wavelet { sp s; xp x[2]; };\n"
                 "typedef union wavelet wvlet;\n"
                 "wvlet w;\n"
                 "w.s = 2.0;\n"
                 "xp got = 0;\n"
                 "main {\n"
                 "  typedef sp local_float;\n"
                 "  local_float var2 = 0.0;\n"
                 "  var2 = var1 * 4.0;\n"
                 "  got = var2;\n"
                 "}\n");
    CHECK(r.real("var1") == 1.5f);
    const auto& tensor = r.symbol("tensor");
    REQUIRE(tensor.dims.size() == 3);  // sp tensor[M][N]: n0, n1 and _word
    CHECK(tensor.dims[0].extent == 2);
    CHECK(tensor.dims[1].extent == 3);
    CHECK(tensor.dims[1].name == "n1");
    CHECK(r.real("f") == 2.5f);
    CHECK(r.value("node.next") == 7);
    CHECK(r.ints("nodes.root") == std::vector<std::int64_t>{0, 7});
    CHECK(r.value("w.x") == 0);  // the low half of 2.0f (0x40000000)
    CHECK(r.value("got") == 6);
}

TEST_CASE("reference §3: typedef u1 bool; a bool from a comparison is consumed by a ternary") {
    auto r = run("typedef u1 bool;\n"
                 "xp a[2] = {1, 5};\n"
                 "xp b[2] = {3, 2};\n"
                 "xp c[2];\n"
                 "bool flag = 1;\n"
                 "bool p = a[0] < b[0];\n"
                 "c[0] = p ? 1 : 0;\n"
                 "bool q = a[1] < b[1];\n"
                 "c[1] = q ? 1 : 0;\n"
                 "xp widened = flag + 1;\n");
    CHECK(r.ints("c") == std::vector<std::int64_t>{1, 0});
    CHECK(r.value("widened") == 2);
}

TEST_CASE("reference §5: a typedef'd array takes an initializer; {} zero-fills it") {
    auto r = run("typedef xp row[n=4];\n"
                 "row r = {};\n"
                 "row s = {5, 6};\n");
    CHECK(r.ints("r") == std::vector<std::int64_t>{0, 0, 0, 0});
    CHECK(r.ints("s") == std::vector<std::int64_t>{5, 6, 0, 0});
}

TEST_CASE("member access rules: every part before '.' names one struct; missing and extra subscripts") {
    const std::string decls = "struct Point { xp x; xp y; };\nstruct Point points[10];\nstruct Point p;\n"
                              "xp m[n=2][k=3];\nxp a[4];\n";
    CHECK(first_error(decls + "points.y = 1;\n") ==
          "'points' has 1 dimension but 0 subscripts are given before '.y': a member access names one struct "
          "Point, so subscript every dimension, as in points[0].y");
    CHECK(first_error(decls + "points[1][2].y = 1;\n") ==
          "'points' has 1 dimension but 2 subscripts are given; write one subscript per dimension");
    CHECK(first_error(decls + "p.x[0] = 1;\n") == "'p.x' is a scalar, not an array");
    CHECK(first_error(decls + "p.z = 1;\n") == "struct Point has no member 'z'");
    CHECK(first_error(decls + "p = 1;\n") == "'p' is a struct Point, not a value: use its members, as in p.x");
    CHECK(first_error(decls + "xp t = points[0];\n") ==
          "'points' is a struct Point, not a value: use its members, as in points.x");
    CHECK(first_error(decls + "a[0].x = 1;\n") ==
          "'a' is an array of xp, not a struct or union: it has no member 'x'");
    CHECK(first_error(decls + "m[1] = 9;\n") ==
          "'m' has 2 dimensions but 1 subscript is given; write one subscript per dimension");
    CHECK(first_error(decls + "i in [0, 11) points[i].x = 0;\n") ==
          "a subscript of 'points' takes values 0 to 10 over the loop ranges, outside dimension 'n0' of 'points' "
          "(extent 10)");
}

TEST_CASE("reference §5: a.length and a.len say that arrays have no length; a member may be named len") {
    const std::string message =
        "arrays have no length in Tungsten: keep the extent in a param (xp param N; xp a[n=N];) and use N";
    CHECK(first_error("xp a[4];\nxp n = a.length;\n") == message);
    CHECK(first_error("xp a[4];\nxp n = a.len;\n") == message);
    auto r = run("struct packet { xp len; xp data[4]; };\nstruct packet k;\nk.len = 4;\n");
    CHECK(r.value("k.len") == 4);
}

TEST_CASE("declaring types: wafer's diagnostics") {
    CHECK(first_error("struct P { xp x; xp x; };\n") == "duplicate member 'x' in struct P");
    CHECK(first_error("struct P { xp x; };\nstruct P { xp y; };\n") == "duplicate struct declaration 'struct P'");
    CHECK(first_error("struct Q q;\n") == "'struct Q' is not declared");
    CHECK(first_error("struct P { xp x; };\nunion P u;\n") == "'union P' is not declared");
    CHECK(first_error("struct P { xp x; };\nstruct P p = {0};\n") ==
          "'p' is a struct P: it takes no initializer (assign its members, as in p.x = 0;)");
    CHECK(first_error("struct P { xp x; };\nstruct P p[2] = {};\n") ==
          "'p' is an array of struct P: it takes no initializer (assign its members, as in p[0].x = 0;)");
    CHECK(first_error("struct P { xp x = 1; };\n") ==
          "member 'x' of struct P cannot have an initializer; initialize the variables instead");
    CHECK(first_error("struct P { struct P inner; };\n") == "'struct P' is used before declaration");
    CHECK(first_error("xp v = 1;\nv w;\n") == "'v' is a scalar, not a type");
    CHECK(first_error("xp v = sizeof(v);\n") == "'v' is used before declaration");
    CHECK(first_error("xp v = 1;\nxp w = sizeof(v + 1);\n") ==
          "sizeof takes a type, a variable, an element or a member, not a computed value");
    CHECK(first_error("typedef xp t;\nt = 1;\n") == "cannot assign to typedef 't': it names a type");
    CHECK(first_error("struct S { xp d[n=2]; } s[n=3];\n") ==
          "'s.d' has two dimensions named 'n'; the symbol map addresses dimensions by name");
}

TEST_CASE("a typedef or struct declared in a block is visible only there") {
    CHECK(first_error("main { typedef sp f; }\nf x;\n") == "'f' is not declared");
    CHECK(first_error("main { struct P { xp x; }; }\nstruct P p;\n") == "'struct P' is not declared");
    auto r = run("typedef xp t;\nt outer = 1;\nmain { typedef sp t; t inner = 2.5; outer = inner * 2.0; }\n");
    CHECK(r.value("outer") == 5);
}
