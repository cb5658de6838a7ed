#pragma once
// freeze(): a C++ layout as a compile-time constant. A constexpr variable cannot hold heap memory,
// so freeze(f) runs the captureless lambda f at compile time (given a palette if it takes one),
// writes the region it returns into a buffer with the archive (detail/fields.hpp,
// core/held_bytes.hpp), checks it, and copies the bytes into a std::array of their size.
// The first error is part of the frozen type, so verify() can name it at compile time:
//
//   constexpr auto layout = freeze([](palette& p) { ... return hstack(a, b, c); });
//   static_assert(verify(layout));   // g++ prints the whole message, clang the kind and line:col
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "wafer/core/held_bytes.hpp"
#include "wafer/paint/detail/fields.hpp"
#include "wafer/paint/verify.hpp"

namespace wafer::paint {

/// A message as a structural type, so it can be a template argument (and so appear in errors).
struct fixed_message {
    char text[240]{};
};

/// The first error verify() finds in a frozen layout (kind none if there is none).
struct frozen_check {
    problem_kind kind = problem_kind::none;
    std::uint32_t line = 0, column = 0;
    fixed_message message{};
};

template <std::size_t N, frozen_check Check>
struct frozen_layout {
    std::array<unsigned char, N> bytes{};
    constexpr region thaw() const { return detail::decode(bytes.data(), bytes.size()); }
};

namespace detail {
template <class F>
constexpr region run_layout() {
    static_assert(std::is_default_constructible_v<F>,
                  "freeze(f) takes a lambda without captures: it runs at compile time, where captures do not exist");
    if constexpr (std::is_invocable_v<F, palette&>) {
        palette p;
        return F{}(p);
    } else if constexpr (std::is_invocable_r_v<region, F>) {
        return F{}();
    } else {
        static_assert(std::is_invocable_r_v<region, F>,
                      "freeze(f) takes a lambda returning a region, with no parameters or one palette& "
                      "(or the lambda's body has an error, reported above)");
        return region{};
    }
}

/// `m`, cut to fit a fixed_message (ending in "..." when cut).
template <int = 0>
constexpr fixed_message fixed_message_of(const cx_string& m) {
    fixed_message out;
    constexpr std::size_t room = sizeof(fixed_message::text) - 1;
    for (std::size_t i = 0; i < m.size() && i < room; ++i) out.text[i] = m[i];
    if (m.size() > room)
        for (std::size_t i = room - 3; i < room; ++i) out.text[i] = '.';
    return out;
}

/// "file:line:col: message", as a fixed_message.
template <int = 0>
constexpr fixed_message fixed_message_at(const origin& at, const cx_string& message) {
    return fixed_message_of(where(at) + ": " + message);
}

/// The first error of `r`'s layout, for the frozen type.
template <int = 0>
constexpr frozen_check first_problem(const region& r) {
    frozen_check check;
    for (const auto& p : layout_problems(r)) {
        if (p.level != severity::error) continue;
        check.kind = p.kind;
        check.line = p.at.pos.line;
        check.column = p.at.pos.column;
        check.message = fixed_message_at(p.at, p.message);
        break;
    }
    return check;
}

/// A layout run once: its first error, and its bytes (held when they fit: their size either way).
struct frozen_run {
    frozen_check check;
    held_bytes<> held;
};

template <class F>
constexpr frozen_run run_and_encode() {
    frozen_run out;
    region r = run_layout<F>();
    out.check = first_problem(r);
    encode(r, out.held);
    return out;
}

/// Not constexpr: in a constant expression its call is the error, and g++ prints `Message`.
template <fixed_message Message>
void invalid_layout(const char* /*problem*/) {}

/// clang prints the arguments of this call (the position of the offending call), g++ the message.
template <fixed_message Message, problem_kind Kind>
constexpr void layout_problem_at_line_column(std::uint32_t, std::uint32_t) {
    switch (Kind) {
    case problem_kind::negative_position: invalid_layout<Message>("a PE has a negative coordinate"); break;
    case problem_kind::empty_layout: invalid_layout<Message>("the layout has no PEs"); break;
    case problem_kind::too_many_pes: invalid_layout<Message>("the layout has too many PEs"); break;
    case problem_kind::too_complex: invalid_layout<Message>("the layout has too many attributes"); break;
    case problem_kind::code_twice: invalid_layout<Message>("a second code() on one region"); break;
    case problem_kind::overlapping_code: invalid_layout<Message>("two code regions overlap"); break;
    case problem_kind::too_many_colors: invalid_layout<Message>("more than 24 colors: the router has 24"); break;
    case problem_kind::color_constraint: invalid_layout<Message>("the colors cannot satisfy a colorpair, switch, bank or adder"); break;
    case problem_kind::swap_without_pair: invalid_layout<Message>("a color swap with no colorpair() naming the partner"); break;
    case problem_kind::message_passing: invalid_layout<Message>("mp() on a PE that message addresses cannot reach"); break;
    case problem_kind::code_binding: invalid_layout<Message>("a code() binding does not fit its kernel"); break;
    case problem_kind::geovar_uncovered: invalid_layout<Message>("a geovar does not cover its code region"); break;
    case problem_kind::transport: invalid_layout<Message>("a transport the router cannot connect or route"); break;
    case problem_kind::arcvar: invalid_layout<Message>("a code() binds an arcvar no transport brings"); break;
    default: invalid_layout<Message>("invalid layout"); break;
    }
}

template <int = 0>
void throw_problems(const region& r) {
    diagnostics d;
    verify(r, d);
    d.check();
}
}  // namespace detail

/// The layout f returns, run once, as a constant.
template <class F>
consteval auto freeze(F) {
    constexpr detail::frozen_run run = detail::run_and_encode<F>();
    static_assert(run.held.fits(),
                  "wafer: a frozen layout holds at most 16 MiB: build a layout this large at run time");
    frozen_layout<run.held.size, run.check> frozen;
    run.held.copy_to(frozen.bytes);
    return frozen;
}

/// True, or (in a constant expression) a compile error naming the layout's first error; at run
/// time it throws wafer::error with every problem.
template <std::size_t N, frozen_check Check>
constexpr bool verify(const frozen_layout<N, Check>& f) {
    if constexpr (Check.kind != problem_kind::none) {
        if (std::is_constant_evaluated())
            detail::layout_problem_at_line_column<Check.message, Check.kind>(Check.line, Check.column);
        else
            detail::throw_problems(f.thaw());
    }
    return true;
}

/// The problems of a frozen layout as diagnostics (warnings included); true if none is an error.
template <std::size_t N, frozen_check Check>
bool verify(const frozen_layout<N, Check>& f, diagnostics& out) {
    return verify(f.thaw(), out);
}

}  // namespace wafer::paint
