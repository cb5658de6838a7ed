// The DSD reference (dsd-reference.rst), example by example: each code example with an observable
// result, written as hand-built ir::pe_programs and run on wafer::fabric::fabric, checked against
// the reference and wafer's machine model (docs/machine.md). Expected values are computed here from
// the reference's text, never copied from a run; nothing here asserts a cycle count.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/ir/symbol_map.hpp"

using namespace wafer;
using namespace wafer::test;
using fabric::run_status;
using ir::priority;

namespace {

using I = ir::instr;
constexpr auto wse2 = hw::arch::wse2;
constexpr auto wse3 = hw::arch::wse3;

// ---- scalar instructions ----

ir::instruction make(I code, data_type type = data_type::u32) {
    ir::instruction i;
    i.code = code;
    i.type = type;
    return i;
}
/// Issues dsd_ops[op]; `result` gets 1, or 0 when a FIFO ended it early.
ir::instruction issue(std::uint32_t op, ir::reg result = ir::no_reg) {
    auto i = make(I::dsd);
    i.target = op;
    i.dst = result;
    return i;
}
ir::instruction halt_i() { return make(I::halt); }
ir::instruction done_i() { return make(I::done); }
ir::instruction on_task(I code, std::uint32_t task) {
    auto i = make(code);
    i.target = task;
    return i;
}
ir::instruction set(ir::reg r, std::uint32_t v) {
    auto i = make(I::mov);
    i.dst = r;
    i.src[0] = ir::imm(v);
    return i;
}
ir::instruction add(ir::reg d, ir::value a, ir::value b) {
    auto i = make(I::add);
    i.dst = d;
    i.src = {a, b, {}};
    return i;
}
/// memory[at + offset] = v (one word)
ir::instruction store(address at, ir::value v, ir::value offset = ir::imm(0)) {
    auto i = make(I::store, data_type::u16);
    i.src = {ir::imm(at), offset, v};
    return i;
}
ir::instruction load(ir::reg d, address at) {
    auto i = make(I::load, data_type::u16);
    i.dst = d;
    i.src = {ir::imm(at), ir::imm(0), {}};
    return i;
}
ir::instruction fifo_length(I code, std::uint32_t fifo, std::uint32_t n) {
    auto i = make(code);
    i.target = fifo;
    i.src[0] = ir::imm(n);
    return i;
}
/// Adds 1 to memory word `at` (a marker a task leaves), using register `scratch`.
std::vector<ir::instruction> count_into(address at, ir::reg scratch) {
    return {load(scratch, at), add(scratch, ir::r(scratch), ir::imm(1)), store(at, ir::r(scratch))};
}

// ---- operands and operations ----

template <class T, class F>
T with(T x, F f) {
    f(x);
    return x;
}
ir::dsd fifo_of(std::uint8_t n) {
    ir::dsd d;
    d.k = ir::dsd::kind::fifo;
    d.fifo = n;
    return d;
}
ir::dsd indexed(ir::dsd d) { return with(d, [](ir::dsd& x) { x.wavelet_index_offset = true; }); }
ir::dsd control(ir::dsd d) { return with(d, [](ir::dsd& x) { x.control = true; }); }
ir::dsd transform(ir::dsd d) { return with(d, [](ir::dsd& x) { x.control_transform = true; }); }
ir::dsd simd(ir::dsd d, ir::simd_mode m) { return with(d, [m](ir::dsd& x) { x.simd = m; }); }
ir::dsd zeroing(ir::dsd d, ir::zero_source z) { return with(d, [z](ir::dsd& x) { x.zero = z; }); }

ir::dsd_op async_op(ir::dsd_op o, priority p = priority::low, std::int8_t microthread = -1) {
    o.async = true;
    o.prio = p;
    o.microthread = microthread;
    return o;
}
ir::task_action action(ir::task_action::kind k, std::uint8_t task = 0) { return ir::task_action{k, task}; }
constexpr auto activate_k = ir::task_action::kind::activate;
constexpr auto unblock_k = ir::task_action::kind::unblock;
constexpr auto terminate_k = ir::task_action::kind::terminate;

/// The IEEE binary16 bits of a small non-negative integer n < 2048 (exact): 1.m x 2^e.
constexpr word half_of(unsigned n) {
    if (n == 0) return 0;
    unsigned e = 0;
    while ((n >> (e + 1)) != 0) ++e;
    return word(((e + 15) << 10) | ((n << (10 - e)) & 0x3ff));
}
static_assert(half_of(1) == 0x3c00 && half_of(2) == 0x4000 && half_of(6) == 0x4600 && half_of(20) == 0x4d00);

std::vector<word> u32_words(std::initializer_list<std::uint32_t> values) {
    std::vector<word> w;
    for (auto v : values) w.push_back(word(v)), w.push_back(word(v >> 16));
    return w;
}

// ---- programs ----

/// A PE program built piece by piece: the first block added is block 0, where the PE starts.
struct kernel {
    ir::pe_program p;
    kernel(std::string name, std::uint32_t memory_words, std::uint16_t registers = 0) {
        p.kernel = std::move(name);
        p.memory_words = memory_words;
        p.registers = registers;
    }
    std::uint32_t dsd(ir::dsd_op o) {
        p.dsd_ops.push_back(o);
        return std::uint32_t(p.dsd_ops.size() - 1);
    }
    std::uint32_t block(std::vector<ir::instruction> code) {
        p.blocks.push_back(ir::basic_block{std::move(code)});
        return std::uint32_t(p.blocks.size() - 1);
    }
    /// Block 0 (or any block): issue `ops` in order, then `end`.
    std::uint32_t straight(std::vector<ir::dsd_op> ops, ir::instruction end = halt_i()) {
        std::vector<ir::instruction> code;
        for (auto& o : ops) code.push_back(issue(dsd(o)));
        code.push_back(end);
        return block(std::move(code));
    }
    std::uint8_t task(ir::task t) {
        p.tasks.push_back(t);
        return std::uint8_t(p.tasks.size() - 1);
    }
    std::uint8_t local_task(std::uint8_t id, std::uint32_t entry, bool blocked = false, bool active = false) {
        ir::task t;
        t.kind = ir::task_kind::local;
        t.id = id;
        t.entry = entry;
        t.blocked = blocked;
        t.active = active;
        return task(t);
    }
    std::uint8_t fifo(address base, std::uint16_t capacity, data_type type = data_type::i16) {
        ir::fifo f;
        f.base = base;
        f.capacity = capacity;
        f.type = type;
        p.fifos.push_back(f);
        return std::uint8_t(p.fifos.size() - 1);
    }
    kernel& init(address base, std::vector<word> w) {
        p.data.push_back(words(base, std::move(w)));
        return *this;
    }
};

/// Sends `values` (one word per element, or two for 32-bit types) from output queue `queue`, after
/// `delay` elements of memory work.
ir::pe_program sender(std::vector<word> values, data_type t = data_type::i16, std::uint32_t delay = 0,
                      std::uint8_t queue = 0) {
    const std::uint32_t w = ir::words_of(t), n = std::uint32_t(values.size()) / w;
    kernel k("send", std::uint32_t(values.size()) + delay);
    k.init(0, std::move(values));
    std::vector<ir::dsd_op> ops;
    if (delay) ops.push_back(op(opcode::mov, data_type::i16, {delay}, mem(address(n * w)), {imm(0)}));
    ops.push_back(op(opcode::mov, t, {n}, fabout(queue), {mem(0, {std::int32_t(w)})}));
    k.straight(ops);
    return k.p;
}

/// Reads `n` elements of type `t` from input queue `queue` into memory from word 0.
ir::pe_program receiver(std::uint32_t n, data_type t = data_type::i16, std::uint8_t queue = 0) {
    const std::int32_t w = std::int32_t(ir::words_of(t));
    kernel k("recv", n * std::uint32_t(w));
    k.straight({op(opcode::mov, t, {n}, mem(0, {w}), {fabin(queue)})});
    return k.p;
}

// ---- layouts ----

/// a (0,0) sends on color 0 from output queue `out_q` to b (1,0), which reads it on input queue `in_q`.
ir::layout link(ir::pe_program a, ir::pe_program b, int out_q = 0, int in_q = 0, hw::arch arch = wse2) {
    auto l = make_layout(2, 1, {std::move(a), std::move(b)},
                         {place(0, 0, 0, "a", {}, {{out_q, 0}}), place(1, 0, 1, "b", {{in_q, 0}})},
                         {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}})});
    l.arch = arch;
    return l;
}

/// a (0,0) --color 0--> b (1,0) --color 1--> c (2,0); b reads input queue 0 and writes output queue 1.
ir::layout relay(ir::pe_program a, ir::pe_program b, ir::pe_program c) {
    return make_layout(3, 1, {std::move(a), std::move(b), std::move(c)},
                       {place(0, 0, 0, "a", {}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}}, {{1, 1}}),
                        place(2, 0, 2, "c", {{0, 1}})},
                       {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}, {1, "C>R"}}), route(2, 0, {{1, "L>C"}})});
}

