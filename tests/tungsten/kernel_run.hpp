#pragma once
// Tungsten kernels compiled from text and run alone on one PE, for tests that check what a kernel
// leaves in memory (by symbol) or the first error it gets.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::test {

/// A kernel compiled from `text` and run alone on one PE to its halt.
struct ran {
    ir::pe_program program;
    std::vector<word> memory;
    fabric::run_result result;

    const ir::symbol& symbol(const std::string& name) const {
        for (const auto& s : program.symbols)
            if (s.name == name) return s;
        FAIL("no symbol " << name);
        throw;
    }
    /// The elements of `name` as integers (16- and 32-bit, by the symbol's format), row-major,
    /// each where the map's strides put it.
    std::vector<std::int64_t> ints(const std::string& name) const {
        const auto& s = symbol(name);
        std::vector<ir::dimension> dims;
        for (const auto& d : s.dims)
            if (d.name != "_word") dims.push_back(d);
        std::vector<std::int64_t> out;
        std::vector<std::uint32_t> index(dims.size(), 0);
        for (bool more = true; more;) {
            std::int64_t at = s.base;
            for (std::size_t d = 0; d < dims.size(); ++d) at += std::int64_t{dims[d].stride} * index[d];
            out.push_back(element(s.format, static_cast<std::size_t>(at)));
            more = false;
            for (std::size_t d = dims.size(); d-- > 0 && !more;) {
                more = ++index[d] < dims[d].extent;
                if (!more) index[d] = 0;
            }
        }
        return out;
    }
    std::int64_t element(ir::value_format format, std::size_t at) const {
        const std::uint32_t bits =
            ir::words_of(format) == 1 ? memory.at(at) : memory.at(at) | std::uint32_t{memory.at(at + 1)} << 16;
        switch (format) {
        case ir::value_format::s16: return std::int16_t(bits);
        case ir::value_format::s32: return std::int32_t(bits);
        default: return bits;
        }
    }
    std::int64_t value(const std::string& name) const { return ints(name).at(0); }
    /// The bits of a one-element float (hp: one word; sp, ep: two).
    std::uint32_t bits(const std::string& name) const {
        const auto& s = symbol(name);
        return ir::words_of(s.format) == 1 ? memory.at(s.base)
                                           : memory.at(s.base) | std::uint32_t{memory.at(s.base + 1)} << 16;
    }
    float real(const std::string& name) const { return std::bit_cast<float>(bits(name)); }
};

/// `prog` compiled and run alone on one PE, however the run ends (a fault, a deadlock).
inline ran run_to_end(const tungsten::ast::program& prog, const std::vector<ir::param_value>& settings = {},
                      const tungsten::lower_options& options = {}) {
    diagnostics ds;
    auto program = tungsten::lower(prog, settings, ds, options);
    fabric::fabric f(ir::single_pe_layout(program, options.arch));
    auto r = f.run();
    auto m = f.memory(0);
    return {program, std::vector<word>(m.begin(), m.end()), r};
}

/// The kernel `text` run to its halt.
inline ran run(const std::string& text, const std::vector<ir::param_value>& settings = {},
               const tungsten::lower_options& options = {}) {
    auto r = run_to_end(parse::parse_tungsten(text, "k.w"), settings, options);
    REQUIRE_MESSAGE(r.result.status == fabric::run_status::halted, fabric::report(r.result));
    return r;
}

/// The warnings compiling `text` gives (it must compile).
inline std::vector<std::string> warnings(const std::string& text) {
    diagnostics ds;
    tungsten::lower(parse::parse_tungsten(text, "k.w"), {}, ds);
    std::vector<std::string> out;
    for (const auto& d : ds.list())
        if (d.level == severity::warning) out.push_back(d.message);
    return out;
}

/// The first error compiling `text` (or a program built another way) gives, or "<no error>".
inline std::string first_error(const std::string& text, const tungsten::lower_options& options = {});
inline std::string first_error(const tungsten::ast::program& prog, const tungsten::lower_options& options = {}) {
    try {
        diagnostics ds;
        tungsten::lower(prog, {}, ds, options);
    } catch (const error& e) {
        for (const auto& d : e.diagnostics())
            if (d.level == severity::error) return d.message;
    }
    return "<no error>";
}
inline std::string first_error(const std::string& text, const tungsten::lower_options& options) {
    try {
        return first_error(parse::parse_tungsten(text, "k.w"), options);
    } catch (const error& e) {
        for (const auto& d : e.diagnostics())
            if (d.level == severity::error) return d.message;
    }
    return "<no error>";
}

/// A Paint layout (text) whose kernels are Tungsten texts, run to its end.
struct ran_layout {
    ir::layout layout;
    fabric::run_result result;
    std::vector<std::vector<word>> memory;  ///< per placed PE

    /// The first `n` elements of the map entry `name` (e.g. "c.out"), as 16-bit words (32-bit
    /// elements: low word first, two per element).
    std::vector<std::uint32_t> values(const std::string& name, std::size_t n) const {
        for (const auto& e : layout.symbols) {
            if (e.name != name) continue;
            const auto pe = pe_at(e.x, e.y);
            const bool wide = ir::words_of(e.format) == 2;
            std::vector<std::uint32_t> out;
            for (std::size_t k = 0; k < n; ++k) {
                const auto at = e.base + k * (wide ? 2 : 1);
                out.push_back(wide ? memory[pe].at(at) | std::uint32_t{memory[pe].at(at + 1)} << 16 : memory[pe].at(at));
            }
            return out;
        }
        FAIL("no symbol " << name);
        return {};
    }
    std::uint32_t value(const std::string& name) const { return values(name, 1).at(0); }
    const ir::pe_program& program(const std::string& kernel) const {
        for (const auto& p : layout.programs)
            if (p.kernel == kernel) return p;
        FAIL("no kernel " << kernel);
        throw;
    }
    std::size_t pe_at(std::int32_t x, std::int32_t y) const {
        for (std::size_t k = 0; k < layout.pes.size(); ++k)
            if (layout.pes[k].x == x && layout.pes[k].y == y) return k;
        FAIL("no PE at " << x << "," << y);
        return 0;
    }
};

inline ran_layout run_layout(const std::string& paint_text, const std::map<std::string, std::string>& kernels,
                             const tungsten::lower_options& options = {}) {
    diagnostics ds;
    paint::eval_options eo;
    eo.show = [](const std::string&) {};
    const auto region = paint::evaluate(parse::parse_paint(paint_text, "t.paint"), eo, ds);
    paint::kernel_provider provider = [&](const paint::kernel_request& r) {
        const auto k = kernels.find(r.kernel);
        REQUIRE_MESSAGE(k != kernels.end(), "no kernel " << r.kernel);
        return tungsten::lower(parse::parse_tungsten(k->second, r.kernel + ".w"), r.params, ds, options);
    };
    paint::build_options build;
    build.arch = options.arch;
    ran_layout out{paint::build(region, provider, ds, build), {}, {}};
    fabric::fabric f(out.layout);
    out.result = f.run();
    REQUIRE_MESSAGE(out.result.status == fabric::run_status::halted, fabric::report(out.result));
    for (std::size_t k = 0; k < out.layout.pes.size(); ++k) {
        auto m = f.memory(k);
        out.memory.emplace_back(m.begin(), m.end());
    }
    return out;
}

}  // namespace wafer::test
