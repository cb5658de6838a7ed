// The PE program's value types and helpers: words and kinds of the data types and value formats,
// operand counts of the opcodes, instruction classes, straight_line, and equality (every field
// counts except debug info). Expected values come from the headers' contracts.
#include "wafer/ir/pe_program.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "../fabric/layout_builders.hpp"

using namespace wafer;
using namespace wafer::test;
using ir::data_type;
using ir::opcode;
using ir::value_format;
using I = ir::instr;

namespace {

constexpr std::array all_types{data_type::i16, data_type::u16, data_type::i32, data_type::u32,
                               data_type::f16, data_type::f32, data_type::ep};
static_assert(all_types.size() == std::size_t(ir::data_type_count));

}  // namespace

// ---- types.hpp ----

TEST_CASE("words_of(data_type): the 16-bit types take one word, the 32-bit ones (ep included) two") {
    CHECK(ir::words_of(data_type::i16) == 1);
    CHECK(ir::words_of(data_type::u16) == 1);
    CHECK(ir::words_of(data_type::f16) == 1);
    CHECK(ir::words_of(data_type::i32) == 2);
    CHECK(ir::words_of(data_type::u32) == 2);
    CHECK(ir::words_of(data_type::f32) == 2);
    CHECK(ir::words_of(data_type::ep) == 2);  // the extended half lives in an f32 word
    static_assert(ir::words_of(data_type::f16) == 1 && ir::words_of(data_type::ep) == 2);
}

TEST_CASE("is_float and is_signed split the data types as their names say") {
    for (auto t : all_types) {
        CAPTURE(int(t));
        const bool fl = t == data_type::f16 || t == data_type::f32 || t == data_type::ep;
        CHECK(ir::is_float(t) == fl);
        CHECK(ir::is_signed(t) == (t == data_type::i16 || t == data_type::i32));
        CHECK_FALSE((ir::is_float(t) && ir::is_signed(t)));  // is_signed is about integers only
    }
}

TEST_CASE("words_of(value_format): 16-bit formats and u1 one word, 32-bit two, 64-bit four") {
    CHECK(ir::words_of(value_format::s16) == 1);
    CHECK(ir::words_of(value_format::u16) == 1);
    CHECK(ir::words_of(value_format::f16) == 1);
    CHECK(ir::words_of(value_format::u1) == 1);
    CHECK(ir::words_of(value_format::s32) == 2);
    CHECK(ir::words_of(value_format::u32) == 2);
    CHECK(ir::words_of(value_format::f32) == 2);
    CHECK(ir::words_of(value_format::ep) == 2);
    CHECK(ir::words_of(value_format::s64) == 4);
    CHECK(ir::words_of(value_format::u64) == 4);
}

TEST_CASE("a data type and the value format that prints it take the same number of words") {
    const std::array<std::pair<data_type, value_format>, 7> pairs{{{data_type::i16, value_format::s16},
                                                                   {data_type::u16, value_format::u16},
                                                                   {data_type::i32, value_format::s32},
                                                                   {data_type::u32, value_format::u32},
                                                                   {data_type::f16, value_format::f16},
                                                                   {data_type::f32, value_format::f32},
                                                                   {data_type::ep, value_format::ep}}};
    for (auto [t, f] : pairs) {
        CAPTURE(int(t));
        CHECK(ir::words_of(t) == ir::words_of(f));
    }
}

// ---- dsd.hpp ----

TEST_CASE("sources_of: mov, neg and convert read one source, mac three, every other opcode two") {
    for (int k = 0; k < ir::opcode_count; ++k) {
        const auto op = opcode(k);
        CAPTURE(k);
        const int expected = op == opcode::mov || op == opcode::neg || op == opcode::convert ? 1 : op == opcode::mac ? 3 : 2;
        CHECK(ir::sources_of(op) == expected);
        CHECK(ir::sources_of(op) <= 3);  // dsd_op::src has three slots
    }
}

