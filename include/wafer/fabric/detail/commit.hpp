#pragma once
// The commit between two cycles (fabric.hpp), on one thread while the process's other threads
// wait: what crossed a band's border arrives, border buffers note what they hold, colors taken out
// of teardown open, and the clock moves to the earliest next cycle of all bands.
//
// When the run is spread over processes (peers.hpp), this process runs bands [part_first,
// part_end) and first sends each process beside it a border_message: the wavelets and wakes for
// its bands, the colors beside its routers that leave teardown, and the counts of border buffers
// it fills. A writer across a process border goes by the count it was last told plus what it sent
// since: the owner reports a count when it changed (the owner popped), as it was before this
// commit's arrivals, and the writer adds what it sent in this cycle, which is those arrivals (a
// buffer has one writer). So one message each way per border and commit suffices, and then one
// agreement of all processes on the next cycle and on stopping.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <span>
#include <tuple>
#include <vector>

#include "wafer/fabric/detail/message_bytes.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/peers.hpp"

namespace wafer::fabric {

/// A border buffer's count, as its owner saw it before a commit's arrivals.
struct border_count {
    std::uint32_t buffer = 0;
    std::uint8_t held = 0;
};

/// What a process sends a process beside it at a commit.
struct border_message {
    std::vector<crossing> crossings;      ///< wavelets into buffers of the receiver's bands, in band order
    std::vector<std::uint32_t> wakes;     ///< the receiver's routers to visit in the next cycle
    std::vector<border_count> counts;     ///< buffers the receiver fills whose count changed here
    std::vector<std::uint32_t> reopened;  ///< colors beside the receiver's routers that leave teardown
};

template <class Ar> void fields(Ar& ar, wavelet& w) { ar(w.data, w.flags); }
template <class Ar> void fields(Ar& ar, crossing& c) { ar(c.buffer, c.item); }
template <class Ar> void fields(Ar& ar, border_count& c) { ar(c.buffer, c.held); }
template <class Ar> void fields(Ar& ar, border_message& m) { ar(m.crossings, m.wakes, m.counts, m.reopened); }

namespace detail {

/// Why the processes stop after a cycle (agreement::stop), graver reasons larger.
enum stop_reason : std::uint64_t { go_on = 0, faulted = 1, failed = 2 };

/// Process `rank` of `size` runs partitions [first, end) of `parts`: a consecutive run, as even as can be.
inline std::pair<std::size_t, std::size_t> parts_of(std::size_t rank, std::size_t size, std::size_t parts) {
    return {parts * rank / size, parts * (rank + 1) / size};
}

class commit {
public:
    /// For one run of machine `m`, already cut into partitions; `p` null: one process runs them all.
    commit(machine& m, peers* p) : m_(m), peers_(p) {
        const std::size_t size = p ? p->size() : 1, rank = p ? p->rank() : 0;
        std::tie(first_, end_) = parts_of(rank, size, m.parts.size());
        if (first_ < end_) router_first_ = m.parts[first_].router_first, router_end_ = m.parts[end_ - 1].router_end;
        for (std::size_t k = 0; k < size; ++k)
            for (auto [a, b] = parts_of(k, size, m.parts.size()); a < b; ++a) part_rank_.push_back(k);
        for (const auto b : m.borders)
            if (owns(m.buffers[b].router)) own_borders_.push_back(b);
        if (!p) return;
        for (std::uint32_t r = router_first_; r < router_end_; ++r)
            for (int port = 1; port < hw::ports; ++port)
                if (const auto n = m.routers[r].neighbour[std::size_t(port)]; n >= 0 && !owns(std::uint32_t(n)))
                    with_.push_back(rank_of(std::uint32_t(n)));
        std::ranges::sort(with_);
        with_.erase(std::unique(with_.begin(), with_.end()), with_.end());
        reported_.resize(with_.size());
        for (const auto b : own_borders_)
            if (const auto w = m.buffer_places[b].writer; !owns(std::uint32_t(w))) reported_[peer(rank_of(std::uint32_t(w)))].push_back(b);
    }

