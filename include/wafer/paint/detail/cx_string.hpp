#pragma once
// A string usable in constant expressions. std::string is constexpr in g++ 12, but clang 14 with
// libstdc++ 12 rejects every constexpr std::string (its small-string buffer), so the region algebra,
// which must run inside freeze() on both compilers, keeps its text in this instead. Static text
// (literals, file names) is referred to, not copied.
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "wafer/core/detail/digits.hpp"
#include "wafer/core/number.hpp"

namespace wafer::paint {

class cx_string {
public:
    constexpr cx_string() = default;
    constexpr cx_string(const char* s) : cx_string(std::string_view(s)) {}
    constexpr cx_string(std::string_view s) { assign(s); }
    constexpr cx_string(const std::string& s) : cx_string(std::string_view(s)) {}

    /// Refers to text of static storage duration (a literal, a source_location's file name) instead
    /// of copying it.
    static constexpr cx_string of_static(std::string_view s) noexcept {
        cx_string c;
        c.data_ = s.data();
        c.size_ = s.size();
        return c;
    }

    // Copies and moves by hand, not through std::vector: copying a region copies many strings, and
    // a C++ layout must fit clang's constant-evaluation step limit (about a million).
    constexpr cx_string(const cx_string& o) {
        if (o.owned_ != nullptr)
            assign(o.view());
        else {
            data_ = o.data_;
            size_ = o.size_;
        }
    }
    constexpr cx_string(cx_string&& o) noexcept : owned_(o.owned_), data_(o.data_), size_(o.size_) {
        o.owned_ = nullptr;
        o.data_ = nullptr;
        o.size_ = 0;
    }
    constexpr cx_string& operator=(const cx_string& o) {
        if (this != &o) {
            cx_string copy(o);
            swap(copy);
        }
        return *this;
    }
    constexpr cx_string& operator=(cx_string&& o) noexcept {
        swap(o);
        return *this;
    }
    constexpr ~cx_string() { delete[] owned_; }

    constexpr std::string_view view() const noexcept { return {data_, size_}; }
    constexpr operator std::string_view() const noexcept { return view(); }
    constexpr std::string str() const { return std::string(view()); }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr char operator[](std::size_t i) const noexcept { return data_[i]; }

    constexpr cx_string& operator+=(std::string_view s) {
        if (s.empty()) return *this;
        char* grown = new char[size_ + s.size()];
        for (std::size_t i = 0; i < size_; ++i) grown[i] = data_[i];
        for (std::size_t i = 0; i < s.size(); ++i) grown[size_ + i] = s[i];
        delete[] owned_;
        owned_ = grown;
        data_ = grown;
        size_ += s.size();
        return *this;
    }
    constexpr cx_string& operator+=(char c) { return *this += std::string_view(&c, 1); }
    friend constexpr cx_string operator+(cx_string a, std::string_view b) { return a += b; }
    friend constexpr cx_string operator+(cx_string a, const char* b) { return a += std::string_view(b); }
    friend constexpr cx_string operator+(cx_string a, const cx_string& b) { return a += b.view(); }

    friend constexpr bool operator==(const cx_string& a, const cx_string& b) noexcept { return a.view() == b.view(); }
    friend constexpr std::strong_ordering operator<=>(const cx_string& a, const cx_string& b) noexcept {
        return a.view() <=> b.view();
    }

private:
    constexpr void assign(std::string_view s) {
        if (s.empty()) return;
        owned_ = new char[s.size()];
        for (std::size_t i = 0; i < s.size(); ++i) owned_[i] = s[i];
        data_ = owned_;
        size_ = s.size();
    }
    constexpr void swap(cx_string& o) noexcept {
        char* w = owned_;
        owned_ = o.owned_;
        o.owned_ = w;
        const char* d = data_;
        data_ = o.data_;
        o.data_ = d;
        const std::size_t n = size_;
        size_ = o.size_;
        o.size_ = n;
    }

    char* owned_ = nullptr;        ///< the text when this string owns it (new[])
    const char* data_ = nullptr;   ///< owned_, or static text
    std::size_t size_ = 0;
};

/// Decimal text of an integer, in constant expressions too.
template <int = 0>
constexpr cx_string to_text(std::int64_t v) {
    return cx_string(wafer::detail::digits(v).view());
}

/// A geovar's or param's value as text, in constant expressions too.
template <int = 0>
constexpr cx_string to_text(const wafer::number& v) {
    return cx_string(spelling(v).view());
}

}  // namespace wafer::paint
