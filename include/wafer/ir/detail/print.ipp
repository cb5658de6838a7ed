#pragma once
// A PE program's listing (print.hpp): inline in header-only use, compiled once with the rest of
// wafer/src.hpp otherwise, so a unit that only includes the umbrella header does not instantiate
// what the listing's string building uses.
#include <string>

#include "wafer/ir/print.hpp"

namespace wafer::ir {

WAFER_DECL std::string symbol_at(const pe_program& p, address at) {
    for (const auto& s : p.symbols) {
        std::int64_t last = s.base + std::int64_t{words_of(s.format)} - 1;
        for (const auto& d : s.dims)
            if (d.name != "_word") last += std::int64_t{d.stride} * (std::int64_t{d.extent} - 1);
        if (at >= s.base && at <= last)
            return "(" + s.name + (at == s.base ? "" : "+" + std::to_string(at - s.base)) + ")";
    }
    return "";
}

WAFER_DECL std::string to_string(const dsd& d, int rank, const pe_program* p) {
    auto strides = [&] {
        if (d.stride_reg != no_reg) return "[r" + std::to_string(d.stride_reg) + "]";
        std::string s;
        for (int i = 0; i < rank; ++i) s += (i ? "," : "") + std::to_string(d.stride[std::size_t(i)]);
        return "[" + s + "]";
    };
    std::string out;
    switch (d.k) {
    case dsd::kind::mem:
        // A base register replaces the base: the address is known only when the operation is issued.
        out = (rank > 1 ? "mem4d@" : "mem1d@") +
              (d.base_reg != no_reg ? "r" + std::to_string(d.base_reg) : std::to_string(d.base)) + strides() +
              (p && d.base_reg == no_reg ? symbol_at(*p, d.base) : "");
        break;
    case dsd::kind::fabin: out = "fabin(q" + std::to_string(d.queue) + ")"; break;
    case dsd::kind::fabout: out = "fabout(q" + std::to_string(d.queue) + ")"; break;
    case dsd::kind::immediate: return "#" + std::to_string(d.bits);
    case dsd::kind::index: return "index(" + std::to_string(d.bits) + ")" + strides();
    case dsd::kind::fifo: return "fifo" + std::to_string(d.fifo);
    }
    if (d.control) out += ".control";
    if (d.advance_switch) out += ".advance";
    if (d.wavelet_index_offset) out += ".index";
    if (d.control_transform) out += ".transform";
    constexpr const char* simd[] = {"", ".simd32", ".simd64", ".simd32_or_64"};
    out += simd[static_cast<int>(d.simd)];
    if (d.zero != zero_source::none) out += d.zero == zero_source::first ? ".zero=first" : ".zero=second";
    if (d.offset_reg != no_reg) out += "+r" + std::to_string(d.offset_reg);
    return out;
}

WAFER_DECL std::string to_string(const value& v) {
    switch (v.k) {
    case value::kind::reg: return "r" + std::to_string(v.v);
    case value::kind::imm: return "#" + std::to_string(v.v);
    case value::kind::none: break;
    }
    return "";
}

WAFER_DECL std::string to_string(const task_action& a) {
    constexpr const char* verbs[] = {"", "activate", "unblock", "terminate"};
    return std::string(verbs[static_cast<int>(a.k)]) +
           (a.k == task_action::kind::terminate ? "" : " task" + std::to_string(a.task));
}

WAFER_DECL std::string to_string(const dsd_op& op, const pe_program* p) {
    std::string out = mnemonic(op) + (op.async ? ".async" : "") + " [";
    for (int d = 0; d < op.rank; ++d) out += (d ? "," : "") + std::to_string(op.extent[std::size_t(d)]);
    out += "] " + to_string(op.dst, op.rank, p);
    for (int s = 0; s < sources_of(op.op); ++s) out += ", " + to_string(op.src[std::size_t(s)], op.rank, p);
    if (op.prio != priority::low) out += op.prio == priority::high ? " priority=high" : " priority=medium";
    if (op.microthread >= 0) out += " microthread=" + std::to_string(op.microthread);
    if (op.length_reg != no_reg) out += " length=r" + std::to_string(op.length_reg);
    if (op.index_reg != no_reg) out += " index=r" + std::to_string(op.index_reg);
    if (op.on_complete.k != task_action::kind::none) out += " then " + to_string(op.on_complete);
    if (op.on_control.k != task_action::kind::none) out += " on_control " + to_string(op.on_control);
    return out;
}

WAFER_DECL std::string to_string(const instruction& i, const pe_program& p) {
    if (i.code == instr::dsd) {
        const std::string op = i.target < p.dsd_ops.size() ? to_string(p.dsd_ops[i.target], &p) : "?";
        return (i.dst == no_reg ? "" : "r" + std::to_string(i.dst) + " = ") + op;
    }
    std::string out = name_of(i.code);
    if (is_arithmetic(i.code) || is_comparison(i.code) || i.code == instr::select || i.code == instr::load)
        out += std::string(".") + name_of(i.type) + " r" + std::to_string(i.dst) + ",";
    if (i.code == instr::convert) out += std::string(".") + name_of(i.from) + "." + name_of(i.type) + " r" + std::to_string(i.dst) + ",";
    for (const auto& v : i.src)
        if (v.k != value::kind::none) out += " " + to_string(v);
    switch (i.code) {
    case instr::jump: case instr::call: out += " block" + std::to_string(i.target); break;
    case instr::branch: out += " block" + std::to_string(i.target) + " block" + std::to_string(i.other); break;
    case instr::activate: case instr::block: case instr::unblock: out += " task" + std::to_string(i.target); break;
    case instr::set_fifo_read_length: case instr::set_fifo_write_length: out += " fifo" + std::to_string(i.target); break;
    case instr::clear_teardown: out += " socket" + std::to_string(i.target); break;
    case instr::check_bounds:
        out += " " + p.bounds_checks.at(i.target).array + "." + p.bounds_checks.at(i.target).dimension;
        break;
    default: break;
    }
    return out;
}

WAFER_DECL std::string listing(const pe_program& p) {
    std::string out = "kernel " + p.kernel + ": " + std::to_string(p.memory_words) + " words\n";
    for (const auto& v : p.params) out += "  param " + v.name + " = " + to_string(v.value) + '\n';
    for (const auto& s : p.sockets) {
        out += "  socket " + s.name + ":";
        if (s.input_queue >= 0) out += " reads input queue " + std::to_string(s.input_queue);
        if (s.output_queue >= 0) out += " writes output queue " + std::to_string(s.output_queue);
        out += '\n';
    }
    for (std::size_t k = 0; k < p.tasks.size(); ++k) {
        const auto& t = p.tasks[k];
        constexpr const char* kinds[] = {"data", "local", "control"};
        out += "  task" + std::to_string(k) + ": " + kinds[static_cast<int>(t.kind)] + ", ID " + std::to_string(t.id);
        if (t.kind == task_kind::data) out += " on input queue " + std::to_string(t.queue);
        out += ", block" + std::to_string(t.entry);
        if (t.data != no_reg) out += ", data in r" + std::to_string(t.data);
        if (t.index != no_reg) out += ", index in r" + std::to_string(t.index);
        out += '\n';
    }
    for (std::size_t f = 0; f < p.fifos.size(); ++f) {
        const auto& q = p.fifos[f];
        out += "  fifo" + std::to_string(f) + " @" + std::to_string(q.base) + ": " + std::to_string(q.capacity) + " " +
               name_of(q.type);
        if (q.activate_push >= 0) out += ", activate_push task" + std::to_string(q.activate_push);
        if (q.activate_pop >= 0) out += ", activate_pop task" + std::to_string(q.activate_pop);
        out += '\n';
    }
    for (const auto& s : p.symbols) {
        out += "  " + s.name + " @" + std::to_string(s.base);
        for (const auto& d : s.dims) out += " " + d.name + "<" + std::to_string(d.extent);
        out += '\n';
    }
    for (std::size_t b = 0; b < p.blocks.size(); ++b) {
        if (p.blocks.size() > 1) out += " block" + std::to_string(b) + ":\n";
        for (const auto& i : p.blocks[b].code)
            // A line of an imported package names its file; the kernel's own lines are bare numbers.
            out += "  " + (i.pos.file == 0 ? "" : p.file_of(i.pos) + ":") + std::to_string(i.pos.line) + ": " +
                   to_string(i, p) + '\n';
    }
    return out;
}

}  // namespace wafer::ir
