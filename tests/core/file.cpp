#include "wafer/core/file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace fs = std::filesystem;

namespace {

/// A directory of its own for one test, removed after it.
struct scratch {
    fs::path dir = fs::temp_directory_path() / ("wafer-file-test-" + std::to_string(std::rand()));
    scratch() { fs::create_directories(dir); }
    ~scratch() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("write_whole writes a file whole, or leaves the one before it as it was") {
    scratch s;
    const auto file = (s.dir / "out.txt").string();
    wafer::write_whole(file, "text", [](std::ostream& out) { out << "first\n"; });
    CHECK(wafer::read_file(file) == "first\n");

    // A writer that fails halfway: the file is the one before, and no part of the new one is left.
    CHECK_THROWS_AS(wafer::write_whole(file, "text", [](std::ostream& out) {
                        out << "sec";
                        throw std::runtime_error("stopped");
                    }),
                    std::runtime_error);
    CHECK(wafer::read_file(file) == "first\n");
    CHECK(!fs::exists(file + ".part"));

    // Where no file can be written: the one error, naming the file and what it was to hold.
    const auto nowhere = (s.dir / "missing" / "out.txt").string();
    try {
        wafer::write_whole(nowhere, "drawing", [](std::ostream& out) { out << "x"; });
        FAIL("no error");
    } catch (const wafer::error& e) {
        CHECK(e.diagnostics().front().file == nowhere);
        CHECK(e.diagnostics().front().message == "cannot write the drawing");
    }
    CHECK(!fs::exists(nowhere));
}

TEST_CASE("read_file: a file it cannot open or read is the one error naming it") {
    scratch s;
    CHECK_THROWS_WITH_AS(wafer::read_file((s.dir / "missing.w").string(), "kernel"), "cannot open the kernel", wafer::error);
    CHECK_THROWS_WITH_AS(wafer::read_file(s.dir.string(), "image"), "cannot open the image: it is a directory", wafer::error);
}
