#pragma once
// Handlers and local tasks (docs/tungsten.md, Handlers; Tasks, FIFOs and asynchronous operations).
// `on rx(u4 kind, u12 value) { ... }` is a data task bound
// to rx's input queue. It runs when a wavelet arrives and the PE is free (after the program's start
// ends, and between other tasks); its params unpack the wavelet's bits, the first param in the
// lowest bits, each at its width (u2-u15 and s2-s15 fields; 16 and 32 bits for the other types).
// `task t { ... }` is a local task, run when `activate t;` or an async operation's completion makes
// it ready.
#include <string>
#include <utility>
#include <variant>

#include "wafer/core/hardware.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/function.hpp"
#include "wafer/tungsten/detail/scalar.hpp"
#include "wafer/tungsten/detail/socket.hpp"

namespace wafer::tungsten::detail {

/// The bits a handler param takes from the wavelet.
inline WAFER_CONSTEXPR int wavelet_width(base_type t) {
    return field_width(t) ? field_width(t) : static_cast<int>(words_of(t)) * 16;
}

/// Adds `task` to the program and returns its index. It takes `id`, or without one the lowest ID
/// no task has and no `id(N)` in the program claims.
inline WAFER_CONSTEXPR std::size_t add_task(context& cx, ir::task task, const std::string& name,
                                            std::optional<int> id, source_position pos) {
    const auto taken = [&](int k) -> const ir::task* {
        for (const auto& t : cx.out.tasks)
            if (t.id == k) return &t;
        return nullptr;
    };
    if (id) {
        if (const auto* other = taken(*id)) {
            const auto& [other_name, other_pos] = cx.task_names[std::size_t(other - cx.out.tasks.data())];
            cx.report.error(pos, "task " + quote(name) + " takes ID " + decimal(*id) + ", which " + quote(other_name) +
                                     " has: a task without id(...) takes the lowest free ID "
                                     "when it is declared, so give this one another ID or declare it first");
            cx.report.note(other_pos, quote(other_name) + " is declared here");
            throw abandon{};
        }
    } else {
        int k = 0;
        while (k < hw::task_ids && (taken(k) || cx.claimed_task_ids.contains(k))) ++k;
        if (k == hw::task_ids) cx.report.fail(pos, "the PE has no task ID left (it has 64)");
        id = k;
    }
    task.id = static_cast<std::uint8_t>(*id);
    task.entry = cx.new_block();
    cx.out.tasks.push_back(task);
    cx.task_names.emplace_back(name, pos);
    return cx.out.tasks.size() - 1;
}

/// Lowers `body` as the code of task `index`, away from the program's; it ends with `done`. The
/// body sees the top-level declarations made before it.
template <class Body>
WAFER_CONSTEXPR void lower_task_body(context& cx, std::size_t index, source_position pos, Body&& body) {
    const auto resume = cx.current_block();
    const auto enclosing = std::exchange(cx.current_task, int(index));
    cx.switch_to(cx.out.tasks[index].entry);
    {
        scope_stack::body_scope scope(cx.scopes, cx.scopes.next_order());
        try {
            body();
        } catch (const abandon&) {
        }
    }
    ir::instruction done;
    done.code = ir::instr::done;
    done.pos = pos;
    cx.add(done);
    cx.switch_to(resume);
    cx.current_task = enclosing;
}

inline WAFER_CONSTEXPR void declare_handler(context& cx, const ast::handler_decl& h) {
    const std::string name = "on " + h.socket;
    if (!cx.scopes.at_top_level()) cx.report.fail(h.pos, "a handler must be declared at top level");
    const auto& d = cx.scopes.lookup(h.socket, h.pos);
    const auto* s = std::get_if<socket_symbol>(&d.what);
    if (!s) return cx.report.fail(h.pos, quote(h.socket) + " is " + a_kind(d) + ", not a socket");
    if (const auto earlier = cx.handled.find(s->index); earlier != cx.handled.end()) {
        cx.report.error(h.pos, "socket " + quote(h.socket) + " has a handler already");
        cx.report.note(earlier->second, "the first handler of " + quote(h.socket) + " is here");
        throw abandon{};
    }
    auto& sock = cx.out.sockets[s->index];
    const bool listened = cx.control_sockets.contains(s->index);  // a control task's socket may have a handler
    if (sock.input_queue >= 0 && !listened)
        cx.report.fail(h.pos, "socket " + quote(h.socket) + " is read by the program before this handler; a "
                              "handler takes every wavelet that arrives on its socket");
    const int carried = static_cast<int>(ir::words_of(sock.type)) * 16;
    int bits = 0;
    for (const auto& p : h.params) {
        if (p.named || !p.dims.empty())
            cx.report.fail(p.pos, "handler parameter " + quote(p.name) + " unpacks wavelet bits: give it a base type");
        if (p.type == base_type::u64 || p.type == base_type::s64 || p.type == base_type::u1)
            cx.report.fail(p.pos, "handler parameter " + quote(p.name) + " cannot be " + std::string(name_of(p.type)));
        bits += wavelet_width(p.type);
    }
    if (bits > carried)
        cx.report.fail(h.pos, "the parameters of the handler take " + decimal(bits) + " bits, but a wavelet of " +
                                  quote(h.socket) + " carries " + decimal(carried));
    if (!listened)
        sock.input_queue = queue_for(cx, s->index, true, h.pos);
    cx.handled.emplace(s->index, h.pos);

    ir::task task;
    task.kind = ir::task_kind::data;
    task.queue = sock.input_queue;
    task.data = cx.new_register();
    lower_task_body(cx, add_task(cx, task, name, std::nullopt, h.pos), h.pos, [&] {
        const auto params = declare_params(cx, h.params, nullptr);
        scalar_lowering unpack(cx);
        unpack.at(h.pos);
        int offset = 0;
        for (std::size_t k = 0; k < params.size(); ++k) {
            const auto& p = h.params[k];
            const int width = wavelet_width(p.type);
            auto field = unpack.bits_of(ir::r(task.data), offset, width, field_width(p.type) && is_signed_field(p.type));
            unpack.store(*params[k], ast::name_expr(p.name, p.pos),
                         rvalue{rvalue::kind::typed, {}, field, p.type});
            offset += width;
        }
        lower_body(cx, call_frame{name, std::nullopt, ir::no_reg, 0}, h.body, h.pos);
    });
}

/// A control task's socket gets an input queue, where its control wavelets wait when nothing
/// reads them.
inline WAFER_CONSTEXPR void listen(context& cx, const std::string& socket, source_position pos) {
    const auto& d = cx.scopes.lookup(socket, pos);
    const auto* s = std::get_if<socket_symbol>(&d.what);
    if (!s) return cx.report.fail(pos, quote(socket) + " is " + a_kind(d) + ", not a socket");
    auto& sock = cx.out.sockets[s->index];
    if (sock.input_queue < 0) {
        sock.input_queue = queue_for(cx, s->index, true, pos);
        cx.control_sockets.insert(s->index);
    }
}

inline WAFER_CONSTEXPR void declare_task(context& cx, const ast::task_decl& t) {
    if (!cx.scopes.at_top_level()) cx.report.fail(t.pos, "a task must be declared at top level");
    std::optional<int> id;
    if (t.id) {
        const auto v = cx.eval.integer_of(*t.id);
        if (!v || *v < 0 || *v >= hw::task_ids)
            cx.report.fail(t.id->pos, "a task ID is a constant from 0 to " + decimal(hw::task_ids - 1));
        id = static_cast<int>(*v);
    }
    if (t.control != !t.socket.empty())
        cx.report.fail(t.pos, t.control ? "a control task names the socket its control wavelets arrive on: control "
                                          "task " + t.name + " on rx { ... }"
                                        : "only a control task names a socket ('control task " + t.name + " on " +
                                              t.socket + "'); a handler is 'on " + t.socket + "(...) { ... }'");
    const auto lower = [&](std::size_t index) {
        lower_task_body(cx, index, t.pos,
                        [&] { lower_body(cx, call_frame{t.name, std::nullopt, ir::no_reg, 0}, t.body, t.pos); });
    };
    // The definition of a task declared before (`task t;`) says what the declaration said.
    if (const auto it = cx.forward_tasks.find(t.name); it != cx.forward_tasks.end() && !t.forward) {
        const auto& first = it->second;
        const auto& task = cx.out.tasks[first.index];
        const auto& name = cx.task_names[first.index].first;
        const auto at = cx.task_names[first.index].second;
        const auto mismatch = [&](const std::string& what) {
            cx.report.error(t.pos, "task " + quote(name) + " is defined " + what);
            cx.report.note(at, quote(name) + " is declared here");
            throw abandon{};
        };
        if (t.control != (task.kind == ir::task_kind::control) || t.socket != first.socket)
            mismatch("otherwise than it is declared: write its declaration's 'control' and 'on' again");
        if (id && *id != task.id)
            mismatch("with ID " + decimal(*id) + ", and its declaration gave it ID " + decimal(task.id));
        const auto index = first.index;
        cx.forward_tasks.erase(it);
        return lower(index);
    }
    if (t.control) listen(cx, t.socket, t.pos);
    auto& d = cx.scopes.declare({t.name, t.pos, task_symbol{cx.out.tasks.size()}});
    d.status = declaration::state::ready;  // ready now: its body may activate it again
    ir::task task;
    task.kind = t.control ? ir::task_kind::control : ir::task_kind::local;
    const auto index = add_task(cx, task, t.name, id, t.pos);
    if (t.forward) cx.forward_tasks.emplace(std::string(t.name), context::declared_task{index, t.socket});
    else lower(index);
}

/// The task `name` names: a task, or a socket with a handler (its data task) where `data` allows.
inline WAFER_CONSTEXPR std::uint32_t task_named(const context& cx, const std::string& name, source_position pos,
                                                bool data) {
    const auto& d = cx.scopes.lookup(name, pos);
    if (const auto* t = std::get_if<task_symbol>(&d.what)) return static_cast<std::uint32_t>(t->index);
    if (const auto* s = std::get_if<socket_symbol>(&d.what); s && data) {
        const auto queue = cx.out.sockets[s->index].input_queue;
        for (std::size_t k = 0; k < cx.out.tasks.size(); ++k)
            if (cx.out.tasks[k].kind == ir::task_kind::data && cx.out.tasks[k].queue == queue && queue >= 0)
                return static_cast<std::uint32_t>(k);
        cx.report.fail(pos, "socket " + quote(name) + " has no handler (declared before this) to block or unblock");
    }
    cx.report.fail(pos, quote(name) + " is " + a_kind(d) + ", not a task" + (data ? " or a socket with a handler" : ""));
    return 0;  // fail() returns only in a constant expression
}

/// The local task `name` names, for activate and an async completion.
inline WAFER_CONSTEXPR std::uint32_t local_task(const context& cx, const std::string& name, source_position pos) {
    const auto k = task_named(cx, name, pos, false);
    if (k < cx.out.tasks.size() && cx.out.tasks[k].kind != ir::task_kind::local)  // none: task_named failed
        cx.report.fail(pos, "task " + quote(name) + " is a control task, which a control wavelet runs; only a "
                                                    "local task is activated");
    return k;
}

/// A task or handler to block or unblock.
inline WAFER_CONSTEXPR std::uint32_t any_task(const context& cx, const std::string& name, source_position pos) {
    return task_named(cx, name, pos, true);
}

inline WAFER_CONSTEXPR void lower_task_statement(context& cx, const ast::task_statement& a) {
    using verb = ast::task_statement::verb;
    ir::instruction i;
    i.code = a.v == verb::activate ? ir::instr::activate : a.v == verb::block ? ir::instr::block : ir::instr::unblock;
    i.target = a.v == verb::activate ? local_task(cx, a.task, a.pos) : any_task(cx, a.task, a.pos);
    i.pos = a.pos;
    cx.add(i);
}

}  // namespace wafer::tungsten::detail
