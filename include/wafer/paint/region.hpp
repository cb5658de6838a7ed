#pragma once
// A region: Paint's tree of tiles, flattened. Its tiles are rectangles (blocks: tile() is 1 x 1,
// rect() any size), each perhaps repeated along named dimensions (rep(), hstackrep(), stackrep()
// add one without copying the block), in child order; its attributes (name, code, paint) are in the order they were
// applied, each covering a contiguous range of blocks, since every region is a contiguous range of
// the blocks of any region built from it. A PE covered by several blocks (a union of overlapping
// regions) gets the attributes of all of them, in attribute order: later ones have the final word,
// as union()'s children do in paint. verify() resolves this per PE.
//
// Everything here is constexpr: freeze() runs a C++ layout at compile time. Functions are templates
// (`template <int = 0>`), compiled only where called (paint.hpp says why).
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/core/number.hpp"
#include "wafer/paint/color.hpp"
#include "wafer/paint/detail/cx_string.hpp"
#include "wafer/paint/origin.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::paint {

/// Every block lies within +-2^20 (both edges), so moving one cannot overflow 32 bits.
inline constexpr std::int32_t max_coordinate = 1 << 20;
/// A region holds at most this many blocks, and as many attributes (union(r r) doubles a region).
inline constexpr std::size_t max_region_blocks = std::size_t(1) << 20;

/// A block holds at most this many repeats (rep() of a rep() ...).
inline constexpr std::size_t max_repeats = 8;

/// One replication of a block: `count` copies, each (dx, dy) from the one before. Its name is the
/// dimension the map, miget, miset and link orders know it by.
struct repeat {
    cx_string name;
    std::int32_t count = 1, dx = 0, dy = 0;
    friend constexpr bool operator==(const repeat&, const repeat&) = default;
};

/// A rectangle of PEs [x, x + width) x [y, y + height), never empty, and its copies: one at every
/// sum of k_i * (dx_i, dy_i) over its repeats (0 <= k_i < count_i).
struct block {
    std::int32_t x = 0, y = 0, width = 1, height = 1;
    cx_string x_dim, y_dim;       ///< rect()'s optional dimension names ("" when not named)
    origin at;                    ///< the tile() or rect() call
    std::vector<repeat> repeats;  ///< innermost (applied first) first
    friend constexpr bool operator==(const block&, const block&) = default;
};

/// A layout has at most this many PEs (four times a 750 x 994 wafer): verify() reports more
/// instead of expanding them, and a repeat that would make one block cover more is an error, so
/// that counting a block's copies never overflows.
inline constexpr std::int64_t max_layout_pes = std::int64_t(1) << 22;

/// The copies of a block's rectangle: the product of its repeats' counts.
template <int = 0>
constexpr std::int64_t copies(const block& b) noexcept {
    std::int64_t n = 1;
    for (const auto& r : b.repeats) n *= r.count;
    return n;
}

/// The PEs a block covers, counting overlapping copies once each.
template <int = 0>
constexpr std::int64_t pe_count(const block& b) noexcept { return std::int64_t(b.width) * b.height * copies(b); }

/// Calls f(x, y) with the lower-left PE of each copy of `b`'s rectangle, innermost repeat fastest.
template <class F>
constexpr void for_each_copy(const block& b, F&& f) {
    std::int32_t k[max_repeats]{};
    for (const auto& r : b.repeats)
        if (r.count <= 0) return;
    for (;;) {
        std::int32_t x = b.x, y = b.y;
        for (std::size_t i = 0; i < b.repeats.size(); ++i) {
            x += k[i] * b.repeats[i].dx;
            y += k[i] * b.repeats[i].dy;
        }
        f(x, y);
        std::size_t i = 0;
        while (i < b.repeats.size() && ++k[i] == b.repeats[i].count) k[i++] = 0;
        if (i == b.repeats.size()) return;
    }
}

/// A geovar named in a code() binding (@name): the param takes the geovar's value on each PE.
struct geovar_ref {
    cx_string name;
    friend constexpr bool operator==(const geovar_ref&, const geovar_ref&) = default;
};

