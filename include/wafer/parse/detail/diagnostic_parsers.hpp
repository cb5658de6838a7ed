#pragma once
// Small X3 parsers that make syntax errors read well and keep bad input from hurting the parser:
//   named(p, "what")        p, called "what" in "expected what" when an expectation point fails on it
//   nested("what")[p]       p one level deeper; past max_nesting: "what nested too deeply"
//   reject("message")       fails the parse with `message` at the next token
//   enclosed(open, close, "message")   the text between open and close; unterminated: `message` at open
#include <cstring>
#include <string>
#include <string_view>

#include "wafer/parse/detail/error_handler.hpp"

namespace wafer::parse::detail {

template <typename Subject>
struct named_parser : x3::unary_parser<Subject, named_parser<Subject>> {
    using base_type = x3::unary_parser<Subject, named_parser<Subject>>;
    static const bool is_pass_through_unary = true;

    named_parser(const Subject& subject, const char* name) : base_type(subject), name(name) {}

    template <typename It, typename Context, typename RContext, typename Attribute>
    bool parse(It& first, const It& last, const Context& context, RContext& rcontext, Attribute& attr) const {
        return this->subject.parse(first, last, context, rcontext, attr);
    }

    const char* name;
};

template <typename Subject>
named_parser<typename x3::extension::as_parser<Subject>::value_type> named(const Subject& subject, const char* name) {
    return {x3::as_parser(subject), name};
}

template <typename Subject>
struct nested_directive : x3::unary_parser<Subject, nested_directive<Subject>> {
    using base_type = x3::unary_parser<Subject, nested_directive<Subject>>;
    static const bool is_pass_through_unary = true;

    nested_directive(const Subject& subject, const char* what) : base_type(subject), what(what) {}

    template <typename It, typename Context, typename RContext, typename Attribute>
    bool parse(It& first, const It& last, const Context& context, RContext& rcontext, Attribute& attr) const {
        auto& handler = handler_of(context);
        unsigned& depth = handler.depth();
        if (depth >= max_nesting) {
            x3::skip_over(first, last, context);
            handler.fail(first, std::string(what) + " nested too deeply (the limit is " +
                                    std::to_string(max_nesting) + " levels)");
        }
        struct level {
            unsigned& depth;
            explicit level(unsigned& d) : depth(++d) {}
            ~level() { --depth; }
        } entered(depth);
        return this->subject.parse(first, last, context, rcontext, attr);
    }

    const char* what;
};

struct nested_gen {
    const char* what;
    template <typename Subject>
    nested_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](const Subject& subject) const {
        return {x3::as_parser(subject), what};
    }
};

inline nested_gen nested(const char* what) { return {what}; }

struct reject : x3::parser<reject> {
    using attribute_type = x3::unused_type;
    static const bool has_attribute = false;

    explicit reject(const char* message) : message(message) {}

    template <typename Context, typename RContext, typename Attribute>
    bool parse(iterator& first, const iterator& last, const Context& context, RContext&, Attribute&) const {
        x3::skip_over(first, last, context);
        const error_handler& handler = handler_of(context);
        handler.fail(first, message);
    }

    const char* message;
};

/// Also a skipper (comments), where there is no parse context: so it reports with syntax_error.
struct enclosed : x3::parser<enclosed> {
    using attribute_type = std::string;
    static const bool has_attribute = true;

    enclosed(const char* open, const char* close, const char* unterminated)
        : open(open), close(close), unterminated(unterminated) {}

    template <typename It, typename Context, typename RContext, typename Attribute>
    bool parse(It& first, const It& last, const Context& context, RContext&, Attribute& attr) const {
        x3::skip_over(first, last, context);
        if (first == last) return false;
        std::string_view rest(&*first, static_cast<std::size_t>(last - first));
        if (!rest.starts_with(open)) return false;
        auto end = rest.find(close, std::strlen(open));
        if (end == std::string_view::npos) throw syntax_error{first, unterminated};
        It content = first + static_cast<std::ptrdiff_t>(std::strlen(open));
        It content_end = first + static_cast<std::ptrdiff_t>(end);
        x3::traits::move_to(content, content_end, attr);
        first = content_end + static_cast<std::ptrdiff_t>(std::strlen(close));
        return true;
    }

    const char* open;
    const char* close;
    const char* unterminated;
};

}  // namespace wafer::parse::detail

namespace boost::spirit::x3 {

template <typename Subject>
struct get_info<wafer::parse::detail::named_parser<Subject>> {
    using result_type = std::string;
    std::string operator()(const wafer::parse::detail::named_parser<Subject>& p) const { return p.name; }
};

}  // namespace boost::spirit::x3
