//===- IRQueries.h - Small read-only walks over the IR ---------*- C++ -*-===//
//
// Questions the lowering passes ask of statements and expressions: which
// variables and arrays they mention, whether an expression reads memory.
// They only read the IR; nothing here builds nodes.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_IRQUERIES_H
#define C2CUDA_TRANSFORMS_IRQUERIES_H

#include "ir/IR.h"
#include "ir/IRWalk.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace c2cuda {

/// Names of every VarRef in E.
void collectVarNames(const Expr &E, std::set<std::string> &Names);

/// Names of every VarRef in the statements of L.
void collectVarNames(const StmtList &L, std::set<std::string> &Names);

/// Names of the arrays referenced in the statements of L.
std::set<std::string> collectArrayNames(const StmtList &L);

/// Every ArrayRef node of the statements of L, by address (the analysis keys
/// its per-reference facts by the same addresses).
std::set<const ArrayRef *> collectArrayRefs(const StmtList &L);

/// Names L declares at any depth: its declarations and loop iterators.
std::set<std::string> collectDeclaredNames(const StmtList &L);

/// Scalars that L assigns (`x = ...`, `x += ...`), by name.
std::set<std::string> collectAssignedScalars(const StmtList &L);

/// Whether L holds a loop, at any depth.
bool holdsLoop(const StmtList &L);

/// Whether L touches memory other than the kernel's own arrays (registers,
/// shared memory).
bool touchesGlobal(const StmtList &L);

/// Arrays some assignment in L writes (its target is an element of them).
std::set<std::string> collectWrittenArrays(const StmtList &L);

/// The iterators each array of L outside Written reads in its subscripts
/// (every reference's together), by array name.
std::map<std::string, std::set<std::string>>
readOnlyIterators(const StmtList &L, const std::set<std::string> &Written);

} // namespace c2cuda

#endif
