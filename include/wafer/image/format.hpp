#pragma once
// The image file: "WAFERIMG", a format version, then the layout and the run state, little-endian.
// wafer's own format (the original tools' image is not documented); see docs/formats.md.
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/archive.hpp"
#include "wafer/image/image.hpp"
#include "wafer/ir/fields.hpp"

namespace wafer::image {

inline constexpr char image_magic[8] = {'W', 'A', 'F', 'E', 'R', 'I', 'M', 'G'};
inline constexpr std::uint32_t image_version = 7;

// An image's fields, in file order (the IR's: ir/fields.hpp).
template <class Ar> constexpr void fields(Ar& ar, image& i) { ar(i.layout, i.memory, i.cycles, i.pe_cycles); }

namespace detail {

/// Writes the bytes of an image file to `out` (anything with push_back of a byte): the magic, the
/// format version, then the image. constexpr, so a layout frozen with its kernels
/// (tungsten/dsl/frozen.hpp) holds the very bytes paint writes.
template <class Bytes>
constexpr void write_image(image& im, Bytes& out) {
    for (auto c : image_magic) out.push_back(std::uint8_t(c));
    archive::basic_writer<Bytes&> w{out};
    auto version = image_version;
    w(version, im);  // the archive takes non-const references for both directions
}

/// What the reader cannot see from one field at a time: indices that point elsewhere, and sizes.
WAFER_DECL void check_references(const image& im);


}  // namespace detail

// (Defined in detail/format.ipp: they instantiate the archive for every type of the IR, which a
// unit that only includes the umbrella header need not compile.)
WAFER_DECL std::vector<std::uint8_t> to_bytes(const image& im);

/// Reads an image; throws wafer::error naming `file` when the bytes are not a valid image.
WAFER_DECL image from_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file);

WAFER_DECL image read_image(const std::string& file);

WAFER_DECL void write_image(const image& im, const std::string& file);

}  // namespace wafer::image

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/image/detail/format.ipp"
#endif
