#pragma once
// Placing named copies: diagplace(), arrayplace(), diagarrayplace() put copies of a region at
// offsets, each a region named x0, x1, ... (so their symbols read x0.a, and each copy keeps its own
// terminals); paintuppertriangle() adds painted tiles in a staircase.
#include <cstdint>
#include <utility>
#include <vector>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/transform.hpp"

namespace wafer::paint {

/// A geovar with one value per copy: arrayplace()'s [name:values].
struct geovar_values {
    cx_string name;
    std::vector<std::int32_t> values;
};

namespace detail {
/// Copy k of r at offset (dx[k], dy[k]), named xk, with value k of each geovar, all in one region.
template <int = 0>
constexpr region named_copies(const region& r, const std::vector<std::int32_t>& dx, const std::vector<std::int32_t>& dy,
                              const std::vector<geovar_values>& geovars, const origin& at) {
    for (const auto& g : geovars)
        if (g.values.size() != dx.size())
            fail(at, cx_string("geovar ") + g.name + " has " + to_text(std::int64_t(g.values.size())) +
                         " values for " + to_text(std::int64_t(dx.size())) + " copies: give one value per copy");
    std::vector<region> copies;
    for (std::size_t k = 0; k < dx.size(); ++k) {
        region copy = name(place(r, dx[k], dy[k], rotation::r0, at), cx_string("x") + to_text(std::int64_t(k)), at);
        for (const auto& g : geovars) copy = geovar(std::move(copy), g.name, g.values[k], at);
        copies.push_back(std::move(copy));
    }
    return union_(std::move(copies), at);
}

template <int = 0>
constexpr void check_count(std::int64_t n, const char* call, const origin& at) {
    if (n < 0) fail(at, cx_string(call) + "() takes a count that is not negative");
    if (n > std::int64_t(max_region_blocks)) fail(at, cx_string(call) + "() makes more than 1048576 named copies");
}
}  // namespace detail

/// diagplace(r n dx dy): n copies of r, copy k moved (k dx, k dy), named x0 .. x(n-1).
template <int = 0>
constexpr region diagplace(const region& r, std::int32_t count, std::int32_t dx, std::int32_t dy, origin at = call_site{}) {
    detail::check_count(count, "diagplace", at);
    std::vector<std::int32_t> xs, ys;
    for (std::int64_t k = 0; k < count; ++k) {
        if (!detail::coordinate_ok(k * dx) || !detail::coordinate_ok(k * dy)) fail(at, "diagplace() places copies past +-1048576");
        xs.push_back(std::int32_t(k * dx));
        ys.push_back(std::int32_t(k * dy));
    }
    return detail::named_copies(r, xs, ys, {}, at);
}

/// diagarrayplace(r dx [y0 y1 ...]), with geovar values: copy k moved (k dx, y_k), named xk, gets
/// value k of each geovar (after r's code(), so they apply to it).
template <int = 0>
constexpr region diagarrayplace(const region& r, std::int32_t dx, const std::vector<std::int32_t>& offsets,
                                const std::vector<geovar_values>& geovars, origin at = call_site{}) {
    detail::check_count(std::int64_t(offsets.size()), "diagarrayplace", at);
    std::vector<std::int32_t> xs;
    for (std::size_t k = 0; k < offsets.size(); ++k) {
        if (!detail::coordinate_ok(std::int64_t(k) * dx)) fail(at, "diagarrayplace() places copies past +-1048576");
        xs.push_back(std::int32_t(std::int64_t(k) * dx));
    }
    return detail::named_copies(r, xs, offsets, geovars, at);
}

/// diagarrayplace(r dx [y0 y1 ...]).
template <int = 0>
constexpr region diagarrayplace(const region& r, std::int32_t dx, const std::vector<std::int32_t>& offsets,
                                origin at = call_site{}) {
    return diagarrayplace(r, dx, offsets, std::vector<geovar_values>{}, std::move(at));
}

/// arrayplace(r [y0 y1 ...] [name:values]): copy k moved (0, y_k), named xk, with value k of each geovar.
template <int = 0>
constexpr region arrayplace(const region& r, const std::vector<std::int32_t>& offsets,
                            const std::vector<geovar_values>& geovars = {}, origin at = call_site{}) {
    return diagarrayplace(r, 0, offsets, geovars, std::move(at));
}

/// paintuppertriangle(r c rule xoffsets yoffsets xend): r and, on each row yoffsets[i], new tiles from
/// xoffsets[i] to xend (both exclusive) painted with `rule` on color c; a tile r already has is not
/// painted.
template <int = 0>
constexpr region paintuppertriangle(region r, color c, route_rule rule, const std::vector<std::int32_t>& xoffsets,
                                    const std::vector<std::int32_t>& yoffsets, std::int32_t xend, origin at = call_site{}) {
    if (xoffsets.size() != yoffsets.size())
        fail(at, "paintuppertriangle() takes as many x offsets as y offsets, one pair per row");
    auto covered = [&](std::int32_t x, std::int32_t y) {
        for (const auto& b : r.blocks) {
            bool in = false;
            for_each_copy(b, [&](std::int32_t bx, std::int32_t by) {
                in = in || (x >= bx && x < bx + b.width && y >= by && y < by + b.height);
            });
            if (in) return true;
        }
        return false;
    };
    std::vector<region> parts{r};
    for (std::size_t i = 0; i < xoffsets.size(); ++i)
        for (std::int64_t x = std::int64_t(xoffsets[i]) + 1; x < xend; ++x) {
            if (parts.size() > max_region_blocks) fail(at, "paintuppertriangle() adds more than 1048576 tiles");
            if (!covered(std::int32_t(x), yoffsets[i])) parts.push_back(paint(tile(std::int32_t(x), yoffsets[i], at), c, rule, at));
        }
    return union_(std::move(parts), at);
}

}  // namespace wafer::paint
