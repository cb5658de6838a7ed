#pragma once
// The Tungsten AST: plain data shared by both front ends (the X3 parser and the C++ DSL).
// One checker and one lowering run on it, so text and C++ kernels cannot disagree.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::ast {

/// The binary operators, tightest first within C's precedence (docs/tungsten.md).
enum class binary_op : std::uint8_t {
    mul, div, rem,                 ///< * / %
    add, sub,                      ///< + -
    shl, shr, sar,                 ///< << >> x>>  (>> is logical, x>> arithmetic)
    lt, le, gt, ge,                ///< < <= > >=
    eq, ne,                        ///< == !=
    bit_and, bit_xor, bit_or,      ///< & ^ |
    logical_and, logical_or,       ///< && ||
};

/// The operator as the source spells it (for messages).
constexpr std::string_view spelling(binary_op op) noexcept {
    constexpr std::string_view s[] = {"*", "/", "%", "+",  "-",  "<<", ">>", "x>>", "<",  "<=",
                                      ">", ">=", "==", "!=", "&", "^",  "|",  "&&",  "||"};
    return s[static_cast<std::size_t>(op)];
}

constexpr bool is_comparison(binary_op op) noexcept { return op >= binary_op::lt && op <= binary_op::ne; }
constexpr bool is_logical(binary_op op) noexcept {
    return op == binary_op::logical_and || op == binary_op::logical_or;
}

/// A type named by a struct or union tag or by a typedef (reference §6, §7).
struct named_type {
    enum class kind : std::uint8_t { structure, union_type, alias };
    kind k = kind::alias;
    std::string name;
    friend bool operator==(const named_type&, const named_type&) = default;
};

/// An expression node: a kind plus operands (no inheritance, cheap to copy and compare).
struct expr {
    enum class kind : std::uint8_t {
        integer,      ///< `value` (decimal or hex literal)
        real,         ///< `real` (a literal with '.' or an exponent)
        name,         ///< `name`: a scalar, param, socket or loop iterator
        subscript,    ///< `name[operands...]`: one operand per subscript
        binary,       ///< `operands[0] op operands[1]`
        negate,       ///< `-operands[0]`
        complement,   ///< `~operands[0]`
        logical_not,  ///< `!operands[0]`
        conditional,  ///< `operands[0] ? operands[1] : operands[2]`
        cast,         ///< `(type) operands[0]`
        member,       ///< `operands[0].name[operands[1]]...`: a member of a struct or union, then its subscripts
        size_of_type, ///< `sizeof(type)` or `sizeof(struct named)`
        size_of,      ///< `sizeof(operands[0])`: a variable, an element or a member
        call,         ///< `name(operands...)`: a function, or an intrinsic (`wavelet`, `__builtin_merge`)
        sum,          ///< `∑(name in [operands[0], operands[1])) operands[2]`; several iterators nest
    };
    kind k = kind::integer;
    std::int64_t value = 0;
    double real = 0.0;
    std::string name;
    binary_op op = binary_op::add;
    base_type type = base_type::xp;  ///< cast, size_of_type: the type
    std::optional<named_type> named;  ///< size_of_type: the struct, union or typedef, when set
    std::vector<expr> operands;
    source_position pos;

    WAFER_DECLARE_SPECIAL_MEMBERS(expr);
    friend bool operator==(const expr&, const expr&) = default;
};

/// `name` and an integer literal at `pos`, as the parser makes them.
WAFER_CONSTEXPR WAFER_DECL expr name_expr(std::string_view name, source_position pos = {});
WAFER_CONSTEXPR WAFER_DECL expr integer_expr(std::int64_t value, source_position pos = {});

/// `{1, 2, {3, 4}}` or a single expression.
struct initializer {
    bool is_list = false;
    expr value;                          ///< when !is_list
    std::vector<initializer> elements;   ///< when is_list (may be empty: `{}`)
    source_position pos;
    WAFER_DECLARE_SPECIAL_MEMBERS(initializer);
    friend bool operator==(const initializer&, const initializer&) = default;
};

/// `[n=N]` or `[4]`; an unnamed dimension has an empty name (the checker names it n0, n1, ...).
struct dimension {
    std::string name;
    expr extent;
    source_position pos;
    WAFER_DECLARE_SPECIAL_MEMBERS(dimension);
    friend bool operator==(const dimension&, const dimension&) = default;
};

/// `xp param N = 10;` (one per declarator).
struct param_decl {
    base_type type = base_type::xp;
    std::string name;
    std::optional<expr> default_value;
    source_position pos;
    friend bool operator==(const param_decl&, const param_decl&) = default;
};

/// `sp socket rx;` (one per declarator): a stream bound to a routing color by Paint.
/// `input_queue(N)`, `output_queue(N)` fix the queues it uses (otherwise the lowest free ones).
struct socket_decl {
    base_type type = base_type::xp;
    std::string name;
    std::optional<expr> input_queue, output_queue;
    source_position pos;
    friend bool operator==(const socket_decl&, const socket_decl&) = default;
};

