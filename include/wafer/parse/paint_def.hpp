#pragma once
// The Paint grammar (Boost.Spirit X3) and parse_paint(). Include this in exactly one translation unit:
// it instantiates the whole grammar (tools/wafer/frontend/parse_paint.cpp does).
#include <string>
#include <utility>

#include "wafer/parse/detail/diagnostic_parsers.hpp"
#include "wafer/parse/detail/error_handler.hpp"
#include "wafer/parse/detail/paint_ast_adapted.hpp"
#include "wafer/parse/detail/paint_convert.hpp"
#include "wafer/parse/paint.hpp"

namespace wafer::parse::detail::paint_x3 {

using x3::char_;
using x3::lexeme;
using x3::lit;
using kind = paint::ast::expr::kind;

// ---- words

const auto name_char = char_("a-zA-Z0-9_");
// Letters, digits and _, with apostrophes only at the end (x').
const auto name_text = x3::rule<class name_text_class, std::string>{"a name"} =
    lexeme[char_("a-zA-Z_") >> *name_char >> *char_('\'')];

inline auto keyword(const char* w) { return lexeme[lit(w) >> !(name_char | '\'')]; }

inline bool is_reserved(const std::string& w) { return w == "let" || w == "define" || w == "include"; }

const auto identifier = x3::rule<class identifier_class, std::string>{"a name"} =
    name_text[([](auto& ctx) {
        x3::_pass(ctx) = !is_reserved(x3::_attr(ctx));
        x3::_val(ctx) = std::move(x3::_attr(ctx));
    })];

// 'name takes letters, digits and _ - . : @ * ' up to any other character.
const auto quoted_name_char = char_("a-zA-Z0-9_.:@*'") | char_('-');
const auto string_text = enclosed("\"", "\"", "unterminated string: expected '\"' to close it") |
                         enclosed("'(", ")", "unterminated string: expected ')' to close it") |
                         lexeme['\'' >> *quoted_name_char];

// Statements that stop the statement list early get words of their own.
const auto misplaced = keyword("let") >> reject("expected a name or '[' after 'let'");

// ---- rule IDs: the ones whose nodes carry positions annotate them

struct integer_literal_class : x3::annotate_on_success {};
struct real_literal_class : x3::annotate_on_success {};
struct string_class : x3::annotate_on_success {};
struct symbol_class : x3::annotate_on_success {};
struct geovar_class : x3::annotate_on_success {};
struct arcvar_class : x3::annotate_on_success {};
struct name_class : x3::annotate_on_success {};
struct route_class : x3::annotate_on_success {};
struct call_class : x3::annotate_on_success {};
struct array_class : x3::annotate_on_success {};
struct dictionary_class : x3::annotate_on_success {};
struct multiplicative_class : x3::annotate_on_success {};
struct additive_class : x3::annotate_on_success {};
struct expression_class : x3::annotate_on_success {};
struct let_class : x3::annotate_on_success {};
struct destructuring_let_class : x3::annotate_on_success {};
struct assignment_class : x3::annotate_on_success {};
struct application_class : x3::annotate_on_success {};
struct geovar_setting_class : x3::annotate_on_success {};
struct inclusion_class : x3::annotate_on_success {};
struct definition_class : x3::annotate_on_success {};
struct primary_class {};
struct statement_class {};

const x3::rule<integer_literal_class, integer_literal> integer_literal_rule = "an integer";
const x3::rule<real_literal_class, real_literal> real_literal_rule = "a number";
const x3::rule<string_class, word> string_rule = "a string";
const x3::rule<symbol_class, word> symbol_rule = "a symbol";
const x3::rule<geovar_class, word> geovar_rule = "a geovar";
const x3::rule<arcvar_class, word> arcvar_rule = "an arcvar";
const x3::rule<name_class, word> name_rule = "a name";
const x3::rule<route_class, route> route_rule = "a route";
const x3::rule<call_class, call> call_rule = "a call";
const x3::rule<array_class, array> array_rule = "an array";
const x3::rule<dictionary_class, dictionary> dictionary_rule = "a dictionary";
const x3::rule<primary_class, operand> primary = "an expression";
const x3::rule<class multiplication_class, operation> multiplication = "an operation";
const x3::rule<class addition_class, operation> addition = "an operation";
const x3::rule<class comparison_class, operation> comparison = "an operation";
const x3::rule<class dictionary_entry_class, entry> dictionary_entry = "a dictionary entry";
const x3::rule<multiplicative_class, expression> multiplicative = "an expression";
const x3::rule<additive_class, expression> additive = "an expression";
const x3::rule<expression_class, expression> expression_rule = "an expression";
const x3::rule<let_class, let_statement> let_rule = "a let statement";
const x3::rule<destructuring_let_class, destructuring_let> destructuring_let_rule = "a let statement";
const x3::rule<assignment_class, assignment> assignment_rule = "an assignment";
const x3::rule<application_class, application> application_rule = "an application";
const x3::rule<geovar_setting_class, geovar_setting> geovar_setting_rule = "a geovar setting";
const x3::rule<inclusion_class, inclusion> inclusion_rule = "an include";
const x3::rule<definition_class, definition> definition_rule = "a definition";
const x3::rule<statement_class, statement> statement_rule = "a statement";
const x3::rule<class program_class, std::vector<statement>> program = "a program";

// ---- tokens

const auto integer_literal_rule_def = numbers::integer;
const auto real_literal_rule_def = numbers::real;
const auto string_rule_def = x3::attr(kind::string) >> string_text;
// A blank after the sigil is an error too: reject() reports right after it.
const auto symbol_char = char_("a-zA-Z0-9_.");
const auto symbol_rule_def =
    x3::attr(kind::symbol) >>
    lexeme['$' >> (&symbol_char | reject("expected a symbol name after '$'")) >> +symbol_char];
const auto geovar_rule_def =
    x3::attr(kind::geovar) >>
    lexeme['@' >> (&char_("a-zA-Z_") | reject("expected a geovar name after '@'")) >> name_text];
const auto arcvar_rule_def =
    x3::attr(kind::arcvar) >>
    lexeme['^' >> (&char_("a-zA-Z_") | reject("expected an arcvar name after '^'")) >> name_text];
const auto name_rule_def = x3::attr(kind::name) >> identifier;

// ---- routes: [L>CR], [CXR|R], [C>R ; L>R ; ring pop=all], ...

const auto port = char_("CRLUD");
const auto arrow = lit('>') | char_("XHV");  // a swap modifier stands where '>' would
// One switch position: inputs (a boundary term `L|` may follow a port), an arrow, outputs (`|R`).
const auto switch_position = lexeme[-lit('*') >> (+(port >> -lit('|')) >> arrow >> *(-lit('|') >> port) |
                                                  arrow >> +(-lit('|') >> port))];
const auto route_modifier =
    lexeme[(lit("ring") | "tip" | "fabadder" | lit("pop=") >> (lit("advnop") | "adv" | "all")) >> !name_char] | '*';
// Positions separated by ';', then the modifiers.
const auto route_text = switch_position % ';' >> *(';' >> +route_modifier);
const auto route_rule_def = '[' >> x3::raw[route_text] >> ']';

// ---- expressions

const auto no_unary_minus = &lit('-') >> reject("there is no unary minus in Paint: write 0-1");

// No blank between a name and '(' of its argument list: `f (a)` is f, then (a).
const auto call_rule_def = lexeme[identifier >> '('] > *expression_rule > named(')', "')' to close the argument list");
const auto array_rule_def = '[' > *expression_rule > named(']', "']' to close the array");
const auto dictionary_entry_def = identifier > named(':', "':' after the key") > expression_rule;
const auto dictionary_rule_def =
    ('[' >> &(identifier >> ':')) > *dictionary_entry > named(']', "']' to close the dictionary");
// A bracket holds a route when it can, else a dictionary, else an array.
const auto bracket = route_rule | dictionary_rule | array_rule;
// `rect (0 0 2 2)` is rect, then a parenthesis holding four expressions: say what was likely meant.
const auto parenthesized =
    '(' > expression_rule >
    named(')' | &primary >> reject("parentheses hold one expression; a call has no blank before its '('"),
          "')' to close the parenthesis");

// Every way an expression nests passes through here: parentheses, calls, arrays and dictionaries.
const auto primary_def = nested("expression")[call_rule | bracket | string_rule | symbol_rule | geovar_rule | arcvar_rule |
                                               name_rule | real_literal_rule | integer_literal_rule |
                                               parenthesized | no_unary_minus];

const auto multiplication_def = (x3::string("//") | x3::string("*") | x3::string("/") | x3::string("%")) > primary;
const auto multiplicative_def = primary >> *multiplication;
const auto addition_def = (x3::string("+") | x3::string("-")) > multiplicative;
const auto additive_def = multiplicative >> *addition;
const auto comparison_def = x3::string("==") > additive;
const auto expression_rule_def = additive >> *comparison;

// ---- statements (no separators: each ends where the next cannot continue it)

const auto single_equals = lit('=') >> !lit('=');
const auto let_rule_def = (keyword("let") >> identifier) > named(single_equals, "'=' after the name") > expression_rule;
const auto destructuring_let_rule_def = (keyword("let") >> '[') > *identifier > named(']', "']' after the names") >
                                        named(single_equals, "'=' after the names") > expression_rule;
const auto assignment_rule_def = (identifier >> single_equals) > expression_rule;
const auto geovar_setting_rule_def =
    (identifier >> ':' >> geovar_rule) > named(single_equals, "'=' after the geovar") > expression_rule;
const auto blank_before_call =
    lexeme[identifier >> !lit('(')] >> &lit('(') >> reject("a call has no blank before its '('");
const auto application_rule_def =
    (identifier >> ':') > !blank_before_call > named(call_rule, "a call such as f(...) after ':'");
const auto inclusion_rule_def = keyword("include") > named(string_rule, "a quoted file name after 'include'");
const auto definition_rule_def =
    keyword("define") > named(identifier, "a function name") > named('(', "'(' after the function name") >
    *identifier > named(')', "a parameter name or ')'") > named(&lit('{'), "'{' to start the function body") >
    nested("definition")[lit('{') > *statement_rule >
                         named(misplaced | '}', "a statement or '}' to close the function body")];

const auto statement_rule_def = let_rule | destructuring_let_rule | definition_rule | inclusion_rule |
                                geovar_setting_rule | application_rule | assignment_rule | expression_rule;

const auto program_def = *statement_rule > named(misplaced | x3::eoi, "a statement");

BOOST_SPIRIT_DEFINE(integer_literal_rule, real_literal_rule, string_rule, symbol_rule, geovar_rule, arcvar_rule, name_rule,
                    route_rule, call_rule, array_rule, dictionary_entry, dictionary_rule, primary, multiplication,
                    multiplicative, addition, additive, comparison, expression_rule, let_rule,
                    destructuring_let_rule, assignment_rule, application_rule, geovar_setting_rule, inclusion_rule,
                    definition_rule, statement_rule, program)

// Blanks between tokens: white space and (* comments *).
const auto skipper = char_(" \t\r\n\f\v") |
                     x3::omit[enclosed("(*", "*)", "unterminated comment: expected '*)' to close it")];

}  // namespace wafer::parse::detail::paint_x3

namespace wafer::parse {

paint::ast::program parse_paint(std::string text, std::string file) {
    using namespace detail::paint_x3;
    paint::ast::program result;
    result.source = source_text(std::move(file), std::move(text));
    detail::error_handler handler(result.source);
    std::vector<statement> body;
    detail::parse_text(handler, program, skipper, body);
    result.statements = converter(handler).statements(body);
    return result;
}

}  // namespace wafer::parse
