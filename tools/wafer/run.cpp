// wafer run: run an image (or a .w / .paint built on the spot) on the fabric interpreter.
#include <iostream>

#include "commands.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/image/format.hpp"

namespace wafer::cli {

namespace {
std::uint64_t parse_cycles(const std::string& s) {
    std::size_t used = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(s, &used, 0);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != s.size() || v == 0) throw usage_error("cycles=" + s + " is not a positive integer");
    return v;
}

// Long runs say where they are, on stderr, so a user can tell a slow run from a stuck one.
constexpr std::uint64_t progress_every = 50'000'000;
}  // namespace

int run(args& a) {
    auto out = a.get("out");
    auto map = a.get("map");
    fabric::run_options options;
    if (auto c = a.get("cycles")) options.max_cycles = parse_cycles(*c);
    auto im = load_or_build(a);
    a.finish();

    fabric::fabric f(std::move(im.layout));  // a full wafer's layout is large: the fabric keeps the one copy
    for (std::size_t pe = 0; pe < im.memory.size(); ++pe)
        if (!im.memory[pe].empty()) f.load(pe, im.memory[pe]);
    options.progress_every = progress_every;
    options.progress = [](std::uint64_t cycle) { std::cerr << "wafer run: cycle " << cycle << "...\n"; };
    auto result = f.run(options);
    quote_sources(result.diagnostics);
    if (result.status == fabric::run_status::halted) print(result.diagnostics);

    std::cout << "cycles: " << result.cycles << '\n';
    if (out || map) im.layout = f.layout();
    if (out) {
        im.memory.resize(im.layout.pes.size());
        im.pe_cycles.resize(im.layout.pes.size());
        for (std::size_t pe = 0; pe < im.layout.pes.size(); ++pe) {
            auto m = f.memory(pe);
            im.memory[pe].assign(m.begin(), m.end());
            im.pe_cycles[pe] = f.pe_cycles(pe);
        }
        im.cycles = result.cycles;
        image::write_image(im, *out);
    }
    if (map) write_map(im.layout, *map);

    if (result.status != fabric::run_status::halted) {
        for (auto& b : result.blocked) quote_source(b.where);
        std::cerr << fabric::report(result);
    }
    switch (result.status) {
    case fabric::run_status::halted: return exit_ok;
    case fabric::run_status::deadlock: return exit_deadlock;
    case fabric::run_status::cycle_limit: return exit_cycle_limit;
    case fabric::run_status::fault: return exit_fault;
    }
    return exit_error;
}

}  // namespace wafer::cli
