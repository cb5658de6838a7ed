// The note file as JSON: {"links": [{"symbol", "order": [...], "program", "params": [[key, value]...], "at"}]}.
#include "link_notes.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

#include "wafer/core/file.hpp"

namespace wafer::cli {

void write_notes(const std::vector<paint::link_note>& notes, const std::string& file) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& n : notes)
        links.push_back({{"symbol", n.symbol}, {"order", n.order}, {"program", n.program}, {"params", n.params}, {"at", n.at}});
    std::ofstream out(file, std::ios::trunc);
    out << nlohmann::json{{"links", std::move(links)}}.dump(2) << '\n';
    if (!out) throw error(diagnostic{severity::error, file, {}, "cannot write the note file", ""});
}

std::vector<paint::link_note> read_notes(const std::string& file) {
    std::vector<paint::link_note> notes;
    try {
        const auto j = nlohmann::json::parse(read_file(file, "note file"));
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

}  // namespace wafer::cli
