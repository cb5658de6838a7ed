#pragma once
// Loops as scalar code: what `i in [lo, hi)` lowers to when its bounds are not constants (a
// triangle: `i in [0, 4) j in [i, 4)`) or its body is not one DSD operation. The bounds are
// evaluated once, when the loop starts, in xp; the counter is a register; an empty range runs
// nothing. Where the bounds' values are known, so are the iterator's, and subscripts are checked.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

/// A loop's bounds as xp values, evaluated where the loop starts; a constant outside xp is an error.
inline WAFER_CONSTEXPR std::pair<ir::value, ir::value> loop_bounds(context& cx, scalar_lowering& s,
                                                                   const ast::iterator& loop) {
    const auto lo = s.eval(loop.lo), hi = s.eval(loop.hi);
    for (const auto* bound : {&lo, &hi})
        if (bound->k == rvalue::kind::constant &&
            (bound->c.is_real || bound->c.integer < -32768 || bound->c.integer > 32767))
            cx.report.fail(bound == &lo ? loop.lo.pos : loop.hi.pos,
                           "a bound of loop " + quote(loop.name) + " must be an xp value (-32768 to 32767)");
    const auto first = s.as(lo, base_type::xp, loop.lo.pos);
    return {first, s.as(hi, base_type::xp, loop.hi.pos)};
}

/// The iterator's values [first, last], when the ranges of the bounds tell and the loop runs.
inline WAFER_CONSTEXPR std::optional<std::pair<std::int64_t, std::int64_t>> loop_range(const scalar_lowering& s,
                                                                                       const ast::iterator& loop) {
    auto lo = s.range_of(loop.lo), hi = s.range_of(loop.hi);
    if (lo && hi && hi->second - 1 >= lo->first) return std::pair{lo->first, hi->second - 1};
    return std::nullopt;
}

/// Runs `body` inside loops[d..], declaring each iterator in the current scope.
template <class Body>
WAFER_CONSTEXPR void scalar_loops(context& cx, const std::vector<ast::iterator>& loops, std::size_t d, Body&& body) {
    if (d == loops.size()) return body();
    const auto& loop = loops[d];
    check_well_formed(loop.lo, cx.report);
    check_well_formed(loop.hi, cx.report);
    scalar_lowering s(cx);
    s.at(loop.pos);
    const auto [lo, end] = loop_bounds(cx, s, loop);
    const auto counter = cx.new_register();
    s.move(counter, lo, base_type::xp);
    const auto test = cx.new_block(), inside = cx.new_block(), after = cx.new_block();
    s.jump(test, test, loop.pos);
    ir::instruction b;
    b.code = ir::instr::branch;
    b.type = ir::data_type::u16;
    b.src[0] = s.arithmetic(ir::instr::lt, base_type::xp, ir::r(counter), end);
    b.target = inside;
    b.other = after;
    b.pos = loop.pos;
    cx.end_block(b, inside);
    iterator_symbol it{0, 0, counter, loop_range(s, loop)};
    auto& declared = cx.scopes.declare({loop.name, loop.pos, it});
    declared.status = declaration::state::ready;
    scalar_loops(cx, loops, d + 1, body);
    s.at(loop.pos);
    ir::instruction step;
    step.code = ir::instr::add;
    step.type = ir::data_type::i16;
    step.dst = counter;
    step.src = {ir::r(counter), ir::imm(1), {}};
    step.pos = loop.pos;
    cx.add(step);
    s.jump(test, after, loop.pos);
}

/// The range of `∑(name in [lo, hi)) ...`, as a loop's.
inline WAFER_CONSTEXPR ast::iterator sum_range(const ast::expr& sum) {
    ast::iterator range;
    range.name = sum.name;
    range.lo = sum.operands[0];
    range.hi = sum.operands[1];
    range.pos = sum.pos;
    return range;
}

inline rvalue scalar_lowering::sum(const ast::expr& e) {
    const auto& summand = e.operands[2];
    const auto total = cx_.new_register();
    at(e.pos);
    move(total, zero, base_type::u32);  // zero has the same bits in every type
    base_type type = base_type::xp;
    {
        scope_stack::nested iterator(cx_.scopes);  // the ∑'s iterator is visible only in its operand
        scalar_loops(cx_, {sum_range(e)}, 0, [&] {
            // The sum computes in its operand's type; a literal operand sums as xp (or sp when real).
            const auto c = cx_.eval.constant_of(summand);
            type = static_type(summand).value_or(c && c->is_real ? base_type::sp : base_type::xp);
            check_scalar(type, e.pos);
            ++summing_;
            const auto v = eval(summand);
            --summing_;
            at(e.pos);
            move(total, arithmetic(ir::instr::add, type, ir::r(total), as(v, type, summand.pos)), type);
        });
    }
    return typed(type, ir::r(total));
}

}  // namespace wafer::tungsten::detail
