#pragma once
// A checkpoint: the layout a run started from and the fabric's run state between two cycles
// (run_state.hpp), so that a run resumed from it (`wafer run resume=F.ckpt`) goes on from that cycle
// and ends exactly as the uninterrupted run. As bytes, written with the archive
// (core/archive.hpp), so both directions share one description of the fields, and closed by a
// checksum, so a damaged file is an error (files: core/file.hpp's read_file and write_bytes).
//
//   "WAFERCKP", version (u32), layout, run state, FNV-1a 64 of everything before
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/archive.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/ir/fields.hpp"

namespace wafer::fabric {

inline constexpr char checkpoint_magic[8] = {'W', 'A', 'F', 'E', 'R', 'C', 'K', 'P'};
inline constexpr std::uint32_t checkpoint_version = 3;

struct checkpoint {
    ir::layout layout;
    run_state state;
};

inline std::vector<std::uint8_t> to_bytes(const checkpoint& c) {
    archive::writer w;
    w.bytes.assign(std::begin(checkpoint_magic), std::end(checkpoint_magic));
    auto version = checkpoint_version;
    // The archive takes non-const references for both directions; writing changes nothing, and a
    // full wafer's state is too large to copy.
    auto& same = const_cast<checkpoint&>(c);
    w(version, same.layout, same.state);
    auto sum = archive::fnv1a(w.bytes.data(), w.bytes.size());
    w(sum);
    return std::move(w.bytes);
}

/// Reads a checkpoint; throws wafer::error naming `file` when the bytes are not a valid one. (A
/// fabric checks its layout when it is built, and the state when restore() puts it in.)
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
    if (sum != archive::fnv1a(bytes.data(), bytes.size() - sum_bytes)) return fail("its checksum does not match (the file is damaged)");
    archive::reader r(bytes.data() + sizeof checkpoint_magic, bytes.size() - sizeof checkpoint_magic - sum_bytes);
    checkpoint c;
    try {
        std::uint32_t version = 0;
        r(version);
        if (version != checkpoint_version)
            return fail("format version " + std::to_string(version) + ", this wafer reads version " +
                        std::to_string(checkpoint_version));
        r(c.layout, c.state);
        if (r.left() != 0) return fail("there are bytes after the end of the state");
    } catch (const archive::format_error& e) {
        return fail(e.message);
    }
    return c;
}

}  // namespace wafer::fabric
