// examples/heat2d: the nine-point heat equation on a two-dimensional grid of PEs (the Life board's
// spiral routing, a heat kernel in each cell), checked bit for bit against a plain C++ solution.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

using grid = std::vector<std::vector<float>>;   // [y][x]

/// One step of heat2d.w in plain C++: the same float operations in the same order, a missing
/// neighbour left out.
grid step(const grid& u) {
    const int h = int(u.size()), w = int(u[0].size());
    auto at = [&](int x, int y) { return u[std::size_t(y)][std::size_t(x)]; };
    grid v = u;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const bool west = x > 0, east = x + 1 < w, south = y > 0, north = y + 1 < h;
            float sides = 0.0f, corners = 0.0f;
            if (south && west) corners = corners + at(x - 1, y - 1);
            if (east) sides = sides + at(x + 1, y);
            if (west) sides = sides + at(x - 1, y);
            if (north) sides = sides + at(x, y + 1);
            if (north && east) corners = corners + at(x + 1, y + 1);
            if (north && west) corners = corners + at(x - 1, y + 1);
            if (south) sides = sides + at(x, y - 1);
            if (south && east) corners = corners + at(x + 1, y - 1);
            v[std::size_t(y)][std::size_t(x)] = at(x, y) + 0.03f * (4.0f * sides + corners - 20.0f * at(x, y));
        }
    return v;
}

/// `start` loaded into every cell's u (the grid sits at (1, 1), inside the drain frame), `steps`
/// time steps on `threads` threads: the grid the fabric ends with.
grid run_heat2d(const grid& start, int steps, std::size_t threads = 1) {
    const int h = int(start.size()), w = int(start[0].size());
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/";
    auto layout = wafer::parse::build_paint_file(dir + "heat2d/heat2d.paint", {dir + "life"}, {{"W", w}, {"H", h}, {"N", steps}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    wafer::fabric::fabric f(layout);
    auto point = [&](std::size_t pe) -> std::uint32_t {
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            if (s.name == "u") return s.base;
        return ~0u;
    };
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        if (point(pe) == ~0u) continue;
        const auto& p = f.layout().pes[pe];
        const auto bits = std::bit_cast<std::uint32_t>(start[std::size_t(p.y - 1)][std::size_t(p.x - 1)]);
        f.memory(pe)[point(pe)] = wafer::word(bits);
        f.memory(pe)[point(pe) + 1] = wafer::word(bits >> 16);
    }
    wafer::fabric::run_options options;
    options.threads = threads;
    const auto result = f.run(options);
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    grid out(std::size_t(h), std::vector<float>(std::size_t(w), -1.0f));
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        if (point(pe) == ~0u) continue;
        const auto& p = f.layout().pes[pe];
        const auto m = f.memory(pe);
        out[std::size_t(p.y - 1)][std::size_t(p.x - 1)] = std::bit_cast<float>(m[point(pe)] | std::uint32_t{m[point(pe) + 1]} << 16);
    }
    return out;
}

grid after(grid g, int steps) {
    for (int s = 0; s < steps; ++s) g = step(g);
    return g;
}

}  // namespace

TEST_CASE("heat2d: a hot spot spreads as the plain nine-point solution says, bit for bit") {
    grid start(9, std::vector<float>(9, 0.0f));
    start[4][4] = 100.0f;
    const auto expect = after(start, 4);
    CHECK(expect[0][0] > 0.0f);  // four steps reach the corner
    CHECK(expect[4][4] < 100.0f);
    CHECK(run_heat2d(start, 4) == expect);
}

TEST_CASE("heat2d: a random 12 x 9 start through 1 and 5 steps, on one thread and three") {
    std::mt19937 random(2);
    std::uniform_real_distribution<float> temperature(0.0f, 50.0f);
    grid start(9, std::vector<float>(12));
    for (auto& row : start)
        for (float& t : row) t = temperature(random);
    CHECK(run_heat2d(start, 1) == after(start, 1));
    const auto five = after(start, 5);
    CHECK(run_heat2d(start, 5) == five);
    CHECK(run_heat2d(start, 5, 3) == five);
}