/// A fabric built and run once, and what it left in memory.
struct outcome {
    fabric::fabric f;
    fabric::run_result r;
    explicit outcome(ir::layout l) : f(std::move(l)), r(f.run()) {}
    explicit outcome(ir::pe_program p, hw::arch arch = wse2) : outcome(ir::single_pe_layout(std::move(p), arch)) {}

    std::vector<word> read(std::int32_t x, std::int32_t y, address base, std::size_t n) const {
        const auto m = f.memory(*f.pe_at(x, y));
        if (base + n > m.size()) throw std::out_of_range("read past the PE's memory");
        return {m.begin() + base, m.begin() + base + std::ptrdiff_t(n)};
    }
    std::vector<word> read(address base, std::size_t n) const { return read(0, 0, base, n); }
    word at(address a, std::int32_t x = 0, std::int32_t y = 0) const { return read(x, y, a, 1)[0]; }
    std::uint32_t u32(address a, std::int32_t x = 0, std::int32_t y = 0) const {
        const auto w = read(x, y, a, 2);
        return std::uint32_t(w[0]) | std::uint32_t(w[1]) << 16;
    }
    std::string text() const { return fabric::report(r); }
    /// Whether a diagnostic of at least `level` mentions `part`.
    bool says(const std::string& part, severity level = severity::note) const {
        for (const auto& d : r.diagnostics)
            if (d.level >= level && d.message.find(part) != std::string::npos) return true;
        return false;
    }
    std::size_t warnings() const {
        std::size_t n = 0;
        for (const auto& d : r.diagnostics) n += d.level >= severity::warning;
        return n;
    }
};

/// The rendered layout errors for `l`, or "" when the fabric accepts it.
std::string layout_error(ir::layout l) {
    try {
        fabric::fabric f(std::move(l));
        return "";
    } catch (const wafer::error& e) {
        return e.render();
    }
}
std::string layout_error(ir::pe_program p, hw::arch arch = wse2) { return layout_error(ir::single_pe_layout(std::move(p), arch)); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<word> iota_words(std::size_t n, word first) {
    std::vector<word> w(n);
    std::iota(w.begin(), w.end(), first);
    return w;
}

}  // namespace

// ============================================================================================
// tensor_access (One-, Two-, Three-, Four-Dimensional Memory Vectors)
// ============================================================================================

TEST_CASE("mem1d_dsd tensor_access: |i|{10} -> array[i] and the odd elements |i|{5} -> array[2*i+1]") {
    // Checks "tenWords ... indices 0 through 9" and "oddElements ... refer to odd elements of an array".
    const auto array = iota_words(10, 100);
    kernel k("odd", 50);
    k.init(0, array);
    k.straight({op(opcode::mov, data_type::u16, {10}, mem(10), {mem(0)}),            // tenWords
                op(opcode::mov, data_type::u16, {5}, mem(20), {mem(1, {2})}),         // read oddElements
                op(opcode::mov, data_type::u16, {5}, mem(31, {2}), {index(1)})});     // write oddElements of zeros[10] at 30
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(10, 10) == array);
    std::vector<word> odd;
    for (std::size_t i = 0; i < 5; ++i) odd.push_back(array[2 * i + 1]);
    CHECK(o.read(20, 5) == odd);
    for (word i = 0; i < 10; ++i) CHECK(o.at(address(30 + i)) == (i % 2 == 1 ? word(1 + i / 2) : word(0)));
}

TEST_CASE("mem1d_dsd tensor_access: one element |i|{10} -> array[0], as a reduction destination and as a source") {
    // Checks "firstElement ... refer to a single element ... often useful in reduction operations".
    std::vector<word> v(10);
    for (word i = 0; i < 10; ++i) v[i] = word(3 * i + 1);
    kernel k("one", 40);
    k.init(10, v);
    k.straight({op(opcode::add, data_type::i16, {10}, mem(0, {0}), {mem(0, {0}), mem(10)}),  // array[0] += v[i]
                op(opcode::mov, data_type::i16, {10}, mem(20), {mem(0, {0})})});             // broadcast array[0]
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    const word sum = word(std::accumulate(v.begin(), v.end(), 0));
    CHECK(o.at(0) == sum);
    CHECK(o.read(1, 9) == std::vector<word>(9, 0));  // the rest of array[10] untouched
    CHECK(o.read(20, 10) == std::vector<word>(10, sum));
}

TEST_CASE("mem1d_dsd tensor_access: the diagonal |i|{20} -> array[i,i] of a [20,20] array") {
    // Checks "the following mem1d DSD refers to the diagonal elements of a 2D (20x20) array".
    std::vector<word> a(400);
    for (word i = 0; i < 400; ++i) a[i] = i;  // a[i][j] = 20 i + j
    kernel k("diagonal", 840);
    k.init(0, a);
    k.straight({op(opcode::mov, data_type::u16, {20}, mem(400), {mem(0, {21})}),        // read the diagonal
                op(opcode::mov, data_type::u16, {20}, mem(420, {21}), {index(1)})});   // write 1..20 on a zero array's
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    for (word i = 0; i < 20; ++i) CHECK(o.at(address(400 + i)) == word(20 * i + i));
    bool only_diagonal = true;
    for (word i = 0; i < 20; ++i)
        for (word j = 0; j < 20; ++j) only_diagonal = only_diagonal && o.at(address(420 + 20 * i + j)) == (i == j ? i + 1 : 0);
    CHECK(only_diagonal);
}

TEST_CASE("mem4d_dsd tensor_access: the 2x2 subset |i,j|{2,2} -> array[i,j] of a [4,3] array") {
    // Checks "a DSD that points to a 2x2 subset of a 2D array" (array [4,3]u16, row-major).
    std::vector<word> a(12);
    for (word i = 0; i < 4; ++i)
        for (word j = 0; j < 3; ++j) a[3 * i + j] = word(10 * i + j);
    kernel k("subset", 40);
    k.init(0, a);
    k.straight({op(opcode::mov, data_type::u16, {2, 2}, mem(12, {2, 1}), {mem(0, {3, 1})}),
                op(opcode::mov, data_type::u16, {2, 2}, mem(16, {3, 1}), {imm(7)})});  // into a zero [4,3] at 16
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(12, 4) == std::vector<word>{a[0], a[1], a[3], a[4]});
    for (word i = 0; i < 4; ++i)
        for (word j = 0; j < 3; ++j) CHECK(o.at(address(16 + 3 * i + j)) == (i < 2 && j < 2 ? 7 : 0));
}

TEST_CASE("mem4d_dsd tensor_access: all four dimensions |i,j,k,l|{1,2,1,4} -> array[i,j,1+k,l] and {1,1,1,1} -> array[i+j+k+l]") {
    // Checks "a DSD that uses all four dimensions with non-zero offsets" on a [1,2,3,4]u16 array,
    // and the "somewhat contrived" one-element mem4d.
    std::vector<word> a(24);
    for (word n = 0; n < 24; ++n) a[n] = word(200 + n);
    kernel k("four", 40);
    k.init(0, a);
    // Row-major strides of [1,2,3,4]: 24, 12, 4, 1; the 1+k offset is one row of 4 words.
    k.straight({op(opcode::mov, data_type::u16, {1, 2, 1, 4}, mem(24, {8, 4, 4, 1}), {mem(4, {24, 12, 4, 1})}),
                op(opcode::mov, data_type::u16, {1, 1, 1, 1}, scalar(32), {mem(0, {1, 1, 1, 1})})});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    std::vector<word> expected;
    for (int i = 0; i < 1; ++i)
        for (int j = 0; j < 2; ++j)
            for (int kk = 0; kk < 1; ++kk)
                for (int l = 0; l < 4; ++l) expected.push_back(a[std::size_t(i * 24 + j * 12 + (1 + kk) * 4 + l)]);
    CHECK(o.read(24, 8) == expected);
    CHECK(o.at(32) == a[0]);
}

TEST_CASE("Pointers To Scalars As Destinations: @fmovh of src[2*i] into a zero-stride dst leaves 6, and so does &dst_scalar") {
    // Checks "the @fmovh below will first move 0, then 2, then 4, then 6 into dst_array[0] ... 6",
    // and "the value of dst_scalar after the following @fmovh will also be 6".
    std::vector<word> src;
    for (unsigned i = 0; i < 8; ++i) src.push_back(half_of(i));
    kernel k("scalar", 10);
    k.init(0, src);
    k.straight({op(opcode::mov, data_type::f16, {4}, mem(8, {0}), {mem(0, {2})}),    // dst_dsd: |i|{4} -> dst_array[0]
                op(opcode::mov, data_type::f16, {4}, scalar(9), {mem(0, {2})})});   // &dst_scalar
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.at(8) == half_of(6));
    CHECK(o.at(9) == half_of(6));
}

// ============================================================================================
// Changing DSD Properties
// ============================================================================================

