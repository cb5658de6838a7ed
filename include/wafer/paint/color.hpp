#pragma once
// Symbolic colors. Paint's color() makes a fresh color each time it is evaluated; in C++ the same
// state is a palette, the layout's color counter (no global state, so freeze() can run it at compile
// time). The solver (color_solver.hpp) maps symbolic colors to the router's 24 physical ones.
// A message-passing bank (bank(N)) owns five physical colors; color(bank) is the one its sockets bind.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "wafer/core/hardware.hpp"
#include "wafer/paint/origin.hpp"

namespace wafer::paint {

inline constexpr int router_colors = hw::colors;

struct color {
    std::int32_t id = -1;        ///< symbolic id, in creation order: 0, 1, 2, ...
    std::int8_t physical = -1;   ///< hard-coded with color(n), or -1 for the solver to choose
    std::int8_t bank = -1;       ///< the message-passing bank whose core color this is, or -1
    origin at;                   ///< the color() call
    friend constexpr bool operator==(const color&, const color&) = default;
};

/// bank(N): message-passing bank N (docs/machine.md, Message passing).
struct bank {
    std::int32_t number = 0;
    origin at;
    friend constexpr bool operator==(const bank&, const bank&) = default;
};

/// Where a bank is made or used (`what`: "bank(n)", "color(bank)", "mp()"): bank 0 or 1. A bank
/// made from C++ without bank(n), `paint::bank{5}`, is an error where it is used.
template <int = 0>
constexpr void check_bank(std::int32_t number, std::string_view what, const origin& at) {
    if (number < 0 || number >= hw::mp_banks)
        fail(at, cx_string(what) + " takes bank 0 (colors 14-18) or bank 1 (colors 19-23), not bank " + to_text(number));
}

/// Hands out symbolic colors in creation order: p.color(), p.colors<3>(), p.color(5) (hard-coded),
/// and banks: p.bank(0), p.color(b).
class palette {
public:
    constexpr paint::color color(origin at = call_site{}) { return paint::color{next_++, -1, -1, std::move(at)}; }

    /// A hard-coded physical color: build() warns, as paint does; let the solver choose instead.
    constexpr paint::color color(int physical, origin at = call_site{}) {
        if (physical < 0 || physical >= router_colors) fail(at, "color(n) takes a physical color 0 to 23");
        return paint::color{next_++, std::int8_t(physical), -1, std::move(at)};
    }

    /// The color of bank `b` that sockets bind: the same color each time.
    constexpr paint::color color(const paint::bank& b, origin at = call_site{}) {
        check_bank(b.number, "color(bank)", at);
        auto& id = bank_color_[std::size_t(b.number)];
        if (id < 0) id = next_++;
        return paint::color{id, std::int8_t(hw::mp_first_color(b.number)), std::int8_t(b.number), std::move(at)};
    }

    constexpr paint::bank bank(int number, origin at = call_site{}) {
        check_bank(number, "bank(n)", at);
        return paint::bank{number, std::move(at)};
    }

    template <std::size_t N>
    constexpr std::array<paint::color, N> colors(origin at = call_site{}) {
        return make_colors(at, std::make_index_sequence<N>{});
    }

    /// How many colors were made: the next color's id.
    constexpr std::int32_t size() const noexcept { return next_; }

private:
    // A prvalue return: g++ 12 loses the vectors of a named std::array returned in a constant expression.
    template <std::size_t... I>
    constexpr std::array<paint::color, sizeof...(I)> make_colors(const origin& at, std::index_sequence<I...>) {
        const std::int32_t first = next_;
        next_ += std::int32_t(sizeof...(I));
        return {paint::color{first + std::int32_t(I), -1, -1, at}...};
    }

    std::int32_t next_ = 0;
    std::array<std::int32_t, hw::mp_banks> bank_color_{-1, -1};
};

}  // namespace wafer::paint
