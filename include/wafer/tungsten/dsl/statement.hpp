#pragma once
// Built statements: an assignment (`target = value`, `target <- value`, with its loops), made by
// `=` and `<-` on expressions (expression.hpp) and wrapped in loops by w::in (loop.hpp); a control
// statement, an `if` (control.hpp), a loop over a block or an `if` (loop.hpp) or a `return`
// (function.hpp); and a call, whose value is discarded.
#include <concepts>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/detail/operand_info.hpp"

namespace wafer::tungsten::dsl {

class block;
class control_task;
class handler;
class task;
class if_statement;
template <auto Returns>
class function;
template <detail::operand_info Info>
class expr;

namespace detail {
template <class S>
inline constexpr bool is_function = false;
template <auto Returns>
inline constexpr bool is_function<function<Returns>> = true;
template <class S>
inline constexpr bool is_call = false;
template <operand_info Info>
inline constexpr bool is_call<expr<Info>> = Info.what == role::call;
}  // namespace detail

/// [[nodiscard]]: a statement does nothing until it is passed to a kernel or block, so
/// `data[0] = 42;` without `k(...)` is a mistake the compiler should point out.
class [[nodiscard]] assignment {
public:
    WAFER_CONSTEXPR explicit assignment(ast::assignment&& a) : ast_(std::move(a)) {}

    WAFER_CONSTEXPR const ast::assignment& to_ast() const noexcept { return ast_; }

private:
    ast::assignment ast_;
};

/// An `if` with its `else`, or a loop over a block or an `if`.
class [[nodiscard]] control_statement {
public:
    WAFER_CONSTEXPR explicit control_statement(ast::statement&& s) : ast_(std::move(s)) {}

    WAFER_CONSTEXPR const ast::statement& to_ast() const noexcept { return ast_; }

private:
    ast::statement ast_;
};

/// `activate t;` or `unblock t;`: a statement that is also an operation's option (options.hpp).
class [[nodiscard]] task_action : public control_statement {
public:
    using control_statement::control_statement;
};

/// What a kernel, a block, a loop or a branch of an `if` takes as a statement.
/// A call stands as a statement too (`f(a, b);`: its value, if any, is discarded).
template <class S>
concept statement_form = std::same_as<S, assignment> || std::same_as<S, block> ||
                         std::same_as<S, control_statement> || std::same_as<S, task_action> ||
                         std::same_as<S, if_statement> || detail::is_call<S>;

/// What a kernel takes besides statements: a handler (handler.hpp), a function (function.hpp) or a
/// task (task.hpp).
template <class S>
concept declaration_form = std::same_as<S, handler> || detail::is_function<S> || std::same_as<S, task> ||
                           std::same_as<S, control_task>;

namespace detail {
template <class S>
requires statement_form<S> || declaration_form<S> WAFER_CONSTEXPR ast::statement statement_of(const S& s) {
    if constexpr (is_call<S>) {
        ast::call_statement c;
        c.call = s.data.ast;
        return c;
    } else {
        return ast::statement(s.to_ast());
    }
}
}  // namespace detail

}  // namespace wafer::tungsten::dsl
