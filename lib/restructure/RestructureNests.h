//===- RestructureNests.h - Parallel loops moved outermost -----*- C++ -*-===//
//
// Mapping takes the outermost loops of a nest that are parallel and
// perfectly nested. A nest written in another loop order (gemm as i-k-j,
// `y[j] += A[i][j] * x[i]` with i outside) or with a statement beside the
// inner loops (`C[i][j] *= beta` before `for k: for j:`) has fewer such
// loops than it could. restructureNest finds, for each loop tree of a nest,
// the band of loops it can run in parallel and moves it outermost:
//  - a band dimension is a loop every statement of the tree is in: the same
//    loop, or loops with identical bounds, which it fuses (the `j` loops of
//    `C[i][j] *= beta` and of the product become one);
//  - along which no dependence runs: isl, on the exact dependences of
//    NestDependences (analysis/NestFacts.h), between instances that the
//    enclosing loops left in place run with equal iterators;
//  - whose bounds read only the parameters and the band's earlier loops.
// The band keeps the order its loops had in the first statement's loops;
// everything else stays as written, inside the band: the remaining loops
// and statements in their order. Moving a parallel loop outside a
// reduction loop is interchange; giving loops of several statements one
// header is fusion.
//
// Legal when the new order runs every dependence's source before its sink:
// isl checks the whole tree's new schedule against all its dependences (a
// loop counting down runs its larger iterators first). It
// is done only when mapping gets more parallel loops, or more references
// contiguous along one of them, than the tree as written gives; a remark
// at the nest says which loops moved and which were fused.
//
// A tree whose outermost loop F is sequential and cannot be improved so is
// distributed when some of its statements can then run in parallel:
// consecutive statements of F's body stay in one group while together they
// keep as many parallel loops as each alone, each group gets a copy of F,
// in order, and each copy is restructured as above (atax: tmp = A x, then
// y += A^T tmp, whose i loop carries the y reduction). Legal when no
// dependence runs from a later group to an earlier one (isl, as above).
// Before grouping, a loop of F's body that holds several statements is
// split into a loop per statement, where F so written still runs every
// dependence's source first (bicg: one j loop holds `s[j] += r[i] *
// A[i][j]`, a reduction across i, and `q[i] += A[i][j] * p[j]`, across j;
// apart, s gets a loop of its own and then j in parallel).
// A perfect nest of loops counting up by 1 with rectangular bounds, none of
// which can run in parallel (an in-place stencil over time, Gauss-Seidel),
// is skewed into a wavefront: w = sum of c_k * it_k with the smallest
// non-negative coefficients (the innermost one 1) for which every
// dependence between distinct iterations goes from a smaller w to a larger
// one; a new outermost loop runs w in order (on the host), the loops but the
// innermost run as written inside it (in parallel: two iterations with
// equal w are independent), and the innermost iterator is computed, `j = w -
// 4*t - 2*i`, with its bounds as a guard. Legal by isl's check of the new
// schedule (w, then the statement order within an iteration) against every
// dependence. Otherwise the tree is searched again inside F (a time loop
// stays on the host around its steps).
//
// Left as written: nests with schedule clauses (they name the loops as
// written), trees with declarations (but a band moved around one body that
// every statement shares, which keeps each declaration before its uses in
// the same iteration), branches holding loops or loop bounds
// that read arrays, and trees the dependences do not cover (too many
// accesses to test).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_RESTRUCTURENESTS_H
#define C2CUDA_RESTRUCTURE_RESTRUCTURENESTS_H

#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <vector>

namespace c2cuda {

/// The loops mapping takes from the tree at Root as written: parallel,
/// perfectly nested from Root, bounds it can cover, at most three.
std::vector<const ForStmt *> bandAsWritten(const ForStmt &Root,
                                           const NestFacts &Facts);

/// Body of Nest with its loop trees restructured; Body unchanged when
/// nothing was. Facts and Deps are the analysis of the nest as it is.
StmtList restructureNest(const NestStmt &Nest, const NestFacts &Facts,
                         const NestDependences &Deps, DiagnosticList &Diags);

} // namespace c2cuda

#endif
