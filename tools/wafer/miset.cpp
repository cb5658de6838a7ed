// wafer miset: load values into an image's memory before a run.
#include "commands.hpp"
#include "symbol_access.hpp"
#include "wafer/core/file.hpp"
#include "wafer/image/access.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/values.hpp"

namespace wafer::cli {

int miset(args& a) {
    auto values = a.get("values");
    auto file = a.get("file");
    auto out = a.get("out");
    auto image_file = a.require("image");
    if (bool(values) == bool(file)) throw usage_error("give values=v,v,... or file=F (one of them)");
    auto s = open_symbol(a, "miset");
    a.finish(true);

    auto items = image::split_values(values ? *values : read_file(*file, "values file"));
    if (items.size() != s.chosen.elements.size())
        throw error(diagnostic{severity::error, values ? "values=" : *file, {},
                               std::string("supplied data is too ") +
                                   (items.size() < s.chosen.elements.size() ? "short" : "long") + ": " +
                                   std::to_string(items.size()) + " values for " +
                                   std::to_string(s.chosen.elements.size()) + " elements of " + s.symbol.name,
                               ""});

    std::vector<word> words;
    words.reserve(items.size() * s.chosen.words);
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto value = image::parse_value(s.symbol.format, items[i], s.chosen.words);
        if (!value)
            throw error(diagnostic{severity::error, values ? "values=" : *file, {},
                                   "value " + std::to_string(i + 1) + " ('" + items[i] + "') is not a " +
                                       std::string(image::name_of(s.symbol.format)) + " value",
                                   ""});
        words.insert(words.end(), value->begin(), value->end());
    }
    image::write_values(s.im, s.chosen, words, s.symbol.name);
    image::write_image(s.im, out ? *out : image_file);
    return exit_ok;
}

}  // namespace wafer::cli
