#pragma once
// The kernel the paint_binding_* compile-fail tests bind by type: send.w's signature,
// `xp param N; xp socket tx;` (a layout's code<send>() needs only the signature).
#include "wafer/tungsten/dsl/signature.hpp"

namespace w = wafer::tungsten::dsl;

struct send {
    static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::socket<w::xp>("tx")};
};