TEST_CASE("integer_only: the bitwise operations and the shifts, nothing else") {
    const std::vector<opcode> integer{opcode::bit_and, opcode::bit_or, opcode::bit_xor,
                                      opcode::shl,     opcode::shr,    opcode::sar};
    for (int k = 0; k < ir::opcode_count; ++k) {
        const auto op = opcode(k);
        CAPTURE(k);
        const bool expected = std::find(integer.begin(), integer.end(), op) != integer.end();
        CHECK(ir::integer_only(op) == expected);
    }
}

TEST_CASE("dsd_op::elements multiplies the extents of the first `rank` dimensions") {
    ir::dsd_op o;
    o.extent = {3, 5, 7, 11};
    o.rank = 0;
    CHECK(o.elements() == 1);  // a scalar statement, whatever the extents hold
    o.rank = 1;
    CHECK(o.elements() == 3);
    o.rank = 2;
    CHECK(o.elements() == 15);
    o.rank = 4;
    CHECK(o.elements() == 3 * 5 * 7 * 11);
    o.extent = {65536, 65536, 1, 1};
    o.rank = 2;
    CHECK(o.elements() == std::uint64_t(1) << 32);  // no 32-bit overflow
}

TEST_CASE("operand(op, slot): slot 0 is the destination, 1..3 the sources, writable through the non-const one") {
    auto o = op(opcode::mac, data_type::i16, {4}, mem(0), {mem(8), imm(3)});
    o.src[2] = fabin(1);
    const auto& c = o;
    CHECK(&ir::operand(c, 0) == &o.dst);
    CHECK(&ir::operand(c, 1) == &o.src[0]);
    CHECK(&ir::operand(c, 2) == &o.src[1]);
    CHECK(&ir::operand(c, 3) == &o.src[2]);
    ir::operand(o, 2).bits = 9;
    CHECK(o.src[1].bits == 9);
    ir::operand(o, 0).base = 20;
    CHECK(o.dst.base == 20);
}

TEST_CASE("is_fabric: fabin and fabout only") {
    using K = ir::dsd::kind;
    CHECK(ir::is_fabric(K::fabin));
    CHECK(ir::is_fabric(K::fabout));
    for (auto k : {K::mem, K::immediate, K::index, K::fifo}) CHECK_FALSE(ir::is_fabric(k));
}

// ---- instruction.hpp ----

TEST_CASE("instruction classes: terminators end blocks (call does not), comparisons, arithmetic, unary") {
    for (int k = 0; k < ir::instr_count; ++k) {
        const auto i = I(k);
        CAPTURE(k);
        CHECK(ir::is_terminator(i) ==
              (i == I::jump || i == I::branch || i == I::ret || i == I::halt || i == I::done));
        CHECK(ir::is_comparison(i) ==
              (i == I::eq || i == I::ne || i == I::lt || i == I::le || i == I::gt || i == I::ge));
        CHECK_FALSE((ir::is_comparison(i) && ir::is_arithmetic(i)));
        if (ir::is_unary(i)) CHECK(ir::is_arithmetic(i));
    }
    CHECK(ir::is_arithmetic(I::div));
    CHECK(ir::is_arithmetic(I::abs));
    CHECK_FALSE(ir::is_arithmetic(I::select));
    CHECK_FALSE(ir::is_arithmetic(I::convert));
    CHECK_FALSE(ir::is_arithmetic(I::load));
    CHECK_FALSE(ir::is_terminator(I::call));
    CHECK(ir::is_unary(I::bit_not));
    CHECK_FALSE(ir::is_unary(I::sub));
}

TEST_CASE("r() and imm() make register and immediate values; kind and number both count") {
    CHECK(ir::r(3).k == ir::value::kind::reg);
    CHECK(ir::r(3).v == 3);
    CHECK(ir::imm(0xdeadbeef).k == ir::value::kind::imm);
    CHECK(ir::imm(0xdeadbeef).v == 0xdeadbeef);
    CHECK(ir::r(1) == ir::r(1));
    CHECK(ir::r(1) != ir::imm(1));
    CHECK(ir::r(1) != ir::r(2));
    CHECK(ir::value{} != ir::imm(0));
}

