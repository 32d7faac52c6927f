//===- IRRewrite.h - Rebuilding IR with some nodes replaced ----*- C++ -*-===//
//
// The IR is immutable and shared, so a transform that changes a few nodes
// rebuilds the path to them. rewriteExpr asks Fn about every node, outermost
// first: a non-null answer replaces the node (and is not visited again),
// null keeps it and rewrites its operands. rewriteStmts does the same for
// every expression of a statement list (assignment targets included) and
// keeps statements whose expressions did not change.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IRREWRITE_H
#define C2CUDA_IR_IRREWRITE_H

#include "ir/IR.h"

#include <functional>
#include <map>
#include <string>

namespace c2cuda {

using ExprRewriteFn = std::function<ExprPtr(const ExprPtr &)>;

ExprPtr rewriteExpr(const ExprPtr &E, const ExprRewriteFn &Fn);
StmtList rewriteStmts(const StmtList &L, const ExprRewriteFn &Fn);
/// rewriteStmts for the expressions a statement list reads: an assignment's
/// target keeps its node (Fn sees only its subscripts), since the IR shares
/// nodes and the element a statement writes may be the very node another
/// reads.
StmtList rewriteReads(const StmtList &L, const ExprRewriteFn &Fn);

/// L with the body of every nest in it (nests in host regions included)
/// replaced by Fn(body); a nest whose body Fn returns unchanged is kept.
StmtList rewriteNestBodies(const StmtList &L,
                           const std::function<StmtList(const StmtList &)> &Fn);

/// A lowered function's host body L with every statement list in it (L and
/// the bodies of its host regions, loops and ifs) replaced by Fn(list),
/// innermost first; a statement whose lists Fn leaves unchanged is kept.
StmtList rewriteHostLists(const StmtList &L,
                          const std::function<StmtList(const StmtList &)> &Fn);

/// E with each variable Renames names renamed, typed as Types says of its
/// new name; nodes without such a variable are shared.
ExprPtr renameVars(const ExprPtr &E,
                   const std::map<std::string, std::string> &Renames,
                   const std::map<std::string, ScalarKind> &Types);

/// A copy of E with nodes of its own: analyses key accesses by their IR
/// node, so two uses of one expression must not share one.
ExprPtr freshCopy(const ExprPtr &E);

} // namespace c2cuda

#endif
