#pragma once
// A top-level variable's entries in the symbol map (reference §5): its dimensions by name, with
// the generated n0, n1, ... by position for unnamed ones, and `_word<2` over the words of a 32-bit
// element. A struct or union has an entry per member of a base type, named by its path (`p.x`,
// `points.y`, `o.in.d`) with the dimensions along that path, so miget and miset reach every member.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/detail/composite.hpp"
#include "wafer/tungsten/detail/convert.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/report.hpp"

namespace wafer::tungsten::detail {

class symbol_map_entries {
public:
    WAFER_CONSTEXPR symbol_map_entries(std::vector<ir::symbol>& out, const reporter& report, source_position pos)
        : out_(out), report_(report), pos_(pos) {}

    /// The entries of an object at `base` named `path`, of element type `base`/`composite` over
    /// `extents` (named `names`, empty for unnamed), inside `enclosing`, the dimensions of its enclosing arrays.
    WAFER_CONSTEXPR void add(const std::string& path, address base, base_type type, const composite_type* composite,
                             const std::vector<std::uint32_t>& extents, const std::vector<std::string>& names,
                             const std::vector<ir::dimension>& enclosing = {}) {
        // A copy, not a by-value parameter: g++ 12 cannot move from one in a constant expression.
        auto outer = enclosing;
        const auto strides = row_major_strides(extents, element_words(type, composite));
        for (std::size_t d = 0; d < extents.size(); ++d)
            outer.push_back({dimension_name(names[d], outer.size()), extents[d], static_cast<std::int32_t>(strides[d])});
        if (composite) {
            for (const auto& m : composite->members)
                add(path + "." + m.name, static_cast<address>(base + m.offset), m.type.base, m.type.composite,
                    m.type.extents, m.type.dim_names, outer);
            return;
        }
        if (words_of(type) > 1) outer.push_back({"_word", words_of(type), 1});
        for (std::size_t d = 0; d < outer.size(); ++d)
            for (std::size_t e = 0; e < d; ++e)
                if (outer[e].name == outer[d].name) {
                    std::string why;  // not `?:` between strings (type_spelling says why)
                    if (outer[d].name == "_word")
                        why = " (taken by the words of its " + std::string(name_of(type)) + " elements)";
                    report_.fail(pos_, quote(path) + " has two dimensions named " + quote(outer[d].name) + why +
                                           "; the symbol map addresses dimensions by name");
                }
        out_.push_back({path, format_of(type), base, std::move(outer)});
    }

private:
    std::vector<ir::symbol>& out_;
    const reporter& report_;
    source_position pos_;
};

}  // namespace wafer::tungsten::detail