// ---- straight_line ----

TEST_CASE("straight_line of no operations is one block holding only halt") {
    ir::pe_program p;
    ir::straight_line(p, {});
    REQUIRE(p.blocks.size() == 1);
    REQUIRE(p.blocks[0].code.size() == 1);
    CHECK(p.blocks[0].code[0].code == I::halt);
    CHECK(p.dsd_ops.empty());
    CHECK(p.tasks.empty());
}

TEST_CASE("straight_line issues each operation in order with a dsd instruction, then halts") {
    const std::vector<ir::dsd_op> ops{op(opcode::mov, data_type::i16, {8}, fabout(1), {fabin(0)}, {3, 1}),
                                      op(opcode::add, data_type::f32, {4}, mem(0, {2}), {mem(0, {2}), imm(1)}, {4, 1}),
                                      op(opcode::neg, data_type::i32, {2}, mem(8, {2}), {mem(16, {2})}, {7, 1})};
    ir::pe_program p;
    ir::straight_line(p, ops);
    CHECK(p.dsd_ops == ops);
    REQUIRE(p.blocks.size() == 1);
    const auto& code = p.blocks[0].code;
    REQUIRE(code.size() == ops.size() + 1);
    for (std::size_t k = 0; k < ops.size(); ++k) {
        CAPTURE(k);
        CHECK(code[k].code == I::dsd);
        CHECK(code[k].target == k);
        CHECK(code[k].dst == ir::no_reg);   // no register receives the completion flag
        CHECK(code[k].pos == ops[k].pos);   // debug info follows the operation
        CHECK(code[k].pos.line == ops[k].pos.line);
    }
    CHECK(code.back().code == I::halt);
    CHECK(ir::is_terminator(code.back().code));
}

TEST_CASE("straight_line on a program that already has operations targets the new ones") {
    ir::pe_program p;
    ir::straight_line(p, {op(opcode::mov, data_type::i16, {1}, mem(0), {imm(5)})});
    const auto first = op(opcode::add, data_type::i16, {2}, mem(4), {mem(4), imm(1)});
    const auto second = op(opcode::sub, data_type::i16, {2}, mem(6), {mem(6), imm(1)});
    ir::straight_line(p, {first, second});
    REQUIRE(p.dsd_ops.size() == 3);
    REQUIRE(p.blocks.size() == 2);  // a new block is appended; block 0 is left as it was
    CHECK(p.blocks[0].code.size() == 2);
    const auto& code = p.blocks[1].code;
    REQUIRE(code.size() == 3);
    CHECK(code[0].target == 1);
    CHECK(code[1].target == 2);
    CHECK(p.dsd_ops[code[0].target] == first);
    CHECK(p.dsd_ops[code[1].target] == second);
    CHECK(code[2].code == I::halt);
}

// ---- equality ----

namespace {

ir::pe_program sample() {
    ir::pe_program p;
    p.kernel = "k";
    p.source_files = {"k.w"};
    p.params = {{"N", 4}};
    p.symbols = {{"a", value_format::s16, 0, {{"n", 4, 1}}}};
    p.sockets = {{"in", data_type::i16, 0, -1}, {"out", data_type::i16, -1, 1}};
    p.data = {{0, {1, 2, 3, 4}}};
    ir::straight_line(p, {op(opcode::mov, data_type::i16, {4}, fabout(1), {mem(0)}, {5, 1}),
                          op(opcode::add, data_type::i16, {4}, mem(0), {mem(0), fabin(0)}, {6, 1})});
    ir::task t;
    t.kind = ir::task_kind::data;
    t.id = 3;
    t.entry = 0;
    t.queue = 0;
    t.data = 0;
    p.tasks = {t};
    ir::fifo f;
    f.base = 8;
    f.capacity = 4;
    p.fifos = {f};
    p.registers = 2;
    p.memory_words = 12;
    return p;
}

struct change {
    const char* what;
    void (*apply)(ir::pe_program&);
};

}  // namespace

