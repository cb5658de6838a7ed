// wafer paint: build an image and its symbol map from a Paint layout.
#include "commands.hpp"
#include "wafer/image/format.hpp"

namespace wafer::cli {

int paint(args& a) {
    auto source = a.require("source");
    if (!source.ends_with(".paint")) throw usage_error("source=" + source + " is not a .paint file");
    auto image_file = a.require("image");
    auto map_file = a.require("map");
    auto im = build_from_source(a);
    a.finish();
    image::write_image(im, image_file);
    write_map(im.layout, map_file);
    return exit_ok;
}

}  // namespace wafer::cli
