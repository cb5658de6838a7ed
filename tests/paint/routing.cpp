// Router tests driven by Paint text: every switch-position, swap, suppression, teardown,
// fabric-adder and message-passing example of the Paint quick reference and the Paint guide must
// deliver exactly the wavelets the documents say, to exactly the PEs they say (docs/machine.md,
// "A router"). Kernels are ir::pe_program built here with the IR API (Tungsten cannot yet express
// handlers): they send fixed wavelets from the main thread and record what arrives with data tasks.
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"

namespace {

namespace ir = wafer::ir;
namespace fab = wafer::fabric;
using ir::data_type;
using wafer::address;
using wafer::word;

// ---- test kernels, built with the IR ----

// Every test kernel logs what arrives on input queue q at log_base(q): word 0 the count, then one
// 32-bit entry (low word first) per wavelet from word 2. No kernel has a control task, so a control
// wavelet that reaches a data task is read as data (docs/machine.md: "and the run warns"): the log
// then shows where each control wavelet went, and what its commands were when it got there.
constexpr address log_words = 0x20;
constexpr address log_base(int q) { return address(0x100 + log_words * q); }
constexpr std::uint16_t control_index = 40;  // the index of every control wavelet the tests send
/// A control wavelet's 32 bits: the index, then switch commands (two bits each, first in bits 0-1).
constexpr std::uint32_t control(std::uint16_t commands) { return std::uint32_t(control_index) << 16 | commands; }

class kernel {
public:
    explicit kernel(std::string name) {
        p_.kernel = std::move(name);
        p_.registers = 4;  // r0 data, r1 index, r2 count, r3 address
        p_.memory_words = log_base(8);
        p_.blocks.emplace_back();  // block 0: the main thread
    }

    /// A socket read through input queue `in` and/or written through output queue `out` (-1: none).
    kernel& socket(std::string name, int in, int out, data_type t = data_type::u32) {
        p_.sockets.push_back(ir::socket{std::move(name), t, std::int8_t(in), std::int8_t(out)});
        return *this;
    }

    /// Main thread: one wavelet holding `bits` (an element of type t) into output queue q.
    kernel& send(int q, std::uint32_t bits, data_type t = data_type::u32, bool control = false, bool flip = false) {
        ir::dsd_op o;
        o.op = ir::opcode::mov;
        o.type = t;
        o.dst.k = ir::dsd::kind::fabout;
        o.dst.queue = std::uint8_t(q);
        o.dst.control = control;
        o.dst.advance_switch = flip;
        o.src[0].k = ir::dsd::kind::immediate;
        o.src[0].bits = bits;
        return issue(o);
    }
    /// Main thread: a control wavelet carrying switch commands (docs/machine.md: 1 advance).
    kernel& send_control(int q, std::uint16_t commands) { return send(q, control(commands), data_type::u32, true); }
    /// Main thread: a flip send, one wavelet that advances this PE's router after it leaves.
    kernel& send_flip(int q, std::uint32_t bits) { return send(q, bits, data_type::u32, false, true); }
    /// Main thread: one 16-bit wavelet, the word at `at` (the test writes it before the run).
    kernel& send_word(int q, address at) {
        ir::dsd_op o;
        o.op = ir::opcode::mov;
        o.type = data_type::u16;
        o.dst.k = ir::dsd::kind::fabout;
        o.dst.queue = std::uint8_t(q);
        o.src[0].k = ir::dsd::kind::mem;
        o.src[0].base = at;
        return issue(o);
    }
    /// Main thread: a blocking read of n 32-bit wavelets from input queue q into memory at `at`.
    kernel& receive(int q, address at, std::uint32_t n) {
        ir::dsd_op o;
        o.op = ir::opcode::mov;
        o.type = data_type::u32;
        o.rank = 1;
        o.extent[0] = n;
        o.dst.k = ir::dsd::kind::mem;
        o.dst.base = at;
        o.dst.stride[0] = 2;
        o.src[0].k = ir::dsd::kind::fabin;
        o.src[0].queue = std::uint8_t(q);
        return issue(o);
    }
    /// Main thread: the color of socket s leaves teardown on this PE's router.
    kernel& clear_teardown(int s) {
        ir::instruction i;
        i.code = ir::instr::clear_teardown;
        i.target = std::uint32_t(s);
        p_.blocks[0].code.push_back(i);
        return *this;
    }
    /// A data task on input queue q that appends each wavelet's 32 bits to log q.
    kernel& record(int q) {
        add_task(std::uint8_t(q + 1), std::int8_t(q), log_base(q));
        return *this;
    }

    /// The program: the main thread ends with `done`, so the tasks run afterwards.
    ir::pe_program program() const {
        ir::pe_program p = p_;
        ir::instruction d;
        d.code = ir::instr::done;
        p.blocks[0].code.push_back(d);
        return p;
    }

private:
    ir::pe_program p_;

    kernel& issue(ir::dsd_op o) {
        ir::instruction i;
        i.code = ir::instr::dsd;
        i.target = std::uint32_t(p_.dsd_ops.size());
        p_.dsd_ops.push_back(o);
        p_.blocks[0].code.push_back(i);
        return *this;
    }

    static ir::instruction scalar(ir::instr code, data_type t, ir::reg dst, ir::value a, ir::value b, ir::value c = {}) {
        ir::instruction i;
        i.code = code;
        i.type = t;
        i.dst = dst;
        i.src = {a, b, c};
        return i;
    }

