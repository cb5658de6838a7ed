#pragma once
// The fabric's state, allocated once when a fabric is built and never while it runs: PEs (their
// threads, queues and FIFOs), routers (their colors and per-input buffers), and the pools that hold
// them. Compact, in flat arrays indexed by number, so a 750 x 994 fabric fits and can be cut into
// partitions: nothing here points into anything else.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "wafer/core/hardware.hpp"
#include "wafer/core/word.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/wavelet_ring.hpp"
#include "wafer/fabric/wavelet.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

inline constexpr std::uint32_t none = 0xffffffffu;
/// A queue no thread uses (queue_state::user).
inline constexpr std::uint8_t no_user = 0xff;

/// A DSD operation in flight on a thread.
struct issued_op {
    std::uint32_t op = 0;                  ///< index into the program's operations
    std::uint32_t walk = none;             ///< its own prepared copy (dynamic length or stride), else the program's
    std::uint64_t done = 0, elements = 0;  ///< elements finished, and in all
    std::array<std::int32_t, 4> base{};    ///< word address of each memory slot's first element (checked in memory)
    std::uint16_t index = 0;               ///< the operation's index value
};

/// A microthread: one asynchronous DSD operation at a time.
struct microthread {
    issued_op op;
    bool busy = false;
    ir::priority prio = ir::priority::low;
};

using wavelet_queue = wavelet_ring<hw::max_queue_length>;

/// The bits set in each byte: a table, as x86-64's baseline has no instruction for it and a router
/// asks for it at each wavelet a riding PE moves.
inline constexpr std::array<std::uint8_t, 256> bits_set = [] {
    std::array<std::uint8_t, 256> n{};
    for (unsigned b = 0; b < 256; ++b) n[b] = std::uint8_t(std::popcount(b));
    return n;
}();

/// An input or output queue of a PE, bound to a color. An input queue's last few wavelets may
/// still be on their way down the ramp (hw::landing_cycles): its router hands it at most one a
/// cycle, so a bit per cycle says which of the last cycles handed one.
struct queue_state {
    wavelet_queue items;
    std::uint8_t controls = 0;    ///< control wavelets among the items
    std::int8_t color = -1;       ///< bound to; -1 none
    std::uint8_t user = no_user;  ///< the thread using it (0 main, 1 + m microthread m), or no_user
    std::uint8_t landing = 0;     ///< bit k: it was handed a wavelet that the PE may read from cycle `landed - k` on
    std::uint64_t landed = 0;     ///< the cycle the PE may read the last wavelet handed from

    void push(const wavelet& w) noexcept {
        items.push(w);
        controls = std::uint8_t(controls + w.control());
    }
    /// An input queue's router hands it `w`, which its PE may read from cycle `at` on (later than
    /// the last one's).
    [[gnu::always_inline]] void hand(const wavelet& w, std::uint64_t at) noexcept {
        push(w);
        const std::uint64_t since = at - landed;  // 1 in a stream
        landing = since == 1 ? std::uint8_t(landing << 1 | 1u) : since >= hw::max_landing_cycles ? 1 : std::uint8_t(landing << since | 1u);
        landed = at;
    }
    /// Its last wavelets, those still on their way at cycle `now`.
    std::size_t on_the_way(std::uint64_t now) const noexcept { return bits_set[landing_after(now)]; }
    /// The wavelets at its head the PE may read at cycle `now`.
    std::size_t ready(std::uint64_t now) const noexcept { return items.size() - on_the_way(now); }
    /// The first cycle after `now` that the PE may read another of its wavelets, or 0 for none.
    std::uint64_t next_landing(std::uint64_t now) const noexcept {
        const unsigned waiting = landing_after(now);
        return waiting == 0 ? 0 : landed - std::uint64_t(std::bit_width(waiting) - 1);
    }
    wavelet pop() noexcept {
        const wavelet w = items.pop();
        controls = std::uint8_t(controls - w.control());
        return w;
    }
    void clear() noexcept {
        items.clear();
        controls = 0;
        landing = 0;
        landed = 0;
    }

private:
    /// The bits of `landing` for wavelets the PE may read only after cycle `now`.
    unsigned landing_after(std::uint64_t now) const noexcept {
        return landed <= now ? 0u : unsigned(landing) & ((1u << (landed - now)) - 1u);
    }
};

/// A FIFO's state; its elements live in PE memory at ir::fifo::base.
struct fifo_state {
    std::uint16_t head = 0, count = 0;           ///< elements
    std::uint16_t read_length = 0, write_length = 0;
    std::uint16_t need_data = 0, need_room = 0;  ///< an empty / full event and what the operation needed
};

