#pragma once
// A statement's copy, move, destruction and comparison (ast.hpp): inline in header-only use,
// compiled once with the rest of wafer/src.hpp otherwise.
#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten::ast {

WAFER_DECL statement::statement() = default;
WAFER_DECL statement::statement(const statement&) = default;
WAFER_DECL statement::statement(statement&&) noexcept = default;
WAFER_DECL statement& statement::operator=(const statement&) = default;
WAFER_DECL statement& statement::operator=(statement&&) noexcept = default;
WAFER_DECL statement::~statement() = default;

WAFER_DECL bool operator==(const statement& a, const statement& b) {
    return static_cast<const statement::variant&>(a) == static_cast<const statement::variant&>(b);
}

}  // namespace wafer::tungsten::ast
