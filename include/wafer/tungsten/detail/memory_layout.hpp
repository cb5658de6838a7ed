#pragma once
// Memory layout: variables get words in declaration order from 0x0000, 32- and 64-bit types at
// even addresses, nothing reused (simple and deterministic); the expression temporaries go after
// everything. Row-major strides live here too.
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/word.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

class memory_layout {
public:
    /// `words` words for `what` (e.g. "'a'"), at an even address when `even`; all of PE memory is 0x0000-0x5fff.
    address allocate(std::uint64_t words, bool even, const std::string& what, source_position pos,
                     const reporter& report) {
        std::uint64_t base = next_ + (even ? next_ % 2 : 0);
        if (base + words > hw::memory_words)
            report.fail(pos, what + " needs " + count_of(words, "word") + " from " + address_text(base) +
                                 ", past the end of PE memory at " + address_text(hw::memory_words));
        next_ = static_cast<std::uint32_t>(base + words);
        return static_cast<address>(base);
    }

    /// One past the highest word allocated.
    std::uint32_t end() const noexcept { return next_; }

private:
    std::uint32_t next_ = 0;
};

/// Words per step of each dimension, row-major: the last dimension's stride is the element's words.
inline std::vector<std::int64_t> row_major_strides(const std::vector<std::uint32_t>& extents,
                                                   std::uint32_t element_words) {
    std::vector<std::int64_t> strides(extents.size());
    std::int64_t s = element_words;
    for (std::size_t d = extents.size(); d-- > 0;) {
        strides[d] = s;
        s *= extents[d];
    }
    return strides;
}

/// Number of elements, saturated at 2^40 so absurd extents cannot overflow (they never fit in memory).
inline std::uint64_t element_count(const std::vector<std::uint32_t>& extents) {
    constexpr std::uint64_t saturated = std::uint64_t{1} << 40;
    std::uint64_t n = 1;
    for (auto e : extents) n = e != 0 && n > saturated / e ? saturated : n * e;
    return n;
}

}  // namespace wafer::tungsten::detail
