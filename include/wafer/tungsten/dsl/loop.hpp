#pragma once
// Loops: `w::in(i, 0, N)(j, 0, M)[ g[i][j] = 0 ]` is Tungsten's `i in [0, N) j in [0, M) g[i][j] = 0;`,
// and `w::in(t, 0, N)[ b ]` with a block b is `t in [0, N) { ... }`. Sums take the same ranges:
// `w::sum(k, 0, K)[ a[k] * b[k] ]` is `∑(k in [0, K)) a[k] * b[k]`.
#include <concepts>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

/// A loop iterator: `w::iterator i("i");`. It can be read, never assigned.
using iterator = expr<detail::iterator_info>;

namespace detail {
/// One or more `name in [lo, hi)` ranges, outermost first: what loops and sums share.
template <class Derived>
class ranges {
public:
    /// Adds an inner range: `w::in(i, 0, N)(j, 0, M)`.
    template <class It, operand Lo, operand Hi>
    WAFER_CONSTEXPR Derived operator()(const It& it, Lo&& lo, Hi&& hi) const {
        constexpr bool ok = std::same_as<It, iterator>;
        static_assert(ok, "wafer: a loop or sum runs over a w::iterator: declare w::iterator i(\"i\"); then write "
                          "w::in(i, 0, N) or w::sum(i, 0, N)");
        check_complete<info_of<Lo>()>();
        check_complete<info_of<Hi>()>();
        Derived inner = static_cast<const Derived&>(*this);
        if constexpr (ok) {
            ast::iterator& range = inner.ranges_.emplace_back();
            range.name = it.data.ast.name;
            range.lo = data_of(std::forward<Lo>(lo)).ast;
            range.hi = data_of(std::forward<Hi>(hi)).ast;
        }
        return inner;
    }

protected:
    std::vector<ast::iterator> ranges_;
};
}  // namespace detail

/// One or more `name in [lo, hi)` prefixes, outermost first, waiting for their statement.
class [[nodiscard]] loops : public detail::ranges<loops> {
public:
    /// The loop body: one assignment, whose own loops (if any) become the inner ones, as the text
    /// keeps them (a loop on an assignment may become one DSD operation).
    WAFER_CONSTEXPR assignment operator[](const assignment& body) const {
        ast::assignment a = body.to_ast();
        a.loops.insert(a.loops.begin(), ranges_.begin(), ranges_.end());
        return assignment(std::move(a));
    }

    /// The loop body: a block, an `if` or a loop: `w::in(t, 0, N)[ step ]` is `t in [0, N) { ... }`.
    template <class Body>
    WAFER_CONSTEXPR control_statement operator[](const Body& body) const {
        static_assert(statement_form<Body>,
                      "wafer: a loop runs one statement, as in w::in(i, 0, N)[ a[i] = b[i] ], "
                      "w::in(i, 0, N)[ tx <- a[i] ] or w::in(t, 0, N)[ a_block ]");
        ast::loop_statement l;
        l.loops = ranges_;
        if constexpr (statement_form<Body>) l.body.push_back(detail::statement_of(body));
        return control_statement(std::move(l));
    }
};

/// `∑(it in [lo, hi) ...)`, waiting for its operand.
class [[nodiscard]] sum_ranges : public detail::ranges<sum_ranges> {
public:
    /// `∑(k in [0, K)) a[k] * b[k]`: one sum node per range, the first outermost, as the parser
    /// makes them. The sum computes in its operand's type.
    template <operand X>
    WAFER_CONSTEXPR auto operator[](X&& x) const {
        constexpr detail::operand_info info = detail::info_of<X>();
        detail::check_complete<info>();
        ast::expr e = detail::data_of(std::forward<X>(x)).ast;
        for (auto range = ranges_.rbegin(); range != ranges_.rend(); ++range) {
            ast::expr sum;
            sum.k = ast::expr::kind::sum;
            sum.name = range->name;
            sum.operands = {range->lo, range->hi, std::move(e)};
            e = std::move(sum);
        }
        return expr<detail::operand_info{.what = detail::role::value, .typed = info.typed, .type = info.type}>(
            detail::node_data{std::move(e), std::nullopt});
    }
};

/// `it in [lo, hi)`.
template <class It, operand Lo, operand Hi>
WAFER_CONSTEXPR loops in(const It& it, Lo&& lo, Hi&& hi) {
    return loops{}(it, std::forward<Lo>(lo), std::forward<Hi>(hi));
}

/// `∑(it in [lo, hi))`, in ASCII `sum(it in [lo, hi))`: `w::sum(k, 0, K)[a[k] * b[k]]`.
template <class It, operand Lo, operand Hi>
WAFER_CONSTEXPR sum_ranges sum(const It& it, Lo&& lo, Hi&& hi) {
    return sum_ranges{}(it, std::forward<Lo>(lo), std::forward<Hi>(hi));
}

}  // namespace wafer::tungsten::dsl
