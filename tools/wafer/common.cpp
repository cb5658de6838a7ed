#include <algorithm>
#include <iostream>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/image/format.hpp"
#include "wafer/image/map_file.hpp"
#include "wafer/parse/load.hpp"

namespace wafer::cli {

void print(std::vector<diagnostic> ds) {
    quote_sources(ds);
    for (const auto& d : ds) std::cerr << render(d);
}

std::vector<ir::param_value> settings(args& a) {
    std::vector<ir::param_value> out;
    for (const auto& s : a.all("set")) out.push_back(parse_setting(s));
    return out;
}

std::uint64_t positive_option(const std::string& key, const std::string& s) {
    std::size_t used = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(s, &used, 0);
    } catch (const std::exception&) {
        used = 0;
    }
    // (stoull takes "-5" and negates it, modulo 2^64.)
    if (used == 0 || used != s.size() || v == 0 || s.find('-') != std::string::npos)
        throw usage_error(key + "=" + s + " is not a positive integer");
    return v;
}

std::pair<std::uint64_t, std::uint64_t> range_option(const std::string& key, const std::string& s) {
    const auto colon = s.find(':');
    std::uint64_t v[2] = {0, 0};
    bool ok = colon != std::string::npos;
    for (int k = 0; k < 2 && ok; ++k) {
        const std::string part = k == 0 ? s.substr(0, colon) : s.substr(colon + 1);
        std::size_t used = 0;
        try {
            v[k] = std::stoull(part, &used, 10);
        } catch (const std::exception&) {
            used = 0;
        }
        ok = used > 0 && used == part.size() && part.front() != '-';
    }
    if (!ok || v[0] >= v[1]) throw usage_error(key + "=" + s + " is not a range a:b with a < b");
    return {v[0], v[1]};
}

pe_rect pes_option(args& a) {
    pe_rect r;
    const auto pes = a.get("pes");
    if (!pes) return r;
    const auto comma = pes->find(',');
    if (comma == std::string::npos) throw usage_error("pes=" + *pes + " is not x0:x1,y0:y1");
    const auto [x0, x1] = range_option("pes", pes->substr(0, comma));
    const auto [y0, y1] = range_option("pes", pes->substr(comma + 1));
    constexpr std::uint64_t most = pe_rect::all;
    r.x_first = std::int32_t(std::min(x0, most)), r.x_end = std::int32_t(std::min(x1, most));
    r.y_first = std::int32_t(std::min(y0, most)), r.y_end = std::int32_t(std::min(y1, most));
    return r;
}

hw::arch arch_named(const std::string& name) {
    for (auto a = hw::arch{};; a = hw::arch(int(a) + 1)) {
        if (hw::name_of(a) == name) return a;
        if (a == hw::last_arch) throw usage_error("arch=" + name + ": the processors are sdr, wse2 and wse3");
    }
}

namespace {

hw::arch arch_of(args& a) {
    const auto arch = a.get("arch");
    return arch ? arch_named(*arch) : hw::arch::wse2;
}

}  // namespace

