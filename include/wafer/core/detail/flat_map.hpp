#pragma once
// A map and a set kept as one sorted vector: usable in a constant expression, where C++20's
// std::map and std::set are not, so code that keeps such tables can run in the compiler too
// (docs/embedding.md, Kernels as compile-time values). Small tables, looked up far more often than
// grown: an insertion moves the elements after it. Lookups take any key comparable with `<`.
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace wafer::detail {

/// What flat_map and flat_set share: the sorted elements and the lookups; KeyOf gives an element's key.
template <class Value, class KeyOf>
class sorted_vector {
public:
    using value_type = Value;
    using iterator = typename std::vector<Value>::iterator;
    using const_iterator = typename std::vector<Value>::const_iterator;

    constexpr iterator begin() noexcept { return items_.begin(); }
    constexpr iterator end() noexcept { return items_.end(); }
    constexpr const_iterator begin() const noexcept { return items_.begin(); }
    constexpr const_iterator end() const noexcept { return items_.end(); }
    constexpr bool empty() const noexcept { return items_.empty(); }
    constexpr std::size_t size() const noexcept { return items_.size(); }

    template <class K>
    constexpr iterator find(const K& k) {
        const auto [it, found] = locate(items_, k);
        return found ? it : end();
    }
    template <class K>
    constexpr const_iterator find(const K& k) const {
        const auto [it, found] = locate(items_, k);
        return found ? it : end();
    }
    template <class K>
    constexpr bool contains(const K& k) const {
        return find(k) != end();
    }
    constexpr iterator erase(const_iterator it) { return items_.erase(it); }

    friend constexpr bool operator==(const sorted_vector&, const sorted_vector&) = default;

protected:
    /// Where an element with key `k` is, or would go, and whether it is there.
    template <class K>
    constexpr std::pair<iterator, bool> place(const K& k) {
        return locate(items_, k);
    }

    std::vector<Value> items_;

private:
    template <class Items, class K>
    static constexpr auto locate(Items& items, const K& k) {
        const auto it = std::lower_bound(items.begin(), items.end(), k,
                                         [](const Value& v, const K& key) { return KeyOf{}(v) < key; });
        return std::pair{it, it != items.end() && !(k < KeyOf{}(*it))};
    }
};

struct key_of_pair {
    template <class P>
    constexpr const auto& operator()(const P& p) const noexcept { return p.first; }
};
struct key_of_self {
    template <class V>
    constexpr const V& operator()(const V& v) const noexcept { return v; }
};

/// std::map's lookups and insertions that do not overwrite (try_emplace, emplace), sorted by key.
template <class Key, class T>
class flat_map : public sorted_vector<std::pair<Key, T>, key_of_pair> {
public:
    using typename sorted_vector<std::pair<Key, T>, key_of_pair>::iterator;

    // Keys and values are forwarded, not taken by value: g++ 12 cannot move from a std::string
    // parameter taken by value in a constant expression.
    template <class K, class... Args>
    constexpr std::pair<iterator, bool> try_emplace(K&& k, Args&&... args) {
        const auto [it, found] = this->place(k);
        if (found) return {it, false};
        return {this->items_.emplace(it, std::forward<K>(k), T(std::forward<Args>(args)...)), true};
    }
    template <class K, class V>
    constexpr std::pair<iterator, bool> emplace(K&& k, V&& v) {
        return try_emplace(std::forward<K>(k), std::forward<V>(v));
    }

    template <class K>
    constexpr T& at(const K& k) {
        return value_at(*this, k);
    }
    template <class K>
    constexpr const T& at(const K& k) const {
        return value_at(*this, k);
    }

private:
    template <class Self, class K>
    static constexpr auto& value_at(Self& self, const K& k) {
        const auto it = self.find(k);
        if (it == self.end()) throw std::out_of_range("flat_map::at: no such key");
        return it->second;
    }
};

/// std::set's lookups and insertion, sorted.
template <class Key>
class flat_set : public sorted_vector<Key, key_of_self> {
public:
    using typename sorted_vector<Key, key_of_self>::iterator;

    constexpr flat_set() = default;
    template <class I>
    constexpr flat_set(I first, I last) {
        for (; first != last; ++first) insert(*first);
    }

    template <class K>
    constexpr std::pair<iterator, bool> insert(K&& k) {
        const auto [it, found] = this->place(k);
        if (found) return {it, false};
        return {this->items_.emplace(it, std::forward<K>(k)), true};
    }
};

}  // namespace wafer::detail
