//===- NestFacts.cpp - Dependences, strides and extents of nests ----------===//
//
// The polyhedral view of a function's nests, built with isl:
//  1. every statement instance set (assignments, declarations, the conditions
//     of ifs and the bounds of loops that read memory) gets an iteration
//     domain from its enclosing loops and affine if-conditions;
//  2. every array reference gets an access relation, after delinearizing
//     linearized pointer indices where that is provably exact
//     (Delinearize.h); outside scalars the nest assigns are 0-d arrays, and
//     scalars declared in the nest are arrays indexed by the loops enclosing
//     their declaration (one copy per iteration of those loops);
//  3. a loop is parallel iff no two accesses, one a write, reach the same
//     element from instances that agree on the outer loops and differ in it;
//     it is a reduction loop iff every such pair is between reduction
//     statements (Reductions.h) of one operator whose target element does
//     not move with the loop; otherwise it is sequential, and one blocking
//     pair is described with its kind and distance (DependenceDistance.h);
//  4. the extent of each array is the maximal offset over all nests, as an
//     expression over the function's parameters.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "analysis/AffineExpr.h"
#include "analysis/Delinearize.h"
#include "analysis/DependenceDistance.h"
#include "analysis/IslText.h"
#include "analysis/IslToIR.h"
#include "analysis/Reductions.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>
#include <unordered_map>

using namespace c2cuda;
using namespace c2cuda::analysis;

namespace {

std::vector<std::string> paramNames(const std::set<std::string> &S) {
  std::vector<std::string> V;
  for (auto &N : S)
    V.push_back("p_" + N);
  return V;
}

bool isLitOne(const ExprPtr &E) {
  const auto *L = llvm::dyn_cast_or_null<IntLit>(E.get());
  return L && L->Value == 1;
}

/// One entry of the context stack: an enclosing loop or branch.
struct ContextItem {
  const ForStmt *For = nullptr; ///< Loop, or null for a branch.
  unsigned Depth = 0;
  const Expr *Cond = nullptr;
  bool Negated = false;
  std::shared_ptr<const Scope> Sc; ///< Names visible at the item.
};

/// A set of statement instances: one statement (or a condition, or the
/// bounds of a loop) inside its enclosing loops.
struct Instance {
  std::string Name;
  std::vector<const ForStmt *> Loops;
  std::shared_ptr<const Scope> Sc;
  isl_set *Domain = nullptr;
  /// The statement (assignment, declaration, branch or loop) it is.
  const Stmt *Node = nullptr;
  /// Position of the statement, or of the branch holding it, in the body
  /// of each enclosing loop (the nest's body first): with the iterators, its
  /// place in the order the nest runs as written.
  std::vector<unsigned> Beta;
};

/// An ArrayRef of a nest, before its access relation is known.
struct RawRef {
  const ArrayRef *Ref;
  const NestStmt *Nest;
  unsigned Inst;
  bool IsWrite, AlsoRead;
  size_t FactIndex;
  ConvContext CC;
  std::vector<std::optional<Poly>> Subs;
  std::string Why;
  // Filled once the array's shape is known.
  std::vector<std::optional<Poly>> Dims;
  isl_map *Rel = nullptr; ///< Intersected with the domain.
};

/// One access to memory for the dependence test.
struct Access {
  unsigned Inst;
  bool IsWrite;
  bool IsScalar;
  std::string Text;
  SourceLoc Loc;
  isl_map *Rel = nullptr;
  size_t RawIndex = SIZE_MAX; ///< For arrays: the RawRef, once known.
  std::string Target;
  unsigned LocalDepth = 0;
  const Expr *Node = nullptr; ///< The VarRef or ArrayRef.
  /// Index into NestState::Reductions when this access is the target of a
  /// reduction statement (its write, or its read of the target).
  int Reduction = -1;
};

/// A statement with the shape of a reduction (Reductions.h).
struct ReductionStmt {
  const AssignStmt *Stmt;
  std::string Op;
};

struct NestState {
  const NestStmt *Nest;
  std::set<std::string> OutsideWritten;
  std::set<std::string> AssignedNames;
  std::vector<unsigned> Insts;
  std::vector<Access> Accesses;
  std::vector<std::pair<const ForStmt *, unsigned>> Fors; // With depth.
  std::vector<ReductionStmt> Reductions;                  // In source order.
  /// Arrays the nest touches only through reduction statements of one
  /// operator (a histogram's bins), with that operator.
  std::map<std::string, std::string> UpdateOnly;
};

class Analyzer {
public:
  Analyzer(const Function &F, DiagnosticList &D,
           bool IgnoreNegativeIndices = false)
      : F(F), Diags(D), IgnoreNegativeIndices(IgnoreNegativeIndices) {
    Ctx = isl_ctx_alloc();
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  }
  ~Analyzer() {
    for (auto &I : Insts)
      isl_set_free(I.Domain);
    for (auto &R : Raw)
      isl_map_free(R.Rel);
    for (auto &N : Nests)
      for (auto &A : N.Accesses)
        isl_map_free(A.Rel);
    isl_ctx_free(Ctx);
  }

  /// AssignedIn: the function whose statements may assign F's scalars
  /// (F itself, or the one whose host statements F holds as nests).
  FunctionFacts run(const Function &AssignedIn);
  /// The dependences of the nests in Which (run() must have run).
  std::map<const NestStmt *, NestDependences>
  dependences(const std::set<const NestStmt *> &Which, size_t MaxPairs);

private:
  const Function &F;
  DiagnosticList &Diags;
  bool IgnoreNegativeIndices;
  isl_ctx *Ctx;
  FunctionFacts Facts;
  std::vector<Instance> Insts;
  std::vector<RawRef> Raw;
  std::vector<NestState> Nests;
  std::map<std::string, DelinShape> Shapes;
  unsigned NextLocal = 0;
  std::vector<const NestStmt *> NestOrder;
  /// Per nest, the host conditions it runs under (ContextItem branches).
  std::map<const NestStmt *, std::vector<ContextItem>> HostGuards;
  /// Scalars the function may assign (hostGuard reads none of them).
  std::set<std::string> Changed;
  /// Of Changed, the parameters every assignment keeps at most
  /// max(value, 0) (`n = n / 2;`, `n -= 1;`): their entry value still
  /// bounds what a later nest touches.
  std::set<std::string> Shrinking;
  isl_map *atCurrentValues(isl_map *Rel) const;

  void findNests(const StmtList &L, std::vector<ContextItem> Guards);
  std::optional<ContextItem> hostGuard(const Expr &Cond, bool Negated) const;
  void prescan(const StmtList &L, std::set<std::string> InScope, NestState &N);
  void walk(const StmtList &L, Scope S, std::vector<ContextItem> &Stack,
            std::vector<const ForStmt *> &Loops, NestState &N);
  unsigned newInstance(const std::vector<ContextItem> &Stack,
                       const std::vector<const ForStmt *> &Loops,
                       std::shared_ptr<const Scope> Sc, NestState &N);
  void collectReads(const Expr &E, unsigned Inst, NestState &N);
  void addRefAccesses(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                      Access Proto, NestState &N);
  unsigned guardedInstance(unsigned Inst, const Expr &Cond, bool Negated,
                           NestState &N);
  /// The enclosing loops and conditions of the statement being walked.
  std::vector<ContextItem> *WalkStack = nullptr;
  /// Instance::Beta of the statement being walked; the last entry is its
  /// position in the innermost loop's body, unless BranchDepth > 0.
  std::vector<unsigned> Beta;
  unsigned BranchDepth = 0;
  isl_map *originalSchedule(const Instance &I, unsigned Length) const;
  /// Per instance made by guardedInstance: its context, guards included.
  std::map<unsigned, std::vector<ContextItem>> GuardedContext;
  void addScalarAccess(const VarRef &V, bool IsWrite, unsigned Inst,
                       NestState &N);
  void addArrayRef(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                   unsigned Inst, NestState &N);
  void addLocalArrayRef(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                        unsigned Inst, NestState &N);

  void buildArrayAccesses();
  /// Records Res's assumptions about Array's rows (referenced at Idx) as
  /// checkable conditions; false when one names something other than a
  /// scalar parameter of the function.
  bool assume(const std::string &Array, DelinResult &Res,
              const std::vector<size_t> &Idx);
  isl_map *accessMap(const RawRef &R, const std::string &Array);
  void computeStrides(RawRef &R, const Instance &I);
  void testLoops(NestState &N);
  bool targetStays(const Access &A, unsigned Depth) const;
  bool isReductionPair(const NestState &N, const Access &X, const Access &Y,
                       unsigned Depth) const;
  LoopFacts
  reductionFacts(const NestState &N, const ForStmt &L,
                 const std::vector<std::pair<size_t, size_t>> &Excused) const;
  DependenceFacts blockingFacts(const Access &X, const Access &Y,
                                isl_map *Carried, const ForStmt &L,
                                unsigned Depth) const;
  void inferExtents();
  ScalarKind paramType(const std::string &Name) const;
  ExprPtr polyToExpr(const Poly &P) const;
};

//===----------------------------------------------------------------------===//
// Walking the nests
//===----------------------------------------------------------------------===//

/// Scalars some statement of F may assign: the nests', the host code's
/// (HostCode::ScalarsWritten) and the host loop headers'.
std::set<std::string> scalarsAssigned(const Function &F) {
  std::set<std::string> Out = namesWritten(F.Body).Scalars;
  forEachStmt(F.Body, [&](const Stmt &S) {
    if (const auto *H = llvm::dyn_cast<HostCode>(&S)) {
      Out.insert(H->ScalarsWritten.begin(), H->ScalarsWritten.end());
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(&S)) {
      for (const StmtList *L : {&R->Init, &R->Step}) {
        std::set<std::string> W = namesWritten(*L).Scalars;
        Out.insert(W.begin(), W.end());
      }
    }
  });
  return Out;
}

/// Whether A (an assignment to N) leaves N at most max(N, 0): N / c and N
/// >> c for a positive literal c, N - c for a non-negative one.
bool keepsAtMost(const AssignStmt &A, const std::string &N) {
  const auto *Lit = llvm::dyn_cast<IntLit>(stripCasts(A.RHS.get()));
  const Expr *Rhs = stripCasts(A.RHS.get());
  AssignOpKind Op = A.Op;
  if (Op == AssignOpKind::Set) {
    // `n = n / 2;`
    const auto *B = llvm::dyn_cast<BinaryExpr>(Rhs);
    const auto *V =
        B ? llvm::dyn_cast<VarRef>(stripCasts(B->LHS.get())) : nullptr;
    if (!V || V->Name != N)
      return false;
    Lit = llvm::dyn_cast<IntLit>(stripCasts(B->RHS.get()));
    Op = B->Op == BinaryOpKind::Div   ? AssignOpKind::Div
         : B->Op == BinaryOpKind::Shr ? AssignOpKind::Shr
         : B->Op == BinaryOpKind::Sub ? AssignOpKind::Sub
                                      : AssignOpKind::Set;
  }
  if (!Lit)
    return false;
  return ((Op == AssignOpKind::Div || Op == AssignOpKind::Shr) &&
          Lit->Value > 0) ||
         (Op == AssignOpKind::Sub && Lit->Value >= 0);
}

/// The scalars of Assigned that every assignment in F keeps at most
/// max(value, 0) (keepsAtMost); a statement the IR does not have (host code
/// without AsIR) may do anything.
std::set<std::string> shrinkingScalars(const Function &F,
                                       const std::set<std::string> &Assigned) {
  std::set<std::string> Out = Assigned;
  auto Check = [&](const StmtList &L) {
    forEachStmt(L, [&](const Stmt &S) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
        const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get());
        if (V && !keepsAtMost(*A, V->Name))
          Out.erase(V->Name);
      } else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
        Out.erase(D->Name);
      } else if (const auto *Fo = llvm::dyn_cast<ForStmt>(&S)) {
        Out.erase(Fo->Iter);
      }
    });
  };
  Check(F.Body);
  forEachStmt(F.Body, [&](const Stmt &S) {
    if (const auto *H = llvm::dyn_cast<HostCode>(&S)) {
      if (H->AsIR.empty() && H->Body.empty())
        for (const std::string &N : H->ScalarsWritten)
          Out.erase(N);
      Check(H->AsIR);
      Check(H->Body);
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(&S)) {
      Check(R->Init);
      Check(R->Step);
    }
  });
  return Out;
}