    std::size_t part_first() const noexcept { return first_; }
    std::size_t part_end() const noexcept { return end_; }
    /// Before the first cycle: the writers across a process border learn what the buffers they
    /// fill hold (a fabric that ran on other processes last time may not know).
    void start(std::exception_ptr& failure) {
        if (!peers_) return;
        all_counts_ = true;
        exchange(m_.now, failure);
    }

    /// After cycle `now`: arrivals, openings, and what every process agrees on: the next cycle,
    /// whether to stop (a fault, or a failure here or elsewhere), and what `propose` adds to this
    /// process's proposal once the arrivals are in.
    template <class Propose>
    agreement after(std::uint64_t now, std::span<std::exception_ptr> failures, Propose&& propose) {
        auto& failure = failures.front();
        if (peers_) exchange(now, failure);
        try {
            cross(now);
            reopen(now);
        } catch (...) {
            failure = std::current_exception();
        }
        agreement mine;
        if (std::ranges::any_of(failures, [](const std::exception_ptr& e) { return bool(e); })) mine.stop = failed;
        else if (std::any_of(m_.parts.begin() + std::ptrdiff_t(first_), m_.parts.begin() + std::ptrdiff_t(end_),
                             [](const partition& p) { return !p.faults.empty(); }))
            mine.stop = faulted;
        for (std::size_t k = first_; k < end_; ++k)
            if (const auto t = m_.parts[k].clock.next_cycle(now); t && *t < mine.next) mine.next = *t;
        propose(mine);
        return peers_ ? peers_->agree(mine) : mine;
    }

private:
    machine& m_;
    peers* peers_;
    std::size_t first_ = 0, end_ = 0;                       ///< this process's partitions
    std::uint32_t router_first_ = 0, router_end_ = 0;       ///< and their routers
    std::vector<std::size_t> part_rank_;                    ///< the process that runs each partition
    std::vector<std::uint32_t> own_borders_;                ///< border buffers of this process's bands
    std::vector<std::size_t> with_;                         ///< the processes beside this one
    std::vector<std::vector<std::uint32_t>> reported_;      ///< per process beside: own border buffers it fills
    std::vector<std::uint32_t> arrived_reopened_;           ///< colors other processes took out of teardown
    bool all_counts_ = false;                               ///< report every count, not only those that changed

    bool owns(std::uint32_t r) const noexcept { return r - router_first_ < router_end_ - router_first_; }
    std::size_t rank_of(std::uint32_t r) { return part_rank_[std::size_t(&m_.part_of_router(r) - m_.parts.data())]; }
    std::size_t peer(std::size_t rank) const { return std::size_t(std::ranges::find(with_, rank) - with_.begin()); }
    void wake(std::uint32_t r, std::uint64_t now) { m_.part_of_router(r).clock.list_router(r, now + 1); }

    /// Wavelets sent into this process's buffers arrive, in partition order, and wake their routers,
    /// as do the wakes sent across; border buffers note what they hold for the next cycle.
    void cross(std::uint64_t now) {
        for (std::size_t k = first_; k < end_; ++k) {
            auto& part = m_.parts[k];
            for (const auto& c : part.crossings) {
                auto& b = m_.buffers[c.buffer];
                if (!owns(b.router)) {  // sent to another process: its writer here counts it
                    ++b.committed;
                    continue;
                }
                b.touch(now);  // as a delivery within the partition does: the state is the same
                b.items.push(c.item);
                wake(b.router, now);
            }
            for (const auto r : part.wakes)
                if (owns(r)) wake(r, now);
            part.crossings.clear();
            part.wakes.clear();
        }
        for (const auto b : own_borders_) m_.buffers[b].committed = std::uint8_t(m_.buffers[b].items.size());
    }

