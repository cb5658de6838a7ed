#pragma once
// Reading a whole file and writing one whole or not at all, with the one error every layer reports
// when it cannot; and quoting source lines into diagnostics that carry only a file and a position
// (the interpreter's), for the caret.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace wafer {

/// The bytes of `path`; throws wafer::error "<path>: error: cannot open the <what>" (or "cannot
/// read", when the system refuses what it opened: a directory, a device).
inline std::string read_file(const std::string& path, const std::string& what = "file") {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw error(diagnostic{severity::error, path, {}, "cannot open the " + what + ": it is a directory", ""});
    std::ifstream in(path, std::ios::binary);
    if (!in) throw error(diagnostic{severity::error, path, {}, "cannot open the " + what, ""});
    try {
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    } catch (const std::ios_base::failure&) {
        throw error(diagnostic{severity::error, path, {}, "cannot read the " + what, ""});
    }
}

/// Writes `file` whole or not at all: `write(std::ostream&)` fills `file`.part, which is renamed into
/// place only once all of it is written, so a failure or a run stopped while writing leaves the file
/// before it as it was. Throws wafer::error "<file>: error: cannot write the <what>".
template <class Write>
void write_whole(const std::string& file, const std::string& what, Write&& write) {
    const std::string part = file + ".part";
    std::error_code ec;
    bool written = false;
    try {
        std::ofstream out(part, std::ios::binary | std::ios::trunc);
        if (out) write(static_cast<std::ostream&>(out));
        out.close();
        written = bool(out);
    } catch (...) {
        std::filesystem::remove(part, ec);
        throw;
    }
    if (written) std::filesystem::rename(part, file, ec);
    if (!written || ec) {
        const std::string why = ec ? ": " + ec.message() : "";
        std::filesystem::remove(part, ec);
        throw error(diagnostic{severity::error, file, {}, "cannot write the " + what + why, ""});
    }
}

/// Writes `bytes` as `file`, whole or not at all.
inline void write_bytes(const std::vector<std::uint8_t>& bytes, const std::string& file, const std::string& what) {
    write_whole(file, what, [&](std::ostream& out) {
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    });
}

/// The bytes of `path`, as read_file reads them.
inline std::vector<std::uint8_t> read_bytes(const std::string& path, const std::string& what = "file") {
    const auto text = read_file(path, what);
    return {text.begin(), text.end()};
}

/// Fills in the source line of each diagnostic that has a file and a position but no line, reading
/// each file once; a file that cannot be read leaves its diagnostics as they are.
class source_quoter {
public:
    void quote(diagnostic& d) {
        if (d.file.empty() || d.pos.line == 0 || !d.source_line.empty()) return;
        auto it = files_.find(d.file);
        if (it == files_.end()) {
            std::string text;
            try {
                text = read_file(d.file);
            } catch (const error&) {
            }
            it = files_.emplace(d.file, source_text(d.file, std::move(text))).first;
        }
        d.source_line = std::string(it->second.line(d.pos.line));
    }

private:
    std::map<std::string, source_text> files_;
};

inline void quote_sources(std::vector<diagnostic>& ds) {
    source_quoter q;
    for (auto& d : ds) q.quote(d);
}
inline void quote_source(diagnostic& d) { source_quoter().quote(d); }

}  // namespace wafer
