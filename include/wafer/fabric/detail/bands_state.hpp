#pragma once
// What the bands one process ran hold (peers.hpp), sent to process 0 when the run ends or a
// checkpoint is due, and put into its fabric: the PEs' state, memory, queues, threads, FIFOs,
// registers, call stacks and prepared operations, their routers' colors and buffers, the events
// their clocks wait for, and what each band recorded. The pools hold PEs and routers in index
// order, so a run of bands holds a run of each pool: a pool_slice, written straight from the
// sender's pool and read straight into process 0's, where the archive sets the fields it lists
// (fields(), as for checkpoints) and keeps the others, which the layout fixes (a buffer's writer
// colors) or only this process knows (what its writers counted of a border buffer); what the
// machine derives from them is derived again (snapshot.hpp: derive()).
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/at.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/size.hpp>
#include <boost/hana/transform.hpp>
#include <boost/hana/tuple.hpp>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/run_state.hpp"

namespace wafer::fabric {

/// Elements [first, first + count) of one of a machine's pools, read and written in place.
template <class Pool>
struct pool_slice {
    Pool* pool = nullptr;
    std::uint32_t first = 0, count = 0;
};

/// A slice of each pool (pools.hpp), in the description's order.
template <class Pools = run_pools>
using pool_slices = decltype(boost::hana::transform(boost::hana::accessors<Pools>(), [](auto a) {
    return pool_slice<std::remove_reference_t<decltype(boost::hana::second(a)(std::declval<Pools&>()))>>{};
}));

/// What a band recorded in a run.
struct band_records {
    std::vector<fault> faults;
    std::vector<run_warning> warnings;
    std::vector<drop_record> drops;
    std::uint64_t sunk = 0, last = 0;
};

struct bands_state {
    /// For machine `m`'s pools: to read into, or, with partitions [first, end), to write from.
    explicit bands_state(machine& m, std::size_t first = 0, std::size_t end = 0);

    std::uint32_t part_first = 0, part_end = 0;  ///< the partitions
    pool_slices<> slices;                ///< what they hold of each pool
    std::vector<grown_memory> grown;
    std::vector<pe_event> events;        ///< the PEs due
    std::vector<std::uint32_t> routers;  ///< listed for the next cycle
    std::vector<band_records> records;   ///< per partition

