// wafer::hp, sp and ep against independent references: the compiler's own binary16 (_Float16,
// where g++ has it) for every hp bit pattern, and rounding on the bits for every ep pattern.
#include "wafer/core/floats.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "wafer/fabric/detail/scalar.hpp"

#if defined(__FLT16_MANT_DIG__) && !defined(__clang__)
#define WAFER_TEST_FLOAT16 1
#endif

using wafer::ep;
using wafer::hp;
using wafer::sp;

namespace {

bool is_nan(double v) { return v != v; }
bool same(double a, double b) { return (is_nan(a) && is_nan(b)) || std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

/// The hp value after h among the finite positive values (h finite, positive, below 65504).
hp next_up(hp h) { return hp::from_bits(std::uint16_t(h.bits() + 1)); }

/// f32 bits rounded to ep on the bits (ties to even at bit 13; the carry moves into the exponent,
/// up to infinity): finite values only.
std::uint32_t ep_rounded_bits(std::uint32_t f32) {
    const std::uint32_t magnitude = f32 & 0x7fffffffu, sign = f32 & 0x80000000u;
    return sign | ((magnitude + 0xfffu + ((magnitude >> 13) & 1u)) & ~0x1fffu);
}

/// `v` rounded to 11 significant bits with a minimum exponent of -126 (ep), by frexp and nearbyint:
/// another way than core/detail/rounding.hpp.
double ep_reference(double v) {
    if (v == 0 || is_nan(v) || std::isinf(v)) return v;
    int e;
    std::frexp(v, &e);  // v = f * 2^e, 0.5 <= |f| < 1
    const int quantum = std::max(e - 11, -126 - 10);
    const double r = std::ldexp(std::nearbyint(std::ldexp(v, -quantum)), quantum);
    return std::fabs(r) >= 0x1p128 ? std::copysign(INFINITY, r) : r;
}

}  // namespace

TEST_CASE("hp: every bit pattern converts exactly, and back") {
    for (std::uint32_t b = 0; b < 0x10000; ++b) {
        const auto h = hp::from_bits(std::uint16_t(b));
        const double v = double(h);
#ifdef WAFER_TEST_FLOAT16
        REQUIRE(same(v, double(std::bit_cast<_Float16>(std::uint16_t(b)))));
#endif
        if (is_nan(v)) {
            CHECK(is_nan(double(hp(v))));
            continue;
        }
        REQUIRE(hp(v).bits() == b);
        REQUIRE(same(double(sp(h)), v));  // widening is exact
        REQUIRE(same(double(ep(h)), v));
        REQUIRE(hp(sp(h)).bits() == b);
        REQUIRE((-h).bits() == (b ^ 0x8000u));
    }
}

TEST_CASE("hp: every value between two neighbours rounds to the nearer, ties to even") {
    for (std::uint32_t b = 0; b < 0x7bff; ++b) {  // finite, positive, below the largest
        const auto lo = hp::from_bits(std::uint16_t(b)), hi = next_up(lo);
        const double mid = (double(lo) + double(hi)) / 2;
        const hp even = (b & 1) ? hi : lo;
        REQUIRE(hp(mid).bits() == even.bits());
        REQUIRE(hp(std::nextafter(mid, 0.0)).bits() == lo.bits());
        REQUIRE(hp(std::nextafter(mid, 1e9)).bits() == hi.bits());
        REQUIRE(hp(-mid).bits() == (even.bits() | 0x8000u));
#ifdef WAFER_TEST_FLOAT16
        REQUIRE(std::bit_cast<std::uint16_t>(_Float16(mid)) == even.bits());
#endif
    }
    // 65504 is the largest; half a step past it (65520) is a tie, which goes to infinity (even).
    CHECK(hp(65519.99).bits() == 0x7bffu);
    CHECK(hp(65520.0).bits() == 0x7c00u);
    CHECK(hp(-1e6).bits() == 0xfc00u);
    CHECK(hp(0x1p-25).bits() == 0);       // half the smallest subnormal: a tie, to even (zero)
    CHECK(hp(0x1.8p-25).bits() == 1);     // past it: the smallest subnormal
}

#ifdef WAFER_TEST_FLOAT16
TEST_CASE("hp: arithmetic rounds as binary16 does") {
    // Every sign, exponent and a few mantissas, infinities and NaN; then random pairs.
    std::vector<std::uint16_t> values;
    for (std::uint32_t sign = 0; sign < 2; ++sign)
        for (std::uint32_t e = 0; e < 32; ++e)
            for (const std::uint32_t m : {0x0u, 0x1u, 0x155u, 0x200u, 0x2aau, 0x3ffu})
                values.push_back(std::uint16_t(sign << 15 | e << 10 | m));
    std::mt19937 rng(7);
    std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs;
    for (auto a : values)
        for (auto b : values) pairs.emplace_back(a, b);
    for (int k = 0; k < 400'000; ++k) pairs.emplace_back(std::uint16_t(rng()), std::uint16_t(rng()));
    auto bits = [](_Float16 f) { return std::bit_cast<std::uint16_t>(f); };
    auto agree = [](std::uint16_t got, std::uint16_t want) {
        const bool nan = (want & 0x7c00) == 0x7c00 && (want & 0x3ff);
        return nan ? ((got & 0x7c00) == 0x7c00 && (got & 0x3ff)) : got == want;
    };
    for (const auto& [a, b] : pairs) {
        const hp x = hp::from_bits(a), y = hp::from_bits(b);
        const _Float16 fx = std::bit_cast<_Float16>(a), fy = std::bit_cast<_Float16>(b);
        REQUIRE(agree((x + y).bits(), bits(fx + fy)));
        REQUIRE(agree((x - y).bits(), bits(fx - fy)));
        REQUIRE(agree((x * y).bits(), bits(fx * fy)));
        REQUIRE(agree((x / y).bits(), bits(fx / fy)));
        REQUIRE((x < y) == (fx < fy));
        REQUIRE((x == y) == (fx == fy));
    }
}
#endif

TEST_CASE("hp, sp and ep compute as the fabric's scalar instructions do") {
    namespace fd = wafer::fabric::detail;
    using wafer::ir::data_type;
    using wafer::ir::instr;
    std::mt19937 rng(11);
    fd::scalar_fault fault{};
    for (int k = 0; k < 100'000; ++k) {
        const std::uint32_t a = rng(), b = rng();
        const hp x = hp::from_bits(std::uint16_t(a)), y = hp::from_bits(std::uint16_t(b));
        REQUIRE(fd::scalar(instr::add, data_type::f16, x.bits(), y.bits(), fault) == (x + y).bits());
        REQUIRE(fd::scalar(instr::mul, data_type::f16, x.bits(), y.bits(), fault) == (x * y).bits());
        REQUIRE(fd::scalar(instr::div, data_type::f16, x.bits(), y.bits(), fault) == (x / y).bits());
        const ep e = ep::from_bits(a), f = ep::from_bits(b);
        REQUIRE(fd::scalar(instr::sub, data_type::ep, a, b, fault) == (e - f).bits());
        REQUIRE(fd::scalar(instr::mul, data_type::ep, a, b, fault) == (e * f).bits());
        REQUIRE(fd::scalar(instr::div, data_type::ep, a, b, fault) == (e / f).bits());
        // sp is the host's binary32, whose NaN results carry whichever operand's sign and payload the
        // compiled code happens to put first: only their being NaN is compared.
        const sp s = sp::from_bits(a), t = sp::from_bits(b);
        const auto sum = sp::from_bits(fd::scalar(instr::add, data_type::f32, a, b, fault));
        REQUIRE((sum.bits() == (s + t).bits() || (sum != sum && s + t != s + t)));
    }
}

TEST_CASE("ep: narrowing rounds at bit 13, ties to even; infinities and NaNs keep their class") {
    const std::uint32_t lows[] = {0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x1fff, 0x0800, 0x17ff};
    for (std::uint32_t high = 0; high < (1u << 19); ++high) {
        for (const auto low : lows) {
            const std::uint32_t f32 = high << 13 | low;
            const ep e = sp::from_bits(f32);  // assignment narrows implicitly
            if ((f32 & 0x7f800000u) == 0x7f800000u) {
                const bool nan = (f32 & 0x7fffffu) != 0;
                REQUIRE(((e.bits() & 0x7fffffu) != 0) == nan);  // a NaN stays a NaN, infinity stays infinity
                REQUIRE((e.bits() & 0xff800000u) == (f32 & 0xff800000u));
                continue;
            }
            REQUIRE(e.bits() == ep_rounded_bits(f32));
            REQUIRE(same(double(ep(double(std::bit_cast<float>(f32)))), double(e)));
        }
    }
}

TEST_CASE("ep: a multiply operand loses its low 13 bits outright; a result rounds") {
    // The reference's warning: a converted value and a computed one may differ in the last bit.
    const auto odd = ep::from_bits(0x3f801800u);  // 1 + 2^-10 + 2^-11: not an ep value
    CHECK(double(odd * ep(1.0)) == 1.0);          // read as a multiplicand: 1
    CHECK(double(ep(sp(odd))) == 1.0 + 0x1p-10);  // converted: rounded up
    CHECK(ep::from_bits(0x00001fffu).multiplicand().bits() == 0);  // a subnormal with nothing above bit 13 is zero
    const auto nan = ep::from_bits(0x7f800001u);  // NaN only in the discarded bits
    CHECK(is_nan(double(nan.multiplicand())));
    CHECK(is_nan(double(nan * ep(2.0))));
    CHECK(ep::from_bits(0x7f800000u).multiplicand().bits() == 0x7f800000u);

    std::mt19937 rng(3);
    for (int k = 0; k < 200'000; ++k) {
        const ep a = ep::from_bits(rng()), b = ep::from_bits(rng());
        const double x = double(a), y = double(b), tx = double(a.multiplicand()), ty = double(b.multiplicand());
        REQUIRE(same(double(a + b), ep_reference(x + y)));
        REQUIRE(same(double(a - b), ep_reference(x - y)));
        REQUIRE(same(double(a * b), ep_reference(tx * ty)));
        REQUIRE(same(double(a / b), ep_reference(x / y)));
        REQUIRE((a.multiplicand().bits() & 0x1fffu) == 0);
    }
}

TEST_CASE("sp is binary32, and ep and sp mix as the reference says") {
    CHECK(sp(0.1).bits() == std::bit_cast<std::uint32_t>(0.1f));
    CHECK(sp(16777217).bits() == std::bit_cast<std::uint32_t>(16777216.0f));  // an integer rounds once
    CHECK(double(sp(1.5) * sp(2.0) + sp(0.25)) == 3.25);
    const ep e(1.0);
    const sp s(0x1p-20);
    static_assert(std::is_same_v<decltype(e + s), sp>);  // ep widens
    static_assert(std::is_same_v<decltype(s * e), sp>);
    static_assert(std::is_same_v<decltype(e * 2), ep>);  // a constant takes the other operand's type
    static_assert(std::is_same_v<decltype(0.5 - hp()), hp>);
    CHECK(double(e + s) == 1.0 + 0x1p-20);  // computed in sp
    ep acc = e + s;                          // narrowed on assignment: the 2^-20 is gone
    CHECK(double(acc) == 1.0);
    acc += s;                                // acc = acc + s, then narrowed
    CHECK(double(acc) == 1.0);
    sp wide = acc;                           // widening is implicit and exact
    CHECK(wide == acc);
    hp h(0.5);
    h *= 3;
    CHECK(double(h) == 1.5);
    CHECK(h > 1);
    CHECK(sp(h) + s == sp(1.5 + 0x1p-20));
}

TEST_CASE("hp widens to sp and ep, exactly and implicitly, and mixed operands compute in the wider type") {
    const hp h(0.1);
    const sp s(0.25f);
    const ep e(3.0);
    static_assert(std::is_same_v<decltype(h + s), sp>);
    static_assert(std::is_same_v<decltype(e * h), ep>);
    static_assert(std::is_same_v<decltype(h - e), ep>);
    CHECK(h + s == sp(float(double(h)) + 0.25f));  // the hp is exact in sp
    CHECK((e * h).bits() == (e * ep(h)).bits());
    CHECK(h < s);
    const sp wide = h;                             // widening: exact
    CHECK(double(wide) == double(h));
    const hp narrow = s + 0.083333333;             // narrowing on assignment: one rounding of the sp sum
    CHECK(narrow.bits() == hp(double(0.25f + float(0.083333333))).bits());
    const hp from_ep = e;
    CHECK(double(from_ep) == 3.0);
}

// Everything is a constant expression too.
static_assert(hp(1.0) + hp(2.0) == hp(3.0));
static_assert(hp(65520.0).bits() == 0x7c00u);
static_assert((ep(3.0) * ep(0.5)).bits() == std::bit_cast<std::uint32_t>(1.5f));
static_assert(sp(ep(1.0)) == sp(1.0));

TEST_CASE("the example of docs/embedding.md") {
    wafer::hp h(0.1);
    wafer::ep e(3.0);
    wafer::sp s = e * e + h;
    wafer::ep acc = s;
    acc += 0.5;
    CHECK(h.bits() == 0x2e66u);
    CHECK(double(s) == 9.1015625);          // e * e + h is an ep: 9.09997... rounds to the ep step 2^-7
    CHECK(double(acc) == 9.1015625 + 0.5);
}