/// Where a declarator's storage goes (reference §5 Array Attributes): `address(0x14)`,
/// `address(&x)` (x's storage), `bank(2)` (an address whose low 4 bits are 2) or `align(4)`.
struct placement {
    enum class kind : std::uint8_t { address, alias, bank, align };
    kind k = kind::address;
    std::string of;  ///< alias: the variable whose storage it shares
    expr value;      ///< address, bank, align: the number
    source_position pos;
    friend bool operator==(const placement&, const placement&) = default;
};

/// `sp fifo q[8];`: a FIFO of `capacity` elements in PE memory that DSD operations push to (as a
/// target) and pop from (as a value) (one per declarator).
struct fifo_decl {
    base_type type = base_type::xp;
    std::string name;
    expr capacity;
    std::string activate_push;  ///< `activate_push(t)`: the local task a push after an empty event activates
    std::string activate_pop;   ///< `activate_pop(t)`: the local task a pop after a full event activates
    source_position pos;
    friend bool operator==(const fifo_decl&, const fifo_decl&) = default;
};

/// `xp a[n=4] = {...};` or `xp b = 1;` (one per declarator); also a member of a struct or union.
struct var_decl {
    base_type type = base_type::xp;
    std::optional<named_type> named;  ///< `struct P p;`, `tnode n;`: the type, instead of `type`
    bool is_volatile = false;
    /// `sp stream pick[2];`: 64-bit stream descriptors (`type` is u64) of vectors of this type
    std::optional<base_type> stream_of;
    std::string name;
    std::vector<dimension> dims;   ///< empty for a scalar
    std::vector<std::string> annotations;  ///< the text inside each `[[...]]`; wafer gives them no meaning
    std::optional<ast::placement> placement;
    std::optional<initializer> init;
    source_position pos;
    WAFER_DECLARE_SPECIAL_MEMBERS(var_decl);
    friend bool operator==(const var_decl&, const var_decl&) = default;
};

/// One option of a DSD operation, written before its statement in `async(...)` or `dsd(...)`
/// (docs/tungsten.md, Operation options): a name, then a word, a value, or both
/// (`priority high`, `index k + 1`, `on_control activate t`). A bare task name in `async(t)` is
/// `activate t`.
struct operation_option {
    std::string name;
    std::string word;            ///< "" when none
    std::optional<expr> value;
    source_position pos;
    friend bool operator==(const operation_option&, const operation_option&) = default;
};

/// `i in [lo, hi)`.
struct iterator {
    std::string name;
    expr lo, hi;
    source_position pos;
    WAFER_DECLARE_SPECIAL_MEMBERS(iterator);
    friend bool operator==(const iterator&, const iterator&) = default;
};

/// `i in [0, N) j in [0, M) target <- value;` or `target = value;` with no loops.
struct assignment {
    bool async = false;           ///< `async`: one DSD operation on a microthread, the program going on
    /// `async(...)` or `dsd(...)`: the options of its one DSD operation
    std::vector<operation_option> options;
    std::vector<iterator> loops;  ///< outermost first; may be empty
    bool stream = false;          ///< `<-` (true) or `=` (false)
    expr target;                  ///< a name or a subscript
    expr value;
    source_position pos;          ///< of the statement's first token
    WAFER_DECLARE_SPECIAL_MEMBERS(assignment);
    friend bool operator==(const assignment&, const assignment&) = default;
};

/// `struct P { xp x; xp y; };` or `union U { ... };`: a type. Its inline declarators
/// (`} p, q[4];`) follow as var_decl statements naming it.
struct struct_decl {
    bool is_union = false;
    std::string tag;
    std::vector<var_decl> members;  ///< in order; no initializers
    source_position pos;
    friend bool operator==(const struct_decl&, const struct_decl&) = default;
};

/// `typedef sp real;`, `typedef sp row[N];`, `typedef struct P point_t;`.
struct typedef_decl {
    base_type type = base_type::xp;
    std::optional<named_type> named;  ///< the aliased struct, union or typedef, instead of `type`
    std::string name;
    std::vector<dimension> dims;  ///< an array typedef's extents
    source_position pos;
    friend bool operator==(const typedef_decl&, const typedef_decl&) = default;
};

struct statement;

/// `{ ... }` or `main { ... }` (label may be empty).
struct block {
    std::string label;
    std::vector<statement> body;
    source_position pos;
    /// Built by a C++ DSL scope: the file its positions are lines of, until the scope it is passed to
    /// checks that file against its own and clears this (dsl/scope.hpp); empty in a finished program.
    std::string_view placed_in;
    friend bool operator==(const block&, const block&) = default;
};

/// `if (condition) then_branch else else_branch`: each branch holds one statement (or none).
struct if_statement {
    expr condition;
    std::vector<statement> then_branch;
    std::vector<statement> else_branch;  ///< empty without `else`
    source_position pos;
    friend bool operator==(const if_statement&, const if_statement&) = default;
};

