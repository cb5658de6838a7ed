// wafer's command line: the usage, and each command dispatched with its errors turned into an exit status.
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "processes.hpp"

namespace {

/// Each command's usage: its forms and what it does.
struct command_usage {
    const char* command;
    const char* text;
};
constexpr command_usage usages[] = {
    {"carbide", R"(  wafer carbide source=K.w [lib=DIR]... [set=P=V]... [arch=sdr|wse2|wse3] [fsanitize=bounds] [listing]
                [image=F.img map=F.map]
      compile a Tungsten kernel (imports are found beside it, then in lib=); print its diagnostics
      (with `listing`, its PE program); image= and map= write it as a one-PE image; fsanitize=bounds
      checks at run time each subscript the compiler cannot prove in bounds
)"},
    {"paint", R"(  wafer paint source=L.paint [lib=DIR]... [set=V=VAL]... [arch=sdr|wse2|wse3] [float16_dtype=10] image=F.img map=F.map
              [note=F.note] [regiondump=F.json]     (wafer paint help lists every option)
      build an image and its symbol map (kernels are found as NAME.w in the lib directories);
      arch= picks the processor (its queues and timing; default wse2), float16_dtype=10 lets fabadder add hp
)"},
    {"run", R"(  wafer run image=F.img [out=F.img] [cycles=N] [threads=N] [wavefront=N] [stop=C] [checkpoint=F.ckpt [every=N]]
            [progress|quiet] [trace=F.json|F.log [pes=x0:x1,y0:y1] [window=a:b]] [stats|stats=F.csv]
  wafer run source=K.w|L.paint [lib=DIR]... [set=...]... [arch=...] [float16_dtype=...] [fsanitize=bounds]
            [out=F.img map=F.map] [cycles=N] [threads=N] [wavefront=N] [stop=C] [checkpoint=F.ckpt [every=N]]
            [progress|quiet]
  wafer run resume=F.ckpt [out=F.img] [cycles=N] [threads=N] [wavefront=N] [stop=C] [checkpoint=F.ckpt [every=N]]
      run on the fabric interpreter; print the cycle count; exit 3 on deadlock, 4 at the cycle limit
      (cycles=N; 100000000 without it);
      threads=N runs N bands of the fabric at once, with the same result as one; while the fabric is
      busy, each band runs up to wavefront=N cycles strip by strip as one wave (at most 16, the default;
      1: one cycle at a time over the whole fabric), with the same result; stop=C stops as cycle
      C begins (out= then holds memory at that cycle); checkpoint= writes the run state at the end, and
      every N cycles with every=N; resume= goes on from a checkpoint, ending as the whole run would;
      on a terminal a run longer than a second shows a progress line (progress: always, quiet: never);
      in a build with MPI, mpirun -np K wafer run ... spreads the run over K processes, with the same result;
      trace= records what the PEs did (tasks, DSD operations, stalls and their cause, wavelets landing; the
      .log also each instruction): F.json opens in Perfetto or chrome://tracing (one microsecond is one
      cycle), F.log is text; pes= keeps PEs with x in [x0,x1) and y in [y0,y1), window= cycles in [a,b);
      stats prints each PE's cycles busy, blocked and idle and its wavelets in and out, per color the
      wavelets between routers and the busiest link, and per DSD operation its cycles per element and the
      cycles its strides, fabric operands and memory banks took, and its stalls (stats=F.csv writes every PE)
)"},
    {"routes", R"(  wafer routes image=F.img|source=L.paint [lib=DIR]... [set=...]... [pes=x0:x1,y0:y1]
      print each router's route table: per color its switch positions as Paint writes them (* the
      initial one), ring, pop=, teardown, swaps, the fabric adder, and the socket of the PE there that
      sends or reads the color (a color a PE binds with no route at its router is shown as such)
)"},
    {"show", R"(  wafer show image=F.img|source=L.paint [lib=DIR]... [set=...]... svg=F.svg [pes=x0:x1,y0:y1] [run [cycles=N]]
      draw the fabric as SVG: PEs by kernel, each color's routes in its own hue (the starting switch
      position solid, later ones dashed); with `run`, it runs first and outlines the PEs left blocked;
      up to 64 x 64 PEs in full, a larger fabric in blocks (pes= draws a part in full)
)"},
    {"miget", R"(  wafer miget image=F.img map=F.map symbol=NAME [DIM=a:b]... [DIM=i]... [[D1 D2 ...]]
      print an array's values, one innermost row per line
)"},
    {"miset", R"(  wafer miset image=F.img map=F.map symbol=NAME (values=v,v,...|file=F) [DIM=a:b]... [out=F.img]
      load values into an image before a run
)"},
    {"milink", R"(  wafer milink image=F.img map=F.map note=F.note [out=F.img] [arch=sdr|wse2|wse3] [nofixup]
      apply the layout's link() notes (wafer paint note=F.note): run each program, store what it writes
      (arch=, when given, must be the image's processor)
)"},
};