/// Cond (negated) as a condition of the nests after it, where it reads
/// only scalar parameters that nothing assigns and host constants: then it
/// has the same value wherever the function tests it.
std::optional<ContextItem> Analyzer::hostGuard(const Expr &Cond,
                                               bool Negated) const {
  bool Usable = true;
  forEachExpr(Cond, [&](const Expr &E) {
    if (llvm::isa<ArrayRef>(E) || llvm::isa<CallExpr>(E))
      Usable = false;
    else if (const auto *V = llvm::dyn_cast<VarRef>(&E)) {
      const Param *P = F.findParam(V->Name);
      Usable &= F.HostConstants.count(V->Name) ||
                (P && !P->isArray() && !Changed.count(V->Name));
    }
  });
  if (!Usable)
    return std::nullopt;
  ContextItem C;
  C.Cond = &Cond;
  C.Negated = Negated;
  C.Sc = std::make_shared<const Scope>();
  return C;
}

/// The nests of L in order, with the host conditions each runs under: an
/// if region's condition, its else's negation, and the negation of an
/// `if (c) return;` before it in the same list (a return inside a region
/// is not carried out of it: the nests after it are taken to run).
void Analyzer::findNests(const StmtList &L, std::vector<ContextItem> Guards) {
  const HostRegion *LastIf = nullptr;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      NestOrder.push_back(N);
      HostGuards[N] = Guards;
    } else if (const auto *H = llvm::dyn_cast<HostCode>(S.get())) {
      if (H->ReturnsWhen)
        if (auto G = hostGuard(*H->ReturnsWhen, /*Negated=*/true))
          Guards.push_back(*G);
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      std::vector<ContextItem> Inner = Guards;
      using Form = HostRegion::Form;
      const HostRegion *If = R->RegionForm == Form::If ? R : LastIf;
      if ((R->RegionForm == Form::If || R->RegionForm == Form::Else) && If &&
          If->HeaderAsIR && If->Cond)
        if (auto G = hostGuard(*If->Cond, R->RegionForm == Form::Else))
          Inner.push_back(*G);
      findNests(R->Body, Inner);
      LastIf = R->RegionForm == Form::If ? R : nullptr;
    }
  }
}

/// Which outside scalars the nest assigns, and which names it assigns at all
/// (a local assigned after its declaration is not replaced by its
/// initializer).
void Analyzer::prescan(const StmtList &L, std::set<std::string> InScope,
                       NestState &N) {
  for (const StmtPtr &S : L) {
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
      if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get())) {
        N.AssignedNames.insert(V->Name);
        if (!InScope.count(V->Name))
          N.OutsideWritten.insert(V->Name);
      }
    } else if (const auto *D = llvm::dyn_cast<DeclStmt>(S.get())) {
      InScope.insert(D->Name);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      prescan(I->Then, InScope, N);
      prescan(I->Else, InScope, N);
    } else if (const auto *Fo = llvm::dyn_cast<ForStmt>(S.get())) {
      auto Inner = InScope;
      Inner.insert(Fo->Iter);
      prescan(Fo->Body, Inner, N);
    }
  }
}

/// The values E is the minimum of (WantMin) or the maximum of, written as
/// selects (`a < b ? a : b`, macros and inlined helpers alike), nested ones
/// included; E alone when it is no such select.
static void extremumArms(const ExprPtr &E, bool WantMin,
                         std::vector<ExprPtr> &Out, const Function *F = nullptr,
                         const Scope *Sc = nullptr) {
  // A host constant defined as such a select (`int m = n < cap ? n :
  // cap;`), not shadowed in the nest, has the same arms.
  const auto *V = F ? llvm::dyn_cast<VarRef>(stripCasts(E.get())) : nullptr;
  if (V && !Sc->find(V->Name)) {
    auto Def = F->HostConstants.find(V->Name);
    if (Def != F->HostConstants.end() &&
        llvm::isa<SelectExpr>(stripCasts(Def->second.get()))) {
      std::vector<ExprPtr> Arms;
      extremumArms(Def->second, WantMin, Arms);
      if (Arms.size() > 1) {
        Out.insert(Out.end(), Arms.begin(), Arms.end());
        return;
      }
    }
  }
  const auto *S = llvm::dyn_cast<SelectExpr>(stripCasts(E.get()));
  const auto *C =
      S ? llvm::dyn_cast<BinaryExpr>(stripCasts(S->Cond.get())) : nullptr;
  if (C) {
    const Expr *T = stripCasts(S->True.get()), *F = stripCasts(S->False.get());
    const Expr *L = stripCasts(C->LHS.get()), *R = stripCasts(C->RHS.get());
    bool Less = C->Op == BinaryOpKind::LT || C->Op == BinaryOpKind::LE;
    bool Greater = C->Op == BinaryOpKind::GT || C->Op == BinaryOpKind::GE;
    std::optional<bool> IsMin;
    if ((Less || Greater) && sameExpr(*L, *T) && sameExpr(*R, *F))
      IsMin = Less;
    else if ((Less || Greater) && sameExpr(*L, *F) && sameExpr(*R, *T))
      IsMin = Greater;
    if (IsMin && *IsMin == WantMin) {
      extremumArms(S->True, WantMin, Out);
      extremumArms(S->False, WantMin, Out);
      return;
    }
  }
  Out.push_back(E);
}

unsigned Analyzer::newInstance(const std::vector<ContextItem> &Stack,
                               const std::vector<const ForStmt *> &Loops,
                               std::shared_ptr<const Scope> Sc, NestState &N) {
  Instance I;
  I.Name = "S" + std::to_string(Insts.size());
  I.Loops = Loops;
  I.Beta = Beta;
  I.Sc = Sc;
  ConvContext CC;
  CC.OutsideWritten = &N.OutsideWritten;
  CC.useConstantsOf(F);
  std::vector<std::string> Cons, Exists;
  std::string Why;
  for (const ContextItem &C : Stack) {
    if (!C.For) {
      if (auto K = condToIsl(*C.Cond, C.Negated, *C.Sc, CC))
        Cons.push_back(*K);
      continue;
    }
    const ForStmt &L = *C.For;
    std::string It = "it" + std::to_string(C.Depth);
    bool Inc = L.Step > 0;
    // A start at the larger of several values (counting down, the
    // smaller), and a bound below the smaller of several (user-tiled
    // loops: `j < min(jj + 32, m)`), are one constraint per value.
    std::vector<ExprPtr> LoArms, UpArms;
    extremumArms(L.Lower, /*WantMin=*/!Inc, LoArms, &F, C.Sc.get());
    extremumArms(L.Upper,
                 /*WantMin=*/L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE,
                 UpArms, &F, C.Sc.get());
    std::optional<Poly> Lo;
    for (const ExprPtr &Arm : LoArms) {
      auto P = toPoly(*Arm, *C.Sc, CC, Why);
      if (!P || P->degree() > 1)
        continue;
      Cons.push_back(It + (Inc ? " >= " : " <= ") + P->toIsl());
      if (LoArms.size() == 1)
        Lo = P;
    }
    for (const ExprPtr &Arm : UpArms) {
      auto Up = toPoly(*Arm, *C.Sc, CC, Why);
      if (!Up || Up->degree() > 1)
        continue;
      const char *Op = L.Cmp == LoopCmp::LT   ? " < "
                       : L.Cmp == LoopCmp::LE ? " <= "
                       : L.Cmp == LoopCmp::GT ? " > "
                                              : " >= ";
      Cons.push_back(It + Op + Up->toIsl());
    }
    bool LoOk = Lo.has_value();
    if (LoOk && L.Step != 1 && L.Step != -1) {
      std::string E = "e" + std::to_string(C.Depth);
      Exists.push_back(E);
      Poly P = *Lo + Poly::var(E).scaled(L.Step);
      Cons.push_back(It + " = " + P.toIsl());
      Cons.push_back(E + " >= 0");
    }
  }
  for (const std::string &P : CC.ParamsUsed)
    if (const Param *Pa = F.findParam(P))
      if (!Pa->isArray() && isUnsignedKind(Pa->Elem))
        Cons.push_back("p_" + P + " >= 0");
  Exists.insert(Exists.end(), CC.DivNames.begin(), CC.DivNames.end());
  Cons.insert(Cons.end(), CC.DivDefs.begin(), CC.DivDefs.end());
  std::string Text = islText(
      CC.ParamsUsed, tupleText(I.Name, "it", Loops.size()), Exists, Cons);
  I.Domain = isl_set_read_from_str(Ctx, Text.c_str());
  if (!I.Domain) // Should not happen; over-approximate.
    I.Domain = isl_set_read_from_str(
        Ctx, ("{ " + tupleText(I.Name, "it", Loops.size()) + " }").c_str());
  Insts.push_back(std::move(I));
  N.Insts.push_back(Insts.size() - 1);
  return Insts.size() - 1;
}

