#pragma once
// The pools a run changes, described once: every PE's state, memory, registers, queues,
// microthreads, FIFOs, call stacks and prepared walks, every router's colors and buffers. A run's
// state (run_state.hpp), a machine (machine.hpp), the bands one process sends another
// (detail/bands_state.hpp) and a checkpoint each fold over this description (Boost.Hana), so a pool
// added here is taken, put back, checked, cut into bands, sent and saved with no other edit.
//
// Each pool says whose its elements are (its holder): one per PE, or a run per PE or per router
// that starts at one of their fields; that is how a band finds the part of each pool it holds.
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/accessors.hpp>
#include <boost/hana/define_struct.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/size.hpp>

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

/// Whether pool type P is held in runs per PE, starting at a pe_state member.
template <class P>
constexpr bool held_by_pes = std::is_same_v<std::remove_cv_t<decltype(P::first)>, std::uint32_t pe_state::*>;

/// Where each PE's run of each pool held by PEs starts, as a fabric is built: take<&pe_state::m>
/// gives a PE the next `count` elements of the pool whose runs start at member m, and size<P>()
/// is then that pool's size.
template <class Pools = run_pools>
class pe_runs {
public:
    template <auto First>
    void take(pe_state& p, std::size_t count) {
        auto& total = totals_[index_of<First>()];
        p.*First = std::uint32_t(total);
        total += count;
    }
    template <auto First>
    std::size_t size() const {
        return totals_[index_of<First>()];
    }

private:
    using accessors = decltype(boost::hana::accessors<Pools>());
    static constexpr std::size_t pools = decltype(boost::hana::size(std::declval<accessors>()))::value;

    /// The position in `Pools` of the pool whose runs start at `First`.
    template <auto First>
    static constexpr std::size_t index_of() {
        constexpr std::size_t found = find<First>();
        static_assert(found < pools, "no pool of the description has its runs start at this member");
        return found;
    }
    template <auto First>
    static constexpr std::size_t find() {
        std::size_t found = pools, i = 0;
        boost::hana::for_each(accessors{}, [&](auto a) {
            using P = std::remove_cvref_t<decltype(boost::hana::second(a)(std::declval<Pools&>()))>;
            if constexpr (held_by_pes<P>)
                if (P::first == First) found = i;
            ++i;
        });
        return found;
    }

    std::array<std::size_t, pools> totals_{};
};

}  // namespace wafer::fabric
