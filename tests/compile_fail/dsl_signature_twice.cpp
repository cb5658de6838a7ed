// expect: a_signature_names_a_param_or_socket_twice
// A kernel's signature names each param and socket once: a second N is a compile error where the
// signature is written.
#include "wafer/tungsten/dsl/signature.hpp"

namespace w = wafer::tungsten::dsl;

struct send {
    static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::socket<w::xp>("N")};
};

int main() { return int(send::signature.name.size()); }
