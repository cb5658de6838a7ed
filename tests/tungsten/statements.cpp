// Tungsten statements and expressions beyond one DSD operation, run on one PE from their text:
// triangular and non-constant loops, if/else, loops over blocks, the comparison rules of the
// reference (§3: the compare mask, u1 as 0/1), shifts, division, ? :, && and ||, mixed types and
// the float formats. Expected values come from the reference or from a plain C++ computation.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernel_run.hpp"
#include "wafer/core/floats.hpp"

using namespace wafer;
using test::first_error;
using test::run;

TEST_CASE("reference §1: i in [0, 4) j in [i, 4) walks a triangle") {
    auto r = run("xp m[n=4][k=4];\n"
                 "xp count = 0;\n"
                 "i in [0, 4) j in [i, 4) m[i][j] = 10 * i + j;\n"
                 "i in [0, 4) j in [i, 4) count = count + 1;\n");
    std::vector<std::int64_t> expected(16, 0);
    std::int64_t count = 0;
    for (int i = 0; i < 4; ++i)
        for (int j = i; j < 4; ++j) expected[std::size_t(4 * i + j)] = 10 * i + j, ++count;
    CHECK(r.ints("m") == expected);
    CHECK(r.value("count") == count);
}

TEST_CASE("a loop bound may be a variable; an empty range runs nothing") {
    auto r = run("xp n = 3;\n"
                 "xp a[n=5];\n"
                 "i in [0, n) a[i] = 9;\n"
                 "i in [n, 2) a[i] = 7;\n"
                 "i in [n + 1, 5) a[i] = i * i;\n");
    CHECK(r.ints("a") == std::vector<std::int64_t>{9, 9, 9, 0, 16});
}

TEST_CASE("if and else; loops over a block; a block's declarations in a loop") {
    auto r = run("xp x = 5;\n"
                 "xp y; xp z;\n"
                 "if (x > 3) y = 1; else y = 2;\n"
                 "if (x < 3) { z = 1; } else if (x == 5) { z = 3; } else z = 4;\n"
                 "xp a[n=6];\n"
                 "i in [0, 6) {\n"
                 "  xp t = i * 2;\n"
                 "  if (t > 5) a[i] = t; else a[i] = -t;\n"
                 "}\n");
    CHECK(r.value("y") == 1);
    CHECK(r.value("z") == 3);
    std::vector<std::int64_t> expected;
    for (int i = 0; i < 6; ++i) expected.push_back(i * 2 > 5 ? i * 2 : -i * 2);
    CHECK(r.ints("a") == expected);
}

TEST_CASE("an if on params is decided at compile time: the other branch is checked, not compiled") {
    const std::string text = "xp param upper = 0;\n"
                             "xp socket up;\n"
                             "xp v = 4;\n"
                             "if (upper) v <- up; else up <- v;\n";
    diagnostics ds;
    auto socket = [](const ir::pe_program& p) { return p.sockets.at(0); };
    const auto lower = tungsten::lower(parse::parse_tungsten(text, "k.w"), {}, ds);
    CHECK(socket(lower).output_queue >= 0);
    CHECK(socket(lower).input_queue == -1);   // the read sits in the branch not taken
    const auto upper = tungsten::lower(parse::parse_tungsten(text, "k.w"), {{"upper", 1}}, ds);
    CHECK(socket(upper).input_queue >= 0);
    CHECK(socket(upper).output_queue == -1);
    CHECK(first_error("xp param upper = 0;\nxp v;\nif (upper) v = missing;\n") == "'missing' is not declared");
}

