#pragma once
// Lowers `dst = value` for one statement. A value with the shape of a DSD operation is ONE
// operation: x (mov), -x (neg), x op y for each operator the vector engine runs (operation_of),
// x*y+z and z+x*y (mac), (T)x of a reference x of another type (convert), x > y ? x : y and its kin
// (max, min), where each of x, y, z is a leaf (see operand_lowering). A deeper value first computes its inner parts into
// temporaries: dense row-major vectors over the loop extents. Every leaf, so every socket read, is
// an operand of exactly one operation, and the operations run in the order they are emitted.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/operand.hpp"

namespace wafer::tungsten::detail {

/// The DSD operation binary operator `op` is, if the vector engine runs it: +, -, *, and on
/// integers &, |, ^, <<, >> (logical) and x>> (arithmetic).
constexpr std::optional<ir::opcode> operation_of(ast::binary_op op) noexcept {
    switch (op) {
    case ast::binary_op::add: return ir::opcode::add;
    case ast::binary_op::sub: return ir::opcode::sub;
    case ast::binary_op::mul: return ir::opcode::mul;
    case ast::binary_op::bit_and: return ir::opcode::bit_and;
    case ast::binary_op::bit_or: return ir::opcode::bit_or;
    case ast::binary_op::bit_xor: return ir::opcode::bit_xor;
    case ast::binary_op::shl: return ir::opcode::shl;
    case ast::binary_op::shr: return ir::opcode::shr;
    case ast::binary_op::sar: return ir::opcode::sar;
    default: return std::nullopt;
    }
}

/// Whether two expressions are the same text but for where they stand.
inline WAFER_CONSTEXPR bool same_expression(const ast::expr& a, const ast::expr& b) {
    if (a.k != b.k || a.value != b.value || a.real != b.real || a.name != b.name || a.op != b.op || a.type != b.type ||
        a.named != b.named || a.operands.size() != b.operands.size())
        return false;
    for (std::size_t k = 0; k < a.operands.size(); ++k)
        if (!same_expression(a.operands[k], b.operands[k])) return false;
    return true;
}

/// The vector engine's max or min that `p > q ? p : q`, `p < q ? q : p` and their kin are, and its
/// sources in order: max(a, b) is b > a ? b : a, min(a, b) b < a ? b : a (detail/kernel.hpp), so
/// each select maps to one with the same value for every input. On floats only > and < do: with
/// >= and <=, equal values (+0 and -0) and a NaN would pick the other arm.
struct extremum {
    ir::opcode op;
    const ast::expr* a;
    const ast::expr* b;
};
inline WAFER_CONSTEXPR std::optional<extremum> extremum_of(const ast::expr& e, bool floating) {
    if (e.k != ast::expr::kind::conditional || e.operands[0].k != ast::expr::kind::binary) return std::nullopt;
    const auto& cond = e.operands[0];
    const auto& p = cond.operands[0];
    const auto& q = cond.operands[1];
    const auto& x = e.operands[1];
    const auto& y = e.operands[2];
    const bool greater = cond.op == ast::binary_op::gt || (!floating && cond.op == ast::binary_op::ge);
    const bool less = cond.op == ast::binary_op::lt || (!floating && cond.op == ast::binary_op::le);
    if (!greater && !less) return std::nullopt;
    if (same_expression(x, p) && same_expression(y, q))  // p > q ? p : q is max(q, p); with < min(q, p)
        return extremum{greater ? ir::opcode::max : ir::opcode::min, &q, &p};
    if (same_expression(x, q) && same_expression(y, p))  // p > q ? q : p is min(p, q); with < max(p, q)
        return extremum{greater ? ir::opcode::min : ir::opcode::max, &p, &q};
    return std::nullopt;
}

class expression_lowering {
public:
    WAFER_CONSTEXPR expression_lowering(context& cx, const statement_frame& frame, operand_lowering& operands)
        : cx_(cx), f_(frame), operands_(operands) {}

    WAFER_CONSTEXPR void assign(const ir::dsd& dst, const ast::expr& value) { into(value, {dst, false}); }