TEST_CASE("Changing DSD Properties: @set_dsd_base_addr, @increment_dsd_offset, @set_dsd_length, @set_dsd_stride") {
    // Checks each builtin's Semantics; the @increment_dsd_offset example moves the 2x2 square
    // A[i+1, j+1] of a [10,10]f32 "upwards by one row" with an offset of -10 f32 elements.
    std::vector<word> a;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j) {
            const auto w = u32_words({sp_bits(float(10 * i + j))});
            a.insert(a.end(), w.begin(), w.end());
        }
    kernel k("props", 300, 4);
    k.init(0, a);  // A: 200 words
    const auto base = k.dsd(op(opcode::mov, data_type::u16, {3}, mem(220), {with(mem(0), [](ir::dsd& d) { d.base_reg = 0; })}));
    const auto square = k.dsd(op(opcode::mov, data_type::f32, {2, 2}, mem(230, {4, 2}), {mem(22, {20, 2})}));
    const auto moved = k.dsd(op(opcode::mov, data_type::f32, {2, 2}, mem(240, {4, 2}),
                                {with(mem(22, {20, 2}), [](ir::dsd& d) { d.offset_reg = 1; })}));
    auto shorter = op(opcode::mov, data_type::u16, {10}, mem(250), {mem(0)});
    shorter.length_reg = 2;
    const auto length = k.dsd(shorter);
    const auto stride = k.dsd(op(opcode::mov, data_type::u16, {4}, mem(260), {with(mem(0), [](ir::dsd& d) { d.stride_reg = 3; })}));
    k.block({set(0, 4), issue(base),                         // base address: word 4
             issue(square), set(1, std::uint32_t(-20)), issue(moved),  // -10 f32 elements = -20 words
             set(2, 4), issue(length),                       // length 4 of 10
             set(3, 6), issue(stride),                       // stride 6 words
             halt_i()});
    k.init(250, std::vector<word>(10, 0xdead));
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    auto A = [&](int i, int j) { return std::vector<word>{a.begin() + 2 * (10 * i + j), a.begin() + 2 * (10 * i + j) + 2}; };
    CHECK(o.read(220, 3) == std::vector<word>{a[4], a[5], a[6]});
    auto square_of = [&](int i0, int j0) {
        std::vector<word> w;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                const auto e = A(i0 + i, j0 + j);
                w.insert(w.end(), e.begin(), e.end());
            }
        return w;
    };
    CHECK(o.read(230, 8) == square_of(1, 1));
    CHECK(o.read(240, 8) == square_of(0, 1));  // one row up
    CHECK(o.read(250, 10) == std::vector<word>{a[0], a[1], a[2], a[3], 0xdead, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead});
    CHECK(o.read(260, 4) == std::vector<word>{a[0], a[6], a[12], a[18]});
}

// ============================================================================================
// Explicit Index Offset (and wavelet_index_offset of mem1d and fabout)
// ============================================================================================

TEST_CASE("Explicit Index Offset: memory DSDs, the index is a word offset added to the base address") {
    // Checks "@add16(memDSD, memDSD, 42, .{.index = my_index}) ... will start at an offset specified
    // by 'my_index'", and "The index configuration will be ignored by DSDs that do not have the
    // wavelet_index_offset property enabled".
    const word my_index = 5;
    kernel k("index", 60, 1);
    k.init(0, iota_words(20, 0)).init(20, iota_words(10, 1000));
    auto in_place = op(opcode::add, data_type::u16, {10}, indexed(mem(0)), {indexed(mem(0)), imm(42)});
    in_place.index_reg = 0;
    auto plain_source = op(opcode::add, data_type::u16, {10}, indexed(mem(40)), {mem(20), imm(42)});
    plain_source.index_reg = 0;
    k.block({set(0, my_index), issue(k.dsd(in_place)), issue(k.dsd(plain_source)), halt_i()});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    for (word n = 0; n < 20; ++n) CHECK(o.at(n) == (n >= my_index && n < my_index + 10 ? n + 42 : n));
    for (word n = 0; n < 20; ++n)
        CHECK(o.at(address(40 + n)) == (n >= my_index && n < my_index + 10 ? word(1000 + (n - my_index) + 42) : 0));
}

TEST_CASE("Explicit Index Offset: fabout DSDs, every outgoing wavelet carries the index in its high 16 bits") {
    // Checks "@add16(outDSD, memDSD, 42, .{.index = my_index}) // The outgoing wavelets will have
    // 'my_index' stored in their high 16-bits" (memDSD with wavelet_index_offset, as in the example).
    const std::uint32_t my_index = 0x0102, n = 3;
    std::vector<word> array(270);
    for (std::size_t i = 0; i < array.size(); ++i) array[i] = word(3 * i);
    kernel s("indexed_send", 270, 1);
    s.init(0, array);
    auto send = op(opcode::add, data_type::i16, {n}, indexed(fabout(0)), {indexed(mem(0)), imm(42)});
    send.index_reg = 0;
    s.block({set(0, my_index), issue(s.dsd(send)), halt_i()});
    auto low = [&](std::uint32_t i) { return std::uint32_t(array[my_index + i] + 42); };

    SUBCASE("a receiver that reads 32-bit wavelets") {
        outcome o(link(s.p, receiver(n, data_type::u32)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        for (std::uint32_t i = 0; i < n; ++i) CHECK(o.u32(address(2 * i), 1, 0) == (my_index << 16 | low(i)));
    }
    SUBCASE("a data task's index register") {
        kernel r("index_task", 30, 3);
        r.block({done_i()});
        ir::task t;
        t.kind = ir::task_kind::data;
        t.id = 1;
        t.queue = 0;
        t.data = 0;
        t.index = 1;
        t.entry = r.block({store(10, ir::r(1), ir::r(2)), store(20, ir::r(0), ir::r(2)), add(2, ir::r(2), ir::imm(1)), done_i()});
        r.task(t);
        outcome o(link(s.p, r.p));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 10, n) == std::vector<word>(n, word(my_index)));
        for (std::uint32_t i = 0; i < n; ++i) CHECK(o.at(address(20 + i), 1, 0) == word(low(i)));
    }
}

// ============================================================================================
// FIFOs
// ============================================================================================

TEST_CASE("FIFOs: an async write and an async read through a FIFO of capacity 2 relay 10 wavelets (suspension on full and empty)") {
    // Checks "An asynchronous DSD operation that reads from an empty FIFO will be suspended until the
    // FIFO receives an element ... that writes to a full FIFO will be suspended until the FIFO is not
    // full", with the "@mov16(fifo, ...); @mov16(..., fifo);" pair.
    const auto values = iota_words(10, 500);
    kernel b("buffer", 4);
    const auto f = b.fifo(0, 2);
    b.straight({async_op(op(opcode::mov, data_type::i16, {10}, fifo_of(f), {fabin(0)})),
                async_op(op(opcode::mov, data_type::i16, {10}, fabout(1), {fifo_of(f)}))});
    outcome o(relay(sender(values), b.p, receiver(10)));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(2, 0, 0, 10) == values);
    CHECK(o.warnings() == 0);
}

TEST_CASE("FIFOs: a non-async read from an empty FIFO returns false and leaves the remaining length as the read length") {
    // Checks "A non-async DSD operation that reads from an empty FIFO will terminate and return false.
    // The length of the FIFO will be updated to the remaining length after the FIFO became empty."
    kernel k("fifo_empty", 64, 1);
    const auto f = k.fifo(0, 8);
    k.init(8, {11, 12, 13, 14, 15, 16}).init(16, std::vector<word>(10, 0xdead));
    const auto w3 = k.dsd(op(opcode::mov, data_type::i16, {3}, fifo_of(f), {mem(8)}));
    const auto r5 = k.dsd(op(opcode::mov, data_type::i16, {5}, mem(16), {fifo_of(f)}));
    const auto w3b = k.dsd(op(opcode::mov, data_type::i16, {3}, fifo_of(f), {mem(11)}));
    const auto r10 = k.dsd(op(opcode::mov, data_type::i16, {10}, mem(21), {fifo_of(f)}));
    k.block({issue(w3, 0), store(40, ir::r(0)),
             issue(r5, 0), store(41, ir::r(0)),   // 3 of 5: false, read length 5 - 3 = 2
             issue(w3b, 0), store(42, ir::r(0)),
             issue(r10, 0), store(43, ir::r(0)),  // limited to the remaining 2
             halt_i()});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(40, 4) == std::vector<word>{1, 0, 1, 1});
    CHECK(o.read(16, 10) == std::vector<word>{11, 12, 13, 0xdead, 0xdead, 14, 15, 0xdead, 0xdead, 0xdead});
}

