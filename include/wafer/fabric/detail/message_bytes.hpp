#pragma once
// A value as the bytes of a message to another process (peers.hpp), and back: written and read
// with the archive (core/archive.hpp), so messages, images and checkpoints share one description of
// each struct's fields (fields()), and a damaged message is an error, not a crash.
#include <string>
#include <utility>

#include "wafer/core/diagnostic.hpp"
#include "wafer/fabric/peers.hpp"
#include "wafer/core/archive.hpp"
#include "wafer/ir/fields.hpp"

namespace wafer::fabric::detail {

/// The bytes of `value`, in a buffer of `expected` bytes to begin with: a large message grows
/// without copies, which costs as much as writing it.
template <class T>
message to_message(const T& value, std::size_t expected = 0) {
    archive::writer w;
    w.bytes.reserve(expected);
    w(const_cast<T&>(value));  // the archive takes references for both directions; writing changes nothing
    return std::move(w.bytes);
}

/// Reads `bytes` into `value`: the fields its fields() lists.
template <class T>
void from_message(const message& bytes, T& value) {
    try {
        archive::reader r(bytes.data(), bytes.size());
        r(value);
        if (r.left() != 0) throw archive::format_error{"it is longer than what it holds"};
    } catch (const archive::format_error& e) {
        throw error(diagnostic{severity::error, "", {}, "a message from another process is damaged: " + e.message, ""});
    }
}

}  // namespace wafer::fabric::detail
