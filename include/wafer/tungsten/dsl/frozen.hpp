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
// freeze_image<K...>(layout) goes one step further: the compiler builds the layout with kernels K
// (paint's build, lowering each K with each code()'s params) and keeps the image paint would
// write for it, so nothing is parsed, lowered or built at run time:
//
//   constexpr auto image = w::freeze_image<send, compute, recv>([] { return pipeline::layout<8>; });
//   static_assert(verify(image));           // g++ prints the first error the build reports
//   wafer::fabric::fabric f(image.thaw().layout);
//
// freeze() needs wafer header-only (the lowering is constexpr only there) and g++ (clang 14
// evaluates no std::string of libstdc++ 12 in a constant expression). A kernel whose lowering
// reports an error or a warning does not freeze: the compiler quotes the first at the freeze() (or
// verify() of the image), where the lowering can stop at it (docs/embedding.md: errors as values).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/held_bytes.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/image.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/detail/build_layout.hpp"
#include "wafer/paint/freeze.hpp"
#include "wafer/tungsten/dsl/kernels.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer {
// The field lists of a frozen image's warnings (found by the archive beside the structs).
template <class Ar> constexpr void fields(Ar& ar, source_position& p) { ar(p.line, p.column); }
template <class Ar> constexpr void fields(Ar& ar, diagnostic& d) {
    ar(d.level, d.file, d.pos, d.message, d.source_line);
}
}  // namespace wafer

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
        archive::reader r(bytes.data(), bytes.size());
        r(c.settings, c.program);
        return c;
    }
};

namespace detail {
#if defined(WAFER_SEPARATE_COMPILATION)
template <class...> inline constexpr bool lowering_in_reach = false;
#else
template <class...> inline constexpr bool lowering_in_reach = true;
#endif

/// Freezing lowers kernels in the compiler: a static_assert that says why it cannot, instead of a
/// page of "call to non-constexpr function".
template <class... K>
consteval void require_header_only() {
    static_assert(lowering_in_reach<K...>,
                  "freezing lowers C++ kernels at compile time, which needs wafer header-only: with "
                  "WAFER_SEPARATE_COMPILATION the lowering is compiled once, out of the compiler's reach");
}

/// Finds the first diagnostic of `diags` at `level`, as "file:line:col: message" for a frozen
/// value's check (the message alone where there is no file: a C++ kernel's own diagnostics).
constexpr bool first_at(const diagnostics& diags, severity level, paint::fixed_message& out) {
    for (const auto& d : diags.list()) {
        if (d.level != level) continue;
        const std::string_view message = d.message;
        if (d.file.empty() && d.pos.line == 0)
            out = paint::detail::fixed_message_of(message);
        else
            out = paint::detail::fixed_message_at(paint::origin(std::string_view(d.file), d.pos), message);
        return true;
    }
    return false;
}

/// A kernel lowered by the compiler, once: its bytes (held when they fit, their size either way), or
/// the first error (else warning) it reported.
struct lowered_once {
    held_bytes<> held;
    bool ok = true;
    paint::fixed_message problem{};
};

template <class K, class Settings>
constexpr lowered_once frozen_bytes() {
    dsl::settings values = Settings{}();
    paint::sort_by_name(values);
    diagnostics diags;
    auto program = lower(K::program(), values, diags, code_options());  // the settings as a code() binds them
    lowered_once out;
    // A frozen program keeps no diagnostics: a warning is refused as an error is, never dropped.
    if (first_at(diags, severity::error, out.problem) || first_at(diags, severity::warning, out.problem)) {
        out.ok = false;
        return out;
    }
    archive::basic_writer<held_bytes<>&> w{out.held};
    w(values, program);
    return out;
}

/// Not constexpr: in freeze() its call is the error, and g++ prints `Problem`, the kernel's first.
template <paint::fixed_message Problem>
void kernel_does_not_freeze() {}
}  // namespace detail

/// K lowered by the compiler with the params `settings` returns, once (its bytes held in a buffer:
/// core/held_bytes.hpp), as paint::freeze() runs a layout. A kernel whose lowering
/// reports an error or a warning does not compile: the compiler quotes the first at the freeze() call.
template <kernel_type K, class Settings>
consteval auto freeze(Settings) {
    static_assert(std::is_default_constructible_v<Settings> && std::is_invocable_r_v<dsl::settings, Settings>,
                  "freeze<K>(settings) takes a lambda without captures returning the params, "
                  "[] { return w::settings{{\"N\", 8}}; }: it runs at compile time");
    detail::require_header_only<K>();
    constexpr detail::lowered_once once = detail::frozen_bytes<K, Settings>();
    static_assert(once.held.fits(), "wafer: a frozen kernel holds at most 16 MiB");
    frozen_program<once.held.size> frozen;
    if constexpr (!once.ok)
        detail::kernel_does_not_freeze<once.problem>();
    else
        once.held.copy_to(frozen.bytes);
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
        for (const auto& p : s) out += (out.empty() ? "" : " ") + p.name + "=" + to_string(p.value);
        return out;
    }

    std::vector<frozen_contents> programs_;
};

