#pragma once
// DSD operations: the PE's vector engine (dsd-reference.rst). An operation walks up to four loop
// dimensions and, per element, reads its sources and writes its destination; each operand is a
// data structure descriptor: memory (mem1d/mem4d), fabric input or output (a queue), a FIFO, a
// constant, or a loop iterator used as a value. No syntax here: word addresses, queues, registers.
#include <array>
#include <cstdint>

#include "wafer/ir/debug_position.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/types.hpp"

namespace wafer::ir {

/// A scalar register: 32 bits; 16-bit values use the low half.
using reg = std::uint16_t;
inline constexpr reg no_reg = 0xffff;

/// DSD opcodes. mac is s0 * s1 + s2 (two roundings); shifts take the count from s1; bitwise and
/// shifts are for integers only.
/// `convert` reads its source as dsd_op::from and writes it as dsd_op::type (the hardware's fh2s,
/// fs2h, fs2xp16, xp162fs, fh2xp16 and xp162fh, and their like between any two types).
enum class opcode : std::uint8_t { mov, add, sub, mul, mac, neg, min, max, bit_and, bit_or, bit_xor, shl, shr, sar, convert };
inline constexpr int opcode_count = 15;

constexpr int sources_of(opcode op) noexcept {
    switch (op) {
    case opcode::mov: case opcode::neg: case opcode::convert: return 1;
    case opcode::mac: return 3;
    default: return 2;
    }
}
constexpr bool integer_only(opcode op) noexcept { return op >= opcode::bit_and && op <= opcode::sar; }

inline constexpr int max_rank = 4;  ///< mem4d: up to four loop dimensions

/// SIMD modes of a 16-bit fabric operand (DSD reference, SIMD Mode): simd32 carries two values
/// per wavelet, simd64 moves two wavelets at a time, simd32_or_64 two when two are ready.
enum class simd_mode : std::uint8_t { none, simd32, simd64, simd32_or_64 };

/// Which source a fabout operation resets to zero when it completes (Reset a Source Operand).
enum class zero_source : std::uint8_t { none, first, second };

/// One operand of a DSD operation. The operation walks `extent` (outermost first, row-major);
/// element e has loop indices i[0..rank).
struct dsd {
    enum class kind : std::uint8_t {
        mem,        ///< mem1d/mem4d: word address base + sum(i[d] * stride[d]) (a scalar has all strides 0)
        fabin,      ///< wavelets from input queue `queue`
        fabout,     ///< wavelets to output queue `queue`
        immediate,  ///< the constant `bits` (in the operation's data type)
        index,      ///< the value `bits` + sum(i[d] * stride[d]) (a loop iterator used as a value)
        fifo,       ///< pe_program::fifos[fifo]: pops as a source, pushes as the destination
    };
    kind k = kind::immediate;
    address base = 0;
    std::array<std::int32_t, max_rank> stride{};  ///< words (mem) or value steps (index)
    std::uint8_t queue = 0;                        ///< fabin, fabout
    std::uint32_t bits = 0;                        ///< immediate, index
    std::uint8_t fifo = 0;                         ///< fifo

    // Set when the operation issues, from registers (set_dsd_base_addr, increment_dsd_offset,
    // set_dsd_stride): the base becomes base_reg's value, then offset_reg's value is added (words);
    // stride_reg replaces the stride of a one-dimensional walk (words).
    reg base_reg = no_reg, offset_reg = no_reg, stride_reg = no_reg;

    /// fabin/fabout: the socket whose color the queue must be bound to when the operation starts
    /// (-1: whatever it is bound to). Binding a queue that still holds another color's wavelets is
    /// the misuse the DSD reference calls "reusing a queue".
    std::int8_t socket = -1;

    bool wavelet_index_offset = false;  ///< mem: + the operation's index (words); fabout: index in the high 16 bits
    bool control = false;               ///< fabout: sends control wavelets
    bool control_transform = false;     ///< fabin/fabout: carry the control bit in index bit 31
    bool advance_switch = false;        ///< fabout: the last wavelet advances its router's switch
    simd_mode simd = simd_mode::none;   ///< fabin/fabout with 16-bit data
    zero_source zero = zero_source::none;  ///< fabout: reset a memory source on completion

    friend constexpr bool operator==(const dsd&, const dsd&) = default;
};

/// Microthread priority of an asynchronous operation; the main thread sits between medium and low.
enum class priority : std::uint8_t { low, medium, high };

/// What an asynchronous operation does to a task when it completes, or when a control wavelet
/// ends it (on_control).
struct task_action {
    enum class kind : std::uint8_t { none, activate, unblock, terminate };
    kind k = kind::none;
    std::uint8_t task = 0;  ///< index into pe_program::tasks (activate, unblock)
    friend constexpr bool operator==(const task_action&, const task_action&) = default;
};

struct dsd_op {
    opcode op = opcode::mov;
    data_type type = data_type::i16;
    data_type from = data_type::i16;  ///< convert: its source's type (other operations: unused)
    std::uint8_t rank = 0;                             ///< 0: a single element (a scalar statement)
    std::array<std::uint32_t, max_rank> extent{1, 1, 1, 1};
    dsd dst;
    std::array<dsd, 3> src{};                          ///< the first sources_of(op) are used

    reg length_reg = no_reg;  ///< a one-dimensional operation's length, read when it issues (set_dsd_length)
    reg index_reg = no_reg;   ///< the operation's `index` (u16), for operands with wavelet_index_offset

    bool async = false;               ///< runs on a microthread; needs a fabric operand
    std::int8_t microthread = -1;     ///< WSE-3: an explicit microthread ID; -1 derives it from the queues
    ir::priority prio = priority::low;
    task_action on_complete;          ///< activate or unblock
    task_action on_control;           ///< terminate, activate or unblock (each ends the operation)

    debug_position pos;               ///< debug info, not part of equality

    std::uint64_t elements() const noexcept {
        std::uint64_t n = 1;
        for (int d = 0; d < rank; ++d) n *= extent[std::size_t(d)];
        return n;
    }
    friend constexpr bool operator==(const dsd_op& a, const dsd_op& b) {
        return a.op == b.op && a.type == b.type && a.from == b.from && a.rank == b.rank && a.extent == b.extent && a.dst == b.dst &&
               a.src == b.src && a.length_reg == b.length_reg && a.index_reg == b.index_reg && a.async == b.async &&
               a.microthread == b.microthread && a.prio == b.prio && a.on_complete == b.on_complete &&
               a.on_control == b.on_control;
    }
};

/// Operand slot k of an operation: 0 the destination, 1..3 the sources.
constexpr const dsd& operand(const dsd_op& op, int slot) noexcept {
    return slot == 0 ? op.dst : op.src[std::size_t(slot - 1)];
}
constexpr dsd& operand(dsd_op& op, int slot) noexcept { return slot == 0 ? op.dst : op.src[std::size_t(slot - 1)]; }
/// The type of operand slot k's elements: a conversion's source has its own.
constexpr data_type type_of(const dsd_op& op, int slot) noexcept {
    return op.op == opcode::convert && slot > 0 ? op.from : op.type;
}

constexpr bool is_fabric(dsd::kind k) noexcept { return k == dsd::kind::fabin || k == dsd::kind::fabout; }

}  // namespace wafer::ir
