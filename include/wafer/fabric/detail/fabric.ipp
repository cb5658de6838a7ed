#pragma once
// The fabric at work: its layout and machine, and how a run goes (fabric.hpp). Defined in
// fabric.hpp's translation units (header-only), or once in the library that compiles wafer/src.hpp
// (WAFER_SEPARATE_COMPILATION, docs/embedding.md).
#include "wafer/fabric/fabric.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/detail/construct.hpp"
#include "wafer/fabric/detail/describe.hpp"
#include "wafer/fabric/detail/run_loop.hpp"
#include "wafer/fabric/detail/snapshot.hpp"
#include "wafer/fabric/detail/validate.hpp"
#include "wafer/fabric/machine.hpp"
#include "wafer/fabric/pools.hpp"
#include "wafer/ir/layout.hpp"

namespace wafer::fabric {

struct fabric::impl {
    explicit impl(ir::layout l) : layout_(std::move(l)) {
        detail::layout_checker(layout_).check();
        detail::constructor(m_, layout_).build();
    }

    const ir::layout& layout() const noexcept { return layout_; }

    std::optional<std::size_t> pe_at(std::int32_t x, std::int32_t y) const { return ir::pe_index(layout_, x, y); }

    std::span<word> memory(std::size_t pe) {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }
    std::span<const word> memory(std::size_t pe) const {
        check_pe(pe);
        return {m_.memory_of(std::uint32_t(pe)), m_.pes[pe].memory_size};
    }

    void load(std::size_t pe, std::span<const word> words) {
        check_pe(pe);
        if (words.size() > hw::memory_words)
            throw error(diagnostic{severity::error, "", {}, "cannot load " + std::to_string(words.size()) + " words into " +
                                                                detail::pe_label(m_, std::uint32_t(pe)) + ": a PE has " +
                                                                std::to_string(hw::memory_words), ""});
        m_.grow(std::uint32_t(pe), std::uint32_t(words.size()));
        std::copy(words.begin(), words.end(), m_.memory_of(std::uint32_t(pe)));
    }

    run_activity activity() const {
        run_activity a;
        a.cycle = m_.now;
        for (std::uint32_t i = 0; i < m_.pes.size(); ++i) {
            const auto end = detail::end_of(m_, i);
            a.active_pes += end == pe_end::running || end == pe_end::blocked;
        }
        for (const auto& q : m_.queues) a.wavelets += q.items.size();
        for (const auto& b : m_.buffers) a.wavelets += b.items.size();
        return a;
    }

    std::uint64_t pe_cycles(std::size_t pe) const {
        check_pe(pe);
        return std::min(m_.pes[pe].since, m_.limit);
    }

    std::size_t state_bytes() const noexcept {
        std::size_t n = 0;
        auto add = [&](const auto& v) { n += v.capacity() * sizeof(*v.data()); };
        // Every pool a run changes but memory (the program's data, not the interpreter's), and
        // what the machine keeps beside them.
        for_each_pool(m_, [&](const auto& pool) {
            using pool_type = std::remove_cvref_t<decltype(pool)>;
            if constexpr (held_by_pes<pool_type>)
                if (pool_type::first == &pe_state::memory) return;
            add(pool);
        });
        add(m_.riding), add(m_.walks), add(m_.routers), add(m_.color_places), add(m_.positions), add(m_.buffer_places),
            add(m_.grid);
        return n;
    }

    run_state state() const { return detail::capture(m_); }

    void restore(run_state s) {
        if (const auto why = detail::misfit(m_, s); !why.empty())
            throw error(diagnostic{severity::error, "", {}, "the run state does not fit this fabric: " + why, ""});
        detail::apply(m_, std::move(s));
    }

    run_result run(const run_options& options) {
        const std::size_t parts = options.threads * (options.peers ? options.peers->size() : 1);
        if (options.resume) detail::resume(m_, options.max_cycles, parts);
        else detail::restart(m_, options.max_cycles, parts);
        return detail::run_loop(m_, layout_, options).run();
    }

    void check_pe(std::size_t pe) const {
        if (pe >= m_.pes.size()) throw error(diagnostic{severity::error, "", {}, "no PE number " + std::to_string(pe), ""});
    }

    ir::layout layout_;
    machine m_;
};

WAFER_DECL fabric::fabric(ir::layout l) : impl_(std::make_unique<impl>(std::move(l))) {}
WAFER_DECL fabric::fabric(fabric&& other) noexcept = default;
WAFER_DECL fabric& fabric::operator=(fabric&& other) noexcept = default;
WAFER_DECL fabric::~fabric() = default;

WAFER_DECL const ir::layout& fabric::layout() const noexcept { return impl_->layout(); }
WAFER_DECL std::optional<std::size_t> fabric::pe_at(std::int32_t x, std::int32_t y) const { return impl_->pe_at(x, y); }
WAFER_DECL std::span<word> fabric::memory(std::size_t pe) { return impl_->memory(pe); }
WAFER_DECL std::span<const word> fabric::memory(std::size_t pe) const {
    return static_cast<const impl&>(*impl_).memory(pe);
}
WAFER_DECL void fabric::load(std::size_t pe, std::span<const word> words) { impl_->load(pe, words); }
WAFER_DECL run_activity fabric::activity() const { return impl_->activity(); }
WAFER_DECL std::uint64_t fabric::pe_cycles(std::size_t pe) const { return impl_->pe_cycles(pe); }
WAFER_DECL std::size_t fabric::state_bytes() const noexcept { return impl_->state_bytes(); }
WAFER_DECL run_state fabric::state() const { return impl_->state(); }
WAFER_DECL void fabric::restore(run_state s) { impl_->restore(std::move(s)); }
WAFER_DECL run_result fabric::run(const run_options& options) { return impl_->run(options); }

}  // namespace wafer::fabric
