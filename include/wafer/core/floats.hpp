#pragma once
// Tungsten's float types as C++ values: hp (binary16), sp (binary32) and ep (1 sign, 8 exponent and
// 10 mantissa bits in an sp word), with the reference's arithmetic. The interpreter's arithmetic is
// written with these types (fabric/detail/kernel.hpp), so a value computed in plain C++ and one
// computed on the fabric agree bit for bit.
//
// Each operation rounds once, to nearest with ties to even: hp and ep compute in double, which
// holds every hp or ep sum and product exactly, then round to the format; an ep multiply reads its
// operands with their low 13 mantissa bits discarded (reference, Extended Precision).
//
// Conversions follow the reference and C: ep widens to sp for free and sp narrows to ep on
// assignment, both implicitly, and an ep and an sp compute together in sp; hp widens exactly to sp
// and ep and takes either by rounding, implicitly too, and computes with them in the wider type. A
// C++ number mixes in as a Tungsten constant does: converted to the other operand's type first.
//
// sp is the host's binary32: s * t + u is exact as long as the compiler does not fuse it into one
// FMA, which g++ does in its GNU modes for an FMA target. The wafer::wafer CMake target compiles
// its users with -ffp-contract=off (the ISO modes' default); a build without it should add it.
#include <bit>
#include <compare>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "wafer/core/ep.hpp"
#include "wafer/core/half.hpp"

namespace wafer {

class hp;
class sp;
class ep;

/// hp, sp or ep.
template <class T>
concept float_type = std::same_as<T, hp> || std::same_as<T, sp> || std::same_as<T, ep>;

/// A C++ number used as a Tungsten constant: an integer or a floating-point value.
template <class T>
concept arithmetic_constant = std::is_arithmetic_v<T> && !std::same_as<T, bool>;

namespace detail {

/// `t op= b` as `t = t op b`, for each float type (CRTP): what the sum converts to on assignment
/// decides, as in Tungsten (an ep += sp rounds the sp sum to ep).
template <class T>
struct compound_assignment {
    template <class B> constexpr T& operator+=(const B& b) noexcept { return self() = self() + b; }
    template <class B> constexpr T& operator-=(const B& b) noexcept { return self() = self() - b; }
    template <class B> constexpr T& operator*=(const B& b) noexcept { return self() = self() * b; }
    template <class B> constexpr T& operator/=(const B& b) noexcept { return self() = self() / b; }

private:
    constexpr T& self() noexcept { return static_cast<T&>(*this); }
};

/// hp and ep: each operation exact in double, then one rounding to T; a multiply reads each
/// operand as T::multiplicand() gives it.
template <class T>
struct rounded_arithmetic : compound_assignment<T> {
    friend constexpr T operator+(T a, T b) noexcept { return T(double(a) + double(b)); }
    friend constexpr T operator-(T a, T b) noexcept { return T(double(a) - double(b)); }
    friend constexpr T operator*(T a, T b) noexcept { return T(double(a.multiplicand()) * double(b.multiplicand())); }
    friend constexpr T operator/(T a, T b) noexcept { return T(double(a) / double(b)); }
    friend constexpr T operator-(T a) noexcept { return T(-double(a)); }
    friend constexpr T operator+(T a) noexcept { return a; }
    friend constexpr bool operator==(T a, T b) noexcept { return double(a) == double(b); }
    friend constexpr std::partial_ordering operator<=>(T a, T b) noexcept { return double(a) <=> double(b); }
};

}  // namespace detail

/// IEEE-754 binary16.
class hp : public detail::rounded_arithmetic<hp> {
public:
    constexpr hp() noexcept = default;  ///< +0
    /// The nearest hp (ties to even); past 65504 and its rounding margin, infinity.
    constexpr explicit hp(double v) noexcept : bits_(half_bits(v)) {}
    template <arithmetic_constant C>
    constexpr explicit hp(C v) noexcept : hp(double(v)) {}
    /// Narrowing, implicit as Tungsten's assignment is: rounds to hp.
    constexpr hp(sp v) noexcept;
    constexpr hp(ep v) noexcept;

    static constexpr hp from_bits(std::uint16_t bits) noexcept {
        hp h;
        h.bits_ = bits;
        return h;
    }
    constexpr std::uint16_t bits() const noexcept { return bits_; }
    /// Exact.
    constexpr explicit operator double() const noexcept { return half_value(bits_); }

    /// How a multiply reads it: as it is.
    constexpr hp multiplicand() const noexcept { return *this; }

private:
    std::uint16_t bits_ = 0;
};

/// IEEE-754 binary32.
class sp : public detail::compound_assignment<sp> {
public:
    constexpr sp() noexcept = default;  ///< +0
    /// The nearest sp (ties to even).
    constexpr explicit sp(double v) noexcept : v_(float(v)) {}
    constexpr explicit sp(float v) noexcept : v_(v) {}
    /// An integer rounds once, straight to sp, as a Tungsten integer constant does.
    template <std::integral I>
    constexpr explicit sp(I v) noexcept : v_(float(v)) {}
    /// Widening, implicit and exact.
    constexpr sp(hp v) noexcept : v_(float(double(v))) {}

