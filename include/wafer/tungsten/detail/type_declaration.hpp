#pragma once
// Declarations of types: structs and unions (reference §6) and typedefs (§7), and the dimensions
// every declarator and typedef adds to its type. A struct lays its members out in order, each
// 32- or 64-bit one at an even word; a union lays every member at word 0.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/composite.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/type_name.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

/// `t` with the dimensions `dims` of `what` outside its own (`float_arr tensor[M]` is sp[M][N]).
inline WAFER_CONSTEXPR object_type with_dimensions(context& cx, object_type t, const std::vector<ast::dimension>& dims,
                                                   const std::string& what) {
    if (dims.size() + t.extents.size() > max_nesting)
        cx.report.fail(dims.empty() ? source_position{} : dims.front().pos,
                       quote(what) + " has more than " + decimal(max_nesting) + " dimensions");
    std::vector<std::uint32_t> extents;
    std::vector<std::string> names;
    for (const auto& dim : dims) {
        const auto shown = dimension_name(dim.name, extents.size());
        check_well_formed(dim.extent, cx.report);
        auto extent = cx.eval.integer_of(dim.extent);
        if (!extent)
            cx.report.fail(dim.extent.pos, "the extent of dimension " + quote(shown) + " of " + quote(what) +
                                               " must be a compile-time integer constant (literals and params)");
        if (*extent < 1)
            cx.report.fail(dim.extent.pos, "dimension " + quote(shown) + " of " + quote(what) + " has extent " +
                                               decimal(*extent) + "; an extent must be at least 1");
        if (*extent > hw::memory_words)
            cx.report.fail(dim.extent.pos, quote(what) + " does not fit in PE memory: dimension " + quote(shown) +
                                               " has extent " + decimal(*extent));
        extents.push_back(static_cast<std::uint32_t>(*extent));
        names.push_back(dim.name);
    }
    t.extents.insert(t.extents.begin(), extents.begin(), extents.end());
    t.dim_names.insert(t.dim_names.begin(), names.begin(), names.end());
    return t;
}

/// The type of a declarator or member: its base, struct, union or typedef, then its own dimensions.
inline WAFER_CONSTEXPR object_type declared_type(context& cx, const ast::var_decl& decl) {
    return with_dimensions(cx, type_named(cx.scopes, cx.report, decl.type, decl.named, decl.pos), decl.dims,
                           decl.name);
}

inline WAFER_CONSTEXPR void declare_struct(context& cx, const ast::struct_decl& s) {
    auto& d = cx.scopes.declare({tag_key(s.is_union, s.tag), s.pos, tag_symbol{s.is_union, nullptr}});
    try {
        composite_type type{.is_union = s.is_union, .tag = s.tag};
        if (s.members.empty()) cx.report.fail(s.pos, type.spelling() + " has no members");
        std::uint64_t words = 0;
        for (const auto& m : s.members) {
            if (const auto* earlier = type.find(m.name)) {
                cx.report.error(m.pos, "duplicate member " + quote(m.name) + " in " + type.spelling());
                cx.report.note(earlier->pos, quote(m.name) + " was first declared here");
                throw abandon{};
            }
            if (m.init)
                cx.report.fail(m.init->pos, "member " + quote(m.name) + " of " + type.spelling() +
                                                " cannot have an initializer; initialize the variables instead");
            if (m.placement)
                cx.report.fail(m.placement->pos, "member " + quote(m.name) + " of " + type.spelling() +
                                                     " cannot be placed; place the variables of " +
                                                     type.spelling() + " instead");
            auto t = declared_type(cx, m);
            const bool even = element_even(t.base, t.composite);
            const std::uint64_t offset = s.is_union ? 0 : words + (even ? words % 2 : 0);
            const auto end = offset + object_words(t);
            if (end > hw::memory_words)
                cx.report.fail(m.pos, type.spelling() + " does not fit in PE memory: it reaches " +
                                          count_of(end, "word") + " at member " + quote(m.name));
            words = std::max(words, end);
            type.even = type.even || even;
            type.members.push_back({m.name, std::move(t), static_cast<std::uint32_t>(offset), m.pos});
        }
        if (type.even) words += words % 2;  // every element of an array keeps its even members even
        type.words = static_cast<std::uint32_t>(words);
        d.what = tag_symbol{s.is_union, &cx.composites.emplace_back(std::move(type))};
    } catch (const abandon&) {
        d.status = declaration::state::failed;
        throw;
    }
    d.status = declaration::state::ready;
}

inline WAFER_CONSTEXPR void declare_typedef(context& cx, const ast::typedef_decl& t) {
    auto& d = cx.scopes.declare({t.name, t.pos, type_symbol{}});
    try {
        auto type = with_dimensions(cx, type_named(cx.scopes, cx.report, t.type, t.named, t.pos), t.dims, t.name);
        d.what = type_symbol{std::move(type)};
    } catch (const abandon&) {
        d.status = declaration::state::failed;
        throw;
    }
    d.status = declaration::state::ready;
}

}  // namespace wafer::tungsten::detail
