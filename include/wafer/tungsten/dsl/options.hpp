#pragma once
// Operation options (docs/tungsten.md, Operation options): `async(...)` and `dsd(...)` before a
// statement that lowers to one DSD operation. Each option is built as the parser builds it, its
// name then a word (a lone name) or a value, so the checker gives a C++ kernel the text's messages:
//
//     k(w::async(finished)[w::in(i, 0, N)[q <- rx]]);                 // async(finished) i in [0, N) q <- rx;
//     k(w::async(w::activate(t), w::priority(w::high))[tx <- a[0]]);  // async(activate t, priority high) tx <- a[0];
//     k(w::dsd(w::zero(a))[w::in(i, 0, 10)[tx <- a[i] * b[i]]]);     // dsd(zero a) i in [0, 10) tx <- a[i] * b[i];
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"
#include "wafer/tungsten/dsl/task.hpp"

namespace wafer::tungsten::dsl {

/// One option of w::async(...) or w::dsd(...).
class operation_option {
public:
    WAFER_CONSTEXPR explicit operation_option(ast::operation_option&& o) : ast_(std::move(o)) {}

    WAFER_CONSTEXPR const ast::operation_option& to_ast() const noexcept { return ast_; }

private:
    ast::operation_option ast_;
};

/// An option that is its name alone: `control`, `advance_switch`, `control_transform`, `simd32`, ...
struct flag_option {
    const char* name;
};
inline constexpr flag_option control{"control"};
inline constexpr flag_option advance_switch{"advance_switch"};
inline constexpr flag_option control_transform{"control_transform"};
inline constexpr flag_option simd32{"simd32"};
inline constexpr flag_option simd64{"simd64"};
inline constexpr flag_option simd32_or_64{"simd32_or_64"};
/// `terminate` in `on_control terminate`: w::on_control(w::terminate), and no option by itself.
inline constexpr struct terminate_action {
} terminate{};

enum class priority_level { high, medium, low };
inline constexpr priority_level high = priority_level::high;
inline constexpr priority_level medium = priority_level::medium;
inline constexpr priority_level low = priority_level::low;

namespace detail {
inline WAFER_CONSTEXPR operation_option option(std::string_view name, std::string_view word = {},
                                               const std::optional<ast::expr>& value = {}) {
    ast::operation_option o;
    o.name = name;
    o.word = word;
    o.value = value;
    return operation_option(std::move(o));
}

/// The parser reads a lone name after the option's name as its word, anything else as its value.
template <operand V>
WAFER_CONSTEXPR operation_option option_with(std::string_view name, V&& v) {
    check_complete<info_of<V>()>();
    ast::expr e = data_of(std::forward<V>(v)).ast;
    if (e.k == ast::expr::kind::name) return option(name, e.name);
    return option(name, {}, e);
}

/// `activate t` or `unblock t`, from the statement w::activate(t) or w::unblock(t).
inline WAFER_CONSTEXPR std::pair<std::string, std::string> action_of(const task_action& a) {
    const auto& s = std::get<ast::task_statement>(a.to_ast());
    return {s.v == ast::task_statement::verb::activate ? "activate" : "unblock", s.task};
}

inline WAFER_CONSTEXPR ast::operation_option option_ast(const operation_option& o) { return o.to_ast(); }
inline WAFER_CONSTEXPR ast::operation_option option_ast(const flag_option& f) { return option(f.name).to_ast(); }
/// `async(t)`: a bare task name, which the checker reads as `activate t`.
inline WAFER_CONSTEXPR ast::operation_option option_ast(const task& t) { return option(t.name()).to_ast(); }
inline WAFER_CONSTEXPR ast::operation_option option_ast(const task_action& a) {
    auto [verb, task] = action_of(a);
    return option(verb, task).to_ast();
}

template <class O>
concept option_form = std::same_as<O, operation_option> || std::same_as<O, flag_option> || std::same_as<O, task> ||
                      std::same_as<O, task_action>;
}  // namespace detail

/// `on_control terminate`, `on_control activate t`, `on_control unblock t`.
inline WAFER_CONSTEXPR operation_option on_control(terminate_action) {
    return detail::option("on_control", "terminate");
}
inline WAFER_CONSTEXPR operation_option on_control(const task_action& a) {
    auto [verb, task] = detail::action_of(a);
    return detail::option("on_control", verb, ast::name_expr(task));
}

/// `priority high`, `priority medium`, `priority low`.
inline WAFER_CONSTEXPR operation_option priority(priority_level p) {
    return detail::option("priority", p == high ? "high" : p == medium ? "medium" : "low");
}

/// `microthread N` (WSE-3).
template <operand V>
WAFER_CONSTEXPR operation_option microthread(V&& n) {
    return detail::option_with("microthread", std::forward<V>(n));
}

/// `index v`: each wavelet sent carries v in its high 16 bits.
template <operand V>
WAFER_CONSTEXPR operation_option index(V&& v) {
    return detail::option_with("index", std::forward<V>(v));
}

/// `result x`: x gets 1, or 0 when a FIFO ended the operation early.
template <expression V>
WAFER_CONSTEXPR operation_option result(V&& x) {
    return detail::option_with("result", std::forward<V>(x));
}

/// `zero a`: source a is reset to zero when the operation completes.
template <expression V>
WAFER_CONSTEXPR operation_option zero(V&& a) {
    static_assert(detail::info_of<V>().what == detail::role::array,
                  "wafer: zero names an array the operation reads, whole: w::zero(a), not w::zero(a[i])");
    ast::expr e = detail::data_of(std::forward<V>(a)).ast;
    return detail::option("zero", e.name);
}

/// `async(options) statement` or `dsd(options) statement`, written `w::async(...)[statement]`.
class [[nodiscard]] operation_prefix {
public:
    WAFER_CONSTEXPR operation_prefix(bool is_async, const std::vector<ast::operation_option>& options)
        : async_(is_async), options_(options) {}

    /// The statement, one DSD operation (an assignment, with its loops), with these options.
    WAFER_CONSTEXPR assignment operator[](const assignment& a) const {
        ast::assignment s = a.to_ast();
        s.async = async_;
        s.options = options_;
        return assignment(std::move(s));
    }

private:
    bool async_;
    std::vector<ast::operation_option> options_;
};

/// `async` or `async(options)`: the operation runs on a microthread, the program going on.
template <class... Options>
WAFER_CONSTEXPR operation_prefix async(const Options&... options) {
    static_assert((detail::option_form<Options> && ...),
                  "wafer: w::async takes options: a task (w::async(t) is async(t)), w::activate(t), w::unblock(t), "
                  "w::on_control(...), w::priority(w::high), w::index(v), w::control, ...");
    return operation_prefix(true, {detail::option_ast(options)...});
}

/// `dsd(options)`: a synchronous operation with options.
template <class... Options>
WAFER_CONSTEXPR operation_prefix dsd(const Options&... options) {
    static_assert(sizeof...(Options) > 0, "wafer: w::dsd takes at least one option, as dsd(...) does");
    static_assert((detail::option_form<Options> && ...),
                  "wafer: w::dsd takes options: w::zero(a), w::result(x), w::index(v), w::control, ...");
    return operation_prefix(false, {detail::option_ast(options)...});
}

}  // namespace wafer::tungsten::dsl
