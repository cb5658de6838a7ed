#pragma once
// The pools a run changes, described once: every PE's state, memory, registers, queues,
// microthreads, FIFOs, call stacks and prepared walks, every router's colors and buffers. A run's
// state (run_state.hpp), a machine (machine.hpp), the bands one process sends another
// (detail/bands_state.hpp) and a checkpoint each fold over this description (Boost.Hana), so a pool
// added here is taken, put back, checked, cut into bands, sent and saved with no other edit.
//
// Each pool says whose its elements are (its holder): one per PE, or a run per PE or per router
// that starts at one of their fields; that is how a band finds the part of each pool it holds.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <boost/hana/accessors.hpp>
#include <boost/hana/define_struct.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>

#include "wafer/core/word.hpp"
#include "wafer/fabric/state.hpp"
#include "wafer/ir/dsd.hpp"

namespace wafer::fabric {

/// A pool's holder: element i is PE i's.
struct each_pe {};

/// A pool: a vector of T whose elements belong to PEs or routers as `First` says: each_pe{}; a
/// pe_state member, the first of that PE's elements (none: it has none); or a router_state member
/// and `Count`, the member that says how many that router has.
template <class T, auto First, auto Count = nullptr>
struct pool : std::vector<T> {
    using std::vector<T>::vector;
    static constexpr auto first = First;
    static constexpr auto count = Count;
};

struct run_pools {
    BOOST_HANA_DEFINE_STRUCT(run_pools,
        (pool<pe_state, each_pe{}>, pes),
        (pool<pe_wait, each_pe{}>, waits),
        (pool<word, &pe_state::memory>, memory),
        (pool<std::uint32_t, &pe_state::registers>, registers),
        (pool<queue_state, &pe_state::queues>, queues),
        (pool<microthread, &pe_state::threads>, threads),
        (pool<fifo_state, &pe_state::fifos>, fifos),
        (pool<std::uint32_t, &pe_state::stack>, stacks),
        (pool<ir::dsd_op, &pe_state::walks>, walk_ops),
        (pool<color_state, &router_state::colors, &router_state::color_count>, colors),
        (pool<input_buffer, &router_state::buffers, &router_state::buffer_count>, buffers));
};

/// Calls f(pool) for each pool of `p` (a `Pools`, or built on one), in the order `Pools` lists them.
template <class Pools = run_pools, class P, class F>
void for_each_pool(P& p, F&& f) {
    boost::hana::for_each(boost::hana::accessors<Pools>(), [&](auto a) { f(boost::hana::second(a)(p)); });
}

/// Calls f(a's pool, b's pool) for each pool: the same one of two sets of pools.
template <class Pools = run_pools, class A, class B, class F>
void for_each_pool(A& a, B& b, F&& f) {
    boost::hana::for_each(boost::hana::accessors<Pools>(),
                          [&](auto m) { f(boost::hana::second(m)(a), boost::hana::second(m)(b)); });
}

/// Reads or writes every pool of `p` with archive `ar` (core/archive.hpp), in the order
/// `Pools` lists them.
template <class Pools = run_pools, class Ar, class P>
void archive_pools(Ar& ar, P& p) {
    for_each_pool<Pools>(p, [&](auto& pool) { ar(pool); });
}
template <class Ar> void fields(Ar& ar, run_pools& p) { archive_pools(ar, p); }

}  // namespace wafer::fabric
