#pragma once
// Replication: rep(), hstackrep(), vstackrep(), stackrep(). Each adds a named repeat to every block
// of the region (region.hpp) instead of copying it, so rep(tile() 'i 1000 1 0) is one block, and
// the copies keep the region's attributes, as a replicated subtree does in paint. The repeat's name
// is a dimension of the region's map entries.
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "wafer/paint/combine.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

namespace detail {
/// The dimension names a block's map entries have: its repeats', then its rectangle's.
template <int = 0>
constexpr bool has_dimension(const block& b, const cx_string& name) {
    for (const auto& r : b.repeats)
        if (r.name == name) return true;
    // Views, not a cx_string made in one arm of ?: (g++ 12 destroys that temporary twice in a
    // constant expression).
    if ((b.height > 1 || !b.y_dim.empty()) && (b.y_dim.empty() ? std::string_view("y") : b.y_dim.view()) == name.view())
        return true;
    return (b.width > 1 || !b.x_dim.empty()) && (b.x_dim.empty() ? std::string_view("x") : b.x_dim.view()) == name.view();
}

template <int = 0>
constexpr region repeated(region r, const repeat& rp, const cx_string& call, const origin& at) {
    if (rp.count < 0) fail(at, call + "() takes a count that is not negative");
    if (rp.name.empty()) fail(at, call + "() takes a dimension name that is not empty");
    for (char c : rp.name.view())
        if (c == '.' || c == ' ') fail(at, call + "() takes a dimension name without '.' or spaces, as map dimensions are");
    if (rp.count == 0) return region{};   // "pass in 0 for nrep" leaves the region out
    for (auto& b : r.blocks) {
        if (b.repeats.size() == max_repeats)
            fail(at, call + "() repeats a tile more than " + to_text(std::int64_t(max_repeats)) + " times over");
        if (has_dimension(b, rp.name))
            fail(at, call + "() names its dimension '" + rp.name + "', which the region already has: give it " +
                         "another name");
        b.repeats.push_back(rp);
        if (!moved_ok(b, 0, 0))
            fail(at, call + "() places copies past +-1048576: count " + to_text(std::int64_t(rp.count)) + ", step (" +
                         to_text(std::int64_t(rp.dx)) + ", " + to_text(std::int64_t(rp.dy)) + ")");
        // The copies before this repeat were at most max_layout_pes, so their product with a count
        // cannot overflow here; past this check, neither can a block's count of PEs.
        if (copies(b) > max_layout_pes / (std::int64_t(b.width) * b.height))
            fail(at, call + "() makes a tile cover more than " + to_text(max_layout_pes) +
                         " PEs, the most a layout may have: count " + to_text(std::int64_t(rp.count)));
    }
    return r;
}

/// The width or height of a region, plus `space`: the step of a stacked repetition.
template <int = 0>
constexpr std::int32_t stack_step(const region& r, axis a, std::int32_t space, const cx_string& call, const origin& at) {
    if (space < 0) fail(at, call + "() takes a space that is not negative");
    if (r.blocks.empty()) return 0;
    const box b = bounds(r);
    const std::int64_t step = (a == axis::x ? b.max_x - b.min_x : b.max_y - b.min_y) + space;
    if (!coordinate_ok(step)) fail(at, call + "() steps past +-1048576");
    return std::int32_t(step);
}
}  // namespace detail

/// rep(r 'name count dx dy): `count` copies of r, each moved (dx, dy) from the one before; 'name is
/// the new dimension (map, miget, miset, link). Count 0 gives the empty region.
template <int = 0>
constexpr region rep(region r, cx_string name, std::int32_t count, std::int32_t dx, std::int32_t dy,
                     origin at = call_site{}) {
    return detail::repeated(std::move(r), repeat{std::move(name), count, dx, dy}, "rep", at);
}

/// hstackrep(r n [space] [name]): n copies of r side by side (east), `space` PEs apart. The
/// dimension is 'x unless named (wafer's choice: the map needs a name).
template <int = 0>
constexpr region hstackrep(region r, std::int32_t count, std::int32_t space = 0, cx_string name = "x",
                           origin at = call_site{}) {
    const std::int32_t step = detail::stack_step(r, detail::axis::x, space, "hstackrep", at);
    return detail::repeated(std::move(r), repeat{std::move(name), count, step, 0}, "hstackrep", at);
}

/// vstackrep(r n [space] [name]): as hstackrep, upwards (+y); the dimension is 'y unless named.
template <int = 0>
constexpr region vstackrep(region r, std::int32_t count, std::int32_t space = 0, cx_string name = "y",
                           origin at = call_site{}) {
    const std::int32_t step = detail::stack_step(r, detail::axis::y, space, "vstackrep", at);
    return detail::repeated(std::move(r), repeat{std::move(name), count, 0, step}, "vstackrep", at);
}

enum class direction : std::uint8_t { horizontal, vertical };

/// stackrep(r 'name HORIZONTAL|VERTICAL n): n copies stepped by the region's own width or height.
template <int = 0>
constexpr region stackrep(region r, cx_string name, direction d, std::int32_t count, origin at = call_site{}) {
    const auto a = d == direction::horizontal ? detail::axis::x : detail::axis::y;
    const std::int32_t step = detail::stack_step(r, a, 0, "stackrep", at);
    return detail::repeated(std::move(r), repeat{std::move(name), count, a == detail::axis::x ? step : 0,
                                                 a == detail::axis::y ? step : 0},
                            "stackrep", at);
}

/// stack(HORIZONTAL|VERTICAL r1 r2 ...): hstack or vstack, the direction a value.
template <int = 0>
constexpr region stack(direction d, std::vector<region> parts, const origin& at = call_site{}) {
    return detail::stack(std::move(parts), d == direction::horizontal ? detail::axis::x : detail::axis::y, at);
}
/// stack(d, {r1, r2, ...}): the same, each region copied once from the list.
template <int = 0>
constexpr region stack(direction d, std::initializer_list<region> parts, const origin& at = call_site{}) {
    return detail::stack(parts, d == direction::horizontal ? detail::axis::x : detail::axis::y, at);
}

}  // namespace wafer::paint