TEST_CASE("two programs built the same way are equal") {
    CHECK(sample() == sample());
    CHECK_FALSE(sample() != sample());
}

TEST_CASE("changing any one field of a program makes it differ") {
    const change changes[] = {
        {"kernel", [](ir::pe_program& p) { p.kernel = "j"; }},
        {"param value", [](ir::pe_program& p) { p.params[0].value = 5; }},
        {"symbol format", [](ir::pe_program& p) { p.symbols[0].format = value_format::u16; }},
        {"symbol dimension stride", [](ir::pe_program& p) { p.symbols[0].dims[0].stride = 2; }},
        {"socket name", [](ir::pe_program& p) { p.sockets[0].name = "in2"; }},
        {"socket type", [](ir::pe_program& p) { p.sockets[0].type = data_type::f16; }},
        {"socket input queue", [](ir::pe_program& p) { p.sockets[0].input_queue = 2; }},
        {"socket output queue", [](ir::pe_program& p) { p.sockets[1].output_queue = 2; }},
        {"data word", [](ir::pe_program& p) { p.data[0].words[3] = 5; }},
        {"segment base", [](ir::pe_program& p) { p.data[0].base = 1; }},
        {"instruction target", [](ir::pe_program& p) { p.blocks[0].code[1].target = 0; }},
        {"instruction result register", [](ir::pe_program& p) { p.blocks[0].code[0].dst = 1; }},
        {"instruction type", [](ir::pe_program& p) { p.blocks[0].code[2].type = data_type::u32; }},
        {"instruction other", [](ir::pe_program& p) { p.blocks[0].code[2].other = 1; }},
        {"extra block", [](ir::pe_program& p) { p.blocks.emplace_back(); }},
        {"opcode", [](ir::pe_program& p) { p.dsd_ops[1].op = opcode::sub; }},
        {"operation type", [](ir::pe_program& p) { p.dsd_ops[1].type = data_type::u16; }},
        {"extent", [](ir::pe_program& p) { p.dsd_ops[0].extent[0] = 3; }},
        {"rank", [](ir::pe_program& p) { p.dsd_ops[0].rank = 2; }},
        {"operand stride", [](ir::pe_program& p) { p.dsd_ops[0].src[0].stride[0] = 2; }},
        {"operand base", [](ir::pe_program& p) { p.dsd_ops[0].src[0].base = 1; }},
        {"operand kind", [](ir::pe_program& p) { p.dsd_ops[1].src[1].k = ir::dsd::kind::fabout; }},
        {"fabric queue", [](ir::pe_program& p) { p.dsd_ops[0].dst.queue = 2; }},
        {"operand socket", [](ir::pe_program& p) { p.dsd_ops[0].dst.socket = 1; }},
        {"fifo operand", [](ir::pe_program& p) { p.dsd_ops[0].src[0].fifo = 1; }},
        {"immediate bits", [](ir::pe_program& p) { p.dsd_ops[0].src[0].bits = 1; }},
        {"base register", [](ir::pe_program& p) { p.dsd_ops[0].src[0].base_reg = 0; }},
        {"offset register", [](ir::pe_program& p) { p.dsd_ops[0].src[0].offset_reg = 0; }},
        {"stride register", [](ir::pe_program& p) { p.dsd_ops[0].src[0].stride_reg = 0; }},
        {"wavelet index offset", [](ir::pe_program& p) { p.dsd_ops[0].src[0].wavelet_index_offset = true; }},
        {"control", [](ir::pe_program& p) { p.dsd_ops[0].dst.control = true; }},
        {"control transform", [](ir::pe_program& p) { p.dsd_ops[1].src[1].control_transform = true; }},
        {"advance switch", [](ir::pe_program& p) { p.dsd_ops[0].dst.advance_switch = true; }},
        {"simd mode", [](ir::pe_program& p) { p.dsd_ops[0].dst.simd = ir::simd_mode::simd32; }},
        {"zero source", [](ir::pe_program& p) { p.dsd_ops[0].dst.zero = ir::zero_source::first; }},
        {"length register", [](ir::pe_program& p) { p.dsd_ops[0].length_reg = 1; }},
        {"index register", [](ir::pe_program& p) { p.dsd_ops[0].index_reg = 1; }},
        {"async", [](ir::pe_program& p) { p.dsd_ops[0].async = true; }},
        {"microthread", [](ir::pe_program& p) { p.dsd_ops[0].microthread = 2; }},
        {"priority", [](ir::pe_program& p) { p.dsd_ops[0].prio = ir::priority::high; }},
        {"on_complete kind", [](ir::pe_program& p) { p.dsd_ops[0].on_complete.k = ir::task_action::kind::activate; }},
        {"on_complete task", [](ir::pe_program& p) { p.dsd_ops[0].on_complete.task = 1; }},
        {"on_control", [](ir::pe_program& p) { p.dsd_ops[0].on_control.k = ir::task_action::kind::terminate; }},
        {"task kind", [](ir::pe_program& p) { p.tasks[0].kind = ir::task_kind::control; }},
        {"task id", [](ir::pe_program& p) { p.tasks[0].id = 4; }},
        {"task entry", [](ir::pe_program& p) { p.tasks[0].entry = 1; }},
        {"task queue", [](ir::pe_program& p) { p.tasks[0].queue = 1; }},
        {"task data register", [](ir::pe_program& p) { p.tasks[0].data = 1; }},
        {"task index register", [](ir::pe_program& p) { p.tasks[0].index = 1; }},
        {"task blocked", [](ir::pe_program& p) { p.tasks[0].blocked = true; }},
        {"task active", [](ir::pe_program& p) { p.tasks[0].active = true; }},
        {"fifo base", [](ir::pe_program& p) { p.fifos[0].base = 9; }},
        {"fifo capacity", [](ir::pe_program& p) { p.fifos[0].capacity = 5; }},
        {"fifo type", [](ir::pe_program& p) { p.fifos[0].type = data_type::f32; }},
        {"fifo align", [](ir::pe_program& p) { p.fifos[0].align = 4; }},
        {"fifo activate on push", [](ir::pe_program& p) { p.fifos[0].activate_push = 0; }},
        {"fifo activate on pop", [](ir::pe_program& p) { p.fifos[0].activate_pop = 0; }},
        {"registers", [](ir::pe_program& p) { p.registers = 3; }},
        {"memory words", [](ir::pe_program& p) { p.memory_words = 13; }},
    };
    const auto base = sample();
    for (const auto& c : changes) {
        CAPTURE(c.what);
        auto p = sample();
        c.apply(p);
        CHECK(p != base);
        CHECK(base != p);
    }
}

TEST_CASE("debug info is not part of equality: source file and positions") {
    const auto base = sample();
    auto p = sample();
    p.source_files = {"other.w"};
    p.dsd_ops[0].pos = {{40, 2}, 1};
    p.blocks[0].code[0].pos = {{41, 3}, 2};
    p.fifos[0].pos = {{42, 4}, 1};
    CHECK(p == base);
    // ... while the same kind of change to a field that is not debug info is seen
    p.blocks[0].code[0].src[0] = ir::r(0);
    CHECK(p != base);
}

TEST_CASE("dsd_op equality compares extents and sources past rank and sources_of too") {
    // Both fields are stored and compared even where the operation does not read them: two
    // operations that run identically can differ. Lowering must therefore leave them at defaults.
    auto a = op(opcode::mov, data_type::i16, {4}, mem(0), {mem(8)});
    auto b = a;
    b.extent[1] = 9;
    CHECK(a != b);
    b = a;
    b.src[1] = imm(7);  // mov reads only src[0]
    CHECK(a != b);
}
