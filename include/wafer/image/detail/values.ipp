#pragma once
// Values as text (values.hpp): inline in header-only use, compiled once with the rest of
// wafer/src.hpp otherwise.
#include <charconv>

#include "wafer/core/half.hpp"
#include "wafer/image/values.hpp"

namespace wafer::image {

WAFER_DECL std::string float_text(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, float(v));
    return std::string(buf, r.ptr);
}

WAFER_DECL std::string format_value(ir::value_format f, std::span<const word> words) {
    std::uint64_t u = 0;
    for (std::size_t i = 0; i < words.size(); ++i) u |= std::uint64_t(words[i]) << (16 * i);
    if (words.size() == 1) {
        if (f == ir::value_format::s16) return std::to_string(std::int16_t(u));
        if (f == ir::value_format::f16) return float_text(half_value(std::uint16_t(u)));
        return std::to_string(u);  // u16, u1, or one word of a wider element
    }
    if (words.size() == 2) {
        if (f == ir::value_format::f32 || f == ir::value_format::ep) return float_text(sp_value(std::uint32_t(u)));
        if (f == ir::value_format::s32) return std::to_string(std::int32_t(u));
        return std::to_string(std::uint32_t(u));
    }
    if (f == ir::value_format::s64) return std::to_string(std::int64_t(u));
    return std::to_string(u);
}

WAFER_DECL std::vector<std::string> split_values(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

WAFER_DECL std::optional<std::vector<word>> parse_value(ir::value_format f, std::string_view text, unsigned n) {
    std::uint64_t u = 0;
    const char* b = text.data();
    const char* e = text.data() + text.size();
    const bool real = (f == ir::value_format::f32 || f == ir::value_format::ep) && n == 2;
    if (real || (f == ir::value_format::f16 && n == 1)) {
        float v = 0;
        auto r = std::from_chars(b, e, v);
        if (r.ec != std::errc{} || r.ptr != e) return std::nullopt;
        u = real ? sp_bits(v) : half_bits(double(v));
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
