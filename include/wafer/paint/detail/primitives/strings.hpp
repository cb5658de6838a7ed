#pragma once
// Strings and symbols: join, symjoin, strcmp.
#include <string>

#include "wafer/paint/detail/evaluation.hpp"

namespace wafer::paint::detail::primitives {

/// join(delim a b ...): a, b, ... with delim between them; numbers are written in decimal.
inline value join(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, std::size_t(-1));
    const std::string delim = ev.text(e, a[0], 0, "a string, the delimiter");
    std::string out;
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (!a[i].v.is<std::string>() && !a[i].v.is<std::int32_t>())
            ev.fail_at(a[i].pos, "join() joins strings and integers, not " + kind_name(a[i].v));
        out += (i > 1 ? delim : "") + show_text(a[i].v);
        if (out.size() > max_string)
            ev.fail_at(e.pos, "join() makes a string longer than " + std::to_string(max_string) + " characters");
    }
    return value{std::move(out)};
}

/// symjoin(a b): the kernel symbol $a.b, leaving out an empty part.
inline value symjoin(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    std::string parts[2];
    for (std::size_t i = 0; i < 2; ++i) {
        if (a[i].v.is<symbol_ref>())
            parts[i] = a[i].v.as<symbol_ref>().path;
        else
            parts[i] = ev.text(e, a[i], i, "a string or a symbol");
    }
    if (parts[0].size() + parts[1].size() > max_string)
        ev.fail_at(e.pos, "symjoin() makes a symbol longer than " + std::to_string(max_string) + " characters");
    return value{symbol_ref{parts[0].empty() ? parts[1] : parts[1].empty() ? parts[0] : parts[0] + "." + parts[1]}};
}

/// strcmp(a b): 0 if a == b, else -1 or 1 as a sorts before or after b.
inline value strcmp(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const int c = ev.text(e, a[0], 0, "a string").compare(ev.text(e, a[1], 1, "a string"));
    return value{std::int32_t(c < 0 ? -1 : c > 0 ? 1 : 0)};
}

}  // namespace wafer::paint::detail::primitives
