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

WAFER_CONSTEXPR WAFER_DECL void place_statements(std::vector<ast::statement>& body, std::size_t from,
                                                 source_position pos) {
    for (std::size_t i = from; i < body.size(); ++i)
        ast::for_each_position(body[i], [pos](source_position& p) {
            if (p == source_position{}) p = pos;
        });
}

}  // namespace wafer::tungsten::dsl::detail
