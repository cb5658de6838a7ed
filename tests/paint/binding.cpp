// code<K>(): a kernel bound by its type, whose signature verify() checks the bindings against, at
// compile time and at run time, with the messages build() gives a code() checked against its program.
#include "wafer/paint/binding.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "wafer/paint/paint.hpp"
#include "wafer/tungsten/dsl.hpp"
#include "wafer/tungsten/dsl/kernels.hpp"

using namespace wafer::paint;
namespace w = wafer::dsl;

namespace {

/// send.w's signature and program: `xp param N; xp param M = 2; xp socket tx;`, sending N values.
struct send {
    static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::param<w::xp>("M", 2),
                                            w::socket<w::xp>("tx")};
    static wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, M, tx] = signature.ports();
        w::iterator i("i");
        k(w::in(i, 0, N)[tx <- i * M]);
        return k.program();
    }
};

template <std::size_t N, frozen_check Check>
constexpr problem_kind first_problem(const frozen_layout<N, Check>&) {
    return Check.kind;
}

constexpr auto good = freeze([](palette& p) {
    auto c = p.color();
    return tile() | code<send>({{"tx", c}, {"N", 4}}) | paint(c, "C>R");
});
static_assert(verify(good));

constexpr auto misspelt = freeze([](palette& p) {
    auto c = p.color();
    return tile() | code<send>({{"tx", c}, {"n", 4}}) | paint(c, "C>R");
});
static_assert(first_problem(misspelt) == problem_kind::code_binding);

/// The region form and a name given to the copy (code<K>(r, ...), then name()).
constexpr auto unbound = freeze([] { return name(code<send>(rect(0, 0, 2, 1), {{"N", 4}}), "r"); });
static_assert(first_problem(unbound) == problem_kind::code_binding);

/// verify()'s error messages for a region.
std::vector<std::string> errors(const region& r) {
    wafer::diagnostics d;
    verify(r, d);
    std::vector<std::string> out;
    for (const auto& x : d.list())
        if (x.level == wafer::severity::error) out.push_back(x.message);
    return out;
}

}  // namespace

TEST_CASE("code<K>(): verify() checks each binding against K's signature") {
    palette p;
    const color c = p.color();
    using v = std::vector<std::string>;
    CHECK(errors(tile() | code<send>({{"tx", c}, {"N", 1}})).empty());
    CHECK(errors(tile() | code<send>({{"tx", c}, {"N", 1}, {"M", 3}})).empty());
    CHECK(errors(tile() | code<send>({{"tx", c}, {"N", 1}, {"K", 1}})) ==
          v{"'K' is neither a param nor a socket of kernel 'send'"});
    CHECK(errors(tile() | code<send>({{"tx", c}, {"N", c}})) ==
          v{"a color is bound to param 'N' of kernel 'send': params take numbers"});
    CHECK(errors(tile() | code<send>({{"tx", 3}, {"N", 1}})) ==
          v{"a number is bound to socket 'tx' of kernel 'send': sockets take colors"});
    CHECK(errors(tile() | code<send>({{"N", 1}})) == v{"socket 'tx' of kernel 'send' is not bound: add tx:<color> to code()"});
    CHECK(errors(code<send>(tile(), {{"tx", c}})) ==
          v{"parameter [N] of kernel 'send' is not initialized: add N:<number> to code()"});
    // A geovar binding is a number for a param.
    CHECK(errors(geovar(tile() | code<send>({{"tx", c}, {"N", geovar_ref{"g"}}}), "g", 2)).empty());
}

TEST_CASE("code<K>(): the messages are build()'s for code(\"name\") against the program") {
    palette p;
    const color c = p.color();
    for (const std::vector<binding>& bindings : {std::vector<binding>{{"N", 1}},   // tx unbound
                                                 std::vector<binding>{{"tx", c}, {"N", 1}, {"K", 1}}}) {
        const region typed = tile() | code<send>(bindings) | paint(c, "C>R");
        const region by_name = tile() | code("send", bindings) | paint(c, "C>R");
        CHECK(errors(by_name).empty());   // verify() cannot know send's params without its program
        wafer::diagnostics d;
        std::vector<std::string> built;
        try {
            build(by_name, w::kernels<send>(d), d);
        } catch (const wafer::error& e) {
            for (const auto& x : e.diagnostics()) built.push_back(x.message);   // the errors and nothing else
        }
        CHECK(errors(typed) == built);
    }
}

TEST_CASE("code<K>(): a frozen layout keeps the signature, and builds with the C++ kernels") {
    const region r = good.thaw();
    REQUIRE(r.attributes.size() == 2);
    CHECK(r.attributes[0].typed);
    CHECK(r.attributes[0].ports ==
          std::vector<kernel_port>{{"N", false, false}, {"M", false, true}, {"tx", true, false}});
    wafer::diagnostics d;
    const auto l = build(good, w::kernels<send>(d), d);
    REQUIRE(l.programs.size() == 1);
    CHECK(l.programs[0].sockets.size() == 1);
}

TEST_CASE("w::kernels: a kernel name none of them has is an error at the code()") {
    wafer::diagnostics d;
    palette p;
    const color c = p.color();
    try {
        build(tile() | code("recv", {{"rx", c}}) | paint(c, "L>C"), w::kernels<send>(d), d);
        FAIL("built");
    } catch (const wafer::error& e) {
        CHECK(e.diagnostics().front().message == "no C++ kernel 'recv' among the kernels given to the layout");
    }
}