void Analyzer::addScalarAccess(const VarRef &V, bool IsWrite, unsigned Inst,
                               NestState &N) {
  const Scope &S = *Insts[Inst].Sc;
  const Binding *Found = S.find(V.Name);
  NestFacts &NF = Facts.Nests[N.Nest];
  Access A;
  A.Inst = Inst;
  A.IsWrite = IsWrite;
  A.IsScalar = true;
  A.Text = V.Name;
  A.Loc = V.Loc;
  A.Node = &V;
  unsigned Dims = Insts[Inst].Loops.size();
  if (!Found || Found->K == Binding::Kind::Outside) {
    (IsWrite ? NF.ScalarsWritten : NF.ScalarsRead)[V.Name] = V.Type;
    if (!N.OutsideWritten.count(V.Name))
      return; // Read-only: a parameter of the nest.
    A.Target = "s_" + V.Name;
    A.LocalDepth = 0;
  } else if (Found->K == Binding::Kind::Local) {
    A.Target = "l" + std::to_string(Found->LocalId);
    A.LocalDepth = Found->Depth;
  } else {
    return; // A loop iterator.
  }
  std::vector<std::string> Cons;
  for (unsigned D = 0; D < A.LocalDepth; ++D)
    Cons.push_back("o" + std::to_string(D) + " = it" + std::to_string(D));
  std::string Text = islText({},
                             tupleText(Insts[Inst].Name, "it", Dims) + " -> " +
                                 tupleText(A.Target, "o", A.LocalDepth),
                             {}, Cons);
  isl_map *M = isl_map_read_from_str(Ctx, Text.c_str());
  A.Rel = isl_map_intersect_domain(M, isl_set_copy(Insts[Inst].Domain));
  N.Accesses.push_back(std::move(A));
}

/// An element of a local array declared in the nest: private to each
/// iteration of the loops around its declaration, like a nest-local scalar,
/// with its subscripts as further coordinates (any element where they are
/// not affine).
void Analyzer::addLocalArrayRef(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                                unsigned Inst, NestState &N) {
  const Scope &S = *Insts[Inst].Sc;
  const Binding *Found = S.find(R.Array);
  if (!Found || Found->K != Binding::Kind::Local)
    return; // Not declared in this nest: the frontend refuses that.
  unsigned Depth = Found->Depth;
  unsigned Dims = Insts[Inst].Loops.size();
  ConvContext CC;
  CC.OutsideWritten = &N.OutsideWritten;
  CC.useConstantsOf(F);
  std::vector<std::string> Cons;
  for (unsigned D = 0; D < Depth; ++D)
    Cons.push_back("o" + std::to_string(D) + " = it" + std::to_string(D));
  for (size_t K = 0; K < R.Indices.size(); ++K) {
    std::string Why;
    auto P = toPoly(*R.Indices[K], S, CC, Why);
    if (P && P->degree() <= 1)
      Cons.push_back("o" + std::to_string(Depth + K) + " = " + P->toIsl());
  }
  Cons.insert(Cons.end(), CC.DivDefs.begin(), CC.DivDefs.end());
  std::string Target = "l" + std::to_string(Found->LocalId);
  std::string Text =
      islText(CC.ParamsUsed,
              tupleText(Insts[Inst].Name, "it", Dims) + " -> " +
                  tupleText(Target, "o", Depth + R.Indices.size()),
              CC.DivNames, Cons);
  isl_map *M = isl_map_read_from_str(Ctx, Text.c_str());
  if (!M) // Should not happen; any element.
    M = isl_map_read_from_str(
        Ctx, ("{ " + tupleText(Insts[Inst].Name, "it", Dims) + " -> " +
              tupleText(Target, "o", Depth + R.Indices.size()) + " }")
                 .c_str());
  M = isl_map_intersect_domain(M, isl_set_copy(Insts[Inst].Domain));
  Access A;
  A.Inst = Inst;
  A.IsScalar = true; // Private storage: stays across loops outside it.
  A.Target = Target;
  A.LocalDepth = Depth;
  A.Rel = M;
  addRefAccesses(R, IsWrite, AlsoRead, std::move(A), N);
}

/// The write and/or read access of element reference R, from Proto (its
/// instance, target and relation, owned); the write first.
void Analyzer::addRefAccesses(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                              Access Proto, NestState &N) {
  Proto.Text = exprToString(R);
  Proto.Loc = R.Loc;
  Proto.Node = &R;
  bool Reads = !IsWrite || AlsoRead;
  if (IsWrite) {
    Access W = Proto;
    W.IsWrite = true;
    W.Rel = Reads ? isl_map_copy(Proto.Rel) : Proto.Rel;
    N.Accesses.push_back(std::move(W));
  }
  if (Reads) { // Always when !IsWrite.
    Proto.IsWrite = false;
    N.Accesses.push_back(std::move(Proto));
  }
}

void Analyzer::addArrayRef(const ArrayRef &R, bool IsWrite, bool AlsoRead,
                           unsigned Inst, NestState &N) {
  if (R.Local)
    return addLocalArrayRef(R, IsWrite, AlsoRead, Inst, N);
  NestFacts &NF = Facts.Nests[N.Nest];
  RawRef RR{&R, N.Nest, Inst, IsWrite, AlsoRead, NF.Refs.size(),
            {}, {},     "",   {},      nullptr};
  RR.CC.OutsideWritten = &N.OutsideWritten;
  RR.CC.useConstantsOf(F);
  for (const ExprPtr &Idx : R.Indices) {
    std::string Why;
    RR.Subs.push_back(toPoly(*Idx, *Insts[Inst].Sc, RR.CC, Why));
    if (!RR.Subs.back() && RR.Why.empty())
      RR.Why = "the index '" + exprToString(*Idx) + "' is not affine: " + Why;
  }
  RefFacts RF;
  RF.Ref = &R;
  RF.IsWrite = IsWrite;
  NF.Refs.push_back(RF);
  if (IsWrite)
    NF.ArraysWritten.insert(R.Array);
  if (!IsWrite || AlsoRead)
    NF.ArraysRead.insert(R.Array);
  Raw.push_back(std::move(RR));
  Access A;
  A.Inst = Inst;
  A.IsScalar = false;
  A.RawIndex = Raw.size() - 1;
  A.Target = R.Array;
  addRefAccesses(R, IsWrite, AlsoRead, std::move(A), N); // Rel set later.
}

void Analyzer::collectReads(const Expr &E, unsigned Inst, NestState &N) {
  switch (E.getKind()) {
  case Expr::Kind::ArrayRef: {
    const auto &R = llvm::cast<ArrayRef>(E);
    addArrayRef(R, false, false, Inst, N);
    for (auto &I : R.Indices)
      collectReads(*I, Inst, N);
    return;
  }
  case Expr::Kind::VarRef:
    addScalarAccess(llvm::cast<VarRef>(E), false, Inst, N);
    return;
  case Expr::Kind::Unary:
    collectReads(*llvm::cast<UnaryExpr>(E).Operand, Inst, N);
    return;
  case Expr::Kind::Binary: {
    const auto &B = llvm::cast<BinaryExpr>(E);
    collectReads(*B.LHS, Inst, N);
    // `a && b` evaluates b only where a holds, `a || b` where it fails.
    if (B.Op == BinaryOpKind::LAnd || B.Op == BinaryOpKind::LOr)
      collectReads(*B.RHS,
                   guardedInstance(Inst, *B.LHS, B.Op == BinaryOpKind::LOr, N),
                   N);
    else
      collectReads(*B.RHS, Inst, N);
    return;
  }
  case Expr::Kind::Cast:
    collectReads(*llvm::cast<CastExpr>(E).Operand, Inst, N);
    return;
  case Expr::Kind::Select: {
    // C evaluates only the arm the condition picks: each arm's reads happen
    // only where it holds (or fails), which keeps extents to what C touches.
    const auto &S = llvm::cast<SelectExpr>(E);
    collectReads(*S.Cond, Inst, N);
    collectReads(*S.True, guardedInstance(Inst, *S.Cond, false, N), N);
    collectReads(*S.False, guardedInstance(Inst, *S.Cond, true, N), N);
    return;
  }
  case Expr::Kind::Call:
    for (auto &A : llvm::cast<CallExpr>(E).Args)
      collectReads(*A, Inst, N);
    return;
  default:
    return;
  }
}

/// A new instance of Inst's statement restricted to where Cond holds
/// (fails, if Negated): the instance of a read C performs only there.
unsigned Analyzer::guardedInstance(unsigned Inst, const Expr &Cond,
                                   bool Negated, NestState &N) {
  auto It = GuardedContext.find(Inst);
  std::vector<ContextItem> Context =
      It != GuardedContext.end() ? It->second : *WalkStack;
  ContextItem C;
  C.Cond = &Cond;
  C.Negated = Negated;
  C.Sc = Insts[Inst].Sc;
  Context.push_back(C);
  unsigned G = newInstance(Context, Insts[Inst].Loops, Insts[Inst].Sc, N);
  Insts[G].Node = Insts[Inst].Node;
  GuardedContext[G] = std::move(Context);
  return G;
}

