#pragma once
// The hardware's constants, in one place: memory, colors, switches, queues, microthreads, tasks,
// FIFOs and message-passing banks. Every layer (Tungsten, Paint, the IR, the interpreter) reads
// them from here. Values the spec gives are marked with where it gives them; the rest are wafer's
// choices, documented in docs/machine.md.
#include <array>
#include <cstdint>
#include <string_view>

namespace wafer::hw {

/// The two processor generations the DSD reference distinguishes (`arch=wse2|wse3`).
enum class arch : std::uint8_t { wse2, wse3 };

constexpr std::string_view name_of(arch a) noexcept { return a == arch::wse2 ? "wse2" : "wse3"; }

/// PE main memory: 0x0000..0x5fff in 16-bit words (Tungsten reference, Array Attributes).
inline constexpr std::uint32_t memory_words = 0x6000;

/// A router's virtual channels (Paint quick reference, Colors).
inline constexpr int colors = 24;

/// The colors a switch can have positions on (Paint guide, Switching): 0-9, 12, 13, 16, 17, 20, 21.
inline constexpr std::array<std::uint8_t, 16> switchable_colors{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 20, 21};
constexpr bool can_switch(int color) noexcept {
    for (auto c : switchable_colors)
        if (c == color) return true;
    return false;
}
/// At most four switch positions per color (Paint guide, Switching).
inline constexpr int max_switch_positions = 4;

/// The only color that can be the fabric adder (Paint quick reference, Fabric Adder).
inline constexpr int fabric_adder_color = 10;

/// A color's swap partner (Paint guide, Color swaps): c ^ 1.
constexpr int partner(int color) noexcept { return color ^ 1; }

/// Message-passing banks: bank N's five colors start at 14 + 5N (quick reference: bank 0 is 14-18).
/// Two banks fit in 24 colors.
inline constexpr int mp_banks = 2;
inline constexpr int mp_bank_colors = 5;
constexpr int mp_first_color(int bank) noexcept { return 14 + mp_bank_colors * bank; }

/// Input and output queues and their lengths in words (DSD reference, Fabric Queues).
inline constexpr int input_queues = 8;
inline constexpr int max_output_queues = 8;
constexpr int output_queues(arch a) noexcept { return a == arch::wse2 ? 6 : 8; }
inline constexpr std::array<std::uint8_t, 8> wse2_input_queue_length{6, 6, 4, 4, 2, 2, 2, 2};
inline constexpr std::array<std::uint8_t, 6> wse2_output_queue_length{2, 2, 6, 6, 2, 2};
inline constexpr std::array<std::uint8_t, 8> wse3_input_queue_length{8, 8, 4, 4, 4, 4, 4, 4};
inline constexpr std::array<std::uint8_t, 8> wse3_output_queue_length{8, 8, 8, 8, 8, 8, 8, 8};
constexpr int input_queue_length(arch a, int q) noexcept {
    return a == arch::wse2 ? wse2_input_queue_length[std::size_t(q)] : wse3_input_queue_length[std::size_t(q)];
}
constexpr int output_queue_length(arch a, int q) noexcept {
    return a == arch::wse2 ? wse2_output_queue_length[std::size_t(q)] : wse3_output_queue_length[std::size_t(q)];
}
inline constexpr int max_queue_length = 8;

/// Hardware microthreads for asynchronous DSD operations (DSD reference, Microthreads). On WSE-2 an
/// operation's microthread is the ID of one of its queues, so there are as many as input queues.
inline constexpr int microthreads = 8;

/// Task IDs a PE program may use: data, local and control tasks share one ID space; a lower ID runs
/// first when several are ready (wafer's model).
inline constexpr int task_ids = 64;

/// FIFOs: how many a PE has, and the minimum alignment of a FIFO buffer in words (wafer's model;
/// the DSD reference says there is one, and that a smaller explicit alignment is an error).
inline constexpr int fifos = 8;
inline constexpr int fifo_alignment_words = 4;

/// Router buffering: per color and input port (wafer's model).
inline constexpr int router_buffer_wavelets = 2;

/// The five router ports. Row 0 is the northern edge, so `up` (+y) is the router's south port and
/// `down` (-y) its north port (Paint guide, Reading Paint).
enum class port : std::uint8_t { core, right, left, up, down };
inline constexpr int ports = 5;

constexpr std::uint8_t bit(port p) noexcept { return std::uint8_t(1u << unsigned(p)); }
inline constexpr std::uint8_t all_ports = 0x1f;

/// The neighbour's port that a wavelet leaving through `p` arrives on.
constexpr port opposite(port p) noexcept {
    switch (p) {
    case port::right: return port::left;
    case port::left: return port::right;
    case port::up: return port::down;
    case port::down: return port::up;
    default: return port::core;
    }
}
constexpr int dx(port p) noexcept { return p == port::right ? 1 : p == port::left ? -1 : 0; }
constexpr int dy(port p) noexcept { return p == port::up ? 1 : p == port::down ? -1 : 0; }

}  // namespace wafer::hw
