//===- ParameterQuotients.h - Sizes divided or multiplied -*- C++ -*-===//
//
// out[i * (m / 2) + j]: the row length m / 2 is a quotient of a parameter,
// and i times a quotient is a product of two variables to the analysis
// (analysis/AffineExpr.h), which can then neither delinearize nor bound
// the array ("cannot infer how many elements"). A host constant
// `int m2 = m / 2;` is an isl parameter equal to its definition instead.
// This pass gives every such quotient that a nest multiplies by something,
// and every one a nest's local is initialized to (`int mh = m / 2;` stands
// for its initializer there), that form: a host constant (`c2c_m_div_2`)
// declared just before the top-level statement holding the first nest that
// reads it (after any host constant it names), which the nest reads in its
// place.
//
// A loop bound that multiplies sizes (`for (i = 0; i < n * m; i++)` over a
// flattened array) is not affine either, so nothing bounds the elements the
// loop reaches; each product of sizes in a loop bound (`n * m`, `(long)n *
// m * k`) is named the same way.
//
// Legal because the quotient or product reads only parameters the function
// never assigns and host constants (Fixed), so it has one value for the whole
// call, and the host computes it with C's integer division, as the nest
// would (a product in the bound's own type, so an overflow is the C's).
// Quotients in loop bounds and quotients not multiplied by anything (`i < n
// / 2`, `a[i / 2]`) stay as written: the analysis handles those exactly.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_PARAMETERQUOTIENTS_H
#define C2CUDA_FRONTEND_PARAMETERQUOTIENTS_H

#include "ir/IR.h"

#include <set>
#include <string>

namespace c2cuda {

void nameParameterQuotients(Function &F, const std::set<std::string> &Fixed);

} // namespace c2cuda

#endif
