#pragma once
// A kernel frozen by the compiler against the run-time lowering of the same kernel with the same
// params: the same settings, the same ir::pe_program, the same bytes (dsl/frozen.hpp).
#include <wafer/tungsten/dsl/frozen.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace wafer::test {

/// K lowered at run time, as dsl::kernels<K> lowers it for a code() with these bindings.
template <class K>
ir::pe_program lowered(const dsl::settings& s) {
    diagnostics diags;
    return dsl::kernels<K>(diags)(paint::kernel_request{std::string(K::signature.name), s, "", {}});
}

template <class K, std::size_t N>
void check_same_program(const dsl::frozen_program<N>& frozen, dsl::settings s) {
    paint::sort_by_name(s);
    const auto thawed = frozen.thaw();
    CHECK(thawed.settings == s);
    const auto program = lowered<K>(s);
    CHECK(thawed.program == program);
    archive::writer run_time;
    auto copy = program;
    run_time(s, copy);
    CHECK(std::vector<std::uint8_t>(frozen.bytes.begin(), frozen.bytes.end()) == run_time.bytes);
}

/// K frozen with the params `settings` returns, checked against its run-time lowering.
template <class K, class Settings>
void check_frozen(Settings settings) {
    static constexpr auto frozen = dsl::freeze<K>(Settings{});
    check_same_program<K>(frozen, settings());
}

}  // namespace wafer::test
