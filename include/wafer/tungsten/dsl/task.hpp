#pragma once
// Tasks and their statements (docs/tungsten.md, Tasks, FIFOs and asynchronous operations):
//     w::task finished("finished");                // task finished { count = count + 1; }
//     finished(count = count + 1);
//     w::task filled("filled", 3);                 // task filled id(3) { ... }
//     w::control_task reset("reset", rx, 12);      // control task reset on rx id(12) { ... }
//     k(finished, filled, reset);                  // declared where they are passed
//     k(w::declare(finished));                     // task finished; (defined further on)
//     k(w::activate(finished));                    // activate finished;
//     k(w::block_(finished), w::unblock(rx));      // block finished; unblock rx;
// A task is a scope: its locals are declared on it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/scope.hpp"
#include "wafer/tungsten/dsl/statement.hpp"

namespace wafer::tungsten::dsl {

namespace detail {
/// What tasks and control tasks share: a name, an optional fixed ID and a body.
template <class Derived>
class task_base : public scope<Derived> {
public:
    WAFER_CONSTEXPR const std::string& name() const noexcept { return ast_.name; }
    WAFER_CONSTEXPR const ast::task_decl& to_ast() const noexcept { return ast_; }

protected:
    template <class Id>
    WAFER_CONSTEXPR task_base(std::string_view name, bool control, std::string_view socket, Id&& id,
                              const call_site& at) {
        made_at(ast_, at);  // its positions are lines of the file it is made in
        ast_.control = control;
        ast_.name = name;
        ast_.socket = socket;
        if constexpr (operand<Id>) {
            check_complete<info_of<Id>()>();
            ast_.id = data_of(std::forward<Id>(id)).ast;
        }
    }

private:
    friend class scope<Derived>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return ast_.body; }
    WAFER_CONSTEXPR std::string_view file() const noexcept { return ast_.placed_in; }

    ast::task_decl ast_;
};

template <class S>
WAFER_CONSTEXPR std::string socket_name(const S& socket) {
    static_assert(info_of<S>().what == role::socket,
                  "wafer: a control task runs on a socket: w::control_task t(\"t\", rx) with rx = k.socket<T>(\"rx\")");
    if constexpr (expression<S>) return socket.data.ast.name;
    else return {};
}
}  // namespace detail

/// `task name { ... }` or `task name id(N) { ... }`: a local task.
class task : public detail::task_base<task> {
public:
    WAFER_CONSTEXPR explicit task(std::string_view name, call_site at = {})
        : task_base(name, false, {}, std::nullopt, at) {}
    template <operand Id>
    WAFER_CONSTEXPR task(std::string_view name, Id&& id, call_site at = {})
        : task_base(name, false, {}, std::forward<Id>(id), at) {}
};

/// `control task name on rx { ... }` or `... on rx id(N) { ... }`: run by a control wavelet naming its ID.
class control_task : public detail::task_base<control_task> {
public:
    template <operand Socket>
    WAFER_CONSTEXPR control_task(std::string_view name, const Socket& socket, call_site at = {})
        : task_base(name, true, detail::socket_name(socket), std::nullopt, at) {}
    template <operand Socket, operand Id>
    WAFER_CONSTEXPR control_task(std::string_view name, const Socket& socket, Id&& id, call_site at = {})
        : task_base(name, true, detail::socket_name(socket), std::forward<Id>(id), at) {}
};

namespace detail {
template <class T>
WAFER_CONSTEXPR std::string task_or_socket_name(const T& t) {
    if constexpr (std::same_as<T, task> || std::same_as<T, control_task>) {
        return t.name();
    } else {
        static_assert(operand<T> && info_of<T>().what == role::socket,
                      "wafer: activate, block_ and unblock name a task (w::task) or a socket with a handler");
        if constexpr (expression<T>) return t.data.ast.name;
        else return {};
    }
}

inline WAFER_CONSTEXPR task_action task_statement(ast::task_statement::verb v, std::string_view name) {
    ast::task_statement s;
    s.v = v;
    s.task = name;
    return task_action(std::move(s));
}
}  // namespace detail

/// `activate t;`: makes the local task t ready. Given to w::async, it is the option `activate t`.
template <class T>
WAFER_CONSTEXPR task_action activate(const T& t) {
    return detail::task_statement(ast::task_statement::verb::activate, detail::task_or_socket_name(t));
}

/// `block t;`: keeps task t (or socket t's handler) from running until `unblock t;`.
template <class T>
WAFER_CONSTEXPR control_statement block_(const T& t) {
    return detail::task_statement(ast::task_statement::verb::block, detail::task_or_socket_name(t));
}

/// `unblock t;`, and the option `unblock t`.
template <class T>
WAFER_CONSTEXPR task_action unblock(const T& t) {
    return detail::task_statement(ast::task_statement::verb::unblock, detail::task_or_socket_name(t));
}

/// `task t;`: declares t here, so that code before its definition may activate it (tasks that
/// activate each other round a cycle); passing t itself further on defines it.
template <class T>
requires std::same_as<T, task> || std::same_as<T, control_task>
WAFER_CONSTEXPR control_statement declare(const T& t) {
    auto d = t.to_ast();
    d.forward = true;
    d.body.clear();
    return control_statement(ast::statement(std::move(d)));
}

/// `activate_push(t)`: a push after an empty event activates t.
inline WAFER_CONSTEXPR fifo_activation activate_push(const task& t) { return {true, t.name()}; }
/// `activate_pop(t)`: a pop after a full event activates t.
inline WAFER_CONSTEXPR fifo_activation activate_pop(const task& t) { return {false, t.name()}; }

}  // namespace wafer::tungsten::dsl
