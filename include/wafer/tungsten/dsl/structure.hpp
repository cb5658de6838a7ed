#pragma once
// Structs, unions and typedefs in C++ (docs/tungsten.md, Structs, unions and typedefs):
//     auto x = w::member<w::xp>("x");                     //   xp x;
//     auto y = w::member<w::sp>("y", w::dim(2));          //   sp y[2];
//     auto P = k.struct_("P", x, y);                      // struct P { xp x; sp y[2]; };
//     auto p = k.var(P, "p");                             // struct P p;
//     auto pts = k.array(P, "pts", w::dim(4));            // struct P pts[4];
//     k(p->*x = 1, pts[i]->*y[0] = p->*y[1]);             // p.x = 1; pts[i].y[0] = p.y[1];
//     auto real = k.typedef_<w::sp>("real");              // typedef sp real;
//     auto point_t = k.typedef_(P, "point_t");            // typedef struct P point_t;
//     auto r = k.var(real, "r");                          // real r;
//     k(r = w::cast<w::sp>(w::size_of(P)));               // r = (sp)sizeof(struct P);
// C++ has no overloadable `.`; `->*`, the member-pointer operator, takes its place, and binds
// like it: `p->*y[j]` is `p.y[j]`, `pts[i]->*y` is `pts[i].y`, `o->*in->*d[0]` is `o.in.d[0]`.
// A struct or union is not a value (only its members are), and an array of them takes one
// subscript per dimension before `->*` (an extent-1 dimension too, which the text may leave out);
// both are compile-time errors. Whether a struct has the member named is the checker's, as for text.
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/checks.hpp"
#include "wafer/tungsten/dsl/declarations.hpp"
#include "wafer/tungsten/dsl/expression.hpp"

namespace wafer::tungsten::dsl {

/// A struct or union (by its tag) or a typedef, where a declaration names a type: made by a
/// scope's struct_, union_ and typedef_.
template <detail::type_facts Facts>
class type_name {
public:
    WAFER_CONSTEXPR explicit type_name(ast::named_type&& n) : ast_(std::move(n)) {}
    WAFER_CONSTEXPR const ast::named_type& to_ast() const noexcept { return ast_; }

private:
    ast::named_type ast_;
};

namespace detail {
/// The declaration a struct member or a variable makes: `T name[dims]` or `struct P name[dims]`
/// (whose base type the parser leaves at xp).
inline WAFER_CONSTEXPR ast::var_decl declaration(base_type type, const std::optional<ast::named_type>& named,
                                                 std::string_view name, const std::vector<ast::dimension>& dims) {
    ast::var_decl d;
    d.type = named ? base_type::xp : type;
    d.named = named;
    d.name = name;
    d.dims = dims;
    return d;
}
}  // namespace detail

/// A member of a struct or union: declared in k.struct_(...), then named after `->*` with
/// `Subscripts` subscripts written.
template <detail::type_facts Facts, std::size_t Subscripts = 0>
class struct_member {
public:
    WAFER_CONSTEXPR explicit struct_member(ast::var_decl&& d) : decl_(std::move(d)) {}

    /// `y[j]` after `->*`: one subscript per dimension.
    template <operand I>
    WAFER_CONSTEXPR auto operator[](I&& index) const {
        constexpr detail::operand_info info = detail::declared_info(Facts, 0, Subscripts);
        constexpr bool ok = detail::check_subscriptable<info>() && detail::check_complete<detail::info_of<I>()>();
        if constexpr (ok) {
            struct_member<Facts, Subscripts + 1> m{ast::var_decl(decl_)};
            m.subscripts_ = subscripts_;
            m.subscripts_.push_back(detail::data_of(std::forward<I>(index)).ast);
            return m;
        } else {
            return *this;  // the static_assert has spoken
        }
    }

    /// The declaration, inside its struct.
    WAFER_CONSTEXPR const ast::var_decl& to_ast() const noexcept { return decl_; }
    /// The subscripts written after it.
    WAFER_CONSTEXPR const std::vector<ast::expr>& subscripts() const noexcept { return subscripts_; }

private:
    template <detail::type_facts, std::size_t>
    friend class struct_member;
    ast::var_decl decl_;
    std::vector<ast::expr> subscripts_;
};

/// `T name[dims...];` inside a struct or union.
template <base_type T, std::same_as<dimension>... Dims>
WAFER_CONSTEXPR struct_member<detail::type_facts{.type = T, .rank = sizeof...(Dims)}> member(std::string_view name,
                                                                                             const Dims&... dims) {
    return struct_member<detail::type_facts{.type = T, .rank = sizeof...(Dims)}>(
        detail::declaration(T, std::nullopt, name, {dims.to_ast()...}));
}

/// A member of a struct, union or typedef type: `struct Inner in;`, `real r[2];`.
template <detail::type_facts F, std::same_as<dimension>... Dims>
WAFER_CONSTEXPR auto member(const type_name<F>& type, std::string_view name, const Dims&... dims) {
    constexpr detail::type_facts facts{.type = F.type, .rank = F.rank + sizeof...(Dims), .record = F.record};
    return struct_member<facts>(detail::declaration(F.type, type.to_ast(), name, {dims.to_ast()...}));
}

/// `record->*m`: Tungsten's `record.m`, with the subscripts written after m.
template <detail::operand_info Info, detail::type_facts F, std::size_t S>
WAFER_CONSTEXPR auto operator->*(const expr<Info>& record, const struct_member<F, S>& m) {
    constexpr bool ok = detail::check_member_access<Info>();
    ast::expr e;
    e.k = ast::expr::kind::member;
    e.name = m.to_ast().name;
    e.operands.push_back(record.data.ast);
    for (const auto& s : m.subscripts()) e.operands.push_back(s);
    constexpr detail::operand_info info = ok ? detail::declared_info(F, 0, S) : detail::operand_info{};
    return expr<info>(detail::node_data{std::move(e), std::nullopt});
}

/// `sizeof(T)` for a base type T, in 16-bit words: a constant, like a number.
template <base_type T>
WAFER_CONSTEXPR expr<detail::operand_info{}> size_of() {
    ast::expr e;
    e.k = ast::expr::kind::size_of_type;
    e.type = T;
    return expr<detail::operand_info{}>(detail::node_data{std::move(e), std::nullopt});
}

/// `sizeof(struct P)`, `sizeof(real)` (a typedef's name reads as a name there, as the parser reads it).
template <detail::type_facts F>
WAFER_CONSTEXPR expr<detail::operand_info{}> size_of(const type_name<F>& type) {
    ast::expr e;
    if (type.to_ast().k == ast::named_type::kind::alias) {
        e.k = ast::expr::kind::size_of;
        e.operands.push_back(ast::name_expr(type.to_ast().name));
    } else {
        e.k = ast::expr::kind::size_of_type;
        e.named = type.to_ast();
    }
    return expr<detail::operand_info{}>(detail::node_data{std::move(e), std::nullopt});
}

/// `sizeof(v)`, `sizeof(v[0])`, `sizeof(o->*in)`: a variable, an element or a member.
template <detail::operand_info Info>
WAFER_CONSTEXPR expr<detail::operand_info{}> size_of(const expr<Info>& of) {
    static_assert(Info.what == detail::role::scalar || Info.what == detail::role::array ||
                      Info.what == detail::role::element,
                  "wafer: sizeof takes a type, a variable, an element or a member, not a computed value");
    ast::expr e;
    e.k = ast::expr::kind::size_of;
    e.operands.push_back(of.data.ast);
    return expr<detail::operand_info{}>(detail::node_data{std::move(e), std::nullopt});
}

}  // namespace wafer::tungsten::dsl
