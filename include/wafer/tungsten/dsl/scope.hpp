#pragma once
// Declarations and statements, in source order: what a kernel (kernel.hpp) and a block
// (block.hpp) have in common. Each declaration appends one AST declaration (one per declarator,
// as the parser makes them) and returns the name as an expression node.
#include <concepts>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/call_site.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"
#include "wafer/tungsten/dsl/statement.hpp"
#include "wafer/tungsten/dsl/storage.hpp"
#include "wafer/tungsten/dsl/structure.hpp"

namespace wafer::tungsten::dsl {

class block;

namespace detail {
// The declarations' work on the AST, outside the scope template: a user's unit calls them instead
// of compiling each again (detail/scope.ipp; docs/performance.md, Compile cost).

/// Appends `type param name = default_value;` (no default when empty).
WAFER_CONSTEXPR WAFER_DECL void append_param(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                             const std::optional<ast::expr>& default_value);
/// Appends `type socket name;` with its queue choices.
WAFER_CONSTEXPR WAFER_DECL void append_socket(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                              std::initializer_list<queue_choice> queues);
/// Appends `d` with `value` as its initializer (none when empty); the variable's name as an expression.
WAFER_CONSTEXPR WAFER_DECL ast::expr append_variable(std::vector<ast::statement>& body, ast::var_decl&& d,
                                                     std::optional<ast::expr>&& value);
/// Appends `type name[dims...] at = init;` (no placement when `at` is null); an array without an
/// initializer is a declaration_of() its parts.
WAFER_CONSTEXPR WAFER_DECL void append_array(std::vector<ast::statement>& body, base_type type, std::string_view name,
                                             std::initializer_list<dimension> dims, const initializer& init,
                                             const placement* at);

/// Places what a call `at` added to a scope whose positions are lines of `file`, `body[from...]`:
/// the scopes nested in them keep the positions their own calls gave when they were made in the same
/// file, and lose them otherwise; then, when the call is in `file`, every node still without a
/// position gets the call's (a call from another file leaves them for the enclosing scope's call).
WAFER_CONSTEXPR WAFER_DECL void place_statements(std::vector<ast::statement>& body, std::size_t from,
                                                 std::string_view file, const call_site& at);

/// A nested scope's node, made at `at`: its own position, and the file its positions are lines of
/// (ast::block::placed_in).
template <class Node>
constexpr void made_at(Node& node, const call_site& at) {
    node.pos = at.position();
    node.placed_in = at.file;
}

/// The first statement of a scope's call, converted where the call is, so it brings the call's
/// site. It refers to the statement given, which stays alive for the call, and makes its AST only
/// when appended. (Holding the AST itself would be simpler, but g++ 12 fails to copy or move it out
/// of this temporary in a constant expression, where a frozen kernel is built.)
class first_statement {
public:
    template <class S>
    requires statement_form<S> || declaration_form<S> WAFER_CONSTEXPR first_statement(const S& s, call_site at = {})
        : source_(new given<S>(s)), at_(at) {}
    first_statement(const first_statement&) = delete;
    first_statement& operator=(const first_statement&) = delete;
    WAFER_CONSTEXPR ~first_statement() { delete source_; }

