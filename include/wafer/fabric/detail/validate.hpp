#pragma once
// Checks a layout before the fabric runs it, so the interpreter can trust every index, color,
// queue and operand kind. Everything reported here is something a front end (or a hand-built
// layout) can get wrong.
#include <cstdint>
#include <set>
#include <string>
#include <utility>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/deadlock.hpp"
#include "wafer/fabric/router.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric::detail {

/// More elements than any run could reach; keeps element counts and strides far from overflow.
inline constexpr std::uint64_t max_op_elements = std::uint64_t(1) << 40;
inline constexpr std::size_t max_layout_errors = 50;

class layout_checker {
public:
    explicit layout_checker(const ir::layout& l) : l_(l) {}

    /// Throws wafer::error with every problem found (up to max_layout_errors).
    void check() {
        if (l_.width < 1 || l_.height < 1)
            error("", {}, "the fabric is " + std::to_string(l_.width) + " x " + std::to_string(l_.height) +
                              "; it needs at least one PE");
        for (std::size_t i = 0; i < l_.programs.size(); ++i) program(l_.programs[i]);
        std::set<std::pair<std::int32_t, std::int32_t>> cells;
        for (const auto& p : l_.pes) placed(p, cells);
        cells.clear();
        for (const auto& r : l_.routers) router(r, cells);
        if (ds_.has_errors() && ds_.list().size() >= max_layout_errors)
            ds_.add({severity::error, "", {}, "too many errors in the layout; stopped checking", ""});
        ds_.check();
    }

private:
    void error(const std::string& file, source_position pos, std::string message) {
        if (ds_.list().size() < max_layout_errors) ds_.add({severity::error, file, pos, std::move(message), ""});
    }
    bool inside(std::int32_t x, std::int32_t y) const { return x >= 0 && y >= 0 && x < l_.width && y < l_.height; }

    void program(const ir::pe_program& p) {
        const std::string& file = p.source_file;
        const std::string kernel = "kernel '" + p.kernel + "'";
        if (p.memory_words > pe_memory_words)
            error(file, {}, kernel + " uses " + std::to_string(p.memory_words) + " words of memory; a PE has " +
                                std::to_string(pe_memory_words));
        for (const auto& d : p.data)
            if (d.base + d.words.size() > p.memory_words)
                error(file, {}, kernel + " has initial data for words " + std::to_string(d.base) + " to " +
                                    std::to_string(d.base + d.words.size() - 1) + ", past its " +
                                    std::to_string(p.memory_words) + " words of memory");
        for (std::size_t i = 0; i < p.code.size(); ++i) operation(p, i);
    }

    void operation(const ir::pe_program& p, std::size_t index) {
        const auto& op = p.code[index];
        const std::string what = "operation " + std::to_string(index + 1) + " of kernel '" + p.kernel + "'";
        auto bad = [&](const std::string& message) { error(p.source_file, op.pos, what + ": " + message); };
        if (unsigned(op.op) > unsigned(ir::opcode::neg)) return bad("unknown opcode " + std::to_string(int(op.op)));
        if (unsigned(op.type) > unsigned(ir::data_type::f32))
            return bad("unknown data type " + std::to_string(int(op.type)));
        if (op.rank > ir::max_rank)
            return bad("rank " + std::to_string(op.rank) + " exceeds " + std::to_string(ir::max_rank));
        std::uint64_t elements = 1;
        for (int d = 0; d < op.rank; ++d) {
            const std::uint64_t e = op.extent[std::size_t(d)];
            if (e != 0 && elements > max_op_elements / e) return bad("walks more than 2^40 elements");
            elements *= e;
        }
        if (op.dst.k != ir::dsd::kind::mem && op.dst.k != ir::dsd::kind::fabout)
            bad("the destination must be memory or an output queue (fabout)");
        std::uint8_t read = 0;
        for (int s = 0; s < ir::sources_of(op.op); ++s) {
            const auto& o = op.src[std::size_t(s)];
            if (o.k == ir::dsd::kind::fabout) bad("source " + std::to_string(s) + " is an output queue (fabout)");
            if (unsigned(o.k) > unsigned(ir::dsd::kind::index)) bad("source " + std::to_string(s) + " has an unknown kind");
            if (o.k != ir::dsd::kind::fabin) continue;
            if (o.queue >= ir::input_queue_length.size())
                bad("input queue " + std::to_string(o.queue) + " does not exist (0.." +
                    std::to_string(ir::input_queue_length.size() - 1) + ")");
            else if (read & (1u << o.queue)) bad("reads input queue " + std::to_string(o.queue) + " twice per element");
            else read = std::uint8_t(read | 1u << o.queue);
        }
        if (op.dst.k == ir::dsd::kind::fabout && op.dst.queue >= ir::output_queue_length.size())
            bad("output queue " + std::to_string(op.dst.queue) + " does not exist (0.." +
                std::to_string(ir::output_queue_length.size() - 1) + ")");
    }

    void placed(const ir::placed_pe& p, std::set<std::pair<std::int32_t, std::int32_t>>& cells) {
        const std::string at = "PE " + coordinates(p.x, p.y) + (p.name.empty() ? "" : " " + p.name);
        if (!inside(p.x, p.y)) error("", {}, at + " lies outside the " + std::to_string(l_.width) + " x " +
                                                 std::to_string(l_.height) + " fabric");
        if (!cells.insert({p.x, p.y}).second) error("", {}, at + " is placed twice");
        if (p.program >= l_.programs.size())
            return error("", {}, at + " runs program " + std::to_string(p.program) + " of " +
                                     std::to_string(l_.programs.size()));
        std::uint32_t colors = 0;
        for (std::size_t q = 0; q < p.input_color.size(); ++q) {
            const int c = p.input_color[q];
            if (c < -1 || c >= router_colors) error("", {}, at + ": input queue " + std::to_string(q) + " bound to color " + std::to_string(c));
            else if (c >= 0 && (colors & (1u << c)))
                error("", {}, at + ": two input queues are bound to color " + std::to_string(c));
            else if (c >= 0) colors |= 1u << c;
        }
        for (std::size_t q = 0; q < p.output_color.size(); ++q) {
            const int c = p.output_color[q];
            if (c < -1 || c >= router_colors)
                error("", {}, at + ": output queue " + std::to_string(q) + " bound to color " + std::to_string(c));
        }
    }

    void router(const ir::router& r, std::set<std::pair<std::int32_t, std::int32_t>>& cells) {
        const std::string at = "router " + coordinates(r.x, r.y);
        if (!inside(r.x, r.y)) error("", {}, at + " lies outside the fabric");
        if (!cells.insert({r.x, r.y}).second) error("", {}, at + " is configured twice");
        std::uint32_t seen = 0;
        for (const auto& c : r.colors) {
            const std::string color = at + ", color " + std::to_string(c.color);
            if (c.color >= router_colors) {
                error("", {}, color + ": colors are 0.." + std::to_string(router_colors - 1));
                continue;
            }
            if (seen & (1u << c.color)) error("", {}, color + " is configured twice");
            seen |= 1u << c.color;
            if (c.positions.empty() || c.positions.size() > max_switch_positions)
                error("", {}, color + " has " + std::to_string(c.positions.size()) + " switch positions; 1 to " +
                                  std::to_string(max_switch_positions) + " are supported");
            for (const auto& p : c.positions)
                if (unsigned(p.input) >= unsigned(ir::port_count) || p.outputs >= (1u << ir::port_count))
                    error("", {}, color + " has a switch position with an unknown port");
        }
    }

    const ir::layout& l_;
    diagnostics ds_;
};

}  // namespace wafer::fabric::detail
