#pragma once
// A built assignment statement: `target = value`, `target <- value`, with its loops.
// Made by `=` and `<-` on expressions (expression.hpp) and wrapped in loops by w::in (loop.hpp).
#include <utility>

#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::dsl {

/// [[nodiscard]]: a statement does nothing until it is passed to a kernel or block, so
/// `data[0] = 42;` without `k(...)` is a mistake the compiler should point out.
class [[nodiscard]] assignment {
public:
    explicit assignment(ast::assignment a) : ast_(std::move(a)) {}

    const ast::assignment& to_ast() const noexcept { return ast_; }

private:
    ast::assignment ast_;
};

}  // namespace wafer::tungsten::dsl
