// Sanity twin of dsl_64_bit_arithmetic.cpp: the arithmetic is on the 32-bit array.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("counts");
    auto big = k.array<w::u64>("big", w::dim(4));
    auto small = k.array<w::u32>("small", w::dim(4));
    w::iterator i("i");
    k(w::in(i, 0, 4)[small[i] = small[i] + 1]);
    (void)big;
}
