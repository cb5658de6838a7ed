#pragma once
// The note file: the link() notes wafer paint writes and wafer milink applies (docs/formats.md).
#include <string>
#include <vector>

#include "wafer/paint/link.hpp"

namespace wafer::cli {

void write_notes(const std::vector<paint::link_note>& notes, const std::string& file);
/// Throws wafer::error for a file that is not a note file.
std::vector<paint::link_note> read_notes(const std::string& file);

}  // namespace wafer::cli
