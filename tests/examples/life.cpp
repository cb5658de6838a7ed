// examples/life: the Game of Life layout (the quick reference's spiral and lifecode macros under
// stackrep) run on the fabric, each generation checked against a plain C++ Life on the same grid.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace {

using board = std::vector<std::vector<int>>;   // [y][x], 1 alive

/// One generation of plain Life; cells beyond the edge are dead.
board step(const board& b) {
    const int h = int(b.size()), w = int(b[0].size());
    board next(std::size_t(h), std::vector<int>(std::size_t(w), 0));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            int n = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if ((dx || dy) && x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h)
                        n += b[std::size_t(y + dy)][std::size_t(x + dx)];
            const int alive = b[std::size_t(y)][std::size_t(x)];
            next[std::size_t(y)][std::size_t(x)] = n == 3 || (alive && n == 2);
        }
    return next;
}

/// `start` loaded into every life PE's `cell` (the grid sits at (1, 1), inside the drain frame), run
/// for `generations`: the board the fabric ends with.
board run_life(const board& start, int generations) {
    const int h = int(start.size()), w = int(start[0].size());
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/life/";
    auto layout = wafer::parse::build_paint_file(dir + "life.paint", {}, {{"W", w}, {"H", h}, {"N", generations}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);

    wafer::fabric::fabric f(layout);
    auto cell = [&](std::size_t pe) -> std::uint32_t {
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            if (s.name == "cell") return s.base;
        return ~0u;
    };
    std::size_t cells = 0;
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        const auto& p = f.layout().pes[pe];
        if (cell(pe) == ~0u) continue;
        f.memory(pe)[cell(pe)] = wafer::word(start[std::size_t(p.y - 1)][std::size_t(p.x - 1)]);
        ++cells;
    }
    REQUIRE(cells == std::size_t(w * h));
    const auto result = f.run();
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    for (const auto& d : result.diagnostics) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    board out(std::size_t(h), std::vector<int>(std::size_t(w), -1));
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        const auto& p = f.layout().pes[pe];
        if (cell(pe) != ~0u) out[std::size_t(p.y - 1)][std::size_t(p.x - 1)] = f.memory(pe)[cell(pe)];
    }
    return out;
}

board after(board b, int generations) {
    for (int g = 0; g < generations; ++g) b = step(b);
    return b;
}

}  // namespace

TEST_CASE("life: a glider on 9 x 9 after 20 generations, as plain Life has it") {
    board glider(9, std::vector<int>(9, 0));
    // y grows upward on the fabric, so this glider travels east and down (south)
    glider[8][1] = glider[7][2] = glider[6][0] = glider[6][1] = glider[6][2] = 1;
    const auto expect = after(glider, 20);
    int alive = 0;
    for (const auto& row : expect)
        for (int c : row) alive += c;
    REQUIRE(alive == 5);                // the glider is still whole: it has not reached an edge
    CHECK(run_life(glider, 20) == expect);
    CHECK(run_life(glider, 3) == after(glider, 3));
}

TEST_CASE("life: a random 12 x 12 start, generation by generation") {
    std::mt19937 random(12);
    board start(12, std::vector<int>(12, 0));
    for (auto& row : start)
        for (int& c : row) c = int(random() % 3 == 0);
    for (int generations : {1, 2, 7})
        CHECK(run_life(start, generations) == after(start, generations));
}
