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
        place(0, at);
    }

    WAFER_CONSTEXPR const ast::program& program() const noexcept { return program_; }

private:
    friend class scope<kernel>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return program_.body; }

    /// The file its positions are lines of: a call from another file (a helper's) leaves what it
    /// adds unplaced.
    WAFER_CONSTEXPR std::string_view file() const noexcept { return program_.source.name(); }

    ast::program program_;
};

}  // namespace wafer::tungsten::dsl
