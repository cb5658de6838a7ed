#pragma once
// Values as bytes and back: one description of each struct's fields, `fields(ar, value)` found by
// argument-dependent lookup beside the struct, serves both directions (writer and reader), so a
// format cannot drift between them; images, checkpoints, the messages between processes and frozen
// layouts all use it. The reader checks every count against the bytes left and every enumeration
// against its range (`enum_count(value)`, found the same way): corrupt bytes are an error, never a
// crash or a huge allocation. Both run in a constant expression too, for the field lists that are
// `constexpr`, so a value frozen by the compiler and a file hold the same bytes (docs/embedding.md).
// A format may give its writer and reader a context that its fields share (Paint's table of the
// file names its origins have named, so each is written once).
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace wafer::archive {

struct format_error {
    std::string message;
};

/// The context of a format whose fields share none.
struct no_context {};

/// Text that is not a std::string but reads as a string_view and is made from one (Paint's
/// cx_string, usable in constant expressions where clang 14 refuses std::string).
template <class T>
concept text_like = !std::is_same_v<T, std::string> && requires(const T& t) {
    { t.view() } -> std::convertible_to<std::string_view>;
    T(std::string_view{});
};

/// Writes into `Bytes`, anything with push_back of a byte: a vector, or (a reference to) a frozen
/// value's buffer (core/held_bytes.hpp), which a constant evaluation fills far more cheaply.
template <class Bytes = std::vector<std::uint8_t>, class Context = no_context>
class basic_writer {
public:
    static constexpr bool reading = false;
    Bytes bytes;
    Context context{};

    template <class... Ts>
    constexpr void operator()(Ts&... vs) {
        (put(vs), ...);
    }

private:
    template <class T>
    constexpr void put(T& v) {
        if constexpr (std::is_enum_v<T>) {
            auto u = static_cast<std::underlying_type_t<T>>(v);
            put(u);
        } else if constexpr (std::is_same_v<T, bool>) {
            auto u = std::uint8_t(v);
            put(u);
        } else if constexpr (std::is_floating_point_v<T>) {
            auto u = std::bit_cast<std::uint64_t>(double(v));
            put(u);
        } else if constexpr (std::is_integral_v<T>) {
            using U = std::make_unsigned_t<T>;
            auto u = static_cast<U>(v);
            for (std::size_t i = 0; i < sizeof(T); ++i) bytes.push_back(std::uint8_t(u >> (8 * i)));
        } else if constexpr (std::is_same_v<T, std::string> || text_like<T>) {
            const std::string_view s = text_of(v);
            auto n = std::uint32_t(s.size());
            put(n);
            for (char c : s) bytes.push_back(std::uint8_t(c));
        } else if constexpr (requires { v.size(); v.begin(); typename T::value_type; v.push_back(*v.begin()); }) {
            auto n = std::uint32_t(v.size());
            put(n);
            for (auto& e : v) put(e);
        } else if constexpr (requires { std::tuple_size<T>::value; }) {
            for (auto& e : v) put(e);
        } else {
            fields(*this, v);
        }
    }

    template <class T>
    static constexpr std::string_view text_of(const T& v) {
        if constexpr (std::is_same_v<T, std::string>)
            return v;
        else
            return v.view();
    }
};

using writer = basic_writer<>;

template <class Context = no_context>
class basic_reader {
public:
    static constexpr bool reading = true;
    Context context{};

    constexpr basic_reader(const std::uint8_t* p, std::size_t n) : p_(p), end_(p + n) {}
    constexpr std::size_t left() const noexcept { return std::size_t(end_ - p_); }

    template <class... Ts>
    constexpr void operator()(Ts&... vs) {
        (get(vs), ...);
    }

private:
    template <class T>
    constexpr void get(T& v) {
        if constexpr (std::is_enum_v<T>) {
            std::underlying_type_t<T> u{};
            get(u);
            if (std::size_t(u) >= enum_count(v)) throw format_error{"an enumeration value is out of range"};
            v = static_cast<T>(u);
        } else if constexpr (std::is_same_v<T, bool>) {
            std::uint8_t u = 0;
            get(u);
            if (u > 1) throw format_error{"a flag is neither 0 nor 1"};
            v = u != 0;
        } else if constexpr (std::is_floating_point_v<T>) {
            std::uint64_t u = 0;
            get(u);
            v = T(std::bit_cast<double>(u));
        } else if constexpr (std::is_integral_v<T>) {
            if (left() < sizeof(T)) throw format_error{"the file ends early"};
            std::make_unsigned_t<T> u = 0;
            for (std::size_t i = 0; i < sizeof(T); ++i) u |= std::make_unsigned_t<T>(std::uint64_t(p_[i]) << (8 * i));
            p_ += sizeof(T);
            v = static_cast<T>(u);
        } else if constexpr (std::is_same_v<T, std::string>) {
            std::uint32_t n = count(1);
            v.assign(p_, p_ + n);  // byte by byte: a constant expression cannot reinterpret_cast
            p_ += n;
        } else if constexpr (text_like<T>) {
            std::uint32_t n = count(1);
            std::vector<char> text(p_, p_ + n);
            v = T(std::string_view(text.data(), n));
            p_ += n;
        } else if constexpr (requires { v.size(); v.begin(); typename T::value_type; v.push_back(*v.begin()); }) {
            // Every element takes at least one byte, so the count is bounded by what is left.
            std::uint32_t n = count(1);
            v.clear();
            v.resize(n);
            for (auto& e : v) get(e);
        } else if constexpr (requires { std::tuple_size<T>::value; }) {
            for (auto& e : v) get(e);
        } else {
            fields(*this, v);
        }
    }

    constexpr std::uint32_t count(std::size_t min_bytes_each) {
        std::uint32_t n = 0;
        get(n);
        if (std::size_t(n) * min_bytes_each > left()) throw format_error{"a count is larger than the file"};
        return n;
    }

    const std::uint8_t* p_;
    const std::uint8_t* end_;
};

using reader = basic_reader<>;

/// The FNV-1a 64 hash of `n` bytes: a checksum that closes a file, so a damaged one is an error.
inline std::uint64_t fnv1a(const std::uint8_t* p, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

}  // namespace wafer::archive
