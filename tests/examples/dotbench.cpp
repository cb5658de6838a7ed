// examples/dotbench (lesson 14): the nine dot products of dotbench.paint — sp, hp and ep; both
// vectors in memory, one streamed from a feeder, and the streamed one on a microthread — run on the
// fabric from pseudo-random vectors. Each result is checked bit for bit against plain C++ with
// wafer::sp, wafer::hp and wafer::ep (the same operations in the same order), and each PE's cycles
// against the rules of the cost model (docs/machine.md, Time), as slopes over N.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "wafer/core/floats.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/parse/load.hpp"

namespace {

namespace fabric = wafer::fabric;

/// A run of dotbench.paint with N elements: the fabric after it, and its stats.
struct bench {
    fabric::fabric f;
    fabric::run_stats stats;
};

fabric::fabric build_bench(int n) {
    wafer::diagnostics diags;
    const std::string dir = std::string(WAFER_SOURCE_DIR) + "/examples/dotbench/";
    auto layout = wafer::parse::build_paint_file(dir + "dotbench.paint", {}, {{"N", n}}, diags);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    return fabric::fabric(std::move(layout));
}

/// The PE named `name` ("hp_fab", "sp_mem_feed", ...).
std::size_t pe_named(const fabric::fabric& f, const std::string& name) {
    const auto& pes = f.layout().pes;
    for (std::size_t pe = 0; pe < pes.size(); ++pe)
        if (pes[pe].name == name) return pe;
    FAIL("no PE named " << name);
    return 0;
}

/// The word address of `symbol` in the program of PE `pe`.
std::uint32_t base_of(const fabric::fabric& f, std::size_t pe, const std::string& symbol) {
    for (const auto& s : f.layout().programs[f.layout().pes[pe].program].symbols)
        if (s.name == symbol) return s.base;
    FAIL("no symbol " << symbol << " on " << f.layout().pes[pe].name);
    return 0;
}

// The words of one element, low word first, and back.
std::vector<wafer::word> words_of(wafer::sp v) { return {wafer::word(v.bits()), wafer::word(v.bits() >> 16)}; }
std::vector<wafer::word> words_of(wafer::ep v) { return {wafer::word(v.bits()), wafer::word(v.bits() >> 16)}; }
std::vector<wafer::word> words_of(wafer::hp v) { return {wafer::word(v.bits())}; }

template <class T>
T read(const fabric::fabric& f, std::size_t pe, const std::string& symbol) {
    const auto m = f.memory(pe);
    const auto at = base_of(f, pe, symbol);
    if constexpr (std::is_same_v<T, wafer::hp>) return T::from_bits(m[at]);
    else return T::from_bits(std::uint32_t(m[at]) | std::uint32_t(m[at + 1]) << 16);
}

template <class T>
void write(fabric::fabric& f, std::size_t pe, const std::string& symbol, const std::vector<T>& values) {
    auto m = f.memory(pe);
    auto at = base_of(f, pe, symbol);
    for (const T& v : values)
        for (const auto w : words_of(v)) m[at++] = w;
}

/// The dot product as the kernels compute it: dot cleared, then dot = dot + a[i] * b[i] for i in
/// order, the product rounded to T, then the sum (a mac is two roundings: docs/machine.md).
template <class T>
T dot(const std::vector<T>& a, const std::vector<T>& b) {
    T sum{};
    for (std::size_t i = 0; i < a.size(); ++i) sum = sum + a[i] * b[i];
    return sum;
}

/// n values in [-4, 4). An ep vector holds sp words as they come, low 13 mantissa bits and all: a
/// multiply reads them with those bits discarded (the Tungsten reference, Extended Precision), on
/// the fabric as in wafer::ep, whether the word comes from memory or in a wavelet.
template <class T>
std::vector<T> random_vector(std::mt19937& random, int n) {
    std::uniform_real_distribution<double> value(-4.0, 4.0);
    std::vector<T> v;
    for (int i = 0; i < n; ++i)
        if constexpr (std::is_same_v<T, wafer::ep>) v.push_back(T::from_bits(wafer::sp(value(random)).bits()));
        else v.push_back(T(value(random)));
    return v;
}

const char* const types[] = {"sp", "hp", "ep"};
const char* const variants[] = {"mem", "fab", "async"};

/// Loads one pair of vectors of type T into the three rows of `type`, runs nothing.
template <class T>
std::pair<std::vector<T>, std::vector<T>> load(fabric::fabric& f, const std::string& type, std::mt19937& random, int n) {
    auto a = random_vector<T>(random, n), b = random_vector<T>(random, n);
    write(f, pe_named(f, type + "_mem"), "a", a);
    write(f, pe_named(f, type + "_mem"), "b", b);
    for (const std::string v : {"_fab", "_async"}) {
        write(f, pe_named(f, type + v), "a", a);
        write(f, pe_named(f, type + v + "_feed"), "b", b);
    }
    return {a, b};
}

template <class T>
void check_dots(const fabric::fabric& f, const std::string& type, const std::vector<T>& a, const std::vector<T>& b) {
    const T expect = dot(a, b);
    for (const std::string v : variants) {
        INFO(type << "_" << v);
        CHECK(read<T>(f, pe_named(f, type + "_" + v), "dot").bits() == expect.bits());
    }
    for (const std::string v : {"_fab", "_async"}) {  // and the task that follows it ran
        const auto pe = pe_named(f, type + v);
        CHECK(f.memory(pe)[base_of(f, pe, "ready")] == 1);
    }
}

bench run_bench(int n, std::uint32_t seed) {
    bench r{build_bench(n), {}};
    std::mt19937 random(seed);
    const auto sp = load<wafer::sp>(r.f, "sp", random, n);
    const auto hp = load<wafer::hp>(r.f, "hp", random, n);
    const auto ep = load<wafer::ep>(r.f, "ep", random, n);
    fabric::run_options options;
    options.stats = &r.stats;
    const auto result = r.f.run(options);
    REQUIRE_MESSAGE(result.status == fabric::run_status::halted, fabric::report(result));
    for (const auto& d : result.diagnostics) CHECK_MESSAGE(d.level == wafer::severity::note, d.message);
    check_dots(r.f, "sp", sp.first, sp.second);
    check_dots(r.f, "hp", hp.first, hp.second);
    check_dots(r.f, "ep", ep.first, ep.second);
    return r;
}

const fabric::pe_stats& stats_of(const bench& b, const std::string& name) { return b.stats.pes[pe_named(b.f, name)]; }

/// Products a mac over two vectors in memory finishes a cycle on WSE-2, the default processor:
/// fmacs is not in the SDK's SIMD table, one a cycle; fmach four (ep as hp: docs/fidelity.md),
/// halved here because a and b sit N or 2N words apart, a multiple of 8: in the same banks.
std::uint64_t memory_products_per_cycle(const std::string& type, int n) {
    REQUIRE(n % 8 == 0);
    return type == "sp" ? 1 : 4 / 2;
}

}  // namespace

