// wafer milink: applies the link() notes of a layout to its image. For each note it runs the program
// as `program key=value ... out=/dev/fd/3` (no shell; found on PATH), reads the raw little-endian
// 16-bit words it writes there, and stores them into the symbol, the words walking the order's
// dimensions (the rightmost fastest); dimensions the order leaves out get the same values.
#include <cerrno>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.hpp"
#include "link_notes.hpp"
#include "wafer/core/file.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/map_file.hpp"

extern char** environ;

namespace wafer::cli {

namespace {

/// Runs the note's program and returns what it wrote to out=, at most `limit` bytes (one more
/// tells "too long" without reading an unbounded stream).
std::string run_program(const paint::link_note& n, std::size_t limit) {
    constexpr int out_fd = 3;
    int fds[2];
    if (pipe(fds) != 0) link_error(n, std::string("cannot make a pipe: ") + std::strerror(errno));
    std::vector<std::string> words{n.program};
    for (const auto& [k, v] : n.params) words.push_back(k + "=" + v);
    words.push_back("out=/dev/fd/" + std::to_string(out_fd));
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_adddup2(&actions, fds[1], out_fd);
    if (fds[1] != out_fd) posix_spawn_file_actions_addclose(&actions, fds[1]);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, n.program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (spawned != 0) {
        close(fds[0]);
        link_error(n, "cannot run program '" + n.program + "': " + std::strerror(spawned));
    }
    std::string data;
    char buf[65536];
    for (;;) {
        const ssize_t got = read(fds[0], buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        data.append(buf, std::size_t(got));
        if (data.size() > limit) break;   // too long: stop reading, the program gets SIGPIPE
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (data.size() <= limit) {   // a program stopped by our closed pipe has failed only because it wrote too much
        if (WIFSIGNALED(status))
            link_error(n, "program '" + n.program + "' was killed by signal " + std::to_string(WTERMSIG(status)));
        if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            link_error(n, "program '" + n.program + "' exited with status " + std::to_string(WEXITSTATUS(status)));
    }
    return data;
}

}  // namespace

int milink(args& a) {
    auto image_file = a.require("image");
    auto out = a.get("out");
    auto map_file = a.require("map");
    auto note_file = a.require("note");
    (void)a.flag("nofixup");   // an optimisation in the original: wafer only ever sets values
    const auto arch = a.get("arch");  // the image knows its processor: arch= only checks it
    if (arch) (void)arch_named(*arch);
    a.finish();
    auto im = image::read_image(image_file);
    if (arch && arch_named(*arch) != im.layout.arch)
        throw usage_error("arch=" + *arch + ": " + image_file + " was built for " + std::string(hw::name_of(im.layout.arch)));
    const auto entries = image::parse_map(read_file(map_file, "map"), map_file);
    const auto notes = read_notes(note_file);

    apply_links(im, entries, notes, run_program);
    image::write_image(im, out ? *out : image_file);
    return exit_ok;
}

}  // namespace wafer::cli
