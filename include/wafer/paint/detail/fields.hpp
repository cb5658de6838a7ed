#pragma once
// The fields of a region, for core/archive.hpp: freeze() stores a region as bytes in a literal
// std::array (a constexpr variable cannot hold heap memory) and thaw() reads them back, both in
// constant expressions. Each origin names its file by index; a file is written in full the first
// time an origin names it, so a layout's file names cost their text once.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "wafer/core/archive.hpp"
#include "wafer/ir/fields.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

constexpr std::size_t enum_count(attribute_kind) { return 11; }
constexpr std::size_t enum_count(binding_value::kind) { return 4; }
constexpr std::size_t enum_count(side) { return 5; }
constexpr std::size_t enum_count(route_origin) { return 3; }
constexpr std::size_t enum_count(swap_kind) { return 4; }

/// What the writer and reader of a region share: the files named so far, in the order first named.
template <class Text>
struct origin_files {
    std::vector<Text> names;
};

template <class Ar>
constexpr void fields(Ar& ar, origin& o) {
    auto& names = ar.context.names;
    std::uint32_t file = 0;
    if constexpr (Ar::reading) {
        ar(file);
        if (file > names.size()) throw archive::format_error{"an origin names a file not yet written"};
        if (file == names.size()) {
            cx_string name;
            ar(name);
            names.push_back(std::move(name));
        }
        o.file = names[file];
    } else {
        const std::string_view name = o.file.view();
        while (file < names.size() && names[file] != name) ++file;
        ar(file);
        if (file == names.size()) {
            names.push_back(name);
            ar(o.file);
        }
    }
    ar(o.pos.line, o.pos.column, o.line);
}

template <class Ar> constexpr void fields(Ar& ar, color& c) { ar(c.id, c.physical, c.bank, c.at); }
template <class Ar> constexpr void fields(Ar& ar, repeat& r) { ar(r.name, r.count, r.dx, r.dy); }
template <class Ar> constexpr void fields(Ar& ar, block& b) { ar(b.x, b.y, b.width, b.height, b.x_dim, b.y_dim, b.at, b.repeats); }
template <class Ar> constexpr void fields(Ar& ar, binding_value& v) { ar(v.k, v.num, v.col, v.variable); }
template <class Ar> constexpr void fields(Ar& ar, binding& b) { ar(b.name, b.value, b.at); }
template <class Ar> constexpr void fields(Ar& ar, kernel_port& p) { ar(p.name, p.socket, p.has_default); }
template <class Ar> constexpr void fields(Ar& ar, route_rule& r) {
    ar(r.positions, r.entry, r.exit, r.count, r.initial, r.swap, r.open_input, r.open_output, r.ring, r.tip, r.fabadder,
       r.pop);
}
template <class Ar> constexpr void fields(Ar& ar, terminal_spec& t) { ar(t.tag, t.where, t.shape, t.split, t.chunk, t.revpin); }
template <class Ar> constexpr void fields(Ar& ar, attribute& a) {
    ar(a.kind, a.first, a.last, a.at, a.text, a.bindings, a.typed, a.ports, a.order, a.program, a.col, a.partner, a.rule,
       a.bank, a.geovalue, a.terminal, a.from, a.to, a.made_by, a.depth);
}
template <class Ar> constexpr void fields(Ar& ar, region& r) { ar(r.blocks, r.attributes); }

namespace detail {

/// Writes `r` into `out` (anything with push_back of a byte: a vector, or freeze()'s held bytes).
/// (The archive takes non-const references for both directions.)
template <class Sink>
constexpr void encode(region& r, Sink& out) {
    archive::basic_writer<Sink&, origin_files<std::string_view>> w{out};
    w(r);
}

template <int = 0>
std::vector<std::uint8_t> encode(region& r) {
    std::vector<std::uint8_t> v;
    encode(r, v);
    return v;
}

/// The region in `n` bytes that encode() wrote; throws archive::format_error on any other bytes.
template <int = 0>
constexpr region decode(const std::uint8_t* bytes, std::size_t n) {
    archive::basic_reader<origin_files<cx_string>> rd(bytes, n);
    region r;
    rd(r);
    return r;
}

}  // namespace detail
}  // namespace wafer::paint
