#pragma once
// C++ kernels lowered by the compiler (docs/embedding.md, Kernels as compile-time values).
// freeze<K>(settings) lowers kernel K in a constant expression, with the params the captureless
// lambda `settings` returns, and keeps the program as bytes in the image format's encoding, as
// paint::freeze() keeps a layout: one writer and one reader, so a frozen program and the run-time
// lowering's cannot differ. frozen_kernels hands such programs to paint::build() by kernel name and
// params, so a layout is built with no lowering at run time:
//
//   constexpr auto send8 = w::freeze<send>([] { return w::settings{{"N", 8}}; });
//   auto layout = paint::build(pipeline, w::frozen_kernels(send8, compute8, recv8), diags);
//
// freeze() needs wafer header-only (the lowering is constexpr only there) and g++ (clang 14
// evaluates no std::string of libstdc++ 12 in a constant expression). A kernel with an error is no
// constant expression: the compiler stops with g++'s trail to the lowering's report.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/image/format.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/tungsten/dsl/kernels.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::tungsten::dsl {

/// A kernel's param values, as a code() binds them: `settings{{"N", 8}}`.
using settings = std::vector<ir::param_value>;

/// A program the compiler lowered, with the settings it was lowered with (sorted by name, as
/// paint::kernel_request holds a code()'s bindings).
struct frozen_contents {
    dsl::settings settings;
    ir::pe_program program;
};

template <std::size_t N>
struct frozen_program {
    std::array<std::uint8_t, N> bytes{};
    constexpr frozen_contents thaw() const {
        frozen_contents c;
        image::detail::reader r(bytes.data(), bytes.size());
        r(c.settings, c.program);
        return c;
    }
};

namespace detail {
template <class K, class Settings>
constexpr std::vector<std::uint8_t> frozen_bytes() {
    dsl::settings values = Settings{}();
    paint::sort_by_name(values);
    diagnostics diags;
    lower_options options;
    options.settings_are_bindings = true;  // as a code() binds them: a param may keep its default
    // A warning, like an error, is no constant expression (the reporter's add() is not constexpr):
    // the compiler stops at it, so a frozen kernel never drops one silently.
    auto program = lower(K::program(), values, diags, options);
    image::detail::writer w;
    w(values, program);
    return std::move(w.bytes);
}
}  // namespace detail

/// K lowered by the compiler with the params `settings` returns. Lowered twice, once to size the
/// bytes and once to fill them, as paint::freeze() runs a layout.
template <kernel_type K, class Settings>
consteval auto freeze(Settings) {
    static_assert(std::is_default_constructible_v<Settings> && std::is_invocable_r_v<dsl::settings, Settings>,
                  "freeze<K>(settings) takes a lambda without captures returning the params, "
                  "[] { return w::settings{{\"N\", 8}}; }: it runs at compile time");
#if defined(WAFER_SEPARATE_COMPILATION)
    static_assert(!std::is_same_v<K, K>,
                  "freeze<K>() lowers K at compile time, which needs wafer header-only: with "
                  "WAFER_SEPARATE_COMPILATION the lowering is compiled once, out of the compiler's reach");
#endif
    constexpr std::size_t size = detail::frozen_bytes<K, Settings>().size();
    frozen_program<size> frozen;
    const auto bytes = detail::frozen_bytes<K, Settings>();
    std::copy(bytes.begin(), bytes.end(), frozen.bytes.begin());
    return frozen;
}

/// The kernel provider for paint::build() that lowers nothing: each code() gets the frozen program
/// of its kernel's name frozen with exactly its bindings.
class frozen_kernels {
public:
    template <std::size_t... N>
    explicit frozen_kernels(const frozen_program<N>&... programs) : programs_{programs.thaw()...} {}

    /// The program of `r.kernel` frozen with `r.params`; none is an error at the code().
    ir::pe_program operator()(const paint::kernel_request& r) const {
        std::string frozen_with;
        for (const auto& p : programs_) {
            if (p.program.kernel != r.kernel) continue;
            if (p.settings == r.params) return p.program;
            frozen_with += (frozen_with.empty() ? "" : ", ") + text(p.settings);
        }
        std::string message = "no frozen C++ kernel " + quote(r.kernel) + " among the kernels given to the layout";
        if (!frozen_with.empty())
            message = "C++ kernel " + quote(r.kernel) + " was frozen with " + frozen_with + ", but this code() binds " +
                      text(r.params) + ": freeze it with these params too";
        throw error(diagnostic{severity::error, r.file, r.pos, message, ""});
    }

private:
    static std::string text(const dsl::settings& s) {
        if (s.empty()) return "no params";
        std::string out;
        for (const auto& p : s) out += (out.empty() ? "" : " ") + p.name + "=" + std::to_string(p.value);
        return out;
    }

    std::vector<frozen_contents> programs_;
};

}  // namespace wafer::tungsten::dsl
