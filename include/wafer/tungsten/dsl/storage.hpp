#pragma once
// Where a variable's storage goes, and its address (reference §5, Array Attributes and Base Address
// Access), in C++:
//     k.array<w::xp>("b", w::dim("n", 4), {1, 2, 3, 4}, w::address(0x14));  // xp b[n=4] address(0x14) = {...};
//     k.array<w::xp>("c", w::dim(4), w::bank(2));                            // xp c[4] bank(2);
//     k.array<w::u16>("h", w::dim(8), w::address(o));                        // u16 h[8] address(&o);
//     k(abase = w::base(b), w::base(b) <- abase);                            // abase = b.base; b.base <- abase;
// A placement comes last in a declaration (after the initializer: C++ cannot put a braced list
// after a parameter pack); the AST is the text's, so the checker's rules and messages are too.
#include <optional>
#include <utility>

#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/dsl/checks.hpp"
#include "wafer/tungsten/dsl/expression.hpp"

namespace wafer::tungsten::dsl {

/// `address(...)`, `bank(n)` or `align(n)` in a declaration: made by w::address, w::bank, w::align.
class placement {
public:
    WAFER_CONSTEXPR explicit placement(ast::placement&& p) : ast_(std::move(p)) {}
    WAFER_CONSTEXPR const ast::placement& to_ast() const noexcept { return ast_; }

private:
    ast::placement ast_;
};

namespace detail {
template <operand E>
WAFER_CONSTEXPR placement numbered_placement(ast::placement::kind k, E&& value) {
    check_complete<info_of<E>()>();
    ast::placement p;
    p.k = k;
    p.value = data_of(std::forward<E>(value)).ast;
    return placement(std::move(p));
}
}  // namespace detail

/// `address(word)` (a number or a param), or with a variable `address(&v)`: storage shared with v's.
template <operand E>
WAFER_CONSTEXPR placement address(E&& at) {
    constexpr detail::operand_info info = detail::info_of<E>();
    if constexpr (info.what == detail::role::array || info.what == detail::role::scalar) {
        ast::placement p;
        p.k = ast::placement::kind::alias;
        p.of = detail::data_of(std::forward<E>(at)).ast.name;
        return placement(std::move(p));
    } else {
        return detail::numbered_placement(ast::placement::kind::address, std::forward<E>(at));
    }
}

/// `bank(n)`: at an address whose low 4 bits are n.
template <operand E>
WAFER_CONSTEXPR placement bank(E&& n) {
    return detail::numbered_placement(ast::placement::kind::bank, std::forward<E>(n));
}

/// `align(n)`: at a multiple of n words.
template <operand E>
WAFER_CONSTEXPR placement align(E&& n) {
    return detail::numbered_placement(ast::placement::kind::align, std::forward<E>(n));
}

/// `a.base`: array a's address in 16-bit words, a u16; `w::base(a) <- x` moves the array.
template <detail::operand_info Info>
WAFER_CONSTEXPR auto base(const expr<Info>& array) {
    static_assert(Info.what == detail::role::array,
                  "wafer: .base is an array's address: w::base(a) takes an array "
                  "named without subscripts");
    ast::expr e;
    e.k = ast::expr::kind::member;
    e.name = "base";
    e.operands.push_back(array.data.ast);
    return expr<detail::scalar_info(base_type::u16)>(detail::node_data{std::move(e), std::nullopt});
}

/// `input_queue(n)` or `output_queue(n)` after a socket's name: the queue it uses.
struct queue_choice {
    bool input = true;
    ast::expr queue;
};

template <operand E>
WAFER_CONSTEXPR queue_choice input_queue(E&& n) {
    detail::check_complete<detail::info_of<E>()>();
    return {true, detail::data_of(std::forward<E>(n)).ast};
}

template <operand E>
WAFER_CONSTEXPR queue_choice output_queue(E&& n) {
    detail::check_complete<detail::info_of<E>()>();
    return {false, detail::data_of(std::forward<E>(n)).ast};
}

}  // namespace wafer::tungsten::dsl
