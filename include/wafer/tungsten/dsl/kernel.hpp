#pragma once
// A kernel: the C++ twin of a `.w` file. It is the top-level scope; program() is the AST the
// text parser would build for the same source (positions {0, 0}, no source text), ready for the
// one checker and lowering (wafer/tungsten/lower.hpp).
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
    /// `name` plays the role of the `.w` file's stem.
    WAFER_CONSTEXPR explicit kernel(std::string_view name) { program_.name = name; }

    /// The kernel of a signature: its name, then its params and sockets declared in order.
    template <port... Ports>
    WAFER_CONSTEXPR explicit kernel(const signature<Ports...>& s) : kernel(s.name) {
        s.for_each([&](const auto& p) { p.declare(*this); });
    }

    WAFER_CONSTEXPR const ast::program& program() const noexcept { return program_; }

private:
    friend class scope<kernel>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return program_.body; }

    ast::program program_;
};

}  // namespace wafer::tungsten::dsl
