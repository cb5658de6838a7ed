// wafer miget: print a symbol's values from an image, one innermost row per line.
#include <iostream>

#include "commands.hpp"
#include "symbol_access.hpp"
#include "wafer/image/values.hpp"

namespace wafer::cli {

int miget(args& a) {
    auto s = open_symbol(a, "miget");
    a.finish(true);
    std::vector<std::vector<word>> memory(s.im.layout.pes.size());
    std::string line;
    std::size_t in_row = 0;
    for (const auto& e : s.chosen.elements) {
        auto pe = s.pe_of(e);
        if (memory[pe].empty()) memory[pe] = s.im.memory_of(pe);
        std::vector<word> words(s.chosen.words, 0);
        for (unsigned w = 0; w < s.chosen.words; ++w)
            if (e.address + w < memory[pe].size()) words[w] = memory[pe][e.address + w];
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
