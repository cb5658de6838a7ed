#pragma once
// The PE program: what a kernel lowers to and what the interpreter executes.
// No syntax here: word addresses, queues and DSD operations only.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/word.hpp"

namespace wafer::ir {

/// The element type a DSD operation computes in. 16-bit integers wrap; xp, u16, s16 share int16.
enum class data_type : std::uint8_t { int16, int32, f32 };

constexpr std::uint32_t words_of(data_type t) noexcept { return t == data_type::int16 ? 1 : 2; }

enum class opcode : std::uint8_t {
    mov,  ///< dst = s0
    add,  ///< dst = s0 + s1
    sub,  ///< dst = s0 - s1
    mul,  ///< dst = s0 * s1
    mac,  ///< dst = s0 * s1 + s2 (sp: fused as one DSD op, one element per cycle)
    neg,  ///< dst = -s0
};

constexpr int sources_of(opcode op) noexcept {
    switch (op) {
    case opcode::mov: case opcode::neg: return 1;
    case opcode::mac: return 3;
    default: return 2;
    }
}

inline constexpr int max_rank = 4;  ///< mem4d: up to four loop dimensions

/// One operand of a DSD operation.
/// The operation walks `extent` (outermost first, row-major); element e has loop indices i[0..rank).
struct dsd {
    enum class kind : std::uint8_t {
        mem,        ///< mem1d/mem4d: word address base + sum(i[d] * stride[d]) (a scalar has all strides 0)
        fabin,      ///< wavelets from input queue `queue`
        fabout,     ///< wavelets to output queue `queue`
        immediate,  ///< the constant `bits` (in the operation's data type)
        index,      ///< the value `bits` + sum(i[d] * stride[d]) (a loop iterator used as a value)
    };
    kind k = kind::immediate;
    address base = 0;
    std::array<std::int32_t, max_rank> stride{};
    std::uint8_t queue = 0;
    std::uint32_t bits = 0;

    friend constexpr bool operator==(const dsd&, const dsd&) = default;
};

struct dsd_op {
    opcode op = opcode::mov;
    data_type type = data_type::int16;
    std::uint8_t rank = 0;                             ///< 0: a single element (a scalar statement)
    std::array<std::uint32_t, max_rank> extent{1, 1, 1, 1};
    dsd dst;
    std::array<dsd, 3> src{};                          ///< the first sources_of(op) are used
    source_position pos;                               ///< debug info, not part of equality

    std::uint64_t elements() const noexcept {
        std::uint64_t n = 1;
        for (int d = 0; d < rank; ++d) n *= extent[d];
        return n;
    }
    friend constexpr bool operator==(const dsd_op& a, const dsd_op& b) {
        return a.op == b.op && a.type == b.type && a.rank == b.rank && a.extent == b.extent && a.dst == b.dst &&
               a.src == b.src;
    }
};

/// How an array or scalar is laid out: the symbol map's view of one kernel variable.
struct dimension {
    std::string name;          ///< named dimension, n0/n1/... when unnamed, `_word` for the halves of 32-bit elements
    std::uint32_t extent = 1;
    std::int32_t stride = 1;   ///< words per step
    friend bool operator==(const dimension&, const dimension&) = default;
};

struct symbol {
    std::string name;
    std::string type;             ///< the Tungsten base type name ("xp", "sp", ...): miget prints by it
    address base = 0;
    std::vector<dimension> dims;  ///< empty for a scalar (and for sp/u32 scalars: just `_word<2`)
    friend bool operator==(const symbol&, const symbol&) = default;
};

/// A socket of the kernel; Paint binds it by name to a color.
/// A socket that the kernel reads has an input queue; one it writes has an output queue.
struct socket {
    std::string name;
    data_type type = data_type::int16;
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

struct param_value {
    std::string name;
    std::int64_t value = 0;
    friend bool operator==(const param_value&, const param_value&) = default;
};

struct pe_program {
    std::string kernel;                ///< the kernel's name
    std::string source_file;           ///< debug info: the .w file ("" for a C++ kernel); not part of equality
    std::vector<param_value> params;   ///< the values it was compiled with, in declaration order
    std::vector<symbol> symbols;
    std::vector<socket> sockets;
    std::vector<segment> data;         ///< initial memory image
    std::vector<dsd_op> code;          ///< top-level statements in source order; the PE halts after the last
    std::uint32_t memory_words = 0;    ///< one past the highest word the program uses

    friend bool operator==(const pe_program& a, const pe_program& b) {
        return a.kernel == b.kernel && a.params == b.params && a.symbols == b.symbols && a.sockets == b.sockets &&
               a.data == b.data && a.code == b.code && a.memory_words == b.memory_words;
    }
};

/// WSE-2 queue lengths in words (dsd-reference.rst): input queues 0..7, output queues 0..5.
inline constexpr std::array<std::uint8_t, 8> input_queue_length{6, 6, 4, 4, 2, 2, 2, 2};
inline constexpr std::array<std::uint8_t, 6> output_queue_length{2, 2, 6, 6, 2, 2};

}  // namespace wafer::ir
