#pragma once
// The DSL's compile-time checks. Each runs once at the operator or declaration the user wrote,
// on the constexpr operand_info of its operands, and says what was written, what is required
// and how to fix it. Each returns whether the check passed, so callers can skip building a node
// that would only add follow-up errors.
#include <cstddef>

#include "wafer/tungsten/dsl/detail/operand_info.hpp"

namespace wafer::tungsten::dsl::detail {

// Tungsten requires one subscript per dimension (Carbide silently accepts missing ones).
template <std::size_t rank>
constexpr void wrong_subscript_count() {
    static_assert(rank != 1, "wafer: this array has 1 dimension; write one subscript per dimension");
    static_assert(rank != 2, "wafer: this array has 2 dimensions; write one subscript per dimension");
    static_assert(rank != 3, "wafer: this array has 3 dimensions; write one subscript per dimension");
    static_assert(rank != 4, "wafer: this array has 4 dimensions; write one subscript per dimension");
    static_assert(rank <= 4, "wafer: this array has more than 4 dimensions; write one subscript per dimension");
}

/// The operand is a whole value: an array is read or written only with all its subscripts, and a
/// struct or union only through a member.
template <operand_info operand>
constexpr bool check_complete() {
    constexpr bool ok = (operand.what != role::array && operand.what != role::element) ||
                        operand.subscripts == operand.rank;
    if constexpr (!ok) wrong_subscript_count<operand.rank>();
    static_assert(!ok || !operand.record, "wafer: a struct or union is not a value; name one of its members, as "
                                          "p->*x for Tungsten's p.x");
    return ok && !operand.record;
}

/// `record->*member`: the left is one struct or union, every dimension subscripted.
template <operand_info operand>
constexpr bool check_member_access() {
    static_assert(operand.record, "wafer: only a struct or union has members; ->* names a member of one, as "
                                  "p->*x for Tungsten's p.x");
    constexpr bool ok = operand.subscripts == operand.rank;
    if constexpr (operand.record && !ok) wrong_subscript_count<operand.rank>();
    return operand.record && ok;
}

/// An operator's operand: a whole value, and not a 64-bit one (reference §3: u64 and s64 are storage
/// only, as the text front end says for a .w file).
template <operand_info operand>
constexpr bool check_operator_operand() {
    constexpr bool narrow = !operand.typed || (operand.type != base_type::u64 && operand.type != base_type::s64);
    static_assert(narrow, "wafer: a 64-bit value (u64, s64) is storage only: no operator or cast takes one; read or "
                          "write its words through a u16 or u32 array declared with address(&array)");
    return check_complete<operand>() && narrow;
}

/// A call's argument: a whole value, or an array named whole (passed by reference).
template <operand_info operand>
constexpr bool check_argument() {
    if constexpr (operand.what == role::array) return true;
    else return check_complete<operand>();
}

/// `operand[index]`: only arrays take subscripts, at most one per dimension.
template <operand_info operand>
constexpr bool check_subscriptable() {
    // A stream's descriptor, every dimension subscripted, takes one more: its vector's element.
    constexpr bool is_array = operand.what == role::array || operand.what == role::element || operand.stream;
    static_assert(is_array, "wafer: only an array can be subscripted; this operand is a scalar, param, socket, "
                            "loop iterator or expression");
    constexpr bool ok = is_array && (operand.subscripts < operand.rank || operand.stream);
    if constexpr (is_array && !ok) wrong_subscript_count<operand.rank>();
    return ok;
}

/// The left side of `=` or `<-`.
template <operand_info target>
constexpr bool check_assignable() {
    static_assert(target.what != role::param,
                  "wafer: a param is a compile-time value and cannot be assigned; give it a default "
                  "(k.param<T>(name, value)) or set it when lowering the kernel");
    static_assert(target.what != role::iterator,
                  "wafer: a loop iterator cannot be assigned; it takes each value of its range "
                  "w::in(i, lo, hi) in turn");
    static_assert(target.what != role::number && target.what != role::value && target.what != role::call,
                  "wafer: the left side of `=` or `<-` is not assignable; assign to a scalar, an array "
                  "element (one subscript per dimension) or a socket");
    constexpr bool assignable = target.what == role::scalar || target.what == role::socket ||
                                target.what == role::array || target.what == role::element;
    return assignable && check_complete<target>();
}

/// `a <- b` reaches C++ as `a < -b`: the right side must start with that minus.
template <operand_info value>
constexpr bool check_stream_source() {
    static_assert(value.leading_minus,
                  "wafer: `<` is not a DSL operator; write a stream assignment as `target <- value` "
                  "(C++ reads it as `target < -value`; keep the `-` next to the `<`), and a comparison "
                  "`a < b` as `b > a`");
    return value.leading_minus;
}

}  // namespace wafer::tungsten::dsl::detail
