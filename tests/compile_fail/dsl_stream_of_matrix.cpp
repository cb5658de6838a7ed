// expect: stream\(x\) takes a vector: an array subscripted in every dimension but its last
// A stream descriptor names a vector: stream(m[2]) for a row of m, not stream(m).
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("rows");
    auto m = k.array<w::sp>("m", w::dim(3), w::dim(4));
    auto pick = k.stream<w::sp>("pick", w::dim(2));
    k(pick[0] = w::stream(m));
}
