#pragma once
// Declarations: params (reference §8), sockets, scalars and arrays (§4, §5) of any type
// (type_declaration.hpp declares the types). Top-level variables
// are the kernel's symbols and their constant initializers its initial data; a block-scope
// initializer, or a non-constant one, runs as an operation where the declaration stands.
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/assignment.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/convert.hpp"
#include "wafer/tungsten/detail/initializer.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/scope.hpp"
#include "wafer/tungsten/detail/symbol_map.hpp"
#include "wafer/tungsten/detail/type_declaration.hpp"
#include "wafer/tungsten/detail/well_formed.hpp"

namespace wafer::tungsten::detail {

/// The values an integer param of type `t` may hold (nullopt for the float types).
inline WAFER_CONSTEXPR std::optional<std::pair<std::int64_t, std::int64_t>> param_range(base_type t) {
    switch (t) {
        case base_type::u1: return std::pair<std::int64_t, std::int64_t>{0, 1};
        case base_type::xp: return std::pair<std::int64_t, std::int64_t>{-32768, 65535};
        case base_type::u16: return std::pair<std::int64_t, std::int64_t>{0, 65535};
        case base_type::s16: return std::pair<std::int64_t, std::int64_t>{-32768, 32767};
        case base_type::u32: return std::pair<std::int64_t, std::int64_t>{0, 4294967295};
        case base_type::s32: return std::pair<std::int64_t, std::int64_t>{-2147483648, 2147483647};
        case base_type::u64: return std::pair<std::int64_t, std::int64_t>{0, INT64_MAX};
        case base_type::s64: return std::pair<std::int64_t, std::int64_t>{INT64_MIN, INT64_MAX};
        default: return std::nullopt;
    }
}

/// `v` as a value of the float type `t` holds it: rounded once, to nearest.
inline WAFER_CONSTEXPR double float_param_value(base_type t, double v, source_position pos, const reporter& report) {
    const auto bits = convert(constant{true, 0, v}, t, pos, report);
    return t == base_type::hp ? half_value(static_cast<std::uint16_t>(bits))
                              : static_cast<double>(sp_value(static_cast<std::uint32_t>(bits)));
}

inline WAFER_CONSTEXPR void declare_param(context& cx, const ast::param_decl& p) {
    if (!cx.scopes.at_top_level()) cx.report.fail(p.pos, "param " + quote(p.name) + " must be declared at top level");
    auto& d = cx.scopes.declare({p.name, p.pos, param_symbol{p.type, 0}});
    std::optional<number> setting;  // the last set=N=... wins
    for (std::size_t s = 0; s < cx.settings.size(); ++s)
        if (cx.settings[s].name == p.name) {
            cx.setting_used[s] = true;
            setting = cx.settings[s].value;
        }
    // Each error returns after fail(), which only returns in a constant expression (report.hpp).
    const auto reject = [&](source_position at, std::string_view message) {
        d.status = declaration::state::failed;
        cx.report.fail(at, message);
    };
    const auto type = std::string(name_of(p.type));
    const bool real = is_float(p.type);
    if (field_width(p.type) != 0)
        return reject(p.pos, "param " + quote(p.name) + " has type " + type + ", a bit-field's: a param has a base type");
    try {
        if (!setting && !p.default_value) return reject(p.pos, "parameter [" + p.name + "] is not initialized");
        if (!setting) {
            check_well_formed(*p.default_value, cx.report);
            const auto c = cx.eval.constant_of(*p.default_value);
            if (!c || (c->is_real && !real))
                return reject(p.default_value->pos, "the default of param " + quote(p.name) + " must be a compile-time " +
                                                        (real ? "constant" : "integer constant"));
            setting = c->is_real ? number(c->real) : number(c->integer);
        }
        if (real) {
            const double v = float_param_value(p.type, setting->as_real(), p.pos, cx.report);
            if (v - v != 0)  // inf: NaN is no setting's value
                return reject(p.pos, "param " + quote(p.name) + " = " + to_string(*setting) + " does not fit in " + type);
            setting = number(v);
        } else if (setting->is_real) {
            return reject(p.pos, "param " + quote(p.name) + " has type " + type + ", so it takes an integer, not " +
                                     to_string(*setting));
        } else if (const auto range = param_range(p.type);
                   range && (setting->integer < range->first || setting->integer > range->second)) {
            return reject(p.pos, "param " + quote(p.name) + " = " + decimal(setting->integer) + " does not fit in " + type);
        }
    } catch (const abandon&) {
        d.status = declaration::state::failed;
        throw;
    }
    std::get<param_symbol>(d.what).value = *setting;
    d.status = declaration::state::ready;
    cx.out.params.push_back({p.name, *setting});
}

inline WAFER_CONSTEXPR void declare_socket(context& cx, const ast::socket_decl& s) {
    if (!cx.scopes.at_top_level()) cx.report.fail(s.pos, "socket " + quote(s.name) + " must be declared at top level");
    auto& d = cx.scopes.declare({s.name, s.pos, socket_symbol{s.type, cx.out.sockets.size()}});
    auto type = data_type_of(s.type);
    if (!type) {
        d.status = declaration::state::failed;
        cx.report.fail(s.pos, "a socket of type " + std::string(name_of(s.type)) + " is not supported yet");
    }
    cx.out.sockets.push_back({s.name, *type, -1, -1});
    cx.fixed_queues.push_back({-1, -1});
    d.status = declaration::state::ready;
    for (const auto* choice : {&s.input_queue, &s.output_queue}) {
        if (!*choice) continue;
        const bool input = choice == &s.input_queue;
        const char* what = input ? "input" : "output";
        const int available = input ? hw::input_queues : hw::output_queues(cx.options.arch);
        check_well_formed(**choice, cx.report);
        const auto q = cx.eval.integer_of(**choice);
        if (!q || *q < 0 || *q >= available)
            cx.report.fail((*choice)->pos, std::string("an ") + what + " queue is a constant from 0 to " +
                                               decimal(available - 1) + " on " +
                                               std::string(hw::name_of(cx.options.arch)));
        auto& fixed = input ? cx.input_fixed : cx.output_fixed;
        for (std::size_t other = 0; other + 1 < cx.out.sockets.size(); ++other) {
            const auto& o = cx.out.sockets[other];
            if ((input ? o.input_queue : o.output_queue) == *q || cx.fixed_queues[other][input ? 0 : 1] == *q)
                cx.report.fail((*choice)->pos,
                               std::string(what) + " queue " + decimal(*q) + " is taken by socket " + quote(o.name));
        }
        fixed = static_cast<std::uint16_t>(fixed | 1u << *q);
        cx.fixed_queues.back()[input ? 0 : 1] = static_cast<std::int8_t>(*q);
    }
}

/// The number in bank(), align() or address(), which must be a constant from `lo` to `hi`.
inline WAFER_CONSTEXPR std::int64_t placement_number(context& cx, const ast::placement& p, std::int64_t lo,
                                                     std::int64_t hi, const char* what) {
    check_well_formed(p.value, cx.report);
    auto n = cx.eval.integer_of(p.value);
    if (!n) {
        cx.report.fail(p.value.pos, std::string(what) + " constant");
        return lo;  // fail() returns only in a constant expression
    }
    if (*n < lo || *n > hi) {
        cx.report.fail(p.value.pos, std::string(what) + ", not " + literal_text(*n));
        return lo;  // fail() returns only in a constant expression
    }
    return *n;
}

/// Gives `v`, of type `t`, its extents, its dimension names (n0, n1, ... by position for unnamed
/// ones, as the symbol map has them) and its storage: allocated, or where its placement says.
inline WAFER_CONSTEXPR void lay_out(context& cx, const ast::var_decl& decl, const object_type& t, variable_symbol& v) {
    v.extents = t.extents;
    for (std::size_t k = 0; k < t.dim_names.size(); ++k)
        v.dim_names.push_back(dimension_name(t.dim_names[k], k));
    const auto words = element_count(v.extents) * v.element_words();
    const bool even = element_even(v.type, v.composite);
    const auto what = quote(decl.name);
    const auto odd = [&](const std::string& placement) {
        cx.report.fail(decl.placement->pos, placement + " puts " + what + " at an odd word, but its " +
                                                type_spelling(v.type, v.composite) +
                                                " elements start at even words");
    };
    if (!decl.placement) {
        v.base = cx.memory.allocate(words, alignment::even(even), what, decl.pos, cx.report);
        return;
    }
    const auto& p = *decl.placement;
    using kind = ast::placement::kind;
    if (p.k == kind::alias) {
        const auto& d = cx.scopes.lookup(p.of, p.pos);
        const auto* x = std::get_if<variable_symbol>(&d.what);
        if (!x)
            return cx.report.fail(p.pos,
                                  "address(&" + p.of + ") needs a variable, and " + quote(p.of) + " is " + a_kind(d));
        if (even && x->base % 2) odd("address(&" + p.of + ")");
        const auto shared = element_count(x->extents) * x->element_words();
        if (words > shared)
            cx.report.warning(p.pos, what + " (" + count_of(words, "word") + ") reaches past the end of " +
                                         quote(p.of) + " (" + count_of(shared, "word") + ")");
        if (decl.init)
            cx.report.fail(decl.init->pos, what + " shares the storage of " + quote(p.of) + ": initialize " +
                                               quote(p.of) + " instead");
        v.base = x->base;
    } else if (p.k == kind::address) {
        const auto at = placement_number(cx, p, 0, hw::memory_words - 1,
                                         "address() takes a word address from 0x0000 to 0x5fff");
        if (even && at % 2) odd("address(" + address_text(static_cast<std::uint64_t>(at)) + ")");
        cx.memory.place(static_cast<std::uint64_t>(at), words, what, decl.pos, cx.report);
        v.base = static_cast<address>(at);
    } else if (p.k == kind::bank) {
        const auto n = placement_number(cx, p, 0, 15, "bank() takes a bank from 0 to 15");
        if (even && n % 2) odd("bank(" + decimal(n) + ")");
        v.base = cx.memory.allocate(words, {16, static_cast<std::uint32_t>(n)}, what, decl.pos, cx.report);
    } else {
        const auto n = placement_number(cx, p, 1, hw::memory_words,
                                        "align() takes a number of words from 1 to 24576");
        const auto m = static_cast<std::uint32_t>(n);
        v.base = cx.memory.allocate(words, {even ? std::lcm(m, 2u) : m, 0}, what, decl.pos, cx.report);
    }
}

/// A block-scope array's initializer runs each time its declaration does: one mov of its values,
/// from an immediate when every element is the same, else from a copy kept in the initial data.
inline void emit_array_initialization(context& cx, const std::string& name, const variable_symbol& v,
                                      const std::vector<word>& words, source_position pos) {
    const auto type = data_type_of(v.type).value_or(ir::data_type::i16);  // a copy moves bits: words will do
    const std::uint32_t w = ir::words_of(type);
    const auto chunk = [&](std::size_t k) {
        return w == 1 ? words[k] : static_cast<std::uint32_t>(words[2 * k] | (std::uint32_t{words[2 * k + 1]} << 16));
    };
    const std::size_t n = words.size() / w;
    bool uniform = true;
    for (std::size_t k = 1; k < n && uniform; ++k) uniform = chunk(k) == chunk(0);
    ir::dsd_op op;
    op.op = ir::opcode::mov;
    op.type = type;
    op.rank = 1;
    op.extent = {static_cast<std::uint32_t>(n), 1, 1, 1};
    op.pos = pos;
    op.dst.k = ir::dsd::kind::mem;
    op.dst.base = v.base;
    op.dst.stride[0] = static_cast<std::int32_t>(w);
    if (uniform) {
        op.src[0].k = ir::dsd::kind::immediate;
        op.src[0].bits = chunk(0);
    } else {
        auto copy = cx.memory.allocate(words.size(), alignment::even(w > 1), "the initial values of " + quote(name), pos, cx.report);
        cx.out.data.push_back({copy, words});
        op.src[0].k = ir::dsd::kind::mem;
        op.src[0].base = copy;
        op.src[0].stride[0] = static_cast<std::int32_t>(w);
    }
    cx.emit({op}, {}, 0);
}

inline WAFER_CONSTEXPR void initialize(context& cx, const std::string& name, const variable_symbol& v,
                                       const ast::initializer& init, source_position pos) {
    if (v.rank == 0) {
        if (init.is_list)
            cx.report.fail(init.pos, "scalar " + quote(name) +
                                         " rejects a list initializer ({} as well as {0}); write " +
                                         std::string(name_of(v.type)) + " " + name + " = 0;");
        check_well_formed(init.value, cx.report);
        if (v.type == base_type::u64 || v.type == base_type::s64)
            cx.report.fail(init.pos,
                           "scalar " + quote(name) + " is " + std::string(name_of(v.type)) +
                               ": a 64-bit value is rejected at compile time (only arrays can be initialized)");
        if (cx.scopes.at_top_level())
            if (auto c = cx.eval.constant_of(init.value)) {
                std::vector<word> words;
                append_words(words, convert(*c, v.type, init.value.pos, cx.report), v.type);
                cx.out.data.push_back({v.base, std::move(words)});
                return;
            }
        return lower_initial_value(cx, v, name, init.value, pos);
    }
    std::vector<word> words;
    for (auto bits : array_initializer(name, v, cx.eval, cx.report).elements(init)) append_words(words, bits, v.type);
    if (cx.scopes.at_top_level()) {
        cx.out.data.push_back({v.base, std::move(words)});
        return;
    }
    emit_array_initialization(cx, name, v, words, pos);
}

/// `T fifo q[capacity];`: its ring of elements in PE memory.
inline WAFER_CONSTEXPR void declare_fifo(context& cx, const ast::fifo_decl& f) {
    if (!cx.scopes.at_top_level()) cx.report.fail(f.pos, "FIFO " + quote(f.name) + " must be declared at top level");
    auto& d = cx.scopes.declare({f.name, f.pos, fifo_symbol{f.type, cx.out.fifos.size()}});
    try {
        const auto type = data_type_of(f.type);
        if (!type) cx.report.fail(f.pos, "a FIFO of " + std::string(name_of(f.type)) + " is not supported");
        check_well_formed(f.capacity, cx.report);
        const auto capacity = cx.eval.integer_of(f.capacity);
        if (!capacity || *capacity < 1 || *capacity > 0xffff)
            cx.report.fail(f.capacity.pos, "the capacity of FIFO " + quote(f.name) +
                                               " must be a constant from 1 to 65535 elements");
        if (cx.out.fifos.size() == 0xff) cx.report.fail(f.pos, "a kernel has at most 255 FIFOs");
        const auto w = ir::words_of(*type);
        ir::fifo q;
        // The hardware's minimum alignment of a FIFO buffer (dsd-reference.rst, FIFOs).
        q.base = cx.memory.allocate(static_cast<std::uint64_t>(*capacity) * w, alignment{hw::fifo_alignment_words, 0},
                                    "FIFO " + quote(f.name), f.pos, cx.report);
        q.capacity = static_cast<std::uint16_t>(*capacity);
        q.type = *type;
        q.pos = {f.pos, cx.current_file()};
        const auto activated = [&](const std::string& task) {
            if (!cx.scopes.find(task))
                cx.report.fail(f.pos, quote(task) + " is not declared: a FIFO names a task declared before it ('task " +
                                          task + ";' declares it, and its body can come further on)");
            return static_cast<std::int16_t>(local_task(cx, task, f.pos));
        };
        if (!f.activate_push.empty()) q.activate_push = activated(f.activate_push);
        if (!f.activate_pop.empty()) q.activate_pop = activated(f.activate_pop);
        cx.out.fifos.push_back(q);
    } catch (const abandon&) {
        d.status = declaration::state::failed;
        throw;
    }
    d.status = declaration::state::ready;
}

/// A word holding v's current address, for a program that sets `v.base`: it starts as the declared
/// address, each time the declaration runs.
inline WAFER_CONSTEXPR void give_base_word(context& cx, const ast::var_decl& decl, variable_symbol& v) {
    const auto at = cx.memory.allocate(1, {}, "the base address of " + quote(decl.name), decl.pos, cx.report);
    v.base_word = at;
    if (cx.scopes.at_top_level()) {
        cx.out.data.push_back({at, {v.base}});
        return;
    }
    ir::instruction st;
    st.code = ir::instr::store;
    st.type = ir::data_type::u16;
    st.src = {ir::imm(at), ir::imm(0), ir::imm(v.base)};
    st.pos = decl.pos;
    cx.add(st);
}

inline WAFER_CONSTEXPR void declare_variable(context& cx, const ast::var_decl& decl) {
    // The type is looked up before the name is declared (`tnode tnode;` is fine); the extents after,
    // so they cannot use the name.
    object_type t;
    try {
        t = type_named(cx.scopes, cx.report, decl.type, decl.named, decl.pos);
    } catch (const abandon&) {
        cx.scopes.declare({decl.name, decl.pos, variable_symbol{}}).status = declaration::state::failed;
        throw;
    }
    auto& d = cx.scopes.declare(
        {decl.name, decl.pos, variable_symbol{t.base, decl.dims.size() + t.extents.size(), 0, {}, {}, t.composite}});
    auto& v = std::get<variable_symbol>(d.what);
    v.stream_of = decl.stream_of;
    try {
        lay_out(cx, decl, with_dimensions(cx, std::move(t), decl.dims, decl.name), v);
        if (cx.moved_bases.contains(decl.name)) give_base_word(cx, decl, v);
        if (cx.scopes.at_top_level())
            symbol_map_entries(cx.out.symbols, cx.report, decl.pos)
                .add(cx.scopes.top_level_key(decl.name), v.base, v.type, v.composite, v.extents, v.dim_names);
    } catch (const abandon&) {
        d.status = declaration::state::failed;
        throw;
    }
    try {
        if (decl.init && v.composite)
            cx.report.fail(decl.init->pos, quote(decl.name) + " is " + (v.rank ? "an array of " : "a ") +
                                               v.composite->spelling() + ": it takes no initializer (" +
                                               "assign its members, as in " + decl.name + (v.rank ? "[0]" : "") +
                                               "." + v.composite->members.front().name + " = 0;)");
        if (decl.init) initialize(cx, decl.name, v, *decl.init, decl.pos);
    } catch (const abandon&) {
        d.status = declaration::state::ready;  // the variable exists; only its initializer failed
        throw;
    }
    d.status = declaration::state::ready;
}

}  // namespace wafer::tungsten::detail
