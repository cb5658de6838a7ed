#include "wafer/core/detail/flat_map.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <string_view>

using wafer::detail::flat_map;
using wafer::detail::flat_set;

namespace {

// What the lowering's tables do, in a constant expression (which std::map and std::set cannot be
// used in): insert out of order, keep the first value of a key, look up by another key type.
// (std::string_view keys: clang 14 evaluates no std::string in a constant expression.)
constexpr int tables_in_the_compiler() {
    flat_map<std::string_view, int> functions;
    functions.try_emplace("f", 1);
    functions.emplace(std::string_view("a"), 2);
    functions.try_emplace("f", 3);
    flat_set<int> ids;
    for (int id : {5, 1, 5, 3}) ids.insert(id);
    return functions.at("f") * 1000 + int(functions.size()) * 100 + int(ids.size()) * 10 +
           (functions.begin()->first == "a") + (ids.contains(3) && !ids.contains(2));
}
static_assert(tables_in_the_compiler() == 1000 + 200 + 30 + 1 + 1);

}  // namespace

TEST_CASE("flat_map keeps its elements sorted by key and the first value of each key") {
    flat_map<std::size_t, std::string> handled;
    CHECK(handled.try_emplace(std::size_t{7}, "seven").second);
    CHECK(handled.emplace(std::size_t{2}, std::string("two")).second);
    const auto [at, inserted] = handled.try_emplace(std::size_t{7}, "again");
    CHECK_FALSE(inserted);
    CHECK(at->second == "seven");
    REQUIRE(handled.size() == 2);
    CHECK(handled.begin()->first == 2);
    CHECK(handled.at(std::size_t{7}) == "seven");
    CHECK(handled.find(std::size_t{3}) == handled.end());
    CHECK_THROWS_AS(handled.at(std::size_t{3}), std::out_of_range);
}

TEST_CASE("flat_set finds what it holds, by a key of another type") {
    const std::string names[] = {"b", "a", "b"};
    const flat_set<std::string> exports(std::begin(names), std::end(names));
    CHECK(exports.size() == 2);
    CHECK(exports.contains(std::string_view("a")));
    CHECK(exports.contains("b"));
    CHECK_FALSE(exports.contains("c"));
    CHECK(*exports.begin() == "a");
}
