#pragma once
// The image file: "WAFERIMG", a format version, then the layout and the run state, little-endian.
// wafer's own format (the original tools' image is not documented); see docs/formats.md.
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/image/detail/archive.hpp"
#include "wafer/image/image.hpp"

namespace wafer::image {

inline constexpr char image_magic[8] = {'W', 'A', 'F', 'E', 'R', 'I', 'M', 'G'};
inline constexpr std::uint32_t image_version = 5;

namespace detail {
// The field lists, one per struct, in file order; constexpr, so a constant expression can write
// and read the IR types whose own members are constexpr (archive.hpp).
template <class Ar> constexpr void fields(Ar& ar, ir::debug_position& p) { ar(p.line, p.column, p.file); }
template <class Ar> constexpr void fields(Ar& ar, ir::dsd& d) {
    ar(d.k, d.base, d.stride, d.queue, d.bits, d.fifo, d.base_reg, d.offset_reg, d.stride_reg, d.socket,
       d.wavelet_index_offset, d.control, d.control_transform, d.advance_switch, d.simd, d.zero);
}
template <class Ar> constexpr void fields(Ar& ar, ir::task_action& a) { ar(a.k, a.task); }
template <class Ar> constexpr void fields(Ar& ar, ir::dsd_op& o) {
    ar(o.op, o.type, o.rank, o.extent, o.dst, o.src, o.length_reg, o.index_reg, o.async, o.microthread, o.prio,
       o.on_complete, o.on_control, o.pos);
}
template <class Ar> constexpr void fields(Ar& ar, ir::value& v) { ar(v.k, v.v); }
template <class Ar> constexpr void fields(Ar& ar, ir::instruction& i) { ar(i.code, i.type, i.from, i.dst, i.src, i.target, i.other, i.pos); }
template <class Ar> constexpr void fields(Ar& ar, ir::basic_block& b) { ar(b.code); }
template <class Ar> constexpr void fields(Ar& ar, ir::task& t) { ar(t.kind, t.id, t.entry, t.queue, t.data, t.index, t.blocked, t.active); }
template <class Ar> constexpr void fields(Ar& ar, ir::fifo& f) { ar(f.base, f.capacity, f.type, f.align, f.activate_push, f.activate_pop, f.pos); }
template <class Ar> constexpr void fields(Ar& ar, ir::dimension& d) { ar(d.name, d.extent, d.stride); }
template <class Ar> constexpr void fields(Ar& ar, ir::symbol& s) { ar(s.name, s.format, s.base, s.dims); }
template <class Ar> constexpr void fields(Ar& ar, ir::socket& s) { ar(s.name, s.type, s.input_queue, s.output_queue); }
template <class Ar> constexpr void fields(Ar& ar, ir::segment& s) { ar(s.base, s.words); }
template <class Ar> constexpr void fields(Ar& ar, ir::param_value& p) { ar(p.name, p.value); }
template <class Ar> constexpr void fields(Ar& ar, ir::bounds_check& c) { ar(c.array, c.dimension); }
template <class Ar> constexpr void fields(Ar& ar, ir::pe_program& p) {
    ar(p.kernel, p.source_files, p.params, p.symbols, p.sockets, p.data, p.blocks, p.dsd_ops, p.tasks, p.fifos,
       p.bounds_checks, p.registers, p.memory_words);
}
template <class Ar> constexpr void fields(Ar& ar, ir::switch_position& s) { ar(s.input, s.outputs, s.has_input); }
template <class Ar> constexpr void fields(Ar& ar, ir::color_route& c) {
    ar(c.color, c.positions, c.initial, c.ring, c.pop, c.teardown, c.swapped, c.fabric_adder);
}
template <class Ar> constexpr void fields(Ar& ar, ir::router& r) { ar(r.x, r.y, r.colors, r.mp_banks); }
template <class Ar> constexpr void fields(Ar& ar, ir::placed_pe& p) { ar(p.x, p.y, p.program, p.name, p.input_color, p.output_color); }
template <class Ar> constexpr void fields(Ar& ar, ir::map_dimension& d) { ar(d.name, d.extent, d.stride, d.x_stride, d.y_stride); }
template <class Ar> constexpr void fields(Ar& ar, ir::map_entry& e) { ar(e.name, e.format, e.base, e.x, e.y, e.dims); }
template <class Ar> constexpr void fields(Ar& ar, ir::layout& l) { ar(l.arch, l.width, l.height, l.programs, l.pes, l.routers, l.symbols); }
template <class Ar> constexpr void fields(Ar& ar, image& i) { ar(i.layout, i.memory, i.cycles, i.pe_cycles); }

/// Writes the bytes of an image file to `out` (anything with push_back of a byte): the magic, the
/// format version, then the image. constexpr, so a layout frozen with its kernels
/// (tungsten/dsl/frozen.hpp) holds the very bytes paint writes.
template <class Bytes>
constexpr void write_image(image& im, Bytes& out) {
    for (auto c : image_magic) out.push_back(std::uint8_t(c));
    basic_writer<Bytes&> w{out};
    auto version = image_version;
    w(version, im);  // the archive takes non-const references for both directions
}

/// What the reader cannot see from one field at a time: indices that point elsewhere, and sizes.
WAFER_DECL void check_references(const image& im);

/// Writes `bytes` as `file`, whole or not at all (wafer::write_whole).
WAFER_DECL void write_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file, const std::string& what);

}  // namespace detail

// (Defined in detail/format.ipp: they instantiate the archive for every type of the IR, which a
// unit that only includes the umbrella header need not compile.)
WAFER_DECL std::vector<std::uint8_t> to_bytes(const image& im);

/// Reads an image; throws wafer::error naming `file` when the bytes are not a valid image.
WAFER_DECL image from_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file);

WAFER_DECL image read_image(const std::string& file);

WAFER_DECL void write_image(const image& im, const std::string& file);

}  // namespace wafer::image

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/image/detail/format.ipp"
#endif
