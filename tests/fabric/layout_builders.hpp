#pragma once
// Small builders for hand-made layouts in the fabric tests: operands, operations, programs,
// placed PEs and routes written as Paint route rules ("L>CR").
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/ir/layout.hpp"

namespace wafer::test {

using ir::data_type;
using ir::opcode;

inline ir::dsd mem(address base, std::array<std::int32_t, ir::max_rank> stride = {1}) {
    ir::dsd d;
    d.k = ir::dsd::kind::mem;
    d.base = base;
    d.stride = stride;
    return d;
}
inline ir::dsd scalar(address base) { return mem(base, {}); }
inline ir::dsd imm(std::uint32_t bits) {
    ir::dsd d;
    d.k = ir::dsd::kind::immediate;
    d.bits = bits;
    return d;
}
inline ir::dsd index(std::int32_t start, std::array<std::int32_t, ir::max_rank> stride = {1}) {
    ir::dsd d;
    d.k = ir::dsd::kind::index;
    d.bits = std::uint32_t(start);
    d.stride = stride;
    return d;
}
inline ir::dsd fabin(std::uint8_t queue) {
    ir::dsd d;
    d.k = ir::dsd::kind::fabin;
    d.queue = queue;
    return d;
}
inline ir::dsd fabout(std::uint8_t queue) {
    ir::dsd d;
    d.k = ir::dsd::kind::fabout;
    d.queue = queue;
    return d;
}

inline ir::dsd_op op(opcode code, data_type type, std::initializer_list<std::uint32_t> extent, ir::dsd dst,
                     std::initializer_list<ir::dsd> src, source_position pos = {}) {
    ir::dsd_op o;
    o.op = code;
    o.type = type;
    o.rank = std::uint8_t(extent.size());
    std::copy(extent.begin(), extent.end(), o.extent.begin());
    o.dst = dst;
    std::copy(src.begin(), src.end(), o.src.begin());
    o.pos = pos;
    return o;
}

inline ir::pe_program program(std::string kernel, std::vector<ir::dsd_op> code, std::uint32_t memory_words,
                              std::vector<ir::segment> data = {}, std::vector<ir::socket> sockets = {}) {
    ir::pe_program p;
    p.kernel = std::move(kernel);
    ir::straight_line(p, std::move(code));
    p.memory_words = memory_words;
    p.data = std::move(data);
    p.sockets = std::move(sockets);
    return p;
}

inline ir::socket reads(std::string name, std::int8_t queue, data_type type = data_type::i16) {
    return ir::socket{std::move(name), type, queue, -1};
}
inline ir::socket writes(std::string name, std::int8_t queue, data_type type = data_type::i16) {
    return ir::socket{std::move(name), type, -1, queue};
}

/// (queue, color) bindings.
using bindings = std::initializer_list<std::pair<int, int>>;

inline ir::placed_pe place(std::int32_t x, std::int32_t y, std::uint32_t program, std::string name,
                           bindings inputs = {}, bindings outputs = {}) {
    ir::placed_pe p;
    p.x = x;
    p.y = y;
    p.program = program;
    p.name = std::move(name);
    for (auto [q, c] : inputs) p.input_color[std::size_t(q)] = std::int8_t(c);
    for (auto [q, c] : outputs) p.output_color[std::size_t(q)] = std::int8_t(c);
    return p;
}

inline ir::port port_of(char c) {
    return ir::port(std::string_view("CRLUD").find(c));
}

/// A Paint route rule "L>CR" (one switch position).
inline ir::switch_position rule(std::string_view r) {
    ir::switch_position p;
    p.input = port_of(r[0]);
    for (char c : r.substr(2)) p.outputs = std::uint8_t(p.outputs | hw::bit(port_of(c)));
    return p;
}

/// A router with (color, rule) pairs.
inline ir::router route(std::int32_t x, std::int32_t y, std::initializer_list<std::pair<int, std::string_view>> rules) {
    ir::router r;
    r.x = x;
    r.y = y;
    for (auto [color, text] : rules) r.colors.push_back(ir::color_route{std::uint8_t(color), {rule(text)}});
    std::sort(r.colors.begin(), r.colors.end(), [](const auto& a, const auto& b) { return a.color < b.color; });
    return r;
}

inline ir::layout make_layout(std::int32_t width, std::int32_t height, std::vector<ir::pe_program> programs,
                              std::vector<ir::placed_pe> pes, std::vector<ir::router> routers = {}) {
    ir::layout l;
    l.width = width;
    l.height = height;
    l.programs = std::move(programs);
    l.pes = std::move(pes);
    l.routers = std::move(routers);
    auto by_row = [](const auto& a, const auto& b) { return std::pair(a.y, a.x) < std::pair(b.y, b.x); };
    std::sort(l.pes.begin(), l.pes.end(), by_row);
    std::sort(l.routers.begin(), l.routers.end(), by_row);
    return l;
}

/// Words 0..n-1 as a data segment at `base`.
inline ir::segment words(address base, std::vector<word> w) { return ir::segment{base, std::move(w)}; }

/// The words of an f32 array, low word first.
inline std::vector<word> sp_words(std::initializer_list<float> values) {
    std::vector<word> w;
    for (float v : values) {
        w.push_back(word(sp_bits(v)));
        w.push_back(word(sp_bits(v) >> 16));
    }
    return w;
}

struct stream {
    std::vector<std::pair<std::int32_t, std::int32_t>> path;  // source first, reader last
    int color = 0;
    std::uint32_t count = 0;
};

inline char direction(std::pair<std::int32_t, std::int32_t> from, std::pair<std::int32_t, std::int32_t> to) {
    if (to.first > from.first) return 'R';
    if (to.first < from.first) return 'L';
    return to.second > from.second ? 'U' : 'D';
}
inline char reverse(char d) { return d == 'R' ? 'L' : d == 'L' ? 'R' : d == 'U' ? 'D' : 'U'; }

/// What a PE in the middle of a stream does with it (random_network with middles): relays it, or
/// computes on each element, with a constant, memory beside it, or at four products a cycle.
inline std::vector<ir::dsd_op> middle_ops(std::mt19937& rng, std::uint32_t count, std::uint8_t in_q, std::uint8_t out_q) {
    switch (rng() % 5) {
    case 0: return {op(opcode::mov, data_type::i16, {count}, fabout(out_q), {fabin(in_q)})};
    case 1: return {op(opcode::mac, data_type::i16, {count}, fabout(out_q), {fabin(in_q), imm(3), imm(1)})};
    case 2: return {op(opcode::add, data_type::i16, {count}, fabout(out_q), {mem(0), fabin(in_q)})};
    case 3: return {op(opcode::mul, data_type::f16, {count}, fabout(out_q), {fabin(in_q), imm(0x3c00)})};
    default:  // all of it into memory, then all of it out
        return {op(opcode::mov, data_type::i16, {count}, mem(0), {fabin(in_q)}),
                op(opcode::mov, data_type::i16, {count}, fabout(out_q), {mem(0)})};
    }
}

/// A random network of up to `streams` streams on a w x h fabric, along random self-avoiding paths
/// that cross and share links, with senders and readers that may start late; every PE cell hosts
/// one end. With `middles`, a stream of three cells or more may pass through a PE on its way
/// (middle_ops), and go on from it in the next color (stream s: colors 2s and 2s + 1; streams <= 12),
/// or a PE may take a copy as the stream passes on (a tap: the route sends to the core and on),
/// reading it late enough to hold the stream back.
inline ir::layout random_network(std::mt19937& rng, std::int32_t w, std::int32_t h, int streams, std::vector<stream>& out,
                                 bool middles = false) {
    std::set<std::pair<std::int32_t, std::int32_t>> ends;
    std::vector<ir::pe_program> programs;
    std::vector<ir::placed_pe> pes;
    std::map<std::pair<std::int32_t, std::int32_t>, ir::router> routers;
    auto pick = [&](std::int32_t n) { return std::int32_t(rng() % std::uint32_t(n)); };
    for (int s = 0; s < streams; ++s) {
        stream st;
        st.color = s;
        st.count = 1 + rng() % 40;
        std::pair<std::int32_t, std::int32_t> at{pick(w), pick(h)};
        if (ends.count(at)) continue;
        st.path.push_back(at);
        std::set<std::pair<std::int32_t, std::int32_t>> seen{at};
        const int length = 1 + pick(8);
        for (int step = 0; step < length; ++step) {
            std::vector<std::pair<std::int32_t, std::int32_t>> next;
            for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                std::pair<std::int32_t, std::int32_t> n{at.first + dx, at.second + dy};
                if (n.first >= 0 && n.second >= 0 && n.first < w && n.second < h && !seen.count(n)) next.push_back(n);
            }
            if (next.empty()) break;
            at = next[rng() % next.size()];
            seen.insert(at);
            st.path.push_back(at);
        }
        if (st.path.size() < 2 || ends.count(st.path.back())) continue;
        ends.insert(st.path.front());
        ends.insert(st.path.back());
        std::size_t middle = 0;  // the path's cell where a PE takes the stream and sends it on; 0 none
        bool tap = false;        // the PE there takes a copy
        if (middles) {
            st.color = 2 * s;
            if (st.path.size() >= 3) {
                const std::size_t m = 1 + rng() % (st.path.size() - 2);
                if (!ends.count(st.path[m])) middle = m, ends.insert(st.path[m]), tap = rng() % 4 == 0;
            }
        }
        const int last_color = middle && !tap ? st.color + 1 : st.color;

        const std::uint8_t out_q = std::uint8_t(rng() % hw::wse2_output_queue_length.size());
        const std::uint8_t in_q = std::uint8_t(rng() % hw::wse2_input_queue_length.size());
        const std::uint32_t send_delay = rng() % 3 == 0 ? rng() % 60 : 0, read_delay = rng() % 3 == 0 ? rng() % 60 : 0;
        std::vector<word> data(st.count);
        for (std::uint32_t i = 0; i < st.count; ++i) data[i] = word(1000 * s + i);
        std::vector<ir::dsd_op> send, read;
        if (send_delay) send.push_back(op(opcode::mov, data_type::i16, {send_delay}, mem(st.count), {imm(0)}));
        send.push_back(op(opcode::mov, data_type::i16, {st.count}, fabout(out_q), {mem(0)}));
        if (read_delay) read.push_back(op(opcode::mov, data_type::i16, {read_delay}, mem(st.count), {imm(0)}));
        read.push_back(op(opcode::mov, data_type::i16, {st.count}, mem(0), {fabin(in_q)}));
        const auto base = std::uint32_t(programs.size());
        programs.push_back(program("send", send, st.count + send_delay, {words(0, data)}));
        programs.push_back(program("read", read, st.count + read_delay));
        const auto& p = st.path;
        pes.push_back(place(p.front().first, p.front().second, base, "s" + std::to_string(s), {}, {{out_q, st.color}}));
        pes.push_back(place(p.back().first, p.back().second, base + 1, "r" + std::to_string(s), {{in_q, last_color}}));
        if (middle) {
            const std::uint8_t mid_in = std::uint8_t(rng() % hw::wse2_input_queue_length.size());
            const std::uint8_t mid_out = std::uint8_t(rng() % hw::wse2_output_queue_length.size());
            std::vector<ir::dsd_op> ops{op(opcode::mov, data_type::i16, {std::uint32_t(1 + rng() % 40)}, mem(st.count), {imm(0)}),
                                        op(opcode::mov, data_type::i16, {st.count}, mem(0), {fabin(mid_in)})};
            if (!tap) ops = middle_ops(rng, st.count, mid_in, mid_out);
            programs.push_back(program(tap ? "tap" : "middle", ops, 2 * st.count + 40, {words(0, data)}));
            pes.push_back(place(p[middle].first, p[middle].second, std::uint32_t(programs.size() - 1), "m" + std::to_string(s),
                                {{mid_in, st.color}}, {{mid_out, last_color}}));
        }
        for (std::size_t i = 0; i < p.size(); ++i) {
            auto& r = routers[p[i]];
            r.x = p[i].first;
            r.y = p[i].second;
            const char in = i == 0 ? 'C' : reverse(direction(p[i - 1], p[i]));
            const char to = i + 1 == p.size() ? 'C' : direction(p[i], p[i + 1]);
            if (tap && i == middle) {
                r.colors.push_back(ir::color_route{std::uint8_t(st.color), {rule(std::string{in, '>', 'C', to})}});
                continue;
            }
            if (middle && i == middle) {  // in on the first color, out on the next
                r.colors.push_back(ir::color_route{std::uint8_t(st.color), {rule(std::string{in, '>', 'C'})}});
                r.colors.push_back(ir::color_route{std::uint8_t(last_color), {rule(std::string{'C', '>', to})}});
                continue;
            }
            r.colors.push_back(ir::color_route{std::uint8_t(middle && i > middle ? last_color : st.color), {rule(std::string{in, '>', to})}});
        }
        out.push_back(st);
    }
    std::vector<ir::router> list;
    for (auto& [cell, r] : routers) {
        std::sort(r.colors.begin(), r.colors.end(), [](const auto& a, const auto& b) { return a.color < b.color; });
        list.push_back(r);
    }
    return make_layout(w, h, programs, pes, list);
}

}  // namespace wafer::test
