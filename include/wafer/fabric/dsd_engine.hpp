#pragma once
// The DSD engine: executes a run of elements of one ir::dsd_op with one dispatch.
//
// Each operation is prepared once per program: normalised to four loop dimensions (adjacent
// dimensions that every operand walks contiguously are merged, so a dense 2-D array is one long
// row), its memory footprint computed, and a kernel chosen for its data type and opcode. At run
// time the kernel walks whole rows in a typed loop; operands that are not memory words (index
// values, wavelets in or out) are staged in scratch words a chunk at a time, so the inner loop
// never asks what kind an operand is.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "wafer/fabric/detail/kernel.hpp"
#include "wafer/ir/pe_program.hpp"

namespace wafer::fabric {

struct prepared_op;

/// One call of the engine: elements [first, first + count) of an operation. Fabric operands
/// come and go as arrays of `count` wavelets: fabin[s] for source s, fabout for the destination.
struct dsd_batch {
    word* memory = nullptr;
    std::uint64_t first = 0, count = 0;
    std::array<const wavelet*, 3> fabin{};
    wavelet* fabout = nullptr;
};

using execute_fn = void (*)(const ir::dsd_op&, const prepared_op&, const dsd_batch&, word* scratch);

/// An ir::dsd_op ready to run: four loop dimensions (outermost first) and each operand slot's
/// word strides (0: destination, 1..3: sources). A slot staged in scratch (index, fabin, fabout)
/// has the strides of its position in the walk, so its chunk is a dense array.
struct prepared_op {
    std::array<std::uint64_t, ir::max_rank> extent{1, 1, 1, 1};
    std::array<detail::dims, detail::operand_slots> stride{};
    std::array<detail::dims, detail::operand_slots> index_stride{};  ///< index slots: value per step
    std::uint64_t elements = 0;
    std::int64_t lowest = 0, highest = -1;  ///< PE memory words touched; none when highest < lowest
    bool streams = false;                   ///< has a fabin or fabout operand
    bool staged = false;                    ///< has an operand staged per element in scratch
    execute_fn execute = nullptr;
};

/// Elements staged in scratch per kernel call: bounds the scratch an index operand needs.
inline constexpr std::uint64_t chunk_elements = 1024;

namespace detail {

inline const ir::dsd& operand(const ir::dsd_op& op, int slot) noexcept {
    return slot == 0 ? op.dst : op.src[std::size_t(slot - 1)];
}
constexpr bool in_memory(ir::dsd::kind k) noexcept { return k == ir::dsd::kind::mem; }
constexpr bool staged(ir::dsd::kind k) noexcept {
    return k == ir::dsd::kind::index || k == ir::dsd::kind::fabin || k == ir::dsd::kind::fabout;
}

template <ir::data_type T, ir::opcode Op>
void execute_typed(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b, word* scratch) {
    using E = element<T>;
    constexpr std::int64_t w = E::words;
    constexpr int used = 1 + ir::sources_of(Op);
    auto region = [&](int slot) { return scratch + std::size_t(slot) * chunk_elements * 2; };

    kernel_args a;
    a.extent = &p.extent;
    a.stride = &p.stride;
    for (int k = 0; k < used; ++k) {
        const auto& o = operand(op, k);
        if (in_memory(o.k)) {
            a.origin[k] = b.memory;
            a.base[k] = o.base;
        } else {
            a.origin[k] = region(k);
            if (o.k == ir::dsd::kind::immediate) E::store(region(k), E::from_bits(o.bits));  // stride 0
        }
    }
    const std::uint64_t step = p.staged ? chunk_elements : std::max<std::uint64_t>(b.count, 1);
    const std::uint64_t end = b.first + b.count;
    for (std::uint64_t f = b.first; f < end; f += step) {
        const std::uint64_t count = std::min(step, end - f);
        const std::uint64_t done = f - b.first;
        for (int k = 0; k < used; ++k) {
            const auto& o = operand(op, k);
            if (!staged(o.k)) continue;
            a.base[k] = -std::int64_t(f) * w;  // element f sits at the start of the region
            word* out = region(k);
            if (o.k == ir::dsd::kind::index) {
                const std::int64_t inner = p.index_stride[k][ir::max_rank - 1];
                walk<1>(p.extent, {std::int64_t(std::int32_t(o.bits))}, {p.index_stride[k]}, f, count,
                        [&](const std::array<std::int64_t, 1>& value, std::uint64_t length) {
                            for (std::uint64_t n = 0; n < length; ++n, out += w)
                                E::store(out, E::from_index(std::int64_t(std::uint64_t(value[0]) +
                                                                          n * std::uint64_t(inner))));
                        });
            } else if (o.k == ir::dsd::kind::fabin) {
                const wavelet* in = b.fabin[std::size_t(k - 1)] + done;
                for (std::uint64_t n = 0; n < count; ++n) E::store(out + n * w, E::from_wavelet(in[n]));
            }
        }
        a.first = f;
        a.count = count;
        run_rows<T, Op>(a);
        if (op.dst.k == ir::dsd::kind::fabout)
            for (std::uint64_t n = 0; n < count; ++n) b.fabout[done + n] = E::to_wavelet(E::load(region(0) + n * w));
    }
}

template <ir::data_type T>
constexpr execute_fn kernel_for(ir::opcode op) noexcept {
    switch (op) {
    case ir::opcode::mov: return &execute_typed<T, ir::opcode::mov>;
    case ir::opcode::add: return &execute_typed<T, ir::opcode::add>;
    case ir::opcode::sub: return &execute_typed<T, ir::opcode::sub>;
    case ir::opcode::mul: return &execute_typed<T, ir::opcode::mul>;
    case ir::opcode::mac: return &execute_typed<T, ir::opcode::mac>;
    case ir::opcode::neg: return &execute_typed<T, ir::opcode::neg>;
    }
    return nullptr;
}

constexpr execute_fn kernel_for(ir::data_type t, ir::opcode op) noexcept {
    switch (t) {
    case ir::data_type::int16: return kernel_for<ir::data_type::int16>(op);
    case ir::data_type::int32: return kernel_for<ir::data_type::int32>(op);
    case ir::data_type::f32: return kernel_for<ir::data_type::f32>(op);
    }
    return nullptr;
}

/// Whether stepping `outer` equals stepping `inner` `extent` times (exactly, without overflow).
constexpr bool steps_across(std::int64_t outer, std::int64_t inner, std::uint64_t extent) noexcept {
    if (inner == 0) return outer == 0;
    return outer % inner == 0 && outer / inner == std::int64_t(extent);
}

/// |(extent - 1) * stride|, saturated far above any memory address so sums cannot overflow.
constexpr std::int64_t reach(std::uint64_t extent, std::int64_t stride) noexcept {
    constexpr std::int64_t far = std::int64_t(1) << 48;
    const std::uint64_t s = std::uint64_t(stride < 0 ? -stride : stride);
    if (extent <= 1 || s == 0) return 0;
    return (extent - 1) > std::uint64_t(far) / s ? far : std::int64_t((extent - 1) * s);
}

}  // namespace detail

/// Prepares an operation that `validate` accepted (rank <= 4, kinds fit their slots, bounded
/// element count).
inline prepared_op prepare(const ir::dsd_op& op) {
    prepared_op p;
    p.execute = detail::kernel_for(op.type, op.op);
    const int used = 1 + ir::sources_of(op.op);
    const std::int64_t w = ir::words_of(op.type);
    for (int k = 0; k < used; ++k) {
        const auto kind = detail::operand(op, k).k;
        p.streams = p.streams || kind == ir::dsd::kind::fabin || kind == ir::dsd::kind::fabout;
        p.staged = p.staged || detail::staged(kind);
    }
    p.elements = op.elements();
    if (p.elements == 0) return p;

    // The loop dimensions that matter (extent > 1), innermost first, each merged into the one
    // inside it when every memory and index operand steps across the pair as one dimension.
    struct dimension {
        std::uint64_t extent;
        std::array<std::int64_t, detail::operand_slots> step;  // mem: words; index: value
    };
    std::vector<dimension> kept;
    for (int d = op.rank - 1; d >= 0; --d) {
        if (op.extent[std::size_t(d)] == 1) continue;
        dimension dim{op.extent[std::size_t(d)], {}};
        for (int k = 0; k < used; ++k) {
            const auto& o = detail::operand(op, k);
            if (o.k == ir::dsd::kind::mem || o.k == ir::dsd::kind::index) dim.step[k] = o.stride[std::size_t(d)];
        }
        if (!kept.empty()) {
            auto& in = kept.back();
            bool merge = true;
            for (int k = 0; k < used; ++k) merge = merge && detail::steps_across(dim.step[k], in.step[k], in.extent);
            if (merge) {
                in.extent *= dim.extent;
                continue;
            }
        }
        kept.push_back(dim);
    }
    std::uint64_t position = 1;  // elements per step of the dimension, for staged operands
    for (std::size_t j = 0; j < kept.size(); ++j) {
        const std::size_t d = ir::max_rank - 1 - j;
        p.extent[d] = kept[j].extent;
        for (int k = 0; k < used; ++k) {
            const auto kind = detail::operand(op, k).k;
            if (kind == ir::dsd::kind::mem) p.stride[k][d] = kept[j].step[k];
            if (detail::staged(kind)) p.stride[k][d] = std::int64_t(position) * w;
            if (kind == ir::dsd::kind::index) p.index_stride[k][d] = kept[j].step[k];
        }
        position *= kept[j].extent;
    }

    p.lowest = std::numeric_limits<std::int64_t>::max();
    p.highest = std::numeric_limits<std::int64_t>::min();
    for (int k = 0; k < used; ++k) {
        const auto& o = detail::operand(op, k);
        if (o.k != ir::dsd::kind::mem) continue;
        std::int64_t low = o.base, high = o.base + w - 1;
        for (std::size_t d = 0; d < ir::max_rank; ++d) {
            const std::int64_t r = detail::reach(p.extent[d], p.stride[k][d]);
            if (p.stride[k][d] < 0) low -= r;
            else high += r;
        }
        p.lowest = std::min(p.lowest, low);
        p.highest = std::max(p.highest, high);
    }
    if (p.highest < p.lowest) p.lowest = 0, p.highest = -1;
    return p;
}

/// Runs prepared operations; owns the scratch words staged operands pass through.
class dsd_engine {
public:
    void execute(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b) {
        p.execute(op, p, b, scratch_.data());
    }

private:
    std::vector<word> scratch_ = std::vector<word>(std::size_t(detail::operand_slots) * chunk_elements * 2);
};

}  // namespace wafer::fabric
