#include "wafer/image/format.hpp"

#include <doctest/doctest.h>

#include "archive_round_trip.hpp"

using wafer::image::test::through_the_archive;

namespace {
constexpr wafer::ir::dsd_op sample_op() {
    using namespace wafer::ir;
    dsd_op op;
    op.op = opcode::add;
    op.rank = 1;
    op.extent = {4, 1, 1, 1};
    op.dst = {dsd::kind::mem, 0, {1}};
    op.src[0] = {dsd::kind::fabin, 0, {}, 0};
    op.src[1] = {dsd::kind::immediate, 0, {}, 0, 7};
    op.pos = {{3, 1}, 1};  // in the imported package
    return op;
}

// The field lists run in a constant expression too, so bytes the compiler freezes and an image
// file's are written by one description (docs/embedding.md, Kernels as compile-time values).
constexpr bool round_trip_in_the_compiler() {
    const auto op = sample_op();
    const auto back = through_the_archive(op);
    return back && *back == op && back->pos.file == op.pos.file;
}
static_assert(round_trip_in_the_compiler());

// One kernel's program (`k`, its first DSD operation from the package it imports).
constexpr wafer::ir::pe_program sample_program() {
    using namespace wafer::ir;
    pe_program p;
    p.kernel = "k";
    p.source_files = {"k.w", "lib/vectors.w"};
    p.params = {{"N", 4}};
    p.symbols = {{"a", value_format::s16, 0, {{"n", 4, 1}}}};
    p.sockets = {{"rx", data_type::i16, 0, -1}};
    p.data = {{0, {1, 2, 3, 4}}};
    straight_line(p, {sample_op()});
    p.memory_words = 4;
    return p;
}

#if !defined(__clang__)  // clang 14 evaluates no std::string of libstdc++ 12 in a constant expression
// A whole program, names and all: what a C++ kernel frozen by the compiler will hold.
constexpr bool program_round_trip_in_the_compiler() {
    const auto p = sample_program();
    const auto back = through_the_archive(p);
    return back && *back == p && back->source_files == p.source_files;
}
static_assert(program_round_trip_in_the_compiler());
#endif

wafer::image::image sample() {
    using namespace wafer::ir;
    wafer::image::image im;
    im.layout = single_pe_layout(sample_program());
    im.layout.routers = {{0, 0, {{1, {{port::left, wafer::hw::bit(port::core)}}}}}};
    im.memory = {{9, 9}};
    im.cycles = 12;
    im.pe_cycles = {12};
    return im;
}
}  // namespace

TEST_CASE("an image survives a round trip through its bytes") {
    auto im = sample();
    auto bytes = wafer::image::to_bytes(im);
    const auto back = wafer::image::from_bytes(bytes, "x.img");
    CHECK(back == im);
    // Debug info is not part of equality, so check it on its own: reports name the package's file.
    const auto& p = back.layout.programs.at(0);
    CHECK(p.source_files == im.layout.programs[0].source_files);
    CHECK(p.file_of(p.dsd_ops.at(0).pos) == "lib/vectors.w");
    CHECK(p.blocks.at(0).code.at(0).pos.line == 3);
}

TEST_CASE("a truncated or corrupt image is an error, never a crash") {
    auto bytes = wafer::image::to_bytes(sample());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
        CHECK_THROWS_AS(wafer::image::from_bytes(cut, "x.img"), wafer::error);
    }
    // Flip every byte in turn: each result is either a valid image or a clean error.
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        auto bad = bytes;
        bad[i] ^= 0xff;
        try {
            (void)wafer::image::from_bytes(bad, "x.img");
        } catch (const wafer::error& e) {
            CHECK(e.diagnostics().front().message.starts_with("not a valid wafer image"));
        }
    }
}
