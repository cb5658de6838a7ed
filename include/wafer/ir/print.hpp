#pragma once
// A readable listing of a PE program: what `wafer carbide ... listing` prints, so a user can see
// which instructions and DSD operations a kernel became.
#include <string>

#include "wafer/core/config.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::ir {

constexpr const char* name_of(opcode op) noexcept {
    constexpr const char* names[] = {"mov", "add", "sub", "mul", "mac", "neg", "min",
                                     "max", "and", "or",  "xor", "shl", "shr", "sar", "convert"};
    static_assert(sizeof(names) / sizeof(names[0]) == opcode_count);
    return unsigned(op) < opcode_count ? names[unsigned(op)] : "?";
}

constexpr const char* name_of(data_type t) noexcept {
    constexpr const char* names[] = {"i16", "u16", "i32", "u32", "f16", "f32", "ep"};
    return unsigned(t) < data_type_count ? names[unsigned(t)] : "?";
}

constexpr const char* name_of(instr i) noexcept {
    constexpr const char* names[] = {
        "mov",    "add",     "sub",     "mul",    "div",    "rem",    "neg",    "and",   "or",    "xor",
        "not",    "shl",     "shr",     "sar",    "min",    "max",    "abs",    "eq",    "ne",    "lt",
        "le",     "gt",      "ge",      "select", "convert", "load",  "store",  "dsd",   "activate", "block",
        "unblock", "set_fifo_read_length", "set_fifo_write_length", "clear_teardown", "check_bounds", "jump", "branch", "call",
        "ret",    "halt",    "done"};
    static_assert(sizeof(names) / sizeof(names[0]) == instr_count);
    return unsigned(i) < instr_count ? names[unsigned(i)] : "?";
}

/// A DSD operation's opcode and element types, as `add.f32`, or `convert.f16.f32` from one to the
/// other (as the scalar convert instruction reads).
inline std::string mnemonic(const dsd_op& op) {
    std::string m = name_of(op.op);
    if (op.op == opcode::convert) m += std::string(".") + name_of(op.from);
    return m + "." + name_of(op.type);
}

/// The symbol whose words hold `at`, and the offset into it, as "(a)" or "(a+3)"; "" for none.
WAFER_DECL std::string symbol_at(const pe_program& p, address at);

/// One operand: its kind, where it points, and the options set on it (`.control`, `.advance`,
/// `.index`, `.transform`, `.simd32`, `.zero=first`, base/offset/stride registers).
WAFER_DECL std::string to_string(const dsd& d, int rank, const pe_program* p = nullptr);

WAFER_DECL std::string to_string(const value& v);

WAFER_DECL std::string to_string(const task_action& a);

/// An operation: opcode, type, extents, operands, then its options (priority, microthread,
/// length and index registers, completion and on_control actions).
WAFER_DECL std::string to_string(const dsd_op& op, const pe_program* p = nullptr);

WAFER_DECL std::string to_string(const instruction& i, const pe_program& p);

WAFER_DECL std::string listing(const pe_program& p);

}  // namespace wafer::ir

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/ir/detail/print.ipp"
#endif
