// Reading and writing a selection in an image: values land where the map says, and finding the PEs
// costs O(log PEs) per PE touched, never a walk over the fabric per element (miget of one symbol over
// a 1000 x 1000 rect once took an hour that way). The work is counted, not timed.
#include "wafer/image/access.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace wafer;

namespace {

/// A W x H rect of one two-word kernel, and the map entry of its symbol `v` [ y<H x<W n<2 ].
struct grid {
    image::image im;
    ir::map_entry v;
};

grid rect_of(std::int32_t w, std::int32_t h) {
    grid g;
    g.im.layout.width = w;
    g.im.layout.height = h;
    ir::pe_program p;
    p.kernel = "k";
    p.memory_words = 2;
    g.im.layout.programs.push_back(p);
    for (std::int32_t y = 0; y < h; ++y)
        for (std::int32_t x = 0; x < w; ++x) g.im.layout.pes.push_back(ir::placed_pe{x, y, 0, "r", {}, {}});
    g.v = ir::map_entry{"r.v", ir::value_format::u16, 0, 0, 0,
                        {{"y", std::uint32_t(h), 0, 0, 1}, {"x", std::uint32_t(w), 0, 1, 0}, {"n", 2, 1, 0, 0}}};
    return g;
}

}  // namespace

TEST_CASE("image access: what write_values stores, read_values reads back, on the PEs the map names") {
    auto g = rect_of(5, 3);
    const auto all = image::select(g.v, {}, "test");
    std::vector<word> words;
    for (std::size_t i = 0; i < all.elements.size(); ++i) words.push_back(word(100 + i));
    image::write_values(g.im, all, words, "r.v");
    CHECK(image::read_values(g.im, all, "r.v") == words);
    // Element (y=2, x=3, n=1) is word 1 of the PE at (3, 2).
    CHECK(g.im.memory[*ir::pe_index(g.im.layout, 3, 2)][1] == word(100 + (2 * 5 + 3) * 2 + 1));
    // A slice touches only its PEs.
    image::selection one;
    one.ranges = {{"x", 4, 5}, {"y", 0, 1}};
    const auto corner = image::select(g.v, one, "test");
    CHECK(image::read_values(g.im, corner, "r.v") == std::vector<word>{word(100 + 8), word(100 + 9)});
    // An element where no PE is: an error naming the symbol.
    g.im.layout.pes.pop_back();
    CHECK_THROWS_WITH_AS(image::read_values(g.im, all, "r.v"),
                         "the map places an element on PE (4,2), which runs no program in this image", error);
}

TEST_CASE("image access: finding the PEs of 180,000 values over 90,000 PEs costs O(log PEs) per PE, not a walk") {
    auto g = rect_of(300, 300);
    const auto all = image::select(g.v, {}, "test");
    REQUIRE(all.elements.size() == 180000);
    std::size_t probes = 0;
    const auto values = image::read_values(g.im, all, "r.v", &probes);
    CHECK(values.size() == 180000);
    const double per_pe = std::ceil(std::log2(90000.0)) + 1;   // 18: one binary search per PE
    CHECK(double(probes) <= 90000 * per_pe);
    CHECK(probes >= 90000);                                      // and it did search
    // Walked in another order (x outermost), consecutive elements change PE every time: still a
    // search per element, never a walk over the fabric (a linear scan would be ~10^10 probes).
    image::selection by_x;
    by_x.order = {"n", "x"};
    probes = 0;
    image::write_values(g.im, image::select(g.v, by_x, "test"), values, "r.v", &probes);
    CHECK(double(probes) <= 180000 * per_pe);
}
