#include "wafer/core/detail/stable_vector.hpp"

#include <doctest/doctest.h>

#include <string>

using wafer::detail::stable_vector;

namespace {

// What the lowering's scopes do, in a constant expression (which std::deque cannot be used in):
// keep a reference to an early element while many more are added, then drop an inner scope's.
constexpr int scopes_in_the_compiler() {
    stable_vector<int, 4> declarations;
    int& first = declarations.emplace_back(7);
    for (int k = 1; k < 10; ++k) declarations.emplace_back(k);
    first += 100;  // still the first element, three chunks later
    declarations.truncate(5);
    declarations.emplace_back(50);
    return declarations[0] * 1000 + int(declarations.size()) * 100 + declarations.back();
}
static_assert(scopes_in_the_compiler() == 107 * 1000 + 6 * 100 + 50);

}  // namespace

TEST_CASE("stable_vector keeps its elements where they are as it grows and shrinks") {
    stable_vector<std::string, 2> names;
    const auto* first = &names.emplace_back("a");
    const auto* second = &names.emplace_back("b");
    for (int k = 0; k < 100; ++k) names.emplace_back(std::to_string(k));
    CHECK(&names[0] == first);
    CHECK(&names[1] == second);
    CHECK(names[0] == "a");
    CHECK(names.size() == 102);
    CHECK(names.back() == "99");

    names.truncate(3);
    REQUIRE(names.size() == 3);
    CHECK(names.back() == "0");
    CHECK(&names[1] == second);
    names.emplace_back("c");
    CHECK(names[3] == "c");

    names.truncate(0);
    CHECK(names.empty());
    CHECK(names.emplace_back("again") == "again");
}
