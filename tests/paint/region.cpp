#include "wafer/paint/region.hpp"

#include <doctest/doctest.h>

#include "wafer/paint/annotate.hpp"
#include "wafer/paint/combine.hpp"
#include "wafer/paint/verify.hpp"

using wafer::error;
using namespace wafer::paint;

namespace {
struct xy {
    std::int32_t x, y;
    friend bool operator==(xy, xy) = default;
};
std::vector<xy> origins(const region& r) {
    std::vector<xy> v;
    for (const auto& b : r.blocks) v.push_back({b.x, b.y});
    return v;
}
std::vector<std::string> names(const region& r) {
    std::vector<std::string> v;
    for (const auto& n : resolve(r).block_names) v.push_back(n.str());
    return v;
}
std::string error_of(auto&& f) {
    try {
        f();
    } catch (const error& e) {
        return e.diagnostics().front().message;
    }
    return "";
}
}  // namespace

// The algebra is constexpr: freeze() runs layouts at compile time.
static_assert(hstack(tile(), rect(5, 3, 2, 2), tile()).blocks[1].x == 1);
static_assert(vstack(tile(), rect(5, 3, 2, 2), tile()).blocks[2].y == 3);

TEST_CASE("quick reference: tile() is a 1 x 1 tile at (0, 0), tile(3 5) at (3, 5)") {
    CHECK(origins(tile()) == std::vector<xy>{{0, 0}});
    CHECK(origins(tile(3, 5)) == std::vector<xy>{{3, 5}});
    CHECK(tile().blocks[0].width == 1);
    CHECK(tile().blocks[0].height == 1);
}

TEST_CASE("quick reference: rect(0 0 4 2) is 4 wide and 2 tall, rect(0 0 0 0) is empty") {
    const region r = rect(0, 0, 4, 2);
    REQUIRE(r.blocks.size() == 1);
    CHECK(r.blocks[0].width == 4);
    CHECK(r.blocks[0].height == 2);
    CHECK(rect(0, 0, 0, 0).blocks.empty());
    CHECK(rect(2, 2, 3, 0).blocks.empty());
    const region named = rect(1, 2, 3, 4, "i", "j");
    CHECK(named.blocks[0].x_dim == cx_string("i"));
    CHECK(named.blocks[0].y_dim == cx_string("j"));
}

TEST_CASE("guide: hstack keeps r1 and puts each next region against the right edge of the one before, only x changes") {
    const region r = hstack(tile(), rect(7, 4, 2, 1), tile(0, 9));
    CHECK(origins(r) == std::vector<xy>{{0, 0}, {1, 4}, {3, 9}});
    // r1 stays where it is, even away from the origin.
    CHECK(origins(hstack(tile(5, 5), tile())) == std::vector<xy>{{5, 5}, {6, 0}});
    // The right edge is that of the bounding box.
    CHECK(origins(hstack(union_(tile(0, 0), tile(3, 1)), tile())) == std::vector<xy>{{0, 0}, {3, 1}, {4, 0}});
}

TEST_CASE("guide: vstack puts each next region above (+Y) the one before, only y changes") {
    const region r = vstack(tile(), rect(7, 4, 1, 2), tile(3, 0));
    CHECK(origins(r) == std::vector<xy>{{0, 0}, {7, 1}, {3, 3}});
}

TEST_CASE("an empty region takes no room in a stack") {
    CHECK(origins(hstack(tile(), rect(0, 0, 0, 0), tile())) == std::vector<xy>{{0, 0}, {1, 0}});
    CHECK(origins(hstack(rect(0, 0, 0, 0), tile(4, 4), tile())) == std::vector<xy>{{4, 4}, {5, 0}});
}

TEST_CASE("guide: union keeps absolute positions and the order of its children") {
    const region r = union_(tile(3, 0), tile(0, 2), rect(1, 1, 2, 2));
    CHECK(origins(r) == std::vector<xy>{{3, 0}, {0, 2}, {1, 1}});
}

TEST_CASE("union offsets the attributes of later children to their blocks") {
    const region a = rect(0, 0, 2, 1) | name("a");
    const region b = union_(tile(5, 5), tile(6, 5)) | name("b");
    const region u = union_(a, b);
    REQUIRE(u.attributes.size() == 2);
    CHECK(u.attributes[0].first == 0);
    CHECK(u.attributes[0].last == 1);
    CHECK(u.attributes[1].first == 1);
    CHECK(u.attributes[1].last == 3);
}

