// An image file (.img): read, written back (the same bytes again), and what reads is run a few
// cycles: an image that reads is one `wafer run` takes, so building its fabric may refuse it with a
// wafer::error, but nothing else.
#include <optional>

#include "fuzz.hpp"
#include "wafer/image/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    std::optional<image::image> im;
    fuzz::answered([&] { im = image::from_bytes(std::vector<std::uint8_t>(data, data + size), "fuzz.img"); });
    if (!im) return 0;
    const auto bytes = image::to_bytes(*im);
    if (image::to_bytes(image::from_bytes(bytes, "again.img")) != bytes)
        fuzz::finding("an image read back from its own bytes writes different bytes");
    if (!fuzz::small_enough(im->layout)) return 0;
    fuzz::answered([&] {
        fabric::fabric f(std::move(im->layout));
        for (std::size_t pe = 0; pe < im->memory.size(); ++pe)
            if (!im->memory[pe].empty()) f.load(pe, im->memory[pe]);
        fabric::run_options options;
        options.max_cycles = fuzz::max_cycles;
        (void)f.run(options);
    });
    return 0;
}
