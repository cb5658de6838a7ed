// examples/heateq: the nine-point heat equation layout (the guide's 2 x 2 corerect block under
// hstackrep) run on the fabric, its result checked bit for bit against a plain C++ solution.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

using grid = std::vector<std::vector<float>>;   // [row][col], row 0 at the bottom

/// One step of heateq9pt.w's stencil in plain C++, the same float operations in the same order;
/// points outside the grid are 0.
grid step(const grid& u) {
    const int rows = int(u.size()), cols = int(u[0].size());
    auto at = [&](int r, int c) {
        return r < 0 || c < 0 || r >= rows || c >= cols ? 0.0f : u[std::size_t(r)][std::size_t(c)];
    };
    grid v = u;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            v[std::size_t(r)][std::size_t(c)] =
                at(r, c) + 0.03f * (4.0f * (at(r - 1, c) + at(r + 1, c) + at(r, c - 1) + at(r, c + 1)) +
                                    (at(r - 1, c - 1) + at(r - 1, c + 1) + at(r + 1, c - 1) + at(r + 1, c + 1)) -
                                    20.0f * at(r, c));
    return v;
}

/// `start` (2n rows of p points) through the layout with nx time steps: what the sink holds.
grid run_heateq(const grid& start, int nx) {
    const int n = int(start.size()) / 2, p = int(start[0].size());
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/heateq/";
    auto layout = wafer::parse::build_paint_file(dir + "heateq.paint", {}, {{"nx", nx}, {"n", n}, {"p", p}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);

    wafer::fabric::fabric f(layout);
    auto half = [&](int x, int y) {   // the PE's grid array: its index and base address
        const auto pe = *f.pe_at(x, y);
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            if (s.name == "grid") return std::pair<std::size_t, std::uint32_t>{pe, s.base};
        FAIL("no grid at " << x << "," << y);
        return std::pair<std::size_t, std::uint32_t>{};
    };
    auto element = [&](int row, int col) { return std::size_t(2 * ((row % n) * p + col)); };
    for (int row = 0; row < 2 * n; ++row)
        for (int col = 0; col < p; ++col) {
            const auto [pe, base] = half(0, row / n);
            const auto bits = std::bit_cast<std::uint32_t>(start[std::size_t(row)][std::size_t(col)]);
            f.memory(pe)[base + element(row, col)] = wafer::word(bits);
            f.memory(pe)[base + element(row, col) + 1] = wafer::word(bits >> 16);
        }
    const auto result = f.run();
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    for (const auto& d : result.diagnostics) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    grid out = start;
    for (int row = 0; row < 2 * n; ++row)
        for (int col = 0; col < p; ++col) {
            const auto [pe, base] = half(nx + 1, row / n);
            const auto m = f.memory(pe);
            out[std::size_t(row)][std::size_t(col)] =
                std::bit_cast<float>(m[base + element(row, col)] | std::uint32_t{m[base + element(row, col) + 1]} << 16);
        }
    return out;
}

grid after(grid g, int steps) {
    for (int s = 0; s < steps; ++s) g = step(g);
    return g;
}

}  // namespace

TEST_CASE("heateq: a hot spot spreads as the plain nine-point solution says, bit for bit") {
    grid start(8, std::vector<float>(8, 0.0f));
    start[3][4] = 100.0f;          // just below the middle row, so heat crosses between the halves
    const auto expect = after(start, 8);
    CHECK(expect[4][4] > 0.0f);    // it did cross
    CHECK(expect[0][0] > 0.0f);    // and reached the corner in eight steps
    CHECK(run_heateq(start, 8) == expect);
}

TEST_CASE("heateq: a random 12 x 10 start through 6 steps") {
    std::mt19937 random(6);
    std::uniform_real_distribution<float> temperature(0.0f, 50.0f);
    grid start(12, std::vector<float>(10));
    for (auto& row : start)
        for (float& t : row) t = temperature(random);
    CHECK(run_heateq(start, 6) == after(start, 6));
    CHECK(run_heateq(start, 2) == after(start, 2));
}
