#pragma once
// The words reports are made of: coordinates, PEs, ports as Paint writes them. The one place the
// interpreter's reports spell a port as a letter (the IR only knows port numbers).
#include <cstdint>
#include <string>
#include <string_view>

#include "wafer/core/detail/digits.hpp"
#include "wafer/core/hardware.hpp"

namespace wafer::fabric::detail {

inline std::string coordinates(std::int32_t x, std::int32_t y) {
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

/// "PE (2,0) c [recv]": where, the region's name path, and the kernel (either may be empty).
inline std::string pe_text(std::int32_t x, std::int32_t y, std::string_view name, std::string_view kernel) {
    std::string s = "PE " + coordinates(x, y);
    if (!name.empty()) s += " " + std::string(name);
    if (!kernel.empty()) s += " [" + std::string(kernel) + "]";
    return s;
}

/// A port as Paint's route rules write it: C R L U D.
constexpr char port_letter(hw::port p) noexcept { return "CRLUD"[unsigned(p) % 5]; }

inline std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

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

inline std::string hex(std::int64_t v) {
    const auto magnitude = v < 0 ? 0 - std::uint64_t(v) : std::uint64_t(v);
    return (v < 0 ? "-0x" : "0x") + std::string(wafer::detail::digits(magnitude, 16).view());
}

}  // namespace wafer::fabric::detail