TEST_CASE("dotbench: every dot product is the plain C++ one, bit for bit, whichever way b arrives") {
    for (int n : {1, 16, 17, 100})
        for (std::uint32_t seed : {1u, 2u}) {
            INFO("N = " << n << ", seed " << seed);
            run_bench(n, seed);
        }
}

TEST_CASE("dotbench: cycles per element are what the cost model says") {
    // Two lengths: the difference of any count over N2 - N1 elements is its cost per element, the
    // fixed costs (issue, the clear, the task at the end) cancelling.
    constexpr int n1 = 16, n2 = 256;
    const auto b1 = run_bench(n1, 3), b2 = run_bench(n2, 4);
    const std::uint64_t elements = n2 - n1;
    auto delta = [&](const std::string& pe, auto field) { return field(stats_of(b2, pe)) - field(stats_of(b1, pe)); };
    auto busy = [](const fabric::pe_stats& s) { return s.busy; };
    auto blocked = [](const fabric::pe_stats& s) { return s.blocked; };

    for (const std::string type : types) {
        INFO(type);
        // In memory: one operation, busy for its products and never blocked. Its whole cost is the
        // model's: the clear (an issue and one element), then the mac's issue and its products.
        for (const int n : {n1, n2}) {
            const auto& s = stats_of(n == n1 ? b1 : b2, type + "_mem");
            const auto rate = memory_products_per_cycle(type, n);
            CHECK(s.busy == fabric::op_cycles(1, 1) + fabric::op_cycles(std::uint64_t(n), rate));
            CHECK(s.blocked == 0);
        }

        // Each feeder sends one wavelet a cycle, all N of them.
        for (const std::string v : {"_fab_feed", "_async_feed"}) {
            CHECK(delta(type + v, busy) == elements * wafer::hw::hop_cycles);
            CHECK(stats_of(b2, type + v).out == std::uint64_t(n2));
        }

        // Streamed: a fabric operand moves one wavelet a cycle, so every type's mac takes one
        // cycle an element, as fast as the link brings them (hop_cycles): busy, never blocked.
        for (const std::string v : {"_fab", "_async"}) {
            INFO(v);
            CHECK(delta(type + v, busy) == elements * wafer::hw::hop_cycles);
            CHECK(delta(type + v, blocked) == 0);
            CHECK(stats_of(b2, type + v).in == std::uint64_t(n2));
        }

        // Asynchronous or not, the same datapath does the same work: the async form is one scalar
        // instruction cheaper (its completion activates finished, where the synchronous form runs
        // `activate finished;`), and waits exactly as long.
        for (const bench* b : {&b1, &b2}) {
            const auto& sync = stats_of(*b, type + "_fab");
            const auto& async = stats_of(*b, type + "_async");
            CHECK(sync.busy == async.busy + wafer::hw::wse2_timing.instruction_cycles);
            CHECK(sync.blocked == async.blocked);
        }
    }
}
