//===- IslToIR.h - isl expressions back to IR expressions ------*- C++ -*-===//
//
// Converts a piecewise quasi-affine isl expression over parameters (an
// inferred array extent, say) into a C-exact IR expression of type Long, via
// isl's AST generator. isl parameter names are "p_X" for the scalar X.
// Floor division (isl's fdiv_q) becomes a select on the dividend's sign, since
// C's division truncates.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_ISLTOIR_H
#define C2CUDA_ANALYSIS_ISLTOIR_H

#include "ir/IR.h"

#include <functional>
#include <string>

struct isl_pw_aff;
struct isl_set;

namespace c2cuda {
namespace analysis {

/// The type of the scalar named by a parameter, for VarRefs.
using ParamTypeFn = std::function<ScalarKind(const std::string &)>;

/// Returns null if isl produces something the converter does not know.
/// Takes ownership of PA.
ExprPtr pwAffToExpr(isl_pw_aff *PA, const ParamTypeFn &TypeOf);

/// The condition "parameters lie in Set" (a parameter set) as an IR
/// expression of type Int; null when Set is the universe. Takes ownership.
ExprPtr paramSetToExpr(isl_set *Set, const ParamTypeFn &TypeOf);

/// Helpers building Long arithmetic.
ExprPtr longLit(int64_t V);
ExprPtr toLong(ExprPtr E);
ExprPtr mulLong(ExprPtr A, ExprPtr B);
ExprPtr addLong(ExprPtr A, ExprPtr B);
/// The larger of A and B (the same expression once when they are).
ExprPtr maxLong(ExprPtr A, ExprPtr B);
/// E, an integer expression the user wrote as an element count (an
/// extent(...) clause, an array dimension), with its + - * / % and negation
/// done in long long: `n * m` would overflow int at n = m = 46341.
ExprPtr widenToLong(ExprPtr E);

} // namespace analysis
} // namespace c2cuda

#endif
