#pragma once
// The arguments of a handler or a function, declared in order: `T name` by value, or
// `T name[dims]`, an array passed by reference.
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/call_site.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/positions.hpp"

namespace wafer::tungsten::dsl::detail {

/// `Derived` provides `std::vector<ast::var_decl>& arguments()`.
template <class Derived>
class with_arguments {
public:
    /// The next argument, `T name`.
    template <base_type T>
    WAFER_CONSTEXPR expr<scalar_info(T)> argument(declared_name name) {
        declare(T, name, {});
        return expr<scalar_info(T)>(name.text);
    }

    /// The next argument, `T name[d0]...`: an array, passed by reference.
    template <base_type T, std::same_as<dimension>... Dims>
    requires(sizeof...(Dims) > 0) WAFER_CONSTEXPR expr<array_info(T, sizeof...(Dims))> argument(declared_name name,
                                                                                                const Dims&... dims) {
        declare(T, name, {dims.to_ast()...});
        return expr<array_info(T, sizeof...(Dims))>(name.text);
    }

private:
    /// Placed at its call when that is in the file the handler or function is made in.
    WAFER_CONSTEXPR void declare(base_type t, const declared_name& name, const std::vector<ast::dimension>& dims) {
        Derived& owner = static_cast<Derived&>(*this);
        ast::var_decl& d = owner.arguments().emplace_back();
        d.type = t;
        d.name = name.text;
        d.dims = dims;
        if (std::string_view(name.at.file) == owner.file()) ast::place_unplaced(d, name.at.position());
    }
};

}  // namespace wafer::tungsten::dsl::detail
