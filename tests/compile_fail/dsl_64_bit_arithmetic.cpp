// expect: a 64-bit value \(u64, s64\) is storage only
// u64 and s64 are storage only (reference §3): adding to one is a compile error at the user's line,
// as the text front end's error for the same statement in a .w file.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("counts");
    auto big = k.array<w::u64>("big", w::dim(4));
    auto small = k.array<w::u32>("small", w::dim(4));
    w::iterator i("i");
    k(w::in(i, 0, 4)[small[i] = big[i] + 1]);
}
