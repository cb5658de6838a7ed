// expect: takes a lambda without captures returning the params
// freeze<K>(settings) runs the lambda in the compiler, where a capture has no value: a lambda that
// captures is refused by name. (The captureless form compiles in tests/tungsten/constexpr/frozen.cpp,
// a g++ build's test, since freezing needs g++.)
#include "wafer/tungsten/dsl/frozen.hpp"

#include "../../examples/add/kernels.hpp"

namespace w = wafer::dsl;

constexpr int n = 8;
int main() {
    const int size = n;
    constexpr auto frozen = w::freeze<add::add>([size] { return w::settings{{"N", size}}; });
    return frozen.bytes.empty();
}
