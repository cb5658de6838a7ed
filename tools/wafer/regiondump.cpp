// regiondump=F.json: the evaluated region as JSON, written with nlohmann::json (Boost 1.74 has no
// Boost.JSON, and Debian's Boost.JSON needs Boost 1.81's headers in place of 1.74's). The region is
// the flattened tree wafer builds from (docs/paint.md, Regions): its blocks, with their repeats, and
// the attributes in the order applied, each covering a range of blocks.
#include <iterator>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "wafer/core/file.hpp"
#include "wafer/paint/route.hpp"

namespace wafer::cli {

namespace {

using nlohmann::json;

std::string at_text(const paint::origin& at) { return paint::where(at).str(); }

json color_json(const paint::color& c) {
    json j{{"id", c.id}};
    if (c.bank >= 0) j["bank"] = c.bank;
    return j;
}

json number_json(const number& n) { return n.is_real ? json(n.real) : json(n.integer); }

json binding_json(const paint::binding& b) {
    json j{{"name", b.name.str()}, {"at", at_text(b.at)}};
    switch (b.value.k) {
    case paint::binding_value::kind::number: j["value"] = number_json(b.value.num); break;
    case paint::binding_value::kind::color: j["color"] = color_json(b.value.col); break;
    case paint::binding_value::kind::geovar: j["geovar"] = b.value.variable.str(); break;
    case paint::binding_value::kind::arcvar: j["arcvar"] = b.value.variable.str(); break;
    }
    return j;
}

json attribute_json(const paint::attribute& a) {
    static constexpr const char* kinds[] = {"name", "code", "paint", "colorpair", "mp", "geovar", "link",
                                            "terminal", "alias", "transport", "arcvar"};
    static_assert(std::size(kinds) == std::size_t(paint::attribute_kind::arcvar) + 1);
    json j{{"kind", kinds[int(a.kind)]}, {"blocks", {a.first, a.last}}, {"at", at_text(a.at)}};
    switch (a.kind) {
    case paint::attribute_kind::name: j["name"] = a.text.str(); break;
    case paint::attribute_kind::code: {
        j["kernel"] = a.text.str();
        json bindings = json::array();
        for (const auto& b : a.bindings) bindings.push_back(binding_json(b));
        j["bindings"] = std::move(bindings);
        break;
    }
    case paint::attribute_kind::paint:
        j["color"] = color_json(a.col);
        j["rule"] = paint::to_text(a.rule).str();
        break;
    case paint::attribute_kind::colorpair:
        j["colors"] = {color_json(a.col), color_json(a.partner)};
        break;
    case paint::attribute_kind::mp: j["bank"] = a.bank; break;
    case paint::attribute_kind::geovar:
        j["geovar"] = a.text.str();
        j["value"] = number_json(a.geovalue);
        break;
    case paint::attribute_kind::terminal: {
        static constexpr const char* sides[] = {"RIGHT", "LEFT", "UP", "DOWN", "CENTER"};
        j["terminal"] = a.text.str();
        j["tag"] = a.terminal.tag.str();
        j["side"] = sides[int(a.terminal.where)];
        j["color"] = color_json(a.col);
        j["shape"] = a.terminal.shape;
        j["split"] = a.terminal.split;
        j["chunk"] = a.terminal.chunk;   // recorded, not used by the router (the guide)
        j["revpin"] = a.terminal.revpin;
        break;
    }
    case paint::attribute_kind::alias:
        j["alias"] = a.text.str();
        j["child"] = a.to.str();
        break;
    case paint::attribute_kind::transport:
        j["transport"] = a.text.str();
        j["from"] = a.from.str();
        j["to"] = a.to.str();
        break;
    case paint::attribute_kind::arcvar:
        j["arcvar"] = a.text.str();
        j["terminal"] = a.from.str();
        j["value"] = number_json(a.geovalue);
        break;
    case paint::attribute_kind::link: {
        j["symbol"] = a.text.str();
        j["order"] = a.order.str();
        j["program"] = a.program.str();
        json params = json::array();
        for (const auto& b : a.bindings) params.push_back(binding_json(b));
        j["params"] = std::move(params);
        break;
    }
    }
    return j;
}

}  // namespace

void write_region_dump(const paint::region& r, const std::string& file) {
    json blocks = json::array();
    for (const auto& b : r.blocks) {
        json j{{"x", b.x}, {"y", b.y}, {"width", b.width}, {"height", b.height}, {"at", at_text(b.at)}};
        if (!b.x_dim.empty()) j["x_dim"] = b.x_dim.str();
        if (!b.y_dim.empty()) j["y_dim"] = b.y_dim.str();
        json repeats = json::array();
        for (const auto& rp : b.repeats) repeats.push_back({{"name", rp.name.str()}, {"count", rp.count}, {"dx", rp.dx}, {"dy", rp.dy}});
        if (!repeats.empty()) j["repeats"] = std::move(repeats);
        blocks.push_back(std::move(j));
    }
    json attributes = json::array();
    for (const auto& a : r.attributes) attributes.push_back(attribute_json(a));
    write_whole(file, "region dump", [&](std::ostream& out) {
        out << json{{"blocks", std::move(blocks)}, {"attributes", std::move(attributes)}}.dump(2) << '\n';
    });
}

}  // namespace wafer::cli
