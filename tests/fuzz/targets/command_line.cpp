// The command line: an input is `wafer`'s words, one per line (the first the command), run in this
// process in a directory of real inputs (workspace.hpp) that is put back before each. The exit
// status must be one wafer documents and no message an internal error. Words stay in that
// directory (no '/', no '..'); a run stops by fuzz::max_cycles, on at most four threads, and a
// set= value has at most four characters (at most 1024).
#include <memory>
#include <sstream>

#include "fuzz.hpp"
#include "workspace.hpp"

namespace {
std::unique_ptr<wafer::fuzz::workspace> fixtures;

/// The words of `text`, or none when one would leave the workspace or run too long.
std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.find('/') != std::string::npos || line.find("..") != std::string::npos) return {};
        words.push_back(line);
    }
    if (words.empty()) return {};
    const auto number = [](const std::string& word, std::size_t from) {
        try {
            return std::stoull(word.substr(from), nullptr, 0);
        } catch (const std::exception&) {
            return 0ull;  // not a number: the command says so
        }
    };
    bool capped = false, runs = words[0] == "run";
    for (const auto& w : words) {
        if (w.starts_with("cycles=")) {
            if (number(w, 7) > wafer::fuzz::max_cycles) return {};
            capped = true;
        }
        if ((w.starts_with("threads=") && number(w, 8) > 4) || (w.starts_with("every=") && number(w, 6) > 0 && number(w, 6) < 16))
            return {};
        // A lesson's size (N, K) past this makes a layout too large for a quick input.
        if (w.starts_with("set=") && w.find('=', 4) != std::string::npos) {
            const auto v = w.substr(w.find('=', 4) + 1);
            if (v.size() > 4 || (v.size() == 4 && v > "1024" && v.find_first_not_of("0123456789") == std::string::npos))
                return {};
        }
        runs = runs || (words[0] == "show" && w == "run");
    }
    if (runs && !capped) words.push_back("cycles=" + std::to_string(wafer::fuzz::max_cycles));
    return words;
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fixtures = std::make_unique<wafer::fuzz::workspace>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    const auto words = words_of(fuzz::text_of(data, size));
    if (words.empty()) return fuzz::reject;
    fixtures->restore();
    std::string errors;
    const int status = fuzz::wafer_command(words, &errors);
    if (status < cli::exit_ok || status > cli::exit_fault) fuzz::finding("exit status " + std::to_string(status) + ":\n" + errors);
    // The message of an exception that is not a wafer::error begins a line (command_line.cpp).
    if (("\n" + errors).find("\nwafer " + words[0] + ": internal error: ") != std::string::npos) fuzz::finding(errors);
    return 0;
}