void Analyzer::walk(const StmtList &L, Scope S, std::vector<ContextItem> &Stack,
                    std::vector<const ForStmt *> &Loops, NestState &N) {
  WalkStack = &Stack;
  for (size_t Pos = 0; Pos < L.size(); ++Pos) {
    const StmtPtr &St = L[Pos];
    if (BranchDepth == 0)
      Beta.back() = Pos;
    auto Snap = std::make_shared<const Scope>(S);
    if (const auto *A = llvm::dyn_cast<AssignStmt>(St.get())) {
      unsigned I = newInstance(Stack, Loops, Snap, N);
      Insts[I].Node = St.get();
      size_t FirstAccess = N.Accesses.size();
      bool Compound = A->Op != AssignOpKind::Set;
      if (const auto *R = llvm::dyn_cast<ArrayRef>(A->LHS.get())) {
        addArrayRef(*R, true, Compound, I, N);
        for (auto &Idx : R->Indices)
          collectReads(*Idx, I, N);
      } else if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get())) {
        addScalarAccess(*V, true, I, N);
        if (Compound)
          addScalarAccess(*V, false, I, N);
      }
      collectReads(*A->RHS, I, N);
      if (auto M = matchReduction(*A)) {
        // Mark the accesses to the target: the left-hand side and the
        // right-hand side's reads of it.
        for (size_t K = FirstAccess; K < N.Accesses.size(); ++K) {
          Access &X = N.Accesses[K];
          if (X.Node == A->LHS.get() ||
              std::find(M->SelfReads.begin(), M->SelfReads.end(), X.Node) !=
                  M->SelfReads.end())
            X.Reduction = N.Reductions.size();
        }
        N.Reductions.push_back({A, M->Op});
      }
    } else if (const auto *D = llvm::dyn_cast<DeclStmt>(St.get())) {
      unsigned I = newInstance(Stack, Loops, Snap, N);
      Insts[I].Node = St.get();
      if (D->Init)
        collectReads(*D->Init, I, N);
      Binding B;
      B.K = Binding::Kind::Local;
      B.Depth = Loops.size();
      B.LocalId = NextLocal++;
      if (D->Init && !N.AssignedNames.count(D->Name)) {
        B.Init = D->Init;
        B.DeclScope = Snap;
      }
      S.bind(D->Name, B);
      if (D->Init) {
        // The declaration writes the new local; give the instance the scope
        // that sees it.
        auto After = std::make_shared<const Scope>(S);
        Insts[I].Sc = After;
        VarRef Self(D->Name, D->Type, D->Loc);
        addScalarAccess(Self, true, I, N);
      }
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(St.get())) {
      unsigned I = newInstance(Stack, Loops, Snap, N);
      Insts[I].Node = St.get();
      collectReads(*If->Cond, I, N);
      for (int Br = 0; Br < 2; ++Br) {
        ContextItem C;
        C.Cond = If->Cond.get();
        C.Negated = Br == 1;
        C.Sc = Snap;
        Stack.push_back(C);
        ++BranchDepth;
        walk(Br == 0 ? If->Then : If->Else, S, Stack, Loops, N);
        --BranchDepth;
        Stack.pop_back();
      }
    } else if (const auto *Fo = llvm::dyn_cast<ForStmt>(St.get())) {
      unsigned I = newInstance(Stack, Loops, Snap, N);
      Insts[I].Node = St.get();
      collectReads(*Fo->Lower, I, N);
      collectReads(*Fo->Upper, I, N);
      N.Fors.push_back({Fo, (unsigned)Loops.size()});
      ContextItem C;
      C.For = Fo;
      C.Depth = Loops.size();
      C.Sc = Snap;
      Stack.push_back(C);
      Scope Inner = S;
      Binding B;
      B.K = Binding::Kind::Iter;
      B.Depth = Loops.size();
      Inner.bind(Fo->Iter, B);
      Loops.push_back(Fo);
      Beta.push_back(0);
      unsigned Branches = BranchDepth;
      BranchDepth = 0;
      walk(Fo->Body, Inner, Stack, Loops, N);
      BranchDepth = Branches;
      Beta.pop_back();
      Loops.pop_back();
      Stack.pop_back();
    }
  }
}

//===----------------------------------------------------------------------===//
// Access relations
//===----------------------------------------------------------------------===//

isl_map *Analyzer::accessMap(const RawRef &R, const std::string &Array) {
  const Instance &I = Insts[R.Inst];
  std::vector<std::string> Cons;
  std::set<std::string> Params = R.CC.ParamsUsed;
  for (size_t D = 0; D < R.Dims.size(); ++D)
    if (R.Dims[D]) {
      Cons.push_back("o" + std::to_string(D) + " = " + R.Dims[D]->toIsl());
      for (auto &V : R.Dims[D]->vars())
        if (isParamName(V))
          Params.insert(V.substr(2));
    }
  std::vector<std::string> Exists = R.CC.DivNames;
  Cons.insert(Cons.end(), R.CC.DivDefs.begin(), R.CC.DivDefs.end());
  std::string Text = islText(Params,
                             tupleText(I.Name, "it", I.Loops.size()) + " -> " +
                                 tupleText("a_" + Array, "o", R.Dims.size()),
                             Exists, Cons);
  isl_map *M = isl_map_read_from_str(Ctx, Text.c_str());
  if (!M)
    M = isl_map_read_from_str(
        Ctx, ("{ " + tupleText(I.Name, "it", I.Loops.size()) + " -> " +
              tupleText("a_" + Array, "o", R.Dims.size()) + " }")
                 .c_str());
  return isl_map_intersect_domain(M, isl_set_copy(I.Domain));
}

/// Coefficients of the loop iterators in the linearized offset.
void Analyzer::computeStrides(RawRef &R, const Instance &I) {
  const Param *P = F.findParam(R.Ref->Array);
  std::optional<Poly> Offset;
  ConvContext DimCC;
  DimCC.Prefix = "r";
  DimCC.useConstantsOf(F);
  if (R.Subs.size() == 1) {
    Offset = R.Subs[0];
  } else if (P && P->Dims.size() == R.Subs.size()) {
    Poly Off;
    for (size_t K = 0; K < R.Subs.size(); ++K) {
      if (!R.Subs[K])
        return;
      Poly Mult = Poly::constant(1);
      for (size_t L = K + 1; L < P->Dims.size(); ++L) {
        std::string Why;
        std::optional<Poly> D;
        if (P->Dims[L])
          D = toPoly(*P->Dims[L], Scope(), DimCC, Why);
        Mult = Mult * (D ? *D : Poly::var("p_?dim" + std::to_string(L)));
      }
      Off = Off + *R.Subs[K] * Mult;
    }
    Offset = Off;
  }
  if (!Offset)
    return;
  RefFacts &RF = Facts.Nests[R.Nest].Refs[R.FactIndex];
  for (size_t D = 0; D < I.Loops.size(); ++D) {
    std::string It = "it" + std::to_string(D);
    int64_t Coef = 0;
    bool Const = true;
    for (auto &T : Offset->Terms) {
      std::set<std::string> Base;
      for (const std::string &V : T.first) {
        auto Dep = R.CC.DivDeps.find(V);
        auto Dep2 = DimCC.DivDeps.find(V);
        if (Dep != R.CC.DivDeps.end())
          Base.insert(Dep->second.begin(), Dep->second.end());
        else if (Dep2 != DimCC.DivDeps.end())
          Base.insert(Dep2->second.begin(), Dep2->second.end());
        else
          Base.insert(V);
      }
      if (!Base.count(It))
        continue;
      if (T.first == Monomial{It})
        Coef += T.second;
      else
        Const = false;
    }
    if (Const)
      RF.ConstStride[I.Loops[D]->Iter] = Coef;
  }
}

bool Analyzer::assume(const std::string &Array, DelinResult &Res,
                      const std::vector<size_t> &Idx) {
  auto TypeOf = [this](const std::string &N) { return paramType(N); };
  // Checked when the function is called: only its own parameters.
  auto ToExpr = [&](const std::string &Text, ExprPtr &Out) {
    isl_set *S = isl_set_read_from_str(Ctx, Text.c_str());
    if (!S)
      return false;
    for (isl_size D = 0, N = isl_set_dim(S, isl_dim_param); D < N; ++D) {
      std::string PN = isl_set_get_dim_name(S, isl_dim_param, D);
      const Param *P = isParamName(PN) ? F.findParam(PN.substr(2)) : nullptr;
      if (!P || P->isArray()) {
        isl_set_free(S);
        return false;
      }
    }
    Out = paramSetToExpr(S, TypeOf); // Null: every parameter value.
    return true;
  };
  auto And = [](ExprPtr A, ExprPtr B) -> ExprPtr {
    if (!A || !B)
      return A ? A : B;
    return std::make_shared<BinaryExpr>(BinaryOpKind::LAnd, A, B,
                                        ScalarKind::Int);
  };
  ExprPtr Holds, Shown;
  for (const DelinAssumption &A : Res.Assumptions) {
    ExprPtr H, S;
    if (!ToExpr(A.Holds, H) || !ToExpr(A.Shown, S))
      return false;
    Holds = And(Holds, H);
    Shown = And(Shown, S);
  }
  // Messages spell the condition as the user would: "ldc >= n".
  std::function<ExprPtr(const ExprPtr &)> Plain =
      [&](const ExprPtr &X) -> ExprPtr {
    if (const auto *C = llvm::dyn_cast<CastExpr>(X.get()))
      return rewriteExpr(C->Operand, Plain);
    const auto *L = llvm::dyn_cast<IntLit>(X.get());
    if (L && L->Type == ScalarKind::Long && L->Value >= INT32_MIN &&
        L->Value <= INT32_MAX)
      return std::make_shared<IntLit>(L->Value, ScalarKind::Int);
    return nullptr;
  };
  if (Shown)
    Shown = rewriteExpr(Shown, Plain);
  if (Holds)
    Facts.Assumptions.push_back({Holds, Shown ? Shown : Holds, Array,
                                 Res.UnprovenRow, Raw[Idx.front()].Ref->Loc});
  return true;
}

void Analyzer::buildArrayAccesses() {
  // Group the references by array, in source order.
  std::map<std::string, std::vector<size_t>> ByArray;
  for (size_t I = 0; I < Raw.size(); ++I)
    ByArray[Raw[I].Ref->Array].push_back(I);

  for (auto &[Name, Idx] : ByArray) {
    const Param *P = F.findParam(Name);
    bool MultiDim =
        P && P->ParamForm == Param::Form::Array && P->Dims.size() > 1;
    if (MultiDim) {
      for (size_t I : Idx) {
        RawRef &R = Raw[I];
        RefFacts &RF = Facts.Nests[R.Nest].Refs[R.FactIndex];
        RF.Affine = R.Subs.size() == P->Dims.size();
        for (size_t D = 0; D < P->Dims.size(); ++D) {
          std::optional<Poly> S = D < R.Subs.size() ? R.Subs[D] : std::nullopt;
          if (S && S->degree() > 1) {
            if (R.Why.empty())
              R.Why = "the index '" + exprToString(*R.Ref->Indices[D]) +
                      "' is not affine: it multiplies variables";
            S.reset();
          }
          RF.Affine &= S.has_value();
          R.Dims.push_back(S);
        }
        if (!RF.Affine)
          RF.NonAffineReason = R.Why;
      }
    } else {
      std::vector<DelinInput> In;
      for (size_t I : Idx) {
        RawRef &R = Raw[I];
        DelinInput D;
        D.Index = R.Subs.size() == 1 ? R.Subs[0] : std::nullopt;
        D.Domain = Insts[R.Inst].Domain;
        D.CC = &R.CC;
        In.push_back(D);
      }
      DelinResult Res = delinearize(Ctx, In);
      if (!Res.Assumptions.empty() && !assume(Name, Res, Idx)) {
        Res.Why = "splitting it into dimensions needs a subscript within [0, " +
                  Res.UnprovenRow + "), which could not be proven";
        for (auto &D : Res.Dims)
          std::fill(D.begin(), D.end(), std::nullopt);
      }
      Shapes[Name] = Res.Shape;
      for (size_t K = 0; K < Idx.size(); ++K) {
        RawRef &R = Raw[Idx[K]];
        RefFacts &RF = Facts.Nests[R.Nest].Refs[R.FactIndex];
        R.Dims = Res.Dims[K];
        RF.Affine = std::all_of(R.Dims.begin(), R.Dims.end(),
                                [](auto &D) { return D.has_value(); });
        if (!RF.Affine) {
          if (R.Why.empty()) {
            R.Why = "the index '" + exprToString(*R.Ref->Indices[0]) +
                    "' is not affine: " + Res.Why;
            RF.UnprovenRow = Res.UnprovenRow;
          }
          RF.NonAffineReason = R.Why;
        }
      }
    }
    for (size_t I : Idx) {
      Raw[I].Rel = accessMap(Raw[I], Name);
      computeStrides(Raw[I], Insts[Raw[I].Inst]);
    }
  }
  for (NestState &N : Nests)
    for (Access &A : N.Accesses)
      if (!A.IsScalar)
        A.Rel = isl_map_copy(Raw[A.RawIndex].Rel);
}

