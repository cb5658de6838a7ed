// Sanity twin of dsl_stream_of_matrix.cpp: the descriptor names one row of m.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("rows");
    auto m = k.array<w::sp>("m", w::dim(3), w::dim(4));
    auto pick = k.stream<w::sp>("pick", w::dim(2));
    k(pick[0] = w::stream(m[2]));
}