/// `i in [lo, hi) ... body` where the body is a block or an `if` (loops on an assignment stay in
/// the assignment, which may become one DSD operation).
struct loop_statement {
    std::vector<iterator> loops;  ///< outermost first, at least one
    std::vector<statement> body;  ///< one statement
    source_position pos;
    friend bool operator==(const loop_statement&, const loop_statement&) = default;
};

/// `T name(params) { body }`, or `void name(...)`: scalar params are passed by value, arrays and
/// structs by reference. Calls are inlined (docs/tungsten.md, Functions).
struct function_decl {
    std::optional<base_type> returns;         ///< nullopt: void
    std::optional<named_type> returns_named;  ///< a typedef of a scalar type, instead of `returns`
    std::string name;
    std::vector<var_decl> params;
    std::vector<statement> body;
    source_position pos;
    std::string_view placed_in;  ///< as block::placed_in
    friend bool operator==(const function_decl&, const function_decl&) = default;
};

/// `return value;` or `return;`.
struct return_statement {
    std::optional<expr> value;
    source_position pos;
    friend bool operator==(const return_statement&, const return_statement&) = default;
};

/// `f(a, b);`: a call whose value, if any, is not used.
struct call_statement {
    expr call;
    source_position pos;
    friend bool operator==(const call_statement&, const call_statement&) = default;
};

/// `on rx(u4 kind, u12 value) { ... }`: a handler, run when a wavelet arrives on socket rx; its
/// params unpack the wavelet's bits, the first param in the lowest bits.
struct handler_decl {
    std::string socket;
    std::vector<var_decl> params;
    std::vector<statement> body;
    source_position pos;
    std::string_view placed_in;  ///< as block::placed_in
    friend bool operator==(const handler_decl&, const handler_decl&) = default;
};

/// `task name { body }`: a local task, run when activated and the PE is free; `control task name
/// on rx { body }`: a control task, run when a control wavelet naming its ID arrives on socket rx.
/// `id(N)` fixes the task ID. `task name;` declares a task that a definition further on gives its
/// body, so that tasks can activate each other round a cycle.
struct task_decl {
    bool control = false;
    std::string name;
    std::string socket;  ///< a control task's
    std::optional<expr> id;
    bool forward = false;  ///< `task name;`: the body comes with a later declaration
    std::vector<statement> body;
    source_position pos;
    std::string_view placed_in;  ///< as block::placed_in
    friend bool operator==(const task_decl&, const task_decl&) = default;
};

/// `activate t;` makes a local task ready; `block t;` keeps a task from running until `unblock t;`.
struct task_statement {
    enum class verb : std::uint8_t { activate, block, unblock };
    verb v = verb::activate;
    std::string task;
    source_position pos;
    friend bool operator==(const task_statement&, const task_statement&) = default;
};

struct program;

/// `import name;`: the whole package `name` (the kernel file name.w, found by the front end) spliced
/// into the importer's global scope where the import stands. `import name.{a, b};` splices it the
/// same way, but only a and b join the importer's names; the package's other names are its own.
struct import_statement {
    std::string package;
    std::vector<std::string> names;  ///< a selective import's; empty for a whole-package import
    /// The package, once the front end that reads the kernel has loaded it: one program (a vector,
    /// not a pointer, so an AST stays a value that a constant expression can build).
    std::vector<program> contents;
    source_position pos;
    WAFER_CONSTEXPR const program* loaded() const;  ///< the package, or nullptr before it is loaded
    friend bool operator==(const import_statement& a, const import_statement& b) {
        return a.package == b.package && a.names == b.names && a.pos == b.pos;
    }
};

/// One statement. Copying, moving, destroying and comparing one visits every alternative: they are
/// declared here and defined once (detail/ast.ipp), so that a translation unit that only builds a
/// kernel (the DSL) does not instantiate the whole variant again (docs/performance.md, Compile cost).
struct statement
    : std::variant<param_decl, socket_decl, var_decl, struct_decl, typedef_decl, assignment, block, if_statement,
                   loop_statement, function_decl, return_statement, call_statement, handler_decl, fifo_decl,
                   task_decl, task_statement, import_statement> {
    using variant::variant;
    WAFER_DECLARE_SPECIAL_MEMBERS(statement);
    friend WAFER_CONSTEXPR WAFER_DECL bool operator==(const statement&, const statement&);
};

/// A whole `.w` file (or a kernel built in C++).
struct program {
    std::string name;              ///< kernel name: the file's stem, or the DSL kernel's name
    source_text source;            ///< the text diagnostics quote (empty for C++ kernels)
    std::vector<statement> body;
    WAFER_DECLARE_SPECIAL_MEMBERS(program);
    friend WAFER_CONSTEXPR bool operator==(const program& a, const program& b) {
        return a.name == b.name && a.body == b.body;
    }
};

inline WAFER_CONSTEXPR const program* import_statement::loaded() const {
    return contents.empty() ? nullptr : &contents.front();
}

}  // namespace wafer::tungsten::ast

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/tungsten/detail/ast.ipp"
#endif
