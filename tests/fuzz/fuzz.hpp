#pragma once
// What every fuzz target shares. A target feeds its bytes to one of wafer's readers; the only
// acceptable outcomes are a result or a wafer::error (docs/reliability.md). Anything else is a
// finding: a sanitizer report or a crash (libFuzzer stops and writes the input), an exception that
// is not a wafer::error, or a broken property, which finding() turns into an abort with its reason.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/fabric.hpp"

namespace wafer::fuzz {

/// The limits that keep one input quick: a run on at most this many PEs, for at most this many cycles.
inline constexpr std::size_t max_pes = 1024;
inline constexpr std::uint64_t max_cycles = 2000;

/// Tells libFuzzer to keep an input out of the corpus (it was outside what the target explores).
inline constexpr int reject = -1;

[[noreturn]] inline void finding(const std::string& what) {
    std::fprintf(stderr, "wafer fuzz finding: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

/// Runs `f`: a wafer::error is an answer, any other exception a finding. Whether `f` ran to its end.
template <class F>
bool answered(F&& f) {
    try {
        f();
        return true;
    } catch (const wafer::error&) {
        return false;
    } catch (const std::exception& e) {
        finding(std::string("an exception that is not a wafer::error: ") + e.what());
    }
}

/// Whether a run of `l` is quick enough for one input: few PEs on a small fabric.
inline bool small_enough(const ir::layout& l) {
    return l.pes.size() <= max_pes && std::uint64_t(l.width) * std::uint64_t(l.height) <= 4 * max_pes;
}

}  // namespace wafer::fuzz
