#pragma once
// A kernel's or block's declarations (scope.hpp): inline in header-only use, compiled once with the
// rest of wafer/src.hpp otherwise.
#include "wafer/tungsten/dsl/scope.hpp"
#include "wafer/tungsten/positions.hpp"

namespace wafer::tungsten::dsl::detail {

WAFER_CONSTEXPR WAFER_DECL void append_param(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                             const std::optional<ast::expr>& default_value) {
    ast::param_decl d;
    d.type = type;
    d.name = name;
    d.default_value = default_value;
    body.emplace_back(std::move(d));
}

WAFER_CONSTEXPR WAFER_DECL void append_socket(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                              std::initializer_list<queue_choice> queues) {
    ast::socket_decl d;
    d.type = type;
    d.name = name;
    for (const queue_choice& q : queues) (q.input ? d.input_queue : d.output_queue) = q.queue;
    body.emplace_back(std::move(d));
}

WAFER_CONSTEXPR WAFER_DECL ast::expr append_variable(std::vector<ast::statement>& body, ast::var_decl&& d,
                                                     std::optional<ast::expr>&& value) {
    if (value) d.init.emplace().value = std::move(*value);
    ast::expr name = ast::name_expr(d.name);
    body.emplace_back(std::move(d));
    return name;
}

WAFER_CONSTEXPR WAFER_DECL void append_array(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                             std::initializer_list<dimension> dims, const initializer& init,
                                             const placement* at) {
    ast::var_decl d;
    d.type = type;
    d.name = name;
    for (const dimension& dim : dims) d.dims.push_back(dim.to_ast());
    d.init = init.to_ast();
    if (at) d.placement = at->to_ast();
    body.emplace_back(std::move(d));
}

/// The nested scopes in `s` (blocks, handlers, functions, tasks) that placed their positions in
/// another file than `file` lose them, as lines of that file; every nested scope's mark is cleared.
/// A marked scope's own nested scopes were settled when its calls added them.
inline WAFER_CONSTEXPR void settle_nested_scopes(ast::statement& s, std::string_view file) {
    std::visit(
        [&](auto& d) {
            using T = std::remove_cvref_t<decltype(d)>;
            if constexpr (requires { d.placed_in; }) {
                if (d.placed_in.empty()) {
                    for (auto& b : d.body) settle_nested_scopes(b, file);
                } else {
                    if (d.placed_in != file) ast::clear_positions(s);
                    d.placed_in = {};
                }
            } else if constexpr (std::is_same_v<T, ast::if_statement>) {
                for (auto& b : d.then_branch) settle_nested_scopes(b, file);
                for (auto& b : d.else_branch) settle_nested_scopes(b, file);
            } else if constexpr (std::is_same_v<T, ast::loop_statement>) {
                for (auto& b : d.body) settle_nested_scopes(b, file);
            }
        },
        s);
}

WAFER_CONSTEXPR WAFER_DECL void place_statements(std::vector<ast::statement>& body, std::size_t from,
                                                 std::string_view file, const call_site& at) {
    const bool here = std::string_view(at.file) == file;
    for (std::size_t i = from; i < body.size(); ++i) {
        settle_nested_scopes(body[i], file);
        if (here) ast::place_unplaced(body[i], at.position());
    }
}

}  // namespace wafer::tungsten::dsl::detail