    void add_task(std::uint8_t id, std::int8_t queue, address log) {
        using ir::imm;
        using ir::r;
        ir::basic_block b;
        b.code.push_back(scalar(ir::instr::load, data_type::u16, 2, imm(log), imm(0)));          // r2 = count
        b.code.push_back(scalar(ir::instr::add, data_type::u16, 3, r(2), r(2)));                  // r3 = 2 * count
        b.code.push_back(scalar(ir::instr::store, data_type::u32, ir::no_reg, r(3), imm(log + 2u), r(0)));
        b.code.push_back(scalar(ir::instr::add, data_type::u16, 2, r(2), imm(1)));
        b.code.push_back(scalar(ir::instr::store, data_type::u16, ir::no_reg, imm(log), imm(0), r(2)));
        ir::instruction d;
        d.code = ir::instr::done;
        b.code.push_back(d);
        ir::task t;
        t.kind = ir::task_kind::data;
        t.id = id;
        t.entry = std::uint32_t(p_.blocks.size());
        t.queue = queue;
        t.data = 0;
        t.index = 1;
        p_.tasks.push_back(t);
        p_.blocks.push_back(std::move(b));
    }
};

// ---- Paint text to a run ----

using params = std::vector<ir::param_value>;
/// Kernel name -> the program for the params of a code() call.
using kernels = std::map<std::string, std::function<ir::pe_program(const params&)>>;

std::int64_t param(const params& ps, std::string_view name) {
    for (const auto& p : ps)
        if (p.name == name) return p.value.integer;
    FAIL("no param " << name);
    return 0;
}

wafer::paint::kernel_provider provider(const kernels& ks) {
    return [&ks](const wafer::paint::kernel_request& r) {
        const auto it = ks.find(r.kernel);
        if (it == ks.end())
            throw wafer::error(wafer::diagnostic{wafer::severity::error, r.file, r.pos, "no test kernel " + r.kernel, ""});
        ir::pe_program p = it->second(r.params);
        p.kernel = r.kernel;
        p.params = r.params;
        return p;
    };
}

struct settings {
    params variables;                              ///< Paint variables (W, H, N)
    wafer::paint::build_options build;
    std::function<void(fab::fabric&)> before_run;  ///< pokes memory before the run
};

ir::layout build_paint(const std::string& text, const kernels& ks, wafer::diagnostics& d, const settings& s) {
    const auto program = wafer::parse::parse_paint(text, "routing.paint");
    wafer::paint::eval_options eo;
    eo.variables = s.variables;
    eo.show = [](const std::string&) {};
    const auto region = wafer::paint::evaluate(program, eo, d);
    return wafer::paint::build(region, provider(ks), d, s.build);
}

struct outcome {
    std::vector<wafer::diagnostic> build;  ///< what building the layout reported (warnings)
    std::unique_ptr<fab::fabric> f;
    fab::run_result r;
};

/// Builds the Paint text, runs it, and returns the fabric with what the build and the run said.
outcome run_paint(const std::string& text, const kernels& ks, const settings& s = {}) {
    outcome out;
    wafer::diagnostics d;
    ir::layout l;
    try {
        l = build_paint(text, ks, d, s);
    } catch (const wafer::error& e) {
        FAIL("the Paint text does not build:\n" << e.render());
    }
    out.build = d.list();
    out.f = std::make_unique<fab::fabric>(std::move(l));
    if (s.before_run) s.before_run(*out.f);
    out.r = out.f->run();
    return out;
}

/// The first error building the Paint text gives, or "".
std::string build_error(const std::string& text, const kernels& ks, const settings& s = {}) {
    wafer::diagnostics d;
    try {
        build_paint(text, ks, d, s);
    } catch (const wafer::error& e) {
        for (const auto& x : e.diagnostics())
            if (x.level == wafer::severity::error) return x.message;
    }
    return "";
}

std::size_t pe(const fab::fabric& f, int x, int y) {
    const auto i = f.pe_at(x, y);
    REQUIRE_MESSAGE(i.has_value(), "no PE at (" << x << ", " << y << ")");
    return *i;
}

/// The wavelets (32 bits each) that log q of the PE at (x, y) recorded, in arrival order.
std::vector<std::uint32_t> log_of(const fab::fabric& f, int x, int y, int q) {
    const auto m = f.memory(pe(f, x, y));
    const word* w = m.data() + log_base(q);
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < w[0]; ++i) out.push_back(std::uint32_t(w[2 + 2 * i]) | std::uint32_t(w[3 + 2 * i]) << 16);
    return out;
}

using logged = std::vector<std::uint32_t>;

bool mentions(const std::vector<wafer::diagnostic>& ds, std::string_view text) {
    for (const auto& d : ds)
        if (d.message.find(text) != std::string::npos) return true;
    return false;
}
std::size_t warnings(const std::vector<wafer::diagnostic>& ds) {
    std::size_t n = 0;
    for (const auto& d : ds) n += d.level == wafer::severity::warning;
    return n;
}

/// Halted (every PE halted or idle), nothing blocked, nothing lost off the edge, nothing left
/// waiting, and no warning but `control_as_data` ones about control wavelets read as data.
void check_clean(const outcome& o, std::size_t control_as_data = 0) {
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK(o.r.blocked.empty());
    CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
    CHECK_FALSE(mentions(o.r.diagnostics, "undelivered"));
    std::size_t as_data = 0;
    for (const auto& d : o.r.diagnostics) as_data += d.message.find("read as data") != std::string::npos;
    CHECK(as_data == control_as_data);
    CHECK(warnings(o.r.diagnostics) == control_as_data);
}

