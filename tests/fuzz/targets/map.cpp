// A symbol map (.map): parsed; what parses is written out and parsed again to the same entries.
#include <optional>

#include "fuzz.hpp"
#include "wafer/image/map_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    std::optional<std::vector<ir::map_entry>> entries;
    fuzz::answered([&] { entries = image::parse_map(fuzz::text_of(data, size), "fuzz.map"); });
    if (!entries) return 0;
    const auto text = image::map_text(*entries);
    std::optional<std::vector<ir::map_entry>> again;
    if (!fuzz::answered([&] { again = image::parse_map(text, "again.map"); }))
        fuzz::finding("a map written from parsed entries does not parse:\n" + text);
    if (*again != *entries) fuzz::finding("a map written from parsed entries parses to other entries:\n" + text);
    return 0;
}
