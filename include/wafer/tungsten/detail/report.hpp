#pragma once
// How the checker reports: each error goes to the sink at once, then `abandon` unwinds to the
// enclosing declaration or statement, so one run reports every independent error. In a constant
// expression nothing can be thrown: there the first error stops the lowering (fail()).
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/detail/digits.hpp"

namespace wafer::tungsten::detail {

using wafer::detail::decimal;
using wafer::detail::digits_of;

/// Thrown after an error was reported, or when a declaration the code depends on already failed.
struct abandon {};

/// Expressions, blocks and array ranks nest at most this deep, so bad input cannot exhaust the stack.
inline constexpr int max_nesting = 256;
/// Packages import packages at most this deep.
inline constexpr int max_import_depth = 16;

class reporter {
public:
    WAFER_CONSTEXPR reporter(const source_text& source, diagnostics& sink) noexcept : sink_(sink), own_{&source} {}
    reporter(const reporter&) = delete;  // state_ points into it
    reporter& operator=(const reporter&) = delete;

    // Messages as views: g++ 12 cannot destroy a by-value std::string parameter in a constant
    // expression (docs/embedding.md), where a frozen kernel's lowering reports.
    WAFER_CONSTEXPR void error(source_position pos, std::string_view message) const {
        add(severity::error, pos, message);
    }
    WAFER_CONSTEXPR void warning(source_position pos, std::string_view message) const {
        add(severity::warning, pos, message);
    }
    WAFER_CONSTEXPR void note(source_position pos, std::string_view message) const {
        add(severity::note, pos, message);
    }
    /// A note at a position in another text (a declaration in an imported package).
    WAFER_CONSTEXPR void note(const source_text& text, source_position pos, std::string_view message) const {
        const auto* saved = state_->source;
        state_->source = &text;
        note(pos, message);
        state_->source = saved;
    }

    /// Reports an error and abandons the current declaration or statement: at run time it throws
    /// `abandon`. In a constant expression (a kernel frozen by the compiler), where nothing can be
    /// thrown, it stops the lowering instead: it returns, stopped() is true, and the caller returns
    /// in turn, or the lowering goes on to a point the compiler cannot evaluate (docs/embedding.md).
    WAFER_CONSTEXPR void fail(source_position pos, std::string_view message) const {
        error(pos, message);
        if (!wafer::detail::constant_evaluated()) throw abandon{};
        state_->stopped = true;
    }

    /// Whether fail() stopped the lowering (only ever in a constant expression).
    WAFER_CONSTEXPR bool stopped() const noexcept { return state_->stopped; }

    /// The text positions refer to.
    WAFER_CONSTEXPR const source_text& source() const noexcept { return *state_->source; }

    /// While it lives, positions refer to `text` (an imported package's).
    class from {
    public:
        WAFER_CONSTEXPR from(const reporter& r, const source_text& text) : r_(r), saved_(r.state_->source) {
            r.state_->source = &text;
        }
        WAFER_CONSTEXPR ~from() { r_.state_->source = saved_; }
        from(const from&) = delete;
        from& operator=(const from&) = delete;

    private:
        const reporter& r_;
        const source_text* saved_;
    };

    /// Errors reported so far, captured ones included.
    WAFER_CONSTEXPR std::size_t errors() const noexcept { return state_->errors; }

    /// While it lives, what the reporter reports is kept in `into` instead of going to the sink.
    class capture {
    public:
        WAFER_CONSTEXPR capture(const reporter& r, std::vector<diagnostic>& into) : r_(r), saved_(r.state_->capture) {
            r.state_->capture = &into;
        }
        WAFER_CONSTEXPR ~capture() { r_.state_->capture = saved_; }
        WAFER_CONSTEXPR capture(const capture&) = delete;
        capture& operator=(const capture&) = delete;

    private:
        const reporter& r_;
        std::vector<diagnostic>* saved_;
    };

    /// Forgets the errors counted since there were `n`: a quiet attempt that was undone (captured and
    /// discarded) reported nothing.
    void forget_errors_since(std::size_t n) const noexcept { state_->errors = n; }

    /// Reports diagnostics captured earlier.
    /// (&&: g++ 12 faults destroying a by-value vector of diagnostics in a constant expression.)
    WAFER_CONSTEXPR void replay(std::vector<diagnostic>&& captured) const {
        for (auto& d : captured) (state_->capture ? state_->capture->push_back(std::move(d)) : sink_.add(std::move(d)));
    }

private:
    WAFER_CONSTEXPR void add(severity level, source_position pos, std::string_view message) const {
        if (level == severity::error) ++state_->errors;
        auto d = state_->source->make(level, pos, message);
        if (state_->capture)
            state_->capture->push_back(std::move(d));
        else
            sink_.add(std::move(d));
    }
    // What reporting changes, reached through a pointer instead of kept `mutable`: g++ 12 cannot
    // read a mutable member through a const reference in a constant expression (docs/embedding.md).
    struct state {
        const source_text* source;
        std::vector<diagnostic>* capture = nullptr;
        std::size_t errors = 0;
        bool stopped = false;
    };
    diagnostics& sink_;
    state own_;
    state* const state_ = &own_;
};


/// "1 word", "3 words".
constexpr std::string count_of(std::uint64_t n, std::string_view noun) {
    return decimal(n) + ' ' + std::string(noun) + (n == 1 ? "" : "s");
}

/// A word address as the reference writes it: 0x0014.
constexpr std::string address_text(std::uint64_t a) {
    const std::string s = digits_of(a, 16);
    return "0x" + std::string(s.size() < 4 ? 4 - s.size() : 0, '0') + s;
}

/// An integer as a literal: hex when not negative (the bits are the point), else decimal.
constexpr std::string literal_text(std::int64_t v) {
    if (v < 0) return decimal(v);
    return "0x" + digits_of(static_cast<std::uint64_t>(v), 16);
}

/// A real in its shortest round-trip spelling.
inline std::string real_text(double v) {
    char digits[32];
    auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    return std::string(digits, end);
}

}  // namespace wafer::tungsten::detail
