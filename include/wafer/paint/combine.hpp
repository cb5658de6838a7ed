#pragma once
// Joining regions: union_ keeps positions, hstack and vstack move each next region against the one
// before. Children keep their order: their attributes come first in the result, in child order.
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/paint/region.hpp"

namespace wafer::paint {

namespace detail {
/// Whether `b` moved by (dx, dy) still lies within +-2^20.
constexpr bool moved_ok(const block& b, std::int64_t dx, std::int64_t dy) noexcept {
    const box e = bounds(b);
    return coordinate_ok(e.min_x + dx) && coordinate_ok(e.max_x + dx) && coordinate_ok(e.min_y + dy) &&
           coordinate_ok(e.max_y + dy);
}

/// Appends `part` to `into`, moving its blocks by (dx, dy).
constexpr void append(region& into, const region& part, std::int32_t dx, std::int32_t dy, const origin& at) {
    const auto offset = std::uint32_t(into.blocks.size());
    if (into.blocks.size() + part.blocks.size() > max_region_blocks ||
        into.attributes.size() + part.attributes.size() > max_region_blocks)
        fail(at, "a region holds at most 1048576 tiles and rects and as many attributes");
    for (block b : part.blocks) {
        if (!moved_ok(b, dx, dy)) fail(at, "this moves a tile past +-1048576");
        b.x += dx;
        b.y += dy;
        into.blocks.push_back(std::move(b));
    }
    for (attribute a : part.attributes) {
        a.first += offset;
        a.last += offset;
        into.attributes.push_back(std::move(a));
    }
}

enum class axis : std::uint8_t { x, y };

/// Keeps the first non-empty part; each next one's low edge goes against the high edge of the one
/// before, along `a` only. Empty parts take no room.
constexpr region stack(const std::vector<region>& parts, axis a, const origin& at) {
    region r;
    bool first = true;
    std::int64_t edge = 0;
    for (const auto& p : parts) {
        if (p.blocks.empty()) {
            append(r, p, 0, 0, at);
            continue;
        }
        const box b = bounds(p);
        const std::int64_t shift = first ? 0 : edge - (a == axis::x ? b.min_x : b.min_y);
        if (!coordinate_ok(shift)) fail(at, "this moves a tile past +-1048576");
        append(r, p, a == axis::x ? std::int32_t(shift) : 0, a == axis::y ? std::int32_t(shift) : 0, at);
        edge = (a == axis::x ? b.max_x : b.max_y) + shift;
        first = false;
    }
    return r;
}

template <class... R>
constexpr bool all_regions = (std::is_same_v<std::remove_cvref_t<R>, region> && ...);
}  // namespace detail

/// union(r1 r2 ...): the regions at their own positions. Where they overlap, later children have
/// the final word on properties that overwrite (paint); two of them with code is an error (verify).
constexpr region union_(const std::vector<region>& parts, const origin& at = call_site{}) {
    region r;
    for (const auto& p : parts) detail::append(r, p, 0, 0, at);
    return r;
}

/// hstack(r1 r2 ...): r1 stays; each next region moves in x only, its left edge against the right
/// edge (bounding box) of the one before.
constexpr region hstack(const std::vector<region>& parts, const origin& at = call_site{}) {
    return detail::stack(parts, detail::axis::x, at);
}

/// vstack(r1 r2 ...): as hstack, in y: each next region goes above (+y) the one before.
constexpr region vstack(const std::vector<region>& parts, const origin& at = call_site{}) {
    return detail::stack(parts, detail::axis::y, at);
}

template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region union_(R&&... rs) {
    return union_(std::vector<region>{std::forward<R>(rs)...}, origin{});  // a pack cannot take the call site
}
template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region hstack(R&&... rs) {
    return hstack(std::vector<region>{std::forward<R>(rs)...}, origin{});  // a pack cannot take the call site
}
template <class... R>
    requires(sizeof...(R) > 0 && detail::all_regions<R...>)
constexpr region vstack(R&&... rs) {
    return vstack(std::vector<region>{std::forward<R>(rs)...}, origin{});  // a pack cannot take the call site
}

}  // namespace wafer::paint
