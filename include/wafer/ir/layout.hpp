#pragma once
// The fabric layout: placed PEs with their programs and bindings, per-PE per-color router
// configurations, and the symbol map. Paint (text or C++) builds it; the interpreter runs it.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/ir/pe_program.hpp"

namespace wafer::ir {

/// The router's five ports, in Paint's letters. Row 0 is the northern edge, so `up` (+y) is the
/// router's south port and `down` (-y) its north port.
enum class port : std::uint8_t { core, right, left, up, down };
inline constexpr int port_count = 5;

constexpr std::uint8_t bit(port p) noexcept { return std::uint8_t(1u << unsigned(p)); }
constexpr char letter(port p) noexcept { return "CRLUD"[unsigned(p)]; }

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

/// One switch position of one color: a single input port to a set of output ports.
struct switch_position {
    port input = port::core;
    std::uint8_t outputs = 0;   ///< bitmask of `bit(port)`
    friend constexpr bool operator==(const switch_position&, const switch_position&) = default;
};

/// One color's configuration on one router.
struct color_route {
    std::uint8_t color = 0;                    ///< physical color 0..23
    std::vector<switch_position> positions;    ///< at least one; the first is initial
    friend bool operator==(const color_route&, const color_route&) = default;
};

struct router {
    std::int32_t x = 0, y = 0;
    std::vector<color_route> colors;   ///< sorted by color; a color with no entry accepts nothing
    friend bool operator==(const router&, const router&) = default;
};

/// A PE that runs a program. Queue q of the program's sockets is bound to a physical color.
struct placed_pe {
    std::int32_t x = 0, y = 0;
    std::uint32_t program = 0;                       ///< index into layout::programs
    std::string name;                                ///< region name path, e.g. "a" or "grid.aa"
    std::array<std::int8_t, 8> input_color{-1, -1, -1, -1, -1, -1, -1, -1};  ///< input queue -> color
    std::array<std::int8_t, 6> output_color{-1, -1, -1, -1, -1, -1};          ///< output queue -> color
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
    std::string type;            ///< Tungsten base type name
    address base = 0;
    std::int32_t x = 0, y = 0;
    std::vector<map_dimension> dims;   ///< outermost first, as miget walks them by default
    friend bool operator==(const map_entry&, const map_entry&) = default;
};

struct layout {
    std::int32_t width = 0, height = 0;   ///< the fabric: every PE and router lies in [0,width) x [0,height)
    std::vector<pe_program> programs;     ///< one per distinct (kernel, params)
    std::vector<placed_pe> pes;           ///< sorted by (y, x)
    std::vector<router> routers;          ///< sorted by (y, x); only routers with a configured color
    std::vector<map_entry> symbols;
    friend bool operator==(const layout&, const layout&) = default;
};

}  // namespace wafer::ir
