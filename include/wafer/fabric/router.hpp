#pragma once
// Routers: per color a switch configuration and a small buffer of wavelets that remember the port
// they came in from; and the sparse grid that holds them, so an unused cell of the fabric costs
// nothing.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "wafer/core/word.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/queue.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

/// Paint annotates at most four switch positions per color.
inline constexpr std::size_t max_switch_positions = 4;

struct routed_wavelet {
    wavelet data = 0;
    ir::port from = ir::port::core;  ///< the port it came in from
    std::uint64_t entered = 0;       ///< the cycle it entered the buffer
};

/// One color on one router.
struct color_state {
    std::uint8_t color = 0;
    std::uint8_t positions = 0;  ///< 0: the color has no route on this router
    std::uint8_t position = 0;   ///< the current switch position; advancing it is a store here
    std::array<ir::switch_position, max_switch_positions> route{};
    bounded_queue<routed_wavelet, router_buffer_capacity> buffer;
    std::uint64_t pop_cycle = ~std::uint64_t(0);
    std::uint8_t pops = 0;  ///< wavelets that left in `pop_cycle`

    const ir::switch_position* current() const noexcept { return positions ? &route[position] : nullptr; }

    /// Room that was free at the start of cycle `now`: what left in this cycle is not yet reusable,
    /// so the outcome does not depend on the order routers are visited in.
    bool has_room(std::uint64_t now) const noexcept {
        return buffer.size() + (pop_cycle == now ? pops : 0u) < buffer.capacity();
    }
    routed_wavelet pop(std::uint64_t now) noexcept {
        if (pop_cycle != now) pop_cycle = now, pops = 0;
        ++pops;
        return buffer.pop();
    }
    void restart() noexcept {
        buffer.clear();
        position = 0;
        pop_cycle = ~std::uint64_t(0);
        pops = 0;
    }
};

/// A neighbour not looked up yet, or beyond the fabric's edge.
inline constexpr std::int32_t unresolved = -1, off_fabric = -2;

struct router_state {
    std::int32_t x = 0, y = 0;
    std::int32_t pe = -1;                                ///< the PE placed here, or -1
    std::array<std::int32_t, ir::port_count> neighbour;  ///< router index by port; core unused
    std::array<std::int8_t, router_colors> slot;         ///< color -> index into `colors`, -1: none
    std::vector<color_state> colors;
    std::uint32_t held = 0;          ///< wavelets in all buffers
    std::uint8_t waiting_ports = 0;  ///< bit(port) of neighbours that found no room here: woken on a pop

    router_state(std::int32_t x_, std::int32_t y_) : x(x_), y(y_) {
        neighbour.fill(unresolved);
        slot.fill(-1);
    }

    color_state* find(std::uint8_t c) noexcept { return slot[c] < 0 ? nullptr : &colors[std::size_t(slot[c])]; }
    const color_state* find(std::uint8_t c) const noexcept {
        return slot[c] < 0 ? nullptr : &colors[std::size_t(slot[c])];
    }
    /// The color's state, created without a route when the color is not configured here.
    color_state& get(std::uint8_t c) {
        if (slot[c] < 0) {
            slot[c] = std::int8_t(colors.size());
            colors.push_back(color_state{c});
        }
        return colors[std::size_t(slot[c])];
    }
};

/// The routers that exist: configured ones, those of placed PEs, and those a wavelet reached.
class router_grid {
public:
    router_grid(std::int32_t width, std::int32_t height) : width_(width), height_(height) {}

    std::size_t size() const noexcept { return routers_.size(); }
    router_state& operator[](std::size_t i) noexcept { return *routers_[i]; }
    const router_state& operator[](std::size_t i) const noexcept { return *routers_[i]; }

    std::optional<std::size_t> find(std::int32_t x, std::int32_t y) const {
        if (!inside(x, y)) return std::nullopt;
        auto it = index_.find(key(x, y));
        if (it == index_.end()) return std::nullopt;
        return it->second;
    }
    /// The router at (x, y), inside the fabric, created when it does not exist yet.
    std::size_t ensure(std::int32_t x, std::int32_t y) {
        auto [it, inserted] = index_.try_emplace(key(x, y), routers_.size());
        if (inserted) routers_.push_back(std::make_unique<router_state>(x, y));
        return it->second;
    }
    /// The neighbour of router `r` through port `p` (not core): a router index, or off_fabric.
    std::int32_t neighbour(std::size_t r, ir::port p) {
        std::int32_t& n = routers_[r]->neighbour[std::size_t(p)];
        if (n == unresolved) {
            const std::int32_t x = routers_[r]->x + ir::dx(p), y = routers_[r]->y + ir::dy(p);
            n = inside(x, y) ? std::int32_t(ensure(x, y)) : off_fabric;
        }
        return n;
    }

private:
    bool inside(std::int32_t x, std::int32_t y) const noexcept {
        return x >= 0 && y >= 0 && x < width_ && y < height_;
    }
    std::uint64_t key(std::int32_t x, std::int32_t y) const noexcept {
        return std::uint64_t(std::uint32_t(y)) << 32 | std::uint32_t(x);
    }

    std::int32_t width_, height_;
    std::vector<std::unique_ptr<router_state>> routers_;  // creating a router keeps references to the others
    std::unordered_map<std::uint64_t, std::size_t> index_;
};

}  // namespace wafer::fabric
