#pragma once
// The Tungsten grammar (Boost.Spirit X3) and parse_tungsten(). Include this in exactly one translation
// unit: it instantiates the whole grammar (tools/wafer/frontend/parse_tungsten.cpp does).
#include <filesystem>
#include <string>
#include <utility>

#include "wafer/parse/detail/diagnostic_parsers.hpp"
#include "wafer/parse/detail/error_handler.hpp"
#include "wafer/parse/detail/tungsten_ast_adapted.hpp"
#include "wafer/parse/detail/tungsten_convert.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/detail/access.hpp"

namespace wafer::parse::detail::tungsten_x3 {

using x3::char_;
using x3::lexeme;
using x3::lit;

// ---- words

const auto identifier_char = char_("a-zA-Z0-9_");
const auto word = x3::rule<class word_class, std::string>{"a word"} =
    lexeme[char_("a-zA-Z_") >> *identifier_char];

inline auto keyword(const char* w) { return lexeme[lit(w) >> !identifier_char]; }

inline bool is_reserved(const std::string& w) {
    return tungsten::base_type_named(w) || w == "param" || w == "socket" || w == "in" || w == "volatile" ||
           w == "if" || w == "else" || w == "struct" || w == "union" || w == "typedef" || w == "sizeof" ||
           w == "void" || w == "return" || w == "on" || w == "fifo" || w == "task" || w == "activate" ||
           w == "async" || w == "dsd" || w == "import";
}

const auto identifier = x3::rule<class identifier_class, std::string>{"a name"} =
    word[([](auto& ctx) {
        x3::_pass(ctx) = !is_reserved(x3::_attr(ctx));
        x3::_val(ctx) = std::move(x3::_attr(ctx));
    })];

// A member is only ever named after '.' or in its struct, so `in` may name one (`struct Inner in;`,
// reference §6).
const auto member_name = x3::rule<class member_name_class, std::string>{"a member name"} =
    word[([](auto& ctx) {
        x3::_pass(ctx) = !is_reserved(x3::_attr(ctx)) || x3::_attr(ctx) == "in";
        x3::_val(ctx) = std::move(x3::_attr(ctx));
    })];

const auto base_type = x3::rule<class base_type_class, tungsten::base_type>{"a type"} =
    word[([](auto& ctx) {
        auto type = tungsten::base_type_named(x3::_attr(ctx));
        x3::_pass(ctx) = type.has_value();
        if (type) x3::_val(ctx) = *type;
    })];

// Qualifiers before the type are a common slip; say how to write them.
const auto misplaced_word =
    &keyword("param") >> reject("the param qualifier goes after the base type: write 'xp param N'") |
    &keyword("socket") >> reject("the socket qualifier goes after the base type: write 'sp socket rx'") |
    keyword("volatile") >> reject("expected a type after 'volatile'");

// ---- rule IDs: the ones whose nodes carry positions annotate them

struct integer_literal_class : x3::annotate_on_success {};
struct real_literal_class : x3::annotate_on_success {};
struct reference_class : x3::annotate_on_success {};
struct member_part_class : x3::annotate_on_success {};
struct size_of_class : x3::annotate_on_success {};
struct struct_declaration_class : x3::annotate_on_success {};
struct unary_operation_class : x3::annotate_on_success {};
struct cast_class : x3::annotate_on_success {};
template <int Level>
struct chain_class : x3::annotate_on_success {};
struct expression_class : x3::annotate_on_success {};
struct braced_list_class : x3::annotate_on_success {};
struct dimension_class : x3::annotate_on_success {};
struct declarator_class : x3::annotate_on_success {};
struct member_declarator_class : x3::annotate_on_success {};
struct placement_class : x3::annotate_on_success {};
struct call_class : x3::annotate_on_success {};
struct summation_class : x3::annotate_on_success {};
struct fifo_declarator_class : x3::annotate_on_success {};
struct operation_option_class : x3::annotate_on_success {};
struct activate_class : x3::annotate_on_success {};
struct import_class : x3::annotate_on_success {};
struct task_declaration_class : x3::annotate_on_success {};
struct return_class : x3::annotate_on_success {};
struct function_declaration_class : x3::annotate_on_success {};
struct handler_declaration_class : x3::annotate_on_success {};
struct param_declarator_class : x3::annotate_on_success {};
struct socket_declarator_class : x3::annotate_on_success {};
struct loop_class : x3::annotate_on_success {};
struct assignment_class : x3::annotate_on_success {};
struct block_class : x3::annotate_on_success {};
struct if_statement_class : x3::annotate_on_success {};
struct loop_statement_class : x3::annotate_on_success {};
struct unary_class {};
struct initializer_class {};
struct statement_class {};

const x3::rule<integer_literal_class, integer_literal> integer_literal_rule = "an integer";
const x3::rule<real_literal_class, real_literal> real_literal_rule = "a real number";
const x3::rule<reference_class, reference> reference_rule = "a name";
const x3::rule<member_part_class, member_part> member_part_rule = "a member name";
const x3::rule<class named_type_class, named_type> named_type_rule = "a struct or union";
const x3::rule<class alias_type_class, named_type> alias_type_rule = "a type";
const x3::rule<class type_spec_class, type_spec> type_spec_rule = "a type";
const x3::rule<size_of_class, size_of> size_of_rule = "sizeof";
const x3::rule<unary_operation_class, unary_operation> unary_operation_rule = "a unary operation";
const x3::rule<cast_class, cast> cast_rule = "a cast";
const x3::rule<unary_class, operand> unary = "an expression";
// The binary precedence levels, tightest first (C's, with x>> beside >>).
const x3::rule<chain_class<0>, chain> multiplicative = "an expression";
const x3::rule<chain_class<1>, chain> additive = "an expression";
const x3::rule<chain_class<2>, chain> shift = "an expression";
const x3::rule<chain_class<3>, chain> relational = "an expression";
const x3::rule<chain_class<4>, chain> equality = "an expression";
const x3::rule<chain_class<5>, chain> bitwise_and = "an expression";
const x3::rule<chain_class<6>, chain> bitwise_xor = "an expression";
const x3::rule<chain_class<7>, chain> bitwise_or = "an expression";
const x3::rule<chain_class<8>, chain> logical_and = "an expression";
const x3::rule<chain_class<9>, chain> logical_or = "an expression";
const x3::rule<class choice_class, choice> choice_rule = "'?' and ':'";
const x3::rule<expression_class, expression> expression_rule = "an expression";
const x3::rule<initializer_class, initializer> initializer_rule = "an initializer";
const x3::rule<braced_list_class, initializer_list> braced_list = "an initializer list";
const x3::rule<dimension_class, dimension> dimension_rule = "a dimension";
const x3::rule<declarator_class, declarator> declarator_rule = "a variable name";
const x3::rule<member_declarator_class, declarator> member_declarator_rule = "a member name";
const x3::rule<placement_class, placement> placement_rule = "address(), bank() or align()";
const x3::rule<class annotation_class, std::string> annotation_rule = "an annotation";
const x3::rule<call_class, call> call_rule = "a call";
const x3::rule<summation_class, summation> summation_rule = "a sum";
const x3::rule<fifo_declarator_class, fifo_declarator> fifo_declarator_rule = "a FIFO name";
const x3::rule<operation_option_class, operation_option> operation_option_rule = "an operation option";
const x3::rule<class fifo_declaration_class, fifo_declaration> fifo_declaration_rule = "a declaration";
const x3::rule<activate_class, task_statement> activate_rule = "activate, block or unblock";
const x3::rule<import_class, import_statement> import_rule = "import";
const x3::rule<task_declaration_class, task_declaration> task_declaration_rule = "a task";
const x3::rule<class call_statement_class, call_statement> call_statement_rule = "a call";
const x3::rule<return_class, return_statement> return_rule = "a return";
const x3::rule<class parameter_class, parameter> parameter_rule = "a parameter";
const x3::rule<class returns_class, boost::optional<type_spec>> returns_rule = "a type or void";
const x3::rule<function_declaration_class, function_declaration> function_declaration_rule = "a function";
const x3::rule<handler_declaration_class, handler_declaration> handler_declaration_rule = "a handler";
const x3::rule<class variable_declaration_class, variable_declaration> variable_declaration_rule = "a declaration";
const x3::rule<class member_declaration_class, member_declaration> member_declaration_rule = "a member";
const x3::rule<struct_declaration_class, struct_declaration> struct_declaration_rule = "a struct or union";
const x3::rule<class typedef_declaration_class, typedef_declaration> typedef_declaration_rule = "a typedef";
const x3::rule<param_declarator_class, param_declarator> param_declarator_rule = "a parameter name";
const x3::rule<class param_declaration_class, param_declaration> param_declaration_rule = "a declaration";
const x3::rule<socket_declarator_class, socket_declarator> socket_declarator_rule = "a socket name";
const x3::rule<class socket_declaration_class, socket_declaration> socket_declaration_rule = "a declaration";
const x3::rule<class stream_declaration_class, stream_declaration> stream_declaration_rule = "a declaration";
const x3::rule<loop_class, loop> loop_rule = "a loop";
const x3::rule<assignment_class, assignment> assignment_rule = "an assignment";
const x3::rule<block_class, block> block_rule = "a block";
const x3::rule<if_statement_class, if_statement> if_statement_rule = "an if statement";
const x3::rule<loop_statement_class, loop_statement> loop_statement_rule = "a loop";
const x3::rule<statement_class, statement> statement_rule = "a statement";
const x3::rule<class program_class, std::vector<statement>> program = "a program";

// ---- expressions

// A literal takes its type from where it is used (docs/tungsten.md, Typed literals): C's suffixes
// (5u, 1.0f, 5ULL) are a slip worth naming.
const auto no_suffix = x3::omit[-(&identifier_char >> reject("a Tungsten literal takes no suffix: it takes its type "
                                                              "from where it is used; to give it one, cast it, as in "
                                                              "(u32)5 or (hp)0.5"))];
const auto integer_literal_rule_def = x3::lexeme[numbers::integer >> no_suffix];  // right after it: no skipping
const auto real_literal_rule_def = x3::lexeme[numbers::real >> no_suffix];

const auto subscript = '[' > expression_rule > named(']', "']' to close the subscript");
// Carbide rejects a.length, a.len and len(a) (reference §5); wafer says why (the lowering does
// for a.length and a.len, which a struct's member may spell).
const auto length_call = &(keyword("len") >> '(') >> reject(tungsten::detail::no_length);

const auto member_part_rule_def = member_name >> *subscript;
const auto reference_rule_def = identifier >> *subscript >> *(lit('.') > member_part_rule);

// ---- types

using named_kind = tungsten::ast::named_type::kind;
const auto named_type_rule_def = (keyword("struct") >> x3::attr(named_kind::structure) |
                                  keyword("union") >> x3::attr(named_kind::union_type)) > named(identifier, "a tag name");
// A typedef name is a word followed by the declarator's name (no statement has two names in a row).
const auto alias_type_rule_def = x3::attr(named_kind::alias) >> identifier >> &identifier;
const auto type_spec_rule_def = base_type | named_type_rule | alias_type_rule;

const auto parenthesized = '(' > expression_rule > named(')', "')' to close the parenthesis");
const auto unary_operation_rule_def = char_("-~!") > unary;
const auto cast_rule_def = (lit('(') >> base_type >> lit(')')) > unary;
const auto size_of_rule_def = keyword("sizeof") > named('(', "'(' after sizeof") >
                              (base_type >> &lit(')') | named_type_rule | expression_rule) >
                              named(')', "')' to close sizeof");

// Every way an expression nests passes through here: parentheses, subscripts and unary operators.
const auto call_rule_def = (identifier >> lit('(')) > -(expression_rule % ',') >
                           named(')', "',' or ')' after the call's arguments");
// `∑(k in [0, K)) a[k] * b[k]`, or in ASCII `sum(k in [0, K)) ...` (`sum` stays a name elsewhere):
// the operand is the multiplicative chain that follows, so `∑(k ...) a[k] * b[k] + c` adds c after.
const auto summation_rule_def =
    (lit("\xe2\x88\x91") | (keyword("sum") >> &(lit('(') >> identifier >> keyword("in")))) >
    named('(', "'(' after the sum") > +loop_rule > named(')', "')' after the sum's ranges") > multiplicative;
const auto unary_def = nested("expression")[unary_operation_rule | real_literal_rule | integer_literal_rule |
                                            cast_rule | size_of_rule | parenthesized | length_call | summation_rule |
                                            call_rule | reference_rule];

using tungsten::ast::binary_op;

struct multiplicative_operators : x3::symbols<binary_op> {
    multiplicative_operators() { add("*", binary_op::mul)("/", binary_op::div)("%", binary_op::rem); }
} const multiplicative_operator;
struct additive_operators : x3::symbols<binary_op> {
    additive_operators() { add("+", binary_op::add)("-", binary_op::sub); }
} const additive_operator;
struct shift_operators : x3::symbols<binary_op> {
    shift_operators() { add("<<", binary_op::shl)(">>", binary_op::shr)("x>>", binary_op::sar); }
} const shift_operator;
struct relational_operators : x3::symbols<binary_op> {
    relational_operators() { add("<", binary_op::lt)("<=", binary_op::le)(">", binary_op::gt)(">=", binary_op::ge); }
} const relational_operator;
struct equality_operators : x3::symbols<binary_op> {
    equality_operators() { add("==", binary_op::eq)("!=", binary_op::ne); }
} const equality_operator;

inline auto single(char c, binary_op op) { return lit(c) >> !lit(c) >> x3::attr(op); }
inline auto twin(const char* s, binary_op op) { return lit(s) >> x3::attr(op); }

/// One level: `operand (op operand)*`, each operator followed by the next tighter level.
template <typename Operator, typename Tighter>
auto level(const Operator& op, const Tighter& tighter) {
    return tighter >> *(op > tighter);
}

const auto multiplicative_def = level(multiplicative_operator, unary);
const auto additive_def = level(additive_operator, multiplicative);
const auto shift_def = level(shift_operator, additive);
const auto relational_def = level(relational_operator, shift);
const auto equality_def = level(equality_operator, relational);
const auto bitwise_and_def = level(single('&', binary_op::bit_and), equality);
const auto bitwise_xor_def = level(single('^', binary_op::bit_xor), bitwise_and);
const auto bitwise_or_def = level(single('|', binary_op::bit_or), bitwise_xor);
const auto logical_and_def = level(twin("&&", binary_op::logical_and), bitwise_or);
const auto logical_or_def = level(twin("||", binary_op::logical_or), logical_and);
const auto choice_rule_def = lit('?') > expression_rule > named(':', "':' after the value of '?'") > expression_rule;
const auto expression_rule_def = logical_or >> -choice_rule;

// ---- declarations

const auto end_of_declaration = named(';', "';' after the declaration");

const auto initializer_rule_def = braced_list | expression_rule;
const auto braced_list_def =
    &lit('{') >> nested("initializer")[lit('{') > -(initializer_rule % ',') >
                                       named('}', "',' or '}' in the initializer list")];

// The lookahead keeps `[N]` from leaving "N" in the name: X3 does not undo a failed optional's attribute.
const auto dimension_rule_def = (lit('[') >> !lit('[')) > -(&(identifier >> '=') >> identifier >> '=') > named(expression_rule, "the dimension's extent") >
                                named(']', "']' to close the dimension");
// `[[...]]` annotations open no scope and mean nothing to wafer (reference §1); they are kept.
const auto annotation_rule_def = enclosed("[[", "]]", "unterminated annotation: expected ']]' to close it");

using placement_kind = tungsten::ast::placement::kind;
inline auto placement_number(const char* word, placement_kind k) {
    return (x3::attr(k) >> keyword(word)) > named('(', "'(' after the attribute") > x3::attr(std::string()) >
           expression_rule > named(')', "')' to close the attribute");
}
const auto placement_rule_def =
    ((x3::attr(placement_kind::alias) >> (keyword("address") >> '(' >> '&')) > named(identifier, "a variable after '&'") >
     x3::attr(expression()) > named(')', "')' to close address(&...)")) |
    placement_number("address", placement_kind::address) | placement_number("bank", placement_kind::bank) |
    placement_number("align", placement_kind::align);

const auto declarator_rule_def =
    identifier >> *dimension_rule >> *annotation_rule >> -placement_rule >> -('=' > initializer_rule);
const auto member_declarator_rule_def = member_name >> *dimension_rule >> *annotation_rule >> -placement_rule >>
                                        -('=' > initializer_rule);
const auto variable_declaration_rule_def =
    (x3::matches[keyword("volatile")] >> type_spec_rule) > named(declarator_rule % ',', "a variable name") >
    end_of_declaration;

const auto member_declaration_rule_def = type_spec_rule > named(member_declarator_rule % ',', "a member name") >
                                         named(';', "';' after the member");
// `struct P { ... };` defines a type (and perhaps variables); `struct P p;` declares a variable.
const auto struct_declaration_rule_def =
    (named_type_rule >> &lit('{')) > nested("struct")[lit('{') > *member_declaration_rule >
                                                      named('}', "a member or '}' to close the struct")] >
    -(declarator_rule % ',') > named(';', "';' after the struct's '}'");
const auto typedef_declaration_rule_def = keyword("typedef") > named(type_spec_rule, "a type after typedef") >
                                          named(declarator_rule, "the typedef's name") >
                                          named(';', "';' after the typedef");

const auto param_declarator_rule_def =
    identifier >> -(&lit('[') >> reject("a parameter is always a scalar")) >> -('=' > expression_rule);
const auto param_declaration_rule_def =
    (base_type >> keyword("param")) > named(param_declarator_rule % ',', "a parameter name") >
    end_of_declaration;

const auto queue_choice_rule = x3::rule<class queue_choice_class, queue_choice>{"input_queue or output_queue"} =
    lexeme[(x3::string("input_queue") | x3::string("output_queue")) >> !identifier_char] >
    named('(', "'(' and a queue") > expression_rule > named(')', "')' after the queue");
const auto socket_declarator_rule_def = identifier >> *queue_choice_rule;
const auto socket_declaration_rule_def =
    (base_type >> keyword("socket")) > named(socket_declarator_rule % ',', "a socket name") >
    end_of_declaration;

// `stream` is not reserved: `sp stream;` declares a variable named stream.
const auto stream_declaration_rule_def =
    (base_type >> keyword("stream") >> &identifier) > named(declarator_rule % ',', "a stream name") >
    end_of_declaration;

// ---- statements

const auto loop_rule_def = (identifier >> keyword("in")) > named('[', "'[' to start the range") > expression_rule >
                           named(',', "',' between the range's bounds") > expression_rule >
                           named(')', "')' to close the range [lo, hi)");

const auto assignment_operator = lit("<-") >> x3::attr(true) | lit('=') >> x3::attr(false);
// A statement that starts with a name and is not a block is an assignment.
// An option's word is a name followed by another name, ',' or ')': `on_control activate t`,
// `priority high`; otherwise what follows the option's name is a value (`index k + 1`).
// Option names and words may be reserved words (`activate t`).
const auto option_word = x3::rule<class option_word_class, std::string>{"a word"} =
    word >> &(lit(',') | ')' | word);
const auto operation_option_rule_def = word >> -option_word >> -expression_rule;
const auto operation_options = lit('(') > named(operation_option_rule % ',', "an operation option") >
                               named(')', "',' or ')' after the option");
const auto operation_prefix_rule =
    x3::rule<class operation_prefix_class, operation_prefix>{"async or dsd"} =
        (keyword("async") >> x3::attr(true) >> (operation_options | x3::attr(std::vector<operation_option>{}))) |
        ((keyword("dsd") >> x3::attr(false)) > operation_options);
const auto assignment_rule_def =
    -operation_prefix_rule >> &identifier >> (*loop_rule > named(reference_rule, "an assignment target") >
                    named(assignment_operator, "'=' or '<-' after the assignment target") > expression_rule >
                    named(';', "';' after the statement"));

const auto block_rule_def =
    -identifier >> &lit('{') >>
    nested("block")[lit('{') > *statement_rule > named(misplaced_word | '}', "a statement or '}' to close the block")];

const auto if_statement_rule_def =
    keyword("if") > named('(', "'(' after 'if'") > expression_rule > named(')', "')' to close the condition") >
    named(nested("statement")[statement_rule], "a statement after the condition") >
    -(keyword("else") > named(nested("statement")[statement_rule], "a statement after 'else'"));

// Loops on an assignment belong to it (assignment_rule); loops on a block or an `if` are a statement.
const auto loop_statement_rule_def =
    +loop_rule >> &(lit('{') | keyword("if")) >> nested("statement")[statement_rule];

// ---- functions and handlers

const auto parameter_rule_def = type_spec_rule > named(declarator_rule, "a parameter name");
const auto parameters = named('(', "'(' to start the parameters") > -(parameter_rule % ',') >
                        named(')', "',' or ')' after the parameters");
inline auto body_of(const char* what, const char* open, const char* close) {
    return named(lit('{') >> nested(what)[*statement_rule > named(misplaced_word | '}', close)], open);
}
const auto returns_rule_def = keyword("void") >> x3::attr(boost::optional<type_spec>()) | type_spec_rule;
// `xp f(` starts a function; `xp f;` and `xp f[` a variable.
const auto function_declaration_rule_def = (returns_rule >> identifier >> &lit('(')) > parameters >
                                           body_of("function", "'{' to start the function's body", "a statement or '}' to close the function");
const auto handler_declaration_rule_def = keyword("on") > named(identifier, "a socket after 'on'") > parameters >
                                          body_of("handler", "'{' to start the handler's body", "a statement or '}' to close the handler");
const auto return_rule_def = keyword("return") > -expression_rule > named(';', "';' after return");
const auto fifo_activation_rule =
    x3::rule<class fifo_activation_class, fifo_activation>{"activate_push or activate_pop"} =
        lexeme[(x3::string("activate_push") | x3::string("activate_pop")) >> !identifier_char] >
        named('(', "'(' and a task") > named(identifier, "a task") > named(')', "')' after the task");
const auto fifo_declarator_rule_def = identifier > named('[', "'[' and the FIFO's capacity") > expression_rule >
                                      named(']', "']' after the FIFO's capacity") > *fifo_activation_rule;
const auto fifo_declaration_rule_def = (base_type >> keyword("fifo")) >
                                       named(fifo_declarator_rule % ',', "a FIFO name") > end_of_declaration;
const auto import_rule_def =
    keyword("import") > named(identifier, "a package name after import") >
    (('.' > named('{', "'{' and the names to import") > named(identifier % ',', "a name to import") >
      named('}', "',' or '}' after the names")) |
     x3::attr(std::vector<std::string>{})) >
    named(';', "';' after the import");
// `block` and `unblock` are not reserved (a variable may be named block): `block t;` is a statement
// only as a whole.
const auto activate_rule_def =
    (keyword("activate") >> x3::attr(std::string("activate")) > named(identifier, "a task after activate") >
     named(';', "';' after activate")) |
    (lexeme[(x3::string("unblock") | x3::string("block")) >> !identifier_char] >> identifier >> ';');
const auto task_declaration_rule_def =
    (x3::matches[keyword("control")] >> keyword("task")) > named(identifier, "the task's name") >
    -(keyword("on") > named(identifier, "the socket its control wavelets arrive on")) >
    -(keyword("id") > named('(', "'(' and the task ID") > expression_rule > named(')', "')' after the task ID")) >
    named(-(&lit('(') >> reject("a task takes no parameters: write 'task NAME { … }'")) >>
              x3::matches[&lit(';')] >>
              ((lit(';') >> x3::attr(std::vector<statement>())) |
               body_of("task", "'{' to start the task's body", "a statement or '}' to close the task")),
          "'{' to start the task's body, or ';' to declare it here and define it further on");
const auto call_statement_rule_def = (&(identifier >> '(') >> call_rule) > named(';', "';' after the call");
// C's loops would parse as calls: say how Tungsten writes a loop.
const auto c_loop =
    &(keyword("for") >> '(') >> reject("Tungsten has no 'for': a loop's range comes before its statement, as in "
                                       "'i in [0, n) a[i] = 0;' or 'i in [0, n) { … }'") |
    &(keyword("while") >> '(') >> reject("Tungsten has no 'while': a loop runs over a range, 'i in [lo, hi) …'; to "
                                         "repeat until a condition holds, let a task activate itself until it does");

const auto statement_rule_def = param_declaration_rule | socket_declaration_rule | stream_declaration_rule |
                                struct_declaration_rule |
                                typedef_declaration_rule | fifo_declaration_rule | task_declaration_rule |
                                activate_rule | import_rule | function_declaration_rule | handler_declaration_rule |
                                return_rule | variable_declaration_rule |
                                if_statement_rule | loop_statement_rule | block_rule | c_loop | call_statement_rule |
                                assignment_rule;

const auto program_def = *statement_rule > named(misplaced_word | x3::eoi, "a declaration or a statement");

BOOST_SPIRIT_DEFINE(integer_literal_rule, real_literal_rule, reference_rule, member_part_rule, named_type_rule,
                    alias_type_rule, type_spec_rule, size_of_rule, member_declaration_rule, struct_declaration_rule,
                    typedef_declaration_rule, call_rule, summation_rule, call_statement_rule, return_rule, parameter_rule,
                    returns_rule, function_declaration_rule, handler_declaration_rule, fifo_declarator_rule,
                    fifo_declaration_rule, operation_option_rule, activate_rule, import_rule, task_declaration_rule, unary_operation_rule,
                    cast_rule, unary,
                    multiplicative, additive, shift, relational, equality, bitwise_and, bitwise_xor, bitwise_or,
                    logical_and, logical_or, choice_rule, expression_rule, initializer_rule, braced_list,
                    dimension_rule, annotation_rule, placement_rule, declarator_rule, member_declarator_rule,
                    variable_declaration_rule, param_declarator_rule,
                    param_declaration_rule, socket_declarator_rule, socket_declaration_rule, stream_declaration_rule, loop_rule,
                    assignment_rule, block_rule, if_statement_rule, loop_statement_rule, statement_rule, program)

// Blanks between tokens: white space and both kinds of comment.
const auto skipper = char_(" \t\r\n\f\v") | lit("//") >> *(char_ - '\n') |
                     x3::omit[enclosed("/*", "*/", "unterminated comment: expected '*/' to close it")];

}  // namespace wafer::parse::detail::tungsten_x3

namespace wafer::parse {

tungsten::ast::program parse_tungsten(std::string text, std::string file) {
    using namespace detail::tungsten_x3;
    tungsten::ast::program result;
    result.name = std::filesystem::path(file).stem().string();
    result.source = source_text(std::move(file), std::move(text));
    detail::error_handler handler(result.source);
    std::vector<statement> body;
    detail::parse_text(handler, program, skipper, body);
    result.body = converter(handler).statements(body);
    return result;
}

}  // namespace wafer::parse
