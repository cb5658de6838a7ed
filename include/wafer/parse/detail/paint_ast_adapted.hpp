#pragma once
// The Paint grammar's AST as Fusion sequences, so X3 fills the nodes straight from the grammar.
#include <boost/fusion/include/adapt_struct.hpp>

#include "wafer/parse/detail/paint_ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::word, kind, text)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::route, text)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::operation, op, rhs)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::expression, first, rest)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::call, callee, arguments)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::array, elements)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::entry, key, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::dictionary, entries)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::let_statement, name, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::destructuring_let, names, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::assignment, name, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::application, target, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::geovar_setting, target, geovar, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::inclusion, path)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::paint_x3::definition, name, parameters, body)
