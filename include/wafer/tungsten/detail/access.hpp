#pragma once
// What a reference names in memory: a variable, an element (`a[i][j]`) or a member (`o.in.d[0]`,
// `points[3].y`). DSD operands, scalar loads and stores, and sizeof all resolve references here, so
// the subscript and member rules hold alike everywhere (reference §5, §6): one subscript per
// dimension (wafer also rejects the missing ones Carbide lets through); a part followed by '.'
// names one struct, so it subscripts every dimension but those of extent 1.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/composite.hpp"
#include "wafer/tungsten/detail/memory_layout.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

/// Carbide rejects a.length, a.len and len(a) (reference §5); wafer says why.
inline constexpr const char* no_length =
    "arrays have no length in Tungsten: keep the extent in a param (xp param N; xp a[n=N];) and use N";

inline WAFER_CONSTEXPR bool is_reference(const ast::expr& e) {
    using kind = ast::expr::kind;
    return e.k == kind::name || e.k == kind::subscript || e.k == kind::member;
}

/// The name or subscript a reference starts from (`o` in `o.in.d[0]`).
inline WAFER_CONSTEXPR const ast::expr& root_of(const ast::expr& e) {
    const ast::expr* r = &e;
    while (r->k == ast::expr::kind::member) r = &r->operands[0];
    return *r;
}

/// One subscript: the words it steps by and the dimension it indexes.
struct subscript_step {
    const ast::expr* index = nullptr;
    std::int64_t stride = 0;
    std::uint32_t extent = 0;
    std::string dimension;  ///< its name: n0, n1, ... by position along the reference when unnamed
    std::string array;      ///< the reference up to it, as messages name it: "a", "o.in.d"
};

struct access {
    std::string path;  ///< "a", "points.y": how messages name what the reference reaches
    base_type type = base_type::xp;
    const composite_type* composite = nullptr;  ///< a struct or union, not a value
    std::int64_t base = 0;                      ///< before the subscripts
    std::vector<subscript_step> steps;
    std::vector<std::uint32_t> rest;  ///< the extents of the last part left unsubscripted
    std::size_t last_rank = 0;        ///< dimensions of the last part
    std::size_t dimensions = 0;       ///< along the whole reference (for generated names)
    /// The variable's base word when its `.base` is set: `base` then counts from `root_base`, and
    /// the address the access uses is the word's value plus (base - root_base).
    std::optional<address> base_word;
    std::int64_t root_base = 0;
    bool is_base_address = false;  ///< the reference is `a.base`, the base word itself

    WAFER_CONSTEXPR std::uint32_t element_words() const { return detail::element_words(type, composite); }
    WAFER_CONSTEXPR std::string type_text() const { return type_spelling(type, composite); }
};

/// "'m' has 2 dimensions but 1 subscript is given".
inline std::string subscript_count(const std::string& path, std::size_t rank, std::size_t given) {
    return quote(path) + " has " + count_of(rank, "dimension") + " but " + count_of(given, "subscript") +
           (given == 1 ? " is" : " are") + " given";
}

/// Resolves the reference `e` into the variable `v`, which `root_of(e)` names.
inline WAFER_CONSTEXPR access resolve_access(const variable_symbol& v, const ast::expr& e, const reporter& report);

/// Whether the member access `e` into `v` is `v.base`, v's address: so it is unless v is one
/// struct with a member named base.
inline WAFER_CONSTEXPR bool names_base_address(const variable_symbol& v, const ast::expr& e) {
    const bool whole = e.operands[0].k == ast::expr::kind::name && e.operands.size() == 1;
    return e.name == "base" && whole && !(v.composite && v.rank == 0 && v.composite->find("base"));
}

