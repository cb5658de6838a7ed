#pragma once
// Reading and writing images (format.hpp): inline in header-only use, compiled once with the rest
// of wafer/src.hpp otherwise.
#include "wafer/core/file.hpp"
#include "wafer/image/format.hpp"

namespace wafer::image {

namespace detail {

WAFER_DECL void check_references(const image& im) {
    const auto& l = im.layout;
    if (l.width < 0 || l.height < 0) throw archive::format_error{"the fabric size is negative"};
    for (const auto& p : l.programs) {
        if (p.memory_words > hw::memory_words) throw archive::format_error{"a program uses more than 0x6000 words"};
        for (const auto& op : p.dsd_ops)
            if (op.rank > ir::max_rank) throw archive::format_error{"a DSD operation has more than four dimensions"};
    }
    for (const auto& pe : l.pes) {
        if (pe.program >= l.programs.size()) throw archive::format_error{"a PE names a program that is not in the image"};
        if (pe.x < 0 || pe.y < 0 || pe.x >= l.width || pe.y >= l.height) throw archive::format_error{"a PE lies off the fabric"};
        for (auto c : pe.input_color) if (c >= hw::colors) throw archive::format_error{"a queue is bound to a color past 23"};
        for (auto c : pe.output_color) if (c >= hw::colors) throw archive::format_error{"a queue is bound to a color past 23"};
    }
    for (const auto& r : l.routers) {
        if (r.x < 0 || r.y < 0 || r.x >= l.width || r.y >= l.height) throw archive::format_error{"a router lies off the fabric"};
        for (const auto& c : r.colors)
            if (c.color >= hw::colors) throw archive::format_error{"a route uses a color past 23"};
    }
    if (!im.memory.empty() && im.memory.size() != l.pes.size()) throw archive::format_error{"the memory state does not match the PEs"};
    for (const auto& m : im.memory)
        if (m.size() > hw::memory_words) throw archive::format_error{"a PE's memory is larger than 0x6000 words"};
}

}  // namespace detail

WAFER_DECL std::vector<std::uint8_t> to_bytes(const image& im) {
    auto copy = im;  // the archive takes non-const references
    std::vector<std::uint8_t> out;
    detail::write_image(copy, out);
    return out;
}

WAFER_DECL image from_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file) {
    auto fail = [&](const std::string& why) -> image {
        throw error(diagnostic{severity::error, file, {}, "not a valid wafer image: " + why, ""});
    };
    if (bytes.size() < sizeof image_magic || !std::equal(std::begin(image_magic), std::end(image_magic), bytes.begin()))
        return fail("it does not start with WAFERIMG");
    archive::reader r(bytes.data() + sizeof image_magic, bytes.size() - sizeof image_magic);
    image im;
    try {
        std::uint32_t version = 0;
        r(version);
        if (version != image_version)
            return fail("format version " + std::to_string(version) + ", this wafer reads version " +
                        std::to_string(image_version));
        r(im);
        if (r.left() != 0) return fail("there are bytes after the end of the image");
        detail::check_references(im);
    } catch (const archive::format_error& e) {
        return fail(e.message);
    }
    return im;
}

WAFER_DECL image read_image(const std::string& file) {
    auto text = read_file(file, "image");
    return from_bytes(std::vector<std::uint8_t>(text.begin(), text.end()), file);
}

WAFER_DECL void write_image(const image& im, const std::string& file) { write_bytes(to_bytes(im), file, "image"); }

}  // namespace wafer::image
