#pragma once
// One diagnostic type for every layer, rendered in one place:
//   file:line:col: error: message
//   <the source line>
//       ^
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/core/config.hpp"

namespace wafer {

/// 1-based line and column; {0, 0} means "no position" (e.g. a command-line setting).
struct source_position {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend constexpr bool operator==(source_position, source_position) = default;
};

enum class severity : std::uint8_t { note, warning, error };

struct diagnostic {
    severity level = severity::error;
    std::string file;          // may be empty (e.g. "<command line>")
    source_position pos;
    std::string message;
    std::string source_line;   // the line the position points into, without its newline
    friend bool operator==(const diagnostic&, const diagnostic&) = default;
};

/// A named text, so diagnostics can quote the line they point at.
class source_text {
public:
    constexpr source_text() = default;
    /// A name without its text (a C++ kernel's file): diagnostics name it and quote nothing.
    constexpr explicit source_text(std::string_view name) : name_(name) {}
    constexpr source_text(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') starts_.push_back(i + 1);
    }

    constexpr const std::string& name() const noexcept { return name_; }
    constexpr const std::string& text() const noexcept { return text_; }

    /// The text of 1-based line `n`, without its line terminator; empty past the end.
    constexpr std::string_view line(std::uint32_t n) const noexcept {
        if (n == 0 || n > starts_.size()) return {};
        const std::size_t begin = starts_[n - 1];
        const std::size_t end = n < starts_.size() ? starts_[n] - 1 : text_.size();
        std::string_view l(text_.data() + begin, end - begin);
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        return l;
    }

    /// Line and column of a byte offset into the text.
    constexpr source_position position_of(std::size_t offset) const noexcept {
        offset = std::min(offset, text_.size());
        const auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);  // starts_[0] == 0
        const std::size_t line = std::size_t(after - starts_.begin());
        return source_position{std::uint32_t(line), std::uint32_t(offset - starts_[line - 1] + 1)};
    }

    // (A view: g++ 12 cannot destroy a by-value std::string parameter in a constant expression.)
    constexpr diagnostic make(severity level, source_position pos, std::string_view message) const {
        return diagnostic{level, name_, pos, std::string(message), std::string(line(pos.line))};
    }

private:
    std::string name_;
    std::string text_;
    std::vector<std::size_t> starts_{0};  ///< the offset each line starts at
};

/// A name as diagnostics show it: 'name'.
constexpr std::string quote(std::string_view name) { return "'" + std::string(name) + "'"; }

inline std::string_view to_string(severity s) noexcept {
    switch (s) {
    case severity::note: return "note";
    case severity::warning: return "warning";
    case severity::error: return "error";
    }
    return "error";
}

/// The one rendering of a diagnostic. Tabs before the caret are kept so the caret lines up.
inline std::string render(const diagnostic& d) {
    std::string out;
    if (!d.file.empty()) {
        out += d.file;
        if (d.pos.line != 0) {
            out += ':' + std::to_string(d.pos.line) + ':' + std::to_string(d.pos.column);
        }
        out += ": ";
    }
    out += to_string(d.level);
    out += ": ";
    out += d.message;
    out += '\n';
    if (d.pos.line != 0 && !d.source_line.empty()) {
        out += d.source_line;
        out += '\n';
        for (std::uint32_t i = 1; i < d.pos.column && i - 1 < d.source_line.size(); ++i) {
            out += d.source_line[i - 1] == '\t' ? '\t' : ' ';
        }
        out += "^\n";
    }
    return out;
}

/// What the front ends, checkers and builders throw when they found errors.
/// It carries every diagnostic gathered so far (warnings included), in order.
class error : public std::runtime_error {
public:
    explicit error(std::vector<diagnostic> ds)
        : std::runtime_error(ds.empty() ? std::string("error") : ds.back().message), diagnostics_(std::move(ds)) {}
    explicit error(diagnostic d) : error(std::vector<diagnostic>{std::move(d)}) {}
    const std::vector<diagnostic>& diagnostics() const noexcept { return diagnostics_; }
    std::string render() const {
        std::string out;
        for (const auto& d : diagnostics_) out += wafer::render(d);
        return out;
    }

private:
    std::vector<diagnostic> diagnostics_;
};

/// A sink for diagnostics: warnings accumulate; errors accumulate until `check()` throws them all.
class diagnostics {
public:
    // Two overloads, not one by value: g++ 12 cannot destroy a by-value parameter holding a
    // std::string in a constant expression (docs/embedding.md), where a layout's build adds warnings.
    WAFER_CONSTEXPR void add(const diagnostic& d) { list_.push_back(d); }
    WAFER_CONSTEXPR void add(diagnostic&& d) { list_.push_back(std::move(d)); }
    WAFER_CONSTEXPR bool has_errors() const noexcept {
        for (const auto& d : list_) if (d.level == severity::error) return true;
        return false;
    }
    WAFER_CONSTEXPR const std::vector<diagnostic>& list() const noexcept { return list_; }
    /// Throws `wafer::error` with everything gathered when any error was added.
    WAFER_CONSTEXPR void check() const {
        if (has_errors()) throw error(list_);
    }

private:
    std::vector<diagnostic> list_;
};

}  // namespace wafer
