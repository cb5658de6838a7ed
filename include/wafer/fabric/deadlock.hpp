#pragma once
// The deadlock report's unit: one PE that had not halted when nothing could move any more.
// (The original simulator has none: a stalled program just stops making progress.)
#include <cstdint>
#include <string>
#include <string_view>

#include "wafer/core/diagnostic.hpp"

namespace wafer::fabric {

struct blocked_pe {
    std::int32_t x = 0, y = 0;
    std::string name;        ///< the placed PE's region name
    std::string kernel;
    std::string waits_on;    ///< e.g. "reading socket rx (color 1, input queue 0)"
    std::uint64_t since = 0; ///< the cycle it last made progress and blocked
    std::uint64_t done = 0, total = 0;  ///< elements of the blocked operation
    diagnostic where;        ///< a note at the operation, in the kernel's source file
    std::string route;       ///< where its color comes from or leads to, e.g. "color 1 comes from PE (0,0) a [send], which halted at cycle 30"
};

namespace detail {

/// `text` with every line prefixed by `prefix`.
inline std::string indent(std::string_view text, std::string_view prefix) {
    std::string out;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const auto line = text.substr(0, nl == std::string_view::npos ? text.size() : nl + 1);
        out += prefix;
        out += line;
        text.remove_prefix(line.size());
    }
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

inline std::string coordinates(std::int32_t x, std::int32_t y) {
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

}  // namespace detail

/// Two-space indented lines for the report:
///   PE (2,0) c [recv]: reading socket rx (color 1, input queue 0): 8 of 16 elements received, blocked since cycle 40
///     color 1 comes from PE (0,0) a [send], which halted at cycle 30
///     recv.w:4:1: note: blocked here, in operation 2 of 2
inline std::string render(const blocked_pe& b) {
    const bool reading = std::string_view(b.waits_on).starts_with("reading");
    std::string out = "  PE " + detail::coordinates(b.x, b.y) + (b.name.empty() ? "" : " " + b.name) + " [" +
                      b.kernel + "]: " + b.waits_on + ": " + std::to_string(b.done) + " of " +
                      std::to_string(b.total) + " elements " + (reading ? "received" : "sent") +
                      ", blocked since cycle " + std::to_string(b.since) + "\n";
    if (!b.route.empty()) out += "    " + b.route + "\n";
    out += detail::indent(render(b.where), "    ");
    return out;
}

}  // namespace wafer::fabric