const ir::color_route& route_at(const fab::fabric& f, int x, int y, int color) {
    for (const auto& r : f.layout().routers)
        if (r.x == x && r.y == y)
            for (const auto& c : r.colors)
                if (c.color == color) return c;
    FAIL("router (" << x << ", " << y << ") has no route on color " << color);
    throw;
}
/// The physical color of input queue q of the PE at (x, y).
int color_of(const fab::fabric& f, int x, int y, int q) { return f.layout().pes[pe(f, x, y)].input_color[std::size_t(q)]; }

constexpr std::uint8_t port_bit(ir::port p) { return wafer::hw::bit(p); }

// Kernels several tests share.

/// Sends the word at 0 once on each socket; one data task per socket records what arrives.
ir::pe_program exchange(std::initializer_list<const char*> sockets) {
    kernel k("exchange");
    int q = 0;
    for (const char* s : sockets) {
        k.socket(s, q, q, data_type::u16).send_word(q, 0).record(q);
        ++q;
    }
    return k.program();
}
/// Records socket rx.
ir::pe_program recorder(const params&) { return kernel("rec").socket("rx", 0, -1).record(0).program(); }

}  // namespace

// Quick reference, Colorpair (Swap) Routing: Complete 4-Direction Example, on a 4 x 4 rect.
TEST_CASE("routing: the quick reference's complete 4-direction example exchanges with every existing neighbour") {
    const std::string text = R"(
let a = color() let ap = color() (* horizontal: send right, recv from left *)
let b = color() let bp = color() (* horizontal: send left, recv from right *)
let c = color() let cp = color() (* vertical: send up, recv from below *)
let d = color() let dp = color() (* vertical: send down, recv from above *)

let grid = rect(0 0 W H)
grid : paint(ap [CXR|R]) grid : paint(a [L|LXC]) grid : colorpair(a ap)
grid : paint(bp [CXL|L]) grid : paint(b [R|RXC]) grid : colorpair(b bp)
grid : paint(cp [CXU|U]) grid : paint(c [D|DXC]) grid : colorpair(c cp)
grid : paint(dp [CXD|D]) grid : paint(d [U|UXC]) grid : colorpair(d dp)
grid : code('exchange [a:a b:b c:c d:d])
grid
)";
    constexpr int W = 4, H = 4;
    auto value = [](int x, int y) { return std::uint32_t(0x100 * (y + 1) + x + 1); };
    const kernels ks{{"exchange", [](const params&) { return exchange({"a", "b", "c", "d"}); }}};
    settings s;
    s.variables = {{"W", W}, {"H", H}};
    s.before_run = [&](fab::fabric& f) {
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) f.memory(pe(f, x, y))[0] = word(value(x, y));
    };
    const auto o = run_paint(text, ks, s);
    CHECK(o.build.empty());
    CHECK(o.f->layout().width == W);
    CHECK(o.f->layout().height == H);
    check_clean(o);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            // a: from the left neighbour; b: from the right; c: from below (y - 1); d: from above (y + 1).
            CHECK(log_of(*o.f, x, y, 0) == (x > 0 ? logged{value(x - 1, y)} : logged{}));
            CHECK(log_of(*o.f, x, y, 1) == (x < W - 1 ? logged{value(x + 1, y)} : logged{}));
            CHECK(log_of(*o.f, x, y, 2) == (y > 0 ? logged{value(x, y - 1)} : logged{}));
            CHECK(log_of(*o.f, x, y, 3) == (y < H - 1 ? logged{value(x, y + 1)} : logged{}));
        }
}

