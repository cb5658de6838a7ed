// Kernels that take the lowering's paths no example takes, frozen by the compiler (dsl/frozen.hpp)
// and compared with their run-time lowering: FIFOs with the tasks they activate, task statements
// and the FIFO-length intrinsics; structs, unions and typedefs (tungsten/construct_kernels.hpp); a
// C++ kernel's function imported by name; placements, .base and sockets' fixed queues, stream
// arrays (the same header). And a FIFO's mistake quoted in a constant expression (docs/embedding.md, Kernels frozen
// by the compiler).
#include <doctest/doctest.h>

#include <wafer/tungsten/dsl.hpp>

#include <string>

#include "tungsten/construct_kernels.hpp"
#include "same_program.hpp"

namespace {

namespace w = wafer::dsl;

struct fifos {
    static constexpr w::signature signature{"fifos", w::param<w::xp>("N"), w::socket<w::xp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx] = signature.ports();
        auto count = k.var<w::xp>("count", 0);
        auto out = k.array<w::xp>("out", w::dim("n", N));
        w::task drained("drained");
        w::task filled("filled", 3);
        drained(count = count + 1);
        auto local = filled.var<w::xp>("local", 2);
        filled(count = count + local);
        k(drained, filled);
        auto q = k.fifo<w::xp>("q", 4, w::activate_push(filled), w::activate_pop(drained));
        w::iterator i("i");
        k(w::set_fifo_write_length(q, N), w::set_fifo_read_length(q, N));
        k(w::in(i, 0, N)[q < -rx], w::in(i, 0, N)[out[i] < -q]);
        k(w::block_(drained), w::unblock(drained), w::activate(drained));
        return k.program();
    }
};

struct counter {
    static constexpr w::signature signature{"counter"};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto count = k.var<w::xp>("count", 0);
        w::function<w::void_> bump("bump");
        bump(count = count + 1);
        k(bump);
        return k.program();
    }
};

struct importer {
    static constexpr w::signature signature{"importer"};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        k.import_(counter::program(), {"bump"});
        auto mine = k.var<w::xp>("count", 100);
        w::function<w::void_> bump("bump");
        k(bump(), bump(), mine = mine + 1);
        return k.program();
    }
};

}  // namespace

using wafer::test::check_frozen;

TEST_CASE("kernels with FIFOs, records, imports and placements frozen by the compiler are their run-time lowering's") {
    check_frozen<fifos>([] { return w::settings{{"N", 4}}; });
    check_frozen<constructs::records>([] { return w::settings{}; });
    check_frozen<importer>([] { return w::settings{}; });
    check_frozen<constructs::placed>([] { return w::settings{}; });
    check_frozen<constructs::streams>([] { return w::settings{{"K", 1}}; });
}

namespace {

/// The first error lowering K in a constant expression gives, or "".
template <class K>
constexpr std::string first_error() {
    wafer::diagnostics diags;
    (void)wafer::tungsten::lower(K::program(), {}, diags);
    for (const auto& d : diags.list())
        if (d.level == wafer::severity::error) return d.message;
    return "";
}

/// A FIFO that activates a task declared after it.
struct early_fifo {
    static constexpr w::signature signature{"early_fifo"};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        w::task later("later");
        k.fifo<w::xp>("q", 4, w::activate_push(later));
        auto n = k.var<w::xp>("n", 0);
        later(n = 1);
        k(later);
        return k.program();
    }
};
static_assert(first_error<early_fifo>() ==
              "'later' is not declared: a FIFO names a task declared before it ('task later;' declares it, and its "
              "body can come further on)");

// Two mistakes the lowering used to go on from in a constant expression (scripts/fail-census): a
// function that calls itself, which it inlined forever, and a constant division by zero.
struct recursive {
    static constexpr w::signature signature{"recursive"};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        w::function<w::void_> f("f");
        w::block body;
        body(f());
        f(body);
        k(f, f());
        return k.program();
    }
};
static_assert(first_error<recursive>() ==
              "function 'f' calls itself: calls are inlined, so a function cannot be recursive");

struct divided {
    static constexpr w::signature signature{"divided", w::param<w::xp>("N", 0)};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N] = signature.ports();
        k.var<w::xp>("x", 4 / N);
        return k.program();
    }
};
static_assert(first_error<divided>() == "division by zero in a constant expression");

// Two messages that name a type (type_spelling), which the lowering could not write in a constant
// expression: a member another struct has, and a 64-bit element read in scalar code.
struct no_member {
    static constexpr w::signature signature{"no_member"};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        const auto x = w::member<w::xp>("x"), z = w::member<w::xp>("z");
        auto p = k.var(k.struct_("P", x), "p");
        k.struct_("Q", z);
        k(p->*z = 1);
        return k.program();
    }
};
static_assert(first_error<no_member>() == "struct P has no member 'z'");

struct wide {
    static constexpr w::signature signature{"wide"};
    static constexpr wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto o = k.array<w::u64>("o", w::dim(2));
        auto x = k.var<w::xp>("x", 0);
        k(x = o[0]);
        return k.program();
    }
};
static_assert(first_error<wide>() ==
              "'o' is u64: a 64-bit value is storage only; read or write its words through a u16 or u32 array "
              "declared with address(&array)");

}  // namespace