/// An arcvar named in a code() binding (^name): the param takes the value the sending terminal of
/// a transport that arrives at the region defines (arcvar()).
struct arcvar_ref {
    cx_string name;
    friend constexpr bool operator==(const arcvar_ref&, const arcvar_ref&) = default;
};

/// A code() binding's value: a number for a kernel param, a geovar (a number per PE) or an arcvar
/// (a number a transport brings) for one, or a color for a socket.
struct binding_value {
    enum class kind : std::uint8_t { number, color, geovar, arcvar };
    kind k = kind::number;
    wafer::number num;    ///< kind number: an integer, or a real for an sp, hp or ep param
    paint::color col;
    cx_string variable;   ///< kind geovar or arcvar: its name

    constexpr binding_value() = default;
    template <class N>
        requires std::is_arithmetic_v<N>
    constexpr binding_value(N v) : k(kind::number), num(v) {}
    constexpr binding_value(wafer::number v) : k(kind::number), num(v) {}
    constexpr binding_value(paint::color c) : k(kind::color), col(std::move(c)) {}
    constexpr binding_value(geovar_ref g) : k(kind::geovar), variable(std::move(g.name)) {}
    constexpr binding_value(arcvar_ref a) : k(kind::arcvar), variable(std::move(a.name)) {}
    constexpr bool is_param() const noexcept { return k != kind::color; }
    friend constexpr bool operator==(const binding_value&, const binding_value&) = default;
};

struct binding {
    cx_string name;        ///< a param or socket of the kernel
    binding_value value;
    origin at;             ///< where the value was written (code() fills in its own call if empty)
    friend constexpr bool operator==(const binding&, const binding&) = default;
};

/// A param or socket of a kernel whose interface the layout knows (code<K>()), so verify() can check
/// the code()'s bindings without the kernel's program.
struct kernel_port {
    cx_string name;
    bool socket = false;        ///< a socket (takes a color); else a param (takes a number)
    bool has_default = false;   ///< a param: it has a default value, so it need not be bound
    friend constexpr bool operator==(const kernel_port&, const kernel_port&) = default;
};

enum class attribute_kind : std::uint8_t { name, code, paint, colorpair, mp, geovar, link, terminal, alias, transport, arcvar };

/// A terminal's side: where its router begins or ends (terminal.hpp).
enum class side : std::uint8_t { right, left, up, down, center };

/// Who made a paint() attribute: the layout, the transport router, or the layout with an open end
/// ([>C], [C>]) the router completed.
enum class route_origin : std::uint8_t { layout, router, completed };

/// A terminal's description (terminal(r 'name 'tag SIDE color shape split chunk [revpin])).
struct terminal_spec {
    cx_string tag;
    paint::side where = paint::side::center;
    std::vector<std::int32_t> shape, split;
    std::int32_t chunk = 1;
    bool revpin = false;
    friend constexpr bool operator==(const terminal_spec&, const terminal_spec&) = default;
};

struct attribute {
    attribute_kind kind = attribute_kind::name;
    std::uint32_t first = 0, last = 0;   ///< the blocks it covers: [first, last)
    origin at;                           ///< the call that applied it
    cx_string text;                      ///< name: the name; code: the kernel; geovar, terminal, alias,
                                         ///< transport, arcvar: its name; link: the symbol
    std::vector<binding> bindings;       ///< code; link: the program's parameters
    bool typed = false;                  ///< code: made by code<K>(), so `ports` is the kernel's interface
    std::vector<kernel_port> ports;      ///< code, when typed: the kernel's params and sockets
    cx_string order, program;            ///< link: the order of its dimensions ("y n"), the program
    paint::color col;                    ///< paint: its color; colorpair: the first
    paint::color partner;                ///< colorpair: the second
    route_rule rule;                     ///< paint
    std::int32_t bank = -1;              ///< mp: the bank
    wafer::number geovalue;              ///< geovar: its value on the PEs it covers; arcvar: its value
    terminal_spec terminal;              ///< terminal (its name in text, its color in col)
    cx_string from, to;                  ///< transport: the terminals' paths; alias: to, the child terminal's;
                                         ///< arcvar: from, the terminal it is defined on
    route_origin made_by = route_origin::layout;   ///< paint
    std::uint16_t depth = 0;             ///< how many unions and stacks enclose the region it was applied to
    friend constexpr bool operator==(const attribute&, const attribute&) = default;
};