    WAFER_CONSTEXPR ast::statement to_ast() const { return source_->to_ast(); }
    constexpr const call_site& at() const noexcept { return at_; }

private:
    struct source {
        WAFER_CONSTEXPR virtual ~source() = default;
        WAFER_CONSTEXPR virtual ast::statement to_ast() const = 0;
    };
    template <class S>
    struct given final : source {
        WAFER_CONSTEXPR explicit given(const S& s) : statement(s) {}
        WAFER_CONSTEXPR ~given() override {}  // not = default: g++ 12 then calls it "used before its definition"
        WAFER_CONSTEXPR ast::statement to_ast() const override { return statement_of(statement); }
        const S& statement;
    };
    const source* source_;
    call_site at_;
};

/// Declaration parts: dimensions, then at most one placement.
template <class... Parts>
inline constexpr bool dimensions_then_placement = [] {
    constexpr bool is_placement[] = {std::same_as<Parts, placement>..., false};
    constexpr bool is_dimension[] = {std::same_as<Parts, dimension>..., false};
    for (std::size_t i = 0; i < sizeof...(Parts); ++i)
        if (!is_dimension[i] && !(is_placement[i] && i + 1 == sizeof...(Parts))) return false;
    return true;
}();
template <class... Parts>
inline constexpr std::size_t dimension_count = (std::size_t(std::same_as<Parts, dimension>) + ... + 0);

/// Adds one declaration part to `d`.
inline WAFER_CONSTEXPR void add_part(ast::var_decl& d, const dimension& dim) { d.dims.push_back(dim.to_ast()); }
inline WAFER_CONSTEXPR void add_part(ast::var_decl& d, const placement& at) { d.placement = at.to_ast(); }
}  // namespace detail

/// `Derived` provides `std::vector<ast::statement>& body()`.
template <class Derived>
class scope {
public:
    /// `T param name;`
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::param_info> param(declared_name name) {
        return declare_param(T, name, std::nullopt);
    }

    /// `T param name = default_value;`
    template <base_type T, operand V>
    WAFER_CONSTEXPR expr<detail::param_info> param(declared_name name, V&& default_value) {
        detail::check_complete<detail::info_of<V>()>();
        return declare_param(T, name, detail::data_of(std::forward<V>(default_value)).ast);
    }

    /// `T socket name;`, or with w::input_queue(n) and w::output_queue(n) `T socket name input_queue(n);`
    template <base_type T, std::same_as<queue_choice>... Queues>
    WAFER_CONSTEXPR expr<detail::socket_info(T)> socket(declared_name name, const Queues&... queues) {
        detail::append_socket(derived().body(), T, name.text, std::initializer_list<queue_choice>{queues...});
        place_last(name.at);
        return expr<detail::socket_info(T)>(name.text);
    }

    /// `T name;`
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> var(declared_name name) {
        return declare_scalar<T>(false, name, std::nullopt);
    }

    /// `T name = value;`
    template <base_type T, operand V>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> var(declared_name name, V&& value) {
        return declare_scalar<T>(false, name, std::forward<V>(value));
    }

    /// `T name at;` and `T name at = value;`, with a placement (w::address, w::bank, w::align).
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> var(declared_name name, const placement& at) {
        return declare_scalar<T>(false, name, std::nullopt, at);
    }
    template <base_type T, operand V>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> var(declared_name name, V&& value, const placement& at) {
        return declare_scalar<T>(false, name, std::forward<V>(value), at);
    }

    /// `volatile T name;`
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> volatile_var(declared_name name) {
        return declare_scalar<T>(true, name, std::nullopt);
    }

    /// `volatile T name = value;`
    template <base_type T, operand V>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> volatile_var(declared_name name, V&& value) {
        return declare_scalar<T>(true, name, std::forward<V>(value));
    }

    /// `T name[d0][d1]...;`, and with a placement last (w::address, w::bank, w::align)
    /// `T name[d0]... address(0x14);`. The type remembers the number of dimensions, so that a
    /// subscript count that does not match is a compile-time error.
    template <base_type T, class... Parts>
    requires detail::dimensions_then_placement<Parts...>
        WAFER_CONSTEXPR expr<detail::array_info(T, detail::dimension_count<Parts...>)> array(declared_name name,
                                                                                             const Parts&... parts) {
        static_assert(detail::dimension_count<Parts...> > 0,
                      "wafer: an array needs at least one dimension, e.g. w::dim(\"n\", N); declare a scalar with var");
        return declare_variable<detail::array_info(T, detail::dimension_count<Parts...>)>(
            declaration_of(detail::declaration(T, std::nullopt, name.text, {}), parts...), std::nullopt, name.at);
    }

