#pragma once
// lower() and the statement lowering it runs: defined in lower.hpp's translation units
// (header-only), or once in the library that compiles wafer/src.hpp (WAFER_SEPARATE_COMPILATION,
// docs/embedding.md).
#include "wafer/tungsten/lower.hpp"

#include <type_traits>
#include <variant>
#include <vector>

#include "wafer/tungsten/detail/assignment.hpp"
#include "wafer/tungsten/detail/constant.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/control.hpp"
#include "wafer/tungsten/detail/declaration.hpp"
#include "wafer/tungsten/detail/function.hpp"
#include "wafer/tungsten/detail/handler.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten {

namespace detail {

inline WAFER_CONSTEXPR void lower_statements(context& cx, const std::vector<ast::statement>& body);

struct statement_lowering {
    context& cx;
    WAFER_CONSTEXPR void operator()(const ast::param_decl& p) const { declare_param(cx, p); }
    WAFER_CONSTEXPR void operator()(const ast::socket_decl& s) const { declare_socket(cx, s); }
    WAFER_CONSTEXPR void operator()(const ast::var_decl& v) const { declare_variable(cx, v); }
    WAFER_CONSTEXPR void operator()(const ast::struct_decl& s) const { declare_struct(cx, s); }
    WAFER_CONSTEXPR void operator()(const ast::typedef_decl& t) const { declare_typedef(cx, t); }
    WAFER_CONSTEXPR void operator()(const ast::function_decl& f) const { declare_function(cx, f); }
    WAFER_CONSTEXPR void operator()(const ast::handler_decl& h) const { declare_handler(cx, h); }
    WAFER_CONSTEXPR void operator()(const ast::return_statement& r) const { lower_return(cx, r); }
    WAFER_CONSTEXPR void operator()(const ast::call_statement& c) const { lower_call_statement(cx, c); }
    WAFER_CONSTEXPR void operator()(const ast::fifo_decl& f) const { declare_fifo(cx, f); }
    WAFER_CONSTEXPR void operator()(const ast::task_decl& t) const { declare_task(cx, t); }
    WAFER_CONSTEXPR void operator()(const ast::task_statement& a) const { lower_task_statement(cx, a); }
    WAFER_CONSTEXPR void operator()(const ast::import_statement& i) const {
        // The package's declarations and statements join the global scope where the import stands.
        if (!cx.scopes.at_top_level()) cx.report.fail(i.pos, "import " + i.package + " must stand at top level");
        const auto* package = i.loaded();
        if (!package)
            return cx.report.fail(i.pos,
                                  "package " + quote(i.package) +
                                      " was not loaded: the front end that reads "
                                      "the kernel loads its imports (wafer carbide and wafer run do, from lib=)");
        if (cx.import_depth == max_import_depth)
            return cx.report.fail(i.pos, "imports nest deeper than " + decimal(max_import_depth) + " packages");
        {
            // A selective import's names but the imported ones are its own; a package that a selective
            // one imports whole is part of it.
            const auto* within = cx.scopes.current_package();
            reporter::from text(cx.report, package->source);
            if (!i.names.empty())
                cx.scopes.keep_private(package->source, {i.package, {i.names.begin(), i.names.end()}});
            else if (within)
                cx.scopes.keep_private(package->source, scope_stack::private_package(*within));
            ++cx.import_depth;
            lower_statements(cx, package->body);
            --cx.import_depth;
        }
        for (const auto& name : i.names)
            if (!cx.scopes.find(name) && !cx.function_named(name) && !cx.scopes.find(tag_key(false, name)) &&
                !cx.scopes.find(tag_key(true, name)))
                cx.report.error(i.pos, "package " + quote(i.package) + " declares no " + quote(name) + " to import");
    }
    WAFER_CONSTEXPR void operator()(const ast::assignment& a) const { lower_assignment(cx, a); }
    WAFER_CONSTEXPR void operator()(const ast::block& b) const {
        check_depth(b.pos);
        scope_stack::nested scope(cx.scopes);  // the label only names the block (reference §1)
        lower_statements(cx, b.body);
    }
    WAFER_CONSTEXPR void operator()(const ast::if_statement& i) const {
        check_depth(i.pos);
        check_well_formed(i.condition, cx.report);
        if (const auto known = evaluator(cx.scopes, cx.report).truth_of(i.condition)) {
            // A condition of params and literals is decided here: only the branch taken becomes code
            // (and takes queues, so an `if (row == 0)` can read a socket in one variant and write it
            // in another). The other is still checked, then undone, as a function body is.
            const bool taken = *known;
            branch(taken ? i.then_branch : i.else_branch);
            auto saved = cx.save();
            try {
                branch(taken ? i.else_branch : i.then_branch);
            } catch (const abandon&) {
            }
            cx.restore(std::move(saved));
            return;
        }
        const auto then_block = cx.new_block(), join = cx.new_block();
        const auto else_block = i.else_branch.empty() ? join : cx.new_block();
        scalar_lowering s(cx);
        s.branch(i.condition, then_block, else_block);
        branch(i.then_branch);
        s.jump(join, else_block, i.pos);
        if (i.else_branch.empty()) return;
        branch(i.else_branch);
        s.jump(join, join, i.pos);
    }
    WAFER_CONSTEXPR void operator()(const ast::loop_statement& l) const {
        check_depth(l.pos);
        scope_stack::nested iterators(cx.scopes);
        scalar_loops(cx, l.loops, 0, [&] { branch(l.body); });
    }

private:
    WAFER_CONSTEXPR void check_depth(source_position pos) const {
        if (cx.scopes.depth() > max_nesting)
            cx.report.fail(pos, "blocks nest deeper than " + decimal(max_nesting) + " levels");
    }
    /// A branch or loop body: its own scope, as if it were a block.
    WAFER_CONSTEXPR void branch(const std::vector<ast::statement>& body) const {
        scope_stack::nested scope(cx.scopes);
        lower_statements(cx, body);
    }
};

inline WAFER_CONSTEXPR void lower_statements(context& cx, const std::vector<ast::statement>& body) {
    for (const auto& s : body) {
        if (cx.report.stopped()) return;  // only in a constant expression: the first error ends it
        const auto registers = cx.register_mark();  // a statement's registers are free after it
        try {
            std::visit(statement_lowering{cx}, static_cast<const ast::statement::variant&>(s));
        } catch (const abandon&) {
            // reported; go on with the next statement
        }
        cx.release_registers(registers);
    }
}

}  // namespace detail