//===----------------------------------------------------------------------===//
// Parallel loops
//===----------------------------------------------------------------------===//

/// Whether the element A touches is the same in every iteration of the loop
/// at Depth: a scalar declared outside it, or an affine array reference
/// whose subscripts do not involve its iterator.
bool Analyzer::targetStays(const Access &A, unsigned Depth) const {
  if (A.IsScalar)
    return A.LocalDepth <= Depth;
  const RawRef &R = Raw[A.RawIndex];
  std::string It = "it" + std::to_string(Depth);
  for (const std::optional<Poly> &D : R.Dims)
    if (!D || R.CC.baseVars(*D).count(It))
      return false;
  return !R.Dims.empty();
}

/// A conflict the loop at Depth may reorder: both accesses are targets of
/// reduction statements with the same operator, on an element that stays.
bool Analyzer::isReductionPair(const NestState &N, const Access &X,
                               const Access &Y, unsigned Depth) const {
  if (X.Reduction < 0 || Y.Reduction < 0 ||
      N.Reductions[X.Reduction].Op != N.Reductions[Y.Reduction].Op)
    return false;
  if (targetStays(X, Depth) && targetStays(Y, Depth))
    return true;
  // An array the nest only updates with one operator (a histogram's bins,
  // whatever the subscripts): no statement sees an intermediate value, so
  // the updates may happen in any order.
  auto It = N.UpdateOnly.find(X.Target);
  return !X.IsScalar && X.Target == Y.Target && It != N.UpdateOnly.end() &&
         It->second == N.Reductions[X.Reduction].Op;
}

/// The facts of a loop whose carried conflicts are the Excused pairs only.
LoopFacts Analyzer::reductionFacts(
    const NestState &N, const ForStmt &L,
    const std::vector<std::pair<size_t, size_t>> &Excused) const {
  // The reduction statements involved, grouped by target and operator.
  std::set<int> Involved;
  for (const auto &[X, Y] : Excused) {
    Involved.insert(N.Accesses[X].Reduction);
    Involved.insert(N.Accesses[Y].Reduction);
  }
  LoopFacts LF;
  LF.Class = LoopClass::Reduction;
  std::vector<std::string> Parts;
  for (int I : Involved) { // Source order.
    const ReductionStmt &RS = N.Reductions[I];
    std::string Target = exprToString(*RS.Stmt->LHS);
    auto It = std::find_if(LF.Reductions.begin(), LF.Reductions.end(),
                           [&](const ReductionFacts &R) {
                             return R.Target == Target && R.Op == RS.Op;
                           });
    if (It == LF.Reductions.end()) {
      ReductionFacts R;
      R.Target = Target;
      R.IsScalar = llvm::isa<VarRef>(RS.Stmt->LHS.get());
      R.Op = RS.Op;
      R.Type = RS.Stmt->LHS->Type;
      LF.Reductions.push_back(R);
      It = LF.Reductions.end() - 1;
      Parts.push_back(Target + " (" + RS.Op + ")");
    }
    It->Stmts.push_back(RS.Stmt);
  }
  std::string List;
  for (size_t I = 0; I < Parts.size(); ++I)
    List += (I == 0 ? "" : I + 1 == Parts.size() ? " and " : ", ") + Parts[I];
  LF.Reason =
      "reduction into " + List + " across iterations of '" + L.Iter + "'";
  return LF;
}

/// Source, sink, kind and distance of a conflicting pair carried by L.
DependenceFacts Analyzer::blockingFacts(const Access &X, const Access &Y,
                                        isl_map *Carried, const ForStmt &L,
                                        unsigned Depth) const {
  auto Dist = carriedDistance(Carried, Depth, L.Step);
  bool XFirst = !Dist || Dist->FirstIsSource;
  const Access &Src = XFirst ? X : Y, &Snk = XFirst ? Y : X;
  DependenceFacts D;
  D.SourceRef = Src.Text;
  D.SinkRef = Snk.Text;
  D.SourceAt = Src.Loc;
  D.SinkAt = Snk.Loc;
  D.Kind = Src.IsWrite && Snk.IsWrite ? "output"
           : Src.IsWrite              ? "flow"
                                      : "anti";
  auto Affine = [&](const Access &A) {
    return A.IsScalar || Facts.Nests.at(Raw[A.RawIndex].Nest)
                             .Refs[Raw[A.RawIndex].FactIndex]
                             .Affine;
  };
  D.Distance = Dist && Affine(X) && Affine(Y) ? Dist->Distance : "*";
  if (D.Distance.empty())
    D.Distance = "*";
  return D;
}

void Analyzer::testLoops(NestState &N) {
  NestFacts &NF = Facts.Nests[N.Nest];
  const auto &Acc = N.Accesses;
  std::set<std::string> Other; // Arrays touched by another statement too.
  for (const Access &A : Acc) {
    if (A.IsScalar)
      continue;
    if (A.Reduction < 0) {
      Other.insert(A.Target);
      continue;
    }
    auto [It, New] =
        N.UpdateOnly.emplace(A.Target, N.Reductions[A.Reduction].Op);
    if (!New && It->second != N.Reductions[A.Reduction].Op)
      Other.insert(A.Target);
  }
  for (const std::string &A : Other)
    N.UpdateOnly.erase(A);
  // The accesses inside each loop, in order.
  std::map<const ForStmt *, std::vector<size_t>> InLoop;
  for (size_t A = 0; A < Acc.size(); ++A)
    if (Acc[A].Rel)
      for (const ForStmt *L : Insts[Acc[A].Inst].Loops)
        InLoop[L].push_back(A);
  // Each subscript as a linear part (interned) plus a constant, with the
  // deepest iterator it reads: two subscripts with one linear part in
  // iterators the test holds equal and different constants never meet,
  // which settles pairs such as C[3][i][j] and C[4][i][j] without isl.
  struct SubscriptForm {
    bool Known = false;
    unsigned LinearId = 0;
    int64_t Constant = 0;
    int Deepest = -1; ///< Deepest iterator read; -1 for none.
  };
  std::vector<std::vector<SubscriptForm>> Forms(Acc.size());
  {
    std::map<std::map<Monomial, int64_t>, unsigned> LinearIds;
    for (size_t A = 0; A < Acc.size(); ++A) {
      if (Acc[A].IsScalar || Acc[A].RawIndex == SIZE_MAX)
        continue;
      for (const std::optional<Poly> &D : Raw[Acc[A].RawIndex].Dims) {
        SubscriptForm SF;
        if (D && D->degree() <= 1) {
          SF.Known = true;
          std::map<Monomial, int64_t> Linear = D->Terms;
          Linear.erase(Monomial{});
          for (const auto &[Mono, Coef] : Linear) {
            const std::string &V = Mono.front();
            if (isParamName(V))
              continue;
            if (V.rfind("it", 0) == 0 &&
                V.find_first_not_of("0123456789", 2) == std::string::npos &&
                V.size() > 2)
              SF.Deepest = std::max(SF.Deepest, std::stoi(V.substr(2)));
            else
              SF.Known = false; // A local or a division: not comparable.
          }
          SF.Constant = D->constantTerm();
          SF.LinearId = LinearIds.emplace(std::move(Linear), LinearIds.size())
                            .first->second;
        }
        Forms[A].push_back(SF);
      }
    }
  }
  auto NeverMeet = [&](size_t X, size_t Y, unsigned Depth) {
    if (Forms[X].size() != Forms[Y].size())
      return false;
    for (size_t D = 0; D < Forms[X].size(); ++D) {
      const SubscriptForm &FX = Forms[X][D], &FY = Forms[Y][D];
      if (FX.Known && FY.Known && FX.LinearId == FY.LinearId &&
          FX.Deepest < static_cast<int>(Depth) &&
          FY.Deepest < static_cast<int>(Depth) && FX.Constant != FY.Constant)
        return true;
    }
    return false;
  };
  // Pairs of instances of X and Y that touch the same element in the same
  // iterations of the Depth loops around L and in different ones of L.
  auto Carried = [&](isl_map *XRel, isl_map *YRel, unsigned Depth) {
    isl_map *M = isl_map_apply_range(XRel, isl_map_reverse(YRel));
    for (unsigned D = 0; D < Depth; ++D)
      M = isl_map_equate(M, isl_dim_in, D, isl_dim_out, D);
    isl_map *Before = isl_map_order_lt(isl_map_copy(M), isl_dim_in, Depth,
                                       isl_dim_out, Depth);
    return isl_map_union(
        Before, isl_map_order_gt(M, isl_dim_in, Depth, isl_dim_out, Depth));
  };
  for (auto &[L, Depth] : N.Fors) {
    // Conflicting pairs carried by L: reductions it may reorder, and the
    // first other one, which keeps it sequential. Candidates are accesses
    // inside L with one target, one of them a write: distinct pairs first,
    // in order, so the reason names two references where there are two.
    const std::vector<size_t> &Members = InLoop[L];
    // The test needs an access's relation on the loops up to L only: the
    // accesses whose relation projected there is the same up to the
    // statement's name form one class. The isl test runs once per pair of
    // classes, and only pairs of accesses in classes that conflict are
    // visited, so a long nest of similar statements (in as many inner
    // loops) costs one test per distinct pair of access functions.
    std::vector<unsigned> Class(Acc.size(), 0);
    std::vector<isl_map *> ClassRel;
    std::vector<size_t> ClassRep; // An access of each class.
    std::unordered_map<std::string, unsigned> ClassIds;
    std::map<std::pair<std::string, bool>, std::vector<size_t>> ByTarget;
    for (size_t A : Members) {
      const Instance &I = Insts[Acc[A].Inst];
      isl_map *Outer =
          isl_map_project_out(isl_map_copy(Acc[A].Rel), isl_dim_in, Depth + 1,
                              I.Loops.size() - Depth - 1);
      Outer = isl_map_set_tuple_name(Outer, isl_dim_in, "S");
      char *Text = isl_map_to_str(Outer);
      auto [It, New] = ClassIds.emplace(Text ? Text : "", ClassRel.size());
      free(Text);
      if (New) {
        ClassRel.push_back(Outer);
        ClassRep.push_back(A);
      } else {
        isl_map_free(Outer);
      }
      Class[A] = It->second;
      ByTarget[{Acc[A].Target, Acc[A].IsScalar}].push_back(A);
    }
    // Which classes of one target conflict across iterations of L.
    std::set<std::pair<unsigned, unsigned>> Conflicting;
    std::vector<char> HasPartner(ClassRel.size(), 0);
    for (const auto &[Target, Group] : ByTarget) {
      std::vector<unsigned> Cs;
      for (size_t A : Group)
        Cs.push_back(Class[A]);
      std::sort(Cs.begin(), Cs.end());
      Cs.erase(std::unique(Cs.begin(), Cs.end()), Cs.end());
      for (size_t I = 0; I < Cs.size(); ++I)
        for (size_t J = I; J < Cs.size(); ++J) {
          if (NeverMeet(ClassRep[Cs[I]], ClassRep[Cs[J]], Depth))
            continue;
          isl_map *M = Carried(isl_map_copy(ClassRel[Cs[I]]),
                               isl_map_copy(ClassRel[Cs[J]]), Depth);
          bool Carries = isl_map_is_empty(M) != isl_bool_true;
          isl_map_free(M);
          if (!Carries)
            continue;
          Conflicting.insert({Cs[I], Cs[J]});
          HasPartner[Cs[I]] = HasPartner[Cs[J]] = 1;
        }
    }
    for (isl_map *M : ClassRel)
      isl_map_free(M);
    auto Conflict = [&](size_t X, size_t Y) {
      return Conflicting.count({std::min(Class[X], Class[Y]),
                                std::max(Class[X], Class[Y])}) != 0;
    };
    std::vector<std::pair<size_t, size_t>> Excused;
    std::optional<std::pair<size_t, size_t>> Blocking;
    isl_map *BlockingMap = nullptr;
    // False once a blocking pair is found.
    auto Visit = [&](size_t XI, size_t YI) {
      const Access &X = Acc[XI], &Y = Acc[YI];
      if (isReductionPair(N, X, Y, Depth)) {
        Excused.push_back({XI, YI});
        return true;
      }
      Blocking = {XI, YI};
      BlockingMap = Carried(isl_map_copy(X.Rel), isl_map_copy(Y.Rel), Depth);
      return false;
    };
    bool Go = true;
    for (size_t A : Members) {
      if (!Go)
        break;
      if (!HasPartner[Class[A]])
        continue;
      const std::vector<size_t> &Same =
          ByTarget[{Acc[A].Target, Acc[A].IsScalar}];
      for (auto B = std::upper_bound(Same.begin(), Same.end(), A);
           B != Same.end() && Go; ++B)
        if ((Acc[A].IsWrite || Acc[*B].IsWrite) && Conflict(A, *B))
          Go = Visit(A, *B);
    }
    for (size_t A : Members) {
      if (!Go)
        break;
      if (Acc[A].IsWrite && Conflict(A, A))
        Go = Visit(A, A);
    }
    LoopFacts LF;
    if (Blocking) {
      const Access &X = Acc[Blocking->first], &Y = Acc[Blocking->second];
      auto Describe = [](const Access &A) {
        return A.Text + " (" + (A.IsWrite ? "written" : "read") + " at " +
               A.Loc.str() + ")";
      };
      LF.Class = LoopClass::Sequential;
      LF.Reason = Describe(X) + " and " + Describe(Y) + " may touch the same " +
                  (X.IsScalar ? "variable" : "element") +
                  " in different iterations of '" + L->Iter + "'";
      LF.Blocking = blockingFacts(X, Y, BlockingMap, *L, Depth);
    } else if (!Excused.empty()) {
      LF = reductionFacts(N, *L, Excused);
    } else {
      LF.Class = LoopClass::Parallel;
      LF.Parallel = true;
    }
    NF.Loops[L] = LF;
  }
}

