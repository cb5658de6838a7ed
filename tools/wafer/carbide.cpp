// wafer carbide: compile one Tungsten kernel.
#include <iostream>

#include "commands.hpp"
#include "wafer/image/format.hpp"
#include "wafer/ir/print.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/parse/load.hpp"

namespace wafer::cli {

int carbide(args& a) {
    auto source = a.require("source");
    auto libs = a.all("lib");
    auto sets = settings(a);
    bool listing = a.flag("listing");
    const auto options = kernel_options(a);
    auto image_file = a.get("image");
    auto map_file = a.get("map");
    a.finish();
    diagnostics ds;
    auto program = parse::compile_kernel_file(source, sets, ds, options, libs);
    print(ds.list());
    if (listing) std::cout << ir::listing(program);
    // The kernel alone on one PE, ready for miset and run.
    if (image_file || map_file) {
        image::image im;
        im.layout = ir::single_pe_layout(std::move(program), options.arch);
        if (image_file) image::write_image(im, *image_file);
        if (map_file) write_map(im.layout, *map_file);
    }
    return exit_ok;
}

}  // namespace wafer::cli
