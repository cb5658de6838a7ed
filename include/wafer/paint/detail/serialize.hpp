#pragma once
// Regions to bytes and back, in constant expressions: freeze() stores a region in a literal
// std::array, since a constexpr variable cannot hold heap memory.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "wafer/paint/region.hpp"

namespace wafer::paint::detail {

/// Sinks for the writer (anything with push_back of a byte): count the bytes (a pass that collects
/// the file names), or store them (in freeze()'s core/held_bytes.hpp, whose plain index writes cost
/// a constant evaluation far less than std::vector's push_back, or a vector at run time).
struct byte_counter {
    std::size_t size = 0;
    constexpr void push_back(unsigned char) noexcept { ++size; }
};

template <int = 0>
constexpr bool same_text(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

template <class Sink>
struct byte_writer {
    Sink& out;
    std::vector<std::string_view>& files;   ///< written once, before the region: origins name an index

    constexpr void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) out.push_back((unsigned char)(v >> (8 * i)));
    }
    constexpr void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back((unsigned char)(v >> (8 * i)));
    }
    constexpr void u8(std::uint8_t v) { out.push_back(v); }
    constexpr void text(std::string_view s) {
        u32(std::uint32_t(s.size()));
        for (char c : s) out.push_back((unsigned char)c);
    }
    constexpr void at(const origin& o) {
        std::uint32_t file = 0;
        while (file < files.size() && !same_text(files[file], o.file.view())) ++file;
        if (file == files.size()) files.push_back(o.file.view());
        u32(file);
        u32(o.pos.line);
        u32(o.pos.column);
        text(o.line);
    }
    constexpr void col(const color& c) {
        u32(std::uint32_t(c.id));
        u8(std::uint8_t(c.physical));
        u8(std::uint8_t(c.bank));
        at(c.at);
    }
    constexpr void rule(const route_rule& r) {
        u8(r.count);
        for (std::size_t k = 0; k < r.positions.size(); ++k) {
            u8(std::uint8_t(r.positions[k].input));
            u8(r.positions[k].outputs);
            u8(r.positions[k].has_input);
            u8(r.entry[k]);
            u8(r.exit[k]);
        }
        u8(r.initial);
        u8(std::uint8_t(r.swap));
        u8(std::uint8_t(r.pop));
        u8(std::uint8_t(r.open_input | r.open_output << 1 | r.ring << 2 | r.tip << 3 | r.fabadder << 4));
    }
};

struct byte_reader {
    const unsigned char* p;
    std::vector<cx_string> files;

    constexpr std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= std::uint64_t(*p++) << (8 * i);
        return v;
    }
    constexpr std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= std::uint32_t(*p++) << (8 * i);
        return v;
    }
    constexpr std::uint8_t u8() { return *p++; }
    constexpr cx_string text() {
        cx_string s;
        for (std::uint32_t n = u32(); n > 0; --n) s += char(*p++);
        return s;
    }
    constexpr origin at() {
        cx_string file = files[u32()];
        source_position pos;
        pos.line = u32();
        pos.column = u32();
        return origin(std::move(file), pos, text());
    }
    constexpr color col() {
        color c;
        c.id = std::int32_t(u32());
        c.physical = std::int8_t(u8());
        c.bank = std::int8_t(u8());
        c.at = at();
        return c;
    }
    constexpr route_rule rule() {
        route_rule r;
        r.count = u8();
        for (std::size_t k = 0; k < r.positions.size(); ++k) {
            r.positions[k].input = hw::port(u8());
            r.positions[k].outputs = u8();
            r.positions[k].has_input = u8() != 0;
            r.entry[k] = u8();
            r.exit[k] = u8();
        }
        r.initial = u8();
        r.swap = swap_kind(u8());
        r.pop = ir::pop_mode(u8());
        const std::uint8_t flags = u8();
        r.open_input = flags & 1;
        r.open_output = flags & 2;
        r.ring = flags & 4;
        r.tip = flags & 8;
        r.fabadder = flags & 16;
        return r;
    }
};

