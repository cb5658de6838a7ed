// wafer carbide: compile one Tungsten kernel.
#include <iostream>

#include "commands.hpp"
#include "wafer/ir/print.hpp"
#include "wafer/parse/load.hpp"

namespace wafer::cli {

int carbide(args& a) {
    auto source = a.require("source");
    auto sets = settings(a);
    bool listing = a.flag("listing");
    a.finish();
    diagnostics ds;
    auto program = parse::compile_kernel_file(source, sets, ds);
    print(ds.list());
    if (listing) std::cout << ir::listing(program);
    return exit_ok;
}

}  // namespace wafer::cli
