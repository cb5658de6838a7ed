#pragma once
// Loops: `w::in(i, 0, N)(j, 0, M)[ g[i][j] = 0 ]` is Tungsten's `i in [0, N) j in [0, M) g[i][j] = 0;`,
// and `w::in(t, 0, N)[ b ]` with a block b is `t in [0, N) { ... }`.
#include <concepts>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

/// A loop iterator: `w::iterator i("i");`. It can be read, never assigned.
using iterator = expr<detail::iterator_info>;

/// One or more `name in [lo, hi)` prefixes, outermost first, waiting for their assignment.
class [[nodiscard]] loops {
public:
    /// Adds an inner loop: `w::in(i, 0, N)(j, 0, M)`.
    template <class It, operand Lo, operand Hi>
    loops operator()(const It& it, Lo&& lo, Hi&& hi) const {
        constexpr bool ok = std::same_as<It, iterator>;
        static_assert(ok, "wafer: a loop runs over a w::iterator: declare w::iterator i(\"i\"); then write "
                          "w::in(i, 0, N)");
        detail::check_complete<detail::info_of<Lo>()>();
        detail::check_complete<detail::info_of<Hi>()>();
        loops inner = *this;
        if constexpr (ok) {
            ast::iterator& loop = inner.loops_.emplace_back();
            loop.name = it.data.ast.name;
            loop.lo = detail::data_of(std::forward<Lo>(lo)).ast;
            loop.hi = detail::data_of(std::forward<Hi>(hi)).ast;
        }
        return inner;
    }

    /// The loop body: one assignment, whose own loops (if any) become the inner ones, as the text
    /// keeps them (a loop on an assignment may become one DSD operation).
    assignment operator[](const assignment& body) const {
        ast::assignment a = body.to_ast();
        a.loops.insert(a.loops.begin(), loops_.begin(), loops_.end());
        return assignment(std::move(a));
    }

    /// The loop body: a block, an `if` or a loop: `w::in(t, 0, N)[ step ]` is `t in [0, N) { ... }`.
    template <class Body>
    control_statement operator[](const Body& body) const {
        static_assert(statement_form<Body>,
                      "wafer: a loop runs one statement, as in w::in(i, 0, N)[ a[i] = b[i] ], "
                      "w::in(i, 0, N)[ tx <- a[i] ] or w::in(t, 0, N)[ a_block ]");
        ast::loop_statement l;
        l.loops = loops_;
        if constexpr (statement_form<Body>) l.body.push_back(detail::statement_of(body));
        return control_statement(std::move(l));
    }

private:
    std::vector<ast::iterator> loops_;
};

/// `it in [lo, hi)`.
template <class It, operand Lo, operand Hi>
loops in(const It& it, Lo&& lo, Hi&& hi) {
    return loops{}(it, std::forward<Lo>(lo), std::forward<Hi>(hi));
}

}  // namespace wafer::tungsten::dsl