TEST_CASE("name() prefixes the name path of everything inside: name('c) over 'b gives c.b") {
    const region b = tile() | name("b");
    const region c = union_(b, tile(1, 0)) | name("c");
    CHECK(names(c) == std::vector<std::string>{"c.b", "c"});
    CHECK(names(name(c, "d")) == std::vector<std::string>{"d.c.b", "d.c"});
    CHECK(names(tile()) == std::vector<std::string>{""});
}

TEST_CASE("code() records the kernel, its bindings and its call, paint() the color and rule") {
    palette p;
    const color c = p.color();
    const region r = tile() | code("send", {{"tx", c}, {"N", 8}}) | paint(c, "C>R");
    REQUIRE(r.attributes.size() == 2);
    const attribute& k = r.attributes[0];
    CHECK(k.kind == attribute_kind::code);
    CHECK(k.text == cx_string("send"));
    REQUIRE(k.bindings.size() == 2);
    CHECK(k.bindings[0].value.k == binding_value::kind::color);
    CHECK(k.bindings[0].value.col.id == c.id);
    CHECK(k.bindings[1].value.k == binding_value::kind::number);
    CHECK(k.bindings[1].value.num == 8);
    CHECK(k.at.pos.line == __LINE__ - 10);
    CHECK(k.bindings[0].at == k.at);   // C++ bindings take the code() call's position
    const attribute& q = r.attributes[1];
    CHECK(q.kind == attribute_kind::paint);
    CHECK(q.rule == route_rule("C>R"));
    CHECK(q.col == c);
    // The function forms give the same region, apart from where they were called.
    region f = paint(code(tile(), "send", {{"tx", c}, {"N", 8}}), c, "C>R");
    f.attributes[0].at = k.at;
    f.attributes[0].bindings[0].at = k.bindings[0].at;
    f.attributes[0].bindings[1].at = k.bindings[1].at;
    f.attributes[1].at = q.at;
    f.blocks[0].at = r.blocks[0].at;
    CHECK(f == r);
}

TEST_CASE("palette: colors in creation order, colors<N>() makes N at once") {
    palette p;
    const auto [a, b] = p.colors<2>();
    const color c = p.color();
    const color d = p.color(5);
    CHECK(a.id == 0);
    CHECK(b.id == 1);
    CHECK(c.id == 2);
    CHECK(d.id == 3);
    CHECK(d.physical == 5);
    CHECK(c.physical == -1);
    CHECK(p.size() == 4);
}

TEST_CASE("region algebra errors are thrown at the call") {
    CHECK(error_of([] { rect(0, 0, -1, 2); }).find("not negative") != std::string::npos);
    CHECK(error_of([] { tile(1 << 21, 0); }).find("1048576") != std::string::npos);
    CHECK(error_of([] { name(tile(), ""); }).find("not empty") != std::string::npos);
    CHECK(error_of([] { name(tile(), "a.b"); }).find("cannot contain '.'") != std::string::npos);
    CHECK(error_of([] { code(tile(), ""); }).find("kernel name") != std::string::npos);
    CHECK(error_of([] { code(tile(), "k", {{"N", 1}, {"N", 2}}); }).find("bound twice") != std::string::npos);
    CHECK(error_of([] { paint(tile(), color{}, "L>C"); }).find("color made by color()") != std::string::npos);
    CHECK(error_of([] { palette().color(24); }).find("0 to 23") != std::string::npos);
    CHECK(error_of([] { hstack(rect(0, 0, 1 << 20, 1), rect(0, 0, 1 << 20, 1)); }).find("past") != std::string::npos);
    try {
        rect(0, 0, -1, 2);
        FAIL("no error");
    } catch (const error& e) {
        CHECK(e.diagnostics().front().pos.line == __LINE__ - 3);
        CHECK(e.diagnostics().front().file.find("region.cpp") != std::string::npos);
    }
}

TEST_CASE("a region's size is bounded: union(r r) cannot double forever") {
    region r = tile();
    std::string message;
    try {
        for (int i = 0; i < 30; ++i) r = union_(r, r);
    } catch (const error& e) {
        message = e.diagnostics().front().message;
    }
    CHECK(message.find("at most 1048576") != std::string::npos);
}
