#pragma once
// Evaluating a Paint program (evaluate.hpp): inline in header-only use, compiled once with the rest
// of wafer/src.hpp otherwise.
#include "wafer/paint/detail/evaluator.hpp"
#include "wafer/paint/evaluate.hpp"

namespace wafer::paint {

WAFER_DECL region evaluate(const ast::program& p, const eval_options& options, diagnostics& out) {
    return detail::evaluator(out, options.include, options.show).run(p, options.variables);
}

}  // namespace wafer::paint