TEST_CASE("FIFOs: a non-async write to a full FIFO returns false and leaves the remaining length as the write length") {
    // Checks "A non-async DSD operation that writes to a full FIFO will terminate and return false.
    // The length of the FIFO will be updated to the remaining length after the FIFO became full."
    kernel k("fifo_full", 64, 1);
    const auto f = k.fifo(0, 4);
    k.init(8, iota_words(10, 21)).init(20, std::vector<word>(8, 0xdead));
    const auto w6 = k.dsd(op(opcode::mov, data_type::i16, {6}, fifo_of(f), {mem(8)}));
    const auto r4 = k.dsd(op(opcode::mov, data_type::i16, {4}, mem(20), {fifo_of(f)}));
    const auto w10 = k.dsd(op(opcode::mov, data_type::i16, {10}, fifo_of(f), {mem(12)}));
    const auto r2 = k.dsd(op(opcode::mov, data_type::i16, {2}, mem(24), {fifo_of(f)}));
    const auto r1 = k.dsd(op(opcode::mov, data_type::i16, {1}, mem(26), {fifo_of(f)}));
    k.block({issue(w6, 0), store(40, ir::r(0)),   // 4 of 6: false, write length 2
             issue(r4, 0), store(41, ir::r(0)),
             issue(w10, 0), store(42, ir::r(0)),  // limited to the remaining 2
             issue(r2, 0), store(43, ir::r(0)),
             fifo_length(I::set_fifo_read_length, f, 1), issue(r1, 0), store(44, ir::r(0)),  // nothing more was pushed
             halt_i()});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(40, 5) == std::vector<word>{0, 1, 1, 1, 0});
    CHECK(o.read(20, 8) == std::vector<word>{21, 22, 23, 24, 25, 26, 0xdead, 0xdead});
}

TEST_CASE("FIFOs: a pointer-to-scalar destination keeps nothing when a non-async read ends early") {
    // Checks "If the destination operand is a pointer to a scalar, any data popped from the FIFO
    // during the operation will be discarded, and the value stored at the pointer will remain unchanged."
    kernel k("fifo_scalar", 64, 1);
    const auto f = k.fifo(0, 4);
    k.init(8, {41, 42}).init(12, {0x7777, 0x7777, 0x7777});
    const auto w2 = k.dsd(op(opcode::mov, data_type::i16, {2}, fifo_of(f), {mem(8)}));
    const auto r5 = k.dsd(op(opcode::mov, data_type::i16, {5}, scalar(12), {fifo_of(f)}));
    const auto r1 = k.dsd(op(opcode::mov, data_type::i16, {1}, mem(14), {fifo_of(f)}));
    const auto r2 = k.dsd(op(opcode::mov, data_type::i16, {2}, scalar(13), {fifo_of(f)}));
    k.block({issue(w2, 0), store(40, ir::r(0)),
             issue(r5, 0), store(41, ir::r(0)),  // ends early: 12 unchanged, 41 and 42 discarded
             fifo_length(I::set_fifo_read_length, f, 1), issue(r1, 0), store(42, ir::r(0)),  // so the FIFO is empty
             issue(w2, 0), fifo_length(I::set_fifo_read_length, f, 2),
             issue(r2, 0), store(43, ir::r(0)),  // completes: the scalar keeps the last element
             halt_i()});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(40, 4) == std::vector<word>{1, 0, 0, 1});
    CHECK(o.at(12) == 0x7777);
    CHECK(o.at(14) == 0x7777);
    CHECK(o.at(13) == 42);
}

TEST_CASE("Changing FIFO Properties: @set_fifo_write_length and @set_fifo_read_length limit an operation's length") {
    // Checks "@set_fifo_write_length(fifo, fifo_length); @mov16(fifo, ...); @set_fifo_read_length(fifo,
    // fifo_length); @move(..., fifo);": the length is applied in FIFO elements.
    kernel k("fifo_lengths", 64, 1);
    const auto f = k.fifo(0, 8);
    k.init(8, iota_words(8, 61)).init(20, std::vector<word>(8, 0xdead));
    const auto w8 = k.dsd(op(opcode::mov, data_type::i16, {8}, fifo_of(f), {mem(8)}));
    const auto r8a = k.dsd(op(opcode::mov, data_type::i16, {8}, mem(20), {fifo_of(f)}));
    const auto r8b = k.dsd(op(opcode::mov, data_type::i16, {8}, mem(22), {fifo_of(f)}));
    const auto r8c = k.dsd(op(opcode::mov, data_type::i16, {8}, mem(23), {fifo_of(f)}));
    k.block({fifo_length(I::set_fifo_write_length, f, 3), issue(w8, 0), store(40, ir::r(0)),
             fifo_length(I::set_fifo_read_length, f, 2), issue(r8a, 0), store(41, ir::r(0)),
             fifo_length(I::set_fifo_read_length, f, 1), issue(r8b, 0), store(42, ir::r(0)),
             fifo_length(I::set_fifo_read_length, f, 1), issue(r8c, 0), store(43, ir::r(0)),  // only 3 were pushed
             halt_i()});
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(40, 4) == std::vector<word>{1, 1, 1, 0});
    CHECK(o.read(20, 8) == std::vector<word>{61, 62, 63, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead});
}

namespace {

/// One PE whose FIFO 0 (i16 at word 0) names task P as its activate_push (`on_push`) or activate_pop.
/// Block 0 issues `first` (non-async; their results go to words 50...), then activates W0; task Wk
/// issues steps[k] and activates W(k+1). P has the lowest task ID, so it runs before the next Wk
/// whenever both are ready; it adds 1 to word 40 each time it runs. Returns word 40.
struct fifo_events {
    word runs = 0;
    std::vector<word> results;
};
fifo_events activations(bool on_push, std::uint16_t capacity, std::vector<ir::dsd_op> first, std::vector<ir::dsd_op> steps) {
    kernel k("fifo_events", 64, 2);
    const auto f = k.fifo(0, capacity);
    std::vector<ir::instruction> start;
    for (std::size_t n = 0; n < first.size(); ++n) {
        start.push_back(issue(k.dsd(first[n]), 0));
        start.push_back(store(address(50 + n), ir::r(0)));
    }
    start.push_back(on_task(I::activate, 1));  // W0: task index 1
    start.push_back(done_i());
    k.block(start);
    auto p_code = count_into(40, 1);
    p_code.push_back(done_i());
    k.local_task(10, k.block(p_code));  // P: task index 0
    for (std::size_t s = 0; s < steps.size(); ++s) {
        std::vector<ir::instruction> code{issue(k.dsd(steps[s]))};
        if (s + 1 < steps.size()) code.push_back(on_task(I::activate, std::uint32_t(2 + s)));
        code.push_back(done_i());
        k.local_task(std::uint8_t(20 + s), k.block(code));
    }
    (on_push ? k.p.fifos[f].activate_push : k.p.fifos[f].activate_pop) = 0;
    outcome o(k.p);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    return {o.at(40), o.read(50, first.size())};
}

ir::dsd_op push1(word v) { return op(opcode::mov, data_type::i16, {1}, fifo_of(0), {imm(v)}); }
ir::dsd_op pop1() { return op(opcode::mov, data_type::i16, {1}, mem(20), {fifo_of(0)}); }

}  // namespace

TEST_CASE("Task Activation on Pop and Push: activate_push runs only after an empty event, on the push that supplies the read") {
    // Checks "the .activate_push task is only activated on push if the FIFO has previously hit a FIFO
    // empty event, and if the push causes the FIFO to transition from having insufficient data to
    // having sufficient data" (in wafer's model a pop needs one element).
    SUBCASE("an empty event, then three pushes: one activation, on the first") {
        const auto e = activations(true, 4, {pop1()}, {push1(1), push1(2), push1(3)});
        CHECK(e.results == std::vector<word>{0});  // the read found the FIFO empty
        CHECK(e.runs == 1);
    }
    SUBCASE("pushes with no empty event before them activate nothing") {
        CHECK(activations(true, 4, {}, {push1(1), push1(2), push1(3)}).runs == 0);
    }
    SUBCASE("each empty event arms it once more") {
        // empty event, push (1), pop, pop on empty (event), push (2)
        CHECK(activations(true, 4, {pop1()}, {push1(1), pop1(), pop1(), push1(2)}).runs == 2);
    }
    SUBCASE("a push does not activate activate_pop") {
        CHECK(activations(false, 4, {pop1()}, {push1(1), push1(2)}).runs == 0);
    }
}

TEST_CASE("Task Activation on Pop and Push: activate_pop runs only after a full event, on the pop that frees the room") {
    // Checks "the specified .activate_pop task is only activated on pop if the FIFO has previously hit
    // a FIFO full event, and if the pop causes the FIFO to transition from having insufficient free
    // space to having sufficient free space".
    const auto fill = op(opcode::mov, data_type::i16, {2}, fifo_of(0), {imm(9)});
    SUBCASE("a full event, then two pops: one activation, on the first") {
        const auto e = activations(false, 2, {fill, push1(3)}, {pop1(), pop1()});
        CHECK(e.results == std::vector<word>{1, 0});  // the second write found the FIFO full
        CHECK(e.runs == 1);
    }
    SUBCASE("a write that fills the FIFO exactly hits no full event") {
        CHECK(activations(false, 2, {fill}, {pop1(), pop1()}).runs == 0);
    }
    SUBCASE("a pop does not activate activate_push") {
        CHECK(activations(true, 2, {fill, push1(3)}, {pop1(), pop1()}).runs == 0);
    }
}

