#pragma once
// Functions: `w::function<w::xp> clamp("clamp")` is `xp clamp(...) { ... }`, `w::function<w::void_>`
// a void one. A function is a scope (its locals are declared on it) with arguments, and calling it
// builds a call, as in the text:
//     w::function<w::xp> clamp("clamp");        // xp clamp(xp x, xp hi) {
//     auto x = clamp.argument<w::xp>("x");
//     auto hi = clamp.argument<w::xp>("hi");
//     clamp(w::if_(x > hi)[w::return_(hi)],     //   if (x > hi) return hi;
//           w::return_(x));                     //   return x; }
//     k(clamp);                                 // declared where it is passed
//     k(b = clamp(b, 10));                      // b = clamp(b, 10);
//     k(clamp(b, 10));                          // clamp(b, 10); (the value is discarded)
// Given statements, clamp(...) appends them to the body; given values, it is a call.
#include <concepts>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/arguments.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/scope.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

/// `void` as a function's return type: `w::function<w::void_>`.
struct void_type {};
inline constexpr void_type void_{};

template <auto Returns>
class function : public scope<function<Returns>>, public detail::with_arguments<function<Returns>> {
    using returns_type = std::remove_cvref_t<decltype(Returns)>;
    static constexpr bool returns_value = std::same_as<returns_type, base_type>;
    static_assert(returns_value || std::same_as<returns_type, void_type>,
                  "wafer: a function returns a base type (w::function<w::xp>) or nothing (w::function<w::void_>)");

    /// What a call is: a value of the return type, or (void) a value nothing may use.
    static constexpr detail::operand_info call_info() {
        if constexpr (returns_value) return {.what = detail::role::call, .typed = true, .type = Returns};
        else return {.what = detail::role::call};
    }

public:
    /// Its positions are lines of the file it is made in.
    WAFER_CONSTEXPR explicit function(std::string_view name, call_site at = {}) {
        detail::made_at(ast_, at);
        ast_.name = name;
        if constexpr (returns_value) ast_.returns = Returns;
    }

    /// Given values (or nothing), `name(arguments...)`: a call, a value of the return type (or, as a
    /// statement, its value discarded).
    template <class... Args>
    requires(operand<Args>&&...) WAFER_CONSTEXPR expr<call_info()>
    operator()(const Args&... args) {
        (detail::check_argument<detail::info_of<Args>()>(), ...);
        ast::expr e;
        e.k = ast::expr::kind::call;
        e.name = ast_.name;
        (e.operands.push_back(detail::data_of(args).ast), ...);
        return expr<call_info()>(detail::node_data{std::move(e), std::nullopt});
    }

    /// Given statements, appends them to the body, placed at this call (scope.hpp).
    template <class... Statements>
    requires((statement_form<Statements> || declaration_form<Statements>)&&...) WAFER_CONSTEXPR function& operator()(
        const detail::first_statement& first, const Statements&... statements) {
        return this->append(first, statements...);
    }

    /// Anything else: the scope's compile error, which says what a statement is.
    template <class... Arguments>
    requires(!(operand<Arguments> && ...) &&
             !((statement_form<Arguments> || declaration_form<Arguments>)&&...)) WAFER_CONSTEXPR function&
    operator()(const Arguments&... arguments) {
        return scope<function>::operator()(arguments...);
    }

    WAFER_CONSTEXPR const ast::function_decl& to_ast() const noexcept { return ast_; }

private:
    friend class scope<function>;
    friend class detail::with_arguments<function>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return ast_.body; }
    WAFER_CONSTEXPR std::string_view file() const noexcept { return ast_.placed_in; }
    WAFER_CONSTEXPR std::vector<ast::var_decl>& arguments() noexcept { return ast_.params; }

    ast::function_decl ast_;
};

/// `return value;`
template <operand V>
WAFER_CONSTEXPR control_statement return_(V&& value) {
    detail::check_complete<detail::info_of<V>()>();
    ast::return_statement r;
    r.value = detail::data_of(std::forward<V>(value)).ast;
    return control_statement(std::move(r));
}

/// `return;`
inline WAFER_CONSTEXPR control_statement return_() { return control_statement(ast::return_statement{}); }

}  // namespace wafer::tungsten::dsl
