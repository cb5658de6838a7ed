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
        if (!p)
            throw error(diagnostic{severity::error, r.file, r.pos,
                                   "no C++ kernel " + quote(r.kernel) + " among the kernels given to the layout", ""});
        lower_options options;
        options.settings_are_bindings = true;
        return lower(*p, r.params, *diags_, options);
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
