#pragma once
// The machine's large pools on huge pages. A full-wafer fabric's state is gigabytes, first touched
// while the fabric is built: with 4 KiB pages that is about 800 000 page faults, which cost
// seconds on a virtual machine. Linux backs memory with 2 MiB pages where a program asks
// (transparent huge pages in their default "madvise" mode), if it asks before the pages are first
// touched: so a pool is reserved, advised, then filled.
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace wafer::fabric::detail {

/// Reserves room for `n` elements of `pool` and asks for huge pages under the whole 2 MiB pages
/// inside it. Only a hint: where the system has none, or on other systems, nothing changes.
template <class T>
void reserve_huge(std::vector<T>& pool, std::size_t n) {
    pool.reserve(n);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto first = (reinterpret_cast<std::uintptr_t>(pool.data()) + huge - 1) & ~(huge - 1);
    const auto end = reinterpret_cast<std::uintptr_t>(pool.data() + pool.capacity()) & ~(huge - 1);
    if (end > first) madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#endif
}

/// `pool` as `n` value-initialized elements (zeros, or defaults), in huge pages where it is large.
template <class T>
void allocate(std::vector<T>& pool, std::size_t n) {
    reserve_huge(pool, n);
    pool.resize(n);
}

}  // namespace wafer::fabric::detail
