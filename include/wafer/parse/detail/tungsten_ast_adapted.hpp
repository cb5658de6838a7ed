#pragma once
// The Tungsten grammar's AST as Fusion sequences, so X3 fills the nodes straight from the grammar.
#include <boost/fusion/include/adapt_struct.hpp>

#include "wafer/parse/detail/tungsten_ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::member_part, name, subscripts)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::reference, name, subscripts, members)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::named_type, k, name)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::size_of, what)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::unary_operation, sign, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::cast, type, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::operation, op, rhs)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::chain, first, rest)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::expression, condition, branches)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::choice, if_true, if_false)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::initializer_list, elements)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::dimension, name, extent)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::placement, k, of, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::declarator, name, dims, annotations, place, init)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::variable_declaration, is_volatile, type, declarators)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::member_declaration, type, declarators)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::struct_declaration, type, members, declarators)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::typedef_declaration, type, alias)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::param_declarator, name, default_value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::param_declaration, type, declarators)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::socket_declarator, name)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::socket_declaration, type, declarators)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::loop, iterator, lo, hi)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::assignment, loops, target, stream, value)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::block, label, body)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::if_statement, condition, then_branch, else_branch)
BOOST_FUSION_ADAPT_STRUCT(wafer::parse::detail::tungsten_x3::loop_statement, loops, body)
