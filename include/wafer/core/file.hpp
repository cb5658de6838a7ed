#pragma once
// Reading a whole file, with the one error every layer reports when it cannot; and quoting source
// lines into diagnostics that carry only a file and a position (the interpreter's), for the caret.
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace wafer {

/// The bytes of `path`; throws wafer::error "<path>: error: cannot open the <what>".
inline std::string read_file(const std::string& path, const std::string& what = "file") {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw error(diagnostic{severity::error, path, {}, "cannot open the " + what, ""});
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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
