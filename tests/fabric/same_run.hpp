#pragma once
// Two layouts that must be the same program: the same IR, and runs from the same pseudo-random
// memory that end with the same status, cycles on every PE and memory (the C++ forms against the
// text, frozen kernels against lowered ones).
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "wafer/fabric/fabric.hpp"

namespace wafer::test {

/// The words a symbol occupies, from its base: one past its last element.
inline std::uint32_t footprint(const wafer::ir::symbol& s) {
    std::int64_t last = 0;
    for (const auto& d : s.dims) last += std::int64_t(d.extent - 1) * d.stride;
    return std::uint32_t(last + 1);
}

/// Every variable of every PE set to the same pseudo-random words in both fabrics.
inline void fill(wafer::fabric::fabric& f, std::uint32_t seed) {
    std::mt19937 random(seed);
    for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe) {
        auto memory = f.memory(pe);
        for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
            for (std::uint32_t w = 0; w < footprint(s); ++w) memory[s.base + w] = wafer::word(random());
    }
}

inline void check_same_run(const wafer::ir::layout& first, const wafer::ir::layout& second) {
    REQUIRE(first == second);
    wafer::fabric::fabric a(first), b(second);
    fill(a, 5);
    fill(b, 5);
    const auto ra = a.run(), rb = b.run();
    CHECK(ra.status == rb.status);
    CHECK(ra.cycles == rb.cycles);
    for (std::size_t pe = 0; pe < first.pes.size(); ++pe) {
        CHECK(a.pe_cycles(pe) == b.pe_cycles(pe));
        const auto ma = a.memory(pe), mb = b.memory(pe);
        CHECK(std::vector<wafer::word>(ma.begin(), ma.end()) == std::vector<wafer::word>(mb.begin(), mb.end()));
    }
}

}  // namespace wafer::test