    /// `T name[d0] at = init;` (with an initializer, up to 4 dimensions, and an optional placement
    /// after it: a braced list cannot follow a parameter pack).
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::array_info(T, 1)> array(declared_name name, const dimension& d0,
                                                         const initializer& init,
                                                         const std::optional<placement>& at = std::nullopt) {
        return declare_array<T, 1>(name, {d0}, init, at);
    }
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::array_info(T, 2)> array(declared_name name, const dimension& d0, const dimension& d1,
                                                         const initializer& init,
                                                         const std::optional<placement>& at = std::nullopt) {
        return declare_array<T, 2>(name, {d0, d1}, init, at);
    }
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::array_info(T, 3)> array(declared_name name, const dimension& d0, const dimension& d1,
                                                         const dimension& d2, const initializer& init,
                                                         const std::optional<placement>& at = std::nullopt) {
        return declare_array<T, 3>(name, {d0, d1, d2}, init, at);
    }
    template <base_type T>
    WAFER_CONSTEXPR expr<detail::array_info(T, 4)> array(declared_name name, const dimension& d0, const dimension& d1,
                                                         const dimension& d2, const dimension& d3,
                                                         const initializer& init,
                                                         const std::optional<placement>& at = std::nullopt) {
        return declare_array<T, 4>(name, {d0, d1, d2, d3}, init, at);
    }

    /// `T stream name[d0]...;` (or with no dimension `T stream name;`): descriptors of vectors of T,
    /// 64-bit values; `name[k] = w::stream(a)` stores one, `name[k][i]` is element i of its vector
    /// (docs/tungsten.md, Streams). A placement may come last.
    template <base_type T, class... Parts>
    requires detail::dimensions_then_placement<Parts...>
        WAFER_CONSTEXPR expr<detail::stream_info(T, detail::dimension_count<Parts...>)> stream(declared_name name,
                                                                                               const Parts&... parts) {
        ast::var_decl d = detail::declaration(base_type::u64, std::nullopt, name.text, {});
        d.stream_of = T;
        return declare_variable<detail::stream_info(T, detail::dimension_count<Parts...>)>(
            declaration_of(std::move(d), parts...), std::nullopt, name.at);
    }

    /// `T fifo name[capacity] activate_push(t) activate_pop(u);`: a FIFO, read and written like a socket.
    template <base_type T, operand C, std::same_as<fifo_activation>... Activations>
    WAFER_CONSTEXPR expr<detail::socket_info(T)> fifo(declared_name name, C&& capacity,
                                                      const Activations&... activations) {
        detail::check_complete<detail::info_of<C>()>();
        ast::fifo_decl d;
        d.type = T;
        d.name = name.text;
        d.capacity = detail::data_of(std::forward<C>(capacity)).ast;
        for (const fifo_activation& a : {fifo_activation{}, activations...})
            if (!a.task.empty()) (a.push ? d.activate_push : d.activate_pop) = a.task;
        append_declaration(std::move(d), name.at);
        return expr<detail::socket_info(T)>(name.text);
    }

    /// `struct tag { members... };` with members made by w::member: the type, for k.var(P, "p").
    template <detail::type_facts... F>
    WAFER_CONSTEXPR type_name<detail::type_facts{.record = true}> struct_(declared_name tag,
                                                                          const struct_member<F>&... members) {
        return declare_record(false, tag, {members.to_ast()...});
    }

    /// `union tag { members... };`
    template <detail::type_facts... F>
    WAFER_CONSTEXPR type_name<detail::type_facts{.record = true}> union_(declared_name tag,
                                                                         const struct_member<F>&... members) {
        return declare_record(true, tag, {members.to_ast()...});
    }

    /// `typedef T name[dims...];`
    template <base_type T, std::same_as<dimension>... Dims>
    WAFER_CONSTEXPR type_name<detail::type_facts{.type = T, .rank = sizeof...(Dims)}> typedef_(declared_name name,
                                                                                               const Dims&... dims) {
        return declare_typedef<detail::type_facts{.type = T, .rank = sizeof...(Dims)}>(T, std::nullopt, name,
                                                                                       {dims.to_ast()...});
    }

    /// `typedef struct P name[dims...];`, `typedef real name;`
    template <detail::type_facts F, std::same_as<dimension>... Dims>
    WAFER_CONSTEXPR auto typedef_(const type_name<F>& type, declared_name name, const Dims&... dims) {
        return declare_typedef<detail::type_facts{
            .type = F.type, .rank = F.rank + sizeof...(Dims), .record = F.record}>(F.type, type.to_ast(), name,
                                                                                   {dims.to_ast()...});
    }

