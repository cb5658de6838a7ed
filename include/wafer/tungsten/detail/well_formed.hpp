#pragma once
// The AST comes from two front ends (and from hand-built C++), so every expression is checked once
// where it enters the checker: each node has the operands its kind needs, and the tree nests at
// most max_nesting deep. Everything after relies on that and recurses without further checks.
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/access.hpp"
#include "wafer/tungsten/detail/report.hpp"

namespace wafer::tungsten::detail {

inline WAFER_CONSTEXPR void check_well_formed(const ast::expr& e, const reporter& report, int depth = 0) {
    using kind = ast::expr::kind;
    if (depth > max_nesting) report.fail(e.pos, "expression nests deeper than " + decimal(max_nesting) + " levels");
    std::size_t arity = 0;
    switch (e.k) {
        case kind::integer:
        case kind::real:
        case kind::name:
        case kind::size_of_type: arity = 0; break;
        case kind::subscript:
        case kind::call: arity = e.operands.size(); break;
        case kind::member:
            if (e.operands.empty() || !is_reference(e.operands[0]))
                report.fail(e.pos, "malformed expression (a member of no reference)");
            arity = e.operands.size();
            break;
        case kind::size_of:
        case kind::negate:
        case kind::complement:
        case kind::logical_not:
        case kind::cast: arity = 1; break;
        case kind::binary:
            if (static_cast<int>(e.op) > static_cast<int>(ast::binary_op::logical_or))
                report.fail(e.pos, "malformed expression (unknown operator)");
            arity = 2;
            break;
        case kind::conditional:
        case kind::sum: arity = 3; break;
        default: report.fail(e.pos, "malformed expression (unknown kind)");
    }
    if (e.operands.size() != arity) report.fail(e.pos, "malformed expression (wrong number of operands)");
    if (((is_reference(e) || e.k == kind::call || e.k == kind::sum) && e.name.empty()) || (e.k == kind::size_of_type && e.named && e.named->name.empty()))
        report.fail(e.pos, "malformed expression (a name is empty)");
    for (const auto& o : e.operands) check_well_formed(o, report, depth + 1);
}

}  // namespace wafer::tungsten::detail
