#pragma once
// A wavelet as the fabric carries it: 32 data bits (the index in the high 16), a control bit, and
// what the interpreter needs to know about it. Its color is where it is: the router buffer or queue
// that holds it. A control wavelet's low 16 bits are router commands, two bits each, the first in
// bits 0-1 (wafer's encoding, docs/machine.md): 0 nop, 1 advance, 2 reset, 3 nop.
#include <cstdint>

#include "wafer/core/hardware.hpp"

namespace wafer::fabric {

struct wavelet {
    std::uint32_t data = 0;
    std::uint8_t flags = 0;

    static constexpr std::uint8_t control_bit = 1;
    /// The last wavelet of a fabout operation with advance_switch: the first router it leaves
    /// advances that color's switch afterwards (a flip send).
    static constexpr std::uint8_t advance_bit = 2;

    constexpr bool control() const noexcept { return flags & control_bit; }
    constexpr std::uint16_t index() const noexcept { return std::uint16_t(data >> 16); }
    friend constexpr bool operator==(const wavelet&, const wavelet&) = default;
};

/// The data bits of a wavelet that an element of `words` 16-bit words fills: a 16-bit element is
/// its low half.
constexpr std::uint32_t element_bits(std::uint32_t words) noexcept { return words == 1 ? 0xffffu : 0xffffffffu; }

/// An element read or written with control_transform (DSD reference): it carries its wavelet's
/// control bit in bit 31 and the wavelet's data below bit 30.
inline constexpr std::uint32_t transformed_control = 0x80000000u;
inline constexpr std::uint32_t transformed_data = 0x3fffffffu;

enum class switch_command : std::uint8_t { nop, advance, reset };

constexpr switch_command first_command(std::uint32_t data) noexcept {
    switch (data & 3) {
    case 1: return switch_command::advance;
    case 2: return switch_command::reset;
    default: return switch_command::nop;
    }
}
/// The data with its first command removed: the next router acts on the next one.
constexpr std::uint32_t pop_command(std::uint32_t data) noexcept {
    return (data & 0xffff0000u) | ((data & 0xffffu) >> 2);
}

/// A message (docs/machine.md, Message passing) is addressed by its index: the destination's x in
/// bits 16-23, its y in bits 24-31.
constexpr std::int32_t message_x(const wavelet& w) noexcept { return std::int32_t((w.data >> 16) & 0xff); }
constexpr std::int32_t message_y(const wavelet& w) noexcept { return std::int32_t(w.data >> 24); }

/// The port a message leaves the router at (x, y) by: along x to the destination's column, then
/// along y, then to the core.
constexpr hw::port message_port(std::int32_t x, std::int32_t y, const wavelet& w) noexcept {
    const std::int32_t to_x = message_x(w), to_y = message_y(w);
    return to_x > x ? hw::port::right : to_x < x ? hw::port::left : to_y > y ? hw::port::up
           : to_y < y ? hw::port::down : hw::port::core;
}

}  // namespace wafer::fabric
