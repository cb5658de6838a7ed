#pragma once
// Reading and writing one element's words as text, by its value format, for miget and miset; and
// the format's name in a map file, as the Tungsten type that has it (xp, u16, sp, hp, ...).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/types.hpp"

namespace wafer::image {

/// The map file's name of a format: the Tungsten type name (s16 is written xp, the type kernels use).
constexpr std::string_view name_of(ir::value_format f) noexcept {
    constexpr std::string_view names[] = {"xp", "u16", "s32", "u32", "s64", "u64", "hp", "sp", "ep", "u1"};
    return unsigned(f) < ir::value_format_count ? names[unsigned(f)] : "?";
}

/// The format a map file's type name stands for (s16 reads as xp).
constexpr std::optional<ir::value_format> format_named(std::string_view name) noexcept {
    if (name == "s16") return ir::value_format::s16;
    for (int f = 0; f < ir::value_format_count; ++f)
        if (name_of(ir::value_format(f)) == name) return ir::value_format(f);
    return std::nullopt;
}

/// `v` as miget prints a float: the shortest text that reads back as the same float.
WAFER_DECL std::string float_text(double v);

/// `words` holds one element (1, 2 or 4 words, low word first).
WAFER_DECL std::string format_value(ir::value_format f, std::span<const word> words);

/// A values file's (or values= option's) items: the text between commas and white space.
WAFER_DECL std::vector<std::string> split_values(std::string_view text);

/// Parses `text` as one element of format `f` into `n` words; nullopt when it is not such a value.
WAFER_DECL std::optional<std::vector<word>> parse_value(ir::value_format f, std::string_view text, unsigned n);

}  // namespace wafer::image

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/image/detail/values.ipp"
#endif
