#pragma once
// A run's counters (observation.hpp) as the stats it reports (stats.hpp).
#include <cstddef>
#include <cstdint>
#include <map>

#include "wafer/core/hardware.hpp"
#include "wafer/fabric/detail/observation.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/stats.hpp"

namespace wafer::fabric::detail {

/// The counters as run_stats, for a run that ended at cycle `end`.
inline run_stats stats_of(const machine& m, run_counters& c, std::uint64_t end) {
    run_stats s;
    s.pes.resize(c.pes.size());
    for (std::size_t i = 0; i < c.pes.size(); ++i) {
        auto& pc = c.pes[i];
        if (pc.stalled) {
            const std::uint64_t stall = end - std::min(end, pc.since);
            pc.blocked += stall;
            auto& o = c.ops[m.pes[i].program][pc.stall_op];
            o.stalled += stall;
            o.ramp += std::min(pc.ramp, stall);
        }
        auto& ps = s.pes[i];
        ps.busy = pc.busy;
        ps.blocked = pc.blocked;
        ps.idle = end - std::min(end, pc.busy + pc.blocked);
        ps.in = pc.in;
        ps.out = pc.out;
    }
    std::map<std::uint8_t, color_stats> colors;
    for (std::size_t k = 0; k < m.colors.size(); ++k)
        for (int p = 0; p < hw::ports; ++p) {
            const std::uint64_t n = c.links[k * hw::ports + std::size_t(p)];
            if (n == 0) continue;
            const auto& place = m.color_places[k];
            const auto& rs = m.routers[place.router];
            auto& cst = colors[place.color];
            cst.color = place.color;
            cst.hops += n;
            if (n > cst.busiest.wavelets) cst.busiest = link_stats{rs.x, rs.y, std::uint8_t(p), n};
        }
    for (auto& [color, cst] : colors) s.colors.push_back(cst);
    for (std::uint32_t p = 0; p < c.ops.size(); ++p)
        for (std::uint32_t k = 0; k < c.ops[p].size(); ++k) {
            const auto& o = c.ops[p][k];
            if (o.elements == 0 && o.stalled == 0) continue;
            constexpr auto units = run_counters::op::rate_units;
            const std::uint64_t at_width = (o.width_units + units - 1) / units, at_strides = (o.stride_units + units - 1) / units;
            s.ops.push_back(op_stats{p, k, o.elements, o.cycles, at_strides - at_width, o.at_rate - at_strides, o.cycles - o.at_rate,
                                     o.stalled, o.ramp});
        }
    return s;
}

}  // namespace wafer::fabric::detail
