#pragma once
// The rules a code()'s bindings follow, against the kernel's params and sockets: every binding
// names one of them, a color goes to a socket and a number to a param, every socket is bound, and
// every param without a default is given a value. verify() applies them in a constant expression to
// code<K>(), whose kernel is known by type; build() applies them to the program a text code() got.
#include <algorithm>
#include <vector>

#include "wafer/paint/problem.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

namespace detail {
template <int = 0>
constexpr cx_string quoted(const cx_string& name) { return cx_string("'") + name + "'"; }
}  // namespace detail

/// Adds a problem (kind code_binding) for each binding of `code` that does not fit `ports`.
template <int = 0>
constexpr void check_bindings(const attribute& code, const std::vector<kernel_port>& ports, std::vector<problem>& out) {
    // The quoted names are made only for a message: a layout's many good bindings cost the
    // constant evaluation of verify() nothing but the comparisons.
    auto add = [&](const origin& at, cx_string message) {
        out.push_back(problem{severity::error, problem_kind::code_binding, std::move(message), at});
    };
    auto of_kernel = [&] { return cx_string(" of kernel ") + detail::quoted(code.text); };
    for (const auto& b : code.bindings) {
        const kernel_port* port = nullptr;
        for (const auto& p : ports)
            if (p.name == b.name) {
                port = &p;   // a signature names each port once
                break;
            }
        const bool color = b.value.k == binding_value::kind::color;
        if (port == nullptr)
            add(b.at, detail::quoted(b.name) + " is neither a param nor a socket" + of_kernel());
        else if (color && !port->socket)
            add(b.at, cx_string("a color is bound to param ") + detail::quoted(b.name) + of_kernel() + ": params take numbers");
        else if (!color && port->socket)
            add(b.at, cx_string("a number is bound to socket ") + detail::quoted(b.name) + of_kernel() + ": sockets take colors");
    }
    for (const auto& p : ports) {
        if (std::any_of(code.bindings.begin(), code.bindings.end(), [&](const binding& b) { return b.name == p.name; })) continue;
        if (p.socket)
            add(code.at, cx_string("socket ") + detail::quoted(p.name) + of_kernel() + " is not bound: add " + p.name +
                             ":<color> to code()");
        else if (!p.has_default)
            add(code.at, cx_string("parameter [") + p.name + "]" + of_kernel() + " is not initialized: add " + p.name +
                             ":<number> to code()");
    }
}

}  // namespace wafer::paint
