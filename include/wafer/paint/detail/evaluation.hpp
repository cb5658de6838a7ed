#pragma once
// What every part of the Paint evaluator shares: the diagnostics it reports to, the file being
// evaluated, the palette of colors, and the checks primitives make of their arguments. The
// evaluator (evaluator.hpp) walks statements and expressions; the primitives (primitives/) are
// free functions of an evaluation and their arguments, one header per family.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wafer/paint/ast.hpp"
#include "wafer/paint/color.hpp"
#include "wafer/paint/detail/value.hpp"
#include "wafer/paint/origin.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint::detail {

using show_sink = std::function<void(const std::string& line)>;

/// The longest string join() and symjoin() make: a join that doubles a string each step would
/// otherwise fill memory long before the evaluator's limit on steps.
inline constexpr std::size_t max_string = std::size_t(1) << 20;

struct arg {
    value v;
    source_position pos;
};
using args = std::vector<arg>;

/// An all-constant array literal: paint evaluates it once and shares the array, so updating it
/// inside a define changes it for later calls (the guide). Kept to warn when that happens.
struct shared_literal {
    const ast::expr* node;
    array_ref array;
    const ast::program* source;
    bool in_define;
    bool warned = false;
};

class evaluation {
public:
    evaluation(diagnostics& out, show_sink show) : out_(out), show_(std::move(show)) {}

    diagnostics& out_;
    show_sink show_;
    palette palette_;
    const ast::program* source_ = nullptr;   ///< the file being evaluated
    int call_depth_ = 0;                     ///< define calls under way
    std::vector<shared_literal> literals_;
    std::vector<origin> transports_;         ///< every transport() made, to find those left out of the layout

    // ---- diagnostics ----
    origin origin_at(source_position pos) const { return origin_in(source_, pos); }
    /// An origin in `file` (a dictionary entry written in another file than the call using it).
    origin origin_in(const ast::program* file, source_position pos) const {
        if (file == nullptr) file = source_;
        return origin(cx_string(file->source.name()), pos, cx_string(file->source.line(pos.line)));
    }
    [[noreturn]] void fail_at(source_position pos, const std::string& message) {
        out_.add(source_->source.make(severity::error, pos, message));
        out_.check();
        throw error(out_.list());   // not reached: check() throws
    }
    void warn_at(source_position pos, const std::string& message) { warn_in(source_, pos, message); }
    /// A warning at a position in `file` (a dictionary written in another file than the define reading it).
    void warn_in(const ast::program* file, source_position pos, const std::string& message) {
        out_.add((file ? file : source_)->source.make(severity::warning, pos, message));
    }
    /// Runs region algebra (or the include loader), turning its wafer::error into our diagnostics.
    template <class F>
    auto guarded(F&& f) {
        try {
            return f();
        } catch (const error& e) {
            for (const auto& d : e.diagnostics()) out_.add(d);
            out_.check();
            throw;
        }
    }

    // ---- arguments ----
    void arity(const ast::expr& e, const args& a, std::size_t min, std::size_t max) {
        if (a.size() >= min && a.size() <= max) return;
        std::string takes = min == max ? std::to_string(min)
                            : max == std::size_t(-1) ? "at least " + std::to_string(min)
                            : max == min + 1 ? std::to_string(min) + " or " + std::to_string(max)
                                             : std::to_string(min) + " to " + std::to_string(max);
        fail_at(e.pos, e.text + "() takes " + takes + (max == 1 && min == 1 ? " argument" : " arguments") + ", not " +
                           std::to_string(a.size()));
    }

    template <class T>
    const T& want(const ast::expr& e, const arg& x, std::size_t i, const char* what) {
        if (!x.v.is<T>())
            fail_at(x.pos, "argument " + std::to_string(i + 1) + " of " + e.text + "() must be " + what + ", not " +
                               kind_name(x.v));
        return x.v.as<T>();
    }
    std::int32_t integer(const ast::expr& e, const arg& x, std::size_t i) {
        if (x.v.is<float>())
            fail_at(x.pos, "argument " + std::to_string(i + 1) + " of " + e.text +
                               "() must be an integer, not a float: int(x) converts one");
        return want<std::int32_t>(e, x, i, "an integer");
    }
    /// An integer or a float, as a param's value (a float for an sp, hp or ep param).
    wafer::number param_value(const ast::expr& e, const arg& x, std::size_t i) {
        if (x.v.is<float>()) return x.v.as<float>();
        return want<std::int32_t>(e, x, i, "a number");
    }
    const region& region_arg(const ast::expr& e, const arg& x, std::size_t i) { return want<region>(e, x, i, "a region"); }
    std::string text(const ast::expr& e, const arg& x, std::size_t i, const char* what) {
        return want<std::string>(e, x, i, what);
    }
    const array_ref& array(const ast::expr& e, const arg& x, std::size_t i) { return want<array_ref>(e, x, i, "an array"); }
    /// An array of integers (offsets, counts).
    std::vector<std::int32_t> integers(const ast::expr& e, const arg& x, std::size_t i) {
        std::vector<std::int32_t> out;
        for (const auto& v : *array(e, x, i)) {
            if (!v.is<std::int32_t>())
                fail_at(x.pos, "argument " + std::to_string(i + 1) + " of " + e.text + "() must be an array of integers; it holds " +
                                   kind_name(v));
            out.push_back(v.as<std::int32_t>());
        }
        return out;
    }
    std::vector<region> regions(const ast::expr& e, const args& a, std::size_t from = 0) {
        std::vector<region> rs;
        for (std::size_t i = from; i < a.size(); ++i) rs.push_back(region_arg(e, a[i], i));
        return rs;
    }
};

/// A primitive: checks and evaluates its (already evaluated) arguments.
using primitive = value (*)(evaluation&, const ast::expr&, args&);

}  // namespace wafer::paint::detail
