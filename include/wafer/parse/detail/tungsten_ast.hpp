#pragma once
// The Tungsten grammar's own AST: shaped after the grammar (operator chains stay flat lists, one node
// per declaration), tagged with source positions by x3::annotate_on_success. tungsten_convert.hpp turns
// it into the plain wafer::tungsten::ast, which knows nothing of X3.
#include <string>
#include <vector>

#include <boost/optional.hpp>
#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>

#include "wafer/parse/detail/numbers.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/types.hpp"

namespace wafer::parse::detail::tungsten_x3 {

namespace x3 = boost::spirit::x3;

struct expression;
struct chain;
struct unary_operation;
struct cast;

/// `.name[e]...` after a reference: a member of a struct or union.
struct member_part : x3::position_tagged {
    std::string name;
    std::vector<expression> subscripts;
};

/// `name`, `name[e][e]...`, then members: `o.in.d[0]`.
struct reference : x3::position_tagged {
    std::string name;
    std::vector<expression> subscripts;
    std::vector<member_part> members;
};

/// `struct tag`, `union tag` or a typedef name.
struct named_type {
    tungsten::ast::named_type::kind k = tungsten::ast::named_type::kind::alias;
    std::string name;
};

/// A declaration's type.
using type_spec = x3::variant<tungsten::base_type, named_type>;

struct size_of;
struct call;
struct summation;

/// A parenthesized expression is the expression itself; a chain is one precedence level's.
using operand = x3::variant<integer_literal, real_literal, reference, x3::forward_ast<unary_operation>,
                            x3::forward_ast<cast>, x3::forward_ast<size_of>, x3::forward_ast<call>,
                            x3::forward_ast<summation>, x3::forward_ast<chain>, x3::forward_ast<expression>>;

/// `-x`, `~x` or `!x`.
struct unary_operation : x3::position_tagged {
    char sign = '-';
    operand value;
};

/// `(type) x`.
struct cast : x3::position_tagged {
    tungsten::base_type type = tungsten::base_type::xp;
    operand value;
};

/// `sizeof(type)`, `sizeof(struct tag)` or `sizeof(expression)`.
struct size_of : x3::position_tagged {
    x3::variant<tungsten::base_type, named_type, x3::forward_ast<expression>> what;
};

/// `name(arguments)`.
struct call : x3::position_tagged {
    std::string name;
    std::vector<expression> arguments;
};

struct operation {
    tungsten::ast::binary_op op = tungsten::ast::binary_op::add;
    operand rhs;
};

/// `first op rest[0].rhs op rest[1].rhs ...` at one precedence level, folded to the left when converted.
struct chain : x3::position_tagged {
    operand first;
    std::vector<operation> rest;
};

struct loop;

/// `∑(k in [0, K)) operand` (or `sum(...)`): the operand is a multiplicative chain.
struct summation : x3::position_tagged {
    std::vector<loop> loops;
    chain operand;
};

struct choice;

/// A whole expression: `condition`, or `condition ? a : b` when `branches` is set.
struct expression : x3::position_tagged {
    chain condition;
    boost::optional<x3::forward_ast<choice>> branches;
};

/// `? if_true : if_false`.
struct choice {
    expression if_true;
    expression if_false;
};

struct initializer_list;
using initializer = x3::variant<expression, x3::forward_ast<initializer_list>>;

/// `{a, b, {c}}` (possibly `{}`).
struct initializer_list : x3::position_tagged {
    std::vector<initializer> elements;
};

/// `[n=N]` or `[N]`.
struct dimension : x3::position_tagged {
    boost::optional<std::string> name;
    expression extent;
};

/// `address(0x14)`, `address(&x)`, `bank(2)` or `align(4)`.
struct placement : x3::position_tagged {
    tungsten::ast::placement::kind k = tungsten::ast::placement::kind::address;
    std::string of;
    expression value;
};

struct declarator : x3::position_tagged {
    std::string name;
    std::vector<dimension> dims;
    std::vector<std::string> annotations;
    boost::optional<placement> place;
    boost::optional<initializer> init;
};

/// `[volatile] T a[..] = .., b;`
struct variable_declaration {
    bool is_volatile = false;
    type_spec type;
    std::vector<declarator> declarators;
};

/// `T a[..], b;` inside a struct or union.
struct member_declaration {
    type_spec type;
    std::vector<declarator> declarators;
};

/// `struct tag { members } declarators;` (or `union`).
struct struct_declaration : x3::position_tagged {
    named_type type;
    std::vector<member_declaration> members;
    std::vector<declarator> declarators;
};

/// `typedef T name[..];` (the declarator takes no initializer).
struct typedef_declaration {
    type_spec type;
    declarator alias;
};

struct param_declarator : x3::position_tagged {
    std::string name;
    boost::optional<expression> default_value;
};

/// `T param N, M = 10;`
struct param_declaration {
    tungsten::base_type type = tungsten::base_type::xp;
    std::vector<param_declarator> declarators;
};

/// `input_queue(2)` or `output_queue(3)` after a socket's name.
struct queue_choice {
    std::string which;
    expression queue;
};

struct socket_declarator : x3::position_tagged {
    std::string name;
    std::vector<queue_choice> queues;
};

/// `T stream pick[2], s;`: stream descriptors of vectors of T.
struct stream_declaration {
    tungsten::base_type type = tungsten::base_type::xp;
    std::vector<declarator> declarators;
};

/// `T socket a, b;`
struct socket_declaration {
    tungsten::base_type type = tungsten::base_type::xp;
    std::vector<socket_declarator> declarators;
};

/// `i in [lo, hi)`.
struct loop : x3::position_tagged {
    std::string iterator;
    expression lo;
    expression hi;
};

/// One option of a DSD operation: `priority high`, `index k + 1`, `on_control activate t`.
struct operation_option : x3::position_tagged {
    std::string name;
    boost::optional<std::string> word;
    boost::optional<expression> value;
};

/// `async`, `async(options)` or `dsd(options)` before an assignment.
struct operation_prefix {
    bool async = false;
    std::vector<operation_option> options;
};

/// `[prefix] loops... target <- value;` (stream) or `loops... target = value;`.
struct assignment : x3::position_tagged {
    boost::optional<operation_prefix> prefix;
    std::vector<loop> loops;
    reference target;
    bool stream = false;
    expression value;
};

/// A function's or handler's parameter: `T name` or `T name[dims]`.
struct parameter {
    type_spec type;
    declarator d;
};

/// `activate_push(t)` or `activate_pop(t)` after a FIFO's capacity.
struct fifo_activation {
    std::string event;
    std::string task;
};

struct fifo_declarator : x3::position_tagged {
    std::string name;
    expression capacity;
    std::vector<fifo_activation> activations;
};

/// `T fifo q[8], r[4];`
struct fifo_declaration {
    tungsten::base_type type = tungsten::base_type::xp;
    std::vector<fifo_declarator> declarators;
};

/// `import name;`
struct import_statement : x3::position_tagged {
    std::string package;
    std::vector<std::string> names;
};

/// `activate t;`
struct task_statement : x3::position_tagged {
    std::string verb;
    std::string task;
};

/// `return value;`
struct return_statement : x3::position_tagged {
    boost::optional<expression> value;
};

/// `f(a, b);`
struct call_statement {
    call value;
};

struct block;
struct if_statement;
struct loop_statement;
struct function_declaration;
struct handler_declaration;
struct task_declaration;
using statement = x3::variant<variable_declaration, param_declaration, socket_declaration, stream_declaration,
                              struct_declaration,
                              typedef_declaration, return_statement, call_statement, fifo_declaration,
                              task_statement, import_statement, x3::forward_ast<task_declaration>,
                              x3::forward_ast<function_declaration>, x3::forward_ast<handler_declaration>,
                              assignment,
                              x3::forward_ast<block>, x3::forward_ast<if_statement>,
                              x3::forward_ast<loop_statement>>;

/// `{ ... }` or `label { ... }`.
struct block : x3::position_tagged {
    boost::optional<std::string> label;
    std::vector<statement> body;
};

/// `if (condition) statement [else statement]`.
struct if_statement : x3::position_tagged {
    expression condition;
    statement then_branch;
    boost::optional<statement> else_branch;
};

/// `loops... { ... }` or `loops... if ...`.
struct loop_statement : x3::position_tagged {
    std::vector<loop> loops;
    statement body;
};

/// `T name(params) { body }`; `returns` is empty for `void`.
struct function_declaration : x3::position_tagged {
    boost::optional<type_spec> returns;
    std::string name;
    std::vector<parameter> params;
    std::vector<statement> body;
};

/// `[control] task name [on socket] [id(N)] { body }`, or `;` in place of the body: a declaration
/// that a definition further on completes.
struct task_declaration : x3::position_tagged {
    bool control = false;
    std::string name;
    boost::optional<std::string> socket;
    boost::optional<expression> id;
    bool forward = false;
    std::vector<statement> body;
};

/// `on socket(params) { body }`.
struct handler_declaration : x3::position_tagged {
    std::string socket;
    std::vector<parameter> params;
    std::vector<statement> body;
};

}  // namespace wafer::parse::detail::tungsten_x3
