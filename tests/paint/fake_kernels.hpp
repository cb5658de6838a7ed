#pragma once
// A fake kernel provider for build() tests: small programs with params, sockets and a symbol,
// and a log of what was requested.
#include <string>
#include <vector>

#include "wafer/ir/pe_program.hpp"
#include "wafer/paint/build.hpp"

namespace wafer::paint::test {

struct fake_kernels {
    std::vector<kernel_request> requests;

    /// send writes tx; compute reads rx and writes tx; recv reads rx; each has param N and symbol buf.
    ir::pe_program operator()(const kernel_request& r) {
        requests.push_back(r);
        ir::pe_program p;
        p.kernel = r.kernel;
        p.params = {{"N", 4}};
        for (const auto& q : r.params)
            for (auto& d : p.params)
                if (d.name == q.name) d.value = q.value;
        p.symbols = {{"buf", ir::value_format::s16, 0x100, {{"n", 8, 1}}}};
        if (r.kernel == "send") p.sockets = {{"tx", ir::data_type::i16, -1, 0}};
        if (r.kernel == "compute")
            p.sockets = {{"rx", ir::data_type::i16, 0, -1}, {"tx", ir::data_type::i16, -1, 1}};
        if (r.kernel == "recv") p.sockets = {{"rx", ir::data_type::i16, 1, -1}};
        p.memory_words = 0x108;
        return p;
    }

    kernel_provider provider() {
        return [this](const kernel_request& r) { return (*this)(r); };
    }
};

}  // namespace wafer::paint::test
