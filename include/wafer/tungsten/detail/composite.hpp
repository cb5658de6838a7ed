#pragma once
// Structs, unions and the types typedefs name (reference §6, §7). sizeof counts 16-bit words; a
// member holding a 32- or 64-bit value starts at an even word, so a struct with one is padded to an
// even size (as C pads to its alignment) and every element of an array of it keeps that member even.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/detail/digits.hpp"
#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::detail {

struct composite_type;

/// What a declaration's type comes to: a base type or a struct or union, and the extents an array
/// typedef adds (outermost first). Unnamed dimensions keep an empty name until a variable is laid out.
struct object_type {
    base_type base = base_type::xp;
    const composite_type* composite = nullptr;  ///< null for a base type; kept by the context
    std::vector<std::uint32_t> extents;
    std::vector<std::string> dim_names;
};

struct member {
    std::string name;
    object_type type;
    std::uint32_t offset = 0;  ///< in words from the start of the struct
    source_position pos;
};

struct composite_type {
    bool is_union = false;
    std::string tag;
    std::vector<member> members;
    std::uint32_t words = 0;  ///< sizeof
    bool even = false;        ///< holds a 32- or 64-bit value, so it starts at an even word

    WAFER_CONSTEXPR const member* find(std::string_view name) const {
        for (const auto& m : members)
            if (m.name == name) return &m;
        return nullptr;
    }
    /// "struct point" or "union bits", as the source writes the type.
    WAFER_CONSTEXPR std::string spelling() const { return (is_union ? "union " : "struct ") + tag; }
};

/// Dimension `number` of a variable as messages and the symbol map name it: its own name, or
/// n0, n1, ... by position when it has none. (An `if`, not `?:`: g++ 12 cannot destroy a string
/// made by `?:` in a constant expression; docs/embedding.md, Kernels as compile-time values.)
inline WAFER_CONSTEXPR std::string dimension_name(const std::string& name, std::size_t number) {
    if (!name.empty()) return name;
    return "n" + wafer::detail::decimal(number);
}

/// The words of one element (sizeof of the element type).
inline WAFER_CONSTEXPR std::uint32_t element_words(base_type base, const composite_type* composite) {
    return composite ? composite->words : words_of(base);
}
/// Whether an element must start at an even word.
inline WAFER_CONSTEXPR bool element_even(base_type base, const composite_type* composite) {
    return composite ? composite->even : words_of(base) > 1;
}

/// "xp", "struct point". (An `if`, not `?:`: g++ 12 cannot destroy a string `?:` made in a
/// constant expression, where a frozen kernel's messages are written.)
inline WAFER_CONSTEXPR std::string type_spelling(base_type base, const composite_type* composite) {
    if (composite) return composite->spelling();
    return std::string(name_of(base));
}

}  // namespace wafer::tungsten::detail