// Quick reference, Boundary Suppression, with the 4-direction example: |L keeps out a sender beside the rect.
TEST_CASE("routing: the 4-direction rect takes nothing from a PE beside it on the partner color") {
    const std::string text = R"(
let a = color() let ap = color()
let b = color() let bp = color()
let grid = rect(0 0 3 3)
grid : paint(ap [CXR|R]) grid : paint(a [L|LXC]) grid : colorpair(a ap)
grid : paint(bp [CXL|L]) grid : paint(b [R|RXC]) grid : colorpair(b bp)
grid : code('exchange [a:a b:b])
grid : name('grid)
let outsider = tile(3 1)
outsider : code('poke [b:b])
outsider : paint(bp [CXL])
outsider : name('outsider)
union(grid outsider)
)";
    auto value = [](int x, int y) { return std::uint32_t(0x100 * (y + 1) + x + 1); };
    const kernels ks{{"exchange", [](const params&) { return exchange({"a", "b"}); }},
                     {"poke", [](const params&) { return kernel("poke").socket("b", -1, 0, data_type::u16).send_word(0, 0).program(); }}};
    settings s;
    s.before_run = [&](fab::fabric& f) {
        for (const auto& p : f.layout().pes) f.memory(pe(f, p.x, p.y))[0] = word(value(p.x, p.y));
    };
    const auto o = run_paint(text, ks, s);
    CHECK(o.build.empty());
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            CHECK(log_of(*o.f, x, y, 0) == (x > 0 ? logged{value(x - 1, y)} : logged{}));
            CHECK(log_of(*o.f, x, y, 1) == (x < 2 ? logged{value(x + 1, y)} : logged{}));
        }
    // The right column sends nothing right (|R), so the outsider's a gets nothing either.
    CHECK(log_of(*o.f, 3, 1, 0).empty());
    // The outsider's b waits at its router: (2, 1) takes no input from the right.
    CHECK(mentions(o.r.diagnostics, "1 wavelet was left undelivered"));
}

// Paint guide, Color swaps: row : paint(rp [CXR|R]), row : paint(r [L|LXC]), row : colorpair(r rp).
TEST_CASE("routing: the guide's colorpair row moves every value one step right, for any row length") {
    for (const int n : {1, 2, 3, 8}) {
        CAPTURE(n);
        const std::string text = R"(
let r = color()
let rp = color()
let row = rect(0 0 N 1)
row : paint(rp [CXR|R]) (* rp carries what the core sends on r *)
row : paint(r [L|LXC]) (* r takes rp from the left, for the core *)
row : colorpair(r rp)
row : code('step [r:r])
row
)";
        auto value = [](int x) { return std::uint32_t(0x700 + x); };
        const kernels ks{{"step", [](const params&) { return exchange({"r"}); }}};
        settings s;
        s.variables = {{"N", n}};
        s.before_run = [&](fab::fabric& f) {
            for (int x = 0; x < n; ++x) f.memory(pe(f, x, 0))[0] = word(value(x));
        };
        const auto o = run_paint(text, ks, s);
        CHECK(o.build.empty());
        check_clean(o);
        for (int x = 0; x < n; ++x) {
            CAPTURE(x);
            CHECK(log_of(*o.f, x, 0, 0) == (x > 0 ? logged{value(x - 1)} : logged{}));
        }
    }
}

namespace {
/// tsend: one wavelet 0x77 on tx, then clear_teardown on tx when CLEAR is 1.
ir::pe_program teardown_sender(const params& ps) {
    kernel k("tsend");
    k.socket("tx", -1, 0).send(0, 0x77);
    if (param(ps, "CLEAR")) k.clear_teardown(0);
    return k.program();
}
const char* const teardown_text = R"(
let c = color()
let t = tile()
t : paint(c [C>R; tip])
t : code('tsend [tx:c CLEAR:CLEAR])
t : name('t)
let rcv = tile()
rcv : paint(c [L>C])
rcv : code('rec [rx:c])
rcv : name('rcv)
hstack(t rcv)
)";
}  // namespace

// Quick reference, Teardown with tip; Paint guide, Teardown: [C>R; tip] accepts nothing until clear_teardown.
TEST_CASE("routing: [C>R; tip] takes the core's wavelet only after the program clears teardown") {
    const kernels ks{{"tsend", teardown_sender}, {"rec", recorder}};
    SUBCASE("never cleared: the wavelet stays in the sender's output queue, the receiver gets nothing") {
        settings s;
        s.variables = {{"CLEAR", 0}};
        const auto o = run_paint(teardown_text, ks, s);
        CHECK(o.build.empty());
        CHECK(route_at(*o.f, 0, 0, color_of(*o.f, 1, 0, 0)).teardown);
        INFO(fab::report(o.r));
        CHECK(o.r.status == fab::run_status::halted);
        CHECK(log_of(*o.f, 1, 0, 0).empty());
        CHECK(mentions(o.r.diagnostics, "1 wavelet was left undelivered"));
        CHECK(mentions(o.r.diagnostics, "waits in output queue 0 (socket tx) of PE (0,0) t [tsend]"));
        CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
    }
    SUBCASE("cleared after the send: the waiting wavelet goes, the receiver gets it") {
        settings s;
        s.variables = {{"CLEAR", 1}};
        const auto o = run_paint(teardown_text, ks, s);
        CHECK(o.build.empty());
        check_clean(o);
        CHECK(log_of(*o.f, 1, 0, 0) == logged{0x77});
    }
}

// Paint guide, Teardown ("every color that has no rule on a tile ... with its input disabled"); docs/machine.md, A router.
TEST_CASE("routing: a color with no rule on a router accepts nothing") {
    const std::string text = R"(
let c = color()
let s = tile()
s : paint(c [C>R])
s : code('tsend [tx:c CLEAR:0])
s : name('s)
let rcv = tile()
rcv : code('rec [rx:c])
rcv : name('rcv)
hstack(s rcv)
)";
    const auto o = run_paint(text, {{"tsend", teardown_sender}, {"rec", recorder}});
    CHECK(mentions(o.build, "socket 'rx' of kernel 'rec' reads a color whose route on PE (1, 0) does not deliver to the core"));
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK(log_of(*o.f, 1, 0, 0).empty());
    CHECK(mentions(o.r.diagnostics, "1 wavelet was left undelivered"));
    CHECK(mentions(o.r.diagnostics, "waits in output queue 0 (socket tx) of PE (0,0) s [tsend]: router (1,0) has no route on color"));
    CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
}

namespace {
/// f16 operand bits and their exact values.
struct half_value {
    std::uint16_t bits;
    float value;
};
constexpr float x_in[3] = {16777216.0f, 0.0f, 1.5f};   // what the first tile sends (f32)
constexpr half_value h_in[3][3] = {                    // [tile K-1][element], what each adder tile adds (f16)
    {{0x3c00, 1.0f}, {0x0001, 0x1p-24f}, {0x7bff, 65504.0f}},
    {{0x3c00, 1.0f}, {0x3800, 0.5f}, {0x3400, 0.25f}},
    {{0x3c00, 1.0f}, {0xc000, -2.0f}, {0x8000, -0.0f}}};

const char* const adder_text = R"(
let s = color()
let first = tile()
first : code('f32src [tx:s])
first : paint(s [C>R])
first : name('first)
let m1 = tile()
m1 : code('f16add [tx:s K:1])
m1 : paint(s [L>R; fabadder])
m1 : name('m1)
let m2 = tile()
m2 : code('f16add [tx:s K:2])
m2 : paint(s [L>R; fabadder])
m2 : name('m2)
let m3 = tile()
m3 : code('f16add [tx:s K:3])
m3 : paint(s [L>R; fabadder])
m3 : name('m3)
let last = tile()
last : code('rec [rx:s])
last : paint(s [L>C])
last : name('last)
hstack(first m1 m2 m3 last)
)";

kernels adder_kernels() {
    return {{"f32src",
             [](const params&) {
                 kernel k("f32src");
                 k.socket("tx", -1, 0, data_type::f32);
                 for (float x : x_in) k.send(0, wafer::sp_bits(x), data_type::f32);
                 return k.program();
             }},
            {"f16add",
             [](const params& ps) {
                 kernel k("f16add");
                 k.socket("tx", -1, 0, data_type::f16);
                 for (const auto& h : h_in[param(ps, "K") - 1]) k.send(0, h.bits, data_type::f16);
                 return k.program();
             }},
            {"rec", recorder}};
}
}  // namespace

// Quick reference, Fabric Adder: [L>R; fabadder] tiles compute a running sum; the last tile takes it with [L>C].
TEST_CASE("routing: a fabric-adder chain delivers the running sum, each router rounding its sum to f32 once") {
    settings s;
    s.build.float16_dtype = 10;
    const auto o = run_paint(adder_text, adder_kernels(), s);
    INFO(fab::report(o.r));
    std::string build_said;
    for (const auto& d : o.build) build_said += d.message + "\n";
    INFO(build_said);
    CHECK(o.build.empty());  // the adder tiles' cores do send on the color: nothing "stalls silently"
    for (int x = 1; x <= 3; ++x) {
        const auto& c = route_at(*o.f, x, 0, 10);  // only color 10 can be the fabric adder
        CHECK(c.fabric_adder);
    }
    CHECK(color_of(*o.f, 4, 0, 0) == 10);
    check_clean(o);
    logged expected;
    for (int e = 0; e < 3; ++e) {
        float sum = x_in[e];
        for (int k = 0; k < 3; ++k) sum = sum + h_in[k][e].value;  // f32 + exact f16: one rounding per router
        expected.push_back(wafer::sp_bits(sum));
    }
    // 2^24 + 1 rounds back to 2^24 at every router (a single rounding of the whole sum would give 2^24 + 3 -> 2^24 + 4).
    CHECK(expected[0] == wafer::sp_bits(16777216.0f));
    CHECK(log_of(*o.f, 4, 0, 0) == expected);
}

// Quick reference, Fabric Adder ("Required: fabadder needs the float16_dtype paint option").
TEST_CASE("routing: fabadder without the float16_dtype option is an error") {
    CHECK(build_error(adder_text, adder_kernels()).find("fabadder needs the float16_dtype paint option") == 0);
}

namespace {
std::string replace(std::string text, std::string_view key, std::string_view with) {
    for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + with.size())) text.replace(at, key.size(), with);
    return text;
}

// The switch of the quick reference and the guide at (1, 1): L is (0, 1), R (2, 1), D (1, 0), U (1, 2).
const char* const switch_text = R"(
let c = color()
let sl = tile(0 1)
sl : code('lsend [tx:c]) sl : paint(c [C>R]) sl : name('sl)
let sd = tile(1 0)
sd : code('dsend [tx:c]) sd : paint(c [C>U]) sd : name('sd)
let sw = tile(1 1)
sw : paint(c RULE)
let rr = tile(2 1)
rr : code('rec [rx:c]) rr : paint(c [L>C]) rr : name('rr)
let ru = tile(1 2)
ru : code('rec [rx:c]) ru : paint(c [D>C]) ru : name('ru)
union(sl sd sw rr ru)
)";

kernels switch_kernels() {
    return {{"lsend",
             [](const params&) {
                 return kernel("lsend")
                     .socket("tx", -1, 0)
                     .send(0, 0xa1)
                     .send_control(0, 1)  // advance
                     .send(0, 0xa2)
                     .send_control(0, 1)
                     .send(0, 0xa4)
                     .program();
             }},
            {"dsend", [](const params&) { return kernel("dsend").socket("tx", -1, 0).send(0, 0xd3).send_control(0, 1).program(); }},
            {"rec", recorder}};
}
}  // namespace

// Quick reference, Switch Positions; Paint guide, Switching: [L>R ; L>U ; D>U ; ring pop=all] driven by control wavelets.
TEST_CASE("routing: [L>R; L>U; D>U; ring pop=all] sends R, then U, then takes D, then wraps to L>R") {
    const auto o = run_paint(replace(switch_text, "RULE", "[L>R; L>U; D>U; ring pop=all]"), switch_kernels());
    CHECK(o.build.empty());
    const auto& c = route_at(*o.f, 1, 1, color_of(*o.f, 2, 1, 0));
    CHECK(c.positions.size() == 3);  // ring and pop=all are modifiers, not a fourth position
    CHECK(c.ring);
    CHECK(c.pop == ir::pop_mode::all);
    CHECK(wafer::hw::can_switch(c.color));
    check_clean(o, 2);
    // Position 0 (L>R): 0xa1, and the first advance, which leaves in the old direction, R.
    // Position 1 (L>U): 0xa2, and the second advance, to U. Position 2 (D>U): 0xd3 and D's advance,
    // to U. With ring the switch wraps to position 0, so L's 0xa4 goes R. pop=all removed each
    // control wavelet's first command (the advance) as it left.
    CHECK(log_of(*o.f, 2, 1, 0) == logged{0xa1, control(0), 0xa4});
    CHECK(log_of(*o.f, 1, 2, 0) == logged{0xa2, control(0), 0xd3, control(0)});
    CHECK(mentions(o.r.diagnostics, "PE (2,1) rr [rec]: 1 control wavelet in input queue 0 (socket rx) read as data"));
    CHECK(mentions(o.r.diagnostics, "PE (1,2) ru [rec]: 2 control wavelets in input queue 0 (socket rx) read as data"));
}

// Quick reference, Switch Positions: [C>R ; L>R] "initially inject, then advance to pass-through" (a flip send).
TEST_CASE("routing: [C>R ; L>R] on a row sends each core's wavelets, then after its flip send passes the left's on") {
    const std::string text = R"(
let c = color()
let t0 = tile(0 0) t0 : code('inject [tx:c K:0]) t0 : paint(c [C>R ; L>R]) t0 : name('t0)
let t1 = tile(1 0) t1 : code('inject [tx:c K:1]) t1 : paint(c [C>R ; L>R]) t1 : name('t1)
let t2 = tile(2 0) t2 : code('inject [tx:c K:2]) t2 : paint(c [C>R ; L>R]) t2 : name('t2)
let e = tile(3 0)
e : code('rec [rx:c]) e : paint(c [L>C]) e : name('e)
union(t0 t1 t2 e)
)";
    const kernels ks{{"inject",
                      [](const params& ps) {
                          const auto k = std::uint32_t(param(ps, "K"));
                          return kernel("inject").socket("tx", -1, 0).send(0, 0xc0 + 0x10 * k).send_flip(0, 0xc1 + 0x10 * k).program();
                      }},
                     {"rec", recorder}};
    const auto o = run_paint(text, ks);
    CHECK(o.build.empty());
    check_clean(o);
    // (2, 0) injects first; then it passes (1, 0)'s, which passes (0, 0)'s after its own.
    CHECK(log_of(*o.f, 3, 0, 0) == logged{0xe0, 0xe1, 0xd0, 0xd1, 0xc0, 0xc1});
}

// Paint guide, Switching ("if the ring is omitted it will not operate in ring mode"): past the last position the switch stays.
TEST_CASE("routing: without ring, an advance at the last position stays there (D>U), and L's next wavelet waits") {
    const auto o = run_paint(replace(switch_text, "RULE", "[L>R; L>U; D>U; pop=all]"), switch_kernels());
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK(log_of(*o.f, 2, 1, 0) == logged{0xa1, control(0)});
    CHECK(log_of(*o.f, 1, 2, 0) == logged{0xa2, control(0), 0xd3, control(0)});
    CHECK(mentions(o.r.diagnostics, "1 wavelet was left undelivered"));
    CHECK(mentions(o.r.diagnostics, "at router (1,1): it came in from L but the route's current position takes input from D"));
}

namespace {
// A sender at (0, 0), three switching routers (1..3, 0) in a row, a receiver at the end (4, 0) and
// one above each router (1..3, 1).
const char* const pop_text = R"(
let c = color()
let s = tile(0 0)
s : code('psend [tx:c]) s : paint(c [C>R]) s : name('s)
let chain = rect(1 0 3 1)
chain : paint(c RULE)
let e = tile(4 0)
e : code('rec [rx:c]) e : paint(c [L>C]) e : name('e)
let above = rect(1 1 3 1)
above : code('rec [rx:c]) above : paint(c [D>C]) above : name('above)
union(s chain e above)
)";
kernels pop_kernels() {
    // Commands, first in bits 0-1: advance, nop, advance.
    return {{"psend",
             [](const params&) { return kernel("psend").socket("tx", -1, 0).send_control(0, 0x11).send(0, 0xb1).send(0, 0xb2).program(); }},
            {"rec", recorder}};
}
}  // namespace

// Paint guide, Switching (pop modes); docs/machine.md: without pop every router acts on the same first command.
TEST_CASE("routing: a chain of switches without pop all act on the first command; with pop=all each acts on the next") {
    SUBCASE("no pop: all three advance") {
        const auto o = run_paint(replace(pop_text, "RULE", "[L>R ; L>RU]"), pop_kernels());
        CHECK(o.build.empty());
        check_clean(o, 1);
        for (int x = 1; x <= 3; ++x) {
            CAPTURE(x);
            CHECK(log_of(*o.f, x, 1, 0) == logged{0xb1, 0xb2});
        }
        // The control wavelet went on in the old direction, R, with its commands as they were sent.
        CHECK(log_of(*o.f, 4, 0, 0) == logged{control(0x11), 0xb1, 0xb2});
    }
    SUBCASE("pop=all: the first router advances, the second sees nop, the third advances") {
        const auto o = run_paint(replace(pop_text, "RULE", "[L>R ; L>RU ; pop=all]"), pop_kernels());
        CHECK(o.build.empty());
        check_clean(o, 1);
        CHECK(log_of(*o.f, 1, 1, 0) == logged{0xb1, 0xb2});
        CHECK(log_of(*o.f, 2, 1, 0).empty());
        CHECK(log_of(*o.f, 3, 1, 0) == logged{0xb1, 0xb2});
        // Each of the three routers removed one command: 0x11 -> 0x4 -> 0x1 -> 0.
        CHECK(log_of(*o.f, 4, 0, 0) == logged{control(0), 0xb1, 0xb2});
    }
}

namespace {
/// Sends one wavelet on each of three sockets a, b, c: 0xa, 0xb, 0xc.
ir::pe_program send3(const params&) {
    return kernel("send3").socket("a", -1, 0).socket("b", -1, 1).socket("c", -1, 2).send(0, 0xa).send(1, 0xb).send(2, 0xc).program();
}
/// Records sockets a, b, c on input queues 0, 1, 2.
ir::pe_program rec3(const params&) {
    return kernel("rec3").socket("a", 0, -1).socket("b", 1, -1).socket("c", 2, -1).record(0).record(1).record(2).program();
}
}  // namespace

// Paint guide, Boundary conditions: r : paint(rx [L|L>R]), r : paint(tx [L>R|R]) on one rect.
TEST_CASE("routing: [L|L>R] takes no input at the rect's left column, [L>R|R] sends nothing right from its right column") {
    const std::string text = R"(
let rx = color()
let tx = color()
let ok = color()
let s = tile(0 0)
s : code('send3 [a:rx b:tx c:ok]) s : paint(rx [C>R]) s : paint(tx [C>R]) s : paint(ok [C>R]) s : name('s)
let r = rect(1 0 3 1)
r : paint(rx [L|L>R])
r : paint(tx [L>R|R])
r : paint(ok [L>R])
let e = tile(4 0)
e : code('rec3 [a:rx b:tx c:ok]) e : paint(rx [L>C]) e : paint(tx [L>C]) e : paint(ok [L>C]) e : name('e)
union(s r e)
)";
    const auto o = run_paint(text, {{"send3", send3}, {"rec3", rec3}});
    CHECK(o.build.empty());
    const int rx = color_of(*o.f, 4, 0, 0), tx = color_of(*o.f, 4, 0, 1);
    // Only the edge columns of the rect lose their input or output.
    CHECK_FALSE(route_at(*o.f, 1, 0, rx).positions[0].has_input);
    for (int x = 2; x <= 3; ++x) {
        CHECK(route_at(*o.f, x, 0, rx).positions[0].has_input);
        CHECK(route_at(*o.f, x, 0, rx).positions[0].input == ir::port::left);
    }
    CHECK(route_at(*o.f, 1, 0, tx).positions[0].outputs == port_bit(ir::port::right));
    CHECK(route_at(*o.f, 2, 0, tx).positions[0].outputs == port_bit(ir::port::right));
    CHECK(route_at(*o.f, 3, 0, tx).positions[0].outputs == 0);
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK(log_of(*o.f, 4, 0, 0).empty());             // rx: stopped at the left column
    CHECK(log_of(*o.f, 4, 0, 1).empty());             // tx: discarded at the right column
    CHECK(log_of(*o.f, 4, 0, 2) == logged{0xc});      // the same path without '|' delivers
    CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
    CHECK(mentions(o.r.diagnostics, "1 wavelet was left undelivered"));  // rx's, at the sender's router
}

// Paint guide, Boundary conditions; quick reference, Boundary Suppression: on hstack(tile() tile() tile()) the | applies per rectangle.
TEST_CASE("routing: [L|L>R] on hstack(tile() tile() tile()) turns off each tile's input, with a warning about the outline") {
    const std::string text = R"(
let c = color()
let s = tile()
s : code('tsend [tx:c CLEAR:0]) s : paint(c [C>R]) s : name('s)
let mid = hstack(tile() tile() tile())
mid : paint(c [L|L>R])
let e = tile()
e : code('rec [rx:c]) e : paint(c [L>C]) e : name('e)
hstack(s mid e)
)";
    const auto o = run_paint(text, {{"tsend", teardown_sender}, {"rec", recorder}});
    REQUIRE(warnings(o.build) == 1);
    CHECK(mentions(o.build, "boundary suppression (|) applies at the edges of each of the 3 rectangles this region is built "
                            "from, not at its outline"));
    const int c = color_of(*o.f, 4, 0, 0);
    for (int x = 1; x <= 3; ++x) {
        CAPTURE(x);
        CHECK_FALSE(route_at(*o.f, x, 0, c).positions[0].has_input);
    }
    INFO(fab::report(o.r));
    CHECK(o.r.status == fab::run_status::halted);
    CHECK(log_of(*o.f, 4, 0, 0).empty());
    CHECK_FALSE(mentions(o.r.diagnostics, "left the fabric"));
}

namespace {
/// A message: payload in the low 16 bits, the destination's x in bits 16-23 and y in 24-31.
constexpr std::uint32_t message(int x, int y, std::uint16_t payload) {
    return std::uint32_t(payload) | std::uint32_t(x) << 16 | std::uint32_t(y) << 24;
}
/// Sends `messages` on socket sock.
ir::pe_program mp_sender(std::vector<std::uint32_t> messages) {
    kernel k("sender");
    k.socket("sock", -1, 0);
    for (auto m : messages) k.send(0, m);
    return k.program();
}
ir::pe_program mp_receiver(const params&) { return kernel("receiver").socket("sock", 0, -1).record(0).program(); }
}  // namespace

// Quick reference, Message Passing (MP) Banks: Complete MP Example.
TEST_CASE("routing: the quick reference's complete MP example delivers the sender's messages to the receiver") {
    const std::string text = R"(
let b0 = bank(0)
let b0color = color(b0)

let sender = tile()
sender : code('sender [sock:b0color])
sender : mp(b0)
sender : name('sender)

let receiver = tile()
receiver : code('receiver [sock:b0color])
receiver : mp(b0)
receiver : name('receiver)

hstack(receiver sender)
)";
    const logged sent{message(0, 0, 0x1234), message(0, 0, 0xbeef)};
    const auto o = run_paint(text, {{"sender", [&](const params&) { return mp_sender(sent); }}, {"receiver", mp_receiver}});
    CHECK(o.build.empty());
    CHECK(color_of(*o.f, 0, 0, 0) == 14);  // bank 0 uses colors 14-18; color(bank) is the first
    check_clean(o);
    CHECK(log_of(*o.f, 0, 0, 0) == sent);  // payload and address
}

// Quick reference, Message Passing ("mp(bank) ... required on every tile in the MP path, including relay tiles").
TEST_CASE("routing: messages go along x, then y, through relay tiles with mp, to exactly the PE they address") {
    const std::string text = R"(
let b0 = bank(0)
let bc = color(b0)
let grid = rect(0 0 4 3)
grid : mp(b0)
let s = tile(0 0)
s : code('sender [sock:bc]) s : name('s)
let r32 = tile(3 2)
r32 : code('receiver [sock:bc]) r32 : name('r32)
let r21 = tile(2 1)
r21 : code('receiver [sock:bc]) r21 : name('r21)
let r30 = tile(3 0)
r30 : code('receiver [sock:bc]) r30 : name('r30)
union(grid s r32 r21 r30)
)";
    const logged sent{message(3, 2, 0x0032), message(2, 1, 0x0021), message(3, 0, 0x0030), message(3, 2, 0x1032),
                      message(2, 1, 0x1021)};
    const auto o = run_paint(text, {{"sender", [&](const params&) { return mp_sender(sent); }}, {"receiver", mp_receiver}});
    CHECK(o.build.empty());
    check_clean(o);
    // The messages to (3, 2) pass through (3, 0) and (3, 1); only the one to (3, 0) stays there.
    CHECK(log_of(*o.f, 3, 2, 0) == logged{message(3, 2, 0x0032), message(3, 2, 0x1032)});
    CHECK(log_of(*o.f, 2, 1, 0) == logged{message(2, 1, 0x0021), message(2, 1, 0x1021)});
    CHECK(log_of(*o.f, 3, 0, 0) == logged{message(3, 0, 0x0030)});
}

// docs/machine.md, Message passing: "A message that reaches a router without mp(bank) cannot enter it and waits, which a deadlock report names."
TEST_CASE("routing: a message that meets a tile without mp stalls, and the deadlock report says so") {
    const kernels ks{{"sender", [](const params&) { return mp_sender({message(2, 0, 0x55)}); }},
                     {"waiter", [](const params&) { return kernel("waiter").socket("sock", 0, -1).receive(0, 0x10, 1).program(); }}};
    auto check_stalled = [](const outcome& o) {
        const std::string report = fab::report(o.r);
        INFO(report);
        CHECK(o.r.status == fab::run_status::deadlock);
        REQUIRE(o.r.blocked.size() == 1);
        CHECK(o.r.blocked[0].who.x == 2);
        CHECK(o.r.blocked[0].who.name == "rcv");
        REQUIRE_FALSE(o.r.blocked[0].chain.empty());
        CHECK(report.find("the message to (2,0) cannot go on: the next router has no mp() for bank 0") != std::string::npos);
        CHECK(o.f->memory(pe(*o.f, 2, 0))[0x10] == 0);  // nothing arrived
    };
    SUBCASE("a relay tile without mp") {
        const auto o = run_paint(R"(
let b0 = bank(0)
let bc = color(b0)
let s = tile()
s : code('sender [sock:bc]) s : mp(b0) s : name('s)
let relay = tile()
let rcv = tile()
rcv : code('waiter [sock:bc]) rcv : mp(b0) rcv : name('rcv)
hstack(s relay rcv)
)",
                                 ks);
        CHECK(o.build.empty());
        check_stalled(o);
        CHECK(o.r.blocked[0].chain.back().next.k == fab::route_end::kind::message);
        CHECK(fab::report(o.r).find("color 14 is a message-passing color, routed by address") != std::string::npos);
    }
    SUBCASE("the destination without mp: the build warns too") {
        const auto o = run_paint(R"(
let b0 = bank(0)
let bc = color(b0)
let s = tile()
s : code('sender [sock:bc]) s : mp(b0) s : name('s)
let relay = tile()
relay : mp(b0)
let rcv = tile()
rcv : code('waiter [sock:bc]) rcv : name('rcv)
hstack(s relay rcv)
)",
                                 ks);
        CHECK(mentions(o.build, "socket 'sock' of kernel 'waiter' is bound to message-passing bank 0, but mp() does not cover "
                                "PE (2, 0): it stalls silently on hardware"));
        check_stalled(o);
        CHECK(fab::report(o.r).find("router (2,0) has no route on color 14") != std::string::npos);
    }
}

// Paint guide, Color swaps ("every switch position of a rule must use the same modifier"; a swap needs its colorpair);
// quick reference, Colorpair ([LC>CR]) and Switch Positions (a fifth position).
TEST_CASE("routing: a swap that differs between switch positions, a swap without colorpair, two inputs and five positions are errors") {
    const kernels none;
    CHECK(build_error("let c = color()\nlet t = tile()\nt : paint(c [CXR ; L>R])\nt\n", none)
              .find("every switch position of a rule must use the same modifier") == 0);
    CHECK(build_error("let c = color()\nlet t = tile()\nt : paint(c [C>R ; LHR])\nt\n", none)
              .find("every switch position of a rule must use the same modifier") == 0);
    CHECK(build_error("let c = color()\nlet t = tile()\nt : paint(c [CXR])\nt\n", none)
              .find("a color swap (X, H, V) reads the partner color c ^ 1, but no colorpair() names a partner") == 0);
    // Quick reference, Colorpair: "paint rejects [LC>CR] (Multiple router inputs set)".
    CHECK(build_error("let c = color()\nlet t = tile()\nt : paint(c [LC>CR])\nt\n", none).find("Multiple router inputs set") == 0);
    // Quick reference, Switch Positions: at most four positions (paint writes a fifth past the slots; wafer rejects it).
    CHECK(build_error("let c = color()\nlet t = tile()\nt : paint(c [C>R; L>R; L>U; D>U; U>D])\nt\n", none)
              .find("a route has at most four switch positions") == 0);
    // With the colorpair, the same swap builds.
    CHECK(build_error("let c = color()\nlet p = color()\nlet t = tile()\nt : paint(c [CXR])\nt : colorpair(c p)\nt\n", none) == "");
}
