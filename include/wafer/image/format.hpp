#pragma once
// The image file: "WAFERIMG", a format version, then the layout and the run state, little-endian.
// wafer's own format (the original tools' image is not documented); see docs/formats.md.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "wafer/core/file.hpp"
#include "wafer/image/detail/archive.hpp"
#include "wafer/image/image.hpp"

namespace wafer::image {

inline constexpr char image_magic[8] = {'W', 'A', 'F', 'E', 'R', 'I', 'M', 'G'};
inline constexpr std::uint32_t image_version = 5;

namespace detail {
// The field lists, one per struct, in file order.
template <class Ar> void fields(Ar& ar, ir::debug_position& p) { ar(p.line, p.column, p.file); }
template <class Ar> void fields(Ar& ar, ir::dsd& d) {
    ar(d.k, d.base, d.stride, d.queue, d.bits, d.fifo, d.base_reg, d.offset_reg, d.stride_reg, d.socket,
       d.wavelet_index_offset, d.control, d.control_transform, d.advance_switch, d.simd, d.zero);
}
template <class Ar> void fields(Ar& ar, ir::task_action& a) { ar(a.k, a.task); }
template <class Ar> void fields(Ar& ar, ir::dsd_op& o) {
    ar(o.op, o.type, o.rank, o.extent, o.dst, o.src, o.length_reg, o.index_reg, o.async, o.microthread, o.prio,
       o.on_complete, o.on_control, o.pos);
}
template <class Ar> void fields(Ar& ar, ir::value& v) { ar(v.k, v.v); }
template <class Ar> void fields(Ar& ar, ir::instruction& i) { ar(i.code, i.type, i.from, i.dst, i.src, i.target, i.other, i.pos); }
template <class Ar> void fields(Ar& ar, ir::basic_block& b) { ar(b.code); }
template <class Ar> void fields(Ar& ar, ir::task& t) { ar(t.kind, t.id, t.entry, t.queue, t.data, t.index, t.blocked, t.active); }
template <class Ar> void fields(Ar& ar, ir::fifo& f) { ar(f.base, f.capacity, f.type, f.align, f.activate_push, f.activate_pop, f.pos); }
template <class Ar> void fields(Ar& ar, ir::dimension& d) { ar(d.name, d.extent, d.stride); }
template <class Ar> void fields(Ar& ar, ir::symbol& s) { ar(s.name, s.format, s.base, s.dims); }
template <class Ar> void fields(Ar& ar, ir::socket& s) { ar(s.name, s.type, s.input_queue, s.output_queue); }
template <class Ar> void fields(Ar& ar, ir::segment& s) { ar(s.base, s.words); }
template <class Ar> void fields(Ar& ar, ir::param_value& p) { ar(p.name, p.value); }
template <class Ar> void fields(Ar& ar, ir::bounds_check& c) { ar(c.array, c.dimension); }
template <class Ar> void fields(Ar& ar, ir::pe_program& p) {
    ar(p.kernel, p.source_files, p.params, p.symbols, p.sockets, p.data, p.blocks, p.dsd_ops, p.tasks, p.fifos,
       p.bounds_checks, p.registers, p.memory_words);
}
template <class Ar> void fields(Ar& ar, ir::switch_position& s) { ar(s.input, s.outputs, s.has_input); }
template <class Ar> void fields(Ar& ar, ir::color_route& c) {
    ar(c.color, c.positions, c.initial, c.ring, c.pop, c.teardown, c.swapped, c.fabric_adder);
}
template <class Ar> void fields(Ar& ar, ir::router& r) { ar(r.x, r.y, r.colors, r.mp_banks); }
template <class Ar> void fields(Ar& ar, ir::placed_pe& p) { ar(p.x, p.y, p.program, p.name, p.input_color, p.output_color); }
template <class Ar> void fields(Ar& ar, ir::map_dimension& d) { ar(d.name, d.extent, d.stride, d.x_stride, d.y_stride); }
template <class Ar> void fields(Ar& ar, ir::map_entry& e) { ar(e.name, e.format, e.base, e.x, e.y, e.dims); }
template <class Ar> void fields(Ar& ar, ir::layout& l) { ar(l.arch, l.width, l.height, l.programs, l.pes, l.routers, l.symbols); }
template <class Ar> void fields(Ar& ar, image& i) { ar(i.layout, i.memory, i.cycles, i.pe_cycles); }

/// What the reader cannot see from one field at a time: indices that point elsewhere, and sizes.
inline void check_references(const image& im) {
    const auto& l = im.layout;
    if (l.width < 0 || l.height < 0) throw format_error{"the fabric size is negative"};
    for (const auto& p : l.programs) {
        if (p.memory_words > hw::memory_words) throw format_error{"a program uses more than 0x6000 words"};
        for (const auto& op : p.dsd_ops)
            if (op.rank > ir::max_rank) throw format_error{"a DSD operation has more than four dimensions"};
    }
    for (const auto& pe : l.pes) {
        if (pe.program >= l.programs.size()) throw format_error{"a PE names a program that is not in the image"};
        if (pe.x < 0 || pe.y < 0 || pe.x >= l.width || pe.y >= l.height) throw format_error{"a PE lies off the fabric"};
        for (auto c : pe.input_color) if (c >= hw::colors) throw format_error{"a queue is bound to a color past 23"};
        for (auto c : pe.output_color) if (c >= hw::colors) throw format_error{"a queue is bound to a color past 23"};
    }
    for (const auto& r : l.routers) {
        if (r.x < 0 || r.y < 0 || r.x >= l.width || r.y >= l.height) throw format_error{"a router lies off the fabric"};
        for (const auto& c : r.colors)
            if (c.color >= hw::colors) throw format_error{"a route uses a color past 23"};
    }
    if (!im.memory.empty() && im.memory.size() != l.pes.size()) throw format_error{"the memory state does not match the PEs"};
    for (const auto& m : im.memory)
        if (m.size() > hw::memory_words) throw format_error{"a PE's memory is larger than 0x6000 words"};
}
}  // namespace detail

inline std::vector<std::uint8_t> to_bytes(const image& im) {
    detail::writer w;
    w.bytes.assign(std::begin(image_magic), std::end(image_magic));
    auto version = image_version;
    auto copy = im;  // the archive takes non-const references for both directions
    w(version, copy);
    return std::move(w.bytes);
}

/// Reads an image; throws wafer::error naming `file` when the bytes are not a valid image.
inline image from_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file) {
    auto fail = [&](const std::string& why) -> image {
        throw error(diagnostic{severity::error, file, {}, "not a valid wafer image: " + why, ""});
    };
    if (bytes.size() < sizeof image_magic || !std::equal(std::begin(image_magic), std::end(image_magic), bytes.begin()))
        return fail("it does not start with WAFERIMG");
    detail::reader r(bytes.data() + sizeof image_magic, bytes.size() - sizeof image_magic);
    image im;
    try {
        std::uint32_t version = 0;
        r(version);
        if (version != image_version)
            return fail("format version " + std::to_string(version) + ", this wafer reads version " +
                        std::to_string(image_version));
        r(im);
        if (r.left() != 0) return fail("there are bytes after the end of the image");
        detail::check_references(im);
    } catch (const detail::format_error& e) {
        return fail(e.message);
    }
    return im;
}

inline image read_image(const std::string& file) {
    auto text = read_file(file, "image");
    return from_bytes(std::vector<std::uint8_t>(text.begin(), text.end()), file);
}

namespace detail {
/// Writes `bytes` beside `file` and renames them into place, so that a run cut short while writing
/// leaves the file before it whole.
inline void write_whole(const std::vector<std::uint8_t>& bytes, const std::string& file, const std::string& what) {
    const std::string part = file + ".part";
    {
        std::ofstream out(part, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) throw error(diagnostic{severity::error, file, {}, "cannot write the " + what, ""});
    }
    std::error_code ec;
    std::filesystem::rename(part, file, ec);
    if (ec) throw error(diagnostic{severity::error, file, {}, "cannot write the " + what + ": " + ec.message(), ""});
}
}  // namespace detail

inline void write_image(const image& im, const std::string& file) { detail::write_whole(to_bytes(im), file, "image"); }

}  // namespace wafer::image
