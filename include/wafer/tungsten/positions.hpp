#pragma once
// Every source position in a statement, each passed to `f(source_position&)`: the C++ DSL places the
// nodes a kernel's call adds at that call (dsl/scope.hpp), and a test compares a DSL kernel with the
// parsed text once both have theirs cleared.
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::ast {

namespace detail {

template <class F>
constexpr void each_position(expr& e, F& f) {
    f(e.pos);
    for (auto& o : e.operands) each_position(o, f);
}

template <class F>
constexpr void each_position(initializer& i, F& f) {
    f(i.pos);
    each_position(i.value, f);
    for (auto& e : i.elements) each_position(e, f);
}

template <class F>
constexpr void each_position(dimension& d, F& f) {
    f(d.pos);
    each_position(d.extent, f);
}

template <class F>
constexpr void each_position(iterator& i, F& f) {
    f(i.pos);
    each_position(i.lo, f);
    each_position(i.hi, f);
}

template <class F>
constexpr void each_position(operation_option& o, F& f) {
    f(o.pos);
    if (o.value) each_position(*o.value, f);
}

template <class F>
constexpr void each_position(placement& p, F& f) {
    f(p.pos);
    each_position(p.value, f);
}

template <class F>
constexpr void each_position(var_decl& d, F& f) {
    f(d.pos);
    for (auto& dim : d.dims) each_position(dim, f);
    if (d.placement) each_position(*d.placement, f);
    if (d.init) each_position(*d.init, f);
}

template <class F>
constexpr void each_position(statement& s, F& f);

template <class T, class F>
constexpr void each_position(std::vector<T>& nodes, F& f) {
    for (auto& n : nodes) each_position(n, f);
}

template <class T, class F>
constexpr void each_position(std::optional<T>& node, F& f) {
    if (node) each_position(*node, f);
}

template <class F>
constexpr void each_position(statement& s, F& f) {
    std::visit(
        [&f](auto& d) {
            using T = std::remove_cvref_t<decltype(d)>;
            if constexpr (std::is_same_v<T, var_decl>) {
                each_position(d, f);  // its own position too
                return;
            }
            f(d.pos);
            if constexpr (std::is_same_v<T, param_decl>) {
                each_position(d.default_value, f);
            } else if constexpr (std::is_same_v<T, socket_decl>) {
                each_position(d.input_queue, f);
                each_position(d.output_queue, f);
            } else if constexpr (std::is_same_v<T, struct_decl>) {
                each_position(d.members, f);
            } else if constexpr (std::is_same_v<T, typedef_decl>) {
                each_position(d.dims, f);
            } else if constexpr (std::is_same_v<T, assignment>) {
                each_position(d.options, f);
                each_position(d.loops, f);
                each_position(d.target, f);
                each_position(d.value, f);
            } else if constexpr (std::is_same_v<T, block>) {
                each_position(d.body, f);
            } else if constexpr (std::is_same_v<T, if_statement>) {
                each_position(d.condition, f);
                each_position(d.then_branch, f);
                each_position(d.else_branch, f);
            } else if constexpr (std::is_same_v<T, loop_statement>) {
                each_position(d.loops, f);
                each_position(d.body, f);
            } else if constexpr (std::is_same_v<T, function_decl> || std::is_same_v<T, handler_decl>) {
                each_position(d.params, f);
                each_position(d.body, f);
            } else if constexpr (std::is_same_v<T, return_statement>) {
                each_position(d.value, f);
            } else if constexpr (std::is_same_v<T, call_statement>) {
                each_position(d.call, f);
            } else if constexpr (std::is_same_v<T, fifo_decl>) {
                each_position(d.capacity, f);
            } else if constexpr (std::is_same_v<T, task_decl>) {
                each_position(d.id, f);
                each_position(d.body, f);
            }
            // task_statement and import_statement hold only their own (an imported package's
            // statements are its own text's).
        },
        s);
}

}  // namespace detail

/// Calls `f(pos)` for every source position in `node` (a statement, an expression, a declaration,
/// …) and the nodes it holds.
template <class Node, class F>
constexpr void for_each_position(Node& node, F&& f) {
    detail::each_position(node, f);
}

/// Gives every position in `node` that has none yet the position `pos`.
template <class Node>
constexpr void place_unplaced(Node& node, source_position pos) {
    for_each_position(node, [pos](source_position& p) {
        if (p == source_position{}) p = pos;
    });
}

/// Clears every position in `node`.
template <class Node>
constexpr void clear_positions(Node& node) {
    for_each_position(node, [](source_position& p) { p = {}; });
}

/// `p` with every position cleared: how a C++ kernel and the text it mirrors compare. A template,
/// as Paint's functions are (docs/performance.md): a plain `inline` function would have every unit
/// that includes the DSL instantiate the walk over each kind of statement, used or not.
template <class Program = program>
WAFER_CONSTEXPR Program without_positions(const Program& p) {
    Program out = p;
    for (auto& s : out.body) clear_positions(s);
    return out;
}

}  // namespace wafer::tungsten::ast
