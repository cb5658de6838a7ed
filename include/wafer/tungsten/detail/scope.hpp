#pragma once
// Lexical name visibility (reference §1): a name is visible from its declaration to the end of its
// block and in blocks nested after it, an inner declaration shadows an outer one, and a name may be
// declared once per scope. A declarator is `pending` while its own extents and initializer are
// checked, so they cannot use its name even when an outer declaration has it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "wafer/core/detail/flat_map.hpp"
#include "wafer/core/detail/stable_vector.hpp"
#include "wafer/core/number.hpp"
#include "wafer/core/word.hpp"
#include "wafer/ir/dsd.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/composite.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::detail {

struct param_symbol {
    base_type type = base_type::xp;
    number value;  ///< a real for an sp, hp or ep param, rounded to it
};

struct socket_symbol {
    base_type type = base_type::xp;
    std::size_t index = 0;  ///< into pe_program::sockets
};

/// A scalar (rank 0) or an array, laid out row-major from `base`; its elements are of a base type
/// or, when `composite` is set, a struct or union.
struct variable_symbol {
    base_type type = base_type::xp;
    std::size_t rank = 0;  ///< known from the declarator, before its extents are evaluated
    address base = 0;
    std::vector<std::uint32_t> extents;
    std::vector<std::string> dim_names;  ///< as in the symbol map: n0, n1, ... for unnamed ones
    const composite_type* composite = nullptr;  ///< kept by the context (context::composites)
    /// Where the current address lives when the program sets `.base` (reference §5): every access
    /// reads it there. Unset, the address is `base` and constant.
    std::optional<address> base_word;
    /// A stream array's (`sp stream pick[2];`): the element type of the vectors its descriptors name.
    std::optional<base_type> stream_of;

    WAFER_CONSTEXPR std::uint32_t element_words() const { return detail::element_words(type, composite); }
};

/// A FIFO (`sp fifo q[8];`): pe_program::fifos[index].
struct fifo_symbol {
    base_type type = base_type::xp;
    std::size_t index = 0;
};

/// A local task (`task t { ... }`): pe_program::tasks[index].
struct task_symbol {
    std::size_t index = 0;
};

/// A typedef's name (reference §7).
struct type_symbol {
    object_type type;
};

/// A struct or union tag, declared as "struct point" or "union bits".
struct tag_symbol {
    bool is_union = false;
    const composite_type* type = nullptr;  ///< set once the declaration is ready
};

/// Loop `loop` of the current DSD statement, whose value is lo + i[loop]; or, in scalar code, the
/// counter in register `reg`, taking values in `range` when the bounds tell.
struct iterator_symbol {
    int loop = 0;
    std::int64_t lo = 0;
    ir::reg reg = ir::no_reg;
    std::optional<std::pair<std::int64_t, std::int64_t>> range;  ///< [first, last] when known
};

struct declaration {
    enum class state : std::uint8_t { pending, ready, failed };
    std::string name;
    source_position pos;
    std::variant<param_symbol, socket_symbol, variable_symbol, iterator_symbol, type_symbol, tag_symbol, fifo_symbol,
                 task_symbol>
        what;
    state status = state::pending;
    std::uint32_t order = 0;  ///< declarations are numbered as they are made (see body_scope)
    const source_text* source = nullptr;  ///< the text it is declared in (an imported package's, perhaps)
};

/// "param", "socket", "array", "scalar", "struct", "iterator", "typedef", "FIFO", "task" or
/// "struct"/"union" (a tag): how messages name a declaration.
inline WAFER_CONSTEXPR std::string_view kind_of(const declaration& d) {
    if (std::holds_alternative<param_symbol>(d.what)) return "param";
    if (std::holds_alternative<socket_symbol>(d.what)) return "socket";
    if (const auto* v = std::get_if<variable_symbol>(&d.what)) {
        if (v->rank) return "array";
        return v->composite ? (v->composite->is_union ? "union" : "struct") : "scalar";
    }
    if (std::holds_alternative<iterator_symbol>(d.what)) return "iterator";
    if (std::holds_alternative<type_symbol>(d.what)) return "typedef";
    if (std::holds_alternative<fifo_symbol>(d.what)) return "FIFO";
    if (std::holds_alternative<task_symbol>(d.what)) return "task";
    return std::get<tag_symbol>(d.what).is_union ? "union" : "struct";
}

/// "a scalar", "an array", "an iterator", "a FIFO": kind_of with its article.
inline WAFER_CONSTEXPR std::string a_kind(const declaration& d) {
    const auto k = kind_of(d);
    return (k == "array" || k == "iterator" ? "an " : "a ") + std::string(k);
}

