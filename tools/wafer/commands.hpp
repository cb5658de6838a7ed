#pragma once
// One function per subcommand; each returns the process exit status.
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "args.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/fabric/trace.hpp"
#include "wafer/image/image.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/parse/load.hpp"
#include "wafer/tungsten/options.hpp"

namespace wafer::cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_error = 1;      ///< diagnostics with errors
inline constexpr int exit_usage = 2;      ///< a mistake on the command line
inline constexpr int exit_deadlock = 3;
inline constexpr int exit_cycle_limit = 4;
inline constexpr int exit_fault = 5;      ///< the program did something the PE cannot (e.g. memory past 0x5fff)

/// `wafer COMMAND key=value ...` as main() gets it: runs the command and returns the process exit
/// status; prints the usage, diagnostics and errors (the fuzz target for the command line calls it too).
int command_line(int argc, char** argv);

int carbide(args&);
int paint(args&);
class processes;
int run(args&, processes&);
int miget(args&);
int miset(args&);
int milink(args&);
int routes(args&);
int show(args&);

/// Warnings and notes to stderr, rendered with file:line:col and a caret (the lines read from the files).
void print(std::vector<diagnostic> ds);

/// The processor arch=NAME names (sdr, wse2, wse3); a usage error for any other name.
hw::arch arch_named(const std::string& name);
/// Paint's options that change what a layout builds: arch=sdr|wse2|wse3, float16_dtype=N.
paint::build_options build_options(args& a);
/// fsanitize=bounds.
tungsten::lower_options kernel_options(args& a);

/// How a .paint source builds: build and kernel options, compiler=/toolname/toolflag, regiondump=,
/// show() to stdout.
parse::paint_file_options paint_file_options(args& a, const paint::build_options& build, tungsten::lower_options kernels);

/// Writes the region a Paint file evaluates to as JSON (regiondump=F.json).
void write_region_dump(const paint::region& r, const std::string& file);

/// An image built from `source=` (a .w on one PE, or a .paint) with lib= and set= options; a
/// .paint's evaluated region is copied to `evaluated` when it is given.
image::image build_from_source(args& a, paint::region* evaluated = nullptr);

/// An image read from `image=`, or built from `source=`.
image::image load_or_build(args& a);

/// Writes the symbol map of a layout.
void write_map(const ir::layout& l, const std::string& file);

/// The value of option `key`, a positive integer (decimal, 0x hex or 0 octal).
std::uint64_t positive_option(const std::string& key, const std::string& s);
/// "a:b" with a < b, a half-open range like miget's DIM=a:b; `key` names the option in the error.
std::pair<std::uint64_t, std::uint64_t> range_option(const std::string& key, const std::string& s);

/// pes=x0:x1,y0:y1: the PEs with x in [x0, x1) and y in [y0, y1); every PE when it is not given.
struct pe_rect {
    static constexpr std::int32_t all = std::numeric_limits<std::int32_t>::max();
    std::int32_t x_first = 0, x_end = all, y_first = 0, y_end = all;
    bool has(std::int32_t x, std::int32_t y) const { return x >= x_first && x < x_end && y >= y_first && y < y_end; }
};
pe_rect pes_option(args& a);

/// pes=x0:x1,y0:y1 and window=a:b: which PEs and cycles trace= keeps.
fabric::trace_options trace_options(args& a);
/// A usage error unless `file` names a .json or a .log trace.
void check_trace_file(const std::string& file);
/// Writes a run's trace: a Chrome/Perfetto trace (F.json) or a text log (F.log).
void write_trace(const fabric::trace& t, const ir::layout& l, const std::string& file);

/// `wafer run … stats`: per PE (the first few; all of them in the file when `all_in_file`) and per color.
void print_stats(const fabric::run_stats& s, const ir::layout& l, std::ostream& out, bool all_in_file);
/// stats=F.csv: every PE's figures.
void write_stats(const fabric::run_stats& s, const ir::layout& l, const std::string& file);

/// Parses set=NAME=VALUE options.
std::vector<ir::param_value> settings(args& a);

}  // namespace wafer::cli
