#pragma once
// The fields of each IR struct, in the order images, checkpoints, messages and frozen layouts store
// them (core/archive.hpp finds them beside the structs), and the range of each enumeration, so a
// reader can reject anything else. constexpr, so a constant expression can write and read the IR
// types whose own members are constexpr.
#include <cstddef>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/hardware.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer {
constexpr std::size_t enum_count(severity) { return 3; }
}  // namespace wafer

namespace wafer::hw {
constexpr std::size_t enum_count(port) { return ports; }
constexpr std::size_t enum_count(arch) { return std::size_t(hw::last_arch) + 1; }
}  // namespace wafer::hw

namespace wafer::ir {

constexpr std::size_t enum_count(opcode) { return opcode_count; }
constexpr std::size_t enum_count(data_type) { return data_type_count; }
constexpr std::size_t enum_count(value_format) { return value_format_count; }
constexpr std::size_t enum_count(dsd::kind) { return 6; }
constexpr std::size_t enum_count(simd_mode) { return 4; }
constexpr std::size_t enum_count(zero_source) { return 3; }
constexpr std::size_t enum_count(priority) { return 3; }
constexpr std::size_t enum_count(task_action::kind) { return 4; }
constexpr std::size_t enum_count(value::kind) { return 3; }
constexpr std::size_t enum_count(instr) { return instr_count; }
constexpr std::size_t enum_count(task_kind) { return 3; }
constexpr std::size_t enum_count(pop_mode) { return 4; }

template <class Ar> constexpr void fields(Ar& ar, debug_position& p) { ar(p.line, p.column, p.file); }
template <class Ar> constexpr void fields(Ar& ar, dsd& d) {
    ar(d.k, d.base, d.stride, d.queue, d.bits, d.fifo, d.base_reg, d.offset_reg, d.stride_reg, d.socket,
       d.wavelet_index_offset, d.control, d.control_transform, d.advance_switch, d.simd, d.zero);
}
template <class Ar> constexpr void fields(Ar& ar, task_action& a) { ar(a.k, a.task); }
template <class Ar> constexpr void fields(Ar& ar, dsd_op& o) {
    ar(o.op, o.type, o.from, o.rank, o.extent, o.dst, o.src, o.length_reg, o.index_reg, o.async, o.microthread, o.prio,
       o.on_complete, o.on_control, o.pos);
}
template <class Ar> constexpr void fields(Ar& ar, value& v) { ar(v.k, v.v); }
template <class Ar> constexpr void fields(Ar& ar, instruction& i) { ar(i.code, i.type, i.from, i.dst, i.src, i.target, i.other, i.pos); }
template <class Ar> constexpr void fields(Ar& ar, basic_block& b) { ar(b.code); }
template <class Ar> constexpr void fields(Ar& ar, task& t) { ar(t.kind, t.id, t.entry, t.queue, t.data, t.index, t.blocked, t.active); }
template <class Ar> constexpr void fields(Ar& ar, fifo& f) { ar(f.base, f.capacity, f.type, f.align, f.activate_push, f.activate_pop, f.pos); }
template <class Ar> constexpr void fields(Ar& ar, dimension& d) { ar(d.name, d.extent, d.stride); }
template <class Ar> constexpr void fields(Ar& ar, symbol& s) { ar(s.name, s.format, s.base, s.dims); }
template <class Ar> constexpr void fields(Ar& ar, socket& s) { ar(s.name, s.type, s.input_queue, s.output_queue); }
template <class Ar> constexpr void fields(Ar& ar, segment& s) { ar(s.base, s.words); }
template <class Ar> constexpr void fields(Ar& ar, param_value& p) { ar(p.name, p.value); }
template <class Ar> constexpr void fields(Ar& ar, bounds_check& c) { ar(c.array, c.dimension); }
template <class Ar> constexpr void fields(Ar& ar, pe_program& p) {
    ar(p.kernel, p.source_files, p.params, p.symbols, p.sockets, p.data, p.blocks, p.dsd_ops, p.tasks, p.fifos,
       p.bounds_checks, p.registers, p.memory_words);
}
template <class Ar> constexpr void fields(Ar& ar, switch_position& s) { ar(s.input, s.outputs, s.has_input); }
template <class Ar> constexpr void fields(Ar& ar, color_route& c) {
    ar(c.color, c.positions, c.initial, c.ring, c.pop, c.teardown, c.swapped, c.fabric_adder);
}
template <class Ar> constexpr void fields(Ar& ar, router& r) { ar(r.x, r.y, r.colors, r.mp_banks); }
template <class Ar> constexpr void fields(Ar& ar, placed_pe& p) { ar(p.x, p.y, p.program, p.name, p.input_color, p.output_color); }
template <class Ar> constexpr void fields(Ar& ar, map_dimension& d) { ar(d.name, d.extent, d.stride, d.x_stride, d.y_stride); }
template <class Ar> constexpr void fields(Ar& ar, map_entry& e) { ar(e.name, e.format, e.base, e.x, e.y, e.dims); }
template <class Ar> constexpr void fields(Ar& ar, layout& l) { ar(l.arch, l.width, l.height, l.programs, l.pes, l.routers, l.symbols); }

}  // namespace wafer::ir