/// The scope key of a struct or union tag: tags and other names do not collide, as in C.
inline WAFER_CONSTEXPR std::string tag_key(bool is_union, const std::string& tag) {
    return (is_union ? "union " : "struct ") + tag;
}

class scope_stack {
public:
    WAFER_CONSTEXPR explicit scope_stack(const reporter& report) : report_(report) { open(); }

    WAFER_CONSTEXPR bool at_top_level() const noexcept { return scopes_.size() == 1; }
    WAFER_CONSTEXPR std::size_t depth() const noexcept { return scopes_.size(); }

    /// Declares `d` (pending) in the innermost scope; a name already declared there is an error.
    /// The reference stays valid while the scope is open.
    /// (An rvalue, not a by-value parameter: g++ 12 cannot move from one holding a string in a
    /// constant expression.)
    WAFER_CONSTEXPR declaration& declare(declaration&& d) {
        d.order = next_order_++;
        d.source = &report_.source();
        auto& names = scopes_.back().names;
        // A kernel's params and sockets are its interface (set=, Paint's bindings): never private.
        const bool shared = std::holds_alternative<param_symbol>(d.what) || std::holds_alternative<socket_symbol>(d.what);
        std::string key = d.name;
        if (scopes_.size() == 1 && !shared) key = top_level_key(d.name);
        if (auto it = names.find(key); it != names.end()) {
            const auto& first = declarations_[it->second];
            report_.error(d.pos, "duplicate " + std::string(kind_of(d)) + " declaration " + quote(d.name));
            report_.note(*first.source, first.pos, quote(d.name) + " was first declared here");
            throw abandon{};
        }
        names.emplace(std::move(key), static_cast<std::uint32_t>(declarations_.size()));
        return declarations_.emplace_back(std::move(d));
    }

    /// A package imported by name (`import P.{a, b};`): at top level, P's names but its exports are
    /// its own, visible only to P's code and colliding with nothing else (docs/tungsten.md, Imports).
    struct private_package {
        std::string name;
        wafer::detail::flat_set<std::string> exports;
    };

    /// Code from `text` is (part of) package `p`, imported by name. (`p` by `&&`: g++ 12 cannot
    /// destroy a by-value parameter holding strings in a constant expression.) (Few packages are imported by name: they
    /// are searched by address, which a constant expression can compare for equality, not order.)
    WAFER_CONSTEXPR void keep_private(const source_text& text, private_package&& p) {
        for (auto& [kept, q] : private_)
            if (kept == &text) {
                q = std::move(p);
                return;
            }
        private_.emplace_back(&text, std::move(p));
    }

    /// The package imported by name that the code being lowered belongs to, or nullptr.
    WAFER_CONSTEXPR const private_package* current_package() const {
        for (const auto& [kept, p] : private_)
            if (kept == &report_.source()) return &p;
        return nullptr;
    }

    /// The top-level key of `name` for the code being lowered: "P::name" for a private name of
    /// package P (the symbol map shows it so), else the name.
    WAFER_CONSTEXPR std::string top_level_key(const std::string& name) const {
        const auto* p = current_package();
        if (!p || exported(*p, name)) return name;
        return p->name + "::" + name;
    }

    /// Whether `p` exports `key` (a name, or a tag's key such as "struct point" for point).
    static WAFER_CONSTEXPR bool exported(const private_package& p, const std::string& key) {
        if (p.exports.contains(key)) return true;
        for (const std::string_view tag : {"struct ", "union "})
            if (key.starts_with(tag) && p.exports.contains(key.substr(tag.size()))) return true;
        return false;
    }

    /// The visible declaration of `name`, referenced at `pos`.
    WAFER_CONSTEXPR const declaration& lookup(const std::string& name, source_position pos) const {
        const auto* d = visible(name);
        if (!d)
            report_.fail(pos, quote(name) + " is not declared");
        else if (d->status == declaration::state::ready)
            return *d;
        else if (d->status == declaration::state::pending)
            report_.fail(pos, quote(name) + " is used before declaration");
        else if (!wafer::detail::constant_evaluated())
            throw abandon{};  // its own error was reported
        // Only in a constant expression, where fail() returns: the lowering has stopped, and the
        // rest of the statement sees a stand-in.
        return stand_in_;
    }

    /// The visible, ready declaration of `name`, or nullptr (nothing reported): for trying a lowering.
    WAFER_CONSTEXPR const declaration* find(const std::string& name) const {
        const auto* d = visible(name);
        return d && d->status == declaration::state::ready ? d : nullptr;
    }

    /// The number the next declaration gets: a body_scope made with it sees the top-level
    /// declarations made so far.
    WAFER_CONSTEXPR std::uint32_t next_order() const noexcept { return next_order_; }

