// The note file as JSON: {"links": [{"symbol", "order": [...], "program", "params": [[key, value]...], "at"}]},
// and what milink does with it.
#include "link_notes.hpp"


#include <nlohmann/json.hpp>

#include "wafer/core/file.hpp"
#include "wafer/image/access.hpp"
#include "wafer/image/select.hpp"

namespace wafer::cli {

void write_notes(const std::vector<paint::link_note>& notes, const std::string& file) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& n : notes)
        links.push_back({{"symbol", n.symbol}, {"order", n.order}, {"program", n.program}, {"params", n.params}, {"at", n.at}});
    write_whole(file, "note file", [&](std::ostream& out) { out << nlohmann::json{{"links", std::move(links)}}.dump(2) << '\n'; });
}

std::vector<paint::link_note> read_notes(const std::string& file) {
    return notes_from_text(read_file(file, "note file"), file);
}

std::vector<paint::link_note> notes_from_text(const std::string& text, const std::string& file) {
    std::vector<paint::link_note> notes;
    try {
        const auto j = nlohmann::json::parse(text);
        for (const auto& l : j.at("links")) {
            paint::link_note n;
            n.symbol = l.at("symbol").get<std::string>();
            n.order = l.at("order").get<std::vector<std::string>>();
            n.program = l.at("program").get<std::string>();
            n.params = l.at("params").get<std::vector<std::pair<std::string, std::string>>>();
            n.at = l.at("at").get<std::string>();
            notes.push_back(std::move(n));
        }
    } catch (const nlohmann::json::exception& e) {
        throw error(diagnostic{severity::error, file, {}, std::string("not a valid note file: ") + e.what(), ""});
    }
    return notes;
}

void link_error(const paint::link_note& n, const std::string& message) {
    // The note keeps the link() call's position as text, file:line:col.
    throw error(diagnostic{severity::error, n.at, {}, "link of " + n.symbol + ": " + message, ""});
}

void apply_links(image::image& im, const std::vector<ir::map_entry>& entries, const std::vector<paint::link_note>& notes,
                 const link_program& program) {
    for (const auto& n : notes) {
        const ir::map_entry* entry = nullptr;
        for (const auto& e : entries)
            if (e.name == n.symbol && entry == nullptr) entry = &e;
        if (entry == nullptr) link_error(n, "the map has no symbol " + quote(n.symbol));
        image::selection sel;
        sel.order = n.order;
        const auto chosen = image::select(*entry, sel, "milink");
        // The order's dimensions are outermost: each value covers a run of the others' elements.
        std::size_t values = 1;
        for (const auto& d : n.order)
            for (const auto& e : entry->dims)
                if (e.name == d) values *= e.extent;
        const std::size_t run = chosen.elements.size() / values;
        const std::size_t words = values * chosen.words;
        const std::string data = program(n, words * 2);
        if (data.size() != words * 2)
            link_error(n, std::string("supplied data is too ") + (data.size() < words * 2 ? "short" : "long") + ": program '" +
                              n.program + "' wrote " + (data.size() > words * 2 ? "more than " : "") +
                              std::to_string(data.size()) + " bytes, and the order needs " + std::to_string(words) +
                              " 16-bit words (" + std::to_string(words * 2) + " bytes)");
        // Each value covers `run` consecutive elements of the walk.
        std::vector<word> expanded;
        expanded.reserve(chosen.elements.size() * chosen.words);
        for (std::size_t i = 0; i < chosen.elements.size(); ++i)
            for (unsigned w = 0; w < chosen.words; ++w) {
                const std::size_t at = ((i / run) * chosen.words + w) * 2;
                expanded.push_back(word(std::uint8_t(data[at]) | std::uint8_t(data[at + 1]) << 8));
            }
        image::write_values(im, chosen, expanded, n.symbol);
    }
}

}  // namespace wafer::cli
