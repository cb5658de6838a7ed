// examples/gemv: y = A x on a k x k grid of PEs (x's blocks multicast down the columns, the partial
// sums reduced east along the rows), its result checked bit for bit against a plain C++ GEMV that
// does the same float operations in the same order.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

using matrix = std::vector<std::vector<float>>;  // [row][column]

/// y = A x as the grid computes it: block column c of row i gives p = ((0 + a0 x0) + a1 x1) + ...
/// (each term a product rounded, then a sum rounded: the DSD mac), and the row adds the blocks'
/// shares west to east, ((p0 + p1) + p2) + ...
std::vector<float> plain_gemv(const matrix& a, const std::vector<float>& x, int k) {
    const int n = int(x.size()), b = n / k;
    std::vector<float> y(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        float sum = 0.0f;
        for (int c = 0; c < k; ++c) {
            float p = 0.0f;
            for (int j = c * b; j < (c + 1) * b; ++j) p = p + a[std::size_t(i)][std::size_t(j)] * x[std::size_t(j)];
            sum = c == 0 ? p : sum + p;
        }
        y[std::size_t(i)] = sum;
    }
    return y;
}

/// A and x through gemv.paint on a k x k grid: what the east column holds in y.
std::vector<float> run_gemv(const matrix& a, const std::vector<float>& x, int k, std::uint64_t* cycles = nullptr) {
    const int n = int(x.size()), b = n / k;
    REQUIRE(b * k == n);
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/gemv/";
    auto layout = wafer::parse::build_paint_file(dir + "gemv.paint", {}, {{"k", k}, {"B", b}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);

    wafer::fabric::fabric f(layout);
    // The PE at column c, row r, and the address of its array `name` (each geovar variant is its
    // own program, so the symbols are looked up PE by PE).
    auto at = [&](int c, int r, const std::string& name) {
        const auto pe = *f.pe_at(c, r);
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            if (s.name == name) return std::pair<std::size_t, std::uint32_t>{pe, s.base};
        FAIL("no " << name << " at " << c << "," << r);
        return std::pair<std::size_t, std::uint32_t>{};
    };
    auto store = [&](std::size_t pe, std::uint32_t address, float v) {
        const auto bits = std::bit_cast<std::uint32_t>(v);
        f.memory(pe)[address] = wafer::word(bits);
        f.memory(pe)[address + 1] = wafer::word(bits >> 16);
    };
    for (int r = 0; r < k; ++r)
        for (int c = 0; c < k; ++c) {
            const auto [pe, base] = at(c, r, "A");
            for (int i = 0; i < b; ++i)
                for (int j = 0; j < b; ++j)
                    store(pe, base + std::uint32_t(2 * (i * b + j)), a[std::size_t(r * b + i)][std::size_t(c * b + j)]);
        }
    for (int c = 0; c < k; ++c) {  // x's block c on the top row, which sends it down column c
        const auto [pe, base] = at(c, 0, "x");
        for (int j = 0; j < b; ++j) store(pe, base + std::uint32_t(2 * j), x[std::size_t(c * b + j)]);
    }

    const auto result = f.run();
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    for (const auto& d : result.diagnostics) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    if (cycles) *cycles = result.cycles;

    std::vector<float> y(static_cast<std::size_t>(n));
    for (int r = 0; r < k; ++r) {
        const auto [pe, base] = at(k - 1, r, "y");
        const auto m = f.memory(pe);
        for (int i = 0; i < b; ++i) {
            const auto w = base + std::uint32_t(2 * i);
            y[std::size_t(r * b + i)] = std::bit_cast<float>(m[w] | std::uint32_t{m[w + 1]} << 16);
        }
    }
    return y;
}

std::vector<std::uint32_t> bits(const std::vector<float>& v) {
    std::vector<std::uint32_t> out;
    for (float f : v) out.push_back(std::bit_cast<std::uint32_t>(f));
    return out;
}

/// A random n x n A and n-vector x, values in [-1, 1).
std::pair<matrix, std::vector<float>> random_problem(int n, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    matrix a(static_cast<std::size_t>(n), std::vector<float>(static_cast<std::size_t>(n)));
    for (auto& row : a)
        for (float& v : row) v = value(random);
    std::vector<float> x(static_cast<std::size_t>(n));
    for (float& v : x) v = value(random);
    return {a, x};
}

}  // namespace

TEST_CASE("gemv: the lesson's 6 x 6 matrix on a 3 x 3 grid, exactly") {
    // A holds 1..36 block by block, as the lesson's miset loads it; x is 1..6.
    matrix a(6, std::vector<float>(6));
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j)
                    a[std::size_t(2 * r + i)][std::size_t(2 * c + j)] = float((r * 3 + c) * 4 + i * 2 + j + 1);
    const std::vector<float> x{1, 2, 3, 4, 5, 6};
    std::uint64_t cycles = 0;
    CHECK(run_gemv(a, x, 3, &cycles) == std::vector<float>{149, 191, 401, 443, 653, 695});
    CHECK(cycles == 32);
}

TEST_CASE("gemv: random A and x, bit for bit against the plain GEMV, on three grids") {
    struct grid {
        int k, b;
    };
    for (const grid g : {grid{2, 3}, grid{3, 2}, grid{4, 4}}) {
        CAPTURE(g.k);
        CAPTURE(g.b);
        const auto [a, x] = random_problem(g.k * g.b, std::uint32_t(10 * g.k + g.b));
        CHECK(bits(run_gemv(a, x, g.k)) == bits(plain_gemv(a, x, g.k)));
    }
}

TEST_CASE("gemv: the order of the sums shows in the bits") {
    // The grid's order ((p0 + p1) + p2) + p3 is not one running sum along the row: on this A and x
    // they differ in some element, and the grid matches its own order, not the other.
    const int k = 4, b = 4, n = k * b;
    const auto [a, x] = random_problem(n, 7);
    std::vector<float> running(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        float s = 0.0f;
        for (int j = 0; j < n; ++j) s = s + a[std::size_t(i)][std::size_t(j)] * x[std::size_t(j)];
        running[std::size_t(i)] = s;
    }
    const auto grid = run_gemv(a, x, k);
    CHECK(bits(grid) == bits(plain_gemv(a, x, k)));
    CHECK(bits(grid) != bits(running));
}
