#pragma once
// What the compile-time checks know about an operand: one constexpr value per node type,
// computed from its children's values (never by walking the tree).
#include <cstddef>
#include <cstdint>

#include "wafer/tungsten/types.hpp"

namespace wafer::tungsten::dsl::detail {

enum class role : std::uint8_t {
    number,    ///< a C++ number
    param,     ///< a compile-time value
    iterator,  ///< a loop iterator
    scalar,    ///< a scalar variable
    socket,    ///< a stream endpoint
    array,     ///< an array named without subscripts
    element,   ///< an array with one or more subscripts
    value,     ///< a computed value: `a + b`, `-a`
    call,      ///< a function call: a value, or a statement whose value is discarded
};

/// A structural type, so it can be a template argument of the checks.
struct operand_info {
    role what = role::value;
    bool typed = false;            ///< false: adapts to the statement's base type (numbers and params)
    base_type type = base_type::xp;
    std::size_t rank = 0;          ///< arrays and elements: the declared dimensions
    std::size_t subscripts = 0;    ///< elements: the subscripts written so far
    bool leading_minus = false;    ///< the leftmost operand is `-x` or a number: may be the right of `<-`
    bool record = false;           ///< a struct or union (or an array of them): no value, only members
    /// A stream array (or one of its descriptors, every dimension subscripted): one more subscript
    /// names an element, of `vector_type`, of the vector the descriptor holds.
    bool stream = false;
    base_type vector_type = base_type::xp;
};

/// What a type a declaration names gives its variables (structure.hpp): a typedef's base type and
/// dimensions, and whether it is a struct or union.
struct type_facts {
    base_type type = base_type::xp;
    std::size_t rank = 0;
    bool record = false;
};

}  // namespace wafer::tungsten::dsl::detail
