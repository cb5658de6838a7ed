#pragma once
// Runs a built pipeline on the fabric and prints its cycles and what c received, for the two C++
// programs that build it (pipeline.cpp at run time, frozen.cpp in the compiler).
#include <cstdint>
#include <iostream>

#include <wafer/fabric/fabric.hpp>
#include <wafer/fabric/report.hpp>

namespace pipeline {

/// 0 when the run halts, having printed "cycles: C" and c.out's n values; else the report, 1.
inline int run_and_print(const wafer::ir::layout& layout, int n) {
    wafer::fabric::fabric fabric(layout);
    auto result = fabric.run();
    std::cout << "cycles: " << result.cycles << '\n';
    if (result.status != wafer::fabric::run_status::halted) {
        std::cerr << wafer::fabric::report(result);
        return 1;
    }
    // What c received: the symbol map says where c.out lives.
    for (const auto& entry : layout.symbols) {
        if (entry.name != "c.out") continue;
        auto memory = fabric.memory(*fabric.pe_at(entry.x, entry.y));
        for (int i = 0; i < n; ++i) std::cout << (i ? " " : "") << std::int16_t(memory[entry.base + i]);
        std::cout << '\n';
    }
    return 0;
}

}  // namespace pipeline