TEST_CASE("Task Activation on Pop and Push: a suspended async read is supplied by a push, which activates activate_push once") {
    // Checks the async case of the same rule: an async read suspended on an empty FIFO (the empty
    // event) gets its element from the first push; later pushes activate nothing.
    kernel a("fifo_async", 64, 2);
    const auto f = a.fifo(0, 4);
    const auto read = a.dsd(async_op(op(opcode::mov, data_type::i16, {1}, fabout(0), {fifo_of(f)}), priority::high));
    const auto busy = a.dsd(op(opcode::mov, data_type::i16, {20}, mem(30), {imm(0)}));
    a.block({issue(read), issue(busy), on_task(I::activate, 1), done_i()});
    auto p_code = count_into(40, 1);
    p_code.push_back(done_i());
    a.local_task(10, a.block(p_code));
    a.local_task(20, a.block({issue(a.dsd(push1(77))), on_task(I::activate, 2), done_i()}));
    a.local_task(21, a.block({issue(a.dsd(push1(78))), on_task(I::activate, 3), done_i()}));
    a.local_task(22, a.block({issue(a.dsd(push1(79))), done_i()}));
    a.p.fifos[f].activate_push = 0;
    outcome o(link(a.p, receiver(1)));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.at(0, 1, 0) == 77);
    CHECK(o.at(40) == 1);
}

// ============================================================================================
// Fabric output DSDs: control, SIMD, reset, advance_switch, control_transform
// ============================================================================================

TEST_CASE("SIMD Mode: simd_32 carries two 16-bit values per wavelet; simd_64 stalls without two wavelets, simd_32_or_64 does not") {
    // Checks "In simd_32 mode, a single wavelet carries two 16-bit values. In simd_64 mode, two
    // wavelets must be ready, otherwise the DSD operation stalls. In simd_32_or_64 mode, the
    // operation proceeds ... as long as at least one wavelet is ready."
    SUBCASE("a simd_32 fabout of 10 values sends 5 wavelets, low half first") {
        kernel s("simd_send", 10);
        s.init(0, iota_words(10, 1));
        s.straight({op(opcode::mov, data_type::i16, {10}, simd(fabout(0), ir::simd_mode::simd32), {mem(0)})});
        outcome o(link(s.p, receiver(5, data_type::u32)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        for (std::uint32_t k = 0; k < 5; ++k) CHECK(o.u32(address(2 * k), 1, 0) == ((2 * k + 2) << 16 | (2 * k + 1)));
        CHECK(o.warnings() == 0);
    }
    // Three 32-bit wavelets (six 16-bit values) for a reader that wants eight values.
    const auto three = u32_words({0x00020001, 0x00040003, 0x00060005});
    auto reading = [&](ir::simd_mode m) {
        kernel r("simd_recv", 8);
        r.straight({op(opcode::mov, data_type::i16, {8}, mem(0), {simd(fabin(0), m)})});
        auto o = std::make_unique<outcome>(link(sender(three, data_type::u32), r.p));
        return o;
    };
    for (auto m : {ir::simd_mode::simd32, ir::simd_mode::simd64, ir::simd_mode::simd32_or_64}) {
        CAPTURE(int(m));
        const auto o = reading(m);
        INFO(o->text());
        REQUIRE(o->r.status == run_status::deadlock);
        REQUIRE(o->r.blocked.size() == 1);
        REQUIRE(o->r.blocked[0].threads.size() == 1);
        const std::uint64_t expected = m == ir::simd_mode::simd64 ? 4 : 6;  // simd_64 moves wavelets two at a time
        CHECK(o->r.blocked[0].threads[0].done == expected);
        CHECK(o->r.blocked[0].threads[0].total == 8);
        for (word v = 0; v < expected; ++v) CHECK(o->at(v, 1, 0) == v + 1);
    }
}

TEST_CASE("Reset a Source Operand: a fabout with zero first_source / second_source leaves that source zero") {
    // Checks ".zero = .{ .first_source = true } ... the memory represented by the operation's first
    // source operand is reset to zero when the operation completes", ".second_source" for the second,
    // and "When the DSD operation has just one source operand, use .second_source = true".
    SUBCASE("@fmulh(out_dsd, in_first_dsd, in_second_dsd) with first_source") {
        kernel s("zero_first", 8);
        s.init(0, {half_of(1), half_of(2), half_of(3), half_of(4)}).init(4, {half_of(2), half_of(3), half_of(4), half_of(5)});
        s.straight({op(opcode::mul, data_type::f16, {4}, zeroing(fabout(0), ir::zero_source::first), {mem(0), mem(4)})});
        outcome o(link(s.p, receiver(4, data_type::f16)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 0, 4) == std::vector<word>{half_of(2), half_of(6), half_of(12), half_of(20)});
        CHECK(o.read(0, 4) == std::vector<word>(4, 0));
        CHECK(o.read(4, 4) == std::vector<word>{half_of(2), half_of(3), half_of(4), half_of(5)});
    }
    SUBCASE("two sources with second_source") {
        kernel s("zero_second", 8);
        s.init(0, {10, 20, 30, 40}).init(4, {1, 2, 3, 4});
        s.straight({op(opcode::add, data_type::i16, {4}, zeroing(fabout(0), ir::zero_source::second), {mem(0), mem(4)})});
        outcome o(link(s.p, receiver(4)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 0, 4) == std::vector<word>{11, 22, 33, 44});
        CHECK(o.read(0, 4) == std::vector<word>{10, 20, 30, 40});
        CHECK(o.read(4, 4) == std::vector<word>(4, 0));
    }
    SUBCASE("one (strided) source with second_source: exactly its elements become zero") {
        kernel s("zero_one", 8);
        s.init(0, iota_words(8, 1));
        s.straight({op(opcode::mov, data_type::i16, {4}, zeroing(fabout(0), ir::zero_source::second), {mem(0, {2})})});
        outcome o(link(s.p, receiver(4)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 0, 4) == std::vector<word>{1, 3, 5, 7});
        CHECK(o.read(0, 8) == std::vector<word>{0, 2, 0, 4, 0, 6, 0, 8});
    }
}

TEST_CASE("Advancing Switch Positions: after a fabout with advance_switch, what the PE sends goes the second way") {
    // Checks "advance_switch ... will cause the switch position for the color out_color to advance
    // after all ten wavelets have been sent", on a router with [C>R ; C>D] for the sender's color.
    kernel a("flip", 15);
    a.init(0, iota_words(15, 1));
    ir::dsd flip = with(fabout(0), [](ir::dsd& d) { d.advance_switch = true; });
    a.straight({op(opcode::mov, data_type::i16, {10}, flip, {mem(0)}), op(opcode::mov, data_type::i16, {5}, fabout(0), {mem(10)})});
    ir::router sw;
    sw.x = 0;
    sw.y = 1;
    sw.colors.push_back(ir::color_route{2, {rule("C>R"), rule("C>D")}});
    // a (0,1) sends color 2: position 0 east to (1,1), position 1 north (-y) to (0,0).
    outcome o(make_layout(2, 2, {a.p, receiver(10), receiver(5)},
                          {place(0, 1, 0, "a", {}, {{0, 2}}), place(1, 1, 1, "east", {{0, 2}}), place(0, 0, 2, "north", {{0, 2}})},
                          {sw, route(1, 1, {{2, "L>C"}}), route(0, 0, {{2, "U>C"}})}));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(1, 1, 0, 10) == iota_words(10, 1));
    CHECK(o.read(0, 0, 0, 5) == iota_words(5, 11));
    CHECK(o.warnings() == 0);
}

TEST_CASE("Control Wavelet Transform: fabin control_transform -> FIFO (u32) -> fabout control_transform relays a control wavelet") {
    // Checks "a fabric output DSD with control_transform set to true can be used to reconstruct
    // control wavelets and send them to the fabric", with the reference's buffer() task:
    // @mov32(fifo, in_dsd, async); @mov32(out_dsd, fifo, async) over a [5]u32 FIFO.
    const std::uint32_t d0 = 0x00012345, d1 = 0x0006789a;  // data under 2^30: the transform keeps them
    const std::uint32_t ctrl = 5u << 16;                   // index 5 (a control task ID), no switch commands
    kernel a("ctrl_send", 4);
    a.init(0, u32_words({d0, d1}));
    a.straight({op(opcode::mov, data_type::u32, {2}, fabout(0), {mem(0, {2})}),
                op(opcode::mov, data_type::u32, {1}, control(fabout(0)), {imm(ctrl)})});
    kernel b("buffer", 10);
    const auto f = b.fifo(0, 5, data_type::u32);
    b.straight({async_op(op(opcode::mov, data_type::u32, {3}, fifo_of(f), {transform(fabin(0))})),
                async_op(op(opcode::mov, data_type::u32, {3}, transform(fabout(1)), {fifo_of(f)}))});

    SUBCASE("the receiver's control task named by the control wavelet runs") {
        kernel c("ctrl_recv", 12, 1);
        c.straight({op(opcode::mov, data_type::u32, {2}, mem(0, {2}), {fabin(0)})}, done_i());
        ir::task t;
        t.kind = ir::task_kind::control;
        t.id = 5;
        t.entry = c.block({store(10, ir::imm(1)), done_i()});
        c.task(t);
        outcome o(relay(a.p, b.p, c.p));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.u32(0, 2, 0) == d0);
        CHECK(o.u32(2, 2, 0) == d1);
        CHECK(o.at(10, 2, 0) == 1);
        CHECK_FALSE(o.says("read as data"));
        CHECK(o.u32(4, 1, 0) == (0x80000000u | ctrl));  // in the FIFO: marked in the index's top bits
    }
    SUBCASE("a receiver with control_transform reads it as an element with index bit 31 set") {
        kernel c("ctrl_read", 6);
        c.straight({op(opcode::mov, data_type::u32, {3}, mem(0, {2}), {transform(fabin(0))})});
        outcome o(relay(a.p, b.p, c.p));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.u32(0, 2, 0) == d0);
        CHECK(o.u32(2, 2, 0) == d1);
        CHECK(o.u32(4, 2, 0) == (0x80000000u | ctrl));
    }
}

