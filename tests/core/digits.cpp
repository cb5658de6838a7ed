#include "wafer/core/detail/digits.hpp"

#include <doctest/doctest.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

using wafer::detail::digits;

// In a constant expression, on both compilers (a view, no std::string).
static_assert(digits(0).view() == "0");
static_assert(digits(-42).view() == "-42");
static_assert(digits(std::numeric_limits<std::int64_t>::min()).view() == "-9223372036854775808");
static_assert(digits(std::uint64_t(0x14), 16).view() == "14");
static_assert(digits(~std::uint64_t(0), 2).view().size() == 64);

namespace {

template <class T>
std::string to_chars_text(T v, int base) {
    char text[72];
    return std::string(text, std::to_chars(text, text + sizeof text, v, base).ptr);
}

}  // namespace

TEST_CASE("digits are what std::to_chars writes, in every base, and decimal() is std::to_string") {
    constexpr auto i64 = std::numeric_limits<std::int64_t>::min();
    for (const std::int64_t v : {std::int64_t(0), std::int64_t(7), std::int64_t(-1), std::int64_t(1234567890123), i64,
                                 std::numeric_limits<std::int64_t>::max()}) {
        CHECK(wafer::detail::decimal(v) == std::to_string(v));
        for (const int base : {2, 8, 10, 16}) CHECK(digits(v, unsigned(base)).view() == to_chars_text(v, base));
    }
    for (const std::uint64_t v :
         {std::uint64_t(0), std::uint64_t(0x14), std::uint64_t(0xdeadbeef), ~std::uint64_t(0)}) {
        CHECK(wafer::detail::decimal(v) == std::to_string(v));
        for (const int base : {2, 8, 10, 16})
            CHECK(wafer::detail::digits_of(v, unsigned(base)) == to_chars_text(v, base));
    }
    CHECK(wafer::detail::decimal(std::uint8_t(255)) == "255");
    CHECK(wafer::detail::decimal(std::int8_t(-128)) == "-128");
}
