#pragma once
// Arithmetic primitives and the infix operators: integers wrap at 32 bits; a float operand makes
// the result a float; `/` divides exactly (a whole quotient stays an integer); `//` and `%`
// truncate toward zero, as in C.
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "wafer/paint/detail/evaluation.hpp"

namespace wafer::paint::detail {

/// range() and the arrays it makes hold at most this many values.
inline constexpr std::int64_t max_array_values = std::int64_t(1) << 20;

enum class op { add, sub, mul, div, idiv, mod };

inline value arithmetic(evaluation& ev, op o, const ast::expr& e, const arg& l, const arg& r, const std::string& what) {
    for (const arg* x : {&l, &r})
        if (!x->v.is_number()) ev.fail_at(x->pos, what + " takes numbers, not " + kind_name(x->v));
    const bool ints = l.v.is<std::int32_t>() && r.v.is<std::int32_t>();
    if ((o == op::idiv || o == op::mod) && !ints) ev.fail_at(e.pos, what + " takes integers: convert floats with int()");
    if ((o == op::div || o == op::idiv || o == op::mod) && r.v.number() == 0) ev.fail_at(e.pos, "division by zero");
    if (ints) {
        const std::int32_t x = l.v.as<std::int32_t>(), y = r.v.as<std::int32_t>();
        const auto ux = std::uint32_t(x), uy = std::uint32_t(y);
        const bool overflow = x == std::numeric_limits<std::int32_t>::min() && y == -1;  // wraps, as C's would not
        switch (o) {
        case op::add: return value{std::int32_t(ux + uy)};
        case op::sub: return value{std::int32_t(ux - uy)};
        case op::mul: return value{std::int32_t(std::uint32_t(std::int64_t(x) * y))};
        case op::idiv: return value{overflow ? x : std::int32_t(x / y)};
        case op::mod: return value{overflow ? 0 : std::int32_t(x % y)};
        case op::div:
            // "/ divides exactly": a whole quotient stays an integer, any other is a float.
            if (overflow) return value{x};
            if (x % y == 0) return value{std::int32_t(x / y)};
            return value{float(double(x) / double(y))};
        }
    }
    const float x = float(l.v.number()), y = float(r.v.number());
    switch (o) {
    case op::add: return value{x + y};
    case op::sub: return value{x - y};
    case op::mul: return value{x * y};
    default: return value{x / y};
    }
}

inline value equal(evaluation& ev, const ast::expr& e, const arg& l, const arg& r, const std::string& what) {
    bool eq = false;
    if (l.v.is_number() && r.v.is_number())
        eq = l.v.number() == r.v.number();
    else if (l.v.is<std::string>() && r.v.is<std::string>())
        eq = l.v.as<std::string>() == r.v.as<std::string>();
    else if (l.v.is<color>() && r.v.is<color>())
        eq = l.v.as<color>().id == r.v.as<color>().id;
    else
        ev.fail_at(e.pos, what + " compares two numbers, two strings or two colors, not " + kind_name(l.v) + " and " +
                              kind_name(r.v));
    return value{std::int32_t(eq ? 1 : 0)};
}

namespace primitives {

inline value two(evaluation& ev, op o, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    return arithmetic(ev, o, e, a[0], a[1], e.text + "()");
}
inline value add(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::add, e, a); }
inline value sub(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::sub, e, a); }
inline value mul(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::mul, e, a); }
inline value div(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::div, e, a); }
inline value idiv(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::idiv, e, a); }
inline value mod(evaluation& ev, const ast::expr& e, args& a) { return two(ev, op::mod, e, a); }

/// pi(x y ...): the product, wrapping as * does.
inline value pi(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, std::size_t(-1));
    arg product = a[0];
    if (!product.v.is_number()) ev.fail_at(product.pos, "pi() takes numbers, not " + kind_name(product.v));
    for (std::size_t i = 1; i < a.size(); ++i) product.v = arithmetic(ev, op::mul, e, product, a[i], "pi()");
    return product.v;
}

