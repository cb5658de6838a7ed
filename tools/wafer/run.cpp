// wafer run: run an image (or a .w / .paint built on the spot) on the fabric interpreter, spread
// over the processes mpirun started when there are several (processes.hpp).
#include <chrono>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "commands.hpp"
#include "processes.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/checkpoint.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/image/format.hpp"

namespace wafer::cli {

namespace {
/// The progress line: on a terminal, a run longer than a second says where it is on stderr (cycle,
/// active PEs, wavelets in flight, simulated cycles per second), rewritten in place a few times a
/// second, so a user can tell a slow run from a stuck one. `progress` shows it from the start on any
/// stream, with a last line at the end; `quiet` never shows it.
class progress_line {
public:
    progress_line(bool forced, bool quiet) : forced_(forced), shown_(!quiet && (forced || isatty(2))) {}

    bool wanted() const { return shown_; }

    void update(const fabric::fabric& f, bool last = false) {
        const auto now = clock::now();
        if (!last && (now - start_ < std::chrono::seconds(forced_ ? 0 : 1) || now - printed_ < std::chrono::milliseconds(250)))
            return;
        if (last && !forced_ && !any_) return;
        const auto a = f.activity();
        const double seconds = std::chrono::duration<double>(now - printed_at_cycle_time_).count();
        const double rate = seconds > 0 ? double(a.cycle - printed_cycle_) / seconds : 0.0;
        const bool terminal = isatty(2);
        std::cerr << (terminal ? "\r" : "") << "wafer run: cycle " << a.cycle << ", " << a.active_pes << " PEs active, " << a.wavelets
                  << " wavelets in flight, " << std::uint64_t(rate) << " cycles/s" << (terminal ? "   " : "") << (last || !terminal ? "\n" : "")
                  << std::flush;
        printed_ = printed_at_cycle_time_ = now;
        printed_cycle_ = a.cycle;
        any_ = true;
    }

private:
    using clock = std::chrono::steady_clock;
    bool forced_, shown_, any_ = false;
    clock::time_point start_ = clock::now(), printed_{}, printed_at_cycle_time_ = clock::now();
    std::uint64_t printed_cycle_ = 0;
};

// More threads than this is a mistake, not a machine.
constexpr std::uint64_t max_threads = 1024;

// The clock checks in this often; the line itself is drawn by wall time.
constexpr std::uint64_t progress_every = 4096;
}  // namespace

int run(args& a, processes& world) {
    const bool spread = world.size() > 1;  // over the processes mpirun started: only process 0 writes
    auto out = a.get("out");
    auto map = a.get("map");
    auto checkpoint = a.get("checkpoint");
    auto resume = a.get("resume");
    fabric::run_options options;
    if (auto c = a.get("cycles")) options.max_cycles = positive_option("cycles", *c);
    if (auto t = a.get("threads")) {
        options.threads = std::size_t(positive_option("threads", *t));
        if (options.threads > max_threads) throw usage_error("threads=" + *t + " is more than " + std::to_string(max_threads));
        if (spread && options.threads > 1 && !world.threads_allowed())
            throw usage_error("threads=" + *t + " needs an MPI that serves threads (MPI_THREAD_SERIALIZED)");
    }
    if (auto w = a.get("wavefront")) {
        options.wavefront = positive_option("wavefront", *w);
        if (options.wavefront > fabric::run_options::max_wavefront)
            throw usage_error("wavefront=" + *w + " is more than " +
                              std::to_string(fabric::run_options::max_wavefront) + ", the most cycles a band runs as one wave");
    }
    if (auto s = a.get("stop")) options.stop = positive_option("stop", *s);
    if (auto e = a.get("every")) {
        if (!checkpoint) throw usage_error("every= says how often to write checkpoint=F.ckpt, which is not given");
        options.checkpoint_every = positive_option("every", *e);
    }
    if (options.stop > 0 && !out && !checkpoint)
        throw usage_error("stop= keeps the state at that cycle only with out=F.img or checkpoint=F.ckpt");
    std::optional<fabric::trace> trace;
    const auto trace_file = a.get("trace");
    if (trace_file) {
        check_trace_file(*trace_file);
        trace.emplace();
        trace->options = trace_options(a);
        trace->options.instructions = trace_file->ends_with(".log");  // a Perfetto view shows operations, not instructions
        options.trace = &*trace;
    } else if (a.get("pes") || a.get("window")) {
        throw usage_error("pes= and window= choose what trace=F.json or trace=F.log keeps, and no trace= is given");
    }
    std::optional<fabric::run_stats> stats;
    const auto stats_file = a.get("stats");
    if (stats_file || a.flag("stats")) {
        stats.emplace();
        options.stats = &*stats;
    }
    if (spread && a.flag("progress")) throw usage_error("progress: a run spread over processes (mpirun) draws no progress line");
    progress_line line(a.flag("progress"), a.flag("quiet") || spread);
    image::image im;
    std::optional<fabric::run_state> state;
    if (resume) {
        if (a.get("image") || a.get("source")) throw usage_error("resume= brings its own image: give no image= or source=");
        auto c = fabric::checkpoint_from_bytes(read_bytes(*resume, "checkpoint"), *resume);
        im.layout = std::move(c.layout);
        state = std::move(c.state);
    } else {
        im = load_or_build(a);
    }
    a.finish();

    fabric::fabric f(std::move(im.layout));  // a full wafer's layout is large: the fabric keeps the one copy
    if (state) {
        f.restore(std::move(*state));
        options.resume = true;
    } else {
        for (std::size_t pe = 0; pe < im.memory.size(); ++pe)
            if (!im.memory[pe].empty()) f.load(pe, im.memory[pe]);
    }
    auto save = [&] {
        if (world.root()) write_bytes(fabric::to_bytes(fabric::checkpoint{f.layout(), f.state()}), *checkpoint, "checkpoint");
    };
    if (options.checkpoint_every > 0) options.checkpoint = [&](std::uint64_t) { save(); };
    options.peers = world.peers();
    world.ready();
    if (line.wanted()) {
        options.progress_every = progress_every;
        options.progress = [&](std::uint64_t) { line.update(f); };
    }
    auto result = f.run(options);
    if (!world.root()) return exit_ok;  // process 0 has the result and writes the files; settle() gives its status to all
    if (line.wanted()) line.update(f, true);
    if (checkpoint) save();
    if (trace) {
        write_trace(*trace, f.layout(), *trace_file);
        if (trace->truncated)
            std::cerr << "wafer run: warning: the trace stops at cycle " << trace->complete_to << ", past "
                      << trace->options.max_events << " events; choose fewer with pes=x0:x1,y0:y1 or window=a:b\n";
    }
    quote_sources(result.diagnostics);
    if (result.status == fabric::run_status::halted) print(result.diagnostics);

    std::cout << "cycles: " << result.cycles << '\n';
    if (stats) {
        print_stats(*stats, f.layout(), std::cout, stats_file.has_value());
        if (stats_file) write_stats(*stats, f.layout(), *stats_file);
    }
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
    case fabric::run_status::stopped: return exit_ok;
    }
    return exit_error;
}

}  // namespace wafer::cli
