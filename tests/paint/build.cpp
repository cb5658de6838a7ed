#include "wafer/paint/build.hpp"

#include <doctest/doctest.h>

#include "fake_kernels.hpp"
#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"

using wafer::diagnostics;
using wafer::severity;
using namespace wafer::paint;
namespace ir = wafer::ir;
using ir::port;

namespace {
constexpr auto pipeline = freeze([](palette& p) {
    auto [ab, bc] = p.colors<2>();
    auto a = tile() | code("send", {{"tx", ab}, {"N", 8}}) | paint(ab, "C>R") | name("a");
    auto b = tile() | code("compute", {{"rx", ab}, {"tx", bc}, {"N", 8}}) | paint(ab, "L>C") | paint(bc, "C>R") |
             name("b");
    auto c = tile() | code("recv", {{"rx", bc}, {"N", 8}}) | paint(bc, "L>C") | name("c");
    return hstack(a, b, c);
});
static_assert(verify(pipeline));

ir::switch_position sp(port in, std::initializer_list<port> outs) {
    std::uint8_t m = 0;
    for (port p : outs) m |= wafer::hw::bit(p);
    return {in, m};
}

std::string build_error(const region& r) {
    test::fake_kernels k;
    diagnostics d;
    try {
        build(r, k.provider(), d);
    } catch (const wafer::error& e) {
        for (const auto& x : e.diagnostics())
            if (x.level == severity::error) return x.message;
    }
    return "";
}

std::vector<std::string> warnings(const region& r) {
    test::fake_kernels k;
    diagnostics d;
    build(r, k.provider(), d);
    std::vector<std::string> w;
    for (const auto& x : d.list())
        if (x.level == severity::warning) w.push_back(x.message);
    return w;
}
}  // namespace

TEST_CASE("build: the C++ pipeline gives PEs, programs, bindings, routers and symbols") {
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(pipeline, k.provider(), d);
    CHECK(d.list().empty());
    CHECK(l.width == 3);
    CHECK(l.height == 1);

    REQUIRE(k.requests.size() == 3);
    CHECK(k.requests[0].kernel == "send");
    CHECK(k.requests[0].params == std::vector<ir::param_value>{{"N", 8}});
    CHECK(k.requests[0].pos.line == 18);
    CHECK(k.requests[1].kernel == "compute");
    CHECK(k.requests[2].kernel == "recv");
    REQUIRE(l.programs.size() == 3);
    CHECK(l.programs[1].kernel == "compute");
    CHECK(l.programs[1].params == std::vector<ir::param_value>{{"N", 8}});

    REQUIRE(l.pes.size() == 3);
    CHECK(l.pes[0].x == 0);
    CHECK(l.pes[0].name == "a");
    CHECK(l.pes[0].program == 0);
    CHECK(l.pes[0].output_color[0] == 0);
    CHECK(l.pes[0].input_color == std::array<std::int8_t, 8>{-1, -1, -1, -1, -1, -1, -1, -1});
    CHECK(l.pes[1].x == 1);
    CHECK(l.pes[1].name == "b");
    CHECK(l.pes[1].program == 1);
    CHECK(l.pes[1].input_color[0] == 0);
    CHECK(l.pes[1].output_color[1] == 1);
    CHECK(l.pes[2].x == 2);
    CHECK(l.pes[2].name == "c");
    CHECK(l.pes[2].input_color[1] == 1);

    REQUIRE(l.routers.size() == 3);
    CHECK(l.routers[0] == ir::router{0, 0, {{0, {sp(port::core, {port::right})}}}});
    CHECK(l.routers[1] ==
          ir::router{1, 0, {{0, {sp(port::left, {port::core})}}, {1, {sp(port::core, {port::right})}}}});
    CHECK(l.routers[2] == ir::router{2, 0, {{1, {sp(port::left, {port::core})}}}});

    REQUIRE(l.symbols.size() == 3);
    CHECK(l.symbols[0].name == "a.buf");
    CHECK(l.symbols[1].name == "b.buf");
    CHECK(l.symbols[1].x == 1);
    CHECK(l.symbols[2].name == "c.buf");
    CHECK(l.symbols[2].dims == std::vector<ir::map_dimension>{{"n", 8, 1, 0, 0}});
}

TEST_CASE("build: one program per distinct (kernel, params), in the order of the first PE (y, x)") {
    const region r = union_(tile(1, 0) | code("k", {{"N", 2}}), tile(0, 1) | code("k", {{"N", 3}}),
                            tile(0, 0) | code("k", {{"N", 3}}));
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(r, k.provider(), d);
    REQUIRE(l.programs.size() == 2);
    CHECK(l.programs[0].params == std::vector<ir::param_value>{{"N", 3}});
    CHECK(l.programs[1].params == std::vector<ir::param_value>{{"N", 2}});
    REQUIRE(l.pes.size() == 3);
    CHECK(l.pes[0].program == 0);
    CHECK(l.pes[1].program == 1);
    CHECK(l.pes[2].program == 0);
    CHECK(k.requests.size() == 2);
}