namespace access_detail {

inline WAFER_CONSTEXPR void subscript(access& a, const std::vector<std::uint32_t>& extents,
                                      const std::vector<std::string>& names, std::span<const ast::expr> subs,
                                      const reporter& report, source_position pos) {
    if (extents.empty() && !subs.empty()) {
        std::string what = "a scalar";  // not `?:` between strings (type_spelling says why)
        if (a.composite) what = "a " + a.type_text();
        report.fail(pos, quote(a.path) + " is " + what + ", not an array");
    }
    if (subs.size() > extents.size())
        report.fail(pos, subscript_count(a.path, extents.size(), subs.size()) + "; write one subscript per dimension");
    const auto strides = row_major_strides(extents, a.element_words());
    for (std::size_t j = 0; j < subs.size(); ++j) {
        a.steps.push_back({&subs[j], strides[j], extents[j], dimension_name(names[j], a.dimensions + j), a.path});
    }
    a.rest.assign(extents.begin() + static_cast<std::ptrdiff_t>(subs.size()), extents.end());
    a.last_rank = extents.size();
    a.dimensions += extents.size();
}

/// `a.base` of an array whose `.base` the program sets: its base word, a u16.
inline WAFER_CONSTEXPR access base_address(const variable_symbol& v, const ast::expr& e, const reporter& report) {
    const auto& array = e.operands[0];
    if (!v.base_word) {
        report.fail(e.pos, quote(array.name + ".base") + " is the constant address of " + quote(array.name) +
                               ", not storage");
        return {};  // fail() returns only in a constant expression
    }
    return {.path = array.name + ".base", .type = base_type::u16, .base = *v.base_word, .is_base_address = true};
}

inline WAFER_CONSTEXPR access member_of(const variable_symbol& v, const ast::expr& e, const reporter& report) {
    if (names_base_address(v, e)) return base_address(v, e, report);
    auto a = resolve_access(v, e.operands[0], report);
    if (!a.composite) {
        if (e.name == "length" || e.name == "len") report.fail(e.pos, no_length);
        report.fail(e.pos, quote(a.path) + " is " + (a.last_rank ? "an array of " : "") + a.type_text() +
                               ", not a struct or union: it has no member " + quote(e.name));
        return a;  // fail() returns only in a constant expression
    }
    for (auto extent : a.rest)
        if (extent != 1)
            report.fail(e.pos, subscript_count(a.path, a.last_rank, a.last_rank - a.rest.size()) + " before '." +
                                   e.name + "': a member access names one " + a.type_text() +
                                   ", so subscript every dimension, as in " + a.path + "[0]." + e.name);
    const auto* m = a.composite->find(e.name);
    if (!m) {
        report.fail(e.pos, a.type_text() + " has no member " + quote(e.name));
        return a;  // fail() returns only in a constant expression
    }
    a.path += "." + e.name;
    a.type = m->type.base;
    a.composite = m->type.composite;
    a.base += m->offset;
    subscript(a, m->type.extents, m->type.dim_names, std::span(e.operands).subspan(1), report, e.pos);
    return a;
}

}  // namespace access_detail

inline WAFER_CONSTEXPR access resolve_access(const variable_symbol& v, const ast::expr& e, const reporter& report) {
    if (e.k == ast::expr::kind::member) return access_detail::member_of(v, e, report);
    access a{.path = e.name,
             .type = v.type,
             .composite = v.composite,
             .base = v.base,
             .base_word = v.base_word,
             .root_base = v.base};
    const bool subscripted = e.k == ast::expr::kind::subscript;
    access_detail::subscript(a, v.extents, v.dim_names,
                             subscripted ? std::span<const ast::expr>(e.operands) : std::span<const ast::expr>(),
                             report, e.pos);
    return a;
}

/// The reference `e` as one value of a base type: every dimension subscripted, not a struct.
/// Whether `e` is `pick[k][i]`: element i of the vector that the descriptor pick[k] names.
inline WAFER_CONSTEXPR bool is_stream_element(const variable_symbol& v, const ast::expr& e) {
    return v.stream_of && e.k == ast::expr::kind::subscript && e.operands.size() == v.rank + 1;
}

inline WAFER_CONSTEXPR access value_access(const variable_symbol& v, const ast::expr& e, const reporter& report) {
    if (is_stream_element(v, e))
        report.fail(e.pos, quote(e.name) + " holds stream descriptors, and an element of a stream is read or written "
                                           "only by a statement that lowers to one DSD operation over one loop, "
                                           "such as i in [0, n) b[i] = " + e.name + "[k][i];");
    auto a = resolve_access(v, e, report);
    if (!a.rest.empty())
        report.fail(e.pos, subscript_count(a.path, a.last_rank, a.last_rank - a.rest.size()) +
                               "; write one subscript per dimension");
    if (a.composite)
        report.fail(e.pos, quote(a.path) + " is a " + a.type_text() + ", not a value: use its members, as in " +
                               a.path + "." + a.composite->members.front().name);
    return a;
}

/// value_access without reporting: nullopt where it would report (for trying a lowering).
inline WAFER_CONSTEXPR std::optional<access> try_value_access(const variable_symbol& v, const ast::expr& e) {
    const source_text none;
    diagnostics discarded;
    reporter quiet(none, discarded);  // not const: reporting changes its state
    try {
        auto a = value_access(v, e, quiet);
        if (quiet.stopped()) return std::nullopt;  // in a constant expression fail() returns
        return a;
    } catch (const abandon&) {
        return std::nullopt;
    }
}

}  // namespace wafer::tungsten::detail