paint::build_options build_options(args& a) {
    paint::build_options o;
    o.arch = arch_of(a);
    if (auto f = a.get("float16_dtype")) {
        std::size_t used = 0;
        int v = -1;
        try {
            v = std::stoi(*f, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != f->size() || v < 0) throw usage_error("float16_dtype=" + *f + " is not a format number");
        o.float16_dtype = v;
    }
    o.route = !a.flag("noroute");
    o.debug_info = !a.flag("nodebug");
    // The guide's debuginfo=1 (the default here) and debuginfo=0 (nodebug).
    if (auto d = a.get("debuginfo")) {
        if (*d != "0" && *d != "1") throw usage_error("debuginfo=" + *d + " is not 0 or 1");
        o.debug_info = o.debug_info && *d == "1";
    }
    if (auto f = a.get("fabric")) {
        const auto x = f->find('x');
        std::size_t used_w = 0, used_h = 0;
        int w = 0, h = 0;
        try {
            if (x != std::string::npos) {
                w = std::stoi(f->substr(0, x), &used_w);
                h = std::stoi(f->substr(x + 1), &used_h);
            }
        } catch (const std::exception&) {
            used_w = used_h = 0;
        }
        if (x == std::string::npos || used_w != x || used_h != f->size() - x - 1 || w < 1 || h < 1)
            throw usage_error("fabric=" + *f + " is not WIDTHxHEIGHT, such as fabric=750x994");
        o.fabric_width = w;
        o.fabric_height = h;
    }
    return o;
}

tungsten::lower_options kernel_options(args& a) {
    tungsten::lower_options o;
    o.arch = arch_of(a);
    if (auto sanitize = a.get("fsanitize")) {
        if (*sanitize != "bounds") throw usage_error("fsanitize=" + *sanitize + " is not a sanitizer; wafer has fsanitize=bounds");
        o.check_bounds = true;
    }
    return o;
}

namespace {
/// Paint's own options about the compiler it runs: compiler=, toolname, toolflag. wafer compiles
/// Tungsten with carbide's lowering, so each is checked against that and a toolflag's words apply.
void compiler_options(args& a, tungsten::lower_options& kernels) {
    if (auto c = a.get("compiler")) {
        std::size_t start = 0;
        for (;;) {
            const auto comma = c->find(',', start);
            const std::string suffix = c->substr(start, comma - start);
            if (suffix != "w")
                throw usage_error("compiler=" + *c + ": wafer compiles Tungsten (.w) sources only, not '" + suffix + "'");
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    for (const auto& t : a.after("toolname"))
        if (t[0] != "w" && t[0] != "yeti")
            throw usage_error("toolname " + t[0] + ": paint names a compiler for w or yeti sources");
        else if (t[1] != "carbide")
            throw usage_error("toolname " + t[0] + " " + t[1] + ": wafer runs its own carbide, so the compiler is carbide");
    for (const auto& t : a.after("toolflag")) {
        if (t[0] != "w") throw usage_error("toolflag " + t[0] + ": wafer compiles w sources only");
        std::size_t start = 0;
        while (start < t[1].size()) {
            auto end = t[1].find(' ', start);
            if (end == std::string::npos) end = t[1].size();
            const std::string word = t[1].substr(start, end - start);
            start = end + 1;
            if (word.empty()) continue;
            if (word == "fsanitize=bounds") kernels.check_bounds = true;
            else throw usage_error("toolflag w \"" + t[1] + "\": carbide takes fsanitize=bounds here, not '" + word + "'");
        }
    }
}
}  // namespace

parse::paint_file_options paint_file_options(args& a, const paint::build_options& build, tungsten::lower_options kernels) {
    parse::paint_file_options o;
    o.build = build;
    compiler_options(a, kernels);
    o.kernels = kernels;
    o.show = [](const std::string& line) { std::cout << line << '\n'; };
    if (auto dump = a.get("regiondump")) o.inspect = [file = *dump](const paint::region& r) { write_region_dump(r, file); };
    return o;
}

image::image build_from_source(args& a, paint::region* evaluated) {
    auto source = a.require("source");
    auto libs = a.all("lib");
    auto sets = settings(a);
    const auto options = build_options(a);
    const auto kernels = kernel_options(a);
    diagnostics ds;
    image::image im;
    if (source.ends_with(".w")) {
        im.layout = ir::single_pe_layout(parse::compile_kernel_file(source, sets, ds, kernels, libs), options.arch);
    } else if (source.ends_with(".paint")) {
        auto file_options = paint_file_options(a, options, kernels);
        if (evaluated)
            file_options.inspect = [dump = std::move(file_options.inspect), evaluated](const paint::region& r) {
                if (dump) dump(r);
                *evaluated = r;
            };
        im.layout = parse::build_paint_file(source, libs, sets, ds, file_options);
    } else {
        throw usage_error("source=" + source + " is neither a .w nor a .paint file");
    }
    print(ds.list());
    return im;
}

image::image load_or_build(args& a) {
    auto image_file = a.get("image");
    if (image_file && a.get("source")) throw usage_error("give image= or source=, not both");
    if (image_file) return image::read_image(*image_file);
    if (!a.get("source")) throw usage_error("missing image= or source=" + a.misspelt("image") + a.misspelt("source"));
    return build_from_source(a);
}

void write_map(const ir::layout& l, const std::string& file) {
    write_whole(file, "map", [&](std::ostream& out) { out << image::map_text(l.symbols); });
}

}  // namespace wafer::cli
