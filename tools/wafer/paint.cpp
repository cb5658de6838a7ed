// wafer paint: build an image and its symbol map from a Paint layout.
#include <iostream>

#include "commands.hpp"
#include "link_notes.hpp"
#include "wafer/image/format.hpp"
#include "wafer/paint/link.hpp"
#include "wafer/paint/terminal.hpp"

namespace wafer::cli {

namespace {
constexpr const char* paint_help = R"(usage: wafer paint source=L.paint image=F.img map=F.map [options]

  source=L.paint      the layout
  lib=DIR             a directory searched for include files and code() kernels (NAME.w); repeatable
  set=NAME=VALUE      a Paint variable (the Makefile's PAINTVARS)
  image=F.img         the image to write
  map=F.map           the symbol map to write (NAME [ DIMS ] ( ADDRESS X Y ) TYPE)
  arch=sdr|wse2|wse3  the processor: its queues and its timing (default wse2)
  float16_dtype=10    the format of the fabric adder's core operand (10: IEEE binary16, Tungsten hp)
  note=F.note         write the link() notes milink applies
  regiondump=F.json   write the region tree as JSON
  portmap             print each transport with its two terminals (alone, without image= and map=:
                      print it and write nothing)
  noroute             do not route transports (their terminals' open ends stay open)
  nodebug             leave the programs' source files and positions out of the image (debuginfo=0;
                      debuginfo=1, the default, keeps them)
  verbose             also print what was built: PEs, programs and colors
  fabric=WxH          the fabric the layout must fit: a PE or a transport's route past it is an error
  compiler=w          source suffixes code() searches; wafer compiles .w (Tungsten) only
  toolname w carbide  the compiler for .w sources: wafer's carbide
  toolflag w "FLAGS"  flags for that compiler: fsanitize=bounds
  help                this list
)";
}  // namespace

int paint(args& a) {
    if (a.flag("help")) {
        std::cout << paint_help;
        return exit_ok;
    }
    // Options of the guide's command lines that mean something else here: say what wafer does.
    if (a.flag("listing"))
        throw usage_error("listing: 'wafer carbide source=K.w set=P=V … listing' prints a kernel's PE program");
    if (a.get("threads")) throw usage_error("threads=: wafer paint builds on one thread; 'wafer run … threads=N' runs on N");
    auto source = a.require("source");
    if (!source.ends_with(".paint")) throw usage_error("source=" + source + " is not a .paint file");
    const bool portmap = a.flag("portmap");
    const bool verbose = a.flag("verbose");
    auto image_file = a.get("image");
    auto map_file = a.get("map");
    if (!portmap || image_file || map_file) {  // portmap alone writes nothing
        if (!image_file) throw usage_error("missing image=" + a.misspelt("image"));
        if (!map_file) throw usage_error("missing map=" + a.misspelt("map"));
    }
    auto note_file = a.get("note");
    paint::region evaluated;
    auto im = build_from_source(a, &evaluated);
    a.finish();
    if (portmap) {
        std::vector<paint::problem> problems;   // build() reported them
        std::cout << paint::portmap_text(evaluated, paint::plan_transports(evaluated, problems));
    }
    if (verbose) {
        std::size_t colors = 0;
        for (const auto& r : im.layout.routers) colors += r.colors.size();
        std::cout << "paint: " << im.layout.pes.size() << " PEs, " << im.layout.programs.size() << " programs, "
                  << im.layout.routers.size() << " routers with " << colors << " color routes\n";
    }
    if (!image_file) return exit_ok;
    diagnostics ds;
    const auto notes = paint::link_notes(evaluated, im.layout, ds);
    image::write_image(im, *image_file);
    write_map(im.layout, *map_file);
    if (note_file) write_notes(notes, *note_file);
    else if (!notes.empty())
        print({diagnostic{severity::warning, "", {},
                          "the layout has " + std::to_string(notes.size()) + " link() notes and no note= file to write them "
                          "to: milink would not apply them",
                          ""}});
    return exit_ok;
}

}  // namespace wafer::cli
