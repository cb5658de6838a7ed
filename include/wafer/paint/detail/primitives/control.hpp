#pragma once
// setif, assert and show.
#include <cstdint>
#include <string>

#include "wafer/paint/detail/evaluation.hpp"

namespace wafer::paint::detail::primitives {

/// setif(c a b): a if c is non-zero, else b. Both were evaluated already, as in paint.
inline value setif(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    if (!a[0].v.is<std::int32_t>())
        ev.fail_at(a[0].pos, "setif() takes an integer condition (0 or 1), such as lt(n 2), not " + kind_name(a[0].v));
    return a[0].v.as<std::int32_t>() != 0 ? a[1].v : a[2].v;
}

inline value assert_(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    if (!a[0].v.is_number()) ev.fail_at(a[0].pos, "assert() checks a number, not " + kind_name(a[0].v));
    if (a[0].v.number() == 0) ev.fail_at(e.pos, "assertion failed: " + show_text(a[1].v));
    return value{};
}

/// show(a b ...): one line, through the evaluation's show sink (the CLI prints it).
inline value show(evaluation& ev, const ast::expr&, args& a) {
    std::string line;
    for (std::size_t i = 0; i < a.size(); ++i) line += (i ? " " : "") + show_text(a[i].v);
    if (ev.show_) ev.show_(line);
    return value{};
}

}  // namespace wafer::paint::detail::primitives