    /// `struct P name;`, `real name;` (an array when the typedef has dimensions).
    template <detail::type_facts F>
    WAFER_CONSTEXPR expr<detail::declared_info(F)> var(const type_name<F>& type, declared_name name) {
        return declare_variable<detail::declared_info(F)>(detail::declaration(F.type, type.to_ast(), name.text, {}),
                                                          std::nullopt, name.at);
    }

    /// `real name = value;` (a struct or union takes no initializer).
    template <detail::type_facts F, operand V>
    WAFER_CONSTEXPR expr<detail::declared_info(F)> var(const type_name<F>& type, declared_name name, V&& value) {
        static_assert(!F.record, "wafer: a struct or union takes no initializer; assign its members");
        return declare_variable<detail::declared_info(F)>(detail::declaration(F.type, type.to_ast(), name.text, {}),
                                                          std::forward<V>(value), name.at);
    }

    /// `struct P name[dims...];`, `real name[dims...];`: the typedef's dimensions follow these; a
    /// placement may come last.
    template <detail::type_facts F, class... Parts>
    requires(detail::dimensions_then_placement<Parts...>&& detail::dimension_count<Parts...> > 0)
        WAFER_CONSTEXPR expr<detail::declared_info(F, detail::dimension_count<Parts...>)> array(
            const type_name<F>& type, declared_name name, const Parts&... parts) {
        return declare_variable<detail::declared_info(F, detail::dimension_count<Parts...>)>(
            declaration_of(detail::declaration(F.type, type.to_ast(), name.text, {}), parts...), std::nullopt, name.at);
    }

    /// `import name;` of a kernel built in C++ (its program(), named name), or with `names`
    /// `import name.{names...};`: spliced where it stands, as a text package is.
    WAFER_CONSTEXPR Derived& import_(const ast::program& package, const std::vector<std::string>& names = {},
                                     call_site at = {}) {
        ast::import_statement i;
        i.package = package.name;
        i.names = names;
        i.contents.push_back(package);
        append_declaration(std::move(i), at);
        return derived();
    }

    /// Appends statements: assignments (`a[i] = x`, `tx <- y`, loops `w::in(i, 0, N)[ ... ]`),
    /// blocks and ifs (`w::if_(c)[ ... ]`), and handlers (w::handler; the checker says where they may
    /// stand). They are placed at the call (the first statement, converted where the call is, brings it).
    template <class... Statements>
    requires((statement_form<Statements> || declaration_form<Statements>)&&...) WAFER_CONSTEXPR Derived& operator()(
        const detail::first_statement& first, const Statements&... statements) {
        return append(first, statements...);
    }

    /// Anything else given as a statement: a compile error that says what a statement is.
    template <class... Arguments>
    requires(!((statement_form<Arguments> || declaration_form<Arguments>)&&...)) WAFER_CONSTEXPR Derived& operator()(
        const Arguments&...) {
        static_assert(((statement_form<Arguments> || declaration_form<Arguments>)&&...),
                      "wafer: a kernel or block takes statements: assignments (a[i] = x, tx <- y), "
                      "loops (w::in(i, 0, N)[ a[i] = x ]), blocks (w::block), ifs (w::if_(c)[ ... ]) "
                      "and handlers (w::handler)");
        return derived();
    }

protected:
    /// Places what the call `at` added, `body()[from...]`, in the file the scope's positions are
    /// lines of (`file()`: a kernel's, or the one a nested scope is made in).
    WAFER_CONSTEXPR void place(std::size_t from, const call_site& at) {
        detail::place_statements(derived().body(), from, derived().file(), at);
    }

    /// What operator() does with statements.
    template <class... Statements>
    WAFER_CONSTEXPR Derived& append(const detail::first_statement& first, const Statements&... statements) {
        const std::size_t from = derived().body().size();
        derived().body().push_back(first.to_ast());
        (derived().body().push_back(detail::statement_of(statements)), ...);
        place(from, first.at());
        return derived();
    }

private:
    WAFER_CONSTEXPR Derived& derived() noexcept { return static_cast<Derived&>(*this); }