const command_usage* usage_of(const std::string& command) {
    for (const auto& u : usages)
        if (command == u.command) return &u;
    return nullptr;
}

/// The whole usage, or one command's.
std::string usage(const command_usage* one = nullptr) {
    std::string text = "usage: wafer COMMAND key=value ...\n\n";
    for (const auto& u : usages)
        if (!one || one == &u) text += u.text;
    if (!one) text += "  wafer help [COMMAND], wafer COMMAND help\n      this, or one command's usage\n";
    return text;
}


}  // namespace

int wafer::cli::command_line(int argc, char** argv) {
    processes world(argc, argv);  // one, or those mpirun started (processes.hpp)
    if (argc < 2 || std::strcmp(argv[1], "help") == 0 || std::strcmp(argv[1], "--help") == 0) {
        const command_usage* one = argc > 2 ? usage_of(argv[2]) : nullptr;
        if (argc > 2 && !one)
            return world.settle(exit_usage, true, "wafer help: no command '" + std::string(argv[2]) + "'\nsee: wafer help\n");
        std::cout << usage(one);
        return world.settle(argc < 2 ? exit_usage : exit_ok, false, "");
    }
    const std::string command = argv[1];
    // `wafer run help`: the command's usage (paint has its own, listing every option).
    if (argc == 3 && std::strcmp(argv[2], "help") == 0 && command != "paint" && usage_of(command)) {
        std::cout << usage(usage_of(command));
        return world.settle(exit_ok, false, "");
    }
    std::ostringstream error;
    int status = exit_error;
    bool failed = true;
    try {
        args a(argc, argv, 2);
        if (command == "run") status = run(a, world);
        else if (!world.root()) status = exit_ok;  // the other commands run on process 0 alone
        else if (command == "carbide") status = carbide(a);
        else if (command == "paint") status = paint(a);
        else if (command == "miget") status = miget(a);
        else if (command == "miset") status = miset(a);
        else if (command == "milink") status = milink(a);
        else if (command == "routes") status = routes(a);
        else if (command == "show") status = show(a);
        else {
            std::vector<std::string> commands;
            for (const auto& u : usages) commands.emplace_back(u.command);
            const auto meant = nearest(command, commands);
            error << "wafer: unknown command '" << command << "'" << (meant ? " (did you mean '" + *meant + "'?)" : "")
                  << "\nsee: wafer help\n";
            status = exit_usage;
        }
        failed = status == exit_usage;
    } catch (const wafer::fabric::peer_failure&) {
        failed = false;  // another process failed, and says why
    } catch (const usage_error& e) {
        error << "wafer " << command << ": " << e.what() << "\nsee: wafer help " << command << "\n";
        status = exit_usage;
    } catch (const wafer::error& e) {
        error << e.render();
    } catch (const std::exception& e) {
        error << "wafer " << command << ": internal error: " << e.what() << '\n';
    }
    return world.settle(status, failed, error.str());
}