enum class main_state : std::uint8_t {
    running,  ///< executes instructions from pc
    in_op,    ///< runs a DSD operation (pe_state::op)
    idle,     ///< between tasks: picks the next ready one
    halted,
};

struct pe_state {
    std::uint32_t program = 0;
    std::uint32_t router = none;    ///< its router: only a PE with queues, or a router configured at its cell, has one
    std::uint32_t memory = 0;       ///< first word in the memory pool
    std::uint32_t memory_size = 0;  ///< words it has
    std::uint32_t registers = 0;    ///< first register in the register pool
    std::uint32_t queues = 0;       ///< first queue in the queue pool
    std::uint8_t queue_count = 0;   ///< how many it has
    bool grown = false;             ///< its memory is its full-size block in machine::grown (it grew past its slice)
    std::array<std::int8_t, hw::input_queues + hw::max_output_queues> queue_slot{};  ///< offset from `queues`, -1 none
    std::uint32_t threads = none;   ///< first of its microthreads (programs with async operations)
    std::uint32_t fifos = 0;        ///< first FIFO state
    std::uint32_t stack = none;     ///< its call stack (programs with calls)
    std::uint32_t walks = none;     ///< its prepared copies for dynamic operations: main, then each microthread

    main_state main = main_state::running;
    std::uint8_t depth = 0;          ///< call depth
    std::int8_t task = -1;           ///< the task running, -1 for the program's start
    std::uint32_t pc = 0;
    issued_op op;                    ///< the main thread's operation
    std::uint64_t activated = 0, blocked = 0;  ///< by task index
    std::uint8_t busy_threads = 0;   ///< bit m: microthread m runs an operation

    std::uint64_t since = 0;         ///< the cycle it last made progress

    std::int8_t input_queue(int q) const noexcept { return queue_slot[std::size_t(q)]; }
    std::int8_t output_queue(int q) const noexcept { return queue_slot[std::size_t(hw::input_queues + q)]; }
};

/// A PE riding its router (router.hpp): what its stream needs, found when it mounts, so that the
/// router's visit of a relay reads this record and not the PE's. It moves one element a cycle from
/// the cycle it mounts for (pe_state::since, which stays as it was while it rides), so its progress
/// is the cycle it is due next; pe_state takes it back when it dismounts (machine::dismount).
struct ride {
    std::uint64_t due = 0;                ///< the cycle it steps next
    std::uint64_t end = 0;                ///< the cycle its router no longer moves its element: the one
                                          ///< its last element would move in, or the horizon's eve
    std::uint32_t in = none, out = none;  ///< the queues it moves between (pool indices); `in` none: it does not ride
    std::uint32_t bits = 0;               ///< the bits an element keeps
    bool copies = false;                  ///< its operation is a mov: an element is the bits it came as
    bool on() const noexcept { return in != none; }
};

/// Whether a PE has a step pending, waits for something to happen (a wavelet, room in a queue),
/// or is done (halted, with no microthread running). Kept apart from pe_state, in a byte per PE,
/// so waking a PE does not touch its state.
enum class pe_wait : std::uint8_t { scheduled, waiting, done };

/// Where a router output leads, for one color and position: a buffer index, or one of these.
inline constexpr std::int32_t to_core = -1, off_fabric = -2, no_acceptor = -3;

/// What a color does on a router.
enum class color_kind : std::uint8_t {
    route,      ///< switch positions
    adder,      ///< the fabric adder: an f32 from its input plus an f16 from the core
    mp_core,    ///< message passing: the bank's core color (injected and delivered)
    mp_travel,  ///< message passing: a bank color that carries messages one way
};

/// Of a plain route's position, the shapes almost every wavelet's move has, set when the fabric is
/// built, as the position's targets are: the router's move is compiled for each (router.hpp).
enum class position_shape : std::uint8_t {
    other,
    one_way,      ///< from one source to one neighbour's buffer, the core, or both
    into_core,    ///< from a neighbour's buffer to the core alone (a pipeline stage's in)
    out_of_core,  ///< from the core to one neighbour's buffer (a pipeline stage's out)
};