// ============================================================================================
// Asynchronous DSD Operations and their completion
// ============================================================================================

TEST_CASE("Asynchronous DSD Operations: an async fabric operation runs alongside the thread that issued it") {
    // Checks "This causes a new thread to start executing concurrently with any ongoing tasks and
    // other asynchronous operations": b's async read must not keep it from sending what a waits for.
    auto a = program("a", {op(opcode::mov, data_type::i16, {3}, mem(0), {fabin(0)}), op(opcode::mov, data_type::i16, {3}, fabout(0), {imm(9)})}, 3);
    kernel b("b", 3);
    b.straight({async_op(op(opcode::mov, data_type::i16, {3}, mem(0), {fabin(0)})),
                op(opcode::mov, data_type::i16, {3}, fabout(0), {imm(4)})});
    outcome o(make_layout(2, 1, {a, b.p}, {place(0, 0, 0, "a", {{0, 1}}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}}, {{0, 1}})},
                          {route(0, 0, {{0, "C>R"}, {1, "R>C"}}), route(1, 0, {{0, "L>C"}, {1, "C>L"}})}));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    CHECK(o.read(0, 0, 0, 3) == std::vector<word>(3, 4));
    CHECK(o.read(1, 0, 0, 3) == std::vector<word>(3, 9));
    // ... and an asynchronous operation needs a fabric operand.
    CHECK(contains(layout_error(program("k", {async_op(op(opcode::mov, data_type::i16, {3}, mem(0), {imm(1)}))}, 3)),
                   "an asynchronous operation needs a fabric operand"));
}

TEST_CASE("Completion of Asynchronous DSD Operations: .activate runs a local task, .unblock releases a blocked one, when the operation completes") {
    // Checks "@mov16(destination_dsd, source_dsd, .{.async = true, .activate = mytask}); ... .unblock
    // = mytask" and "When an asynchronous DSD operation completes, it may optionally activate or
    // unblock a task". The task copies what the operation read: before completion it would copy zeros.
    const std::vector<word> values{7, 8, 9};
    auto completing = [&](ir::task_action on_complete, bool blocked, bool active) {
        kernel r("complete", 30, 1);
        auto read = async_op(op(opcode::mov, data_type::i16, {3}, mem(0), {fabin(0)}));
        read.on_complete = on_complete;
        r.straight({read}, done_i());
        auto code = std::vector<ir::instruction>{issue(r.dsd(op(opcode::mov, data_type::i16, {3}, mem(10), {mem(0)})))};
        const auto marker = count_into(20, 0);
        code.insert(code.end(), marker.begin(), marker.end());
        code.push_back(done_i());
        r.local_task(7, r.block(code), blocked, active);
        return std::make_unique<outcome>(link(sender(values, data_type::i16, 40), r.p));
    };
    auto check = [&](const outcome& o) {
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 10, 3) == values);
        CHECK(o.at(20, 1, 0) == 1);  // ran once
    };
    SUBCASE("activate") { check(*completing(action(activate_k, 0), false, false)); }
    SUBCASE("unblock a blocked (and activated) local task") { check(*completing(action(unblock_k, 0), true, true)); }
}

TEST_CASE("Completion of Asynchronous DSD Operations: .unblock releases a blocked data task") {
    // Checks "The unblock field can be a: WSE-2: color, data_task_id, local_task_id": a data task on
    // input queue 1, blocked, runs for its wavelets only once the read on queue 0 completed.
    const std::vector<word> late{7, 8, 9}, early{100, 200};
    kernel r("unblock_data", 50, 4);
    auto read = async_op(op(opcode::mov, data_type::i16, {3}, mem(0), {fabin(0)}));
    read.on_complete = action(unblock_k, 0);
    r.straight({read}, done_i());
    ir::task d;
    d.kind = ir::task_kind::data;
    d.id = 3;
    d.queue = 1;
    d.data = 0;
    d.blocked = true;
    d.entry = r.block({load(1, 0), load(2, 1), add(1, ir::r(1), ir::r(2)), load(2, 2), add(1, ir::r(1), ir::r(2)),
                       store(30, ir::r(1), ir::r(3)), store(40, ir::r(0), ir::r(3)), add(3, ir::r(3), ir::imm(1)), done_i()});
    r.task(d);
    outcome o(make_layout(3, 1, {sender(late, data_type::i16, 60), r.p, sender(early)},
                          {place(0, 0, 0, "late", {}, {{0, 0}}), place(1, 0, 1, "r", {{0, 0}, {1, 1}}), place(2, 0, 2, "early", {}, {{0, 1}})},
                          {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}, {1, "R>C"}}), route(2, 0, {{1, "C>L"}})}));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    const word sum = word(late[0] + late[1] + late[2]);
    CHECK(o.read(1, 0, 30, 2) == std::vector<word>{sum, sum});
    CHECK(o.read(1, 0, 40, 2) == early);
}

TEST_CASE("Dynamic Completion Based on Control Wavelets: on_control terminate, activate and unblock end an async fabin read") {
    // Checks ".on_control = .{.terminate = true}" ("The asynchronous DSD operation will terminate"),
    // ".{.activate = mytask}" ("terminate and task 'mytask' will be activated") and ".{.unblock =
    // mytask}". The sender sends 2 data wavelets, a control wavelet, then `after` more.
    auto sending = [](std::vector<word> after) {
        kernel s("send", 4);
        s.init(0, {31, 32}).init(2, after);
        std::vector<ir::dsd_op> ops{op(opcode::mov, data_type::i16, {2}, fabout(0), {mem(0)}),
                                    op(opcode::mov, data_type::i16, {1}, control(fabout(0)), {imm(0)})};
        if (!after.empty()) ops.push_back(op(opcode::mov, data_type::i16, {std::uint32_t(after.size())}, fabout(0), {mem(2)}));
        s.straight(ops);
        return s.p;
    };
    auto reader = [](ir::task_action on_control, bool blocked, bool active) {
        kernel r("on_control", 30, 1);
        r.init(0, std::vector<word>(10, 0xdead));
        auto read = async_op(op(opcode::mov, data_type::i16, {10}, mem(0), {fabin(0)}));
        read.on_control = on_control;
        r.straight({read}, done_i());
        if (on_control.k != terminate_k) {
            auto code = std::vector<ir::instruction>{issue(r.dsd(op(opcode::mov, data_type::i16, {2}, mem(20), {fabin(0)})))};
            const auto marker = count_into(25, 0);
            code.insert(code.end(), marker.begin(), marker.end());
            code.push_back(done_i());
            r.local_task(4, r.block(code), blocked, active);
        }
        return r.p;
    };
    const std::vector<word> read_first{31, 32, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead, 0xdead};
    SUBCASE("terminate") {
        outcome o(link(sending({}), reader(action(terminate_k), false, false)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);  // the read no longer waits for 8 more
        CHECK(o.read(1, 0, 0, 10) == read_first);
        CHECK(o.warnings() == 0);  // the control wavelet was consumed, not read as data nor left behind
    }
    for (const auto& [name, on_control, blocked] :
         {std::tuple{"activate", action(activate_k, 0), false}, std::tuple{"unblock", action(unblock_k, 0), true}}) {
        CAPTURE(name);
        outcome o(link(sending({33, 34}), reader(on_control, blocked, blocked)));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::halted);
        CHECK(o.read(1, 0, 0, 10) == read_first);
        CHECK(o.read(1, 0, 20, 2) == std::vector<word>{33, 34});  // the task reads what follows the control wavelet
        CHECK(o.at(25, 1, 0) == 1);
        CHECK(o.warnings() == 0);
    }
}

// ============================================================================================
// Hardware Resources: priority, queues, microthreads, and their misuse
// ============================================================================================

