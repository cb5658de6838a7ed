// The pipeline written in C++ end to end: kernels as expression templates, the layout as a
// constexpr value verified at compile time, run on the fabric interpreter.
#include <iostream>

#include <wafer/wafer.hpp>

#include "pipeline.hpp"

int main() {
    constexpr int n = 8;
    wafer::diagnostics diags;
    auto layout = pipeline::build<n>(diags);
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
}