    static constexpr sp from_bits(std::uint32_t bits) noexcept { return sp(std::bit_cast<float>(bits)); }
    constexpr std::uint32_t bits() const noexcept { return std::bit_cast<std::uint32_t>(v_); }
    constexpr explicit operator double() const noexcept { return v_; }
    constexpr explicit operator float() const noexcept { return v_; }

    friend constexpr sp operator+(sp a, sp b) noexcept { return sp(a.v_ + b.v_); }
    friend constexpr sp operator-(sp a, sp b) noexcept { return sp(a.v_ - b.v_); }
    friend constexpr sp operator*(sp a, sp b) noexcept { return sp(a.v_ * b.v_); }
    friend constexpr sp operator/(sp a, sp b) noexcept { return sp(a.v_ / b.v_); }
    friend constexpr sp operator-(sp a) noexcept { return sp(-a.v_); }
    friend constexpr sp operator+(sp a) noexcept { return a; }
    friend constexpr bool operator==(sp a, sp b) noexcept { return a.v_ == b.v_; }
    friend constexpr std::partial_ordering operator<=>(sp a, sp b) noexcept { return a.v_ <=> b.v_; }

private:
    float v_ = 0;
};

/// The extended half: an sp word whose low 13 mantissa bits are zero.
class ep : public detail::rounded_arithmetic<ep> {
public:
    constexpr ep() noexcept = default;  ///< +0
    /// The nearest ep (ties to even); past the largest ep value, infinity.
    constexpr explicit ep(double v) noexcept : bits_(ep_bits(v)) {}
    template <arithmetic_constant C>
    constexpr explicit ep(C v) noexcept : ep(double(v)) {}
    /// Narrowing, implicit as Tungsten's assignment is: rounds to ep; infinities and NaNs keep their
    /// class.
    constexpr ep(sp v) noexcept : bits_(ep_round(v.bits())) {}
    /// Widening, implicit and exact: every hp is an ep.
    constexpr ep(hp v) noexcept : ep(double(v)) {}

    /// Bits as stored; a multiply or a comparison reads them as they are.
    static constexpr ep from_bits(std::uint32_t bits) noexcept {
        ep e;
        e.bits_ = bits;
        return e;
    }
    constexpr std::uint32_t bits() const noexcept { return bits_; }
    constexpr explicit operator double() const noexcept { return double(std::bit_cast<float>(bits_)); }
    /// Widening, implicit and exact: every ep is an sp.
    constexpr operator sp() const noexcept { return sp::from_bits(bits_); }
    /// How a multiply reads it: the low 13 mantissa bits discarded (ep_truncate).
    constexpr ep multiplicand() const noexcept { return from_bits(ep_truncate(bits_)); }

private:
    std::uint32_t bits_ = 0;
};

constexpr hp::hp(sp v) noexcept : hp(double(v)) {}
constexpr hp::hp(ep v) noexcept : hp(double(v)) {}

// ---- operands of two types

/// A float type and a C++ number: the number converts to the float type, as a Tungsten constant
/// does, on either side.
template <class A, class B>
concept with_constant = (float_type<A> && arithmetic_constant<B>) || (arithmetic_constant<A> && float_type<B>);

/// Two operands of different types, float types or a float type and a C++ number.
template <class A, class B>
concept mixed_operands = !std::same_as<A, B> && ((float_type<A> && float_type<B>) || with_constant<A, B>);

namespace detail {
template <class T>
inline constexpr int float_rank = std::same_as<T, sp> ? 3 : std::same_as<T, ep> ? 2 : std::same_as<T, hp> ? 1 : 0;
/// What two mixed operands compute in, by C's usual conversions: the wider float (sp over ep over
/// hp, each widening exactly), or the float type a number meets.
template <class A, class B>
using computed = std::conditional_t<(float_rank<A> >= float_rank<B>), A, B>;
}  // namespace detail

template <class A, class B> requires mixed_operands<A, B>
constexpr auto operator+(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) + T(b); }
template <class A, class B> requires mixed_operands<A, B>
constexpr auto operator-(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) - T(b); }
template <class A, class B> requires mixed_operands<A, B>
constexpr auto operator*(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) * T(b); }
template <class A, class B> requires mixed_operands<A, B>
constexpr auto operator/(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) / T(b); }
template <class A, class B> requires mixed_operands<A, B>
constexpr bool operator==(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) == T(b); }
template <class A, class B> requires mixed_operands<A, B>
constexpr std::partial_ordering operator<=>(A a, B b) noexcept { using T = detail::computed<A, B>; return T(a) <=> T(b); }

}  // namespace wafer
