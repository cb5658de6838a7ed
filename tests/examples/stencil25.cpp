// examples/stencil25: the 25-point stencil by local broadcasts in four directions, checked bit for
// bit against a plain C++ solution that makes the same float operations in the same order.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/parse/load.hpp"

namespace {

/// u[y][x][z]: the columns of a W × H grid of PEs.
using field = std::vector<std::vector<std::vector<float>>>;

/// stencil25.w's coefficients: coef[k] for a neighbour k cells away, coef[0] the centre's.
constexpr float coef[5] = {1.5729167f, 0.08f, -0.01f, 0.0012698413f, -0.000089285714f};

field zeros(int w, int h, int nz) {
    return field(std::size_t(h), std::vector<std::vector<float>>(std::size_t(w), std::vector<float>(std::size_t(nz))));
}

/// One time step in plain C++: `next` from u and prev, as stencil25.w computes it. A neighbour
/// beyond the grid adds +0 (the buffer it would have filled); `mac` rounds twice.
field step(const field& u, const field& prev) {
    const int h = int(u.size()), w = int(u[0].size()), nz = int(u[0][0].size());
    auto at = [&](int x, int y, int z) { return u[std::size_t(y)][std::size_t(x)][std::size_t(z)]; };
    auto from = [&](int x, int y, int z, int k) {  // what a broadcast from k PEs away brought
        return x < 0 || x >= w || y < 0 || y >= h ? 0.0f : coef[k] * at(x, y, z);
    };
    field next = prev;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int z = 0; z < nz; ++z) {
                float acc = coef[0] * at(x, y, z);
                for (int k = 1; k <= 4; ++k) {
                    const float below = z - k >= 0 ? at(x, y, z - k) : 0.0f;
                    const float above = z + k < nz ? at(x, y, z + k) : 0.0f;
                    acc = acc + coef[k] * below;
                    acc = acc + coef[k] * above;
                }
                for (int k = 1; k <= 4; ++k) {
                    acc = acc + from(x - k, y, z, k);  // eastward: from the west
                    acc = acc + from(x + k, y, z, k);
                    acc = acc + from(x, y - k, z, k);  // southward (+y): from y - k
                    acc = acc + from(x, y + k, z, k);
                }
                acc = acc + 0.0f;  // the source term, zero here
                auto& out = next[std::size_t(y)][std::size_t(x)][std::size_t(z)];
                out = acc - out;
            }
    return next;
}

struct run_result {
    field u;
    std::uint64_t cycles;
    wafer::fabric::pe_stats inner;  ///< the centre PE's
};

/// u and prev loaded into every PE's z, `steps` time steps: the field the fabric ends with.
run_result run_stencil25(const field& u, const field& prev, int steps) {
    const int h = int(u.size()), w = int(u[0].size()), nz = int(u[0][0].size());
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/stencil25/";
    auto layout = wafer::parse::build_paint_file(dir + "stencil25.paint", {},
                                                 {{"W", w}, {"H", h}, {"nz", nz}, {"N", steps}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    wafer::fabric::fabric f(layout);
    const auto z_of = [&](std::size_t pe) -> std::uint32_t {
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            if (s.name == "z") return s.base;
        return ~0u;
    };
    // z[row][4 + k]: each row nz + 8 values of two words.
    const auto word = [&](std::size_t pe, int row, int k) { return z_of(pe) + std::uint32_t(2 * (row * (nz + 8) + 4 + k)); };
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        const auto& p = f.layout().pes[pe];
        for (int row = 0; row < 2; ++row)
            for (int k = 0; k < nz; ++k) {
                const auto bits = std::bit_cast<std::uint32_t>((row == 0 ? u : prev)[p.y][p.x][std::size_t(k)]);
                f.memory(pe)[word(pe, row, k)] = wafer::word(bits);
                f.memory(pe)[word(pe, row, k) + 1] = wafer::word(bits >> 16);
            }
    }
    wafer::fabric::run_options options;
    wafer::fabric::run_stats stats;
    options.stats = &stats;
    const auto result = f.run(options);
    REQUIRE_MESSAGE(result.status == wafer::fabric::run_status::halted, wafer::fabric::report(result));
    auto out = zeros(w, h, nz);
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        const auto& p = f.layout().pes[pe];
        const auto m = f.memory(pe);
        for (int k = 0; k < nz; ++k) {
            const auto at = word(pe, steps % 2, k);
            out[p.y][p.x][std::size_t(k)] = std::bit_cast<float>(m[at] | std::uint32_t{m[at + 1]} << 16);
        }
    }
    wafer::fabric::pe_stats inner;
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe)
        if (f.layout().pes[pe].x == w / 2 && f.layout().pes[pe].y == h / 2) inner = stats.pes[pe];
    return {out, result.cycles, inner};
}

field random_field(int w, int h, int nz, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    auto f = zeros(w, h, nz);
    for (auto& row : f)
        for (auto& column : row)
            for (float& v : column) v = value(random);
    return f;
}

}  // namespace

TEST_CASE("stencil25: random columns through three steps give the plain solution, bit for bit") {
    for (const auto [w, h, nz] : {std::array{10, 10, 8}, std::array{15, 10, 5}, std::array{10, 15, 12}}) {
        CAPTURE(w);
        CAPTURE(h);
        auto u = random_field(w, h, nz, 1), prev = random_field(w, h, nz, 2);
        const auto fabric = run_stencil25(u, prev, 3);
        for (int s = 0; s < 3; ++s) {
            auto next = step(u, prev);
            prev = std::move(u);
            u = std::move(next);
        }
        CHECK(fabric.u == u);
    }
}

TEST_CASE("stencil25: a time step's cycles against Jacquelin et al.'s on WSE-2 (docs/fidelity.md)") {
    // Two column lengths, one step and three: the two steps between give a step's cycles.
    const auto step_cycles = [](int nz) {
        const auto u = zeros(15, 15, nz);
        const auto one = run_stencil25(u, u, 1), three = run_stencil25(u, u, 3);
        CHECK(three.inner.busy > three.inner.blocked + three.inner.idle);
        return std::pair{double(three.cycles - one.cycles) / 2, three};
    };
    const auto [at100, run100] = step_cycles(100);
    const auto [at200, run200] = step_cycles(200);
    // Table III at 850 MHz: about 928 cycles a step and 64 a cell of the column.
    const auto paper = [](int nz) { return 928.0 + 64.0 * nz; };
    const double per_cell = (at200 - at100) / 100, fixed = at100 - 100 * per_cell;
    MESSAGE("a cell " << per_cell << " cycles (paper 64), a step " << fixed << " more (paper 928)");
    // A whole step within 25 % of the paper's.
    CHECK(std::abs(at100 - paper(100)) <= 0.25 * paper(100));
    CHECK(std::abs(at200 - paper(200)) <= 0.25 * paper(200));
    // A cell's work is the paper's, about 44.5 busy cycles of its 64 (69.6 %): wafer's cost a cell
    // is that work, and its inner PE busier than the paper's.
    CHECK(per_cell >= 40);
    CHECK(per_cell < 64);
    for (const auto& r : {run100, run200})
        CHECK(double(r.inner.busy) / double(r.cycles) > 0.696);
}