    /// Colors the PEs took out of teardown in this cycle take wavelets from the next: every router
    /// of the cycle went by the state at its start. Each process opens them in its copy (writers
    /// read `closed`) and wakes its routers among theirs and their neighbours.
    void reopen(std::uint64_t now) {
        auto open = [&](std::uint32_t c) {
            m_.set_teardown(c, false);
            const auto r = m_.color_places[c].router;
            if (owns(r)) wake(r, now);
            for (int p = 1; p < hw::ports; ++p)
                if (const auto n = m_.routers[r].neighbour[std::size_t(p)]; n >= 0 && owns(std::uint32_t(n))) wake(std::uint32_t(n), now);
        };
        for (std::size_t k = first_; k < end_; ++k) {
            for (const auto c : m_.parts[k].reopened) open(c);
            m_.parts[k].reopened.clear();
        }
        for (const auto c : arrived_reopened_) open(c);
        arrived_reopened_.clear();
    }

    /// What crosses to the processes beside this one goes, and what they send arrives (before
    /// cross() delivers this process's own, which only changes the order of router wakes).
    void exchange(std::uint64_t now, std::exception_ptr& failure) {
        std::vector<message> out(with_.size());
        try {
            std::vector<border_message> to(with_.size());
            for (std::size_t k = first_; k < end_; ++k) {
                const auto& part = m_.parts[k];
                for (const auto& c : part.crossings)
                    if (const auto r = m_.buffers[c.buffer].router; !owns(r)) to[peer(rank_of(r))].crossings.push_back(c);
                for (const auto r : part.wakes)
                    if (!owns(r)) to[peer(rank_of(r))].wakes.push_back(r);
                for (const auto c : part.reopened)
                    for (int p = 1; p < hw::ports; ++p)
                        if (const auto n = m_.routers[m_.color_places[c].router].neighbour[std::size_t(p)]; n >= 0 && !owns(std::uint32_t(n)))
                            if (auto& list = to[peer(rank_of(std::uint32_t(n)))].reopened; list.empty() || list.back() != c) list.push_back(c);
            }
            for (std::size_t i = 0; i < with_.size(); ++i)
                for (const auto b : reported_[i])
                    if (const auto held = std::uint8_t(m_.buffers[b].items.size()); all_counts_ || held != m_.buffers[b].committed)
                        to[i].counts.push_back({b, held});
            for (std::size_t i = 0; i < with_.size(); ++i) out[i] = to_message(to[i]);
        } catch (...) {
            failure = std::current_exception();  // the others read the empty messages as damaged, and stop too
            out.assign(with_.size(), message{});
        }
        all_counts_ = false;
        auto in = peers_->exchange(with_, std::move(out));
        try {
            for (const auto& bytes : in) {
                border_message from;
                from_message(bytes, from);
                arrive(from, now);
            }
        } catch (...) {
            failure = std::current_exception();
        }
    }

    void arrive(const border_message& from, std::uint64_t now) {
        auto check = [](bool fits) {
            if (!fits) throw error(diagnostic{severity::error, "", {}, "a message from another process names a buffer, router or color of no band here", ""});
        };
        const auto buffers = m_.buffers.size();
        for (const auto& c : from.crossings) {
            check(c.buffer < buffers && owns(m_.buffers[c.buffer].router));
            auto& b = m_.buffers[c.buffer];
            check(!b.items.full());
            b.touch(now);
            b.items.push(c.item);
            wake(b.router, now);
        }
        for (const auto r : from.wakes) {
            check(owns(r));
            wake(r, now);
        }
        for (const auto& c : from.counts) {
            check(c.buffer < buffers && c.held <= router_buffer_capacity);
            m_.buffers[c.buffer].committed = c.held;
        }
        for (const auto c : from.reopened) check(c < m_.colors.size());
        arrived_reopened_.insert(arrived_reopened_.end(), from.reopened.begin(), from.reopened.end());
    }
};

}  // namespace detail
}  // namespace wafer::fabric