inline value extreme(evaluation& ev, const ast::expr& e, args& a, bool max) {
    ev.arity(e, a, 1, std::size_t(-1));
    std::size_t best = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i].v.is_number()) ev.fail_at(a[i].pos, e.text + "() takes numbers, not " + kind_name(a[i].v));
        if (max ? a[i].v.number() > a[best].v.number() : a[i].v.number() < a[best].v.number()) best = i;
    }
    return a[best].v;
}
inline value max(evaluation& ev, const ast::expr& e, args& a) { return extreme(ev, e, a, true); }
inline value min(evaluation& ev, const ast::expr& e, args& a) { return extreme(ev, e, a, false); }

inline value lt(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    for (const auto& x : a)
        if (!x.v.is_number()) ev.fail_at(x.pos, "lt() takes numbers, not " + kind_name(x.v));
    return value{std::int32_t(a[0].v.number() < a[1].v.number() ? 1 : 0)};
}

inline value cmpeq(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    return equal(ev, e, a[0], a[1], "cmpeq()");
}

inline value to_int(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 1);
    if (a[0].v.is<std::int32_t>()) return a[0].v;
    const double f = double(ev.want<float>(e, a[0], 0, "a number"));
    if (!(f > -2147483649.0 && f < 2147483648.0)) ev.fail_at(a[0].pos, "int() of a float outside the 32-bit range");
    return value{std::int32_t(f)};   // truncates toward zero
}

/// The elements and the bucket count of split() and cliff(), checked.
inline std::pair<std::int64_t, std::int64_t> buckets(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const std::int64_t n = ev.integer(e, a[0], 0), k = ev.integer(e, a[1], 1);
    if (n < 0) ev.fail_at(a[0].pos, e.text + "() splits a number of elements that is not negative, not " + std::to_string(n));
    if (k <= 0) ev.fail_at(a[1].pos, e.text + "() splits into at least one bucket, not " + std::to_string(k));
    return {n, k};
}

/// split(n k): the elements of each normal bucket of a cliff, n / k rounded up (split(16 3) is 6).
inline value split(evaluation& ev, const ast::expr& e, args& a) {
    const auto [n, k] = buckets(ev, e, a);
    return value{std::int32_t((n + k - 1) / k)};
}

/// cliff(n k): [normal last], the elements of the normal buckets and of the last one; an error when
/// the last would hold none.
inline value cliff(evaluation& ev, const ast::expr& e, args& a) {
    const auto [n, k] = buckets(ev, e, a);
    const std::int64_t normal = (n + k - 1) / k, last = n - normal * (k - 1);
    if (last <= 0)
        ev.fail_at(e.pos, "cliff(" + std::to_string(n) + " " + std::to_string(k) + ") is not a cliff: " +
                              std::to_string(k - 1) + " buckets of " + std::to_string(normal) + " leave " +
                              std::to_string(last) + " elements for the last one");
    return value{make_array(std::vector<value>{value{std::int32_t(normal)}, value{std::int32_t(last)}})};
}

/// range([start] stop [step]): start, start + step, ... below stop; counts up only (a negative step
/// gives [ ]).
inline value range(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 3);
    const std::int64_t start = a.size() > 1 ? ev.integer(e, a[0], 0) : 0;
    const std::int64_t stop = ev.integer(e, a[a.size() > 1 ? 1 : 0], a.size() > 1 ? 1 : 0);
    const std::int64_t step = a.size() == 3 ? ev.integer(e, a[2], 2) : 1;
    if (step == 0) ev.fail_at(a[2].pos, "range() takes a step that is not 0");
    auto items = make_array();
    if (step > 0 && stop > start) {
        const std::int64_t n = (stop - start + step - 1) / step;
        if (n > max_array_values)
            ev.fail_at(e.pos, "range() makes " + std::to_string(n) + " values; at most " + std::to_string(max_array_values));
        for (std::int64_t v = start; v < stop; v += step) items->push_back(value{std::int32_t(v)});
    }
    return value{std::move(items)};
}

}  // namespace primitives
}  // namespace wafer::paint::detail
