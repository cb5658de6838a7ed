#pragma once
// One statement `i in [lo, hi) ... target = value;` (`<-` alike: the same values where nothing
// aliases) lowers to operations of rank = number of loops, extents hi - lo. The bounds are
// compile-time constants; iterator i starts at lo, so operands are offset by lo. A loop with an
// empty (or negative) range runs no element: the statement is checked and emits nothing.
#include <cstdint>
#include <limits>
#include <string>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/expression.hpp"
#include "wafer/tungsten/detail/operand.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

/// Lowers `dst = value` in `frame` once the target is known, and emits it unless it runs no element.
inline void lower_value(context& cx, const statement_frame& frame, operand_lowering& operands, const ir::dsd& dst,
                        const ast::expr& value) {
    expression_lowering lowering(cx, frame, operands);
    lowering.assign(dst, value);
    if (frame.elements > 0) cx.emit(std::move(lowering.ops), lowering.temps, lowering.temp_words);
}

inline void lower_assignment(context& cx, const ast::assignment& a) {
    statement_frame frame;
    frame.pos = a.pos;
    if (a.loops.size() > ir::max_rank)
        cx.report.fail(a.pos, "a statement may have at most " + std::to_string(ir::max_rank) +
                                  " loops (a DSD walks up to 4 dimensions); this one has " +
                                  std::to_string(a.loops.size()));
    scope_stack::nested iterators(cx.scopes);
    for (std::size_t d = 0; d < a.loops.size(); ++d) {
        const auto& loop = a.loops[d];
        check_well_formed(loop.lo, cx.report);
        check_well_formed(loop.hi, cx.report);
        // The bounds see the enclosing scope and earlier iterators, so a triangle is found here.
        auto lo = cx.eval.integer_of(loop.lo);
        auto hi = cx.eval.integer_of(loop.hi);
        if (!lo || !hi)
            cx.report.fail(!lo ? loop.lo.pos : loop.hi.pos,
                           "loop bounds must be compile-time constants (a triangular loop is not supported yet)");
        const auto extent = *hi > *lo ? checked_arithmetic(cx.report, loop.pos).sub(*hi, *lo) : 0;
        if (extent > std::numeric_limits<std::uint32_t>::max())
            cx.report.fail(loop.pos, "loop " + quote(loop.name) + " runs " + std::to_string(extent) +
                                         " times; at most 4294967295 are supported");
        frame.extent[d] = static_cast<std::uint32_t>(extent);
        frame.elements *= static_cast<std::uint64_t>(extent);
        if (frame.elements > std::numeric_limits<std::uint32_t>::max())
            cx.report.fail(a.pos, "this statement runs more than 4294967295 elements");
        auto& it = cx.scopes.declare({loop.name, loop.pos, iterator_symbol{static_cast<int>(d), *lo}});
        it.status = declaration::state::ready;
    }
    frame.rank = static_cast<std::uint8_t>(a.loops.size());
    check_well_formed(a.target, cx.report);
    check_well_formed(a.value, cx.report);
    operand_lowering operands(cx, frame);
    auto dst = operands.target(a.target);
    lower_value(cx, frame, operands, dst, a.value);
}

/// A declarator's initial value that is not folded into data: `name = value` with no loops.
inline void lower_initial_value(context& cx, const variable_symbol& v, const std::string& name, const ast::expr& value,
                                source_position pos) {
    statement_frame frame;
    frame.pos = pos;
    operand_lowering operands(cx, frame);
    auto dst = operands.target(v, name, pos);
    lower_value(cx, frame, operands, dst, value);
}

}  // namespace wafer::tungsten::detail
