#pragma once
// Joining regions: union_ keeps positions, hstack and vstack move each next region against the one
// before. Children keep their order: their attributes come first in the result, in child order.
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/paint/region.hpp"

namespace wafer::paint {

namespace detail {
/// Whether `b` moved by (dx, dy) still lies within +-2^20.
template <int = 0>
constexpr bool moved_ok(const block& b, std::int64_t dx, std::int64_t dy) noexcept {
    const box e = bounds(b);
    return coordinate_ok(e.min_x + dx) && coordinate_ok(e.max_x + dx) && coordinate_ok(e.min_y + dy) &&
           coordinate_ok(e.max_y + dy);
}

/// Appends `part` to `into`, moving its blocks by (dx, dy). A part the caller gives up (an rvalue)
/// is moved from, not copied: a layout's regions are joined level by level, and in a constant
/// expression every copied attribute (a dozen strings and vectors) costs the evaluator.
template <class Part>
constexpr void append(region& into, Part&& part, std::int32_t dx, std::int32_t dy, const origin& at) {
    constexpr bool owned = !std::is_lvalue_reference_v<Part>;
    const auto offset = std::uint32_t(into.blocks.size());
    if (into.blocks.size() + part.blocks.size() > max_region_blocks ||
        into.attributes.size() + part.attributes.size() > max_region_blocks)
        fail(at, "a region holds at most 1048576 tiles and rects and as many attributes");
    // Room for the part at once, growing geometrically: each reallocation moves every attribute.
    auto make_room = [](auto& v, std::size_t more) {
        if (v.size() + more > v.capacity()) v.reserve(std::max(v.size() + more, 2 * v.capacity()));
    };
    make_room(into.blocks, part.blocks.size());
    make_room(into.attributes, part.attributes.size());
    for (auto& b : part.blocks) {
        if (!moved_ok(b, dx, dy)) fail(at, "this moves a tile past +-1048576");
        if constexpr (owned) into.blocks.push_back(std::move(b));
        else into.blocks.push_back(b);
        into.blocks.back().x += dx;
        into.blocks.back().y += dy;
    }
    for (auto& a : part.attributes) {
        if constexpr (owned) into.attributes.push_back(std::move(a));
        else into.attributes.push_back(a);
        auto& added = into.attributes.back();
        added.first += offset;
        added.last += offset;
        if (added.depth < UINT16_MAX) ++added.depth;
    }
}

enum class axis : std::uint8_t { x, y };

/// Keeps the first non-empty part; each next one's low edge goes against the high edge of the one
/// before, along `a` only. Empty parts take no room. `parts`: a vector, moved from, or an
/// initializer list, whose regions are const and so copied.
template <class Parts>
constexpr region stack(Parts&& parts, axis a, const origin& at) {
    region r;
    bool first = true;
    std::int64_t edge = 0;
    for (auto& p : parts) {
        if (p.blocks.empty()) {
            append(r, std::move(p), 0, 0, at);
            continue;
        }
        const box b = bounds(p);
        const std::int64_t shift = first ? 0 : edge - (a == axis::x ? b.min_x : b.min_y);
        if (!coordinate_ok(shift)) fail(at, "this moves a tile past +-1048576");
        append(r, std::move(p), a == axis::x ? std::int32_t(shift) : 0, a == axis::y ? std::int32_t(shift) : 0, at);
        edge = (a == axis::x ? b.max_x : b.max_y) + shift;
        first = false;
    }
    return r;
}

template <class... R>
constexpr bool all_regions = (std::is_same_v<std::remove_cvref_t<R>, region> && ...);

/// The regions of a call's arguments, moved where the caller gave them up (an initializer list
/// would copy every one).
template <class... R>
constexpr std::vector<region> parts_of(R&&... rs) {
    std::vector<region> parts;
    parts.reserve(sizeof...(R));
    (parts.push_back(std::forward<R>(rs)), ...);
    return parts;
}
}  // namespace detail

/// union(r1 r2 ...): the regions at their own positions. Where they overlap, later children have
/// the final word on properties that overwrite (paint); two of them with code is an error (verify).
template <int = 0>
constexpr region union_(std::vector<region> parts, const origin& at = call_site{}) {
    region r;
    for (auto& p : parts) detail::append(r, std::move(p), 0, 0, at);
    return r;
}

/// hstack(r1 r2 ...): r1 stays; each next region moves in x only, its left edge against the right
/// edge (bounding box) of the one before.
template <int = 0>
constexpr region hstack(std::vector<region> parts, const origin& at = call_site{}) {
    return detail::stack(std::move(parts), detail::axis::x, at);
}

/// vstack(r1 r2 ...): as hstack, in y: each next region goes above (+y) the one before.
template <int = 0>
constexpr region vstack(std::vector<region> parts, const origin& at = call_site{}) {
    return detail::stack(std::move(parts), detail::axis::y, at);
}

template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region union_(R&&... rs) {
    return union_(detail::parts_of(std::forward<R>(rs)...), origin{});  // a pack cannot take the call site
}
template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region hstack(R&&... rs) {
    return hstack(detail::parts_of(std::forward<R>(rs)...), origin{});  // a pack cannot take the call site
}
template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region vstack(R&&... rs) {
    return vstack(detail::parts_of(std::forward<R>(rs)...), origin{});  // a pack cannot take the call site
}

}  // namespace wafer::paint