//===----------------------------------------------------------------------===//
// Extents
//===----------------------------------------------------------------------===//

ScalarKind Analyzer::paramType(const std::string &Name) const {
  const Param *P = F.findParam(Name);
  return P ? P->Elem : ScalarKind::Long;
}

/// A parameter-free piece of PA extended to every parameter value, when PA
/// has a single piece; PA itself otherwise.
isl_pw_aff *extendSinglePiece(isl_pw_aff *PA) {
  if (isl_pw_aff_n_piece(PA) != 1)
    return PA;
  isl_aff *Only = nullptr;
  isl_pw_aff_foreach_piece(
      PA,
      [](isl_set *S, isl_aff *A, void *U) {
        *static_cast<isl_aff **>(U) = A;
        isl_set_free(S);
        return isl_stat_ok;
      },
      &Only);
  isl_pw_aff_free(PA);
  return isl_pw_aff_from_aff(Only);
}

/// A polynomial over parameters ("p_X") as a Long IR expression.
ExprPtr Analyzer::polyToExpr(const Poly &P) const {
  ExprPtr Sum;
  for (auto &T : P.Terms) {
    ExprPtr Term = longLit(T.second);
    for (const std::string &V : T.first)
      Term = mulLong(
          Term, std::make_shared<VarRef>(V.substr(2), paramType(V.substr(2))));
    Sum = Sum ? addLong(Sum, Term) : Term;
  }
  return Sum ? Sum : longLit(0);
}

/// Bounds of an integer expression's value whatever the arrays and
/// variables it reads hold, where its operators or types bound it (`x &
/// 255`, an unsigned char element, `v % 64`, `u >> 24` of an unsigned
/// int); none otherwise.
std::optional<std::pair<int64_t, int64_t>> valueRange(const Expr &E) {
  using Range = std::pair<int64_t, int64_t>;
  if (isFloating(E.Type))
    return std::nullopt;
  if (const auto *L = llvm::dyn_cast<IntLit>(&E))
    return Range{L->Value, L->Value};
  // What the type holds, for the narrow ones.
  std::optional<Range> OfType;
  switch (E.Type) {
  case ScalarKind::UChar:
    OfType = Range{0, 255};
    break;
  case ScalarKind::Char:
  case ScalarKind::SChar:
    OfType = Range{-128, 127};
    break;
  case ScalarKind::UShort:
    OfType = Range{0, 65535};
    break;
  case ScalarKind::Short:
    OfType = Range{-32768, 32767};
    break;
  case ScalarKind::UInt:
    OfType = Range{0, 4294967295LL};
    break;
  case ScalarKind::Int:
    OfType = Range{-2147483648LL, 2147483647LL};
    break;
  default:
    break;
  }
  // Small enough that sums and products of two stay far from overflow.
  auto Fits = [](const Range &R) {
    const int64_t Big = int64_t(1) << 30;
    return R.first >= -Big && R.second <= Big && R.first <= R.second;
  };
  auto Checked = [&](Range R) -> std::optional<Range> {
    if (OfType && (R.first < OfType->first || R.second > OfType->second))
      return OfType;
    return R;
  };
  if (const auto *C = llvm::dyn_cast<CastExpr>(&E)) {
    auto R = valueRange(*C->Operand);
    return R ? Checked(*R) : OfType;
  }
  if (const auto *S = llvm::dyn_cast<SelectExpr>(&E)) {
    auto A = valueRange(*S->True), B = valueRange(*S->False);
    if (A && B)
      return Checked(
          {std::min(A->first, B->first), std::max(A->second, B->second)});
    return OfType;
  }
  const auto *B = llvm::dyn_cast<BinaryExpr>(&E);
  if (!B)
    return OfType;
  auto X = valueRange(*B->LHS), Y = valueRange(*B->RHS);
  switch (B->Op) {
  case BinaryOpKind::BitAnd:
    // With a non-negative side, the result is within [0, that side].
    if (Y && Y->first >= 0 && (!X || X->first < 0 || X->second > Y->second))
      return Checked({0, Y->second});
    if (X && X->first >= 0)
      return Checked({0, X->second});
    break;
  case BinaryOpKind::Rem:
    // C's remainder takes the dividend's sign, below the divisor in size
    // (an unsigned divisor makes the division unsigned).
    if (Y && Y->first > 0 && isUnsignedKind(B->Type))
      return Checked({0, Y->second - 1});
    if (Y && Y->first > 0) {
      if (X && X->first >= 0)
        return Checked({0, std::min(X->second, Y->second - 1)});
      return Checked({-(Y->second - 1), Y->second - 1});
    }
    break;
  case BinaryOpKind::Shr:
    if (X && Y && X->first >= 0 && Y->first >= 0 && Y->second < 63)
      return Checked({X->first >> Y->second, X->second >> Y->first});
    break;
  case BinaryOpKind::Add:
    if (X && Y && Fits(*X) && Fits(*Y))
      return Checked({X->first + Y->first, X->second + Y->second});
    break;
  case BinaryOpKind::Sub:
    if (X && Y && Fits(*X) && Fits(*Y))
      return Checked({X->first - Y->second, X->second - Y->first});
    break;
  case BinaryOpKind::Mul:
    if (X && Y && Fits(*X) && Fits(*Y)) {
      int64_t P[] = {X->first * Y->first, X->first * Y->second,
                     X->second * Y->first, X->second * Y->second};
      return Checked(
          {*std::min_element(P, P + 4), *std::max_element(P, P + 4)});
    }
    break;
  default:
    break;
  }
  return OfType;
}

/// Rel with each parameter the function assigns renamed to its value when
/// the nest runs ("p_n" -> "p_n_now"), which the extents project out; where
/// the assignments only shrink it (Shrinking), that value is at most
/// max(entry value, 0).
isl_map *Analyzer::atCurrentValues(isl_map *Rel) const {
  for (int D = isl_map_dim(Rel, isl_dim_param) - 1; D >= 0; --D) {
    std::string PN = isl_map_get_dim_name(Rel, isl_dim_param, D);
    if (!isParamName(PN) || !Changed.count(PN.substr(2)))
      continue;
    std::string Now = PN + "_now";
    Rel = isl_map_set_dim_name(Rel, isl_dim_param, D, Now.c_str());
    if (Shrinking.count(PN.substr(2)))
      Rel = isl_map_intersect_params(
          Rel, isl_set_read_from_str(Ctx, ("[" + PN + ", " + Now +
                                           "] -> { : " + Now + " <= " + PN +
                                           " or " + Now + " <= 0 }")
                                              .c_str()));
  }
  return Rel;
}

