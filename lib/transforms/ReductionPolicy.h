//===- ReductionPolicy.h - When reduction loops run in parallel -*- C++ -*-===//
//
// A Reduction loop (NestFacts.h) carries dependences only through reduction
// statements (`s += e`, `m = fmaxf(m, e)`, `C[i][j] += e`, ...). Running its
// iterations at once, each reduction statement an atomic update, gives the
// sequential result up to the order in which the updates combine. For
// floating-point types that order changes the rounding, so it is done only
// with the user's permission, for every type alike (one rule, simple to
// state): a `reduction(op: var)` clause on the nest naming the reduction's
// operator and its target (the scalar, or the array of an element target),
// or --allow-reassociation for every reduction of the file. Two kinds need
// none: integer reductions (the same bits in any order), and floating-point
// minima and maxima written with fmax, fmaxf, fmin or fminf (the same value
// in any order: the updates combine with the same call, which ignores a
// NaN; an `if (e > m) m = e;` keeps a NaN start, so it still asks).
//
// Besides permission, each reduction of the loop needs
//  - a target the threads can share: an array element, or a scalar declared
//    outside the nest (the kernel updates it in a device buffer). A scalar
//    declared inside the nest is private to each thread, so such a loop
//    stays sequential;
//  - an atomic form `LHS = LHS op e`, one read-modify-write, with e
//    converted to LHS's type. An integer target updated with a floating
//    value has none (C truncates the combined value, not each term), nor
//    has an integer min/max whose operand has another type.
//
// checkReductionClauses() reports clauses naming variables the nest does not
// use (an error) and clauses matching no reduction (a warning).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_REDUCTIONPOLICY_H
#define C2CUDA_TRANSFORMS_REDUCTIONPOLICY_H

#include "LoweringContext.h"

#include <optional>
#include <string>

namespace c2cuda {

/// A reduction statement as one atomic update: LHS = LHS <Kind> Operand.
struct AtomicForm {
  AtomicKind Kind = AtomicKind::None;
  ExprPtr Operand; ///< Of the target's type.
};

/// The compound assignment an atomic update of kind K prints as (`+=` for
/// Add, ...; Set for Min and Max, which print as calls).
AssignOpKind compoundOp(AtomicKind K);

/// The atomic form of S as a reduction with operator Op ("+", "*", "min",
/// "max", "&", "|", "^"), or nullopt with Why saying what stops it.
std::optional<AtomicForm> atomicForm(const AssignStmt &S, const std::string &Op,
                                     std::string &Why);

/// The name a reduction clause of N uses for R: the scalar, or the array of
/// an element target (also for a scalar standing for an element of it,
/// NestStmt::StandsFor).
std::string reductionVar(const NestStmt &N, const ReductionFacts &R);

/// The name a reduction clause of N uses for the scalar S: the array it
/// stands for (NestStmt::StandsFor), else S.
std::string clauseVar(const NestStmt &N, const std::string &S);

/// What allows R of nest N to be reassociated: "'reduction(+: s)'",
/// "exact integer arithmetic" (an integer target: the same bits in any
/// order) or "--allow-reassociation"; empty when nothing does.
std::string reductionPermission(const LoweringContext &Ctx, const NestStmt &N,
                                const ReductionFacts &R);
/// The same for operator Op on the clause variable Var.
std::string reductionPermission(const LoweringContext &Ctx, const NestStmt &N,
                                const std::string &Op, const std::string &Var);

/// Whether L, a Reduction loop of N, may run its iterations at once with its
/// reduction statements made atomic. When not, Why is a remark saying why
/// and how to allow it (empty when L is not a Reduction loop at all).
bool canRunReductionInParallel(const LoweringContext &Ctx, const NestStmt *N,
                               const ForStmt *L, std::string &Why);

/// Checks the reduction clauses of every nest of Ctx.F against the nest.
void checkReductionClauses(const LoweringContext &Ctx);

} // namespace c2cuda

#endif
