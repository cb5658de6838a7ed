// A note file (wafer paint note=F.note, read by milink): parsed, and its links applied to the filter
// lesson's image and map, each program standing in by giving as many bytes as the note needs, or
// fewer or more when the program's name says so, so the lengths' checks run too.
#include <memory>
#include <optional>

#include "fuzz.hpp"
#include "link_notes.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/map_file.hpp"
#include "workspace.hpp"

namespace {
std::unique_ptr<wafer::fuzz::workspace> fixtures;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fixtures = std::make_unique<wafer::fuzz::workspace>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    std::optional<std::vector<paint::link_note>> notes;
    fuzz::answered([&] { notes = cli::notes_from_text(fuzz::text_of(data, size), "fuzz.note"); });
    if (!notes) return 0;
    const auto& bytes = fixtures->file("f.img");
    auto im = image::from_bytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end()), "f.img");
    const auto entries = image::parse_map(fixtures->file("f.map"), "f.map");
    fuzz::answered([&] {
        cli::apply_links(im, entries, *notes, [](const paint::link_note& n, std::size_t limit) {
            const std::size_t length = n.program == "short" ? limit / 2 : n.program == "long" ? limit + 1 : limit;
            std::string out(length, '\0');
            for (std::size_t i = 0; i < length; ++i) out[i] = char(i * 7 + n.symbol.size());
            return out;
        });
    });
    return 0;
}
