#pragma once
// Array initializers (reference §5 Initialization), folded to element bits in row-major order:
// {} zero-fills, a list of one value fills every element, a shorter list of two or more values
// zero-fills the rest, and an empty inner list zero-fills its row. wafer diagnoses what Carbide
// lets through: a list longer than its dimension is an error; an inner list neither full nor {} a
// warning, padded with zeros as C pads it (Carbide lays short lists end to end).
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/constant.hpp"
#include "wafer/tungsten/detail/convert.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

class array_initializer {
public:
    WAFER_CONSTEXPR array_initializer(const std::string& name, const variable_symbol& v, const evaluator& eval,
                                      const reporter& report)
        : name_(name), v_(v), eval_(eval), report_(report) {}

    /// The bits of every element (see convert), row-major.
    WAFER_CONSTEXPR std::vector<std::uint64_t> elements(const ast::initializer& init) const {
        std::vector<std::uint64_t> out(element_count(v_.extents), 0);
        if (!init.is_list)
            report_.fail(init.pos, "array " + quote(name_) + " needs a list initializer, like {0} or {1, 2}");
        if (init.elements.size() == 1 && !init.elements[0].is_list) {
            auto bits = value(init.elements[0]);
            for (auto& e : out) e = bits;
        } else {
            fill(init, 0, 0, out);
        }
        return out;
    }

private:
    /// Fills the sub-array at dimension `d` that starts at element `first` from `list`.
    WAFER_CONSTEXPR void fill(const ast::initializer& list, std::size_t d, std::uint64_t first,
                              std::vector<std::uint64_t>& out) const {
        const bool values = d + 1 == v_.rank;
        const auto extent = v_.extents[d];
        const auto given = list.elements.size();
        for (const auto& element : list.elements) {
            if (values && element.is_list)
                report_.fail(element.pos, "too many braces: dimension " + quote(v_.dim_names[d]) + " of " +
                                              quote(name_) + " holds values, not lists");
            if (!values && !element.is_list)
                report_.fail(element.pos, quote(name_) + " has " + count_of(v_.rank, "dimension") +
                                              ": give each inner list in full or as {}, like {{1, 2}, {3, 4}}");
        }
        const std::string what = count_of(given, values ? "value" : "list");
        if (given > extent) {
            if (v_.rank == 1)
                report_.fail(list.pos, "initializer has " + what + " but " + quote(name_) + " has " +
                                           count_of(extent, "element"));
            report_.fail(list.pos, std::string(d == 0 ? "initializer" : "inner list") + " has " + what +
                                       " but dimension " + quote(v_.dim_names[d]) + " of " + quote(name_) +
                                       " has extent " + decimal(extent));
            return;  // fail() returns only in a constant expression
        }
        if (d > 0 && given != 0 && given != extent)
            report_.warning(list.pos, "inner list has " + what + " but dimension " + quote(v_.dim_names[d]) + " of " +
                                          quote(name_) + " has extent " + decimal(extent) +
                                          ": wafer pads it with zeros, as C does (Carbide lays the values end to "
                                          "end); give each inner list in full or as {}");
        std::uint64_t inner = 1;
        for (std::size_t k = d + 1; k < v_.rank; ++k) inner *= v_.extents[k];
        for (std::size_t k = 0; k < given; ++k) {
            if (values)
                out[first + k] = value(list.elements[k]);
            else
                fill(list.elements[k], d + 1, first + k * inner, out);
        }
    }

    WAFER_CONSTEXPR std::uint64_t value(const ast::initializer& element) const {
        check_well_formed(element.value, report_);
        auto c = eval_.constant_of(element.value);
        if (!c)
            report_.fail(element.value.pos, "a value in the initializer of " + quote(name_) +
                                                " is not a compile-time constant; assign it in a statement");
        return convert(*c, v_.type, element.value.pos, report_);
    }

    const std::string& name_;
    const variable_symbol& v_;
    const evaluator& eval_;
    const reporter& report_;
};

}  // namespace wafer::tungsten::detail
