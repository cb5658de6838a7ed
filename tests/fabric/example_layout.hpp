#pragma once
// The examples' layouts as the determinism tests run them (threads, processes): built from their
// .paint files, and Life from a random start.
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/parse/load.hpp"

namespace wafer::test {

/// examples/`paint`, with `libs` (directories under examples/) and `params`.
inline ir::layout example(const std::string& paint, const std::vector<std::string>& libs, const std::vector<ir::param_value>& params) {
    diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/";
    std::vector<std::string> paths;
    for (const auto& lib : libs) paths.push_back(dir + lib);
    return parse::build_paint_file(dir + paint, paths, params, diags);
}

/// Loads a random start into each Life cell of a fabric of `life`'s layout.
inline std::function<void(fabric::fabric&)> random_life(const ir::layout& life, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<word> cells(life.pes.size());
    for (auto& c : cells) c = word(rng() % 2);
    return [cells](fabric::fabric& f) {
        for (std::size_t pe = 0; pe < f.layout().pes.size(); ++pe)
            for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
                if (s.name == "cell") f.memory(pe)[s.base] = cells[pe];
    };
}

}  // namespace wafer::test
