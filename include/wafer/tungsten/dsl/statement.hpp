#pragma once
// Built statements: an assignment (`target = value`, `target <- value`, with its loops), made by
// `=` and `<-` on expressions (expression.hpp) and wrapped in loops by w::in (loop.hpp); and a
// control statement, an `if` (control.hpp) or a loop over a block or an `if` (loop.hpp).
#include <concepts>
#include <utility>

#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::dsl {

class block;
class handler;
class if_statement;

/// [[nodiscard]]: a statement does nothing until it is passed to a kernel or block, so
/// `data[0] = 42;` without `k(...)` is a mistake the compiler should point out.
class [[nodiscard]] assignment {
public:
    explicit assignment(ast::assignment a) : ast_(std::move(a)) {}

    const ast::assignment& to_ast() const noexcept { return ast_; }

private:
    ast::assignment ast_;
};

/// An `if` with its `else`, or a loop over a block or an `if`.
class [[nodiscard]] control_statement {
public:
    explicit control_statement(ast::statement s) : ast_(std::move(s)) {}

    const ast::statement& to_ast() const noexcept { return ast_; }

private:
    ast::statement ast_;
};

/// What a kernel, a block, a loop or a branch of an `if` takes as a statement.
template <class S>
concept statement_form = std::same_as<S, assignment> || std::same_as<S, block> ||
                         std::same_as<S, control_statement> || std::same_as<S, if_statement>;

/// What a kernel takes besides statements: a handler (handler.hpp).
template <class S>
concept declaration_form = std::same_as<S, handler>;

namespace detail {
template <class S>
    requires statement_form<S> || declaration_form<S>
ast::statement statement_of(const S& s) {
    return ast::statement(s.to_ast());
}
}  // namespace detail

}  // namespace wafer::tungsten::dsl