void Analyzer::inferExtents() {
  std::set<std::string> Used;
  for (auto &[N, NF] : Facts.Nests) {
    Used.insert(NF.ArraysRead.begin(), NF.ArraysRead.end());
    Used.insert(NF.ArraysWritten.begin(), NF.ArraysWritten.end());
  }
  auto TypeOf = [this](const std::string &N) { return paramType(N); };
  // Host constants that stayed parameters (`int w2 = w / 2;`: toPoly)
  // count as the function's; the extent, computed before the body runs,
  // spells their definitions. A parameter the function assigns (`n = 2 *
  // n;`) does not: the entry's value may not be the one a nest runs with.
  auto IsFnParam = [this](const std::string &N) {
    const Param *P = F.findParam(N);
    return (P && !P->isArray() && (!Changed.count(N) || Shrinking.count(N))) ||
           F.HostConstants.count(N);
  };
  std::function<ExprPtr(const ExprPtr &)> Spelled =
      [&](const ExprPtr &X) -> ExprPtr {
    const auto *V = llvm::dyn_cast<VarRef>(X.get());
    auto Def = V ? F.HostConstants.find(V->Name) : F.HostConstants.end();
    if (Def == F.HostConstants.end())
      return nullptr;
    return widenToLong(rewriteExpr(Def->second, Spelled));
  };
  for (const std::string &Name : Used) {
    ArrayExtent &Ext = Facts.Extents[Name];
    // An extent(...) clause wins.
    for (const NestStmt *N : NestOrder) {
      auto It = N->Clauses.Extents.find(Name);
      if (It != N->Clauses.Extents.end()) {
        Ext.Elements = widenToLong(It->second);
        break;
      }
    }
    if (Ext.Elements)
      continue;
    const Param *P = F.findParam(Name);
    bool MultiDim =
        P && P->ParamForm == Param::Form::Array && P->Dims.size() > 1;
    if (MultiDim && std::all_of(P->Dims.begin(), P->Dims.end(),
                                [](auto &D) { return D != nullptr; })) {
      ExprPtr E = longLit(1);
      for (auto &D : P->Dims)
        E = mulLong(E, widenToLong(D));
      Ext.Elements = E;
      continue;
    }

    // From the accesses: the union of the touched elements, with the scalars
    // that are not function parameters projected out (a bound that depends
    // on them becomes unbounded).
    std::vector<size_t> Refs;
    for (const NestStmt *N : NestOrder)
      for (size_t I = 0; I < Raw.size(); ++I)
        if (Raw[I].Nest == N && Raw[I].Ref->Array == Name)
          Refs.push_back(I);
    if (Refs.empty())
      continue;
    // A loop a `break` may end early touches less than its bounds say,
    // and the caller's array may be no longer than what it touches.
    bool PastBreak =
        std::any_of(NestOrder.begin(), NestOrder.end(), [&](const NestStmt *N) {
          return N->ArraysPastBreak.count(Name) > 0;
        });
    // A one-dimensional array declared with its size (float u[n], int
    // hist[256]) and an index the accesses cannot bound (u[(i + 1) % n],
    // hist[img[i]], a search a `break` ends): the declaration states the
    // extent.
    bool Unbounded = std::any_of(Refs.begin(), Refs.end(), [&](size_t I) {
      return !Facts.Nests[Raw[I].Nest].Refs[Raw[I].FactIndex].Affine;
    });
    bool Declared1D = P && P->ParamForm == Param::Form::Array &&
                      P->Dims.size() == 1 && P->Dims[0];
    if (Declared1D && (Unbounded || PastBreak)) {
      Ext.Elements = widenToLong(P->Dims[0]);
      continue;
    }
    std::string Hint = "state it with the clause 'extent(" + Name +
                       ": <number of elements>)' on the '#pragma c2cuda "
                       "kernel' line";
    auto Unknown = [&](const SourceLoc &L) {
      // A parameter the function assigns, read by a nest that touches
      // the array, is the likely cause.
      std::string Assigned;
      std::set<const NestStmt *> Nests;
      for (size_t I : Refs)
        Nests.insert(Raw[I].Nest);
      for (const NestStmt *N : Nests)
        forEachExprIn(N->Body, [&](const Expr &E) {
          const auto *V = llvm::dyn_cast<VarRef>(&E);
          const Param *P = V ? F.findParam(V->Name) : nullptr;
          if (Assigned.empty() && P && !P->isArray() && Changed.count(V->Name))
            Assigned = V->Name;
        });
      Diags.error(
          L,
          "cannot infer how many elements of '" + Name + "' the nest accesses" +
              (Assigned.empty()
                   ? std::string()
                   : ": the function assigns the parameter '" + Assigned +
                         "', so its value as called does not bound "
                         "them"),
          Assigned.empty() ? Hint
                           : Hint +
                                 ", or give the new value a "
                                 "variable of its own ('int " +
                                 Assigned + "2 = ...;')");
    };
    if (PastBreak) {
      Diags.error(Raw[Refs[0]].Ref->Loc,
                  "cannot infer how many elements of '" + Name +
                      "' the nest accesses: a 'break' may end its loop "
                      "before the loop's bound",
                  Hint + ", or declare '" + Name + "' with its dimensions");
      continue;
    }
    auto Project = [&](isl_set *S) {
      for (int D = isl_set_dim(S, isl_dim_param) - 1; D >= 0; --D) {
        std::string PN = isl_set_get_dim_name(S, isl_dim_param, D);
        if (!isParamName(PN) || !IsFnParam(PN.substr(2)))
          S = isl_set_project_out(S, isl_dim_param, D, 1);
      }
      return S;
    };
    isl_set *All = nullptr;
    bool Failed = false;
    unsigned NDims = Raw[Refs[0]].Dims.size();
    for (size_t I : Refs) {
      RawRef &R = Raw[I];
      RefFacts &RF = Facts.Nests[R.Nest].Refs[R.FactIndex];
      if (!RF.Affine) {
        // Rows c2cuda could not prove apart (C[i*ldc + j] with j < n: the
        // caller promises ldc >= n): declared rows state it.
        const std::string &Row = RF.UnprovenRow;
        if (!Row.empty() && P && P->ParamForm == Param::Form::Pointer &&
            P->RecordType.empty()) {
          Diags.error(R.Ref->Loc,
                      "cannot infer how many elements of '" + Name +
                          "' the nest accesses: its rows of " + Row +
                          " elements may overlap for some parameter values",
                      Hint + ", or declare '" + Name + "' as rows of " + Row +
                          " elements ('" + spelling(P->Elem) + " " + Name +
                          "[][" + Row +
                          "]', the sizes declared before it among the "
                          "parameters), which promises that each subscript "
                          "stays within its row");
        } else if (auto Range = R.Ref->Indices.size() == 1
                                    ? valueRange(*R.Ref->Indices[0])
                                    : std::nullopt;
                   Range && Range->first >= 0 && Range->second < (1 << 24)) {
          // A subscript its operators bound (`hist[v[i] & 255]`): the
          // caller's array may still be shorter (the data may not reach
          // the bound), so the extent is the user's to state.
          std::string Count = std::to_string(Range->second + 1);
          std::string Decl = P ? spelling(P->Elem) + std::string(" ") + Name +
                                     "[" + Count + "]"
                               : Name + "[" + Count + "]";
          Diags.error(R.Ref->Loc,
                      "cannot infer how many elements of '" + Name +
                          "' the nest accesses: its subscript depends on "
                          "the data, and is within " +
                          std::to_string(Range->first) + ".." +
                          std::to_string(Range->second),
                      "if '" + Name + "' has " + Count +
                          " elements, state it with 'extent(" + Name + ": " +
                          Count +
                          ")' on the '#pragma c2cuda kernel' line, or "
                          "declare the parameter '" +
                          Decl + "'");
        } else {
          Unknown(R.Ref->Loc);
        }
        Failed = true;
        break;
      }
      isl_set *S = Project(isl_map_range(atCurrentValues(isl_map_copy(R.Rel))));
      // A nest that never runs (after a `return;`) touches nothing.
      if (isl_set_is_empty(S) == isl_bool_true) {
        isl_set_free(S);
        continue;
      }
      // Every dimension must be bounded above and the outer one below.
      bool Bounded = true;
      for (unsigned D = 0; D < NDims && Bounded; ++D) {
        isl_pw_aff *Max = isl_set_dim_max(isl_set_copy(S), D);
        Bounded = Max && isl_pw_aff_involves_nan(Max) == isl_bool_false;
        isl_pw_aff_free(Max);
      }
      if (!Bounded) {
        isl_set_free(S);
        // Loop bounds over the data (CSR's `k < rowptr[i + 1]`): the
        // declaration states the extent.
        if (Declared1D)
          Ext.Elements = widenToLong(P->Dims[0]);
        else
          Unknown(R.Ref->Loc);
        Failed = true;
        break;
      }
      isl_set *NegPart = isl_set_intersect(
          isl_set_copy(S),
          isl_set_read_from_str(
              Ctx, ("{ " + tupleText("a_" + Name, "o", NDims) + " : o0 < 0 }")
                       .c_str()));
      bool MayBeNeg = isl_set_is_empty(NegPart) != isl_bool_true;
      if (MayBeNeg && IgnoreNegativeIndices) {
        S = isl_set_subtract(S, NegPart);
        NegPart = nullptr;
        MayBeNeg = false;
      }
      isl_set_free(NegPart);
      if (MayBeNeg) {
        isl_set_free(S);
        Diags.error(R.Ref->Loc, "index of '" + Name + "' may be negative",
                    "c2cuda copies '" + Name +
                        "' from element 0 on; make sure every index is "
                        "non-negative for all parameter values (check the "
                        "loop bounds), or state the elements with 'extent(" +
                        Name + ": ...)'");
        Failed = true;
        break;
      }
      All = All ? isl_set_union(All, S) : S;
    }
    if (Failed) {
      isl_set_free(All);
      continue;
    }
    if (!All) {
      Ext.Elements = longLit(0);
      continue;
    }
    All = isl_set_coalesce(All);
    isl_set *Where = isl_set_params(isl_set_copy(All));
    // The lexicographically last element touched, simplified where the
    // array is touched at all. Rows are laid out one after another and
    // every inner subscript is within its size (delinearization proves it),
    // so that element has the largest offset: a box of per-dimension maxima
    // would count past it when the last row is not touched to its largest
    // column (F[j*m + j] with F[(j-1)*m + j]).
    std::vector<isl_pw_aff *> Max;
    isl_pw_multi_aff *Last = isl_set_lexmax_pw_multi_aff(isl_set_copy(All));
    for (unsigned D = 0; D < NDims; ++D) {
      isl_pw_aff *M = isl_pw_multi_aff_get_pw_aff(Last, D);
      M = isl_pw_aff_gist(M, isl_set_copy(Where));
      Max.push_back(extendSinglePiece(M));
    }
    isl_pw_multi_aff_free(Last);
    // Strides of the dimensions: row-major sizes of a multi-dim parameter,
    // or the parametric factors found by delinearization.
    std::vector<ExprPtr> Stride(NDims);
    std::vector<std::string> SizeParam(NDims); // isl text of inner sizes.
    bool Bad = false;
    if (MultiDim) {
      ExprPtr S = longLit(1);
      for (int D = NDims - 1; D >= 0; --D) {
        Stride[D] = S;
        if (D > 0)
          S = mulLong(S, P->Dims[D]);
      }
    } else {
      const DelinShape &Sh = Shapes[Name];
      for (unsigned D = 0; D < NDims; ++D) {
        Stride[D] = longLit(1);
        if (D < Sh.Keys.size()) {
          for (auto &V : Sh.Keys[D].vars())
            if (!IsFnParam(V.substr(2)))
              Bad = true;
          Stride[D] = polyToExpr(Sh.Keys[D]);
        }
        if (D < Sh.Sizes.size() && !Sh.Sizes[D].Terms.empty())
          SizeParam[D] = Sh.Sizes[D].toIsl();
      }
    }
    // When every inner dimension reaches its last index, the offset telescopes
    // to (max0 + 1) * stride0, e.g. M * K for A[i*K + k].
    bool Full = NDims > 0 && isLitOne(Stride[NDims - 1]);
    for (unsigned D = 1; D < NDims && Full; ++D) {
      isl_pw_aff *SizeM1 = nullptr;
      if (MultiDim && P->Dims[D]) {
        ConvContext CC;
        std::string Why;
        auto Pd = toPoly(*P->Dims[D], Scope(), CC, Why);
        if (Pd && Pd->degree() <= 1 && CC.DivNames.empty())
          SizeM1 = isl_pw_aff_read_from_str(
              Ctx, ("[" + join(paramNames(CC.ParamsUsed), ", ") + "] -> { [(" +
                    Pd->toIsl() + " - 1)] }")
                       .c_str());
      } else if (!SizeParam[D].empty()) {
        std::set<std::string> Ps;
        for (auto &V : Shapes[Name].Sizes[D].vars())
          Ps.insert(V.substr(2));
        SizeM1 = isl_pw_aff_read_from_str(
            Ctx, ("[" + join(paramNames(Ps), ", ") + "] -> { [(" +
                  SizeParam[D] + " - 1)] }")
                     .c_str());
      }
      if (!SizeM1) {
        Full = false;
        break;
      }
      isl_set *Ne = isl_pw_aff_ne_set(isl_pw_aff_copy(Max[D]), SizeM1);
      Ne = isl_set_intersect_params(Ne, isl_set_copy(Where));
      Full = isl_set_is_empty(Ne) == isl_bool_true;
      isl_set_free(Ne);
    }
    ExprPtr E;
    if (Full) {
      isl_pw_aff *One = isl_pw_aff_val_on_domain(
          isl_set_universe(isl_set_get_space(Where)), isl_val_one(Ctx));
      ExprPtr Outer =
          pwAffToExpr(isl_pw_aff_add(isl_pw_aff_copy(Max[0]), One), TypeOf);
      E = mulLong(Outer, Stride[0]);
    } else {
      E = longLit(1);
      for (unsigned D = 0; D < NDims; ++D)
        E = addLong(E, mulLong(pwAffToExpr(isl_pw_aff_copy(Max[D]), TypeOf),
                               Stride[D]));
    }
    for (isl_pw_aff *M : Max)
      isl_pw_aff_free(M);
    if (!E || Bad) {
      isl_set_free(Where);
      isl_set_free(All);
      Unknown(Raw[Refs[0]].Ref->Loc);
      continue;
    }
    // Zero elements where the nests touch none.
    ExprPtr Cond = paramSetToExpr(isl_set_copy(Where), TypeOf);
    if (Cond)
      E = std::make_shared<SelectExpr>(Cond, E, longLit(0), ScalarKind::Long);
    Ext.Elements = rewriteExpr(E, Spelled);
    isl_set_free(Where);
    isl_set_free(All);
  }
}

