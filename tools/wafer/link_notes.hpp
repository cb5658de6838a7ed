#pragma once
// The note file: the link() notes wafer paint writes and wafer milink applies (docs/formats.md).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "wafer/image/image.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/paint/link.hpp"

namespace wafer::cli {

void write_notes(const std::vector<paint::link_note>& notes, const std::string& file);
/// Throws wafer::error for a file that is not a note file.
std::vector<paint::link_note> read_notes(const std::string& file);
/// The notes a note file's text holds; `file` names it in errors.
std::vector<paint::link_note> notes_from_text(const std::string& text, const std::string& file);

/// A wafer::error about note `n`'s link, at its link() call.
[[noreturn]] void link_error(const paint::link_note& n, const std::string& message);

/// What a note's program wrote to out=: at most `limit` bytes (one more tells "too long").
using link_program = std::function<std::string(const paint::link_note&, std::size_t limit)>;

/// Stores into `im` what each note's program gives (milink): the words walk the order's dimensions,
/// the rightmost fastest; dimensions the order leaves out get the same values. Throws wafer::error
/// for a symbol the map lacks, a bad order, or data of the wrong length.
void apply_links(image::image& im, const std::vector<ir::map_entry>& entries, const std::vector<paint::link_note>& notes,
                 const link_program& program);

}  // namespace wafer::cli
