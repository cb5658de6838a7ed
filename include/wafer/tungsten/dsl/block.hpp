#pragma once
// A block: `main { ... }` or `{ ... }`. A block is a scope of its own (declarations made on it
// are declared inside it) and a statement of the kernel or block it is passed to:
//     w::block b("main");
//     auto t = b.var<w::xp>("t", 1);
//     b(data[0] = t);
//     k(b);                        // main { xp t = 1; data[0] = t; }
// or, for statements only, inline: k(w::block("main")(data[1] = 7, data[2] = 8));
// Pass a block when it is complete: the kernel keeps a copy.
#include <string>
#include <utility>
#include <vector>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/scope.hpp"

namespace wafer::tungsten::dsl {

class block : public scope<block> {
public:
    /// Its positions are lines of the file it is made in, where its own `{` is.
    WAFER_CONSTEXPR explicit block(std::string_view label = {}, call_site at = {}) {
        ast_.label = label;
        detail::made_at(ast_, at);
    }

    WAFER_CONSTEXPR const ast::block& to_ast() const noexcept { return ast_; }

private:
    friend class scope<block>;
    WAFER_CONSTEXPR std::vector<ast::statement>& body() noexcept { return ast_.body; }
    WAFER_CONSTEXPR std::string_view file() const noexcept { return ast_.placed_in; }

    ast::block ast_;
};

}  // namespace wafer::tungsten::dsl
