#pragma once
// Tungsten's intrinsics in C++ (docs/tungsten.md): `wavelet(a, b)` packs values into a wavelet,
// `__builtin_merge(i, v)` and `stream(x)` make 64-bit values, and three statements act on the router
// and FIFOs:
//     k(tx = w::wavelet(kind, value));              // tx = wavelet(kind, value);
//     k(o[i] = w::builtin_merge(ia[i], va[i]));     // o[i] = __builtin_merge(ia[i], va[i]);
//     k(pick[0] = w::stream(a));                    // pick[0] = stream(a);
//     k(w::clear_teardown(rx));                     // __builtin_clear_teardown(rx);
//     k(w::set_fifo_read_length(q, 4));             // __builtin_set_fifo_read_length(q, 4);
// Each is the call the parser builds for the same text, so the checker's rules (field widths, where
// a 64-bit value may go) and messages are the text's.
#include <string>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/checks.hpp"
#include "wafer/tungsten/dsl/expression.hpp"

namespace wafer::tungsten::dsl {

namespace detail {
template <operand_info Info, operand... Args>
WAFER_CONSTEXPR expr<Info> intrinsic(std::string_view name, Args&&... args) {
    ast::expr e;
    e.k = ast::expr::kind::call;
    e.name = name;
    (e.operands.push_back(data_of(std::forward<Args>(args)).ast), ...);
    return expr<Info>(node_data{std::move(e), std::nullopt});
}

template <operand_info socket>
constexpr void check_socket_argument() {
    static_assert(socket.what == role::socket, "wafer: this intrinsic takes a socket or a FIFO, as declared with "
                                               "k.socket<T>(name) or k.fifo<T>(name, capacity)");
}

/// `name(q, n);`: one of the two FIFO-length statements.
template <operand Q, operand N>
WAFER_CONSTEXPR auto fifo_length(std::string_view name, Q&& fifo, N&& n) {
    check_socket_argument<info_of<Q>()>();
    check_complete<info_of<N>()>();
    return intrinsic<operand_info{.what = role::call}>(name, std::forward<Q>(fifo), std::forward<N>(n));
}
}  // namespace detail

/// `wavelet(a, b, ...)`: the values packed at their types' widths, the first in the lowest bits; a u32.
template <operand... Fields>
requires(sizeof...(Fields) > 0) WAFER_CONSTEXPR auto wavelet(Fields&&... fields) {
    (detail::check_operator_operand<detail::info_of<Fields>()>(), ...);
    return detail::intrinsic<detail::cast_info(base_type::u32)>("wavelet", std::forward<Fields>(fields)...);
}

/// `stream(x)`: the descriptor of vector x (an array subscripted in every dimension but its last),
/// a u64 for a stream array's element: `k(pick[0] = w::stream(a), pick[1] = w::stream(m[2]));`.
template <detail::operand_info Info>
WAFER_CONSTEXPR auto stream(const expr<Info>& vector) {
    static_assert((Info.what == detail::role::array || Info.what == detail::role::element) && !Info.record &&
                      Info.subscripts + 1 == Info.rank,
                  "wafer: stream(x) takes a vector: an array subscripted in every dimension but its last, as "
                  "w::stream(a) or w::stream(m[2])");
    return detail::intrinsic<detail::cast_info(base_type::u64)>("stream", vector);
}

/// `__builtin_merge(index, value)`: the u64 with the value's bits low and the index high, for a u64
/// or s64 element or a 32-bit socket; no operator takes it.
template <operand I, operand V>
WAFER_CONSTEXPR auto builtin_merge(I&& index, V&& value) {
    detail::check_operator_operand<detail::info_of<I>()>();
    detail::check_operator_operand<detail::info_of<V>()>();
    return detail::intrinsic<detail::cast_info(base_type::u64)>("__builtin_merge", std::forward<I>(index),
                                                                std::forward<V>(value));
}

/// `__builtin_clear_teardown(s);`: socket s's color leaves teardown on this PE's router.
template <operand S>
WAFER_CONSTEXPR auto clear_teardown(S&& socket) {
    detail::check_socket_argument<detail::info_of<S>()>();
    return detail::intrinsic<detail::operand_info{.what = detail::role::call}>("__builtin_clear_teardown",
                                                                             std::forward<S>(socket));
}

/// `__builtin_set_fifo_read_length(q, n);`: the next operations that pop from FIFO q take n elements.
template <operand Q, operand N>
WAFER_CONSTEXPR auto set_fifo_read_length(Q&& fifo, N&& n) {
    return detail::fifo_length("__builtin_set_fifo_read_length", std::forward<Q>(fifo), std::forward<N>(n));
}

/// `__builtin_set_fifo_write_length(q, n);`: the next operations that push to FIFO q take n elements.
template <operand Q, operand N>
WAFER_CONSTEXPR auto set_fifo_write_length(Q&& fifo, N&& n) {
    return detail::fifo_length("__builtin_set_fifo_write_length", std::forward<Q>(fifo), std::forward<N>(n));
}

}  // namespace wafer::tungsten::dsl
