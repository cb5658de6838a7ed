#pragma once
// A checkpoint file: the image a run started from and the fabric's run state between two cycles
// (fabric/run_state.hpp), so that `wafer run resume=F.ckpt` goes on from that cycle and ends exactly
// as the uninterrupted run. Written with the image archive, so both directions share one
// description of the fields, and closed by a checksum, so a damaged file is an error.
//
//   "WAFERCKP", version (u32), image (layout, cycles), run state, FNV-1a 64 of everything before
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/image/format.hpp"

namespace wafer::image {

inline constexpr char checkpoint_magic[8] = {'W', 'A', 'F', 'E', 'R', 'C', 'K', 'P'};
inline constexpr std::uint32_t checkpoint_version = 1;

struct checkpoint {
    image start;             ///< the layout (memory lives in the state)
    fabric::run_state state;
};

namespace detail {
inline std::uint64_t fnv1a(const std::uint8_t* p, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}
}  // namespace detail

inline std::vector<std::uint8_t> to_bytes(const checkpoint& c) {
    detail::writer w;
    w.bytes.assign(std::begin(checkpoint_magic), std::end(checkpoint_magic));
    auto version = checkpoint_version;
    // The archive takes non-const references for both directions; writing changes nothing, and a
    // full wafer's state is too large to copy.
    auto& same = const_cast<checkpoint&>(c);
    w(version, same.start, same.state);
    auto sum = detail::fnv1a(w.bytes.data(), w.bytes.size());
    w(sum);
    return std::move(w.bytes);
}

/// Reads a checkpoint; throws wafer::error naming `file` when the bytes are not a valid one.
inline checkpoint checkpoint_from_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file) {
    auto fail = [&](const std::string& why) -> checkpoint {
        throw error(diagnostic{severity::error, file, {}, "not a valid wafer checkpoint: " + why, ""});
    };
    constexpr std::size_t sum_bytes = 8;
    if (bytes.size() < sizeof checkpoint_magic + sum_bytes ||
        !std::equal(std::begin(checkpoint_magic), std::end(checkpoint_magic), bytes.begin()))
        return fail("it does not start with WAFERCKP");
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < sum_bytes; ++i) sum |= std::uint64_t(bytes[bytes.size() - sum_bytes + i]) << (8 * i);
    if (sum != detail::fnv1a(bytes.data(), bytes.size() - sum_bytes)) return fail("its checksum does not match (the file is damaged)");
    detail::reader r(bytes.data() + sizeof checkpoint_magic, bytes.size() - sizeof checkpoint_magic - sum_bytes);
    checkpoint c;
    try {
        std::uint32_t version = 0;
        r(version);
        if (version != checkpoint_version)
            return fail("format version " + std::to_string(version) + ", this wafer reads version " +
                        std::to_string(checkpoint_version));
        r(c.start, c.state);
        if (r.left() != 0) return fail("there are bytes after the end of the state");
        detail::check_references(c.start);
    } catch (const detail::format_error& e) {
        return fail(e.message);
    }
    return c;
}

inline checkpoint read_checkpoint(const std::string& file) {
    auto text = read_file(file, "checkpoint");
    return checkpoint_from_bytes(std::vector<std::uint8_t>(text.begin(), text.end()), file);
}

/// Written beside `file` and renamed into place, so a run stopped while writing leaves the last
/// checkpoint whole.
inline void write_checkpoint(const checkpoint& c, const std::string& file) {
    detail::write_bytes(to_bytes(c), file, "checkpoint");
}

}  // namespace wafer::image