    /// A function's or handler's body for as long as this object lives: it sees its own scopes and
    /// the top-level declarations numbered below `order`, never the scopes of the code around it.
    class body_scope {
    public:
        WAFER_CONSTEXPR body_scope(scope_stack& s, std::uint32_t order) : s_(s), floor_(s.floor_), limit_(s.limit_) {
            s_.floor_ = s_.scopes_.size();
            s_.limit_ = order;
            s_.open();
        }
        WAFER_CONSTEXPR ~body_scope() {
            s_.close();
            s_.floor_ = floor_;
            s_.limit_ = limit_;
        }
        body_scope(const body_scope&) = delete;
        body_scope& operator=(const body_scope&) = delete;

    private:
        scope_stack& s_;
        std::size_t floor_;
        std::uint32_t limit_;
    };

    /// A nested scope (a block, or one statement's iterators) for as long as this object lives.
    class nested {
    public:
        WAFER_CONSTEXPR explicit nested(scope_stack& s) : s_(s) { s_.open(); }
        WAFER_CONSTEXPR ~nested() { s_.close(); }
        WAFER_CONSTEXPR nested(const nested&) = delete;
        nested& operator=(const nested&) = delete;

    private:
        scope_stack& s_;
    };

private:
    /// One scope: its declarations are declarations_[first] onwards, until the next scope's.
    struct scope {
        std::size_t first = 0;
        wafer::detail::flat_map<std::string, std::uint32_t> names;  ///< key -> index in declarations_
    };

    WAFER_CONSTEXPR void open() { scopes_.push_back({declarations_.size(), {}}); }
    WAFER_CONSTEXPR void close() {
        declarations_.truncate(scopes_.back().first);
        scopes_.pop_back();
    }

    WAFER_CONSTEXPR const declaration* visible(const std::string& name) const {
        const auto* package = private_.empty() ? nullptr : current_package();
        const auto at = [&](std::size_t k, const std::string& key) -> const declaration* {
            const auto& names = scopes_[k].names;
            const auto it = names.find(key);
            if (it == names.end()) return nullptr;
            const auto& d = declarations_[it->second];
            return k == 0 && floor_ > 0 && d.order >= limit_ ? nullptr : &d;
        };
        for (std::size_t k = scopes_.size(); k-- > 0;) {
            if (k != 0 && k < floor_) continue;  // the scopes of the code around a body
            if (k == 0 && package && !exported(*package, name))  // the package's own name first
                if (const auto* d = at(0, package->name + "::" + name)) return d;
            if (const auto* d = at(k, name)) return d;
        }
        return nullptr;
    }

    const reporter& report_;
    declaration stand_in_;  ///< lookup()'s answer after an error in a constant expression: a param, 0
    std::vector<scope> scopes_;
    wafer::detail::stable_vector<declaration> declarations_;  // stable: declare()'s references stay valid
    std::uint32_t next_order_ = 0;
    std::size_t floor_ = 0;      ///< the innermost body's first scope; 0 outside bodies
    std::uint32_t limit_ = 0;    ///< inside a body: the top-level declarations it sees are numbered below
    std::vector<std::pair<const source_text*, private_package>> private_;  ///< the texts of packages imported by name
};

/// The declaration an assignment's target names: a variable or a socket, never a param, an
/// iterator or a type. A member's target is the variable it starts from.
inline WAFER_CONSTEXPR const declaration& assignable(const scope_stack& scopes, const reporter& report,
                                                     const ast::expr& target) {
    using kind = ast::expr::kind;
    if (target.k != kind::name && target.k != kind::subscript && target.k != kind::member)
        report.fail(target.pos, "the target of an assignment must be a variable, an array element or a socket");
    const ast::expr* root = &target;
    while (root->k == kind::member) root = &root->operands[0];
    const auto& d = scopes.lookup(root->name, root->pos);
    if (std::holds_alternative<param_symbol>(d.what))
        report.fail(target.pos, "cannot assign to param " + quote(root->name) + ": a param is a compile-time constant");
    if (std::holds_alternative<iterator_symbol>(d.what))
        report.fail(target.pos, "cannot assign to loop iterator " + quote(root->name));
    if (std::holds_alternative<type_symbol>(d.what))
        report.fail(target.pos, "cannot assign to typedef " + quote(root->name) + ": it names a type");
    if (std::holds_alternative<task_symbol>(d.what))
        report.fail(target.pos, "cannot assign to task " + quote(root->name) + "; activate it with 'activate " +
                                    root->name + ";'");
    if (target.k == kind::member && !std::holds_alternative<variable_symbol>(d.what))
        report.fail(target.pos, quote(root->name) + " is " + a_kind(d) + ", not a struct or union");
    return d;
}

}  // namespace wafer::tungsten::detail
