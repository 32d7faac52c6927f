//===- IRWalk.h - Visiting every node of IR statements and expressions ----===//
//
// Read-only walks over the IR, parents first, for any pass or analysis that
// asks a question of every expression or statement (the lowering passes'
// queries in transforms/IRQueries.h, the frontend's privatization).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IRWALK_H
#define C2CUDA_IR_IRWALK_H

#include "ir/IR.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace c2cuda {

/// Calls Fn on E and every subexpression of E, parents first.
void forEachExpr(const Expr &E, const std::function<void(const Expr &)> &Fn);

/// Calls Fn on every expression (and subexpression) of the statements in L,
/// including loop bounds, conditions, declaration initialisers and the
/// left-hand sides of assignments.
void forEachExprIn(const StmtList &L,
                   const std::function<void(const Expr &)> &Fn);

/// Calls Fn on every statement of L, nested ones included, parents first.
void forEachStmt(const StmtList &L,
                 const std::function<void(const Stmt &)> &Fn);

/// What is in scope at a statement of a host body: the iterators of the
/// host loops around it and the scalars declared before it in the lists
/// around it, with their types (Vars), and the declared ones alone
/// (Declared).
struct HostScope {
  std::map<std::string, ScalarKind> Vars;
  std::set<std::string> Declared;
};

/// Calls Fn on every statement of the host body L (the bodies of its loops,
/// ifs and host regions included) with what is in scope just before it.
void forEachHostStmtInScope(
    const StmtList &L,
    const std::function<void(const Stmt &, const HostScope &)> &Fn);

/// What statements may change: the scalars they assign or declare (loop
/// iterators included) and the arrays they write.
struct NamesWritten {
  std::set<std::string> Scalars, Arrays;
};
NamesWritten namesWritten(const StmtList &L);

/// Whether E reads the scalar variable Name.
bool mentionsVar(const Expr &E, const std::string &Name);

} // namespace c2cuda

#endif
