#pragma once
// `if`: `w::if_(c)[ s ]` is Tungsten's `if (c) s`, and `w::if_(c)[ s ].else_[ t ]` is
// `if (c) s else t` (the spelling of Boost.Phoenix). Each branch takes one statement: an
// assignment, a block, an `if` or a loop.
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

/// `else_[ t ]` after an `if`. It holds the whole `if`, so the `if` is one value to copy.
class else_clause {
public:
    WAFER_CONSTEXPR explicit else_clause(ast::if_statement&& s) : if_(std::move(s)) {}

    template <class S>
    WAFER_CONSTEXPR control_statement operator[](const S& s) const {
        static_assert(statement_form<S>, "wafer: else_[ ... ] takes one statement: an assignment, a block "
                                         "(w::block), an if (w::if_) or a loop (w::in)");
        ast::if_statement a = if_;
        if constexpr (statement_form<S>) a.else_branch.push_back(detail::statement_of(s));
        return control_statement(std::move(a));
    }

    WAFER_CONSTEXPR const ast::if_statement& to_ast() const noexcept { return if_; }

private:
    ast::if_statement if_;
};

/// `if (c) s`, which may take an `else_`.
class [[nodiscard]] if_statement {
public:
    WAFER_CONSTEXPR explicit if_statement(ast::if_statement&& s) : else_(std::move(s)) {}

    WAFER_CONSTEXPR const ast::if_statement& to_ast() const noexcept { return else_.to_ast(); }

    else_clause else_;
};

/// `if (c)`, waiting for its statement.
class [[nodiscard]] if_head {
public:
    WAFER_CONSTEXPR explicit if_head(ast::expr&& condition) : condition_(std::move(condition)) {}

    template <class S>
    WAFER_CONSTEXPR if_statement operator[](const S& s) const {
        static_assert(statement_form<S>, "wafer: if_(c)[ ... ] takes one statement: an assignment, a block "
                                         "(w::block), an if (w::if_) or a loop (w::in)");
        ast::if_statement a;
        a.condition = condition_;
        if constexpr (statement_form<S>) a.then_branch.push_back(detail::statement_of(s));
        return if_statement(std::move(a));
    }

private:
    ast::expr condition_;
};

/// `if (condition)`: a condition is true when its value is not zero.
template <operand C>
WAFER_CONSTEXPR if_head if_(C&& condition) {
    detail::check_complete<detail::info_of<C>()>();
    return if_head(detail::data_of(std::forward<C>(condition)).ast);
}

}  // namespace wafer::tungsten::dsl