    /// About the bytes it takes in a message (a little more: the archive leaves out padding).
    std::size_t bytes() const noexcept {
        std::size_t n = grown.size() * hw::memory_words * sizeof(word) + events.size() * sizeof(pe_event) +
                        routers.size() * sizeof(std::uint32_t) + 1024;
        boost::hana::for_each(slices, [&](const auto& slice) { n += std::size_t(slice.count) * sizeof((*slice.pool)[0]); });
        return n;
    }
};

constexpr std::size_t enum_count(fault::kind) { return 8; }
template <class Ar> void fields(Ar& ar, fault& f) {
    ar(f.what, f.pe, f.cycle, f.instruction, f.op, f.low, f.high, f.other, f.output);
}
template <class Ar, class Pool> void fields(Ar& ar, pool_slice<Pool>& s) {
    ar(s.first, s.count);
    if (s.first > s.pool->size() || s.count > s.pool->size() - s.first)
        throw error(diagnostic{severity::error, "", {}, "another process's bands do not fit this fabric", ""});
    for (auto i = s.first; i < s.first + s.count; ++i) ar((*s.pool)[i]);
}
template <class Ar> void fields(Ar& ar, band_records& r) { ar(r.faults, r.warnings, r.drops, r.sunk, r.last); }
template <class Ar> void fields(Ar& ar, bands_state& s) {
    ar(s.part_first, s.part_end);
    boost::hana::for_each(s.slices, [&](auto& slice) { ar(slice); });
    ar(s.grown, s.events, s.routers, s.records);
}

namespace detail {

/// The elements of a pool that entities [a, b) of `n` hold, where entity i's first one is
/// first(i), or `none` when it has none: from the first that has some, to the first at or after
/// b that has.
template <class F>
std::pair<std::uint32_t, std::uint32_t> held_by(std::size_t a, std::size_t b, std::size_t n, std::size_t pool, F first) {
    auto from = [&](std::size_t i) {
        for (; i < n; ++i)
            if (const std::uint32_t f = first(i); f != none) return f;
        return std::uint32_t(pool);
    };
    return {from(a), from(b)};
}

/// Points each slice of `slices` at its pool of `p`, and covers what PEs [a, b) and routers
/// [ra, rb) hold of it: from the first element its first entity holds to the first the entity
/// after the last holds, by the pool's holder (pools.hpp). `pes` and `routers` are p's.
template <class Pools = run_pools, class P, class Slices>
void slice_pools(P& p, Slices& slices, const std::vector<pe_state>& pes, const std::vector<router_state>& routers,
                 std::uint32_t a, std::uint32_t b, std::uint32_t ra, std::uint32_t rb) {
    namespace hana = boost::hana;
    constexpr auto accessors = hana::accessors<Pools>();
    hana::for_each(hana::make_range(hana::size_c<0>, hana::size(accessors)), [&](auto k) {
        auto& pool = hana::second(hana::at(accessors, k))(p);
        auto& slice = hana::at(slices, k);
        using pool_type = std::remove_reference_t<decltype(pool)>;
        constexpr auto first = pool_type::first;
        constexpr auto count = pool_type::count;
        std::pair<std::uint32_t, std::uint32_t> range{a, b};
        if constexpr (std::is_member_object_pointer_v<decltype(first)> && std::is_null_pointer_v<decltype(count)>)
            range = held_by(a, b, pes.size(), pool.size(), [&](std::size_t i) { return pes[i].*first; });
        else if constexpr (std::is_member_object_pointer_v<decltype(first)>)
            range = held_by(ra, rb, routers.size(), pool.size(),
                            [&](std::size_t r) { return routers[r].*count ? routers[r].*first : none; });
        slice.pool = &pool;
        slice.first = range.first;
        slice.count = range.second - range.first;
    });
}

/// The PEs, and the routers, of partitions [first, end).
inline std::pair<std::uint32_t, std::uint32_t> pes_of(const machine& m, std::size_t first, std::size_t end) {
    return first < end ? std::pair(m.parts[first].pe_first, m.parts[end - 1].pe_end) : std::pair(0u, 0u);
}
inline std::pair<std::uint32_t, std::uint32_t> routers_of(const machine& m, std::size_t first, std::size_t end) {
    return first < end ? std::pair(m.parts[first].router_first, m.parts[end - 1].router_end) : std::pair(0u, 0u);
}

/// Puts what another process's bands hold, read into `s` (bound to `m`), into `m`, whose next
/// cycle to run is `next`; derive() completes it. Throws wafer::error when it does not fit.
inline void put_bands(machine& m, bands_state&& s, std::uint64_t next) {
    const auto fail = [] {
        throw error(diagnostic{severity::error, "", {}, "another process's bands do not fit this fabric", ""});
    };
    if (s.part_first > s.part_end || s.part_end > m.parts.size() || s.records.size() != s.part_end - s.part_first) fail();
    const auto [a, b] = pes_of(m, s.part_first, s.part_end);
    const auto [ra, rb] = routers_of(m, s.part_first, s.part_end);
    for (std::uint32_t pe = a; pe < b; ++pe) m.grown[pe].reset();
    for (auto& g : s.grown) {
        if (g.pe < a || g.pe >= b || !m.pes[g.pe].grown || g.words.size() != hw::memory_words) fail();
        m.grown[g.pe] = std::make_unique<word[]>(hw::memory_words);
        std::ranges::copy(g.words, m.grown[g.pe].get());
    }
    for (std::uint32_t pe = a; pe < b; ++pe)
        if (m.pes[pe].grown && !m.grown[pe]) fail();
    for (std::size_t k = s.part_first; k < s.part_end; ++k) {
        auto& part = m.parts[k];
        auto& r = s.records[k - s.part_first];
        part.clock.resume_at(next);
        part.faults = std::move(r.faults);
        part.warnings = std::move(r.warnings);
        part.drops.clear();
        for (const auto& d : r.drops) part.drops[{d.y, d.x, d.color, d.port}] = d.d;
        part.sunk = r.sunk;
        part.last = r.last;
    }
    for (const auto& e : s.events) {
        if (e.pe < a || e.pe >= b || e.cycle < next) fail();
        m.part_of_pe(e.pe).clock.schedule(e.pe, e.cycle);
    }
    for (const auto r : s.routers) {
        if (r < ra || r >= rb) fail();
        m.part_of_router(r).clock.list_router(r, next);
    }
}

}  // namespace detail

inline bands_state::bands_state(machine& m, std::size_t first, std::size_t end)
    : part_first(std::uint32_t(first)), part_end(std::uint32_t(end)) {
    const auto [a, b] = detail::pes_of(m, first, end);
    const auto [ra, rb] = detail::routers_of(m, first, end);
    detail::slice_pools(m, slices, m.pes, m.routers, a, b, ra, rb);
    for (std::uint32_t pe = a; pe < b; ++pe)
        if (m.pes[pe].grown) grown.push_back({pe, {m.grown[pe].get(), m.grown[pe].get() + hw::memory_words}});
    for (std::size_t k = first; k < end; ++k) {
        const auto& part = m.parts[k];
        part.clock.each_event([&](std::uint64_t cycle, std::uint32_t pe) { events.push_back({cycle, pe}); },
                              [&](std::uint32_t r) { routers.push_back(r); });
        auto& r = records.emplace_back();
        r.faults = part.faults;
        r.warnings = part.warnings;
        for (const auto& [key, d] : part.drops) r.drops.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<3>(key), d});
        r.sunk = part.sunk;
        r.last = part.last;
    }
}

}  // namespace wafer::fabric
