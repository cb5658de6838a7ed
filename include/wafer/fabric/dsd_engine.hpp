#pragma once
// The DSD engine: executes a run of elements of one ir::dsd_op with one dispatch.
//
// Each operation is prepared once per program: normalised to four loop dimensions (adjacent
// dimensions that every operand walks contiguously are merged, so a dense 2-D array is one long
// row), its memory reach computed, and a kernel chosen for its data type and opcode. At run
// time the kernel walks whole rows in a typed loop; operands that are not memory words (index
// values, constants, wavelets and FIFO entries in or out) are staged in scratch words a chunk at a
// time, so the inner loop never asks what kind an operand is. The PE turns wavelets and FIFO
// entries into 32-bit element bits and back; the engine never sees a queue.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/detail/kernel.hpp"
#include "wafer/fabric/detail/scalar.hpp"
#include "wafer/ir/dsd.hpp"

namespace wafer::fabric {

struct prepared_op;

/// One call of the engine: elements [first, first + count) of an operation. `base[k]` is the word
/// address of memory slot k's first element (resolved when the operation issued). Staged sources
/// come as `count` element bits in `in[s]` (source s); a staged destination leaves them in `out`.
struct dsd_batch {
    word* memory = nullptr;
    std::uint64_t first = 0, count = 0;
    std::array<std::int32_t, detail::operand_slots> base{};
    std::array<const std::uint32_t*, 3> in{};
    std::uint32_t* out = nullptr;
};

using execute_fn = void (*)(const ir::dsd_op&, const prepared_op&, const dsd_batch&, word* scratch);

/// An ir::dsd_op ready to run: four loop dimensions (outermost first) and each operand slot's
/// word strides (0: destination, 1..3: sources). A slot staged in scratch (index, immediate, fabric,
/// FIFO) has the strides of its position in the walk, so its chunk is a dense array.
struct prepared_op {
    std::array<std::uint64_t, ir::max_rank> extent{1, 1, 1, 1};
    std::array<detail::dims, detail::operand_slots> stride{};
    std::array<detail::dims, detail::operand_slots> index_stride{};  ///< index slots: value per step
    std::uint64_t elements = 0;
    /// Memory slot k touches words [base + low[k], base + high[k]] (high < low: none).
    std::array<std::int64_t, detail::operand_slots> low{}, high{};
    std::uint8_t memory_slots = 0;  ///< bit k: slot k is in memory
    std::uint8_t staged_in = 0;     ///< bit s: source s comes in dsd_batch::in (fabin, fifo)
    bool staged_out = false;        ///< the destination goes to dsd_batch::out (fabout, fifo)
    bool streams = false;           ///< has a fabric or FIFO operand
    bool chunked = false;           ///< has an operand staged per element (index, fabric, FIFO)
    bool flat = false;              ///< walks one dimension (after merging): a short burst needs no staging
    std::array<std::uint8_t, detail::operand_slots> stream_slots{};  ///< the slots that are fabric or FIFO operands
    std::uint8_t stream_count = 0;
    std::uint8_t operands = 1;      ///< the slots it uses: the destination and its sources
    std::uint8_t fabric_slots = 0;  ///< bit k: slot k is fabin or fabout
    std::uint8_t fifo_slots = 0;    ///< bit k: slot k is a FIFO
    /// Each memory slot starts at its operand's own base (no register, no wavelet index) and the
    /// words it reaches are in the PE's declared memory: issuing it checks nothing (set by
    /// prepare(ir::pe_program), which knows the memory).
    bool static_reach = false;
    std::array<std::int32_t, detail::operand_slots> base{};  ///< static_reach: each memory slot's base
    /// `stream`: a synchronous operation walking one dimension, without FIFOs, whose fabric operands
    /// have no option: what streaming PEs run most (`tx <- rx * 3 + 1`, a stencil's
    /// `sum = sum + rx`). Its bursts are planned from its queues alone (pe.hpp, stream).
    enum class form : std::uint8_t { general, stream } shape = form::general;
    /// A stream from one input queue (this source) to one output queue at one element a cycle: its
    /// PE may ride its router (router.hpp), which moves an element a cycle. -1: it does not ride.
    std::int8_t riding_source = -1;
    /// Elements a cycle (operation_rates): its group's width, narrowed by strides, and by fabric
    /// operands too (its rate, its sources placed without a bank conflict).
    std::uint8_t width = 1, memory_rate = 1, rate = 1;
    /// The two memory sources that step together at a rate above one, on a processor with bank
    /// conflicts: the rate halves unless their bases are placed apart (hw::bank_conflict). -1: none.
    std::int8_t bank_first = -1, bank_second = -1;
    execute_fn execute = nullptr;
};

/// Elements staged in scratch per kernel call: bounds the scratch a staged operand needs.
inline constexpr std::uint64_t chunk_elements = 1024;
/// A burst this short of a one-dimensional walk runs element by element, without staging: what a
/// PE streaming through its queues does a few wavelets at a time.
inline constexpr std::uint64_t short_burst = 16;

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")  // as in detail/kernel.hpp: mac stays two roundings
#endif

namespace detail {

constexpr bool staged_in_kind(ir::dsd::kind k) noexcept { return k == ir::dsd::kind::fabin || k == ir::dsd::kind::fifo; }
constexpr bool staged_out_kind(ir::dsd::kind k) noexcept {
    return k == ir::dsd::kind::fabout || k == ir::dsd::kind::fifo;
}
constexpr bool in_scratch(ir::dsd::kind k) noexcept { return k != ir::dsd::kind::mem; }

/// A few elements of a one-dimensional walk, each operand read where it is.
template <ir::data_type T, ir::opcode Op>
[[gnu::always_inline]] inline void execute_short(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b) {
    using E = element<T>;
    using V = typename E::value_type;
    constexpr int sources = ir::sources_of(Op);
    constexpr int inner = ir::max_rank - 1;
    for (std::uint64_t n = 0; n < b.count; ++n) {
        const std::int64_t e = std::int64_t(b.first + n);
        std::array<V, 3> v{};
        for (int s = 0; s < sources; ++s) {
            const int k = s + 1;
            const auto& o = op.src[std::size_t(s)];
            switch (o.k) {
            case ir::dsd::kind::mem: v[std::size_t(s)] = E::load(b.memory + b.base[k] + e * p.stride[k][inner]); break;
            case ir::dsd::kind::immediate: v[std::size_t(s)] = E::from_bits(o.bits); break;
            case ir::dsd::kind::index:
                v[std::size_t(s)] = E::from_index(std::int64_t(std::int32_t(o.bits)) + e * p.index_stride[k][inner]);
                break;
            default: v[std::size_t(s)] = E::from_bits(b.in[std::size_t(s)][n]); break;  // fabin, fifo
            }
        }
        const V r = apply<Op, E>(v[0], v[1], v[2]);
        if (op.dst.k == ir::dsd::kind::mem) E::store(b.memory + b.base[0] + e * p.stride[0][inner], r);
        else b.out[n] = E::to_bits(r);
    }
}

/// Whole rows, with operands that are not in memory staged a chunk at a time in scratch.
template <ir::data_type T, ir::opcode Op>
[[gnu::noinline]] void execute_rows(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b, word* scratch) {
    using E = element<T>;
    constexpr std::int64_t w = E::words;
    constexpr int used = 1 + ir::sources_of(Op);
    auto region = [&](int slot) { return scratch + std::size_t(slot) * chunk_elements * 2; };

    kernel_args a;
    a.extent = &p.extent;
    a.stride = &p.stride;
    for (int k = 0; k < used; ++k) {
        const auto& o = ir::operand(op, k);
        if (!in_scratch(o.k)) {
            a.origin[k] = b.memory;
            a.base[k] = b.base[k];
        } else {
            a.origin[k] = region(k);
            if (o.k == ir::dsd::kind::immediate) E::store(region(k), E::from_bits(o.bits));  // stride 0
        }
    }
    const std::uint64_t step = p.chunked ? chunk_elements : std::max<std::uint64_t>(b.count, 1);
    const std::uint64_t end = b.first + b.count;
    for (std::uint64_t f = b.first; f < end; f += step) {
        const std::uint64_t count = std::min(step, end - f);
        const std::uint64_t done = f - b.first;
        for (int k = 0; k < used; ++k) {
            const auto& o = ir::operand(op, k);
            if (!in_scratch(o.k) || o.k == ir::dsd::kind::immediate) continue;
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
            } else if (k > 0 && staged_in_kind(o.k)) {
                const std::uint32_t* in = b.in[std::size_t(k - 1)] + done;
                for (std::uint64_t n = 0; n < count; ++n) E::store(out + n * w, E::from_bits(in[n]));
            }
        }
        a.first = f;
        a.count = count;
        run_rows<T, Op>(a);
        if (p.staged_out)
            for (std::uint64_t n = 0; n < count; ++n) b.out[done + n] = E::to_bits(E::load(region(0) + n * w));
    }
}

/// The kernel of one (data type, opcode): a short burst goes element by element, here, without
/// setting up the row walk (a one-element operation spent more on that than on its element).
template <ir::data_type T, ir::opcode Op>
void execute_typed(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b, word* scratch) {
    if (p.flat && b.count <= short_burst) return execute_short<T, Op>(op, p, b);
    execute_rows<T, Op>(op, p, b, scratch);
}

/// A conversion, element by element, for every pair of types: each element's bits in the other
/// type as the scalar convert instruction makes them (detail::convert), so both agree bit for bit.
/// One loop serves all pairs: a kernel per pair would be code that runs no faster where the
/// conversion itself is the work.
inline void execute_convert(const ir::dsd_op& op, const prepared_op& p, const dsd_batch& b, word*) {
    const ir::dsd& s = op.src[0];
    const bool wide_source = ir::words_of(op.from) == 2, wide_result = ir::words_of(op.type) == 2;
    std::array<std::uint64_t, ir::max_rank> i{};  // the element's loop indices, outermost first
    for (std::uint64_t rest = b.first, d = ir::max_rank; d-- > 0;) i[d] = rest % p.extent[d], rest /= p.extent[d];
    const auto at = [&](int k) {  // slot k's offset from its base, in words (or values, for an index)
        std::int64_t o = 0;
        for (std::size_t d = 0; d < ir::max_rank; ++d)
            o += std::int64_t(i[d]) * (s.k == ir::dsd::kind::index && k == 1 ? p.index_stride[k][d] : p.stride[k][d]);
        return o;
    };
    for (std::uint64_t n = 0; n < b.count; ++n) {
        std::uint32_t bits = 0;
        switch (s.k) {
        case ir::dsd::kind::mem: {
            const word* from = b.memory + b.base[1] + at(1);
            bits = wide_source ? load32(from) : std::uint32_t(*from);
            break;
        }
        case ir::dsd::kind::immediate: bits = s.bits; break;
        case ir::dsd::kind::index: bits = std::uint32_t(std::int64_t(std::int32_t(s.bits)) + at(1)); break;
        default: bits = b.in[0][n]; break;  // fabin, fifo
        }
        const std::uint32_t r = convert(bits, op.from, op.type);
        if (op.dst.k == ir::dsd::kind::mem) {
            word* to = b.memory + b.base[0] + at(0);
            if (wide_result) store32(to, r);
            else *to = word(r);
        } else {
            b.out[n] = r;
        }
        for (std::size_t d = ir::max_rank; d-- > 0 && ++i[d] == p.extent[d];) i[d] = 0;
    }
}

/// Whether `op` gives a signed and an unsigned integer type of one width the same bits (two's
/// complement wraps alike; each element keeps its low bits).
constexpr bool sign_agnostic(ir::opcode op) noexcept {
    switch (op) {
    case ir::opcode::mov: case ir::opcode::add: case ir::opcode::sub: case ir::opcode::mul:
    case ir::opcode::mac: case ir::opcode::neg: case ir::opcode::bit_and: case ir::opcode::bit_or:
    case ir::opcode::bit_xor: case ir::opcode::shl: return true;
    default: return false;
    }
}

template <ir::data_type T>
constexpr execute_fn kernel_for(ir::opcode op) noexcept {
    if (ir::integer_only(op) && ir::is_float(T)) return nullptr;
    // A signed type shares its unsigned twin's kernel where the bits agree: less code, the same run.
    if constexpr (T == ir::data_type::i16) {
        if (sign_agnostic(op)) return kernel_for<ir::data_type::u16>(op);
    } else if constexpr (T == ir::data_type::i32) {
        if (sign_agnostic(op)) return kernel_for<ir::data_type::u32>(op);
    }
    switch (op) {
    case ir::opcode::mov: return &execute_typed<T, ir::opcode::mov>;
    case ir::opcode::add: return &execute_typed<T, ir::opcode::add>;
    case ir::opcode::sub: return &execute_typed<T, ir::opcode::sub>;
    case ir::opcode::mul: return &execute_typed<T, ir::opcode::mul>;
    case ir::opcode::mac: return &execute_typed<T, ir::opcode::mac>;
    case ir::opcode::neg: return &execute_typed<T, ir::opcode::neg>;
    case ir::opcode::min: return &execute_typed<T, ir::opcode::min>;
    case ir::opcode::max: return &execute_typed<T, ir::opcode::max>;
    default: break;
    }
    if constexpr (!ir::is_float(T)) {
        switch (op) {
        case ir::opcode::bit_and: return &execute_typed<T, ir::opcode::bit_and>;
        case ir::opcode::bit_or: return &execute_typed<T, ir::opcode::bit_or>;
        case ir::opcode::bit_xor: return &execute_typed<T, ir::opcode::bit_xor>;
        case ir::opcode::shl: return &execute_typed<T, ir::opcode::shl>;
        case ir::opcode::shr: return &execute_typed<T, ir::opcode::shr>;
        case ir::opcode::sar: return &execute_typed<T, ir::opcode::sar>;
        default: break;
        }
    }
    return nullptr;
}

constexpr execute_fn kernel_for(ir::data_type t, ir::opcode op) noexcept {
    if (op == ir::opcode::convert) return &execute_convert;
    switch (t) {
    case ir::data_type::i16: return kernel_for<ir::data_type::i16>(op);
    case ir::data_type::u16: return kernel_for<ir::data_type::u16>(op);
    case ir::data_type::i32: return kernel_for<ir::data_type::i32>(op);
    case ir::data_type::u32: return kernel_for<ir::data_type::u32>(op);
    case ir::data_type::f16: return kernel_for<ir::data_type::f16>(op);
    case ir::data_type::f32: return kernel_for<ir::data_type::f32>(op);
    case ir::data_type::ep: return kernel_for<ir::data_type::ep>(op);
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

/// A fabric operand with none of the options (control, SIMD, index, control_transform, advance,
/// zero, socket rebinding), and a memory operand with none of the register overrides.
constexpr bool plain(const ir::dsd& d) noexcept {
    return !d.control && !d.control_transform && !d.advance_switch && !d.wavelet_index_offset &&
           d.simd == ir::simd_mode::none && d.zero == ir::zero_source::none && d.socket < 0 &&
           d.base_reg == ir::no_reg && d.offset_reg == ir::no_reg && d.stride_reg == ir::no_reg;
}

}  // namespace detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

/// Which form an operation has (prepared_op::form).
inline prepared_op::form form_of(const ir::dsd_op& op, const prepared_op& p) {
    if (op.async || op.length_reg != ir::no_reg || !p.flat || p.fifo_slots != 0) return prepared_op::form::general;
    for (unsigned f = p.fabric_slots; f; f &= f - 1)
        if (!detail::plain(ir::operand(op, std::countr_zero(f)))) return prepared_op::form::general;
    return prepared_op::form::stream;
}

/// The source a stream from one input queue to one output queue at one element a cycle reads its
/// queue in (prepared_op::riding_source), or -1.
inline std::int8_t riding_source(const ir::dsd_op& op, const prepared_op& p) {
    // A router moves a riding PE's elements with one width (machine::ride): a conversion changes it.
    if (p.shape != prepared_op::form::stream || op.dst.k != ir::dsd::kind::fabout || std::popcount(p.fabric_slots) != 2 ||
        op.op == ir::opcode::convert)
        return -1;
    assert(p.rate == 1);  // a fabric operand without options moves one wavelet a cycle (fabric_values)
    return std::int8_t(std::countr_zero(unsigned(p.fabric_slots) & ~1u) - 1);
}

/// Prepares an operation that the layout check accepted (rank <= 4, kinds fit their slots, a
/// kernel exists, bounded element count). An operation whose length or strides come from
/// registers is prepared again, from a copy with those values, each time it issues. `a`: the
/// processor, whose timing gives its rate.
inline prepared_op prepare(const ir::dsd_op& op, hw::arch a) {
    prepared_op p;
    p.execute = detail::kernel_for(op.type, op.op);
    const int used = 1 + ir::sources_of(op.op);
    const std::int64_t w = ir::words_of(op.type);
    p.operands = std::uint8_t(used);
    for (int k = 0; k < used; ++k) {
        const auto kind = ir::operand(op, k).k;
        if (ir::is_fabric(kind)) p.fabric_slots = std::uint8_t(p.fabric_slots | 1u << k);
        if (kind == ir::dsd::kind::fifo) p.fifo_slots = std::uint8_t(p.fifo_slots | 1u << k);
        if (kind == ir::dsd::kind::mem) p.memory_slots = std::uint8_t(p.memory_slots | 1u << k);
        if (k > 0 && detail::staged_in_kind(kind)) p.staged_in = std::uint8_t(p.staged_in | 1u << (k - 1));
        if (k == 0 && detail::staged_out_kind(kind)) p.staged_out = true;
        if (ir::is_fabric(kind) || kind == ir::dsd::kind::fifo) p.stream_slots[p.stream_count++] = std::uint8_t(k);
        p.streams = p.stream_count > 0;
        p.chunked = p.chunked || (kind != ir::dsd::kind::mem && kind != ir::dsd::kind::immediate);
    }
    p.elements = op.elements();
    for (int k = 0; k < detail::operand_slots; ++k) p.low[k] = 0, p.high[k] = -1;
    if (p.elements == 0) return p;

    // The loop dimensions that matter (extent > 1), innermost first, each merged into the one
    // inside it when every memory and index operand steps across the pair as one dimension.
    struct dimension {
        std::uint64_t extent;
        std::array<std::int64_t, detail::operand_slots> step;  // mem: words; index: value
    };
    std::array<dimension, ir::max_rank> kept{};
    int kept_count = 0;
    for (int d = op.rank - 1; d >= 0; --d) {
        if (op.extent[std::size_t(d)] == 1) continue;
        dimension dim{op.extent[std::size_t(d)], {}};
        for (int k = 0; k < used; ++k) {
            const auto& o = ir::operand(op, k);
            if (o.k == ir::dsd::kind::mem || o.k == ir::dsd::kind::index) dim.step[k] = o.stride[std::size_t(d)];
        }
        if (kept_count > 0) {
            auto& in = kept[std::size_t(kept_count - 1)];
            bool merge = true;
            for (int k = 0; k < used; ++k) merge = merge && detail::steps_across(dim.step[k], in.step[k], in.extent);
            if (merge) {
                in.extent *= dim.extent;
                continue;
            }
        }
        kept[std::size_t(kept_count++)] = dim;
    }
    std::uint64_t position = 1;  // elements per step of the dimension, for staged operands
    for (int j = 0; j < kept_count; ++j) {
        const std::size_t d = std::size_t(ir::max_rank - 1 - j);
        p.extent[d] = kept[std::size_t(j)].extent;
        for (int k = 0; k < used; ++k) {
            const auto kind = ir::operand(op, k).k;
            if (kind == ir::dsd::kind::mem) p.stride[k][d] = kept[std::size_t(j)].step[k];
            else if (kind != ir::dsd::kind::immediate) p.stride[k][d] = std::int64_t(position) * w;
            if (kind == ir::dsd::kind::index) p.index_stride[k][d] = kept[std::size_t(j)].step[k];
        }
        position *= kept[std::size_t(j)].extent;
    }
    p.flat = kept_count <= 1;
    std::array<std::int64_t, detail::operand_slots> inner_step{};
    for (int k = 0; k < used; ++k) inner_step[std::size_t(k)] = p.stride[k][ir::max_rank - 1];
    const operation_rates rates = rates_of(op, inner_step, a);
    p.width = std::uint8_t(rates.width), p.memory_rate = std::uint8_t(rates.memory), p.rate = std::uint8_t(rates.rate);
    if (hw::timing_of(a).bank_conflicts && p.rate > 1) {
        int stepping = 0;
        for (int k = 1; k < used; ++k) {
            if (!(p.memory_slots & (1u << k)) || inner_step[std::size_t(k)] == 0) continue;
            (stepping++ == 0 ? p.bank_first : p.bank_second) = std::int8_t(k);
        }
        if (stepping > 2) p.rate = std::uint8_t(p.rate / 2), p.bank_first = p.bank_second = -1;  // no placement serves three
        if (stepping < 2) p.bank_first = p.bank_second = -1;
    }
    p.shape = form_of(op, p);
    p.riding_source = riding_source(op, p);

    for (int k = 0; k < used; ++k) {
        if (!(p.memory_slots & (1u << k))) continue;
        std::int64_t low = 0, high = std::int64_t(ir::words_of(ir::type_of(op, k))) - 1;
        for (std::size_t d = 0; d < ir::max_rank; ++d) {
            const std::int64_t r = detail::reach(p.extent[d], p.stride[k][d]);
            if (p.stride[k][d] < 0) low -= r;
            else high += r;
        }
        p.low[k] = low;
        p.high[k] = high;
    }
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
