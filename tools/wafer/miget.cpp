// wafer miget: print a symbol's values from an image, one innermost row per line.
#include <iostream>

#include "commands.hpp"
#include "symbol_access.hpp"
#include "wafer/image/access.hpp"
#include "wafer/image/values.hpp"

namespace wafer::cli {

int miget(args& a) {
    auto s = open_symbol(a, "miget");
    a.finish(true);
    const auto values = image::read_values(s.im, s.chosen, s.symbol.name);
    std::string line;
    std::size_t in_row = 0;
    for (std::size_t i = 0; i < s.chosen.elements.size(); ++i) {
        const std::vector<word> words(values.begin() + std::ptrdiff_t(i * s.chosen.words),
                                      values.begin() + std::ptrdiff_t((i + 1) * s.chosen.words));
        line += (in_row ? " " : "") + image::format_value(s.symbol.format, words);
        if (++in_row == s.chosen.row) {
            std::cout << line << '\n';
            line.clear();
            in_row = 0;
        }
    }
    return exit_ok;
}

}  // namespace wafer::cli
