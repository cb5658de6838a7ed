#pragma once
// The PE program: what a kernel lowers to and what the interpreter executes. Basic blocks of
// scalar instructions (block 0 is where the PE starts), the DSD operations they issue, tasks,
// FIFOs, sockets, symbols and initial memory. No syntax here: word addresses, queues, registers.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/core/number.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/dsd.hpp"
#include "wafer/ir/instruction.hpp"
#include "wafer/ir/task.hpp"
#include "wafer/ir/types.hpp"

namespace wafer::ir {

/// How an array or scalar is laid out: the symbol map's view of one kernel variable.
struct dimension {
    std::string name;          ///< named dimension, n0/n1/... when unnamed, `_word` for the halves of 32-bit elements
    std::uint32_t extent = 1;
    std::int32_t stride = 1;   ///< words per step
    friend bool operator==(const dimension&, const dimension&) = default;
};

struct symbol {
    std::string name;
    value_format format = value_format::s16;  ///< how miget prints its elements
    address base = 0;
    std::vector<dimension> dims;  ///< empty for a scalar (and for 32-bit scalars: just `_word<2`)
    friend bool operator==(const symbol&, const symbol&) = default;
};

/// A socket of the kernel; Paint binds it by name to a color.
/// A socket that the kernel reads has an input queue; one it writes has an output queue.
struct socket {
    std::string name;
    data_type type = data_type::i16;
    std::int8_t input_queue = -1;   ///< -1: never read
    std::int8_t output_queue = -1;  ///< -1: never written
    friend bool operator==(const socket&, const socket&) = default;
};

/// Initial memory contents: `words` at consecutive addresses from `base`.
struct segment {
    address base = 0;
    std::vector<word> words;
    friend bool operator==(const segment&, const segment&) = default;
};

/// A param's name and the value it is set to (set=N=8, a code() binding).
struct param_value {
    std::string name;
    number value;
    friend bool operator==(const param_value&, const param_value&) = default;
};

/// What a check_bounds instruction checks: a subscript of `array`'s dimension `dimension`
/// (fsanitize=bounds); debug info the fault report names.
struct bounds_check {
    std::string array;
    std::string dimension;
    friend bool operator==(const bounds_check&, const bounds_check&) = default;
};

struct pe_program {
    std::string kernel;                ///< the kernel's name
    /// Debug info, not part of equality: the files positions name (debug_position::file), the
    /// kernel's own .w file first (for a C++ kernel, the file it is made in), then the packages it imports.
    std::vector<std::string> source_files;
    std::vector<param_value> params;   ///< the values it was compiled with, in declaration order
    std::vector<symbol> symbols;
    std::vector<socket> sockets;
    std::vector<segment> data;         ///< initial memory image
    std::vector<basic_block> blocks;   ///< block 0 starts at cycle 0
    std::vector<dsd_op> dsd_ops;       ///< issued by `dsd` instructions
    std::vector<task> tasks;
    std::vector<fifo> fifos;
    std::vector<bounds_check> bounds_checks;  ///< named by check_bounds instructions
    std::uint16_t registers = 0;       ///< r0 .. r(registers - 1), zero at the start
    std::uint32_t memory_words = 0;    ///< one past the highest word the program declares

    /// The file `pos` is in ("" when unknown).
    const std::string& file_of(debug_position pos) const noexcept {
        static const std::string unknown;
        return pos.file < source_files.size() ? source_files[pos.file] : unknown;
    }

    friend constexpr bool operator==(const pe_program& a, const pe_program& b) {
        return a.kernel == b.kernel && a.params == b.params && a.symbols == b.symbols && a.sockets == b.sockets &&
               a.data == b.data && a.blocks == b.blocks && a.dsd_ops == b.dsd_ops && a.tasks == b.tasks &&
               a.fifos == b.fifos && a.bounds_checks == b.bounds_checks && a.registers == b.registers &&
               a.memory_words == b.memory_words;
    }
};

/// `p` without its debug info (the files and positions reports name), which its equality ignores:
/// so two forms of one kernel, a `.w` file and C++, give the same image bytes (nodebug).
constexpr void strip_debug_info(pe_program& p) {
    p.source_files.clear();
    for (auto& op : p.dsd_ops) op.pos = {};
    for (auto& b : p.blocks)
        for (auto& i : b.code) i.pos = {};
    for (auto& f : p.fifos) f.pos = {};
}

/// A program that issues `ops` one after another, then halts: what a kernel of straight-line
/// statements lowers to.
constexpr void straight_line(pe_program& p, std::vector<dsd_op> ops) {
    basic_block b;
    for (auto& op : ops) {
        instruction i;
        i.code = instr::dsd;
        i.target = std::uint32_t(p.dsd_ops.size());
        i.pos = op.pos;
        b.code.push_back(i);
        p.dsd_ops.push_back(std::move(op));
    }
    instruction h;
    h.code = instr::halt;
    b.code.push_back(h);
    p.blocks.push_back(std::move(b));
}

}  // namespace wafer::ir
