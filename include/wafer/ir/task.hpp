#pragma once
// Tasks and FIFOs of a PE program. A task is code the PE runs when it is ready and the main
// thread is free: a data task when a wavelet waits in its input queue (what Tungsten handlers
// lower to), a local task when activated, a control task when a control wavelet names it. A FIFO
// is a ring buffer in PE memory that DSD operations push to and pop from (dsd-reference.rst, FIFOs).
#include <cstdint>

#include "wafer/ir/debug_position.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/dsd.hpp"
#include "wafer/ir/types.hpp"

namespace wafer::ir {

enum class task_kind : std::uint8_t { data, local, control };

struct task {
    task_kind kind = task_kind::local;
    std::uint8_t id = 0;        ///< 0..63, unique in the program; the lowest ready ID runs first
    std::uint32_t entry = 0;    ///< its first block; it ends with `done`
    std::int8_t queue = -1;     ///< data: the input queue whose wavelets run it
    reg data = no_reg;          ///< data, control: receives the wavelet's 32 bits
    reg index = no_reg;         ///< data, control: receives the wavelet's index (its high 16 bits)
    bool blocked = false;       ///< starts blocked
    bool active = false;        ///< local, control: starts activated
    friend constexpr bool operator==(const task&, const task&) = default;
};

struct fifo {
    address base = 0;              ///< its buffer: `capacity` elements of `type` from here
    std::uint16_t capacity = 0;    ///< elements
    data_type type = data_type::i16;
    std::uint16_t align = 0;       ///< the buffer's explicit alignment in words; 0: none given
    std::int16_t activate_push = -1;  ///< a local task activated on push after an empty event (-1: none)
    std::int16_t activate_pop = -1;   ///< a local task activated on pop after a full event (-1: none)
    debug_position pos;            ///< debug info, not part of equality
    friend constexpr bool operator==(const fifo& a, const fifo& b) {
        return a.base == b.base && a.capacity == b.capacity && a.type == b.type && a.align == b.align &&
               a.activate_push == b.activate_push && a.activate_pop == b.activate_pop;
    }
};

}  // namespace wafer::ir
