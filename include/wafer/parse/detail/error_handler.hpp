#pragma once
// Where X3 meets wafer's diagnostics. The error handler sits in the parse context under
// x3::error_handler_tag (as in Spirit's rexpr_full example): x3::annotate_on_success tags every
// position_tagged node with its source range through it, and every syntax error leaves through it
// as one wafer::diagnostic (`file:line:col: error: ...`) thrown in a wafer::error.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/utility/annotate_on_success.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>

#include "wafer/core/diagnostic.hpp"

namespace wafer::parse::detail {

namespace x3 = boost::spirit::x3;

using iterator = std::string::const_iterator;

/// How deeply parentheses, brackets, braces and blocks may nest, and how deep an expression tree may
/// grow. It keeps the recursive-descent parser and every later walk of the AST off the end of the stack.
inline constexpr unsigned max_nesting = 256;

/// A syntax error raised where no parse context is at hand (an unterminated comment, met by the
/// skipper). parse_text() turns it into a diagnostic.
struct syntax_error {
    iterator where;
    std::string message;
};

class error_handler {
public:
    /// `source` must outlive the handler; iterators are into source.text().
    explicit error_handler(const source_text& source)
        : source_(source), positions_(source.text().begin(), source.text().end()) {
        const std::string& text = source.text();
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') line_starts_.push_back(i + 1);
    }

    iterator begin() const { return source_.text().begin(); }
    iterator end() const { return source_.text().end(); }

    /// Called by x3::annotate_on_success: remembers where a position_tagged node's text is.
    template <typename Node>
    void tag(Node& node, iterator first, iterator last) {
        positions_.annotate(node, first, last);
    }

    /// 1-based line and byte column of `where` (columns count bytes, as source_text::position_of).
    source_position position_of(iterator where) const {
        auto offset = static_cast<std::size_t>(where - begin());
        auto line = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - 1;
        return {static_cast<std::uint32_t>(line - line_starts_.begin() + 1),
                static_cast<std::uint32_t>(offset - *line + 1)};
    }

    /// Where a tagged node's first token is.
    source_position position_of(const x3::position_tagged& node) const {
        return position_of(positions_.position_of(node).begin());
    }

    [[noreturn]] void fail(source_position at, std::string message) const {
        throw error(source_.make(severity::error, at, std::move(message)));
    }
    [[noreturn]] void fail(iterator where, std::string message) const {
        // At the end of the input, point just past the last token rather than at an empty last line.
        if (where == end())
            while (where != begin() && std::string_view(" \t\r\n\f\v").find(where[-1]) != std::string_view::npos)
                --where;
        fail(position_of(where), std::move(message));
    }

    /// The nesting depth of the parse so far (see nested[] in diagnostic_parsers.hpp).
    unsigned& depth() noexcept { return depth_; }

private:
    const source_text& source_;
    x3::position_cache<std::vector<iterator>> positions_;
    std::vector<std::size_t> line_starts_;
    unsigned depth_ = 0;
};

/// The error handler of the parse `context` belongs to.
template <typename Context>
error_handler& handler_of(const Context& context) {
    return x3::get<x3::error_handler_tag>(context).get();
}

/// Runs `grammar` over the whole source with `skipper` between tokens, into `attribute`, with `handler`
/// in the context. An expectation failure is reported as "expected <what>" at the offending token.
template <typename Grammar, typename Skipper, typename Attribute>
void parse_text(error_handler& handler, const Grammar& grammar, const Skipper& skipper, Attribute& attribute) {
    iterator first = handler.begin();
    const iterator last = handler.end();
    try {
        const auto parser = x3::with<x3::error_handler_tag>(std::ref(handler))[grammar];
        // The grammars end with an expectation of the end of input, so they either succeed or throw.
        if (!x3::phrase_parse(first, last, parser, skipper, attribute))
            handler.fail(first, "syntax error");
    } catch (const x3::expectation_failure<iterator>& e) {
        // The failing parser may have stopped before the blanks in front of the offending token.
        iterator where = e.where();
        try {
            x3::skip_over(where, last, x3::make_context<x3::skipper_tag>(skipper));
        } catch (const syntax_error& s) {
            handler.fail(s.where, s.message);
        }
        // Every expectation in the grammars is named; one left unnamed would be known only by its C++
        // type, which says nothing to a user.
        const std::string what = e.which();
        handler.fail(where, what.find("boost") == std::string::npos ? "expected " + what : std::string("syntax error"));
    } catch (const syntax_error& e) {
        handler.fail(e.where, e.message);
    }
}

}  // namespace wafer::parse::detail
