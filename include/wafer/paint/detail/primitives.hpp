#pragma once
// Every Paint primitive by name, and the names Paint predefines (rotations, directions).
#include <string_view>
#include <utility>

#include "wafer/paint/detail/primitives/arithmetic.hpp"
#include "wafer/paint/detail/primitives/arrays.hpp"
#include "wafer/paint/detail/primitives/attributes.hpp"
#include "wafer/paint/detail/primitives/control.hpp"
#include "wafer/paint/detail/primitives/regions.hpp"
#include "wafer/paint/detail/primitives/strings.hpp"

namespace wafer::paint::detail {

template <int = 0>
primitive find_primitive(std::string_view name) {
    namespace p = primitives;
    static constexpr std::pair<std::string_view, primitive> table[] = {
        // arithmetic
        {"add", p::add}, {"sub", p::sub}, {"mul", p::mul}, {"div", p::div}, {"idiv", p::idiv}, {"mod", p::mod},
        {"max", p::max}, {"min", p::min}, {"lt", p::lt}, {"cmpeq", p::cmpeq}, {"int", p::to_int}, {"pi", p::pi},
        {"split", p::split}, {"cliff", p::cliff}, {"range", p::range},
        // arrays and dictionaries
        {"arraylen", p::arraylen}, {"arrayidx", p::arrayidx}, {"arraydelete", p::arraydelete},
        {"arrayupdate", p::arrayupdate}, {"arrayslice", p::arrayslice}, {"query", p::query},
        // strings
        {"join", p::join}, {"symjoin", p::symjoin}, {"strcmp", p::strcmp},
        // conditionals and debug
        {"setif", p::setif}, {"assert", p::assert_}, {"show", p::show},
        // regions
        {"tile", p::tile}, {"rect", p::rect}, {"union", p::union_}, {"hstack", p::hstack}, {"vstack", p::vstack},
        {"stack", p::stack}, {"rep", p::rep}, {"hstackrep", p::hstackrep}, {"vstackrep", p::vstackrep},
        {"stackrep", p::stackrep}, {"place", p::place}, {"rotate", p::rotate}, {"hflip", p::hflip},
        {"vflip", p::vflip}, {"arrayplace", p::arrayplace}, {"diagplace", p::diagplace},
        {"diagarrayplace", p::diagarrayplace},
        // attributes and colors
        {"name", p::name}, {"code", p::code}, {"paint", p::paint_}, {"color", p::color_}, {"bank", p::bank_},
        {"colorpair", p::colorpair}, {"mp", p::mp}, {"geovar", p::geovar}, {"link", p::link},
        {"terminal", p::terminal}, {"arcvar", p::arcvar}, {"alias", p::alias}, {"transport", p::transport},
        {"paintuppertriangle", p::paintuppertriangle},
    };
    for (const auto& [n, f] : table)
        if (n == name) return f;
    return nullptr;
}

/// The values of Paint's predefined names: R0 .. R270, HORIZONTAL, VERTICAL, and the sides.
template <int = 0>
const value* predefined(std::string_view name) {
    static const std::pair<std::string_view, value> names[] = {
        {"R0", value{rotation::r0}},   {"R90", value{rotation::r90}},   {"R180", value{rotation::r180}},
        {"R270", value{rotation::r270}}, {"HORIZONTAL", value{direction::horizontal}},
        {"VERTICAL", value{direction::vertical}}, {"RIGHT", value{side::right}}, {"LEFT", value{side::left}},
        {"UP", value{side::up}}, {"DOWN", value{side::down}}, {"CENTER", value{side::center}},
    };
    for (const auto& [n, v] : names)
        if (n == name) return &v;
    return nullptr;
}


}  // namespace wafer::paint::detail
