#pragma once
// C++ kernels by type, for a layout: `wafer::dsl::kernels<send, compute, recv>` is the kernel
// provider paint::build() asks for each code(), and programs() the map a text layout takes
// (parse::paint_file_options::programs). Each K is a struct with a `signature`
// (dsl/signature.hpp) and a static `program()`.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "wafer/core/diagnostic.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/tungsten/dsl/signature.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::tungsten::dsl {

namespace detail {
/// How a code()'s kernel is lowered: the code()'s bindings are its settings, and a param it leaves
/// out may keep its default.
constexpr lower_options code_options() {
    lower_options options;
    options.settings_are_bindings = true;
    return options;
}

/// The error for a code() whose kernel is none of those given to the layout.
template <int = 0>
constexpr diagnostic no_such_kernel(const paint::kernel_request& r) {
    return diagnostic{severity::error, r.file, r.pos,
                      "no C++ kernel " + quote(r.kernel) + " among the kernels given to the layout", ""};
}

/// `p` (the kernel named `r.kernel`, or null when none is) lowered with the code()'s params, as
/// kernels<...> does: outside the template, so a user's unit compiles it only once, or not at all.
WAFER_DECL ir::pe_program lower_requested(const ast::program* p, const paint::kernel_request& r, diagnostics& diags);
}  // namespace detail

template <class K>
concept kernel_type = requires {
    { K::signature.name } -> std::convertible_to<std::string_view>;
    { K::program() } -> std::same_as<ast::program>;
};

template <kernel_type... Kernels>
class kernels {
    static_assert(!detail::has_repeat(std::array<std::string_view, sizeof...(Kernels)>{Kernels::signature.name...},
                                      [](std::string_view n) { return n; }),
                  "wafer: two kernels given to w::kernels have the same name");

public:
    /// Lowering's warnings go to `diags`; an error throws wafer::error.
    explicit kernels(diagnostics& diags) : diags_(&diags) {}

    /// The kernel named `r.kernel`, lowered with the code()'s params; an unknown name is an error at
    /// the code() (a code<K>() of a K not in the list, or a code("name") naming none of them).
    ir::pe_program operator()(const paint::kernel_request& r) const {
        std::optional<ast::program> p;
        ((r.kernel == Kernels::signature.name ? void(p = Kernels::program()) : void()), ...);
        return detail::lower_requested(p ? &*p : nullptr, r, *diags_);
    }

    /// Each kernel's program by its name.
    static std::map<std::string, ast::program> programs() {
        std::map<std::string, ast::program> out;
        (out.emplace(std::string(Kernels::signature.name), Kernels::program()), ...);
        return out;
    }

private:
    diagnostics* diags_;
};

}  // namespace wafer::tungsten::dsl

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/tungsten/dsl/detail/kernels.ipp"
#endif