/// The first error of a layout frozen with its kernels (ok if none), for verify().
struct frozen_image_check {
    bool ok = true;
    paint::fixed_message message{};
};

/// A layout built by the compiler with its kernels: `bytes` are the image file paint writes for it
/// (`wafer paint ... image=F`), `warning_bytes` the build's warnings, kept so none is lost.
template <std::size_t N, std::size_t W, frozen_image_check Check>
struct frozen_image {
    std::array<std::uint8_t, N> bytes{};
    std::array<std::uint8_t, W> warning_bytes{};

    /// The image, read with the image file's reader.
    image::image thaw() const {
        return image::from_bytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end()), "<frozen image>");
    }

    /// What the build warned about (a socket whose route stalls, a map entry named twice, ...).
    std::vector<diagnostic> warnings() const {
        std::vector<diagnostic> out;
        archive::reader r(warning_bytes.data(), warning_bytes.size());
        r(out);
        return out;
    }
};

namespace detail {
/// The programs of kernels K, each built the first time a code() names it and then kept for the
/// others: a kernel bound with several params (Life's cells by their sides) is lowered once per
/// combination, and building its AST costs the compiler as much as lowering it.
template <kernel_type... K>
class programs_once {
public:
    /// The program of the kernel named `name`, or null when none of K is.
    constexpr const ast::program* find(std::string_view name) { return find(name, std::index_sequence_for<K...>{}); }

private:
    std::array<ast::program, sizeof...(K)> programs_{};
    std::array<bool, sizeof...(K)> built_{};

    template <std::size_t... I>
    constexpr const ast::program* find(std::string_view name, std::index_sequence<I...>) {
        const ast::program* found = nullptr;
        ((found == nullptr && name == K::signature.name ? void(found = &made<I, K>()) : void()), ...);
        return found;
    }
    template <std::size_t I, class Kernel>
    constexpr const ast::program& made() {
        if (!built_[I]) {
            programs_[I] = Kernel::program();
            built_[I] = true;
        }
        return programs_[I];
    }
};

/// The kernel provider of a build in the compiler: the code()'s kernel among K, lowered with its
/// params; an unknown name is reported (nothing can be thrown in a constant expression).
template <kernel_type... K>
struct lowered_in_the_compiler {
    diagnostics* out;
    programs_once<K...>* programs;

    constexpr ir::pe_program operator()(const paint::kernel_request& r) const {
        const ast::program* p = programs->find(r.kernel);
        if (!p) {
            out->add(no_such_kernel(r));
            return {};
        }
        return lower(*p, r.params, *out, code_options());
    }
};

template <class Layout>
constexpr paint::region layout_region() {
    auto layout = Layout{}();
    if constexpr (std::is_same_v<decltype(layout), paint::region>)
        return layout;
    else
        return layout.thaw();  // a frozen layout
}

/// A layout built once: its check, and its image's and warnings' bytes (held when they fit, their
/// sizes either way).
struct built_once {
    held_bytes<> image, warnings;
    frozen_image_check check;
};

template <class Layout, class Options, kernel_type... K>
constexpr built_once build_image() {
    diagnostics diags;
    programs_once<K...> programs;
    image::image im;
    im.layout = paint::detail::build_layout(layout_region<Layout>(), lowered_in_the_compiler<K...>{&diags, &programs},
                                            diags, Options{}());
    built_once out;
    if (first_at(diags, severity::error, out.check.message)) {
        out.check.ok = false;
        return out;
    }
    image::detail::write_image(im, out.image);
    auto warnings = diags.list();
    archive::basic_writer<held_bytes<>&> w{out.warnings};
    w(warnings);
    return out;
}

struct default_build_options {
    constexpr paint::build_options operator()() const { return {}; }
};
}  // namespace detail

/// The layout `layout` returns (a paint::region or a frozen layout), built by the compiler with
/// kernels K and the options `options` returns (captureless lambdas: they run at compile time). Built
/// once (its bytes held in a buffer: core/held_bytes.hpp), as freeze() lowers a kernel.
template <kernel_type... K, class Layout, class Options = detail::default_build_options>
consteval auto freeze_image(Layout, Options = {}) {
    static_assert(std::is_default_constructible_v<Layout> && std::is_default_constructible_v<Options>,
                  "freeze_image<K...>(layout, options) takes lambdas without captures: they run at compile time");
    detail::require_header_only<K...>();
    constexpr detail::built_once once = detail::build_image<Layout, Options, K...>();
    static_assert(once.image.fits() && once.warnings.fits(),
                  "wafer: a frozen image holds at most 16 MiB: build a layout this large at run time");
    frozen_image<once.image.size, once.warnings.size, once.check> frozen;
    once.image.copy_to(frozen.bytes);
    once.warnings.copy_to(frozen.warning_bytes);
    return frozen;
}

/// True, or (in a constant expression) a compile error quoting the first error of the build.
template <std::size_t N, std::size_t W, frozen_image_check Check>
constexpr bool verify(const frozen_image<N, W, Check>&) {
    if constexpr (!Check.ok) paint::detail::invalid_layout<Check.message>("the layout does not build with its kernels");
    return true;
}

}  // namespace wafer::tungsten::dsl
