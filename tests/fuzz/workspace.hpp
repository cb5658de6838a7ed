#pragma once
// A scratch directory of real inputs for the targets that drive the command line: the pipeline and
// filter lessons' sources, and what the CLI itself makes of them (images, maps, a note file, a
// checkpoint, a values file). restore() puts back exactly those files before each input, so one
// input's outputs never change what the next one sees.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "fuzz.hpp"

namespace wafer::fuzz {

/// Runs `wafer WORDS...` in this process, its output kept from the terminal; its exit status.
inline int wafer_command(std::vector<std::string> words, std::string* errors = nullptr) {
    words.insert(words.begin(), "wafer");
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::ostringstream out, err;
    auto* cout = std::cout.rdbuf(out.rdbuf());
    auto* cerr = std::cerr.rdbuf(err.rdbuf());
    const int status = cli::command_line(int(words.size()), argv.data());
    std::cout.rdbuf(cout);
    std::cerr.rdbuf(cerr);
    if (errors) *errors = err.str();
    return status;
}

class workspace {
public:
    /// Makes the directory (under the system's temporary one), fills it, and makes it the current one.
    workspace() {
        namespace fs = std::filesystem;
        const fs::path examples = fs::path(WAFER_SOURCE_DIR) / "examples";
        dir_ = fs::temp_directory_path() / ("wafer-fuzz-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        for (const char* f : {"pipeline/pipeline.paint", "pipeline/send.w", "pipeline/compute.w", "pipeline/recv.w",
                              "filter/filter.paint", "filter/filter.w", "filter/ramp", "add/add.w"})
            fs::copy_file(examples / f, dir_ / fs::path(f).filename());
        fs::current_path(dir_);
        // milink runs a note's program: only those here (the filter's ./ramp), never the machine's.
        ::setenv("PATH", dir_.c_str(), 1);
        make({"paint", "source=pipeline.paint", "set=N=4", "image=p.img", "map=p.map"});
        make({"paint", "source=filter.paint", "set=N=8", "set=K=4", "set=FIRST=1", "set=STEP=3", "image=f.img",
              "map=f.map", "note=f.note"});
        make({"run", "image=p.img", "stop=5", "checkpoint=p.ckpt", "quiet"});
        std::ofstream("v.txt") << "1, 2\n3 4\n";
        for (const auto& e : fs::directory_iterator(dir_)) {
            std::ifstream in(e.path(), std::ios::binary);
            files_[e.path().filename().string()] = {std::istreambuf_iterator<char>(in), {}};
            if (e.path().filename() == "ramp") executable_ = e.path().filename().string();
        }
    }
    ~workspace() { std::filesystem::remove_all(dir_); }
    workspace(const workspace&) = delete;
    workspace& operator=(const workspace&) = delete;

    /// The directory holds the fixtures again, and nothing else.
    void restore() const {
        namespace fs = std::filesystem;
        for (const auto& e : fs::directory_iterator(dir_))
            if (!files_.contains(e.path().filename().string())) fs::remove_all(e.path());
        for (const auto& [name, bytes] : files_) {
            std::ofstream(dir_ / name, std::ios::binary | std::ios::trunc) << bytes;
            if (name == executable_) fs::permissions(dir_ / name, fs::perms::owner_all);
        }
    }

    const std::string& file(const std::string& name) const { return files_.at(name); }

private:
    static void make(const std::vector<std::string>& words) {
        std::string errors;
        if (wafer_command(words, &errors) != 0) finding("the fuzz workspace's fixture did not build:\n" + errors);
    }

    std::filesystem::path dir_;
    std::map<std::string, std::string> files_;
    std::string executable_;
};

}  // namespace wafer::fuzz