FunctionFacts Analyzer::run(const Function &AssignedIn) {
  // A host constant's declaration is its only assignment: one value.
  Changed = scalarsAssigned(AssignedIn);
  for (const auto &[Name, Def] : F.HostConstants)
    Changed.erase(Name);
  Shrinking = shrinkingScalars(AssignedIn, Changed);
  findNests(F.Body, {});
  for (const NestStmt *N : NestOrder) {
    Nests.emplace_back();
    NestState &NS = Nests.back();
    NS.Nest = N;
    Facts.Nests[N];
    prescan(N->Body, {}, NS);
  }
  for (NestState &NS : Nests) {
    // The nest's instances run only where its host conditions hold: what
    // it touches (the copies' extents) is empty elsewhere.
    std::vector<ContextItem> Stack = HostGuards[NS.Nest];
    std::vector<const ForStmt *> Loops;
    Beta = {0};
    walk(NS.Nest->Body, Scope(), Stack, Loops, NS);
  }
  buildArrayAccesses();
  for (NestState &NS : Nests)
    testLoops(NS);
  inferExtents();
  return std::move(Facts);
}

//===----------------------------------------------------------------------===//
// Dependences for restructuring
//===----------------------------------------------------------------------===//

/// I[it0, ..., itd-1] -> [b0, it0, b1, ..., bd, 0, ..., n]: the order the
/// nest runs its instances as written, padded with zeros to Length - 1
/// entries; the last entry, the instance's number, orders the parts of one
/// statement (a branch and what it runs) as they were walked.
isl_map *Analyzer::originalSchedule(const Instance &I, unsigned Length) const {
  unsigned D = I.Loops.size();
  std::vector<std::string> Out;
  for (unsigned K = 0; K <= D; ++K) {
    Out.push_back(std::to_string(K < I.Beta.size() ? I.Beta[K] : 0));
    // A loop counting down runs its larger iterators first.
    if (K < D)
      Out.push_back((I.Loops[K]->Step < 0 ? "-it" : "it") + std::to_string(K));
  }
  while (Out.size() + 1 < Length)
    Out.push_back("0");
  Out.push_back(I.Name.substr(1));
  std::string Text = "{ " + tupleText(I.Name, "it", D) + " -> [";
  for (size_t K = 0; K < Out.size(); ++K)
    Text += (K ? ", " : "") + Out[K];
  Text += "] }";
  return isl_map_read_from_str(Ctx, Text.c_str());
}

std::map<const NestStmt *, NestDependences>
Analyzer::dependences(const std::set<const NestStmt *> &Which,
                      size_t MaxPairs) {
  std::map<const NestStmt *, NestDependences> Out;
  for (const NestState &N : Nests) {
    if (!Which.count(N.Nest))
      continue;
    unsigned Depth = 0;
    for (unsigned I : N.Insts)
      Depth = std::max<unsigned>(Depth, Insts[I].Loops.size());
    std::map<unsigned, isl_map *> Sched;
    for (unsigned I : N.Insts)
      Sched[I] = originalSchedule(Insts[I], 2 * Depth + 2);
    std::map<std::string, std::vector<const Access *>> ByTarget;
    for (const Access &A : N.Accesses)
      if (A.Rel)
        ByTarget[A.Target].push_back(&A);
    size_t Pairs = 0;
    for (auto &[T, List] : ByTarget)
      Pairs += List.size() * List.size();
    if (Pairs <= MaxPairs) {
      isl_union_map *Deps = isl_union_map_empty(isl_space_params_alloc(Ctx, 0));
      for (auto &[T, List] : ByTarget)
        for (const Access *X : List)
          for (const Access *Y : List) {
            if (!X->IsWrite && !Y->IsWrite)
              continue;
            isl_map *Same = isl_map_apply_range(
                isl_map_copy(X->Rel), isl_map_reverse(isl_map_copy(Y->Rel)));
            isl_map *Before = isl_map_lex_lt_map(isl_map_copy(Sched[X->Inst]),
                                                 isl_map_copy(Sched[Y->Inst]));
            Same = isl_map_intersect(Same, Before);
            Deps = isl_union_map_add_map(Deps, Same);
          }
      NestDependences &D = Out[N.Nest];
      char *Text = isl_union_map_to_str(Deps);
      D.Dependences = Text ? Text : "";
      free(Text);
      isl_union_map_free(Deps);
      for (unsigned I : N.Insts)
        D.Statements.push_back({Insts[I].Name, Insts[I].Node, Insts[I].Loops});
    }
    for (auto &[I, M] : Sched)
      isl_map_free(M);
  }
  return Out;
}

} // namespace

FunctionFacts c2cuda::analyzeFunction(const Function &F, DiagnosticList &Diags,
                                      bool IgnoreNegativeIndices,
                                      const Function *AssignedIn) {
  Analyzer A(F, Diags, IgnoreNegativeIndices);
  return A.run(AssignedIn ? *AssignedIn : F);
}

std::map<const NestStmt *, NestDependences> c2cuda::nestDependences(
    const Function &F, const std::set<const NestStmt *> &Which,
    FunctionFacts &Facts, DiagnosticList &Diags, size_t MaxPairs) {
  Analyzer A(F, Diags);
  Facts = A.run(F);
  return A.dependences(Which, MaxPairs);
}

const char *c2cuda::spelling(LoopClass C) {
  switch (C) {
  case LoopClass::Parallel:
    return "parallel";
  case LoopClass::Reduction:
    return "reduction";
  case LoopClass::Sequential:
    return "sequential";
  }
  return "?";
}

int c2cuda::rowsAlong(const NestFacts &NF,
                      const std::vector<const ForStmt *> &Ls,
                      const std::string &Across,
                      const std::set<const ArrayRef *> &Skip) {
  std::map<const ArrayRef *, const ForStmt *> Refs;
  for (const ForStmt *L : Ls)
    forEachExprIn(L->Body, [&](const Expr &E) {
      if (const auto *R = llvm::dyn_cast<ArrayRef>(&E); R && !Skip.count(R))
        Refs[R] = L;
    });
  int AlongL = 0, AlongX = 0;
  bool Strided = false;
  for (const RefFacts &R : NF.Refs) {
    auto In = Refs.find(R.Ref);
    if (In == Refs.end())
      continue;
    auto OnX = R.ConstStride.find(Across);
    Strided |=
        !R.Affine || OnX == R.ConstStride.end() || std::abs(OnX->second) > 1;
    auto Unit = [&](const std::string &It) {
      auto I = R.ConstStride.find(It);
      return I != R.ConstStride.end() && (I->second == 1 || I->second == -1);
    };
    AlongL += Unit(In->second->Iter);
    AlongX += Unit(Across);
  }
  if (AlongL > AlongX)
    return Strided ? 1 : 0;
  return AlongX > 0 ? -1 : 0;
}
