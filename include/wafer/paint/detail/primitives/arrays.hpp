#pragma once
// Arrays and dictionaries: arraylen, arrayidx, arraydelete, arrayupdate, arrayslice, query. Arrays
// are shared, not copied (the guide): arrayupdate and arraydelete change one in place.
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "wafer/paint/detail/evaluation.hpp"
#include "wafer/paint/detail/primitives/arithmetic.hpp"

namespace wafer::paint::detail {

/// Whether `v` is or holds the array `a` (so storing v in a would make a contain itself). Each
/// array and dictionary is looked into once, without recursion: arrays share what they hold, so
/// `a = [a a]` twenty times over is twenty arrays on a million paths, and may nest without limit.
inline bool holds(const value& v, const std::vector<value>* a) {
    std::vector<const value*> todo{&v};
    std::set<const void*> seen;
    while (!todo.empty()) {
        const value& x = *todo.back();
        todo.pop_back();
        if (x.is<array_ref>()) {
            const auto& items = *x.as<array_ref>();
            if (&items == a) return true;
            if (seen.insert(&items).second)
                for (const auto& y : items) todo.push_back(&y);
        } else if (x.is<dict_ref>()) {
            const auto& entries = *x.as<dict_ref>();
            if (seen.insert(&entries).second)
                for (const auto& d : entries) todo.push_back(&d.val);
        }
    }
    return false;
}

/// Before changing array `a` in place: warns once if it is a constant literal of a define, which
/// paint shares between calls.
inline void before_change(evaluation& ev, const ast::expr& e, const array_ref& a) {
    for (auto& l : ev.literals_) {
        if (l.array != a || !l.in_define || l.warned) continue;
        l.warned = true;
        ev.warn_at(e.pos, e.text + "() changes the constant array literal at line " + std::to_string(l.node->pos.line) +
                              ", which paint shares between calls: later calls of its define see the change; copy it "
                              "first with arrayslice(a 0 arraylen(a))");
    }
}

namespace primitives {

inline std::size_t index_in(evaluation& ev, const ast::expr& e, const arg& x, std::size_t i, std::size_t size, bool end_ok) {
    const std::int32_t n = ev.integer(e, x, i);
    if (n < 0 || std::size_t(n) > size || (!end_ok && std::size_t(n) == size))
        ev.fail_at(x.pos, e.text + "() index " + std::to_string(n) + " is outside the array of " + std::to_string(size) +
                              (size == 1 ? " value" : " values"));
    return std::size_t(n);
}

inline value arraylen(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 1, 1);
    return value{std::int32_t(ev.array(e, a[0], 0)->size())};
}

inline value arrayidx(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const auto& v = ev.array(e, a[0], 0);
    return (*v)[index_in(ev, e, a[1], 1, v->size(), false)];
}

inline value arraydelete(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    const auto& v = ev.array(e, a[0], 0);
    const std::size_t i = index_in(ev, e, a[1], 1, v->size(), false);
    before_change(ev, e, v);
    v->erase(v->begin() + std::ptrdiff_t(i));
    return value{};
}

inline value arrayupdate(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 3, 3);
    const auto& v = ev.array(e, a[0], 0);
    const std::size_t i = index_in(ev, e, a[1], 1, v->size(), false);
    if (holds(a[2].v, v.get())) ev.fail_at(a[2].pos, "arrayupdate() would put an array inside itself");
    before_change(ev, e, v);
    (*v)[i] = a[2].v;
    return value{};
}

/// arrayslice(a start [stop]): a new array of a's values from start up to stop (or the end).
inline value arrayslice(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 3);
    const auto& v = ev.array(e, a[0], 0);
    const std::size_t from = index_in(ev, e, a[1], 1, v->size(), true);
    const std::size_t to = a.size() == 3 ? index_in(ev, e, a[2], 2, v->size(), true) : v->size();
    if (to < from) ev.fail_at(a[2].pos, "arrayslice() ends before it starts");
    return value{make_array(v->begin() + std::ptrdiff_t(from), v->begin() + std::ptrdiff_t(to))};
}

/// query(options defaults): the value of each key of `defaults`, from `options` where it has the
/// key. A key of options that defaults lacks is ignored by paint without a message; wafer warns.
inline value query(evaluation& ev, const ast::expr& e, args& a) {
    ev.arity(e, a, 2, 2);
    auto entries = [&](const arg& x, std::size_t i) {
        const bool empty = x.v.is<array_ref>() && x.v.as<array_ref>()->empty();   // [] is no entries
        return empty ? make_dict()
                     : ev.want<dict_ref>(e, x, i, "a dictionary such as [a:1 b:2]");
    };
    const dict_ref options = entries(a[0], 0), defaults = entries(a[1], 1);
    auto items = make_array();
    for (const auto& d : *defaults) {
        const dict_entry* given = nullptr;
        for (const auto& o : *options)
            if (o.key == d.key) given = &o;
        items->push_back(given ? given->val : d.val);
    }
    for (const auto& o : *options) {
        bool known = false;
        std::string keys;
        for (const auto& d : *defaults) {
            known = known || d.key == o.key;
            keys += (keys.empty() ? "" : " ") + d.key;
        }
        if (!known)
            ev.warn_in(o.source, o.pos, "query() ignores key " + quote(o.key) + ": its defaults have " +
                                            (keys.empty() ? std::string("no keys") : "the keys " + keys) +
                                            " (paint ignores it without a message, so a misspelt key gets the default)");
    }
    return value{std::move(items)};
}

}  // namespace primitives
}  // namespace wafer::paint::detail
