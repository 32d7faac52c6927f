//===- IteratorsAfterNest.h - Iterators whose final value is used -*- C++ -*-//
//
// An iterator declared outside its loop (`int i; ... for (i = 0; i < n;
// i++)`) holds, in C, the first value that fails the loop's condition once
// the loop ends, and code after it may read it (`count = i;`). A nest's
// loops run on the GPU, where each thread has its own copy, so the host's
// variable would keep whatever it held before. iteratorsReadAfter finds the
// iterators of a nest whose value some later statement may read: the first
// reference after the nest (or, when the nest is inside a host loop, the
// first one in that loop before the nest, which runs after it in the next
// pass) is anything but the left side of a plain assignment. For the
// nest's outermost loop, finalValueAssignment gives the host statement that
// sets the variable as C would; an inner loop's iterator has one value per
// iteration of the loops around it, and the caller reports it.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_ITERATORSAFTERNEST_H
#define C2CUDA_FRONTEND_ITERATORSAFTERNEST_H

#include "ir/IR.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace c2cuda {

struct IteratorReadAfter {
  const clang::VarDecl *Var = nullptr;
  const clang::ForStmt *Loop = nullptr; ///< The loop of Nest assigning it.
  const clang::Expr *Read = nullptr;    ///< The reference after the nest.
};

/// The iterators of Nest's loops declared outside Nest whose value after
/// Nest a statement of FD may read.
std::vector<IteratorReadAfter>
iteratorsReadAfter(const clang::FunctionDecl *FD, const clang::Stmt *Nest,
                   const clang::SourceManager &SM);

/// L.Iter's value after L: Lower plus the trip count times Step, or Lower
/// for no trip, computed in long long.
ExprPtr finalValue(const ForStmt &L);

/// `L.Iter = finalValue(L)`, as host code that the CPU oracle runs too.
StmtPtr finalValueAssignment(const ForStmt &L);

} // namespace c2cuda

#endif
