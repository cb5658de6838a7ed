#include "wafer/image/map_file.hpp"

#include <doctest/doctest.h>

#include "wafer/image/select.hpp"
#include "wafer/image/values.hpp"

using namespace wafer;

TEST_CASE("the map reads back what it writes, in the guide's shape") {
    ir::map_entry e{"kernel.core.filter0_cfg", ir::value_format::s16, 0x5f70, 36, 1,
                    {{"y", 9, 0, 0, 1}, {"x", 6, 0, 1, 0}, {"n", 4, 1, 0, 0}}};
    auto text = image::map_text({e});
    CHECK(text.find("\nkernel.core.filter0_cfg [ y<9 x<6 n<4 ] ( 0x5f70+n 36+x 1+y ) xp\n") != std::string::npos);
    auto back = image::parse_map(text, "f.map");
    REQUIRE(back.size() == 1);
    CHECK(back[0] == e);
}

TEST_CASE("a map line in the guide's form without a type reads as xp; the type after ')' is wafer's") {
    const auto back = image::parse_map("kernel.core.filter0_cfg [ y<9 x<6 n<4 ] ( 0x5f70+n 36+x 1+y )\nf [ n<2 ] ( 0x10+n 0 0 ) sp\n", "f.map");
    REQUIRE(back.size() == 2);
    CHECK(back[0].format == ir::value_format::s16);
    CHECK(back[0].dims.size() == 3);
    CHECK(back[1].format == ir::value_format::f32);
}

TEST_CASE("a malformed map line is an error with its position") {
    try {
        image::parse_map("a [ n<4 ] ( 0x10+m 0 0 )\n", "f.map");
        FAIL("accepted");
    } catch (const error& ex) {
        CHECK(render(ex.diagnostics().front()) ==
              "f.map:1:19: error: 'm' is not a dimension of this symbol\na [ n<4 ] ( 0x10+m 0 0 )\n                  ^\n");
    }
    CHECK_THROWS_AS(image::parse_map("a [ n<0 ] ( 0 0 0 ) xp", "f.map"), error);
    CHECK_THROWS_AS(image::parse_map("a [ n<4 ] ( 0x6000 0 0 )", "f.map"), error);
    CHECK_THROWS_AS(image::parse_map("a [ n<4 ( 0 0 0 )", "f.map"), error);
    CHECK_THROWS_AS(image::parse_map("a [ n<4 ] ( 0 0 0 ) float", "f.map"), error);
    CHECK_THROWS_AS(image::parse_map("a [ n<4 ] ( 0 0 0 ) sp sp", "f.map"), error);
    // A number that would not fit a coordinate or a stride, a sign inside a number, a dimension named twice.
    CHECK_THROWS_WITH_AS(image::parse_map("a [ n<4 ] ( 0 3333333333 0 )", "f.map"),
                         "an x coordinate past 2147483647", error);
    CHECK_THROWS_WITH_AS(image::parse_map("a [ n<4 ] ( 0 0+99999999999*n 0 )", "f.map"), "a stride past 2147483647",
                         error);
    CHECK_THROWS_WITH_AS(image::parse_map("a [ n<4 ] ( -1 0 0 )", "f.map"), "expected an address", error);
    CHECK_THROWS_WITH_AS(image::parse_map("a [ n<4 n<2 ] ( 0 0 0 )", "f.map"), "dimension 'n' is named twice", error);
}

TEST_CASE("selections slice, pin and reorder dimensions") {
    ir::map_entry g{"grid", ir::value_format::s16, 0x10, 0, 0, {{"m", 2, 3, 0, 0}, {"n", 3, 1, 0, 0}}};
    auto all = image::select(g, {}, "miget");
    CHECK(all.elements.size() == 6);
    CHECK(all.row == 3);
    CHECK(all.elements[4].address == 0x10 + 3 + 1);
    auto slice = image::select(g, {{{"n", 1, 3}}, {}}, "miget");
    REQUIRE(slice.elements.size() == 4);
    CHECK(slice.elements[0].address == 0x11);
    CHECK(slice.row == 2);
    auto turned = image::select(g, {{}, {"n", "m"}}, "miget");  // [n m]: n outermost
    CHECK(turned.elements[1].address == 0x13);
    CHECK(turned.row == 2);
    CHECK_THROWS_AS(image::select(g, {{{"n", 2, 5}}, {}}, "miget"), error);
    CHECK_THROWS_AS(image::select(g, {{{"k", 0, 1}}, {}}, "miget"), error);
}

TEST_CASE("32-bit elements are read as one value unless their words are asked for") {
    ir::map_entry f{"f", ir::value_format::f32, 0, 0, 0, {{"n", 2, 2, 0, 0}, {"_word", 2, 1, 0, 0}}};
    auto s = image::select(f, {}, "miget");
    CHECK(s.words == 2);
    CHECK(s.elements.size() == 2);
    auto w = image::select(f, {{{"_word", 1, 2}}, {}}, "miget");
    CHECK(w.words == 1);
    CHECK(w.elements[0].address == 1);
}

TEST_CASE("values print and parse by their type") {
    CHECK(image::format_value(ir::value_format::s16, std::vector<word>{0xffff}) == "-1");
    CHECK(image::format_value(ir::value_format::u16, std::vector<word>{0xffff}) == "65535");
    auto bits = sp_bits(2.5f);
    CHECK(image::format_value(ir::value_format::f32, std::vector<word>{word(bits), word(bits >> 16)}) == "2.5");
    CHECK(*image::parse_value(ir::value_format::f32, "2.5", 2) == std::vector<word>{word(bits), word(bits >> 16)});
    CHECK(*image::parse_value(ir::value_format::s16, "-1", 1) == std::vector<word>{0xffff});
    CHECK(*image::parse_value(ir::value_format::s16, "0x10", 1) == std::vector<word>{16});
    CHECK_FALSE(image::parse_value(ir::value_format::s16, "70000", 1));
    CHECK_FALSE(image::parse_value(ir::value_format::s16, "1.5", 1));
    CHECK_FALSE(image::parse_value(ir::value_format::s16, "", 1));
}
