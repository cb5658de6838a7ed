// A checkpoint file (.ckpt), its checksum made right first so that mutations reach the reader:
// read, restored into its fabric (which checks that the state fits) and resumed a few cycles.
#include <optional>

#include "fuzz.hpp"
#include "wafer/fabric/checkpoint.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wafer;
    constexpr std::size_t sum_bytes = 8;
    if (size < sum_bytes) return fuzz::reject;
    std::vector<std::uint8_t> bytes(data, data + size);
    const auto sum = archive::fnv1a(bytes.data(), size - sum_bytes);
    for (std::size_t i = 0; i < sum_bytes; ++i) bytes[size - sum_bytes + i] = std::uint8_t(sum >> (8 * i));
    std::optional<fabric::checkpoint> c;
    fuzz::answered([&] { c = fabric::checkpoint_from_bytes(bytes, "fuzz.ckpt"); });
    if (!c || !fuzz::small_enough(c->layout)) return 0;
    fuzz::answered([&] {
        fabric::fabric f(std::move(c->layout));
        f.restore(std::move(c->state));
        fabric::run_options options;
        options.resume = true;
        options.max_cycles = fuzz::max_cycles;
        (void)f.run(options);
    });
    return 0;
}