namespace {

/// a (0,0) issues an async send of 1..4 on output queue 2 with priority `first`, then either an
/// async send of 11..14 on output queue 3 with priority `second` or (main) a synchronous one on
/// output queue 3; both queues feed color 0, to b (1,0), which keeps the 8 values in arrival order.
std::vector<word> arrival_order(priority first, std::optional<priority> second) {
    kernel a("two_senders", 8);
    a.init(0, {1, 2, 3, 4, 11, 12, 13, 14});
    auto b_op = op(opcode::mov, data_type::i16, {4}, fabout(3), {mem(4)});
    a.straight({async_op(op(opcode::mov, data_type::i16, {4}, fabout(2), {mem(0)}), first),
                second ? async_op(b_op, *second) : b_op});
    outcome o(make_layout(2, 1, {a.p, receiver(8)}, {place(0, 0, 0, "a", {}, {{2, 0}, {3, 0}}), place(1, 0, 1, "b", {{0, 0}})},
                          {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}})}));
    INFO(o.text());
    REQUIRE(o.r.status == run_status::halted);
    return o.read(1, 0, 0, 8);
}

const std::vector<word> first_then_second{1, 2, 3, 4, 11, 12, 13, 14};
const std::vector<word> second_then_first{11, 12, 13, 14, 1, 2, 3, 4};

}  // namespace

TEST_CASE("Microthread Priority: of two async operations ready at once, the higher priority one goes first") {
    // Checks "the hardware will favor the scheduling of higher-priority operations when multiple
    // microthreads are running" (valid choices high, medium, low: the default). The first issued op
    // has the lower microthread ID, so with equal priorities it goes first.
    CHECK(arrival_order(priority::low, priority::low) == first_then_second);
    CHECK(arrival_order(priority::low, priority::high) == second_then_first);
    CHECK(arrival_order(priority::low, priority::medium) == second_then_first);
    CHECK(arrival_order(priority::medium, priority::high) == second_then_first);
    CHECK(arrival_order(priority::high, priority::medium) == first_then_second);
}

TEST_CASE("Microthread Priority: synchronous operations have a priority between medium and low microthreads") {
    // Checks "By default, synchronous operations have a priority between medium and low microthreads".
    CHECK(arrival_order(priority::high, std::nullopt) == first_then_second);    // the microthread first
    CHECK(arrival_order(priority::medium, std::nullopt) == first_then_second);  // the microthread first
    CHECK(arrival_order(priority::low, std::nullopt) == second_then_first);     // the main thread first
}

TEST_CASE("Fabric Queues: WSE-2 and WSE-3 queue lengths decide how much a sender gets out before a reader that never reads stalls it") {
    // Checks the Fabric Queues table (layout.arch = wse2 / wse3). A sends 40 wavelets from output
    // queue q to B's input queue q, which B never reads: A's operation stops after the output queue,
    // the reader's router buffer (two wavelets per color and neighbour port, wafer's design: the
    // sender's router reads its core's output queue directly) and the input queue are full, which
    // the deadlock report's done count shows. An input queue holds besides its length the wavelets
    // on their way down its ramp, one for each cycle of the landing after the first, eight in all
    // at most (wafer's: hw::input_queue_room).
    constexpr std::array<int, 8> wse2_in_length{6, 6, 4, 4, 2, 2, 2, 2}, wse3_in_length{8, 8, 4, 4, 4, 4, 4, 4};
    auto with_ramp = [](hw::arch arch, const auto& lengths) {
        std::array<int, 8> held{};
        for (std::size_t q = 0; q < lengths.size(); ++q)
            held[q] = std::min(lengths[q] + int(hw::landing_cycles(hw::timing_of(arch))) - 1, hw::max_queue_length);
        return held;
    };
    const auto wse2_in = with_ramp(wse2, wse2_in_length), wse3_in = with_ramp(wse3, wse3_in_length);
    constexpr std::array<int, 6> wse2_out{2, 2, 6, 6, 2, 2};
    constexpr std::array<int, 8> wse3_out{8, 8, 8, 8, 8, 8, 8, 8};
    constexpr int router_buffers = 2;  // the reader's router, from L
    auto stalled_after = [](hw::arch arch, int out_q, int in_q) -> std::uint64_t {
        const auto send = program("send", {op(opcode::mov, data_type::i16, {40}, fabout(std::uint8_t(out_q)), {index(0)})}, 0);
        outcome o(link(send, program("sink", {}, 0), out_q, in_q, arch));
        INFO(o.text());
        REQUIRE(o.r.status == run_status::deadlock);
        REQUIRE(o.r.blocked.size() == 1);
        REQUIRE(o.r.blocked[0].threads.size() == 1);
        CHECK(o.r.blocked[0].threads[0].on.k == fabric::wait::kind::output);
        CHECK(contains(o.text(), std::to_string(o.r.blocked[0].threads[0].done) + " of 40 elements sent"));
        return o.r.blocked[0].threads[0].done;
    };
    for (int q = 0; q < 6; ++q) {
        CAPTURE(q);
        CHECK(stalled_after(wse2, q, q) == std::uint64_t(wse2_out[std::size_t(q)] + router_buffers + wse2_in[std::size_t(q)]));
    }
    for (int q = 0; q < 8; ++q) {
        CAPTURE(q);
        CHECK(stalled_after(wse3, q, q) == std::uint64_t(wse3_out[std::size_t(q)] + router_buffers + wse3_in[std::size_t(q)]));
        CHECK(stalled_after(wse2, 0, q) == std::uint64_t(wse2_out[0] + router_buffers + wse2_in[std::size_t(q)]));
    }
    // WSE-2 has no output queues 6 and 7 ("N/A").
    const auto send6 = program("send", {op(opcode::mov, data_type::i16, {4}, fabout(6), {index(0)})}, 0);
    CHECK(contains(layout_error(link(send6, program("sink", {}, 0), 0, 0, wse2)), "output queue 6 does not exist on wse2"));
    CHECK(layout_error(link(send6, program("sink", {}, 0), 6, 0, wse3)).empty());
}

namespace {

/// One PE that issues `ops` (asynchronous, so they are concurrent) in one burst, then halts.
outcome concurrently(std::vector<ir::dsd_op> ops, hw::arch arch = wse2) {
    return outcome(program("concurrent", std::move(ops), 40), arch);
}
ir::dsd_op send_from(std::uint8_t q, std::int8_t microthread = -1) {
    return async_op(op(opcode::mov, data_type::i16, {10}, fabout(q), {mem(0)}), priority::low, microthread);
}
ir::dsd_op read_from(std::uint8_t q, std::int8_t microthread = -1) {
    return async_op(op(opcode::mov, data_type::i16, {10}, mem(20), {fabin(q)}), priority::low, microthread);
}
const std::string same_microthread = "two concurrent operations on one microthread";
const std::string same_queue = "two concurrent operations on one queue";

}  // namespace

TEST_CASE("Microthreads: on WSE-2 the microthread is the fabout's output queue, else the first fabin's input queue") {
    // Checks "If a fabout_dsd operand is used, the microthread identifier is the same as the
    // output_queue identifier. Otherwise ... the input_queue identifier of the first fabin_dsd", and
    // the example "@mov16(fabric_out_dsd, mem1_dsd, async) // Microthread ID 0; @mov16(mem2_dsd,
    // fabric_in_dsd, async) // Bad: same Microthread ID!". Operations that never finish stay concurrent.
    SUBCASE("the reference's example: output queue 0 and input queue 0 share microthread 0") {
        const auto o = concurrently({send_from(0), read_from(0)});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("starts on microthread 0, which still runs operation 1: " + same_microthread, severity::error));
    }
    SUBCASE("different queues: different microthreads") {
        const auto o = concurrently({send_from(1), read_from(0)});
        CHECK(o.r.status == run_status::deadlock);  // no fault: both wait for the fabric
    }
    const auto through = async_op(op(opcode::mov, data_type::i16, {10}, fabout(2), {fabin(3)}));
    SUBCASE("a fabout decides over a fabin: mov(fabout(2), fabin(3)) runs on microthread 2") {
        const auto o = concurrently({through, read_from(2)});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("starts on microthread 2", severity::error));
        CHECK(concurrently({through, send_from(3)}).r.status == run_status::deadlock);
    }
    const auto two_in = async_op(op(opcode::add, data_type::i16, {10}, mem(20), {fabin(4), fabin(5)}));
    SUBCASE("without a fabout, the first fabin: add(mem, fabin(4), fabin(5)) runs on microthread 4") {
        const auto o = concurrently({two_in, send_from(4)});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("starts on microthread 4, which still runs operation 1: " + same_microthread, severity::error));
        CHECK(concurrently({two_in, send_from(5)}).r.status == run_status::deadlock);
    }
}

