#pragma once
// Numeric literals, the same in Tungsten and Paint: 42, 0x2A, 1.5, 1e-3. The grammar keeps their
// spelling and the conversion computes the value, so a literal out of range gets an error at its
// position instead of being read as something else.
#include <charconv>
#include <cstdint>
#include <string>

#include <boost/fusion/include/adapt_struct.hpp>

#include "wafer/parse/detail/error_handler.hpp"

namespace wafer::parse::detail {

/// Digits as spelled ("42"; "2A" for 0x2A).
struct integer_literal : x3::position_tagged {
    int base = 10;
    std::string digits;
};

/// "1.5", "1e-3", "0.0": a '.' or an exponent makes it real.
struct real_literal : x3::position_tagged {
    std::string spelling;
};

namespace numbers {

const auto digits = +x3::char_("0-9");
const auto exponent = x3::char_("eE") >> -x3::char_("+-") >> digits;
const auto integer = x3::lexeme[(x3::lit("0x") | "0X") >> x3::attr(16) >> +x3::char_("0-9a-fA-F") |
                                x3::attr(10) >> digits];
const auto real = x3::lexeme[x3::raw[(digits >> '.' >> *x3::char_("0-9") | '.' >> digits) >> -exponent |
                                     digits >> exponent]];

}  // namespace numbers

/// The literal's 64 bits (a value above INT64_MAX keeps its bit pattern, as u64 data needs).
inline std::int64_t value_of(const integer_literal& literal, const error_handler& handler) {
    std::uint64_t value = 0;
    const auto* end = literal.digits.data() + literal.digits.size();
    auto [stop, ec] = std::from_chars(literal.digits.data(), end, value, literal.base);
    if (ec != std::errc() || stop != end)
        handler.fail(handler.position_of(literal), "integer literal does not fit in 64 bits");
    return static_cast<std::int64_t>(value);
}

inline double value_of(const real_literal& literal, const error_handler& handler) {
    double value = 0;
    const auto* end = literal.spelling.data() + literal.spelling.size();
    auto [stop, ec] = std::from_chars(literal.spelling.data(), end, value);
    if (ec != std::errc() || stop != end)
        handler.fail(handler.position_of(literal), "real literal out of range");
    return value;
}

}  // namespace wafer::parse::detail

BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::integer_literal, base, digits)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::real_literal, spelling)