    /// Places the declaration just appended at the call that made it.
    WAFER_CONSTEXPR void place_last(const call_site& at) { place(derived().body().size() - 1, at); }

    template <class Declaration>
    WAFER_CONSTEXPR void append_declaration(Declaration&& d, const call_site& at) {
        derived().body().push_back(std::move(d));
        place_last(at);
    }

    WAFER_CONSTEXPR expr<detail::param_info> declare_param(base_type type, const declared_name& name,
                                                           const std::optional<ast::expr>& default_value) {
        detail::append_param(derived().body(), type, name.text, default_value);
        place_last(name.at);
        return expr<detail::param_info>(name.text);
    }

    WAFER_CONSTEXPR type_name<detail::type_facts{.record = true}> declare_record(
        bool is_union, const declared_name& tag, const std::vector<ast::var_decl>& members) {
        ast::struct_decl d;
        d.is_union = is_union;
        d.tag = tag.text;
        d.members = members;
        append_declaration(std::move(d), tag.at);
        using kind = ast::named_type::kind;
        return type_name<detail::type_facts{.record = true}>(
            ast::named_type{is_union ? kind::union_type : kind::structure, std::string(tag.text)});
    }

    template <detail::type_facts F>
    WAFER_CONSTEXPR type_name<F> declare_typedef(base_type type, const std::optional<ast::named_type>& named,
                                                 const declared_name& name, const std::vector<ast::dimension>& dims) {
        ast::typedef_decl d;
        d.type = named ? base_type::xp : type;
        d.named = named;
        d.name = name.text;
        d.dims = dims;
        append_declaration(std::move(d), name.at);
        return type_name<F>(ast::named_type{ast::named_type::kind::alias, std::string(name.text)});
    }

    template <base_type T, class Value>
    WAFER_CONSTEXPR expr<detail::scalar_info(T)> declare_scalar(bool is_volatile, const declared_name& name,
                                                                Value&& value,
                                                                const std::optional<placement>& at = std::nullopt) {
        ast::var_decl d = detail::declaration(T, std::nullopt, name.text, {});
        d.is_volatile = is_volatile;
        if (at) d.placement = at->to_ast();
        return declare_variable<detail::scalar_info(T)>(std::move(d), std::forward<Value>(value), name.at);
    }

    /// Appends `d`, with `value` (when it is an operand) as its initializer, placed at `at`; the
    /// variable's name.
    template <detail::operand_info Info, class Value>
    WAFER_CONSTEXPR expr<Info> declare_variable(ast::var_decl&& d, Value&& value, const call_site& at) {
        std::optional<ast::expr> init;
        if constexpr (operand<Value>) {
            constexpr detail::operand_info value_info = detail::info_of<Value>();
            detail::check_complete<value_info>();
            init = detail::data_of(std::forward<Value>(value)).ast;
        }
        ast::expr variable = detail::append_variable(derived().body(), std::move(d), std::move(init));
        place_last(at);
        return expr<Info>(detail::node_data{std::move(variable), std::nullopt});
    }

    template <base_type T, std::size_t Rank>
    WAFER_CONSTEXPR expr<detail::array_info(T, Rank)> declare_array(const declared_name& name,
                                                                    std::initializer_list<dimension> dims,
                                                                    const initializer& init,
                                                                    const std::optional<placement>& at) {
        detail::append_array(derived().body(), T, name.text, dims, init, at ? &*at : nullptr);
        place_last(name.at);
        return expr<detail::array_info(T, Rank)>(name.text);
    }

    /// `d` with its dimensions and placement.
    template <class... Parts>
    static WAFER_CONSTEXPR ast::var_decl declaration_of(ast::var_decl&& d, const Parts&... parts) {
        (detail::add_part(d, parts), ...);
        return std::move(d);
    }
};

}  // namespace wafer::tungsten::dsl

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/tungsten/dsl/detail/scope.ipp"
#endif
