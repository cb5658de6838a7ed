#pragma once
// A readable listing of a PE program: what `wafer carbide ... listing` prints, so a user can see
// which DSD operations a loop became.
#include <string>

#include "wafer/ir/pe_program.hpp"

namespace wafer::ir {

constexpr const char* name_of(opcode op) noexcept {
    switch (op) {
    case opcode::mov: return "mov";
    case opcode::add: return "add";
    case opcode::sub: return "sub";
    case opcode::mul: return "mul";
    case opcode::mac: return "mac";
    case opcode::neg: return "neg";
    }
    return "?";
}

constexpr const char* name_of(data_type t) noexcept {
    switch (t) {
    case data_type::int16: return "i16";
    case data_type::int32: return "i32";
    case data_type::f32: return "f32";
    }
    return "?";
}

inline std::string to_string(const dsd& d, int rank) {
    auto strides = [&] {
        std::string s;
        for (int i = 0; i < rank; ++i) s += (i ? "," : "") + std::to_string(d.stride[std::size_t(i)]);
        return "[" + s + "]";
    };
    switch (d.k) {
    case dsd::kind::mem: return (rank > 1 ? "mem4d@" : "mem1d@") + std::to_string(d.base) + strides();
    case dsd::kind::fabin: return "fabin(q" + std::to_string(d.queue) + ")";
    case dsd::kind::fabout: return "fabout(q" + std::to_string(d.queue) + ")";
    case dsd::kind::immediate: return "#" + std::to_string(d.bits);
    case dsd::kind::index: return "index(" + std::to_string(d.bits) + ")" + strides();
    }
    return "?";
}

inline std::string listing(const pe_program& p) {
    std::string out = "kernel " + p.kernel + ": " + std::to_string(p.memory_words) + " words\n";
    for (const auto& v : p.params) out += "  param " + v.name + " = " + std::to_string(v.value) + '\n';
    for (const auto& s : p.sockets) {
        out += "  socket " + s.name + ":";
        if (s.input_queue >= 0) out += " reads input queue " + std::to_string(s.input_queue);
        if (s.output_queue >= 0) out += " writes output queue " + std::to_string(s.output_queue);
        out += '\n';
    }
    for (const auto& s : p.symbols) {
        out += "  " + s.type + " " + s.name + " @" + std::to_string(s.base);
        for (const auto& d : s.dims) out += " " + d.name + "<" + std::to_string(d.extent);
        out += '\n';
    }
    for (const auto& op : p.code) {
        out += "  " + std::to_string(op.pos.line) + ": " + name_of(op.op) + "." + name_of(op.type) + " [";
        for (int d = 0; d < op.rank; ++d) out += (d ? "," : "") + std::to_string(op.extent[std::size_t(d)]);
        out += "] " + to_string(op.dst, op.rank);
        for (int s = 0; s < sources_of(op.op); ++s) out += ", " + to_string(op.src[std::size_t(s)], op.rank);
        out += '\n';
    }
    return out;
}

}  // namespace wafer::ir