namespace detail {

/// Whether any declaration in `body` is placed by address(0x...).
inline WAFER_CONSTEXPR bool has_address_placement(const std::vector<ast::statement>& body, int imports = 0) {
    for (const auto& s : body) {
        const bool placed = std::visit(
            [imports](const auto& node) {
                using T = std::decay_t<decltype(node)>;
                if constexpr (std::is_same_v<T, ast::var_decl>)
                    return node.placement && node.placement->k == ast::placement::kind::address;
                else if constexpr (std::is_same_v<T, ast::block>)
                    return has_address_placement(node.body, imports);
                else if constexpr (std::is_same_v<T, ast::if_statement>)
                    return has_address_placement(node.then_branch, imports) ||
                           has_address_placement(node.else_branch, imports);
                else if constexpr (std::is_same_v<T, ast::loop_statement> || std::is_same_v<T, ast::function_decl> ||
                                   std::is_same_v<T, ast::handler_decl> || std::is_same_v<T, ast::task_decl>)
                    return has_address_placement(node.body, imports);
                else if constexpr (std::is_same_v<T, ast::import_statement>)
                    return node.loaded() && imports < max_import_depth &&
                           has_address_placement(node.loaded()->body, imports + 1);
                else
                    return false;
            },
            static_cast<const ast::statement::variant&>(s));
        if (placed) return true;
    }
    return false;
}

}  // namespace detail

WAFER_CONSTEXPR WAFER_DECL ir::pe_program lower(const ast::program& prog, const std::vector<ir::param_value>& settings,
                                                diagnostics& diags, const lower_options& options) {
    // address() placements take their words wherever they are declared: a first run finds them, so
    // the real one allocates everything else around them.
    std::vector<detail::word_range> reserved;
    if (detail::has_address_placement(prog.body)) {
        diagnostics discarded;
        detail::context probe(prog, settings, discarded, options);
        probe.lower_statements = detail::lower_statements;
        detail::lower_statements(probe, prog.body);
        reserved = probe.memory.placed();
    }
    detail::context cx(prog, settings, diags, options, std::move(reserved));
    cx.lower_statements = detail::lower_statements;
    detail::lower_statements(cx, prog.body);
    // In a constant expression nothing is thrown: the caller finds the errors in `diags`.
    if (wafer::detail::constant_evaluated() && cx.report.errors() != 0) return {};
    cx.finish();
    diags.check();
    return std::move(cx.out);
}

}  // namespace wafer::tungsten
