// A values file (miset file=F, or values=v,v,...): split into items, each read as every value
// format; a value that reads is printed as miget prints it, and that text reads back to itself.
#include <optional>

#include "fuzz.hpp"
#include "wafer/image/values.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    const auto items = image::split_values(fuzz::text_of(data, size));
    for (int k = 0; k < ir::value_format_count; ++k) {
        const auto f = ir::value_format(k);
        const auto n = ir::words_of(f);
        for (const auto& item : items) {
            const auto words = image::parse_value(f, item, n);
            if (!words) continue;
            if (words->size() != n) fuzz::finding("'" + item + "' read as " + std::string(image::name_of(f)) + " is not one element");
            const auto text = image::format_value(f, *words);
            const auto again = image::parse_value(f, text, n);
            if (!again) fuzz::finding("'" + item + "' prints as " + text + ", which does not read as " + std::string(image::name_of(f)));
            if (image::format_value(f, *again) != text)
                fuzz::finding("'" + item + "' prints as " + text + ", which prints as " + image::format_value(f, *again));
        }
    }
    return 0;
}
