#include "wafer/core/held_bytes.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>

namespace {

// What freeze() does with a held value: write it in one constant evaluation, then copy it into an
// array of its size in another.
constexpr wafer::held_bytes<8> written(int n) {
    wafer::held_bytes<8> h;
    for (int i = 0; i < n; ++i) h.push_back(std::uint8_t(10 + i));
    return h;
}

constexpr auto five = written(5);
constexpr auto exact = [] {
    std::array<std::uint8_t, five.size> out{};
    five.copy_to(out);
    return out;
}();
static_assert(five.fits() && exact == std::array<std::uint8_t, 5>{10, 11, 12, 13, 14});

}  // namespace

TEST_CASE("held_bytes: holds what fits, and counts what does not") {
    constexpr auto nine = written(9);
    static_assert(!nine.fits() && nine.size == 9);
    CHECK(nine.bytes[7] == 17);  // what fitted is held

    wafer::held_bytes<4> h;  // at run time too
    for (std::uint8_t b : {1, 2, 3}) h.push_back(b);
    CHECK(h.fits());
    std::array<std::uint8_t, 3> out{};
    h.copy_to(out);
    CHECK(out == std::array<std::uint8_t, 3>{1, 2, 3});
    h.push_back(4);
    h.push_back(5);
    CHECK(!h.fits());
    CHECK(h.size == 5);
}