template <class Sink>
constexpr void write_region(byte_writer<Sink>& w, const region& r) {
    w.u32(std::uint32_t(r.blocks.size()));
    for (const auto& b : r.blocks) {
        w.u32(std::uint32_t(b.x));
        w.u32(std::uint32_t(b.y));
        w.u32(std::uint32_t(b.width));
        w.u32(std::uint32_t(b.height));
        w.text(b.x_dim);
        w.text(b.y_dim);
        w.at(b.at);
        w.u32(std::uint32_t(b.repeats.size()));
        for (const auto& rp : b.repeats) {
            w.text(rp.name);
            w.u32(std::uint32_t(rp.count));
            w.u32(std::uint32_t(rp.dx));
            w.u32(std::uint32_t(rp.dy));
        }
    }
    w.u32(std::uint32_t(r.attributes.size()));
    for (const auto& a : r.attributes) {
        w.u8(std::uint8_t(a.kind));
        w.u32(a.first);
        w.u32(a.last);
        w.at(a.at);
        w.text(a.text);
        w.u32(std::uint32_t(a.bindings.size()));
        for (const auto& b : a.bindings) {
            w.text(b.name);
            w.u8(std::uint8_t(b.value.k));
            w.u64(std::uint64_t(b.value.integer));
            w.col(b.value.col);
            w.text(b.value.variable);
            w.at(b.at);
        }
        w.u8(a.typed);
        w.u32(std::uint32_t(a.ports.size()));
        for (const auto& p : a.ports) {
            w.text(p.name);
            w.u8(std::uint8_t(p.socket | p.has_default << 1));
        }
        w.col(a.col);
        w.col(a.partner);
        w.rule(a.rule);
        w.u32(std::uint32_t(a.bank));
        w.u32(std::uint32_t(a.geovalue));
        w.text(a.order);
        w.text(a.program);
        w.text(a.terminal.tag);
        w.u8(std::uint8_t(a.terminal.where));
        w.u32(std::uint32_t(a.terminal.shape.size()));
        for (auto v : a.terminal.shape) w.u32(std::uint32_t(v));
        w.u32(std::uint32_t(a.terminal.split.size()));
        for (auto v : a.terminal.split) w.u32(std::uint32_t(v));
        w.u32(std::uint32_t(a.terminal.chunk));
        w.u8(a.terminal.revpin);
        w.text(a.from);
        w.text(a.to);
        w.u8(std::uint8_t(a.made_by));
    }
}

/// Writes `r` to `out`: the table of file names, then the region.
template <class Sink>
constexpr void encode(const region& r, Sink& out) {
    std::vector<std::string_view> files;
    byte_counter skip;
    byte_writer<byte_counter> names{skip, files};
    write_region(names, r);   // collects the file names
    byte_writer<Sink> w{out, files};
    w.u32(std::uint32_t(files.size()));
    for (auto f : files) w.text(f);
    write_region(w, r);
}

template <int = 0>
std::vector<unsigned char> encode(const region& r) {
    std::vector<unsigned char> v;
    encode(r, v);
    return v;
}

template <int = 0>
constexpr region decode(const unsigned char* bytes) {
    byte_reader rd{bytes, {}};
    rd.files.resize(rd.u32());
    for (auto& f : rd.files) f = rd.text();
    region r;
    r.blocks.resize(rd.u32());
    for (auto& b : r.blocks) {
        b.x = std::int32_t(rd.u32());
        b.y = std::int32_t(rd.u32());
        b.width = std::int32_t(rd.u32());
        b.height = std::int32_t(rd.u32());
        b.x_dim = rd.text();
        b.y_dim = rd.text();
        b.at = rd.at();
        b.repeats.resize(rd.u32());
        for (auto& rp : b.repeats) {
            rp.name = rd.text();
            rp.count = std::int32_t(rd.u32());
            rp.dx = std::int32_t(rd.u32());
            rp.dy = std::int32_t(rd.u32());
        }
    }
    r.attributes.resize(rd.u32());
    for (auto& a : r.attributes) {
        a.kind = attribute_kind(rd.u8());
        a.first = rd.u32();
        a.last = rd.u32();
        a.at = rd.at();
        a.text = rd.text();
        a.bindings.resize(rd.u32());
        for (auto& b : a.bindings) {
            b.name = rd.text();
            b.value.k = binding_value::kind(rd.u8());
            b.value.integer = std::int64_t(rd.u64());
            b.value.col = rd.col();
            b.value.variable = rd.text();
            b.at = rd.at();
        }
        a.typed = rd.u8() != 0;
        a.ports.resize(rd.u32());
        for (auto& p : a.ports) {
            p.name = rd.text();
            const std::uint8_t flags = rd.u8();
            p.socket = (flags & 1) != 0;
            p.has_default = (flags & 2) != 0;
        }
        a.col = rd.col();
        a.partner = rd.col();
        a.rule = rd.rule();
        a.bank = std::int32_t(rd.u32());
        a.geovalue = std::int32_t(rd.u32());
        a.order = rd.text();
        a.program = rd.text();
        a.terminal.tag = rd.text();
        a.terminal.where = side(rd.u8());
        a.terminal.shape.resize(rd.u32());
        for (auto& v : a.terminal.shape) v = std::int32_t(rd.u32());
        a.terminal.split.resize(rd.u32());
        for (auto& v : a.terminal.split) v = std::int32_t(rd.u32());
        a.terminal.chunk = std::int32_t(rd.u32());
        a.terminal.revpin = rd.u8() != 0;
        a.from = rd.text();
        a.to = rd.text();
        a.made_by = route_origin(rd.u8());
    }
    return r;
}

}  // namespace wafer::paint::detail