    std::vector<ir::dsd_op> ops;
    std::vector<temp_operand> temps;  ///< operands of `ops` that address the temporary area
    std::uint32_t temp_words = 0;     ///< words of temporaries this statement uses

private:
    struct operand {
        ir::dsd d;
        bool temp = false;
    };

    WAFER_CONSTEXPR void into(const ast::expr& e, const operand& dst) {
        if (operands_.is_leaf(e)) return emit(ir::opcode::mov, dst, {value_of(e)});
        if (e.k == ast::expr::kind::negate) return emit(ir::opcode::neg, dst, {value_of(e.operands[0])});
        if (e.k == ast::expr::kind::conditional) {  // a max or a min (dsd_shape)
            const auto m = *extremum_of(e, ir::is_float(f_.data));
            auto a = value_of(*m.a);
            auto b = value_of(*m.b);
            return emit(m.op, dst, {a, b});
        }
        if (e.k == ast::expr::kind::cast) {  // of a reference (dsd_shape): one conversion, or a copy
            const auto [source, from] = operands_.converted(e.operands[0]);
            if (from == f_.data) return emit(ir::opcode::mov, dst, {{source, false}});
            return emit(ir::opcode::convert, dst, {{source, false}}, from);
        }
        const auto& lhs = e.operands[0];
        const auto& rhs = e.operands[1];
        if (e.op == ast::binary_op::add) {
            for (const auto* product : {&lhs, &rhs}) {
                if (!is_product(*product)) continue;
                const auto& addend = product == &lhs ? rhs : lhs;
                auto s0 = value_of(product->operands[0]);
                auto s1 = value_of(product->operands[1]);
                return emit(ir::opcode::mac, dst, {s0, s1, value_of(addend)});
            }
        }
        auto s0 = value_of(lhs);
        auto s1 = value_of(rhs);
        emit(*operation_of(e.op), dst, {s0, s1});  // dsd_shape admitted only these
    }

    WAFER_CONSTEXPR bool is_product(const ast::expr& e) const {
        return e.k == ast::expr::kind::binary && e.op == ast::binary_op::mul && !operands_.is_leaf(e);
    }

    /// A leaf's operand, or a temporary holding the value of a deeper expression.
    WAFER_CONSTEXPR operand value_of(const ast::expr& e) {
        if (operands_.is_leaf(e)) return {operands_.leaf(e), false};
        auto t = new_temp();
        into(e, t);
        return t;
    }

    WAFER_CONSTEXPR operand new_temp() {
        const std::uint32_t words = ir::words_of(f_.data);
        const std::uint64_t base = temp_words + (words == 2 ? temp_words % 2 : 0);
        const std::uint64_t end = base + f_.elements * words;
        if (end > hw::memory_words)
            cx_.report.fail(f_.pos, "this statement needs " + count_of(end, "word") +
                                        " of temporaries, more than PE memory holds; split it into simpler statements");
        temp_words = static_cast<std::uint32_t>(end);
        operand t{{}, true};
        t.d.k = ir::dsd::kind::mem;
        t.d.base = static_cast<address>(base);
        std::int64_t stride = words;
        for (int d = f_.rank; d-- > 0;) {
            t.d.stride[static_cast<std::size_t>(d)] = static_cast<std::int32_t>(stride);
            stride *= f_.extent[static_cast<std::size_t>(d)];
        }
        return t;
    }

    WAFER_CONSTEXPR void emit(ir::opcode op, const operand& dst, std::initializer_list<operand> sources,
                              ir::data_type from = ir::data_type::i16) {
        ir::dsd_op o;
        o.op = op;
        o.type = f_.data;
        o.from = from;
        o.rank = f_.rank;
        o.extent = f_.extent;
        o.pos = f_.pos;
        o.dst = dst.d;
        if (dst.temp) temps.push_back({ops.size(), 0});
        int slot = 1;
        for (const auto& s : sources) {
            o.src[static_cast<std::size_t>(slot - 1)] = s.d;
            if (s.temp) temps.push_back({ops.size(), slot});
            ++slot;
        }
        ops.push_back(o);
    }

    context& cx_;
    const statement_frame& f_;
    operand_lowering& operands_;
};

}  // namespace wafer::tungsten::detail
