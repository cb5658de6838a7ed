#pragma once
// What both grammars' AST conversions share: unwrapping X3's recursive-node boxes and folding an
// operator chain to the left without letting the tree grow deeper than max_nesting.
#include <cstddef>
#include <string>
#include <utility>

#include "wafer/parse/detail/error_handler.hpp"

namespace wafer::parse::detail {

template <typename T>
const T& unwrap(const x3::forward_ast<T>& node) { return node.get(); }
template <typename T>
const T& unwrap(const T& node) { return node; }

/// Grammar nesting is bounded while parsing; a long operator chain still makes a deep tree.
inline void check_depth(const error_handler& handler, const x3::position_tagged& node, std::size_t depth) {
    if (depth > max_nesting)
        handler.fail(handler.position_of(node),
                     "expression nested too deeply (the limit is " + std::to_string(max_nesting) + " levels)");
}

/// `chain.first op rest[0].rhs op rest[1].rhs ...` as a left-leaning tree whose root sits at `depth`:
/// convert(operand, its depth) converts an operand, combine(op, lhs, rhs) makes one operator node.
template <typename Chain, typename Convert, typename Combine>
auto fold_left(const error_handler& handler, const Chain& chain, std::size_t depth, Convert convert,
               Combine combine) {
    // The first operand ends up below every operator of the chain.
    const std::size_t first_depth = depth + chain.rest.size();
    check_depth(handler, chain, first_depth);
    auto result = convert(chain.first, first_depth);
    for (std::size_t i = 0; i < chain.rest.size(); ++i)
        result = combine(chain.rest[i].op, std::move(result), convert(chain.rest[i].rhs, first_depth - i));
    return result;
}

}  // namespace wafer::parse::detail
