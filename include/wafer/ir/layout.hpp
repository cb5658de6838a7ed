#pragma once
// The fabric layout: placed PEs with their programs and bindings, per-PE per-color router
// configurations, and the symbol map. Paint (text or C++) builds it; the interpreter runs it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/hardware.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::ir {

using hw::port;

/// One switch position of one color: an input port (or none: it accepts nothing) to a set of output
/// ports. A position with an input and no outputs discards what arrives (boundary suppression).
struct switch_position {
    port input = port::core;
    std::uint8_t outputs = 0;   ///< bitmask of hw::bit(port)
    bool has_input = true;
    friend constexpr bool operator==(const switch_position&, const switch_position&) = default;
};

/// Whether a control wavelet leaving the router loses its first command (Paint guide, Switching).
enum class pop_mode : std::uint8_t { none, all, on_advance, on_advance_or_nop };

/// One color's configuration on one router.
struct color_route {
    std::uint8_t color = 0;                    ///< physical color 0..23
    std::vector<switch_position> positions;    ///< 1 to 4
    std::uint8_t initial = 0;                  ///< the position it starts in
    bool ring = false;                         ///< advancing past the last position wraps to the first
    pop_mode pop = pop_mode::none;
    bool teardown = false;                     ///< starts in teardown: accepts nothing until a PE clears it
    std::uint8_t swapped = 0;                  ///< hw::bit(port) of the inputs that read the partner color c ^ 1
    bool fabric_adder = false;                 ///< adds an f32 from its input to an f16 from the core
    friend bool operator==(const color_route&, const color_route&) = default;
};

struct router {
    std::int32_t x = 0, y = 0;
    std::vector<color_route> colors;   ///< sorted by color; a color with no entry accepts nothing
    std::uint8_t mp_banks = 0;         ///< bit b: message passing on bank b routes through here
    friend bool operator==(const router&, const router&) = default;
};

/// A PE that runs a program. Queue q of the program's sockets is bound to a physical color.
struct placed_pe {
    std::int32_t x = 0, y = 0;
    std::uint32_t program = 0;                       ///< index into layout::programs
    std::string name;                                ///< region name path, e.g. "a" or "grid.aa"
    std::array<std::int8_t, hw::input_queues> input_color{-1, -1, -1, -1, -1, -1, -1, -1};       ///< queue -> color
    std::array<std::int8_t, hw::max_output_queues> output_color{-1, -1, -1, -1, -1, -1, -1, -1};  ///< queue -> color
    friend bool operator==(const placed_pe&, const placed_pe&) = default;
};

/// One symbol map entry: element (i...) of `name` lives at word
/// base + sum(i[d]*dims[d].stride) of PE (x + sum(i[d]*x_stride), y + sum(i[d]*y_stride)).
struct map_dimension {
    std::string name;
    std::uint32_t extent = 1;
    std::int32_t stride = 0;     ///< words
    std::int32_t x_stride = 0;   ///< PEs along x
    std::int32_t y_stride = 0;   ///< PEs along y
    friend bool operator==(const map_dimension&, const map_dimension&) = default;
};

struct map_entry {
    std::string name;            ///< region name path + '.' + kernel symbol, e.g. "c.out"; bare for a lone .w
    value_format format = value_format::s16;
    address base = 0;
    std::int32_t x = 0, y = 0;
    std::vector<map_dimension> dims;   ///< outermost first, as miget walks them by default
    friend bool operator==(const map_entry&, const map_entry&) = default;
};

struct layout {
    hw::arch arch = hw::arch::wse2;       ///< which processor the queues and microthreads are those of
    std::int32_t width = 0, height = 0;   ///< the fabric: every PE and router lies in [0,width) x [0,height)
    std::vector<pe_program> programs;     ///< one per distinct (kernel, params)
    std::vector<placed_pe> pes;           ///< sorted by (y, x)
    std::vector<router> routers;          ///< sorted by (y, x); only routers with a configured color or bank
    std::vector<map_entry> symbols;
    WAFER_DECLARE_SPECIAL_MEMBERS(layout);
    friend bool operator==(const layout&, const layout&) = default;
};

/// The index into `l.pes` of the PE placed at (x, y), by binary search over the (y, x) order; `probes`,
/// when given, counts the PEs compared (for tests that check a walk stays O(log PEs) per lookup).
inline std::optional<std::size_t> pe_index(const layout& l, std::int32_t x, std::int32_t y,
                                           std::size_t* probes = nullptr) {
    std::size_t lo = 0, hi = l.pes.size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (probes) ++*probes;
        const auto& p = l.pes[mid];
        if (p.y < y || (p.y == y && p.x < x)) lo = mid + 1;
        else hi = mid;
    }
    if (lo == l.pes.size() || l.pes[lo].x != x || l.pes[lo].y != y) return std::nullopt;
    return lo;
}

}  // namespace wafer::ir

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/ir/detail/layout.ipp"
#endif
