#include "symbol_access.hpp"

#include <sstream>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/map_file.hpp"

namespace wafer::cli {

namespace {

std::uint32_t parse_index(const std::string& s, const std::string& item) {
    std::size_t used = 0;
    unsigned long v = 0;
    try {
        v = std::stoul(s, &used, 10);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != s.size() || v > 0xffffffffu) throw usage_error("'" + item + "' is not DIM=a:b or DIM=i");
    return std::uint32_t(v);
}

image::dim_range parse_range(const std::string& name, const std::string& value) {
    auto item = name + "=" + value;
    auto colon = value.find(':');
    if (colon == std::string::npos) {
        auto i = parse_index(value, item);
        return {name, i, i + 1};
    }
    return {name, parse_index(value.substr(0, colon), item), parse_index(value.substr(colon + 1), item)};
}

}  // namespace

symbol_access open_symbol(args& a, const std::string& command) {
    auto image_file = a.require("image");
    auto map_file = a.require("map");
    auto name = a.require("symbol");
    symbol_access s;
    s.im = image::read_image(image_file);
    auto entries = image::parse_map(read_file(map_file, "map"), map_file);

    int matches = 0;
    for (const auto& e : entries)
        if (e.name == name && matches++ == 0) s.symbol = e;
    if (matches == 0) {
        std::string near;
        for (const auto& e : entries)
            if (e.name.find(name) != std::string::npos || name.find(e.name) != std::string::npos) near += " " + e.name;
        throw error(diagnostic{severity::error, map_file, {},
                               "no symbol '" + name + "' in the map" + (near.empty() ? "" : "; did you mean:" + near),
                               ""});
    }
    if (matches > 1)
        print({diagnostic{severity::warning, map_file, {},
                          name + " has " + std::to_string(matches) + " exact map matches; using first entry", ""}});

    image::selection sel;
    for (const auto& group : a.brackets()) {
        std::istringstream words(group);
        for (std::string w; words >> w;) {
            auto eq = w.find('=');
            if (eq == std::string::npos) sel.order.push_back(w);
            else sel.ranges.push_back(parse_range(w.substr(0, eq), w.substr(eq + 1)));
        }
    }
    for (const auto& [k, v] : a.unclaimed()) sel.ranges.push_back(parse_range(k, v));
    s.chosen = image::select(s.symbol, sel, command);
    return s;
}

}  // namespace wafer::cli
