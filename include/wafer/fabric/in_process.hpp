#pragma once
// Processes played by threads of one process (peers.hpp): a group of K endpoints that pass their
// messages through memory, so a run spread over K "processes" can be tested, and tried, without
// MPI. Each thread runs its own fabric with its endpoint:
//
//   wafer::fabric::in_process_group group(2);
//   std::jthread other([&] { f1.run({.peers = &group[1]}); });
//   auto r = f0.run({.peers = &group[0]});   // the run's result
//
// Every call is a meeting of all K threads at one barrier. Each call's messages wait in one of two
// sets of slots, by the call's parity: a thread posts into a set only after every thread passed the
// barrier of the call between, by which time they have read what was posted there before.
#include <algorithm>
#include <array>
#include <barrier>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "wafer/fabric/peers.hpp"

namespace wafer::fabric {

class in_process_group {
public:
    explicit in_process_group(std::size_t size) : sync_(std::ptrdiff_t(size)) {
        for (auto& p : posts_) p.resize(size * size);
        for (auto& p : proposals_) p.resize(size);
        for (std::size_t k = 0; k < size; ++k) endpoints_.emplace_back(*this, k);
    }
    in_process_group(const in_process_group&) = delete;
    in_process_group& operator=(const in_process_group&) = delete;

    std::size_t size() const noexcept { return endpoints_.size(); }
    /// The endpoint of process `rank`, for its thread.
    peers& operator[](std::size_t rank) { return endpoints_.at(rank); }

private:
    class endpoint final : public peers {
    public:
        endpoint(in_process_group& g, std::size_t rank) : g_(g), rank_(rank) {}
        std::size_t rank() const override { return rank_; }
        std::size_t size() const override { return g_.size(); }

        std::vector<message> exchange(std::span<const std::size_t> with, std::vector<message> out) override {
            auto& posts = g_.posts_[calls_++ % 2];
            for (std::size_t i = 0; i < with.size(); ++i) posts[rank_ * size() + with[i]] = std::move(out[i]);
            g_.sync_.arrive_and_wait();
            std::vector<message> in;
            for (const auto from : with) in.push_back(std::move(posts[from * size() + rank_]));
            return in;
        }

        agreement agree(agreement mine) override {
            auto& proposals = g_.proposals_[calls_++ % 2];
            proposals[rank_] = mine;
            g_.sync_.arrive_and_wait();
            agreement all;
            for (const auto& p : proposals) {
                all.next = std::min(all.next, p.next);
                all.stop = std::max(all.stop, p.stop);
                all.wave = std::max(all.wave, p.wave);
                all.busy = std::max(all.busy, p.busy);
            }
            return all;
        }

        std::vector<message> gather(message mine) override {
            auto& posts = g_.posts_[calls_++ % 2];
            posts[rank_ * size()] = std::move(mine);  // to process 0
            g_.sync_.arrive_and_wait();
            std::vector<message> all;
            if (rank_ == 0)
                for (std::size_t from = 0; from < size(); ++from) all.push_back(std::move(posts[from * size()]));
            return all;
        }

    private:
        in_process_group& g_;
        std::size_t rank_;
        std::uint64_t calls_ = 0;
    };

    std::barrier<> sync_;
    std::array<std::vector<message>, 2> posts_;        ///< per parity: [from * size + to]
    std::array<std::vector<agreement>, 2> proposals_;  ///< per parity: per process
    std::deque<endpoint> endpoints_;                   ///< they point at the group: never moved
};

}  // namespace wafer::fabric
