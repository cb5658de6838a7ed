// Checkpoints: a run's state written mid-run and read back resumes to the same end; damaged, cut
// or foreign bytes are an error naming the file, never a crash.
#include "wafer/fabric/checkpoint.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/image/format.hpp"

using namespace wafer;

namespace {

ir::layout streams_layout() {
    std::mt19937 rng(17);
    for (;;) {
        std::vector<test::stream> streams;
        auto l = test::random_network(rng, 8, 5, 8, streams);
        if (streams.size() >= 3) return l;
    }
}

}  // namespace

TEST_CASE("a checkpoint's bytes read back into a state that resumes to the same end") {
    const auto layout = streams_layout();
    fabric::fabric whole(layout);
    const auto expected = whole.run();

    fabric::fabric f(layout);
    REQUIRE(f.run({.stop = expected.cycles / 2}).status == fabric::run_status::stopped);
    const auto bytes = fabric::to_bytes(fabric::checkpoint{f.layout(), f.state()});
    CHECK(fabric::to_bytes(fabric::checkpoint{f.layout(), f.state()}) == bytes);  // the same bytes each time

    auto c = fabric::checkpoint_from_bytes(bytes, "run.ckpt");
    CHECK(c.layout == layout);
    fabric::fabric g(c.layout);
    g.restore(std::move(c.state));
    const auto resumed = g.run({.threads = 2, .resume = true});
    CHECK(resumed.cycles == expected.cycles);
    CHECK(fabric::report(resumed) == fabric::report(expected));
    for (std::size_t pe = 0; pe < layout.pes.size(); ++pe) {
        const auto a = g.memory(pe), b = whole.memory(pe);
        CHECK(std::vector<word>(a.begin(), a.end()) == std::vector<word>(b.begin(), b.end()));
    }
}

TEST_CASE("a damaged, cut or foreign checkpoint is an error that names the file") {
    const auto layout = streams_layout();
    fabric::fabric f(layout);
    f.run({.stop = 5});
    const auto bytes = fabric::to_bytes(fabric::checkpoint{f.layout(), f.state()});
    auto message = [](const std::vector<std::uint8_t>& b) {
        try {
            fabric::checkpoint_from_bytes(b, "run.ckpt");
        } catch (const error& e) {
            return e.diagnostics().front().file + ": " + e.diagnostics().front().message;
        }
        return std::string("read without an error");
    };
    auto flipped = bytes;
    flipped[flipped.size() / 2] ^= 0x40;
    CHECK(message(flipped) == "run.ckpt: not a valid wafer checkpoint: its checksum does not match (the file is damaged)");
    for (std::size_t cut = 0; cut < bytes.size(); cut += 1 + cut / 3)
        CHECK(message({bytes.begin(), bytes.begin() + std::ptrdiff_t(cut)}).starts_with("run.ckpt: not a valid wafer checkpoint"));
    const auto im = image::to_bytes(image::image{layout, {}, 0, {}});
    CHECK(message(im) == "run.ckpt: not a valid wafer checkpoint: it does not start with WAFERCKP");
    // A checksum that matches bytes the reader cannot take: still an error, not a crash.
    std::mt19937 rng(1);
    for (int round = 0; round < 200; ++round) {
        auto b = bytes;
        b.resize(b.size() - 8);
        b[8 + rng() % (b.size() - 8)] = std::uint8_t(rng());
        const auto sum = archive::fnv1a(b.data(), b.size());
        for (int i = 0; i < 8; ++i) b.push_back(std::uint8_t(sum >> (8 * i)));
        try {
            auto c = fabric::checkpoint_from_bytes(b, "run.ckpt");
            fabric::fabric g(c.layout);
            g.restore(std::move(c.state));
        } catch (const error&) {
        }
    }
}