TEST_CASE("an if on comparisons of params, && || and ! is decided at compile time too") {
    auto reads = [](const std::string& condition, std::vector<ir::param_value> params) {
        diagnostics ds;
        const std::string text = "xp param row = 0;\nxp param G = 4;\nxp socket up;\nxp v = 4;\nxp w = 1;\n"
                                 "if (" + condition + ") v <- up; else up <- v;\n";
        const auto p = tungsten::lower(parse::parse_tungsten(text, "k.w"), params, ds);
        REQUIRE((p.sockets.at(0).input_queue >= 0) != (p.sockets.at(0).output_queue >= 0));  // one branch only
        return p.sockets.at(0).input_queue >= 0;
    };
    CHECK(reads("row == 0", {}));
    CHECK_FALSE(reads("row == 0", {{"row", 2}}));
    CHECK(reads("G - 1 > row && !(row == 2)", {{"row", 1}}));
    CHECK_FALSE(reads("G - 1 > row && !(row == 2)", {{"row", 3}}));
    CHECK(reads("row == 3 || w > 2", {{"row", 3}}));  // the left side decides, w is never read
    CHECK(reads("1.5 > row", {{"row", 1}}));
    // A condition that reads a variable is decided when the program runs: both branches are code.
    diagnostics ds;
    const auto both = tungsten::lower(parse::parse_tungsten("xp param row = 0;\nxp socket up;\nxp v = 4;\n"
                                                            "if (row == 0 && v > 2) v <- up; else up <- v;\n", "k.w"), {}, ds);
    CHECK(both.sockets.at(0).input_queue >= 0);
    CHECK(both.sockets.at(0).output_queue >= 0);
}

TEST_CASE("reference §3: a comparison as a value is the compare mask, except as an operand of + or -") {
    auto r = run("xp a = 2, b = 3;\n"
                 "xp t = a < b;\n"         // -1 when true
                 "xp times = (a < b) * 1;\n"  // still -1
                 "xp plus = (a < b) + 1;\n"   // reads as 1: 2
                 "xp minus = 5 - (b < a);\n"  // false reads as 0: 5
                 "xp cast = (xp)(a < b);\n"   // a cast states the intent: 1
                 "u1 p = a < b;\n"            // stored 0/1
                 "xp widened = p + 1;\n"      // a u1 widens to 0 or 1: 2
                 "xp masked = p * 3;\n");     // 3
    CHECK(r.value("t") == -1);
    CHECK(r.value("times") == -1);
    CHECK(r.value("plus") == 2);
    CHECK(r.value("minus") == 5);
    CHECK(r.value("cast") == 1);
    CHECK(r.value("p") == 1);
    CHECK(r.value("widened") == 2);
    CHECK(r.value("masked") == 3);
}

TEST_CASE("reference §3: a u1 array holds one truth value per element, 0 or 1") {
    auto r = run("xp a[n=4] = {1, 5, 2, 7};\n"
                 "xp b[n=4] = {3, 3, 3, 3};\n"
                 "u1 vflag[n=4];\n"
                 "i in [0, 4) vflag[i] = (a[i] < b[i]);\n"
                 "u1 nonzero[n=4];\n"
                 "i in [0, 4) nonzero[i] = a[i] - 2;\n");
    CHECK(r.ints("vflag") == std::vector<std::int64_t>{1, 0, 1, 0});
    CHECK(r.ints("nonzero") == std::vector<std::int64_t>{1, 1, 0, 1});
}

TEST_CASE("shifts: >> is logical, x>> arithmetic, << fills with zeros; in the left operand's width") {
    auto r = run("xp s = -16;\n"
                 "xp logical = s >> 2;\n"
                 "xp arithmetic = s x>> 2;\n"
                 "xp left = s << 3;\n"
                 "s32 w = -16;\n"
                 "s32 wide = w >> 2;\n");
    CHECK(r.value("logical") == std::int16_t(std::uint16_t(-16) >> 2));
    CHECK(r.value("arithmetic") == -4);
    CHECK(r.value("left") == -128);
    CHECK(r.value("wide") == std::int32_t(std::uint32_t(-16) >> 2));
}