TEST_CASE("build: routers only where a color is painted, PEs without code have none in pes") {
    palette p;
    const color c = p.color();
    const region r = hstack(tile() | code("send", {{"tx", c}}) | paint(c, "C>R"), rect(0, 0, 2, 1) | paint(c, "L>R"),
                            tile() | code("recv", {{"rx", c}}) | paint(c, "L>C"), tile());
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(r, k.provider(), d);
    CHECK(l.width == 5);
    CHECK(l.pes.size() == 2);
    CHECK(l.pes[1].x == 3);
    REQUIRE(l.routers.size() == 4);
    CHECK(l.routers[1] == ir::router{1, 0, {{0, {sp(port::left, {port::right})}}}});
    CHECK(l.routers[3].x == 3);
}

TEST_CASE("build: switch positions become the color's positions, the first initial") {
    palette p;
    const color c = p.color();
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(tile() | paint(c, "C>R ; L>R"), k.provider(), d);
    REQUIRE(l.routers.size() == 1);
    CHECK(l.routers[0].colors[0].positions ==
          std::vector<ir::switch_position>{sp(port::core, {port::right}), sp(port::left, {port::right})});
}

TEST_CASE("build: binding errors are checked against the program that comes back") {
    palette p;
    const color c = p.color();
    CHECK(build_error(tile() | code("send", {{"tx", c}, {"M", 1}})) == "'M' is neither a param nor a socket of kernel 'send'");
    CHECK(build_error(tile() | code("send", {{"tx", c}, {"N", c}})) ==
          "a color is bound to param 'N' of kernel 'send': params take numbers");
    CHECK(build_error(tile() | code("send", {{"tx", 3}})) ==
          "a number is bound to socket 'tx' of kernel 'send': sockets take colors");
    CHECK(build_error(tile() | code("send")) == "socket 'tx' of kernel 'send' is not bound: add tx:<color> to code()");
}

TEST_CASE("build: a socket whose route does not reach the core warns (it stalls silently on hardware)") {
    palette p;
    const color c = p.color();
    auto w = warnings(tile() | code("recv", {{"rx", c}}) | paint(c, "L>R"));
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("socket 'rx' of kernel 'recv' reads a color whose route on PE (0, 0) does not deliver to the core") == 0);
    w = warnings(rect(0, 0, 3, 1) | code("send", {{"tx", c}}));
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("writes a color whose route on PE (0, 0) (and 2 other PEs) does not take input from the core") !=
          std::string::npos);
    CHECK(warnings(tile() | code("recv", {{"rx", c}}) | paint(c, "L>R ; L>C")).empty());
}

TEST_CASE("build: verify's errors stop it before any kernel is requested") {
    test::fake_kernels k;
    diagnostics d;
    CHECK_THROWS_AS(build(union_(tile() | code("a"), tile() | code("b")), k.provider(), d), wafer::error);
    CHECK(k.requests.empty());
}

TEST_CASE("build: a kernel provider's error is passed on with the earlier warnings") {
    palette p;
    const color c = p.color(2);
    diagnostics d;
    kernel_provider missing = [](const kernel_request& r) -> ir::pe_program {
        throw wafer::error(wafer::diagnostic{severity::error, r.file, r.pos, "no kernel " + r.kernel, ""});
    };
    CHECK_THROWS_AS(build(tile() | code("nope") | paint(c, "L>C"), missing, d), wafer::error);
    REQUIRE(d.list().size() == 2);
    CHECK(d.list()[0].level == severity::warning);
    CHECK(d.list()[1].message == "no kernel nope");
}

TEST_CASE("symbol map: a rect with named dims gives one entry with fabric dimensions y then x") {
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(rect(2, 1, 4, 3, "i", "j") | code("k") | name("grid"), k.provider(), d);
    CHECK(d.list().empty());
    REQUIRE(l.symbols.size() == 1);
    const ir::map_entry& e = l.symbols[0];
    CHECK(e.name == "grid.buf");
    CHECK(e.x == 2);
    CHECK(e.y == 1);
    CHECK(e.dims == std::vector<ir::map_dimension>{{"j", 3, 0, 0, 1}, {"i", 4, 0, 1, 0}, {"n", 8, 1, 0, 0}});
    CHECK(l.pes.size() == 12);
    CHECK(l.pes[11].name == "grid");
}

TEST_CASE("symbol map: an unnamed rect's dimensions are called y and x, a 1-wide one has none along x") {
    test::fake_kernels k;
    diagnostics d;
    const ir::layout l = build(rect(0, 0, 1, 5) | code("k"), k.provider(), d);
    REQUIRE(l.symbols.size() == 1);
    CHECK(l.symbols[0].dims == std::vector<ir::map_dimension>{{"y", 5, 0, 0, 1}, {"n", 8, 1, 0, 0}});
}

TEST_CASE("quick reference: two unnamed code regions put one name in the map twice (has 2 exact map matches)") {
    const auto w = warnings(hstack(tile() | code("k"), tile() | code("k")));
    REQUIRE(w.size() == 1);
    CHECK(w[0].find("map entry 'buf' has 2 exact map matches; using first entry") == 0);
    CHECK(warnings(hstack(tile() | code("k") | name("a"), tile() | code("k") | name("b"))).empty());
    // One code() over overlapping blocks is one entry, not a clash.
    CHECK(warnings(union_(tile(), tile()) | code("k")).empty());
}
