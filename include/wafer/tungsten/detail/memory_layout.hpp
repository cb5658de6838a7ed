#pragma once
// Memory layout: variables get words in declaration order from 0x0000, 32- and 64-bit types at
// even addresses, nothing reused (simple and deterministic), around the words address()
// placements take; the expression temporaries go after everything. Row-major strides live here too.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "wafer/core/word.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/detail/report.hpp"

namespace wafer::tungsten::detail {

/// Where an allocation may start: at an address a with a % modulus == remainder (bank(), align(),
/// and even words for 32- and 64-bit elements).
struct alignment {
    std::uint32_t modulus = 1, remainder = 0;
    WAFER_CONSTEXPR static alignment even(bool is_even) { return is_even ? alignment{2, 0} : alignment{}; }
};

/// Words [begin, end) taken by an address() placement.
struct word_range {
    std::uint32_t begin = 0, end = 0;
    friend bool operator==(const word_range&, const word_range&) = default;
};

class memory_layout {
public:
    /// The ranges address() placements take, known from a first lowering run: allocations avoid them,
    /// so a placement declared after other variables still gets its words.
    WAFER_CONSTEXPR explicit memory_layout(std::vector<word_range> reserved = {}) : reserved_(std::move(reserved)) {}

    /// `words` words for `what` (e.g. "'a'") at the first address from the last allocation that
    /// satisfies `a` and avoids the reserved ranges; all of PE memory is 0x0000-0x5fff.
    WAFER_CONSTEXPR address allocate(std::uint64_t words, alignment a, const std::string& what, source_position pos,
                                     const reporter& report) {
        std::uint64_t base = next_;
        for (bool moved = true; moved;) {
            base += (a.remainder + a.modulus - base % a.modulus) % a.modulus;
            moved = false;
            for (const auto& r : reserved_)
                if (base < r.end && r.begin < base + words) {
                    base = r.end;
                    moved = true;
                }
        }
        if (base + words > hw::memory_words)
            report.fail(pos, what + " needs " + count_of(words, "word") + " from " + address_text(base) +
                                 ", past the end of PE memory at " + address_text(hw::memory_words));
        next_ = static_cast<std::uint32_t>(base + words);
        return static_cast<address>(base);
    }

    /// `words` words at `at` for `what` (address()). Carbide lets two placements share storage
    /// without a word; wafer warns.
    WAFER_CONSTEXPR void place(std::uint64_t at, std::uint64_t words, const std::string& what, source_position pos,
                               const reporter& report) {
        if (at + words > hw::memory_words)
            report.fail(pos, "address(" + address_text(at) + ") puts " + what + " (" + count_of(words, "word") +
                                 ") past the end of PE memory at " + address_text(hw::memory_words));
        const word_range range{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at + words)};
        for (const auto& p : placed_)
            if (range.begin < p.range.end && p.range.begin < range.end) {
                report.warning(pos, what + " shares words " + address_text(std::max(range.begin, p.range.begin)) +
                                        " to " + address_text(std::min(range.end, p.range.end) - 1) + " with " +
                                        p.what + ": both are placed by address()");
                report.note(p.pos, p.what + " is placed here");
            }
        placed_.push_back({range, what, pos});
    }

    /// The ranges every address() placement took, in declaration order.
    WAFER_CONSTEXPR std::vector<word_range> placed() const {
        std::vector<word_range> out;
        for (const auto& p : placed_) out.push_back(p.range);
        return out;
    }

    /// One past the highest word allocated or placed.
    WAFER_CONSTEXPR std::uint32_t end() const noexcept {
        std::uint32_t e = next_;
        for (const auto& p : placed_) e = std::max(e, p.range.end);
        return e;
    }

private:
    struct placement {
        word_range range;
        std::string what;
        source_position pos;
    };
    std::uint32_t next_ = 0;
    std::vector<word_range> reserved_;
    std::vector<placement> placed_;
};

/// Words per step of each dimension, row-major: the last dimension's stride is the element's words.
inline WAFER_CONSTEXPR std::vector<std::int64_t> row_major_strides(const std::vector<std::uint32_t>& extents,
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
inline WAFER_CONSTEXPR std::uint64_t element_count(const std::vector<std::uint32_t>& extents) {
    constexpr std::uint64_t saturated = std::uint64_t{1} << 40;
    std::uint64_t n = 1;
    for (auto e : extents) n = e != 0 && n > saturated / e ? saturated : n * e;
    return n;
}

}  // namespace wafer::tungsten::detail
