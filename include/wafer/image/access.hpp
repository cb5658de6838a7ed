#pragma once
// A selection's values in an image, read and written as miget, miset and milink do: each element's
// PE is found by binary search (consecutive elements on one PE by none) and each PE's memory is
// decoded once, so the cost is linear in the elements touched, whatever the fabric's size.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/image/image.hpp"
#include "wafer/image/select.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::image {

/// The PE (index into layout.pes) of each selected element. An element on a position no PE has is an
/// error naming `symbol`. `probes`, when given, counts the PEs compared.
inline std::vector<std::uint32_t> locate(const ir::layout& l, const selected& s, const std::string& symbol,
                                         std::size_t* probes = nullptr) {
    std::vector<std::uint32_t> out;
    out.reserve(s.elements.size());
    std::uint32_t pe = 0;
    bool known = false;
    std::int32_t x = 0, y = 0;
    for (const auto& e : s.elements) {
        if (!known || e.x != x || e.y != y) {
            const auto found = ir::pe_index(l, e.x, e.y, probes);
            if (!found)
                throw error(diagnostic{severity::error, symbol, {},
                                       "the map places an element on PE (" + std::to_string(e.x) + "," + std::to_string(e.y) +
                                           "), which runs no program in this image",
                                       ""});
            pe = std::uint32_t(*found);
            known = true;
            x = e.x;
            y = e.y;
        }
        out.push_back(pe);
    }
    return out;
}

/// The selected elements' words, `s.words` per element in selection order (a word past the PE's
/// memory reads 0).
inline std::vector<word> read_values(const image& im, const selected& s, const std::string& symbol,
                                     std::size_t* probes = nullptr) {
    const auto pes = locate(im.layout, s, symbol, probes);
    std::vector<std::vector<word>> memory(im.layout.pes.size());
    std::vector<word> out(s.elements.size() * s.words, 0);
    for (std::size_t i = 0; i < s.elements.size(); ++i) {
        auto& m = memory[pes[i]];
        if (m.empty()) m = im.memory_of(pes[i]);
        for (unsigned w = 0; w < s.words; ++w)
            if (s.elements[i].address + w < m.size()) out[i * s.words + w] = m[s.elements[i].address + w];
    }
    return out;
}

/// Stores `words` (`s.words` per element, in selection order) into the selected elements; a PE's
/// memory grows to hold an element past its end, up to the PE's memory.
inline void write_values(image& im, const selected& s, std::span<const word> words, const std::string& symbol,
                         std::size_t* probes = nullptr) {
    const auto pes = locate(im.layout, s, symbol, probes);
    im.memory.resize(im.layout.pes.size());
    for (std::size_t i = 0; i < s.elements.size(); ++i) {
        auto& m = im.memory[pes[i]];
        if (m.empty()) m = im.memory_of(pes[i]);
        const std::size_t at = s.elements[i].address;
        if (at + s.words > m.size()) m.resize(std::min<std::size_t>(hw::memory_words, at + s.words));
        for (unsigned w = 0; w < s.words && at + w < m.size(); ++w) m[at + w] = words[i * s.words + w];
    }
}

}  // namespace wafer::image
