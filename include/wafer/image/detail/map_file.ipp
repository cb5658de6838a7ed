#pragma once
// The symbol map file (map_file.hpp): inline in header-only use, compiled once with the rest of
// wafer/src.hpp otherwise.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <limits>
#include <string_view>

#include "wafer/core/diagnostic.hpp"
#include "wafer/image/map_file.hpp"
#include "wafer/image/values.hpp"

namespace wafer::image {

namespace detail {
inline std::string affine_text(std::int64_t base, bool hex, const std::vector<ir::map_dimension>& dims,
                               std::int32_t ir::map_dimension::*stride) {
    std::string s;
    if (hex) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%04llx", static_cast<unsigned long long>(base));
        s = buf;
    } else {
        s = std::to_string(base);
    }
    for (const auto& d : dims) {
        auto k = d.*stride;
        if (k == 0) continue;
        s += k < 0 ? '-' : '+';
        if (k != 1 && k != -1) s += std::to_string(k < 0 ? -std::int64_t(k) : std::int64_t(k)) + '*';
        s += d.name;
    }
    return s;
}
}  // namespace detail

WAFER_DECL std::string map_text(const std::vector<ir::map_entry>& symbols) {
    std::string out = "# wafer symbol map: NAME [ DIM<EXTENT ... ] ( ADDRESS X Y ) TYPE\n";
    for (const auto& e : symbols) {
        out += e.name + " [";
        for (const auto& d : e.dims) out += ' ' + d.name + '<' + std::to_string(d.extent);
        out += " ] ( " + detail::affine_text(e.base, true, e.dims, &ir::map_dimension::stride) + ' ' +
               detail::affine_text(e.x, false, e.dims, &ir::map_dimension::x_stride) + ' ' +
               detail::affine_text(e.y, false, e.dims, &ir::map_dimension::y_stride) + " ) " +
               std::string(name_of(e.format)) + '\n';
    }
    return out;
}

namespace detail {
/// A small hand-written scanner: the map format is line-based and tiny, no grammar library needed.
class map_scanner {
public:
    map_scanner(const source_text& src, std::string_view line, std::uint32_t line_no)
        : src_(src), line_(line), line_no_(line_no) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw error(src_.make(severity::error, {line_no_, std::uint32_t(pos_ + 1)}, what));
    }
    void skip_space() {
        while (pos_ < line_.size() && std::isspace(static_cast<unsigned char>(line_[pos_]))) ++pos_;
    }
    bool at_end() { skip_space(); return pos_ >= line_.size(); }
    bool accept(char c) {
        skip_space();
        if (pos_ < line_.size() && line_[pos_] == c) { ++pos_; return true; }
        return false;
    }
    void expect(char c, const char* what) {
        if (!accept(c)) fail(std::string("expected ") + what);
    }
    std::string word(const char* what) {
        skip_space();
        auto start = pos_;
        while (pos_ < line_.size() && !std::isspace(static_cast<unsigned char>(line_[pos_])) &&
               std::string_view("[]()<+-*").find(line_[pos_]) == std::string_view::npos)
            ++pos_;
        if (start == pos_) fail(std::string("expected ") + what);
        return std::string(line_.substr(start, pos_ - start));
    }
    std::int64_t number(const char* what) {
        skip_space();
        int base = 10;
        if (line_.substr(pos_, 2) == "0x") { base = 16; pos_ += 2; }
        std::int64_t v = 0;
        // A sign is the affine form's own ('+' or '-' before a term), never part of a number.
        auto [p, ec] = pos_ < line_.size() && line_[pos_] == '-'
                           ? std::from_chars_result{line_.data() + pos_, std::errc::invalid_argument}
                           : std::from_chars(line_.data() + pos_, line_.data() + line_.size(), v, base);
        if (ec == std::errc::result_out_of_range || v > std::numeric_limits<std::int32_t>::max())
            fail(std::string(what) + " past 2147483647");
        if (ec != std::errc{}) fail(std::string("expected ") + what);
        pos_ = std::size_t(p - line_.data());
        return v;
    }
    bool peek_digit() {
        skip_space();
        return pos_ < line_.size() && std::isdigit(static_cast<unsigned char>(line_[pos_]));
    }
    /// base{(+|-)[k*]dim}: sets the named dimensions' strides through `member`.
    std::int64_t affine(std::vector<ir::map_dimension>& dims, std::int32_t ir::map_dimension::*member, const char* what) {
        auto base = number(what);
        for (;;) {
            int sign = accept('+') ? 1 : accept('-') ? -1 : 0;
            if (sign == 0) return base;
            std::int64_t k = 1;
            if (peek_digit()) {
                k = number("a stride");
                expect('*', "'*' after a stride");
            }
            auto name = word("a dimension name");
            auto it = std::find_if(dims.begin(), dims.end(), [&](const auto& d) { return d.name == name; });
            if (it == dims.end()) fail("'" + name + "' is not a dimension of this symbol");
            (*it).*member = std::int32_t(sign * k);
        }
    }

private:
    const source_text& src_;
    std::string_view line_;
    std::uint32_t line_no_;
    std::size_t pos_ = 0;
};
}  // namespace detail

WAFER_DECL std::vector<ir::map_entry> parse_map(const std::string& text, const std::string& file) {
    source_text src(file, text);
    std::vector<ir::map_entry> out;
    std::uint32_t n = 0;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        ++n;
        detail::map_scanner s(src, line, n);
        if (s.at_end() || s.accept('#')) continue;
        ir::map_entry e;
        e.name = s.word("a symbol name");
        e.format = ir::value_format::s16;   // the original tools' lines carry no type
        s.expect('[', "'[' before the dimensions");
        while (!s.accept(']')) {
            ir::map_dimension d;
            d.name = s.word("a dimension name or ']'");
            s.expect('<', "'<' between a dimension and its extent");
            auto extent = s.number("an extent");
            if (extent < 1 || extent > 0xffffff) s.fail("an extent must be between 1 and 16777215");
            d.extent = std::uint32_t(extent);
            for (const auto& other : e.dims)
                if (other.name == d.name) s.fail("dimension '" + d.name + "' is named twice");
            e.dims.push_back(std::move(d));
        }
        s.expect('(', "'(' before the address");
        auto base = s.affine(e.dims, &ir::map_dimension::stride, "an address");
        if (base < 0 || base >= hw::memory_words) s.fail("the address is outside PE memory (0x0000 to 0x5fff)");
        e.base = address(base);
        e.x = std::int32_t(s.affine(e.dims, &ir::map_dimension::x_stride, "an x coordinate"));
        e.y = std::int32_t(s.affine(e.dims, &ir::map_dimension::y_stride, "a y coordinate"));
        s.expect(')', "')' after the coordinates");
        if (!s.at_end()) {
            const auto type = s.word("an element type");
            const auto format = format_named(type);
            if (!format) s.fail("unknown element type '" + type + "' (xp u16 s16 u32 s32 u64 s64 u1 hp sp ep)");
            e.format = *format;
            if (!s.at_end()) s.fail("unexpected text after the element type");
        }
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace wafer::image
