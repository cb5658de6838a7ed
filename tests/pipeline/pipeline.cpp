// The whole path, both ways: the pipeline from text (.w + .paint through X3) and from C++
// (expression templates + a constexpr layout) must give the same IR, bit-identical memory and
// the same cycle counts. Then the pipeline with other middle kernels (a handler, packed wavelets,
// a FIFO relay), checked against plain C++ computations.
#include "wafer/parse/load.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "pipeline/pipeline.hpp"
#include "wafer/fabric/fabric.hpp"

namespace {

const std::string examples = std::string(WAFER_SOURCE_DIR) + "/examples/";

wafer::ir::layout from_text(const std::string& paint, int n, wafer::diagnostics& diags) {
    return wafer::parse::build_paint_file(examples + paint, {examples + "pipeline", examples + "deadlock"},
                                          {{"N", n}}, diags);
}

const wafer::ir::map_entry& symbol(const wafer::ir::layout& l, const std::string& name) {
    for (const auto& e : l.symbols)
        if (e.name == name) return e;
    FAIL("no symbol " << name);
    throw;
}

}  // namespace

TEST_CASE("pipeline: text and C++ give the same layout, memory and cycles") {
    wafer::diagnostics text_diags, cpp_diags;
    auto text = from_text("pipeline/pipeline.paint", 8, text_diags);
    auto cpp = pipeline::build<8>(cpp_diags);
    CHECK(text_diags.list().empty());
    CHECK(cpp_diags.list().empty());
    REQUIRE(text == cpp);

    wafer::fabric::fabric a(text), b(cpp);
    auto ra = a.run();
    auto rb = b.run();
    REQUIRE(ra.status == wafer::fabric::run_status::halted);
    REQUIRE(rb.status == wafer::fabric::run_status::halted);
    CHECK(ra.cycles == rb.cycles);
    for (std::size_t pe = 0; pe < text.pes.size(); ++pe) {
        CHECK(a.pe_cycles(pe) == b.pe_cycles(pe));
        auto ma = a.memory(pe);
        auto mb = b.memory(pe);
        CHECK(std::vector<wafer::word>(ma.begin(), ma.end()) == std::vector<wafer::word>(mb.begin(), mb.end()));
    }

    // c received 3x + 1 for x = 1..N, computed here independently of the kernels.
    const auto& out = symbol(text, "c.out");
    auto m = a.memory(*a.pe_at(out.x, out.y));
    for (int i = 0; i < 8; ++i) CHECK(std::int16_t(m[out.base + std::size_t(i)]) == 3 * (i + 1) + 1);
}

TEST_CASE("pipeline: a misspelt binding in a .paint file is one error, at the binding, and no warning") {
    const auto dir = std::filesystem::temp_directory_path() / "wafer_pipeline_binding";
    std::filesystem::create_directories(dir);
    const auto file = (dir / "typo.paint").string();
    std::ofstream(file) << "let c = color()\nlet a = tile()\na : code('send [tx:c N:4 K:1])\na : paint(c [C>R])\na\n";
    wafer::diagnostics diags;
    try {
        wafer::parse::build_paint_file(file, {examples + "pipeline"}, {}, diags);
        FAIL("built");
    } catch (const wafer::error& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics()[0].message == "'K' is neither a param nor a socket of kernel 'send'");
        CHECK(e.diagnostics()[0].pos.line == 3);
    }
}

TEST_CASE("pipeline: cycles grow with the number of values sent") {
    wafer::diagnostics diags;
    wafer::fabric::fabric small(from_text("pipeline/pipeline.paint", 4, diags));
    wafer::fabric::fabric large(from_text("pipeline/pipeline.paint", 64, diags));
    auto rs = small.run();
    auto rl = large.run();
    REQUIRE(rs.status == wafer::fabric::run_status::halted);
    REQUIRE(rl.status == wafer::fabric::run_status::halted);
    CHECK(rl.cycles > rs.cycles + 60);
}

TEST_CASE("pipeline: a receiver that waits for more than is sent deadlocks with a report") {
    wafer::diagnostics diags;
    auto layout = from_text("deadlock/deadlock.paint", 8, diags);
    wafer::fabric::fabric f(layout);
    auto r = f.run();
    REQUIRE(r.status == wafer::fabric::run_status::deadlock);
    REQUIRE(r.blocked.size() == 1);
    CHECK(r.blocked[0].who.x == 2);
    CHECK(r.blocked[0].who.y == 0);
    CHECK(r.blocked[0].who.name == "c");
    CHECK(r.blocked[0].threads[0].done == 8);
    CHECK(r.blocked[0].threads[0].total == 16);
    auto report = wafer::fabric::report(r);
    CHECK(report.find("PE (2,0)") != std::string::npos);
    CHECK(report.find("socket rx") != std::string::npos);
    CHECK(report.find("recv_more.w:") != std::string::npos);
}

namespace {

/// The pipeline with its middle tile's kernel taken from tests/data/cli/`middle`, run to its end:
/// what c received.
std::vector<std::int64_t> received(const std::string& middle, int n, std::uint32_t* finished = nullptr) {
    wafer::diagnostics diags;
    const auto layout = wafer::parse::build_paint_file(
        examples + "pipeline/pipeline.paint", {std::string(WAFER_TEST_DATA) + "/cli/" + middle, examples + "pipeline"},
        {{"N", n}}, diags);
    wafer::fabric::fabric f(layout);
    REQUIRE(f.run().status == wafer::fabric::run_status::halted);
    const auto& out = symbol(layout, "c.out");
    auto m = f.memory(*f.pe_at(out.x, out.y));
    std::vector<std::int64_t> values;
    for (int i = 0; i < n; ++i) values.push_back(std::int16_t(m[out.base + std::size_t(i)]));
    if (finished) {
        const auto& count = symbol(layout, "b.finished_count");
        *finished = f.memory(*f.pe_at(count.x, count.y))[count.base];
    }
    return values;
}

}  // namespace

TEST_CASE("pipeline: a handler-driven accumulator sends the running sum of what arrives") {
    for (int n : {1, 8, 40}) {
        std::vector<std::int64_t> expected;
        std::int64_t sum = 0;
        for (int i = 0; i < n; ++i) expected.push_back(sum += i + 1);  // send.w sends 1..N
        CHECK(received("handler", n) == expected);
    }
}

TEST_CASE("pipeline: bit-packed wavelets unpack into a handler's u4 and s12 params") {
    std::vector<std::int64_t> expected;
    for (int i = 0; i < 16; ++i) {
        const int kind = i & 0xf, value = i * 10 - 20;  // packed by packed/send.w, unpacked with the sign
        expected.push_back(kind * 1000 + value);
    }
    CHECK(received("packed", 16) == expected);
}

TEST_CASE("pipeline: a FIFO relay between two microthreads passes everything on, in order") {
    for (int n : {3, 8, 50}) {
        std::uint32_t finished = 0;
        std::vector<std::int64_t> expected;
        for (int i = 0; i < n; ++i) expected.push_back(i + 1);
        CHECK(received("fifo", n, &finished) == expected);
        CHECK(finished == 2);  // each async operation's completion activated the task once
    }
}
