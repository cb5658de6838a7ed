#pragma once
// Scalar instructions in basic blocks: what a PE's main thread executes between DSD operations.
// Arithmetic, comparisons giving a 0/1 predicate, selects, conversions, loads and stores over
// 32-bit registers; control flow (jump, branch, call, return, halt, done); issuing a DSD
// operation; tasks, FIFO lengths and teardown; run-time bounds checks.
#include <array>
#include <cstdint>
#include <vector>

#include "wafer/ir/debug_position.hpp"
#include "wafer/ir/dsd.hpp"
#include "wafer/ir/types.hpp"

namespace wafer::ir {

/// A scalar source: nothing, a register, or an immediate (bits in the instruction's type).
struct value {
    enum class kind : std::uint8_t { none, reg, imm };
    kind k = kind::none;
    std::uint32_t v = 0;  ///< the register number or the immediate's bits
    friend constexpr bool operator==(const value&, const value&) = default;
};
constexpr value r(reg n) noexcept { return value{value::kind::reg, n}; }
constexpr value imm(std::uint32_t bits) noexcept { return value{value::kind::imm, bits}; }

enum class instr : std::uint8_t {
    // dst = a OP b in `type` (mov, neg, bit_not, abs: dst = OP a). Shifts take the count from b;
    // shr is logical, sar arithmetic. div and rem truncate toward zero; by zero is a fault.
    mov, add, sub, mul, div, rem, neg, bit_and, bit_or, bit_xor, bit_not, shl, shr, sar, min, max, abs,
    // dst = (a CMP b) ? 1 : 0, compared in `type` (signed, unsigned or float)
    eq, ne, lt, le, gt, ge,
    select,     ///< dst = a != 0 ? b : c
    convert,    ///< dst (`type`) = a (`from`), with the rounding rules of docs/machine.md
    load,       ///< dst = memory[a + b] (words_of(type) words, low word first)
    store,      ///< memory[a + b] = c
    dsd,        ///< issues dsd_ops[target]; dst (if any) = 1, or 0 when a FIFO ended it early
    activate,   ///< tasks[target] becomes ready to run
    block,      ///< tasks[target] will not be picked until unblocked
    unblock,
    set_fifo_read_length,   ///< fifos[target].read_length = a
    set_fifo_write_length,  ///< fifos[target].write_length = a
    clear_teardown,         ///< the color of sockets[target] leaves teardown on this PE's router
    check_bounds,           ///< faults unless a < b, unsigned: a subscript checked at run time (bounds_checks[target])
    // Control flow: each block ends with one of jump, branch, ret, halt, done.
    jump,    ///< to block target
    branch,  ///< to block target when a != 0, else to block other
    call,    ///< calls the function at block target; ret comes back after it
    ret,
    halt,    ///< the PE stops: no task runs any more (running microthreads finish)
    done,    ///< the task (or the program's start) ends: the PE picks the next ready task, or is idle
};
inline constexpr int instr_count = int(instr::done) + 1;

constexpr bool is_terminator(instr i) noexcept {
    return i == instr::jump || i == instr::branch || i == instr::ret || i == instr::halt || i == instr::done;
}
constexpr bool is_comparison(instr i) noexcept { return i >= instr::eq && i <= instr::ge; }
constexpr bool is_arithmetic(instr i) noexcept { return i <= instr::abs; }
constexpr bool is_unary(instr i) noexcept {
    return i == instr::mov || i == instr::neg || i == instr::bit_not || i == instr::abs;
}

struct instruction {
    instr code = instr::halt;
    data_type type = data_type::i16;
    data_type from = data_type::i16;  ///< convert: the source type
    reg dst = no_reg;
    std::array<value, 3> src{};
    std::uint32_t target = 0;  ///< jump/branch/call: a block; dsd: an operation; tasks, FIFOs, sockets: an index
    std::uint32_t other = 0;   ///< branch: the block when a == 0
    debug_position pos;        ///< debug info, not part of equality

    friend constexpr bool operator==(const instruction& a, const instruction& b) {
        return a.code == b.code && a.type == b.type && a.from == b.from && a.dst == b.dst && a.src == b.src &&
               a.target == b.target && a.other == b.other;
    }
};

struct basic_block {
    std::vector<instruction> code;  ///< ends with a terminator
    friend bool operator==(const basic_block&, const basic_block&) = default;
};

}  // namespace wafer::ir
