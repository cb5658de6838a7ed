#pragma once
// The arguments of a handler or a function, declared in order: `T name` by value, or
// `T name[dims]`, an array passed by reference.
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"

namespace wafer::tungsten::dsl::detail {

/// `Derived` provides `std::vector<ast::var_decl>& arguments()`.
template <class Derived>
class with_arguments {
public:
    /// The next argument, `T name`.
    template <base_type T>
    WAFER_CONSTEXPR expr<scalar_info(T)> argument(std::string_view name) {
        declare(T, name, {});
        return expr<scalar_info(T)>(name);
    }

    /// The next argument, `T name[d0]...`: an array, passed by reference.
    template <base_type T, std::same_as<dimension>... Dims>
    requires(sizeof...(Dims) > 0) WAFER_CONSTEXPR expr<array_info(T, sizeof...(Dims))> argument(std::string_view name,
                                                                                                const Dims&... dims) {
        declare(T, name, {dims.to_ast()...});
        return expr<array_info(T, sizeof...(Dims))>(name);
    }

private:
    WAFER_CONSTEXPR void declare(base_type t, std::string_view name, const std::vector<ast::dimension>& dims) {
        ast::var_decl& d = static_cast<Derived&>(*this).arguments().emplace_back();
        d.type = t;
        d.name = name;
        d.dims = dims;
    }
};

}  // namespace wafer::tungsten::dsl::detail
