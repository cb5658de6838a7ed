#pragma once
// Check a Tungsten program and lower it to a PE program: the one checker and lowering for both
// front ends (the X3 parser and the C++ DSL build the same AST).
//
// Statements lower to DSD operations in source order, blocks inline where they stand. An error
// abandons its declaration or statement and checking goes on, so one run reports every
// independent error; a name whose declaration failed is skipped silently where it is used.
#include <variant>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/assignment.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/declaration.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten {

namespace detail {

inline void lower_statements(context& cx, const std::vector<ast::statement>& body);

struct statement_lowering {
    context& cx;
    void operator()(const ast::param_decl& p) const { declare_param(cx, p); }
    void operator()(const ast::socket_decl& s) const { declare_socket(cx, s); }
    void operator()(const ast::var_decl& v) const { declare_variable(cx, v); }
    void operator()(const ast::assignment& a) const { lower_assignment(cx, a); }
    void operator()(const ast::block& b) const {
        if (cx.scopes.depth() > max_nesting)
            cx.report.fail(b.pos, "blocks nest deeper than " + std::to_string(max_nesting) + " levels");
        scope_stack::nested scope(cx.scopes);  // the label only names the block (reference §1)
        lower_statements(cx, b.body);
    }
};

inline void lower_statements(context& cx, const std::vector<ast::statement>& body) {
    for (const auto& s : body) {
        try {
            std::visit(statement_lowering{cx}, static_cast<const ast::statement::variant&>(s));
        } catch (const abandon&) {
            // reported; go on with the next statement
        }
    }
}

}  // namespace detail

/// Checks `prog` with the given param settings (`set=N=16`), lowers it, and returns the PE program.
/// Warnings go to `diags`; on any error, throws wafer::error carrying everything gathered.
inline ir::pe_program lower(const ast::program& prog, const std::vector<ir::param_value>& settings,
                            diagnostics& diags) {
    detail::context cx(prog, settings, diags);
    detail::lower_statements(cx, prog.body);
    cx.finish();
    diags.check();
    return std::move(cx.out);
}

}  // namespace wafer::tungsten
