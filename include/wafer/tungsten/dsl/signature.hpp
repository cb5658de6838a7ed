#pragma once
// A kernel's signature: its name, params and sockets as a compile-time value, so that a C++ layout
// can bind the kernel by type (`code<send>({...})`, wafer/paint/annotate.hpp) and verify() can check
// every binding at compile time. The kernel's program declares what the signature lists, in order,
// so the two cannot disagree:
//
//     struct send {
//         static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::socket<w::xp>("tx")};
//         static wafer::tungsten::ast::program program() {
//             w::kernel k(signature);              // xp param N; xp socket tx;
//             auto [N, tx] = signature.ports();    // their handles
//             ...
//             return k.program();
//         }
//     };
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>

#include "wafer/core/number.hpp"
#include "wafer/tungsten/dsl/base_types.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/storage.hpp"

namespace wafer::tungsten::dsl {

/// What a layout sees of a param or socket: paint's kernel_port, without its string type.
struct port_interface {
    std::string_view name;
    bool socket = false;
    bool has_default = false;
};

/// `T param name;` or `T param name = default_value;`
template <base_type T>
struct param_port {
    std::string_view name;
    bool has_default = false;
    wafer::number default_value;  ///< a real for an sp, hp or ep param: `w::param<w::sp>("C", 0.5)`

    constexpr port_interface interface() const noexcept { return {name, false, has_default}; }
    WAFER_CONSTEXPR expr<detail::param_info> handle() const { return expr<detail::param_info>(name); }
    /// Declares it in a scope (a kernel): `T param name;` with its default, if it has one.
    template <class Scope>
    WAFER_CONSTEXPR void declare(Scope& s) const {
        if (!has_default) s.template param<T>(std::string(name));
        else if (default_value.is_real) s.template param<T>(std::string(name), default_value.real);
        else s.template param<T>(std::string(name), default_value.integer);
    }
};

/// `T socket name;`, or with `.input_queue(n)`, `.output_queue(n)` the queues it uses:
/// `w::socket<w::xp>("rx").input_queue(5)` is `xp socket rx input_queue(5);`.
template <base_type T>
struct socket_port {
    std::string_view name;
    std::int32_t input = -1, output = -1;  ///< the queues it fixes; -1: the lowest free

    constexpr socket_port input_queue(std::int32_t q) const noexcept { return {name, q, output}; }
    constexpr socket_port output_queue(std::int32_t q) const noexcept { return {name, input, q}; }
    constexpr port_interface interface() const noexcept { return {name, true, false}; }
    WAFER_CONSTEXPR expr<detail::socket_info(T)> handle() const { return expr<detail::socket_info(T)>(name); }
    template <class Scope>
    WAFER_CONSTEXPR void declare(Scope& s) const {
        const std::string n(name);
        if (input < 0 && output < 0)
            s.template socket<T>(n);
        else if (output < 0)
            s.template socket<T>(n, dsl::input_queue(input));
        else if (input < 0)
            s.template socket<T>(n, dsl::output_queue(output));
        else
            s.template socket<T>(n, dsl::input_queue(input), dsl::output_queue(output));
    }
};

template <base_type T>
constexpr param_port<T> param(std::string_view name) {
    return {name};
}
template <base_type T>
constexpr param_port<T> param(std::string_view name, wafer::number default_value) {
    return {name, true, default_value};
}
template <base_type T>
constexpr socket_port<T> socket(std::string_view name) {
    return {name};
}

namespace detail {
template <class P>
inline constexpr bool is_port = false;
template <base_type T>
inline constexpr bool is_port<param_port<T>> = true;
template <base_type T>
inline constexpr bool is_port<socket_port<T>> = true;
}  // namespace detail

/// A port: what w::param<T>(...) and w::socket<T>(...) make.
template <class P>
concept port = detail::is_port<P>;

namespace detail {
/// Not constexpr: called while a signature is constant-initialized, it is the compile error.
inline void a_signature_names_a_param_or_socket_twice() {}

/// Whether a name comes twice (a signature's ports, the kernels given to a layout).
template <class Names, class Name>
constexpr bool has_repeat(const Names& names, Name name_of) {
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (name_of(names[i]) == name_of(names[j])) return true;
    return false;
}
}  // namespace detail

template <port... Ports>
class signature {
public:
    std::string_view name;   ///< the kernel's name, the `.w` file's stem

    constexpr signature(std::string_view kernel_name, Ports... ps) : name(kernel_name), ports_(ps...) {
        if (detail::has_repeat(ports_interface(), [](const port_interface& p) { return p.name; }))
            detail::a_signature_names_a_param_or_socket_twice();
    }

    /// Calls f with each param_port and socket_port, in order.
    template <class F>
    constexpr void for_each(F&& f) const {
        std::apply([&](const auto&... p) { (f(p), ...); }, ports_);
    }

    /// The handles of the params and sockets, in order: `auto [N, tx] = signature.ports();`
    WAFER_CONSTEXPR auto ports() const {
        return std::apply([](const auto&... p) { return std::tuple(p.handle()...); }, ports_);
    }

    /// What a layout checks its bindings against (wafer/paint/binding.hpp).
    constexpr std::array<port_interface, sizeof...(Ports)> ports_interface() const {
        return std::apply([](const auto&... p) { return std::array<port_interface, sizeof...(Ports)>{p.interface()...}; },
                          ports_);
    }

private:
    std::tuple<Ports...> ports_;
};

}  // namespace wafer::tungsten::dsl