TEST_CASE("bitwise operators and shifts over arrays lower to one DSD operation each, with scalar code's values") {
    // The vector engine runs and16 or16 xor16 sll16 slr16 sar16: each statement is one operation
    // (a deeper value, operations through temporaries), and each element is what scalar code gives.
    const std::string text = "xp a[8] = {1, -2, 3, 0x7fff, -32768, 255, 12, -1};\n"
                             "xp b[8] = {3, 5, -7, 1, 2, 15, 16, 4};\n"
                             "xp c[8]; xp d[8]; xp e[8]; xp f[8]; xp g[8]; xp h[8]; xp m[8];\n"
                             "i in [0, 8) c[i] = a[i] & b[i];\n"
                             "i in [0, 8) d[i] = a[i] | b[i];\n"
                             "i in [0, 8) e[i] = a[i] ^ b[i];\n"
                             "i in [0, 8) f[i] = a[i] << 3;\n"
                             "i in [0, 8) g[i] = a[i] >> b[i];\n"
                             "i in [0, 8) h[i] = a[i] x>> 2;\n"
                             "i in [0, 8) m[i] = (a[i] & 0xff) + (b[i] << 1) * 3;\n";
    auto r = run(text);
    using ir::opcode;
    std::vector<opcode> ops;
    for (const auto& o : r.program.dsd_ops) ops.push_back(o.op);
    CHECK(ops == std::vector<opcode>{opcode::bit_and, opcode::bit_or, opcode::bit_xor, opcode::shl, opcode::shr, opcode::sar,
                                     opcode::shl, opcode::bit_and, opcode::mac});
    const std::vector<std::int16_t> a{1, -2, 3, 0x7fff, -32768, 255, 12, -1}, b{3, 5, -7, 1, 2, 15, 16, 4};
    auto logical = [](std::int16_t v, int n) { return n < 0 || n >= 16 ? 0 : std::int16_t(std::uint16_t(v) >> n); };
    for (std::size_t i = 0; i < 8; ++i) {
        INFO(i);
        CHECK(r.ints("c")[i] == (a[i] & b[i]));
        CHECK(r.ints("d")[i] == (a[i] | b[i]));
        CHECK(r.ints("e")[i] == (a[i] ^ b[i]));
        CHECK(r.ints("f")[i] == std::int16_t(std::uint16_t(a[i]) << 3));
        CHECK(r.ints("g")[i] == logical(a[i], b[i]));
        CHECK(r.ints("h")[i] == a[i] >> 2);
        CHECK(r.ints("m")[i] == std::int16_t((a[i] & 0xff) + std::int16_t(std::uint16_t(b[i]) << 1) * 3));
    }
}

TEST_CASE("a cast of an array lowers to one DSD conversion, with scalar code's values bit for bit") {
    // The vector engine converts between fp32, fp16 and 16-bit integers (fh2s fs2h fs2xp16 xp162fs
    // fh2xp16 xp162fh): each statement is one operation, a cast inside a deeper value one into a
    // temporary; the same statements under an `if` are scalar code, and every element agrees.
    const std::string text = "hp h[8] = {1.5, -2.25, 0.1, 65504.0, -0.0, 3.0, 1000.5, -7.75};\n"
                             "sp s[8] = {1000000.0, -1000000.0, 70000.0, 0.1, -3.7, 2.5, -0.0, 1.0e-9};\n"
                             "xp x[8] = {1, -2, 32767, -32768, 0, 100, -100, 7};\n"
                             "sp hs[8]; hp sh[8]; xp sx[8]; sp xs[8]; xp hx[8]; hp xh[8]; sp m[8];\n"
                             "sp hs2[8]; hp sh2[8]; xp sx2[8]; sp xs2[8]; xp hx2[8]; hp xh2[8]; sp m2[8];\n"
                             "i in [0, 8) hs[i] = (sp)h[i];\n"
                             "i in [0, 8) sh[i] = (hp)s[i];\n"
                             "i in [0, 8) sx[i] = (xp)s[i];\n"
                             "i in [0, 8) xs[i] = (sp)x[i];\n"
                             "i in [0, 8) hx[i] = (xp)h[i];\n"
                             "i in [0, 8) xh[i] = (hp)x[i];\n"
                             "i in [0, 8) m[i] = (sp)h[i] * s[i] + (sp)x[i];\n"
                             "i in [0, 8) { if (i >= 0) {\n"
                             "  hs2[i] = (sp)h[i]; sh2[i] = (hp)s[i]; sx2[i] = (xp)s[i]; xs2[i] = (sp)x[i];\n"
                             "  hx2[i] = (xp)h[i]; xh2[i] = (hp)x[i]; m2[i] = (sp)h[i] * s[i] + (sp)x[i];\n"
                             "} }\n";
    auto r = run(text);
    using ir::data_type;
    std::vector<std::pair<data_type, data_type>> conversions;
    for (const auto& o : r.program.dsd_ops)
        if (o.op == ir::opcode::convert) conversions.emplace_back(o.from, o.type);
    CHECK(conversions == std::vector<std::pair<data_type, data_type>>{
                             {data_type::f16, data_type::f32}, {data_type::f32, data_type::f16}, {data_type::f32, data_type::i16},
                             {data_type::i16, data_type::f32}, {data_type::f16, data_type::i16}, {data_type::i16, data_type::f16},
                             {data_type::f16, data_type::f32}, {data_type::i16, data_type::f32}});
    CHECK(r.program.dsd_ops.size() == conversions.size() + 1);  // and the mac; the scalar statements are none
    for (const char* name : {"hs", "sh", "sx", "xs", "hx", "xh", "m"}) {
        INFO(name);
        CHECK(r.ints(name) == r.ints(std::string(name) + "2"));
    }
    CHECK(r.ints("hs")[0] == std::bit_cast<std::uint32_t>(1.5f));
    CHECK(r.ints("sx")[0] == 32767);  // fp32 to a 16-bit integer saturates
}

