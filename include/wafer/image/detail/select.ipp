#pragma once
// Choosing a symbol's elements (select.hpp): inline in header-only use, compiled once with the rest
// of wafer/src.hpp otherwise.
#include <algorithm>

#include "wafer/core/diagnostic.hpp"
#include "wafer/image/select.hpp"

namespace wafer::image {

WAFER_DECL selected select(const ir::map_entry& e, const selection& sel, const std::string& what) {
    auto fail = [&](const std::string& m) { throw error(diagnostic{severity::error, what, {}, m, ""}); };
    auto dims = e.dims;
    std::vector<std::uint32_t> lo(dims.size(), 0), hi(dims.size());
    for (std::size_t d = 0; d < dims.size(); ++d) hi[d] = dims[d].extent;
    auto index_of = [&](const std::string& n) {
        for (std::size_t d = 0; d < dims.size(); ++d)
            if (dims[d].name == n) return d;
        std::string known;
        for (const auto& d : dims) known += (known.empty() ? "" : " ") + d.name;
        fail("symbol " + e.name + " has no dimension '" + n + "' (it has: " + known + ")");
        return std::size_t(0);
    };
    bool word_chosen = false;
    for (const auto& r : sel.ranges) {
        auto d = index_of(r.name);
        if (r.lo >= r.hi || r.hi > dims[d].extent)
            fail("range " + r.name + "=" + std::to_string(r.lo) + ":" + std::to_string(r.hi) + " is outside " +
                 r.name + "<" + std::to_string(dims[d].extent) + " of " + e.name);
        lo[d] = r.lo;
        hi[d] = r.hi;
        word_chosen |= r.name == "_word";
    }
    std::vector<std::size_t> walk;  // dimension indices, outermost first
    for (const auto& n : sel.order) {
        auto d = index_of(n);
        if (std::find(walk.begin(), walk.end(), d) != walk.end()) fail("order names '" + n + "' twice");
        walk.push_back(d);
        word_chosen |= n == "_word";
    }
    selected out;
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (std::find(walk.begin(), walk.end(), d) != walk.end()) continue;
        // A 32-bit element is printed as one value unless the user asked for its words.
        if (dims[d].name == "_word" && !word_chosen && lo[d] == 0 && hi[d] == dims[d].extent) {
            out.words = dims[d].extent;
            continue;
        }
        walk.push_back(d);
    }
    std::size_t total = 1;
    for (auto d : walk) {
        total *= hi[d] - lo[d];
        if (total > max_selected_elements) fail("the selection of " + e.name + " is too large");
    }
    if (!walk.empty()) out.row = hi[walk.back()] - lo[walk.back()];
    out.elements.reserve(total);
    std::vector<std::uint32_t> i(lo);
    for (std::size_t n = 0; n < total; ++n) {
        element el{e.x, e.y, e.base};
        for (std::size_t d = 0; d < dims.size(); ++d) {
            auto k = std::int64_t(i[d]);
            el.x += std::int32_t(k * dims[d].x_stride);
            el.y += std::int32_t(k * dims[d].y_stride);
            el.address += std::uint32_t(k * dims[d].stride);
        }
        out.elements.push_back(el);
        for (auto w = walk.rbegin(); w != walk.rend(); ++w) {  // odometer, innermost fastest
            if (++i[*w] < hi[*w]) break;
            i[*w] = lo[*w];
        }
    }
    return out;
}

}  // namespace wafer::image
