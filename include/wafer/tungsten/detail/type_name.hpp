#pragma once
// The type a declaration, a member or sizeof names: a base type, `struct tag`, `union tag` or a
// typedef name, looked up by the scope rules like any other name (reference §1, §7).
#include <optional>
#include <string>
#include <variant>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/composite.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

inline WAFER_CONSTEXPR object_type type_named(const scope_stack& scopes, const reporter& report, base_type base,
                                              const std::optional<ast::named_type>& named, source_position pos) {
    if (!named) return {.base = base};
    using kind = ast::named_type::kind;
    if (named->k == kind::alias) {
        const auto& d = scopes.lookup(named->name, pos);
        const auto* t = std::get_if<type_symbol>(&d.what);
        if (!t) {
            report.fail(pos, quote(named->name) + " is " + a_kind(d) + ", not a type");
            return {};  // fail() returns only in a constant expression
        }
        return t->type;
    }
    const bool is_union = named->k == kind::union_type;
    const auto& d = scopes.lookup(tag_key(is_union, named->name), pos);
    const auto* tag = std::get_if<tag_symbol>(&d.what);  // else lookup() failed and gave a stand-in
    return {.base = base_type::xp, .composite = tag ? tag->type : nullptr};
}

/// sizeof of a whole object of type `t`, in words.
inline WAFER_CONSTEXPR std::uint64_t object_words(const object_type& t) {
    return element_count(t.extents) * element_words(t.base, t.composite);
}

}  // namespace wafer::tungsten::detail
