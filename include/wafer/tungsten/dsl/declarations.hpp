#pragma once
// The parts of a declaration that are not names: array dimensions and initializers.
// (The declarations themselves are made by a kernel or block: scope.hpp.)
#include <initializer_list>
#include <string>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"

namespace wafer::tungsten::dsl {

/// `[n=N]` or `[4]`.
class dimension {
public:
    WAFER_CONSTEXPR explicit dimension(ast::dimension&& d) : ast_(std::move(d)) {}
    WAFER_CONSTEXPR const ast::dimension& to_ast() const noexcept { return ast_; }

private:
    ast::dimension ast_;
};

/// A named dimension: `w::dim("n", N)` is `[n=N]`.
template <operand E>
WAFER_CONSTEXPR dimension dim(std::string_view name, E&& extent) {
    detail::check_complete<detail::info_of<E>()>();
    ast::dimension d;
    d.name = name;
    d.extent = detail::data_of(std::forward<E>(extent)).ast;
    return dimension(std::move(d));
}

/// An unnamed dimension: `w::dim(4)` is `[4]` (the checker names it n0, n1, ...).
template <operand E>
WAFER_CONSTEXPR dimension dim(E&& extent) {
    return dim(std::string{}, std::forward<E>(extent));
}

/// `activate_push(t)` or `activate_pop(t)` in a FIFO's declaration: made by w::activate_push and
/// w::activate_pop (task.hpp).
struct fifo_activation {
    bool push = true;
    std::string task;
};

/// An array's initializer: a value, or a braced list of initializers, nested for more
/// dimensions: `{1, 2, 3, 4}`, `{{1, 2}, {3, 4}}`, `{}`.
class initializer {
public:
    template <operand E>
    WAFER_CONSTEXPR initializer(E&& value) {  // implicit, so that list elements can be numbers and expressions
        detail::check_complete<detail::info_of<E>()>();
        ast_.value = detail::data_of(std::forward<E>(value)).ast;
    }

    WAFER_CONSTEXPR initializer(std::initializer_list<initializer> elements) {
        ast_.is_list = true;
        ast_.elements.reserve(elements.size());
        for (const initializer& e : elements) ast_.elements.push_back(e.ast_);
    }

    WAFER_CONSTEXPR const ast::initializer& to_ast() const noexcept { return ast_; }

private:
    ast::initializer ast_;
};

}  // namespace wafer::tungsten::dsl