/// One switch position of a color on a router, and where each of its output ports leads. Kept to
/// 24 bytes, like the records around it, so a router's visit reads as few cache lines as it can.
struct position_state {
    /// Where output port `p` leads: a buffer index, off_fabric or no_acceptor; the core port always
    /// leads to the core, so only the four neighbour ports are stored.
    std::int32_t target(hw::port p) const noexcept { return p == hw::port::core ? to_core : beside[std::size_t(p) - 1]; }
    void set_target(hw::port p, std::int32_t t) noexcept {
        if (p != hw::port::core) beside[std::size_t(p) - 1] = t;
    }
    std::array<std::int32_t, hw::ports - 1> beside{no_acceptor, no_acceptor, no_acceptor, no_acceptor};
    std::int32_t source = -1;  ///< its input buffer, -1 none
    hw::port input = hw::port::core;
    std::uint8_t outputs = 0;  ///< hw::bit(port)
    bool has_input = false;
    position_shape shape = position_shape::other;
};
static_assert(hw::port::core == hw::port{0}, "position_state stores the targets of the ports after the core");

/// A router color's state: what a router's visit reads and what changes as the fabric runs (the
/// switch position, teardown, the queues bound to it). What is fixed when the fabric is built is
/// in color_place, apart, so that this record stays 40 bytes.
struct color_state {
    position_state at;              ///< the current position: a copy of positions[place.positions + current], kept
                                    ///< here so a router step reads one record per color
    std::int32_t core_queue = -1;   ///< the input queue (pool index) of this router's PE bound to this color
    std::int32_t core_feed = -1;    ///< the output queue (pool index) its core port reads: bound to `core_arriving`
    color_kind kind = color_kind::route;
    std::uint8_t count = 1, current = 0;
    ir::pop_mode pop = ir::pop_mode::none;
    bool ring = false, teardown = false;
    bool core_shared = false;       ///< several output queues are bound to `core_arriving`: they take turns
};

/// Where a router color sits and how it is routed: fixed when the fabric is built.
struct color_place {
    std::uint32_t positions = 0;    ///< its first position_state (message passing: one, with a target per direction)
    std::uint32_t router = 0;
    std::int32_t partner = -1;      ///< mp_travel: its bank's core color
    std::uint8_t color = 0;
    std::uint8_t initial = 0;
    std::uint8_t mp_bank = 0;
    std::uint8_t core_arriving = 0xff;  ///< the color the core sends this color on (its own, or the partner's
                                        ///< with a swap at C); 0xff: it takes nothing from the core
    bool start_teardown = false;
};

/// The wavelets of one color that came in through one neighbour port and wait to leave. (What the
/// core sends waits in its output queue, which the router reads directly.) 32 bytes: where it sits
/// is in buffer_place, apart.
struct input_buffer {
    wavelet_ring<router_buffer_capacity> items;
    std::uint8_t start_size = 0;    ///< how many it held at the start of cycle `stamp`
    bool closed = false;            ///< its owner is in teardown (a copy, so a writer need not read the owner)
    /// Its writer is in another partition (partition.hpp): the writer goes by `committed`, what it
    /// held at the start of the cycle, set at each commit, and leaves the rest of it to its owner.
    bool border = false;
    std::uint8_t committed = 0;
    std::uint32_t router = 0;       ///< its owner's router: woken when a wavelet arrives
    std::uint64_t stamp = ~std::uint64_t(0);  ///< the cycle it last changed in

    /// How many it held at the start of cycle `now`: what the routers of that cycle go by.
    std::size_t size_at(std::uint64_t now) const noexcept { return stamp == now ? start_size : items.size(); }
    /// Before changing it in cycle `now`.
    void touch(std::uint64_t now) noexcept {
        if (stamp != now) stamp = now, start_size = std::uint8_t(items.size());
    }
};

/// Where a router buffer sits: fixed when the fabric is built.
struct buffer_place {
    std::uint32_t owner = 0;        ///< color_state index
    std::int32_t writer = -1;       ///< the router that fills it; -1 none
    std::uint8_t port = 0;          ///< hw::port it fills from
    std::uint8_t arriving = 0;      ///< the color its wavelets come in on (the owner's, or its partner's)
};

static_assert(sizeof(position_state) == 24 && sizeof(color_state) == 40 && sizeof(input_buffer) == 32,
              "a router's visit reads these records: keep them small");

inline constexpr std::int32_t no_router = -1;

struct router_state {
    std::int32_t x = 0, y = 0;
    std::int32_t pe = -1;                                 ///< the PE placed here, or -1
    std::uint32_t colors = 0;                             ///< first color_state
    std::uint8_t color_count = 0;
    std::uint8_t mp_banks = 0;
    bool rider = false;                                   ///< its PE's program rides (prepared_program::rides)
    std::uint32_t buffers = 0;                            ///< first input_buffer
    std::uint16_t buffer_count = 0;
    std::array<std::int32_t, hw::ports> neighbour{};      ///< router index by port (core unused), no_router or off_fabric
};

}  // namespace wafer::fabric
