// The pools a run changes are described once (fabric/pools.hpp). A description with a pool the
// fabric does not have goes through the same folds a checkpoint, a band and a message use: read and
// written by the archive, cut at a band's PEs and routers by each pool's holder, sent and put back.
#include "wafer/fabric/pools.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "wafer/fabric/detail/bands_state.hpp"
#include "wafer/fabric/detail/message_bytes.hpp"

using namespace wafer;
using namespace wafer::fabric;

namespace {

/// Some of the fabric's pools and one more, `extra`, a run per PE from its `fifos` (a stand-in:
/// any field of pe_state could hold its first element).
struct test_pools {
    BOOST_HANA_DEFINE_STRUCT(test_pools,
        (pool<pe_state, each_pe{}>, pes),
        (pool<std::uint32_t, &pe_state::registers>, registers),
        (pool<std::uint64_t, &pe_state::fifos>, extra),
        (pool<color_state, &router_state::colors, &router_state::color_count>, colors));
};
template <class Ar> void fields(Ar& ar, test_pools& p) { archive_pools<test_pools>(ar, p); }

/// What one process sends of its bands: a slice of each pool.
struct test_band {
    pool_slices<test_pools> slices;
};
template <class Ar> void fields(Ar& ar, test_band& b) {
    boost::hana::for_each(b.slices, [&](auto& slice) { ar(slice); });
}

/// Four PEs and two routers: PE 1 holds no `extra`; router 0 two colors, router 1 one.
test_pools four(std::vector<router_state>& routers) {
    test_pools p;
    const std::uint32_t registers[] = {0, 2, 2, 5}, extra[] = {0, none, 3, 4};
    for (std::uint32_t i = 0; i < 4; ++i) {
        auto& pe = p.pes.emplace_back();
        pe.registers = registers[i];
        pe.fifos = extra[i];
        pe.pc = 10 + i;
    }
    for (std::uint32_t r = 0; r < 7; ++r) p.registers.push_back(100 + r);
    for (std::uint64_t e = 0; e < 6; ++e) p.extra.push_back(1000 + e);
    routers.resize(2);
    routers[0].colors = 0, routers[0].color_count = 2;
    routers[1].colors = 2, routers[1].color_count = 1;
    for (std::uint8_t c = 0; c < 3; ++c) p.colors.emplace_back().current = c;
    return p;
}

std::vector<std::uint8_t> bytes_of(test_pools& p) {
    archive::writer w;
    w(p);
    return std::move(w.bytes);
}

}  // namespace

TEST_CASE("a pool added to a description is archived, cut into bands and sent with no other edit") {
    std::vector<router_state> routers;
    auto p = four(routers);

    // The archive reads back every pool the description lists, the new one included.
    auto written = bytes_of(p);
    test_pools read;
    archive::reader r(written.data(), written.size());
    r(read);
    CHECK(r.left() == 0);
    CHECK(read.extra == p.extra);
    CHECK(bytes_of(read) == written);

    // PEs 1 and 2 and router 1: each pool's part, by its holder.
    test_band band;
    fabric::detail::slice_pools<test_pools>(p, band.slices, p.pes, routers, 1, 3, 1, 2);
    namespace hana = boost::hana;
    CHECK(hana::at_c<0>(band.slices).first == 1);  // PEs 1 and 2
    CHECK(hana::at_c<0>(band.slices).count == 2);
    CHECK(hana::at_c<1>(band.slices).first == 2);  // PE 1's registers to PE 3's
    CHECK(hana::at_c<1>(band.slices).count == 3);
    CHECK(hana::at_c<2>(band.slices).first == 3);  // PE 1 holds none of `extra`: PE 2's to PE 3's
    CHECK(hana::at_c<2>(band.slices).count == 1);
    CHECK(hana::at_c<3>(band.slices).first == 2);  // router 1's color
    CHECK(hana::at_c<3>(band.slices).count == 1);

    // Sent to another process, whose pools are the same size, and put in place there.
    const auto message = fabric::detail::to_message(band);
    auto other = four(routers);
    for_each_pool<test_pools>(other, [](auto& pool) { std::fill(pool.begin(), pool.end(), typename std::decay_t<decltype(pool)>::value_type{}); });
    test_band into;
    fabric::detail::slice_pools<test_pools>(other, into.slices, other.pes, routers, 0, 0, 0, 0);
    fabric::detail::from_message(message, into);
    CHECK(other.extra == std::vector<std::uint64_t>{0, 0, 0, 1003, 0, 0});
    CHECK(other.registers == std::vector<std::uint32_t>{0, 0, 102, 103, 104, 0, 0});
    CHECK(other.pes[1].pc == 11);
    CHECK(other.pes[3].pc == 0);
    CHECK(other.colors[2].current == 2);
    CHECK(other.colors[1].current == 0);
}
