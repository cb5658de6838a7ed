// examples/histogram: a histogram on a G x G torus of PEs built from ring routes. Each PE's values
// go around its column's ring, then around its row's ring; every count on the fabric is checked
// against a plain C++ histogram of the same values, for pseudo-random values, several sizes, and
// values that all fall in one bin.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

struct torus {
    int G, M, K;   // G x G PEs, M values a PE, K bins a PE
    int bins() const { return G * G * K; }
};

/// What the fabric computed: the count of every bin, in order (PE (x, y) holds bins (y G + x) K ..),
/// and how many values phase 1 kept on each PE, [y][x].
struct outcome {
    std::vector<int> counts;
    std::vector<std::vector<int>> kept;
};

/// `values` (G G M of them, PE (x, y) holding M from (y G + x) M) through histogram.paint.
outcome run_histogram(const torus& t, const std::vector<int>& values) {
    REQUIRE(values.size() == std::size_t(t.G * t.G * t.M));
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/histogram/";
    auto layout =
        wafer::parse::build_paint_file(dir + "histogram.paint", {}, {{"G", t.G}, {"M", t.M}, {"K", t.K}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);

    wafer::fabric::fabric f(layout);
    auto symbol = [&](int x, int y, const std::string& name) {   // the PE's index and the symbol's base address
        const auto pe = f.pe_at(x, y);
        REQUIRE(pe.has_value());
        for (const auto& s : f.layout().programs[f.layout().pes[*pe].program].symbols)
            if (s.name == name) return std::pair<std::size_t, std::uint32_t>{*pe, s.base};
        FAIL("no " << name << " at " << x << "," << y);
        return std::pair<std::size_t, std::uint32_t>{};
    };
    for (int y = 0; y < t.G; ++y)
        for (int x = 0; x < t.G; ++x) {
            const auto [pe, base] = symbol(x, y, "vals");
            for (int n = 0; n < t.M; ++n)
                f.memory(pe)[base + std::uint32_t(n)] = wafer::word(values[std::size_t((y * t.G + x) * t.M + n)]);
        }
    const auto result = f.run();
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    for (const auto& d : result.diagnostics) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);

    outcome out{std::vector<int>(std::size_t(t.bins())),
                std::vector<std::vector<int>>(std::size_t(t.G), std::vector<int>(std::size_t(t.G)))};
    for (int y = 0; y < t.G; ++y)
        for (int x = 0; x < t.G; ++x) {
            const auto [pe, count] = symbol(x, y, "count");
            for (int k = 0; k < t.K; ++k)
                out.counts[std::size_t((y * t.G + x) * t.K + k)] = std::int16_t(f.memory(pe)[count + std::uint32_t(k)]);
            const auto [same, kept] = symbol(x, y, "kept");
            out.kept[std::size_t(y)][std::size_t(x)] = std::int16_t(f.memory(same)[kept]);
        }
    return out;
}

/// The plain histogram, and what phase 1 should keep: the values of column x that belong to row y.
outcome expected(const torus& t, const std::vector<int>& values) {
    outcome out{std::vector<int>(std::size_t(t.bins())),
                std::vector<std::vector<int>>(std::size_t(t.G), std::vector<int>(std::size_t(t.G)))};
    for (std::size_t i = 0; i < values.size(); ++i) {
        const int v = values[i];
        ++out.counts[std::size_t(v)];
        const int column = int(i) / t.M % t.G, row = v / (t.G * t.K);
        ++out.kept[std::size_t(row)][std::size_t(column)];
    }
    return out;
}

void check(const torus& t, const std::vector<int>& values) {
    const auto want = expected(t, values), got = run_histogram(t, values);
    int total = 0;
    for (int b = 0; b < t.bins(); ++b) {
        CHECK_MESSAGE(got.counts[std::size_t(b)] == want.counts[std::size_t(b)], "bin " << b);
        total += got.counts[std::size_t(b)];
    }
    CHECK(total == int(values.size()));   // every value counted once, by one PE
    CHECK(got.kept == want.kept);
}

std::vector<int> random_values(const torus& t, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> bin(0, t.bins() - 1);
    std::vector<int> values(std::size_t(t.G * t.G * t.M));
    for (int& v : values) v = bin(random);
    return values;
}

}  // namespace

TEST_CASE("histogram: the lesson's values, the squares of 0..63 modulo 64") {
    const torus t{4, 4, 4};
    std::vector<int> values;
    for (int i = 0; i < 64; ++i) values.push_back(i * i % 64);
    const auto got = run_histogram(t, values);
    for (int b = 0; b < 64; ++b) {
        const int want = (b == 0 || b == 4 || b == 16 || b == 36) ? 8 : (b % 8 == 1) ? 4 : 0;
        CHECK_MESSAGE(got.counts[std::size_t(b)] == want, "bin " << b);
    }
    check(t, values);
}

TEST_CASE("histogram: pseudo-random values on a 4 x 4 torus, two seeds") {
    const torus t{4, 4, 4};
    check(t, random_values(t, 1));
    check(t, random_values(t, 2));
}

TEST_CASE("histogram: other sizes: 3 x 3 PEs with 5 values and 3 bins each, 2 x 2 with 7 and 5, 5 x 5 with 2 and 2") {
    for (const torus t : {torus{3, 5, 3}, torus{2, 7, 5}, torus{5, 2, 2}}) {
        CAPTURE(t.G);
        check(t, random_values(t, 3));
        check(t, random_values(t, 4));
    }
}

TEST_CASE("histogram: every value in one bin, the last PE's last") {
    const torus t{3, 4, 2};
    check(t, std::vector<int>(std::size_t(t.G * t.G * t.M), t.bins() - 1));
}
