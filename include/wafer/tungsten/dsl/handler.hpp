#pragma once
// A handler: Tungsten's `on rx(xp v) { ... }`, run when a wavelet arrives on socket rx. It is a
// scope (declarations made on it are its locals) whose arguments unpack the wavelet:
//     w::handler on_rx(rx);
//     auto v = on_rx.argument<w::xp>("v");   // on rx(xp v) {
//     on_rx(total = total + v);             //   total = total + v;
//     k(on_rx);                             // }
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/arguments.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/scope.hpp"

namespace wafer::tungsten::dsl {

/// Its arguments (argument<T>(name)) unpack the wavelet, the first from the lowest bits.
class handler : public scope<handler>, public detail::with_arguments<handler> {
public:
    /// The handler of `socket`, a socket the kernel declared; its positions are lines of the file it
    /// is made in, where its own `on` is.
    template <operand Socket>
    WAFER_CONSTEXPR explicit handler(const Socket& socket, call_site at = {}) {
        static_assert(detail::info_of<Socket>().what == detail::role::socket,
                      "wafer: a handler runs on a socket: w::handler on_rx(rx) with rx = k.socket<T>(\"rx\")");
        if constexpr (expression<Socket>) ast_.socket = socket.data.ast.name;
        detail::made_at(ast_, at);
    }

    WAFER_CONSTEXPR const ast::handler_decl& to_ast() const noexcept { return ast_; }

private:
    friend class scope<handler>;
    friend class detail::with_arguments<handler>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return ast_.body; }
    WAFER_CONSTEXPR std::string_view file() const noexcept { return ast_.placed_in; }
    WAFER_CONSTEXPR std::vector<ast::var_decl>& arguments() noexcept { return ast_.params; }

    ast::handler_decl ast_;
};

}  // namespace wafer::tungsten::dsl
