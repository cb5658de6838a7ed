#pragma once
// Declarations and statements, in source order: what a kernel (kernel.hpp) and a block
// (block.hpp) have in common. Each declaration appends one AST declaration (one per declarator,
// as the parser makes them) and returns the name as an expression node.
#include <concepts>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

class block;

/// `Derived` provides `std::vector<ast::statement>& body()`.
template <class Derived>
class scope {
public:
    /// `T param name;`
    template <base_type T>
    expr<detail::param_info> param(std::string name) {
        return declare_param(T, std::move(name), std::nullopt);
    }

    /// `T param name = default_value;`
    template <base_type T, operand V>
    expr<detail::param_info> param(std::string name, V&& default_value) {
        detail::check_complete<detail::info_of<V>()>();
        return declare_param(T, std::move(name), detail::data_of(std::forward<V>(default_value)).ast);
    }

    /// `T socket name;`
    template <base_type T>
    expr<detail::socket_info(T)> socket(std::string name) {
        ast::socket_decl d;
        d.type = T;
        d.name = name;
        append_declaration(std::move(d));
        return expr<detail::socket_info(T)>(std::move(name));
    }

    /// `T name;`
    template <base_type T>
    expr<detail::scalar_info(T)> var(std::string name) {
        return declare_scalar<T>(false, std::move(name), std::nullopt);
    }

    /// `T name = value;`
    template <base_type T, operand V>
    expr<detail::scalar_info(T)> var(std::string name, V&& value) {
        return declare_scalar<T>(false, std::move(name), std::forward<V>(value));
    }

    /// `volatile T name;`
    template <base_type T>
    expr<detail::scalar_info(T)> volatile_var(std::string name) {
        return declare_scalar<T>(true, std::move(name), std::nullopt);
    }

    /// `volatile T name = value;`
    template <base_type T, operand V>
    expr<detail::scalar_info(T)> volatile_var(std::string name, V&& value) {
        return declare_scalar<T>(true, std::move(name), std::forward<V>(value));
    }

    /// `T name[d0][d1]...;` The type remembers the number of dimensions, so that a subscript
    /// count that does not match is a compile-time error.
    template <base_type T, std::same_as<dimension>... Dims>
    expr<detail::array_info(T, sizeof...(Dims))> array(std::string name, const Dims&... dims) {
        static_assert(sizeof...(Dims) > 0,
                      "wafer: an array needs at least one dimension, e.g. w::dim(\"n\", N); declare a scalar with var");
        return declare_array<T, sizeof...(Dims)>(std::move(name), {dims...}, std::nullopt);
    }

    /// `T name[d0] = init;` (with an initializer, up to 4 dimensions: a braced list cannot follow
    /// a parameter pack).
    template <base_type T>
    expr<detail::array_info(T, 1)> array(std::string name, const dimension& d0, const initializer& init) {
        return declare_array<T, 1>(std::move(name), {d0}, init);
    }
    template <base_type T>
    expr<detail::array_info(T, 2)> array(std::string name, const dimension& d0, const dimension& d1,
                                        const initializer& init) {
        return declare_array<T, 2>(std::move(name), {d0, d1}, init);
    }
    template <base_type T>
    expr<detail::array_info(T, 3)> array(std::string name, const dimension& d0, const dimension& d1,
                                        const dimension& d2, const initializer& init) {
        return declare_array<T, 3>(std::move(name), {d0, d1, d2}, init);
    }
    template <base_type T>
    expr<detail::array_info(T, 4)> array(std::string name, const dimension& d0, const dimension& d1,
                                        const dimension& d2, const dimension& d3, const initializer& init) {
        return declare_array<T, 4>(std::move(name), {d0, d1, d2, d3}, init);
    }

    /// `T fifo name[capacity] activate_push(t) activate_pop(u);`: a FIFO, read and written like a socket.
    template <base_type T, operand C, std::same_as<fifo_activation>... Activations>
    expr<detail::socket_info(T)> fifo(std::string name, C&& capacity, const Activations&... activations) {
        detail::check_complete<detail::info_of<C>()>();
        ast::fifo_decl d;
        d.type = T;
        d.name = name;
        d.capacity = detail::data_of(std::forward<C>(capacity)).ast;
        for (const fifo_activation& a : {fifo_activation{}, activations...})
            if (!a.task.empty()) (a.push ? d.activate_push : d.activate_pop) = a.task;
        append_declaration(std::move(d));
        return expr<detail::socket_info(T)>(std::move(name));
    }

    /// Appends statements: assignments (`a[i] = x`, `tx <- y`, loops `w::in(i, 0, N)[ ... ]`),
    /// blocks and ifs (`w::if_(c)[ ... ]`), and handlers (w::handler; the checker says where they may stand).
    template <class... Statements>
    Derived& operator()(const Statements&... statements) {
        constexpr bool ok = ((statement_form<Statements> || declaration_form<Statements>) && ...);
        static_assert(ok, "wafer: a kernel or block takes statements: assignments (a[i] = x, tx <- y), "
                          "loops (w::in(i, 0, N)[ a[i] = x ]), blocks (w::block), ifs (w::if_(c)[ ... ]) "
                          "and handlers (w::handler)");
        if constexpr (ok) (derived().body().push_back(detail::statement_of(statements)), ...);
        return derived();
    }

private:
    Derived& derived() noexcept { return static_cast<Derived&>(*this); }

    template <class Declaration>
    void append_declaration(Declaration d) {
        derived().body().push_back(std::move(d));
    }

    expr<detail::param_info> declare_param(base_type type, std::string name, std::optional<ast::expr> default_value) {
        ast::param_decl d;
        d.type = type;
        d.name = name;
        d.default_value = std::move(default_value);
        append_declaration(std::move(d));
        return expr<detail::param_info>(std::move(name));
    }

    template <base_type T, class Value>
    expr<detail::scalar_info(T)> declare_scalar(bool is_volatile, std::string name, Value&& value) {
        ast::var_decl d;
        d.type = T;
        d.is_volatile = is_volatile;
        d.name = name;
        if constexpr (operand<Value>) {
            constexpr detail::operand_info value_info = detail::info_of<Value>();
            detail::check_complete<value_info>();
            detail::check_same_base_type<detail::scalar_info(T), value_info>();
            d.init.emplace().value = detail::data_of(std::forward<Value>(value)).ast;
        }
        append_declaration(std::move(d));
        return expr<detail::scalar_info(T)>(std::move(name));
    }

    template <base_type T, std::size_t Rank>
    expr<detail::array_info(T, Rank)> declare_array(std::string name, std::initializer_list<dimension> dims,
                                                   std::optional<initializer> init) {
        ast::var_decl d;
        d.type = T;
        d.name = name;
        for (const dimension& dim : dims) d.dims.push_back(dim.to_ast());
        if (init) d.init = init->to_ast();
        append_declaration(std::move(d));
        return expr<detail::array_info(T, Rank)>(std::move(name));
    }
};

}  // namespace wafer::tungsten::dsl
