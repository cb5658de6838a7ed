#pragma once
// The Paint grammar's own AST: shaped after the grammar (operator chains stay flat lists), tagged with
// source positions by x3::annotate_on_success. paint_convert.hpp turns it into the plain
// wafer::paint::ast, which knows nothing of X3.
#include <string>
#include <vector>

#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>

#include "wafer/paint/ast.hpp"
#include "wafer/parse/detail/numbers.hpp"

namespace wafer::parse::detail::paint_x3 {

namespace x3 = boost::spirit::x3;

/// A string ("text", 'name, '(with spaces)), a name, a $symbol or an @geovar: a kind and its text.
struct word : x3::position_tagged {
    paint::ast::expr::kind kind = paint::ast::expr::kind::name;
    std::string text;
};

/// `[C>R ; L>R]`: the rule between the brackets, verbatim; the evaluator reads it.
struct route : x3::position_tagged {
    std::string text;
};

struct expression;
struct call;
struct array;
struct dictionary;

/// A parenthesized expression is the expression itself.
using operand = x3::variant<integer_literal, real_literal, word, route, x3::forward_ast<call>,
                            x3::forward_ast<array>, x3::forward_ast<dictionary>, x3::forward_ast<expression>>;

struct operation {
    std::string op;
    operand rhs;
};

/// `first op rest[0].rhs op rest[1].rhs ...` at one precedence level, folded to the left when converted.
struct expression : x3::position_tagged {
    operand first;
    std::vector<operation> rest;
};

/// `f(a b c)`.
struct call : x3::position_tagged {
    std::string callee;
    std::vector<expression> arguments;
};

/// `[1 2 3]` (possibly `[]`).
struct array : x3::position_tagged {
    std::vector<expression> elements;
};

struct entry {
    std::string key;
    expression value;
};

/// `[k:v k2:v2]`.
struct dictionary : x3::position_tagged {
    std::vector<entry> entries;
};

/// `let x = e`.
struct let_statement : x3::position_tagged {
    std::string name;
    expression value;
};

/// `let [a b c] = e`.
struct destructuring_let : x3::position_tagged {
    std::vector<std::string> names;
    expression value;
};

/// `x = e`.
struct assignment : x3::position_tagged {
    std::string name;
    expression value;
};

/// `x : f(args)`.
struct application : x3::position_tagged {
    std::string target;
    call value;
};

/// `x : @name=e`, shorthand for `x : geovar('name e)`.
struct geovar_setting : x3::position_tagged {
    std::string target;
    word geovar;
    expression value;
};

/// `include "path"`.
struct inclusion : x3::position_tagged {
    word path;
};

struct definition;
using statement = x3::variant<let_statement, destructuring_let, assignment, application, geovar_setting,
                              inclusion, x3::forward_ast<definition>, expression>;

/// `define f(a b) { ... }`.
struct definition : x3::position_tagged {
    std::string name;
    std::vector<std::string> parameters;
    std::vector<statement> body;
};

}  // namespace wafer::parse::detail::paint_x3