struct region {
    std::vector<block> blocks;
    std::vector<attribute> attributes;   ///< in the order applied: children's before their parent's
    friend constexpr bool operator==(const region&, const region&) = default;
};

namespace detail {
template <int = 0>
constexpr bool coordinate_ok(std::int64_t v) noexcept { return v >= -max_coordinate && v <= max_coordinate; }

/// The names of the region attribute `a` was applied to and of the regions around it (name()s over
/// all of its blocks, from attribute index `from` on), outermost first, joined with '.'. A child's
/// name is not the region's, even when it covers every block (a union of one).
template <int = 0>
constexpr cx_string enclosing_names(const region& r, std::size_t a, std::size_t from) {
    const attribute& at = r.attributes[a];
    cx_string path;
    for (std::size_t i = r.attributes.size(); i-- > from;) {   // the last applied is the outermost
        const attribute& n = r.attributes[i];
        if (n.kind != attribute_kind::name || n.first > at.first || n.last < at.last || n.depth > at.depth) continue;
        if (!path.empty()) path += '.';
        path += n.text.view();
    }
    return path;
}
}  // namespace detail

/// rect(x y w h [xdim ydim]): a w x h rectangle at (x, y); w or h 0 gives the empty region.
template <int = 0>
constexpr region rect(std::int32_t x, std::int32_t y, std::int32_t width, std::int32_t height, cx_string x_dim,
                      cx_string y_dim, origin at = call_site{}) {
    if (width < 0 || height < 0) fail(at, "rect() takes a width and a height that are not negative");
    if (!detail::coordinate_ok(x) || !detail::coordinate_ok(y) || !detail::coordinate_ok(std::int64_t(x) + width) ||
        !detail::coordinate_ok(std::int64_t(y) + height))
        fail(at, "tiles and rects must lie within +-1048576");
    region r;
    if (width != 0 && height != 0)
        r.blocks.push_back(block{x, y, width, height, std::move(x_dim),
                                 std::move(y_dim), std::move(at)});
    return r;
}

template <int = 0>
constexpr region rect(std::int32_t x, std::int32_t y, std::int32_t width, std::int32_t height,
                      origin at = call_site{}) {
    return rect(x, y, width, height, {}, {}, std::move(at));
}

/// tile(x y): one PE at (x, y); tile(): at (0, 0).
template <int = 0>
constexpr region tile(std::int32_t x, std::int32_t y, origin at = call_site{}) {
    return rect(x, y, 1, 1, {}, {}, std::move(at));
}
template <int = 0>
constexpr region tile(origin at = call_site{}) { return tile(0, 0, std::move(at)); }

/// The bounding box of a non-empty region (64-bit: a repeat may reach past the coordinate range,
/// which the operation that made it reports).
struct box {
    std::int64_t min_x, min_y, max_x, max_y;   ///< max exclusive
};
template <int = 0>
constexpr box bounds(const block& k) noexcept {
    box b{k.x, k.y, std::int64_t(k.x) + k.width, std::int64_t(k.y) + k.height};
    for (const auto& r : k.repeats) {
        const std::int64_t sx = std::int64_t(r.count - 1) * r.dx, sy = std::int64_t(r.count - 1) * r.dy;
        (sx < 0 ? b.min_x : b.max_x) += sx;
        (sy < 0 ? b.min_y : b.max_y) += sy;
    }
    return b;
}
template <int = 0>
constexpr box bounds(const region& r) noexcept {
    box b{max_coordinate * 4, max_coordinate * 4, -max_coordinate * 4, -max_coordinate * 4};
    for (const auto& k : r.blocks) {
        const box e = bounds(k);
        b.min_x = e.min_x < b.min_x ? e.min_x : b.min_x;
        b.min_y = e.min_y < b.min_y ? e.min_y : b.min_y;
        b.max_x = e.max_x > b.max_x ? e.max_x : b.max_x;
        b.max_y = e.max_y > b.max_y ? e.max_y : b.max_y;
    }
    return b;
}

}  // namespace wafer::paint
