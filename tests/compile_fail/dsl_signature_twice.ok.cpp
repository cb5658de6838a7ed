// Sanity twin of dsl_signature_twice.cpp: the socket has a name of its own.
#include "wafer/tungsten/dsl/signature.hpp"

namespace w = wafer::tungsten::dsl;

struct send {
    static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::socket<w::xp>("tx")};
};

int main() { return int(send::signature.name.size()); }
