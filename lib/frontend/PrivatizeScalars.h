//===- PrivatizeScalars.h - Scalars declared outside a nest, made private -===//
//
// C code often declares a temporary once, outside its loops (`double s;` at
// the top of the function, then `for i { s = A[i]; B[i] = 2 * s; }`). As
// written, every iteration shares that one variable, so no loop around it
// could run in parallel. privatizeScalars gives such a scalar a declaration
// of its own at the top of the body of the innermost loop L that holds all
// its uses, which makes it private to each iteration of L and of the loops
// around L, as if the user had declared it there.
//
// Legal when, in every iteration of L, each read of the scalar comes after a
// write in the same iteration (on every path: a write inside an inner loop or
// in one arm of an `if` does not count after it), so no iteration sees a
// value another one left, and when the caller knows that nothing outside the
// nest reads the scalar afterwards (Candidates: scalars only this nest
// refers to), so no value needs to leave the nest. Each privatization is a
// remark at L.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_PRIVATIZESCALARS_H
#define C2CUDA_FRONTEND_PRIVATIZESCALARS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <map>
#include <set>
#include <string>

namespace c2cuda {

/// Body with a declaration added for every candidate it can privatize;
/// their names are added to Privatized.
StmtList privatizeScalars(const StmtList &Body,
                          const std::map<std::string, ScalarKind> &Candidates,
                          std::set<std::string> &Privatized,
                          DiagnosticList &Diags);

} // namespace c2cuda

#endif
