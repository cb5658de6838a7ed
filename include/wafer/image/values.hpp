#pragma once
// Reading and writing one element's words as text, by its Tungsten type name, for miget and miset.
#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/word.hpp"

namespace wafer::image {

/// `words` holds one element (1, 2 or 4 words, low word first).
inline std::string format_value(std::string_view type, std::span<const word> words) {
    std::uint64_t u = 0;
    for (std::size_t i = 0; i < words.size(); ++i) u |= std::uint64_t(words[i]) << (16 * i);
    if (words.size() == 1) {
        if (type == "xp" || type == "s16") return std::to_string(std::int16_t(u));
        return std::to_string(u);  // u16, u1, hp bits (hp arithmetic is not supported yet)
    }
    if (words.size() == 2) {
        if (type == "sp" || type == "ep") {
            char buf[32];
            auto r = std::to_chars(buf, buf + sizeof buf, sp_value(std::uint32_t(u)));
            return std::string(buf, r.ptr);
        }
        if (type == "s32") return std::to_string(std::int32_t(u));
        return std::to_string(std::uint32_t(u));
    }
    if (type == "s64") return std::to_string(std::int64_t(u));
    return std::to_string(u);
}

/// Parses `text` as one element of `type` into `n` words; nullopt when it is not such a value.
inline std::optional<std::vector<word>> parse_value(std::string_view type, std::string_view text, unsigned n) {
    std::uint64_t u = 0;
    const char* b = text.data();
    const char* e = text.data() + text.size();
    if ((type == "sp" || type == "ep") && n == 2) {
        float f = 0;
        auto r = std::from_chars(b, e, f);
        if (r.ec != std::errc{} || r.ptr != e) return std::nullopt;
        u = sp_bits(f);
    } else {
        bool neg = !text.empty() && text.front() == '-';
        if (neg) ++b;
        int base = 10;
        if (e - b > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) { b += 2; base = 16; }
        auto r = std::from_chars(b, e, u, base);
        if (r.ec != std::errc{} || r.ptr != e || b == e) return std::nullopt;
        auto bits = 16u * n;
        if (bits < 64) {
            // Accept what fits the element: 0..2^bits-1, or down to -2^(bits-1) when negative.
            if (neg ? u > (std::uint64_t(1) << (bits - 1)) : u >> bits) return std::nullopt;
        }
        if (neg) u = ~u + 1;
    }
    std::vector<word> out(n);
    for (unsigned i = 0; i < n; ++i) out[i] = word(u >> (16 * i));
    return out;
}

}  // namespace wafer::image
