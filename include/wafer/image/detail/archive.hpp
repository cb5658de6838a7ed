#pragma once
// One description of each IR struct's fields serves both directions (writer and reader), so the
// image format cannot drift between them. The reader checks every count against the bytes left and
// every enum against its range: a corrupt image is an error, never a crash or a huge allocation.
// Both run in a constant expression too, for the field lists that are `constexpr`, so a value
// frozen by the compiler and an image file hold the same bytes (docs/embedding.md).
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::image::detail {

// How many values each stored enumeration has, so the reader can reject anything else.
constexpr std::size_t enum_count(ir::opcode) { return ir::opcode_count; }
constexpr std::size_t enum_count(ir::data_type) { return ir::data_type_count; }
constexpr std::size_t enum_count(ir::value_format) { return ir::value_format_count; }
constexpr std::size_t enum_count(ir::dsd::kind) { return 6; }
constexpr std::size_t enum_count(ir::simd_mode) { return 4; }
constexpr std::size_t enum_count(ir::zero_source) { return 3; }
constexpr std::size_t enum_count(ir::priority) { return 3; }
constexpr std::size_t enum_count(ir::task_action::kind) { return 4; }
constexpr std::size_t enum_count(ir::value::kind) { return 3; }
constexpr std::size_t enum_count(ir::instr) { return ir::instr_count; }
constexpr std::size_t enum_count(ir::task_kind) { return 3; }
constexpr std::size_t enum_count(ir::pop_mode) { return 4; }
constexpr std::size_t enum_count(hw::port) { return hw::ports; }
constexpr std::size_t enum_count(hw::arch) { return 2; }
constexpr std::size_t enum_count(severity) { return 3; }

struct format_error {
    std::string message;
};

/// Writes into `Bytes`, anything with push_back of a byte: a vector, or (a reference to) a frozen
/// value's buffer (core/held_bytes.hpp), which a constant evaluation fills far more cheaply.
template <class Bytes = std::vector<std::uint8_t>>
class basic_writer {
public:
    static constexpr bool reading = false;
    Bytes bytes;

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
        } else if constexpr (std::is_integral_v<T>) {
            using U = std::make_unsigned_t<T>;
            auto u = static_cast<U>(v);
            for (std::size_t i = 0; i < sizeof(T); ++i) bytes.push_back(std::uint8_t(u >> (8 * i)));
        } else if constexpr (std::is_same_v<T, std::string>) {
            auto n = std::uint32_t(v.size());
            put(n);
            for (char c : v) bytes.push_back(std::uint8_t(c));
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
};

using writer = basic_writer<>;

class reader {
public:
    static constexpr bool reading = true;
    constexpr reader(const std::uint8_t* p, std::size_t n) : p_(p), end_(p + n) {}
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

}  // namespace wafer::image::detail
