#pragma once
// Moving a region: place(), rotate(), hflip(), vflip(). A rotation or a flip turns the region inside
// its bounding box (its lower-left corner stays where it was) and turns what it carries with it:
// each paint() rule's directions, boundary suppressions and H/V swaps (wafer's design; the guide
// says only which way each one turns the tiles).
#include <array>
#include <cstdint>
#include <utility>

#include "wafer/paint/combine.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

/// rotate()'s and place()'s angles, counter-clockwise: R90 turns +x into +y.
enum class rotation : std::uint8_t { r0, r90, r180, r270 };

namespace detail {
/// A turn of the plane: (x, y) -> (a x + b y, c x + d y), each entry -1, 0 or 1.
struct turn {
    std::int32_t a, b, c, d;
};
template <int = 0>
constexpr turn turn_of(rotation r) noexcept {
    switch (r) {
    case rotation::r90: return {0, -1, 1, 0};
    case rotation::r180: return {-1, 0, 0, -1};
    case rotation::r270: return {0, 1, -1, 0};
    case rotation::r0: break;
    }
    return {1, 0, 0, 1};
}
inline constexpr turn mirror_x{-1, 0, 0, 1};   ///< hflip: left to right
inline constexpr turn mirror_y{1, 0, 0, -1};   ///< vflip: along y

/// Where a port's direction goes under `t`; the core stays.
template <int = 0>
constexpr hw::port turned(hw::port p, const turn& t) noexcept {
    std::int32_t x = 0, y = 0;
    switch (p) {
    case hw::port::right: x = 1; break;
    case hw::port::left: x = -1; break;
    case hw::port::up: y = 1; break;
    case hw::port::down: y = -1; break;
    case hw::port::core: return p;
    }
    const std::int32_t nx = t.a * x + t.b * y, ny = t.c * x + t.d * y;
    return nx > 0 ? hw::port::right : nx < 0 ? hw::port::left : ny > 0 ? hw::port::up : hw::port::down;
}
template <int = 0>
constexpr std::uint8_t turned_ports(std::uint8_t mask, const turn& t) noexcept {
    std::uint8_t out = 0;
    for (int p = 0; p < hw::ports; ++p)
        if (mask & (1u << p)) out = std::uint8_t(out | hw::bit(turned(hw::port(p), t)));
    return out;
}

template <int = 0>
constexpr route_rule turned(route_rule rule, const turn& t) noexcept {
    for (std::uint8_t k = 0; k < rule.count; ++k) {
        auto& pos = rule.positions[k];
        if (pos.has_input) pos.input = turned(pos.input, t);
        pos.outputs = turned_ports(pos.outputs, t);
        rule.entry[k] = turned_ports(rule.entry[k], t);
        rule.exit[k] = turned_ports(rule.exit[k], t);
    }
    if (t.a == 0 && (rule.swap == swap_kind::h || rule.swap == swap_kind::v))   // a quarter turn: x and y trade
        rule.swap = rule.swap == swap_kind::h ? swap_kind::v : swap_kind::h;
    return rule;
}

/// `r` under `t`, moved so its bounding box keeps its lower-left corner.
template <int = 0>
constexpr region turned(region r, const turn& t, const origin& at) {
    if (r.blocks.empty()) return r;
    const box before = bounds(r);
    for (auto& b : r.blocks) {
        // The rectangle's image: its corners' lowest coordinates, its sides swapped by a quarter turn.
        const std::int64_t x0 = std::int64_t(t.a) * b.x + std::int64_t(t.b) * b.y;
        const std::int64_t y0 = std::int64_t(t.c) * b.x + std::int64_t(t.d) * b.y;
        const std::int64_t x1 = x0 + std::int64_t(t.a) * (b.width - 1) + std::int64_t(t.b) * (b.height - 1);
        const std::int64_t y1 = y0 + std::int64_t(t.c) * (b.width - 1) + std::int64_t(t.d) * (b.height - 1);
        b.x = std::int32_t(x0 < x1 ? x0 : x1);
        b.y = std::int32_t(y0 < y1 ? y0 : y1);
        if (t.a == 0) {
            std::swap(b.width, b.height);
            std::swap(b.x_dim, b.y_dim);
        }
        for (auto& rp : b.repeats) {
            const std::int32_t dx = t.a * rp.dx + t.b * rp.dy, dy = t.c * rp.dx + t.d * rp.dy;
            rp.dx = dx;
            rp.dy = dy;
        }
    }
    for (auto& a : r.attributes)
        if (a.kind == attribute_kind::paint) a.rule = turned(a.rule, t);
    const box after = bounds(r);
    const std::int64_t dx = before.min_x - after.min_x, dy = before.min_y - after.min_y;
    for (auto& b : r.blocks) {
        if (!moved_ok(b, dx, dy)) fail(at, "this turns a tile past +-1048576");
        b.x = std::int32_t(b.x + dx);
        b.y = std::int32_t(b.y + dy);
    }
    return r;
}
}  // namespace detail

/// rotate(r R0|R90|R180|R270): r turned counter-clockwise inside its bounding box.
template <int = 0>
constexpr region rotate(region r, rotation by, origin at = call_site{}) {
    if (by == rotation::r0) return r;   // not ?: with a copy of r: g++ 12 frees it twice
    return detail::turned(std::move(r), detail::turn_of(by), at);
}

/// hflip(r): r mirrored left to right inside its bounding box.
template <int = 0>
constexpr region hflip(region r, origin at = call_site{}) { return detail::turned(std::move(r), detail::mirror_x, at); }

/// vflip(r): r mirrored along y inside its bounding box.
template <int = 0>
constexpr region vflip(region r, origin at = call_site{}) { return detail::turned(std::move(r), detail::mirror_y, at); }

/// place(r dx dy [R0|R90|R180|R270]): r rotated, then moved by (dx, dy) from where it is, so
/// successive places add their offsets.
template <int = 0>
constexpr region place(region r, std::int32_t dx, std::int32_t dy, rotation by = rotation::r0, origin at = call_site{}) {
    r = rotate(std::move(r), by, at);
    for (auto& b : r.blocks) {
        if (!detail::moved_ok(b, dx, dy)) fail(at, "place() moves a tile past +-1048576");
        b.x += dx;
        b.y += dy;
    }
    return r;
}

}  // namespace wafer::paint