TEST_CASE("a conversion reads a socket in its source's width and sends in its target's") {
    // hp wavelets carry 16 bits, sp ones 32: a conversion from a socket and one to a socket each
    // move one value a wavelet, its bits those of the value in the socket's type.
    const std::string layout = "let c = color()\n"
                               "let a = tile()\na : paint(c [C>R])\na : code('send [tx:c])\na : name('a)\n"
                               "let b = tile()\nb : paint(c [L>C])\nb : code('recv [rx:c])\nb : name('b)\n"
                               "hstack(a b)\n";
    const std::vector<double> values{1.5, -2.25, 65504.0, 0.1};
    const auto widened = test::run_layout(layout, {{"send", "hp socket tx;\nhp v[4] = {1.5, -2.25, 65504.0, 0.1};\n"
                                                            "i in [0, 4) tx <- v[i];\n"},
                                                   {"recv", "hp socket rx;\nsp out[4];\ni in [0, 4) out[i] <- (sp)rx;\n"}});
    CHECK(widened.program("recv").dsd_ops[0].op == ir::opcode::convert);
    const auto singles = widened.values("b.out", 4);
    for (std::size_t i = 0; i < 4; ++i) {
        INFO(i);
        const float expected = float(half_value(half_bits(values[i])));  // the hp value, exactly
        CHECK(singles[i] == std::bit_cast<std::uint32_t>(expected));
    }
    const auto narrowed = test::run_layout(layout, {{"send", "hp socket tx;\nsp v[4] = {1.5, -2.25, 65504.0, 0.1};\n"
                                                             "i in [0, 4) tx <- (hp)v[i];\n"},
                                                    {"recv", "hp socket rx;\nhp out[4];\ni in [0, 4) out[i] <- rx;\n"}});
    CHECK(narrowed.program("send").dsd_ops[0].op == ir::opcode::convert);
    const auto halves = narrowed.values("b.out", 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(halves[i] == half_bits(double(float(values[i]))));
}

TEST_CASE("a select of the greater or the lesser of two arrays lowers to one max or min, with scalar code's values") {
    // x > y ? x : y is the vector engine's max (fmaxh, fmaxs), x < y ? x : y its min, and their
    // swapped arms the other one; on integers >= and <= too. The same statements under an `if`
    // are scalar code, and every element agrees bit for bit, NaN, +0 and -0 included.
    const std::string text = "sp z = 0.0;\n"
                             "sp a[6] = {1.0, -0.0, 0.0, 2.0, -3.5, 7.0};\n"
                             "sp b[6] = {2.0, 0.0, -0.0, 2.0, -1.0, 1.0};\n"
                             "sp mx[6]; sp mn[6]; sp u[6]; sp v[6]; sp mx2[6]; sp mn2[6]; sp uu[6]; sp vv[6];\n"
                             "xp p[6] = {1, -2, 5, 5, 32767, -32768};\n"
                             "xp q[6] = {3, -2, 4, 6, -1, 0};\n"
                             "xp g[6]; xp l[6]; xp h[6]; xp g2[6]; xp l2[6]; xp h2[6];\n"
                             "a[3] = z / z;\n"  // NaNs
                             "b[5] = z / z;\n"
                             "i in [0, 6) mx[i] = a[i] > b[i] ? a[i] : b[i];\n"
                             "i in [0, 6) mn[i] = a[i] < b[i] ? a[i] : b[i];\n"
                             "i in [0, 6) u[i] = a[i] > b[i] ? b[i] : a[i];\n"
                             "i in [0, 6) v[i] = a[i] < b[i] ? b[i] : a[i];\n"
                             "i in [0, 6) g[i] = p[i] >= q[i] ? p[i] : q[i];\n"
                             "i in [0, 6) l[i] = p[i] <= q[i] ? p[i] : q[i];\n"
                             "i in [0, 6) h[i] = (p[i] > q[i] ? q[i] : p[i]) + 1;\n"
                             "i in [0, 6) { if (i >= 0) {\n"
                             "  mx2[i] = a[i] > b[i] ? a[i] : b[i]; mn2[i] = a[i] < b[i] ? a[i] : b[i];\n"
                             "  uu[i] = a[i] > b[i] ? b[i] : a[i]; vv[i] = a[i] < b[i] ? b[i] : a[i];\n"
                             "  g2[i] = p[i] >= q[i] ? p[i] : q[i]; l2[i] = p[i] <= q[i] ? p[i] : q[i];\n"
                             "  h2[i] = (p[i] > q[i] ? q[i] : p[i]) + 1;\n"
                             "} }\n"
                             "sp s[4] = {1.0, 2.0, 3.0, 4.0}; sp t[4];\n"
                             "i in [0, 4) t[i] = s[i] >= 2.5 ? s[i] : 2.5;\n";  // >= on floats: scalar code
    auto r = run(text);
    using ir::opcode;
    std::vector<opcode> ops;
    for (const auto& o : r.program.dsd_ops) ops.push_back(o.op);
    CHECK(ops == std::vector<opcode>{opcode::max, opcode::min, opcode::min, opcode::max, opcode::max, opcode::min,
                                     opcode::min, opcode::add});
    const std::vector<std::pair<std::string, std::string>> pairs{{"mx", "mx2"}, {"mn", "mn2"}, {"u", "uu"}, {"v", "vv"},
                                                                 {"g", "g2"},   {"l", "l2"},   {"h", "h2"}};
    for (const auto& [dsd, scalar] : pairs) {
        INFO(dsd);
        CHECK(r.ints(dsd) == r.ints(scalar));
    }
    CHECK(r.ints("g")[0] == 3);
    CHECK(std::bit_cast<float>(std::uint32_t(r.ints("t")[0])) == 2.5f);
}

TEST_CASE("an and of 1024-element arrays runs at and16's rate: four a cycle on WSE-2, two with both sources in the same banks") {
    for (const bool pad : {false, true}) {
        INFO("pad " << pad);
        auto r = run(std::string("xp a[1024]; ") + (pad ? "xp gap[4]; " : "") + "xp b[1024]; xp c[1024];\n" +
                     "i in [0, 1024) c[i] = a[i] & b[i];\n");
        REQUIRE(r.program.dsd_ops.size() == 1);
        const bool same_banks = ((r.symbol("a").base - r.symbol("b").base) & 7) != 4;
        CHECK(same_banks == !pad);
        CHECK(r.result.cycles == 1 + 1024 / (same_banks ? 2 : 4));
    }
}

TEST_CASE("division and remainder truncate toward zero; bitwise operators; ? :") {
    auto r = run("xp d = 17, e = -17;\n"
                 "xp q = d / 5, m = d % 5, nq = e / 5, nm = e % 5;\n"
                 "xp band = d & 6, bor = d | 6, bxor = d ^ 6, inv = ~d;\n"
                 "xp big = d > 10 ? 100 : 200, small = d < 10 ? 100 : 200;\n"
                 "u16 u = 65535;\n"
                 "u16 half = u / 2;\n");
    CHECK(r.value("q") == 17 / 5);
    CHECK(r.value("m") == 17 % 5);
    CHECK(r.value("nq") == -17 / 5);
    CHECK(r.value("nm") == -17 % 5);
    CHECK(r.value("band") == (17 & 6));
    CHECK(r.value("bor") == (17 | 6));
    CHECK(r.value("bxor") == (17 ^ 6));
    CHECK(r.value("inv") == ~17);
    CHECK(r.value("big") == 100);
    CHECK(r.value("small") == 200);
    CHECK(r.value("half") == 65535 / 2);  // unsigned: not -1 / 2
}

TEST_CASE("&& and || evaluate their right operand only when the left does not decide") {
    // z / z would fault (division by zero) if it ran.
    auto r = run("xp z = 0, one = 1;\n"
                 "xp a = 0, b = 0, c = 0;\n"
                 "if (one || z / z) a = 1;\n"
                 "if (z && z / z) b = 1; else b = 2;\n"
                 "c = (one && 3) + (z || one);\n");
    CHECK(r.value("a") == 1);
    CHECK(r.value("b") == 2);
    CHECK(r.value("c") == 2);
}

TEST_CASE("mixed types convert as C does; assignment converts to the target") {
    auto r = run("sp f = 1.5;\n"
                 "xp k = 3;\n"
                 "sp g = f * k;\n"
                 "xp h = f * 4;\n"
                 "s32 big = 100000;\n"
                 "s32 sum = big + k;\n"
                 "xp low = big;\n"
                 "sp fi[n=3];\n"
                 "i in [0, 3) fi[i] = i;\n");
    CHECK(r.real("g") == 4.5f);
    CHECK(r.value("h") == 6);
    CHECK(r.value("sum") == 100003);
    CHECK(r.value("low") == std::int16_t(100000));
    CHECK(r.ints("fi") ==
          std::vector<std::int64_t>{std::bit_cast<std::uint32_t>(0.0f), std::bit_cast<std::uint32_t>(1.0f),
                                    std::bit_cast<std::uint32_t>(2.0f)});
}

TEST_CASE("hp and ep values: literals round to the format, assignment narrows sp to ep") {
    auto r = run("hp h = 0.1;\n"
                 "hp two = h + h;\n"
                 "sp x = 1.000732421875;\n"  // 1 + 3 * 2^-12: ep keeps 10 mantissa bits
                 "ep e = x;\n"
                 "sp back = e;\n");
    CHECK(r.bits("h") == 0x2e66);   // binary16 nearest to 0.1
    CHECK(r.bits("two") == 0x3266);  // 0.2 in binary16
    CHECK(r.real("back") == 1.0009765625f);  // rounded (not truncated) to 1 + 2^-10
}

TEST_CASE("hp widens to sp and ep and narrows on assignment, implicitly, as wafer::hp does in C++") {
    auto r = run("hp h = 0.5;\nsp s = 0.25;\nep e = 3.0;\n"
                 "sp sum = h + s;\n"
                 "ep prod = e * h;\n"
                 "xp less = s < h;\n"
                 "sp wide = h;\n"
                 "hp narrow = s + 0.083333333;\n"
                 "hp from_ep = e * e;\n"
                 "sp pick = h > 0.0 ? h : s;\n"
                 "hp cast = (hp)(s + 0.083333333);\n"
                 "hp ha[4] = {0.1, 0.2, 0.3, 0.4};\n"
                 "sp sa[4] = {1.0, 2.0, 3.0, 4.0};\n"
                 "sp mixed[4];\n"
                 "hp back[4];\n"
                 "i in [0, 4) mixed[i] = ha[i] + sa[i];\n"
                 "i in [0, 4) back[i] = ha[i] * sa[i];\n");
    const wafer::hp h(0.5);
    const wafer::sp s(0.25f);
    const wafer::ep e(3.0);
    CHECK(r.real("sum") == float(h + s));
    CHECK(r.bits("prod") == (e * h).bits());
    CHECK(r.value("less") == -1);
    CHECK(r.real("wide") == 0.5f);
    CHECK(r.bits("narrow") == wafer::hp(s + 0.083333333).bits());
    CHECK(r.bits("narrow") == r.bits("cast"));
    CHECK(r.bits("from_ep") == wafer::hp(e * e).bits());
    CHECK(r.real("pick") == 0.5f);
    const double hs[] = {0.1, 0.2, 0.3, 0.4};
    std::vector<std::int64_t> mixed, back;
    for (int k = 0; k < 4; ++k) {
        const wafer::hp x(hs[k]);
        const wafer::sp y(double(k + 1));
        mixed.push_back(wafer::sp(x + y).bits());
        back.push_back(wafer::hp(x * y).bits());
    }
    CHECK(r.ints("mixed") == mixed);
    CHECK(r.ints("back") == back);
}

TEST_CASE("reference §8: sp, hp and ep params, by default or setting, hold their type's value") {
    const std::string text = "sp param C = 0.1;\n"
                             "hp param H;\n"
                             "ep param E = 1.0 / 3.0;\n"
                             "xp param N = 3;\n"
                             "sp a[4] = {1.0, 2.0, 3.0, 4.0};\n"
                             "sp b[4];\n"
                             "i in [0, 4) b[i] = a[i] * C;\n"  // one DSD operation with C as its constant
                             "sp c = C;\n"
                             "hp h = H * H;\n"
                             "ep e = E;\n"
                             "sp last = b[N];\n";
    auto r = run(text, {{"H", 0.1}});
    CHECK(r.real("c") == 0.1f);
    CHECK(r.bits("h") == (wafer::hp(0.1) * wafer::hp(0.1)).bits());  // H holds 0.1 rounded to hp
    CHECK(r.bits("e") == wafer::ep(1.0 / 3.0).bits());
    CHECK(r.real("last") == 4.0f * 0.1f);
    // A setting overrides a default; an integer setting gives a float param its value.
    auto s = run(text, {{"H", 2}, {"C", 0.5}});
    CHECK(s.real("c") == 0.5f);
    CHECK(s.bits("h") == wafer::hp(4.0).bits());
    // The listing and the program record each param's value in its type.
    std::vector<std::string> params;
    for (const auto& p : s.program.params) params.push_back(p.name + "=" + to_string(p.value));
    CHECK(params == std::vector<std::string>{"C=0.5", "H=2.0", "E=" + to_string(number(double(wafer::ep(1.0 / 3.0)))), "N=3"});
}

TEST_CASE("reference §4: xp y = x + 1, x = y + 1 in a block gives y = 11 and the inner x = 12") {
    auto r = run("xp x = 10, w = 1;\n"
                 "xp out[n=2];\n"
                 "{\n"
                 "  xp y = x + 1, x = y + 1;\n"
                 "  out[0] = y;\n"
                 "  out[1] = x;\n"
                 "}\n");
    CHECK(r.ints("out") == std::vector<std::int64_t>{11, 12});
    CHECK(r.value("x") == 10);
}

TEST_CASE("scalar code keeps wafer's checks: bounds over the loops, 64-bit values, real to integer") {
    CHECK(first_error("xp m[n=4][k=4];\ni in [0, 4) j in [i, 5) m[i][j] = 1;\n") ==
          "a subscript of 'm' takes values 0 to 4 over the loop ranges, outside dimension 'k' of 'm' (extent 4)");
    CHECK(first_error("u64 x[n=2];\nxp y;\ny = x[0] + 1;\n") ==
          "'x' is u64: a 64-bit value is storage only; read or write its words through a u16 or u32 array declared "
          "with address(&array)");
    CHECK(first_error("xp y = 1;\nxp z = y < 2.5;\n") ==
          "real value 2.5 where an integer (xp) is needed; wafer does not convert it implicitly");
    CHECK(first_error("sp f = 1.0;\nsp g = f % 2;\n") ==
          "operator '%' takes integers, and this operation is sp; convert with a cast such as (s32)");
    CHECK(first_error("xp a[n=4];\nxp y = 2;\nif (y) a[y + 3] = 1;\n") == "<no error>");  // not bounded: run time
}

TEST_CASE("reference §3: u2-u15 and s2-s15 are stored and computed in 16 bits: a u4 set to 3 + 14 holds 17") {
    auto r = run("u4 folded = 3 + 14;\n"
                 "u4 a = 3;\n"
                 "u4 computed = a + 14;\n"
                 "s3 negative = -100;\n"
                 "u15 big = 40000;\n"
                 "u15 half = big / 2;\n");
    CHECK(r.value("folded") == 17);
    CHECK(r.value("computed") == 17);
    CHECK(r.value("negative") == -100);
    CHECK(r.value("half") == 20000);  // unsigned, like u16
    CHECK(first_error("xp u4 = 1;\n") != "<no error>");  // a type name, not a variable name
    CHECK(first_error("u16 ok = 1;\nu1 flag = 1;\nu0 bad = 1;\n") != "<no error>");
}

TEST_CASE("fsanitize=bounds checks exactly the subscripts the compiler cannot prove in bounds") {
    const std::string text = "xp a[n=4] = {1, 2, 3, 4};\nxp idx[3] = {1, 3, 2};\nxp total = 0;\n"
                             "k in [0, 3) total = total + a[idx[k]] + idx[k];\n";
    diagnostics ds;
    const auto program = tungsten::lower(parse::parse_tungsten(text, "k.w"), {}, ds, {.check_bounds = true});
    std::size_t checks = 0;
    for (const auto& b : program.blocks)
        for (const auto& i : b.code) checks += i.code == ir::instr::check_bounds;
    CHECK(checks == 1);  // a[idx[k]]; idx[k] is proven by k's range
    REQUIRE(program.bounds_checks.size() == 1);
    CHECK(program.bounds_checks[0] == ir::bounds_check{"a", "n"});
    fabric::fabric f(ir::single_pe_layout(program));
    CHECK(f.run().status == fabric::run_status::halted);  // every index is inside: the checks pass
    const auto plain = tungsten::lower(parse::parse_tungsten(text, "k.w"), {}, ds);
    CHECK(plain.bounds_checks.empty());
}

TEST_CASE("a fault in scalar code is reported at the cycle its instruction runs in, not where its burst began") {
    const auto fault_cycle = [](int steps) {
        std::string text = "xp z = 0;\nxp a = 1;\n";
        for (int k = 0; k < steps; ++k) text += "a = a + 1;\n";
        text += "a = a / z;\n";
        const auto r = test::run_to_end(parse::parse_tungsten(text, "k.w")).result;
        REQUIRE(r.status == fabric::run_status::fault);
        CHECK(fabric::report(r).find("(cycle " + std::to_string(r.cycles) + ")") != std::string::npos);
        return r.cycles;
    };
    const auto early = fault_cycle(1), late = fault_cycle(20);
    CHECK(early > 0);
    CHECK(late > early);  // 19 more additions run first, in the same burst
}

TEST_CASE("reference §5: a short inner list is padded as C pads it, with a warning (Carbide lays values end to end)") {
    const std::string text = "xp q[n=2][m=3] = {{1, 2}, {3, 4, 5}};\n";
    CHECK(test::warnings(text) ==
          std::vector<std::string>{"inner list has 2 values but dimension 'm' of 'q' has extent 3: wafer pads it with "
                                   "zeros, as C does (Carbide lays the values end to end); give each inner list in "
                                   "full or as {}"});
    CHECK(run(text).ints("q") == std::vector<std::int64_t>{1, 2, 0, 3, 4, 5});
}

TEST_CASE("a run stops at the cycle asked, inside a stretch of scalar code, and goes on to the same end") {
    diagnostics ds;
    const auto program = tungsten::lower(parse::parse_tungsten("xp c = 0;\ni in [0, 100) if (i > 0) c = c + 1;\n", "k.w"), {}, ds);
    const auto layout = ir::single_pe_layout(program);
    fabric::fabric whole(layout);
    const auto end = whole.run();
    REQUIRE(end.status == fabric::run_status::halted);
    const auto c = [&](fabric::fabric& f) { return f.memory(0)[program.symbols.at(0).base]; };
    REQUIRE(c(whole) == 99);
    word before = 0;
    for (std::uint64_t at = 1; at < end.cycles; at += 7) {
        INFO("stop at " << at << " of " << end.cycles);
        fabric::fabric f(layout);
        const auto stopped = f.run({.stop = at});
        REQUIRE(stopped.status == fabric::run_status::stopped);
        CHECK(stopped.cycles == at);
        CHECK(c(f) >= before);               // the loop's count as it was at that cycle ...
        if (2 * at < end.cycles) CHECK(c(f) < 50);  // ... not where a burst of scalar code got to
        before = c(f);
        CHECK(f.run({.resume = true}).cycles == end.cycles);
        CHECK(c(f) == 99);
    }
}