TEST_CASE("Microthreads: on WSE-3 an operation may name its microthread ID explicitly") {
    // Checks "On WSE-3 the user has the option to explicitly specify the microthread ID of a given
    // asynchronous DSD operation. This means that it can be different from the operands' respective
    // queue IDs"; on WSE-2 the queues choose it.
    CHECK(concurrently({send_from(0, 5), read_from(0, 6)}, wse3).r.status == run_status::deadlock);  // no fault
    CHECK(concurrently({send_from(0), read_from(0)}, wse3).r.status == run_status::fault);          // the WSE-2 rule without IDs
    const auto o = concurrently({send_from(0, 5), send_from(1, 5)}, wse3);
    INFO(o.text());
    REQUIRE(o.r.status == run_status::fault);
    CHECK(o.says("starts on microthread 5, which still runs operation 1: " + same_microthread, severity::error));
    CHECK(contains(layout_error(program("k", {send_from(0, 5)}, 40), wse2), "an explicit microthread ID needs arch=wse3"));
}

TEST_CASE("WSE-3: an operation reads at most one fabric input") {
    // The SDK's DSD page: "On WSE-3, it is illegal for a DSD operation to have multiple arguments
    // that are fabric inputs." WSE-2 allows it.
    const auto two_in = op(opcode::add, data_type::i16, {10}, mem(20), {fabin(4), fabin(5)});
    CHECK(contains(layout_error(program("k", {two_in}, 40), wse3), "reads 2 input queues; on WSE-3 an operation reads at most one fabric input"));
    CHECK(layout_error(program("k", {two_in}, 40), wse2).empty());
}

TEST_CASE("Fabric Queues: two concurrent operations on one queue are a fault") {
    // Checks "It is the programmer's responsibility to ensure that no two concurrent DSD operations
    // share an output or input queue" and its example (the same fabout_dsd twice).
    SUBCASE("the reference's example on WSE-2: the same fabout twice (also the same microthread)") {
        const auto o = concurrently({send_from(0), send_from(0)});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("two concurrent operations on one", severity::error));
    }
    SUBCASE("the same fabout on WSE-3 with two explicit microthreads") {
        const auto o = concurrently({send_from(0, 1), send_from(0, 2)}, wse3);
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("uses output queue 0, which operation 1 still uses: " + same_queue, severity::error));
    }
    SUBCASE("one input queue read by operations on microthreads 0 and 1") {
        const auto o = concurrently({read_from(0), async_op(op(opcode::mov, data_type::i16, {10}, fabout(1), {fabin(0)}))});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says("uses input queue 0, which operation 1 still uses: " + same_queue, severity::error));
    }
    SUBCASE("a synchronous read of a queue an async operation still reads") {
        const auto o = concurrently({read_from(0), op(opcode::mov, data_type::i16, {10}, mem(20), {fabin(0)})});
        INFO(o.text());
        REQUIRE(o.r.status == run_status::fault);
        CHECK(o.says(same_queue, severity::error));
    }
}

TEST_CASE("Fabric Queues: reusing (rebinding) a queue that still holds elements is a fault") {
    // Checks "It is the programmer's responsibility to ensure that there are no elements in a queue
    // before reusing it for a different operation": r reads input queue 0 on socket a (color 0), then
    // an operation binds it to socket b's color 1.
    auto reading = [](std::uint32_t first_read) {
        kernel r("reuse", 120);
        r.p.sockets = {reads("a", 0), reads("b", 1)};
        ir::dsd on_b = with(fabin(0), [](ir::dsd& d) { d.socket = 1; });
        r.straight({op(opcode::mov, data_type::i16, {100}, mem(10), {imm(0)}),  // the 3 wavelets arrive meanwhile
                    op(opcode::mov, data_type::i16, {first_read}, mem(0), {fabin(0)}),
                    op(opcode::mov, data_type::i16, {2}, mem(5), {on_b})});
        auto l = link(sender({1, 2, 3}), r.p);
        l.pes[1].input_color[1] = 1;
        return std::make_unique<outcome>(std::move(l));
    };
    SUBCASE("2 of the 3 wavelets still wait in the queue") {
        const auto o = reading(1);
        INFO(o->text());
        REQUIRE(o->r.status == run_status::fault);
        CHECK(o->says("rebinds input queue 0 from color 0 while it still holds wavelets", severity::error));
    }
    SUBCASE("an empty queue is rebound without a fault, and the operation then waits on color 1") {
        const auto o = reading(3);
        INFO(o->text());
        REQUIRE(o->r.status == run_status::deadlock);
        REQUIRE(o->r.blocked.size() == 1);
        REQUIRE(o->r.blocked[0].threads.size() == 1);
        CHECK(o->r.blocked[0].threads[0].on.queue == 0);
        CHECK(o->r.blocked[0].threads[0].on.color == 1);
    }
}

TEST_CASE("FIFOs: a FIFO as the first of several sources, or two FIFO sources, is a layout error") {
    // Checks "If a DSD operation uses more than one source operand: at most one operand may be a FIFO
    // DSD, and the FIFO DSD operand must not be the first (left-most) source operand."
    auto with_fifos = [](ir::dsd_op o) {
        kernel k("fifo_sources", 40);
        k.fifo(0, 4);
        k.fifo(8, 4);
        k.straight({o});
        return layout_error(k.p);
    };
    CHECK(contains(with_fifos(op(opcode::add, data_type::i16, {4}, mem(20), {fifo_of(0), mem(30)})),
                   "a FIFO is its first source; with several sources a FIFO must not be the first"));
    CHECK(with_fifos(op(opcode::add, data_type::i16, {4}, mem(20), {mem(30), fifo_of(0)})).empty());
    CHECK(with_fifos(op(opcode::mov, data_type::i16, {4}, mem(20), {fifo_of(0)})).empty());  // one source may be a FIFO
    CHECK(contains(with_fifos(op(opcode::mac, data_type::i16, {4}, mem(20), {mem(30), fifo_of(0), fifo_of(1)})),
                   "more than one of its sources is a FIFO"));
    // The layout check throws wafer::error from the fabric's constructor.
    kernel k("fifo_first", 40);
    k.fifo(0, 4);
    k.straight({op(opcode::add, data_type::i16, {4}, mem(20), {fifo_of(0), mem(30)})});
    CHECK_THROWS_AS(fabric::fabric{ir::single_pe_layout(k.p)}, wafer::error);
}

TEST_CASE("FIFOs: a FIFO buffer aligned under the minimum alignment is a layout error") {
    // Checks "if the fifo buffer has been declared with an explicit alignment requirement that is less
    // than the minimum alignment required for fifo buffers on the target architecture, an error will
    // be raised" (wafer's minimum: 4 words).
    auto aligned = [](std::uint16_t align) {
        kernel k("fifo_align", 40);
        const auto f = k.fifo(0, 8);
        k.p.fifos[f].align = align;
        k.straight({op(opcode::mov, data_type::i16, {2}, fifo_of(f), {imm(1)})});
        return layout_error(k.p);
    };
    CHECK(contains(aligned(2), "aligned to 2 words, under the minimum alignment of FIFO buffers"));
    CHECK(contains(aligned(1), "under the minimum alignment of FIFO buffers"));
    CHECK(aligned(4).empty());
    CHECK(aligned(0).empty());  // no explicit alignment: the minimum is forced
}

TEST_CASE("FIFOs: a FIFO's elements are i16, u16, f16, i32, u32 or f32") {
    // Checks "This array must be marked as var and must have elements of type i16, u16, f16, i32, u32 or f32."
    auto typed = [](data_type t) {
        kernel k("fifo_type", 40);
        const auto f = k.fifo(0, 4);
        k.p.fifos[f].type = t;
        k.straight({op(opcode::mov, t, {2}, fifo_of(f), {imm(0)})});
        return layout_error(k.p);
    };
    for (auto t : {data_type::i16, data_type::u16, data_type::f16, data_type::i32, data_type::u32, data_type::f32})
        CHECK(typed(t).empty());
    CHECK(contains(typed(data_type::ep), "a FIFO's elements are i16, u16, f16, i32, u32 or f32"));
}

TEST_CASE("wavelet_index_offset: an operation that gives no index, or an index on fewer than 3 arguments, is a layout error") {
    // Checks "If a DSD with wavelet_index_offset enabled is used in a DSD operation, the DSD operation
    // must provide an index field" (memory and fabout: "// The behavior of this builtin is undefined.
    // @add16(memDSD, memDSD, data)"), and "The index configuration field is not currently supported by
    // DSD operations with less than 3 arguments".
    auto checked = [](ir::dsd_op o, bool give_index) {
        if (give_index) o.index_reg = 0;
        kernel k("index_check", 40, 1);
        k.straight({o});
        return layout_error(k.p);
    };
    const std::string missing = "an operand has wavelet_index_offset but the operation gives no index";
    const auto mem_op = op(opcode::add, data_type::i16, {10}, indexed(mem(0)), {indexed(mem(0)), imm(7)});
    const auto out_op = op(opcode::add, data_type::i16, {1}, indexed(fabout(0)), {mem(0), imm(42)});
    CHECK(contains(checked(mem_op, false), missing));
    CHECK(contains(checked(out_op, false), missing));
    CHECK(checked(mem_op, true).empty());
    CHECK(checked(out_op, true).empty());
    CHECK(contains(checked(op(opcode::mov, data_type::i16, {10}, indexed(mem(0)), {mem(20)}), true),
                   "an operation with fewer than 3 arguments cannot take an index"));
}
