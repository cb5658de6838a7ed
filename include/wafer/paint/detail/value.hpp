#pragma once
// The evaluator's values: what a Paint expression evaluates to.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "wafer/paint/ast.hpp"
#include "wafer/paint/region.hpp"
#include "wafer/paint/replicate.hpp"
#include "wafer/paint/terminal.hpp"
#include "wafer/paint/transform.hpp"

namespace wafer::paint::detail {

struct value;
struct scope;

/// A define: its parameters and body, and the scope it was defined in (which it does not keep alive).
struct function_def {
    std::string name;
    std::vector<std::string> params;
    const std::vector<ast::statement>* body = nullptr;
    std::weak_ptr<scope> closure;
    const ast::program* source = nullptr;   ///< for the positions of its body
};

struct dict_entry;
using array_ref = std::shared_ptr<std::vector<value>>;       ///< arrays are shared, not copied (the guide)
using dict_ref = std::shared_ptr<std::vector<dict_entry>>;

/// Frees arrays and dictionaries one at a time, never one inside the destructor of another: an
/// array nested a million deep (`a = [a]`, over and over) would otherwise free itself recursively,
/// past the end of the stack. What a free lets go of waits in a list until the outermost free
/// takes it.
struct deferred_delete {
    template <class T>
    void operator()(T* p) const noexcept {
        release(p, [](void* q) { delete static_cast<T*>(q); });
    }
    static void release(void* p, void (*destroy)(void*)) noexcept {
        thread_local std::vector<std::pair<void*, void (*)(void*)>> pending;
        thread_local bool freeing = false;
        pending.emplace_back(p, destroy);
        if (freeing) return;
        freeing = true;
        while (!pending.empty()) {
            const auto [q, d] = pending.back();
            pending.pop_back();
            d(q);
        }
        freeing = false;
    }
};

using function_ref = std::shared_ptr<const function_def>;

struct nothing {};
struct primitive_ref {
    std::string name;   ///< a primitive used as a value: let n = max
};
struct route_value {
    route_rule rule;
};
/// A kernel symbol for link: $a.b, or symjoin('a 'b). Not a string: name() rejects it.
struct symbol_ref {
    std::string path;
};

struct value {
    std::variant<nothing, std::int32_t, float, std::string, array_ref, dict_ref, color, route_value, region,
                 function_ref, primitive_ref, bank, rotation, direction, symbol_ref, geovar_ref, side, arcvar_ref>
        v;

    template <class T>
    bool is() const noexcept {
        return std::holds_alternative<T>(v);
    }
    template <class T>
    const T& as() const {
        return std::get<T>(v);
    }
    bool is_number() const noexcept { return is<std::int32_t>() || is<float>(); }
    double number() const { return is<std::int32_t>() ? double(as<std::int32_t>()) : double(as<float>()); }
};

struct dict_entry {
    std::string key;
    value val;
    source_position pos;                     ///< of the value, for code() bindings ...
    const ast::program* source = nullptr;    ///< ... in this file
};

/// A new array (every array the evaluator makes is made here, so each is freed by deferred_delete).
template <class... A>
array_ref make_array(A&&... a) {
    return array_ref(new std::vector<value>(std::forward<A>(a)...), deferred_delete{});
}
inline dict_ref make_dict() { return dict_ref(new std::vector<dict_entry>(), deferred_delete{}); }

/// "an integer", "a region", ...: for messages.
template <int = 0>
std::string kind_name(const value& v) {
    static constexpr const char* names[] = {"nothing",      "an integer", "a float",  "a string",
                                            "an array",     "a dictionary", "a color", "a route rule",
                                            "a region",     "a function", "a function", "a message-passing bank",
                                            "a rotation",   "a direction", "a symbol", "a geovar",
                                            "a side",       "an arcvar"};
    return names[v.v.index()];
}

/// Arrays nested deeper than this show as [...].
inline constexpr int max_show_depth = 64;
/// The most show() prints of one array or dictionary before "...": arrays share what they hold, so
/// `a = [a a]` twenty times over would print a million copies.
inline constexpr std::size_t max_show_text = std::size_t(1) << 16;

/// The text show() prints.
template <int = 0>
std::string show_text(const value& v, int depth = 0) {
    if (depth == max_show_depth) return "[...]";
    struct visitor {
        int depth;
        std::string operator()(nothing) const { return "nothing"; }
        std::string operator()(std::int32_t i) const { return std::to_string(i); }
        std::string operator()(float f) const {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", double(f));
            return buf;
        }
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(const array_ref& a) const {
            std::string s = "[";
            for (std::size_t i = 0; i < a->size() && s.size() <= max_show_text; ++i)
                s += (i ? " " : "") + show_text((*a)[i], depth + 1);
            return s.size() > max_show_text ? s.substr(0, max_show_text) + " ...]" : s + "]";
        }
        std::string operator()(const dict_ref& d) const {
            std::string s = "[";
            for (std::size_t i = 0; i < d->size() && s.size() <= max_show_text; ++i)
                s += (i ? " " : "") + (*d)[i].key + ":" + show_text((*d)[i].val, depth + 1);
            return s.size() > max_show_text ? s.substr(0, max_show_text) + " ...]" : s + "]";
        }
        std::string operator()(const color& c) const { return "color #" + std::to_string(c.id); }
        std::string operator()(const route_value& r) const { return "[" + to_text(r.rule).str() + "]"; }
        std::string operator()(const region& r) const {
            std::int64_t pes = 0;
            for (const auto& b : r.blocks) pes += pe_count(b);
            return "region(" + std::to_string(pes) + " PEs)";
        }
        std::string operator()(const function_ref& f) const { return "function " + f->name; }
        std::string operator()(const primitive_ref& p) const { return "function " + p.name; }
        std::string operator()(const bank& b) const { return "bank " + std::to_string(b.number); }
        std::string operator()(rotation r) const {
            static constexpr const char* names[] = {"R0", "R90", "R180", "R270"};
            return names[int(r)];
        }
        std::string operator()(direction d) const { return d == direction::horizontal ? "HORIZONTAL" : "VERTICAL"; }
        std::string operator()(const symbol_ref& s) const { return "$" + s.path; }
        std::string operator()(const geovar_ref& g) const { return "@" + g.name.str(); }
        std::string operator()(const arcvar_ref& a) const { return "^" + a.name.str(); }
        std::string operator()(side w) const {
            static constexpr const char* names[] = {"RIGHT", "LEFT", "UP", "DOWN", "CENTER"};
            return names[int(w)];
        }
    };
    return std::visit(visitor{depth}, v.v);
}

/// Variables of one file or one call; a call's parent is the scope its define was evaluated in.
struct scope {
    std::vector<std::pair<std::string, value>> vars;
    std::shared_ptr<scope> parent;

    value* find(const std::string& n) {
        for (scope* s = this; s != nullptr; s = s->parent.get())
            for (auto& [k, v] : s->vars)
                if (k == n) return &v;
        return nullptr;
    }
    void declare(const std::string& n, value v) {
        for (auto& [k, old] : vars)
            if (k == n) {
                old = std::move(v);
                return;
            }
        vars.emplace_back(n, std::move(v));
    }
};

}  // namespace wafer::paint::detail
