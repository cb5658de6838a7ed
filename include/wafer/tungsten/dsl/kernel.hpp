#pragma once
// A kernel: the C++ twin of a `.w` file. It is the top-level scope; program() is the AST the
// text parser would build for the same source, ready for the one checker and lowering
// (wafer/tungsten/lower.hpp), with the positions of the user's calls (call_site.hpp) where the
// parser's would be those of the text, and no source text to quote.
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/block.hpp"
#include "wafer/tungsten/dsl/scope.hpp"
#include "wafer/tungsten/dsl/signature.hpp"

namespace wafer::tungsten::dsl {

class kernel : public scope<kernel> {
public:
    /// `name` plays the role of the `.w` file's stem; the file the kernel is made in plays the role
    /// of the `.w` file: positions are its lines.
    WAFER_CONSTEXPR explicit kernel(std::string_view name, call_site at = {}) {
        program_.name = name;
        program_.source = source_text(std::string_view(at.file));
    }

    /// The kernel of a signature: its name, then its params and sockets declared in order, placed
    /// where the kernel is made.
    template <port... Ports>
    WAFER_CONSTEXPR explicit kernel(const signature<Ports...>& s, call_site at = {}) : kernel(s.name, at) {
        s.for_each([&](const auto& p) { p.declare(*this); });
        detail::place_statements(program_.body, 0, at.position());
    }

    WAFER_CONSTEXPR const ast::program& program() const noexcept { return program_; }

private:
    friend class scope<kernel>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return program_.body; }

    /// Places `body()[from...]` at `at` when the call is in the kernel's file (a helper in another
    /// file leaves its statements unplaced: a position is a line of the kernel's file).
    WAFER_CONSTEXPR void place(std::size_t from, const call_site& at) {
        if (std::string_view(at.file) == program_.source.name())
            detail::place_statements(program_.body, from, at.position());
    }

    ast::program program_;
};

}  // namespace wafer::tungsten::dsl
