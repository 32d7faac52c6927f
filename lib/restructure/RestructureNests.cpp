//===- RestructureNests.cpp - Parallel loops moved outermost --------------===//

#include "RestructureNests.h"

#include "analysis/BandBox.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <climits>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace c2cuda {

namespace {

/// A statement the restructuring moves as a whole: an assignment, or a
/// branch without loops, with the loops around it.
struct Unit {
  const Stmt *Node = nullptr;
  /// The nest's loops around it, outermost first.
  std::vector<const ForStmt *> Loops;
  /// Its position (or its enclosing loop's) in the tree root's body, then
  /// in the body of each loop below the root.
  std::vector<unsigned> Beta;
};

/// A band dimension: the loop of each unit (an index into Unit::Loops).
using Dim = std::vector<unsigned>;

/// Whether Root is a perfect nest around one body without loops: every
/// statement of the tree is in the same loops.
bool isPerfectNest(const ForStmt &Root) {
  const ForStmt *L = &Root;
  while (L->Body.size() == 1 && isa<ForStmt>(L->Body[0].get()))
    L = cast<ForStmt>(L->Body[0].get());
  bool Loop = false;
  forEachStmt(L->Body, [&](const Stmt &S) { Loop |= isa<ForStmt>(S); });
  return !Loop;
}

std::string tuple(const std::string &Name, unsigned N) {
  std::string T = Name + "[";
  for (unsigned K = 0; K < N; ++K)
    T += (K ? ", i" : "i") + std::to_string(K);
  return T + "]";
}

std::string vec(const std::vector<std::string> &V) {
  std::string T = "[";
  for (size_t K = 0; K < V.size(); ++K)
    T += (K ? ", " : "") + V[K];
  return T + "]";
}

/// Iterator names of Loops that E reads.
std::set<std::string> itersRead(const Expr &E,
                                const std::vector<const ForStmt *> &Loops) {
  std::set<std::string> Out;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = dyn_cast<VarRef>(&X))
      for (const ForStmt *L : Loops)
        if (L->Iter == V->Name)
          Out.insert(V->Name);
  });
  return Out;
}

/// Whether mapping can take L into a band after Earlier: its bounds read
/// none of them, or read them in a form BandBox handles (a triangle).
bool mappableBounds(const ForStmt &L,
                    const std::vector<const ForStmt *> &Earlier) {
  std::set<std::string> Names;
  for (const ForStmt *E : Earlier)
    Names.insert(E->Iter);
  return analysis::bandBoundsOK(L, Names);
}

class TreeRestructurer {
public:
  TreeRestructurer(const NestFacts &Facts, const NestDependences &Deps,
                   DiagnosticList &Diags)
      : Facts(Facts), Diags(Diags) {
    Ctx = isl_ctx_alloc();
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    AllDeps = isl_union_map_read_from_str(Ctx, Deps.Dependences.c_str());
    for (const NestDependences::Statement &S : Deps.Statements)
      InstNode[S.Name] = S.Node;
    for (const RefFacts &R : Facts.Refs)
      Strides[R.Ref] = &R;
  }
  ~TreeRestructurer() {
    isl_union_map_free(AllDeps);
    isl_ctx_free(Ctx);
  }

  /// L with each loop tree restructured, or searched inside when it is
  /// sequential and cannot be; Changed is set when anything was.
  StmtList list(const StmtList &L, std::vector<const ForStmt *> &Outer,
                bool &Changed);

private:
  const NestFacts &Facts;
  DiagnosticList &Diags;
  isl_ctx *Ctx;
  isl_union_map *AllDeps = nullptr;
  std::map<std::string, const Stmt *> InstNode;
  std::map<const ArrayRef *, const RefFacts *> Strides;

  // Per tree.
  std::vector<Unit> Units;
  std::set<const ForStmt *> TreeLoops;
  std::map<const Stmt *, unsigned> UnitOf; ///< Nodes in units, nested too.
  unsigned Depth0 = 0;                     ///< Loops outside the tree.
  /// Scalar declarations are units too (a skew, which keeps every
  /// statement in its place within an iteration, can take them, and so can
  /// a band moved around one body all statements share).
  bool DeclUnits = false;

  StmtPtr tree(const ForStmt &Root, const std::vector<const ForStmt *> &Outer);
  /// Units and TreeLoops of the tree at Root, and its dependences (null when
  /// the tree cannot be restructured).
  isl_union_map *prepare(const ForStmt &Root,
                         const std::vector<const ForStmt *> &Outer);
  /// F split into loops over groups of its statements, each then
  /// restructured, when that is legal and some group can run more loops in
  /// parallel than the AsWritten that F's tree gives; empty otherwise.
  StmtList distribute(const ForStmt &F,
                      const std::vector<const ForStmt *> &Outer,
                      unsigned AsWritten);
  /// F's body with each loop of it that holds several statements split
  /// into a loop per statement, where F so written still runs every
  /// dependence's source first; F's body when none is split.
  StmtList splitInnerLoops(const ForStmt &F,
                           const std::vector<const ForStmt *> &Outer);
  /// Whether a dependence of the nest involves L's bounds.
  bool boundsInDependences(const ForStmt &L) const;
  /// How many loops of the tree at Root could form a parallel band.
  unsigned parallelLoops(const ForStmt &Root,
                         const std::vector<const ForStmt *> &Outer);
  /// Whether the schedule Sched (per unit, isl expressions over i0, i1,
  /// ...; padded with zeros) runs every dependence's source first.
  bool holds(isl_union_map *Deps,
             const std::function<std::vector<std::string>(unsigned)> &Sched);
  bool collect(const StmtList &L, std::vector<const ForStmt *> &Loops,
               std::vector<unsigned> &Beta);
  isl_union_map *treeDependences();
  std::optional<Dim> matchDim(unsigned Loop0, const std::vector<Dim> &Earlier);
  bool coincident(isl_union_map *Deps, const Dim &D);
  bool legal(isl_union_map *Deps, const std::vector<Dim> &Band);
  std::vector<Dim> validBand(std::vector<Dim> Band);
  unsigned bandIndex(const std::vector<Dim> &Band, unsigned U,
                     unsigned Loop) const;
  std::pair<unsigned, unsigned> scoreAsWritten(const ForStmt &Root) const;
  std::pair<unsigned, unsigned> scoreBand(const std::vector<Dim> &Band) const;
  unsigned contiguous(const Stmt &Node, const std::string &Iter) const;
  StmtPtr build(const ForStmt &Root, const std::vector<Dim> &Band);
  void remark(const ForStmt &Root, const std::vector<Dim> &Band);
  /// The perfect nest at Root, none of whose loops can run in parallel,
  /// rewritten as a wavefront; null when no small skew is legal.
  StmtPtr skew(const ForStmt &Root, const std::vector<const ForStmt *> &Outer);
};

StmtList TreeRestructurer::list(const StmtList &L,
                                std::vector<const ForStmt *> &Outer,
                                bool &Changed) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    const auto *F = dyn_cast<ForStmt>(S.get());
    if (!F) {
      Out.push_back(S);
      continue;
    }
    if (StmtPtr New = tree(*F, Outer)) {
      Out.push_back(New);
      Changed = true;
      continue;
    }
    auto It = Facts.Loops.find(F);
    bool Parallel = It != Facts.Loops.end() && It->second.Parallel;
    if (Parallel) {
      // A parallel loop whose body holds a loop beside other statements
      // (an elimination step: `A[i][k] /= A[k][k]; for j: A[i][j] -= ...`)
      // is distributed when a part then runs more loops in parallel.
      bool LoopBeside =
          F->Body.size() > 1 &&
          std::any_of(F->Body.begin(), F->Body.end(),
                      [](const StmtPtr &X) { return isa<ForStmt>(X.get()); });
      StmtList Parts;
      if (LoopBeside)
        Parts = distribute(*F, Outer, std::max(1u, parallelLoops(*F, Outer)));
      if (Parts.empty()) {
        Out.push_back(S);
      } else {
        Out.insert(Out.end(), Parts.begin(), Parts.end());
        Changed = true;
      }
      continue;
    }
    // A sequential loop: distributed over its statements when some of
    // them can then run in parallel; else (a time loop) its steps may be
    // restructured.
    StmtList Parts = distribute(*F, Outer, 0);
    if (!Parts.empty()) {
      Out.insert(Out.end(), Parts.begin(), Parts.end());
      Changed = true;
      continue;
    }
    // No loop of a perfect nest can run in parallel (an in-place stencil
    // over time): a wavefront.
    if (StmtPtr New = skew(*F, Outer)) {
      Out.push_back(New);
      Changed = true;
      continue;
    }
    Outer.push_back(F);
    bool Inner = false;
    StmtList Body = list(F->Body, Outer, Inner);
    Outer.pop_back();
    if (!Inner) {
      Out.push_back(S);
      continue;
    }
    auto G =
        std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower, F->Cmp,
                                  F->Upper, F->Step, std::move(Body), F->Loc);
    G->Unroll = F->Unroll;
    Out.push_back(G);
    Changed = true;
  }
  return Out;
}

bool TreeRestructurer::collect(const StmtList &L,
                               std::vector<const ForStmt *> &Loops,
                               std::vector<unsigned> &Beta) {
  Beta.push_back(0);
  for (size_t Pos = 0; Pos < L.size(); ++Pos) {
    const Stmt *S = L[Pos].get();
    Beta.back() = Pos;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      bool ReadsMemory = false;
      for (const ExprPtr &B : {F->Lower, F->Upper})
        forEachExpr(*B, [&](const Expr &E) {
          ReadsMemory |= isa<ArrayRef>(E) || isa<CallExpr>(E);
        });
      for (const ForStmt *O : Loops)
        if (O->Iter == F->Iter)
          return false; // Shadowing: renaming would be ambiguous.
      if (ReadsMemory)
        return false;
      TreeLoops.insert(F);
      Loops.push_back(F);
      bool OK = collect(F->Body, Loops, Beta);
      Loops.pop_back();
      if (!OK)
        return false;
      continue;
    }
    auto ScalarDecl = [&](const Stmt &X) {
      const auto *D = dyn_cast<DeclStmt>(&X);
      return DeclUnits && D && !D->isArray();
    };
    if (!isa<AssignStmt>(S) && !isa<IfStmt>(S) && !ScalarDecl(*S))
      return false;
    bool HasLoopOrDecl = false;
    if (const auto *I = dyn_cast<IfStmt>(S))
      for (const StmtList *B : {&I->Then, &I->Else})
        forEachStmt(*B, [&](const Stmt &X) {
          HasLoopOrDecl |=
              !isa<AssignStmt>(X) && !isa<IfStmt>(X) && !ScalarDecl(X);
        });
    if (HasLoopOrDecl)
      return false;
    unsigned Index = Units.size();
    Units.push_back({S, Loops, std::vector<unsigned>(Beta)});
    UnitOf[S] = Index;
    if (const auto *I = dyn_cast<IfStmt>(S))
      for (const StmtList *B : {&I->Then, &I->Else})
        forEachStmt(*B, [&](const Stmt &X) { UnitOf[&X] = Index; });
  }
  Beta.pop_back();
  return true;
}

/// The dependences between the tree's units, named U0, U1, ...; null when
/// a dependence involves a loop's bounds.
isl_union_map *TreeRestructurer::treeDependences() {
  struct State {
    TreeRestructurer *T;
    isl_union_map *Out;
    bool Bad = false;
  } St{this, isl_union_map_empty(isl_union_map_get_space(AllDeps))};
  auto Each = [](isl_map *M, void *User) -> isl_stat {
    auto &S = *static_cast<State *>(User);
    auto Where = [&](enum isl_dim_type T) -> int {
      const char *N = isl_map_get_tuple_name(M, T);
      auto It = N ? S.T->InstNode.find(N) : S.T->InstNode.end();
      if (It == S.T->InstNode.end())
        return -2;
      auto U = S.T->UnitOf.find(It->second);
      if (U != S.T->UnitOf.end())
        return U->second;
      if (const auto *F = dyn_cast_or_null<ForStmt>(It->second))
        if (S.T->TreeLoops.count(F))
          return -3; // Bounds of a loop in the tree.
      return -1;     // Outside the tree.
    };
    int A = Where(isl_dim_in), B = Where(isl_dim_out);
    if (A == -3 || B == -3 || A == -2 || B == -2) {
      if (A != -1 && B != -1)
        S.Bad = true;
      isl_map_free(M);
      return isl_stat_ok;
    }
    if (A < 0 || B < 0) {
      isl_map_free(M);
      return isl_stat_ok;
    }
    M = isl_map_set_tuple_name(M, isl_dim_in,
                               ("U" + std::to_string(A)).c_str());
    M = isl_map_set_tuple_name(M, isl_dim_out,
                               ("U" + std::to_string(B)).c_str());
    S.Out = isl_union_map_add_map(S.Out, M);
    return isl_stat_ok;
  };
  isl_union_map_foreach_map(AllDeps, Each, &St);
  if (St.Bad) {
    isl_union_map_free(St.Out);
    return nullptr;
  }
  // Parts of one unit in one iteration (a branch and what it runs) stay
  // together: not an order to keep.
  for (size_t U = 0; U < Units.size(); ++U) {
    std::string T = tuple("U" + std::to_string(U), Units[U].Loops.size());
    isl_union_map *Id = isl_union_map_read_from_str(
        Ctx, ("{ " + T + " -> " + T + " }").c_str());
    St.Out = isl_union_map_subtract(St.Out, Id);
  }
  return St.Out;
}

/// The band dimension made of unit 0's loop Loop0 and, in every other unit,
/// the same loop or one with the same bounds (iterators of Earlier
/// dimensions read under unit 0's names).
std::optional<Dim> TreeRestructurer::matchDim(unsigned Loop0,
                                              const std::vector<Dim> &Earlier) {
  const ForStmt *L0 = Units[0].Loops[Loop0];
  Dim D(Units.size());
  D[0] = Loop0;
  for (size_t U = 1; U < Units.size(); ++U) {
    const Unit &X = Units[U];
    std::map<std::string, std::string> Names;
    std::map<std::string, ScalarKind> Types;
    for (const Dim &E : Earlier) {
      Names[X.Loops[E[U]]->Iter] = Units[0].Loops[E[0]]->Iter;
      Types[Units[0].Loops[E[0]]->Iter] = Units[0].Loops[E[0]]->IterType;
    }
    for (unsigned K = 0; K < Depth0; ++K)
      Types[X.Loops[K]->Iter] = X.Loops[K]->IterType;
    int Found = -1;
    for (unsigned K = Depth0; K < X.Loops.size() && Found < 0; ++K)
      if (X.Loops[K] == L0)
        Found = K;
    for (int Pass = 0; Pass < 2 && Found < 0; ++Pass)
      for (unsigned K = Depth0; K < X.Loops.size() && Found < 0; ++K) {
        const ForStmt *L = X.Loops[K];
        bool Used = false;
        for (const Dim &E : Earlier)
          Used |= E[U] == K;
        if (Used || (Pass == 0 && L->Iter != L0->Iter))
          continue;
        if (L->IterType == L0->IterType && L->Cmp == L0->Cmp &&
            L->Step == L0->Step &&
            sameExpr(*renameVars(L->Lower, Names, Types), *L0->Lower) &&
            sameExpr(*renameVars(L->Upper, Names, Types), *L0->Upper))
          Found = K;
      }
    if (Found < 0)
      return std::nullopt;
    D[U] = Found;
  }
  return D;
}

/// Whether no dependence of Deps between instances with equal iterators
/// of the loops outside the tree runs across different iterations of D.
bool TreeRestructurer::coincident(isl_union_map *Deps, const Dim &D) {
  if (isl_union_map_is_empty(Deps) == isl_bool_true)
    return true;
  isl_union_map *S = isl_union_map_empty(isl_union_map_get_space(Deps));
  for (size_t U = 0; U < Units.size(); ++U) {
    std::vector<std::string> Out;
    for (unsigned K = 0; K < Depth0; ++K)
      Out.push_back("i" + std::to_string(K));
    Out.push_back("i" + std::to_string(D[U]));
    std::string T = "{ " +
                    tuple("U" + std::to_string(U), Units[U].Loops.size()) +
                    " -> " + vec(Out) + " }";
    S = isl_union_map_add_map(S, isl_map_read_from_str(Ctx, T.c_str()));
  }
  isl_union_map *M = isl_union_map_apply_range(
      isl_union_map_apply_domain(isl_union_map_copy(Deps),
                                 isl_union_map_copy(S)),
      S);
  // Pairs in one iteration of the outer loops, in different iterations
  // of D.
  std::vector<std::string> X, Y;
  std::string Cond;
  for (unsigned K = 0; K <= Depth0; ++K) {
    X.push_back("x" + std::to_string(K));
    Y.push_back("y" + std::to_string(K));
    Cond += X[K] + (K < Depth0 ? " = " : " != ") + Y[K] +
            (K < Depth0 ? " and " : "");
  }
  std::string Cross = "{ " + vec(X) + " -> " + vec(Y) + " : " + Cond + " }";
  M = isl_union_map_intersect(M,
                              isl_union_map_read_from_str(Ctx, Cross.c_str()));
  isl_bool Empty = isl_union_map_is_empty(M);
  isl_union_map_free(M);
  return Empty == isl_bool_true;
}

unsigned TreeRestructurer::bandIndex(const std::vector<Dim> &Band, unsigned U,
                                     unsigned Loop) const {
  for (size_t D = 0; D < Band.size(); ++D)
    if (Band[D][U] == Loop)
      return D;
  return UINT_MAX;
}

/// Band without the dimensions whose loops cannot be moved outermost: a
/// loop that is in the band for one unit and not (or as another dimension)
/// for another, or whose bounds read a loop of the tree outside the band's
/// earlier dimensions.
std::vector<Dim> TreeRestructurer::validBand(std::vector<Dim> Band) {
  for (bool Again = true; Again;) {
    Again = false;
    std::map<const ForStmt *, unsigned> Role;
    for (size_t D = 0; D < Band.size() && !Again; ++D) {
      for (size_t U = 0; U < Units.size() && !Again; ++U) {
        const Unit &X = Units[U];
        for (unsigned K = Depth0; K < X.Loops.size() && !Again; ++K) {
          unsigned R = bandIndex(Band, U, K);
          auto [It, New] = Role.emplace(X.Loops[K], R);
          if (!New && It->second != R) {
            Band.erase(Band.begin() + std::min(R, It->second));
            Again = true;
          }
        }
        if (Again)
          break;
        const ForStmt *L = X.Loops[Band[D][U]];
        std::vector<const ForStmt *> Tree(X.Loops.begin() + Depth0,
                                          X.Loops.end());
        std::set<std::string> Allowed;
        for (size_t E = 0; E < D; ++E)
          Allowed.insert(X.Loops[Band[E][U]]->Iter);
        for (const ExprPtr &B : {L->Lower, L->Upper})
          for (const std::string &N : itersRead(*B, Tree))
            if (!Allowed.count(N) && !Again) {
              Band.erase(Band.begin() + D);
              Again = true;
            }
      }
    }
  }
  return Band;
}

/// References in Node contiguous along Iter (writes count twice, as the
/// mapping counts them).
unsigned TreeRestructurer::contiguous(const Stmt &Node,
                                      const std::string &Iter) const {
  unsigned N = 0;
  auto Count = [&](const Expr &E) {
    const auto *R = dyn_cast<ArrayRef>(&E);
    if (!R)
      return;
    auto It = Strides.find(R);
    if (It == Strides.end())
      return;
    auto S = It->second->ConstStride.find(Iter);
    if (S != It->second->ConstStride.end() &&
        (S->second == 1 || S->second == -1))
      N += It->second->IsWrite ? 2 : 1;
  };
  StmtList One = {std::shared_ptr<const Stmt>(&Node, [](const Stmt *) {})};
  forEachExprIn(One, Count);
  return N;
}

/// (loops mapping takes, most references contiguous along one of them) for
/// the tree as written: its perfectly nested parallel loops from the root.
std::pair<unsigned, unsigned>
TreeRestructurer::scoreAsWritten(const ForStmt &Root) const {
  std::vector<const ForStmt *> Band = bandAsWritten(Root, Facts);
  unsigned Best = 0;
  for (const ForStmt *L : Band) {
    unsigned N = 0;
    for (const Unit &U : Units)
      if (std::find(U.Loops.begin(), U.Loops.end(), L) != U.Loops.end())
        N += contiguous(*U.Node, L->Iter);
    Best = std::max(Best, N);
  }
  return {(unsigned)Band.size(), Best};
}

std::pair<unsigned, unsigned>
TreeRestructurer::scoreBand(const std::vector<Dim> &Band) const {
  unsigned Mapped = 0, Best = 0;
  for (size_t D = 0; D < Band.size() && Mapped < 3; ++D) {
    bool Mappable = true;
    for (size_t U = 0; U < Units.size(); ++U) {
      const ForStmt *L = Units[U].Loops[Band[D][U]];
      std::vector<const ForStmt *> Earlier;
      for (size_t E = 0; E < D; ++E)
        Earlier.push_back(Units[U].Loops[Band[E][U]]);
      Mappable &= mappableBounds(*L, Earlier);
    }
    if (!Mappable)
      break;
    ++Mapped;
    unsigned N = 0;
    for (size_t U = 0; U < Units.size(); ++U)
      N += contiguous(*Units[U].Node, Units[U].Loops[Band[D][U]]->Iter);
    Best = std::max(Best, N);
  }
  return {Mapped, Best};
}

/// Whether running the band outermost, then everything else in its order
/// as written, keeps every dependence.
bool TreeRestructurer::holds(
    isl_union_map *Deps,
    const std::function<std::vector<std::string>(unsigned)> &Sched) {
  std::vector<std::vector<std::string>> Out;
  size_t Length = 0;
  for (size_t U = 0; U < Units.size(); ++U) {
    Out.push_back(Sched(U));
    Length = std::max(Length, Out.back().size());
  }
  isl_union_map *S = isl_union_map_empty(isl_union_map_get_space(Deps));
  for (size_t U = 0; U < Units.size(); ++U) {
    Out[U].resize(Length, "0");
    std::string T = "{ " +
                    tuple("U" + std::to_string(U), Units[U].Loops.size()) +
                    " -> " + vec(Out[U]) + " }";
    S = isl_union_map_add_map(S, isl_map_read_from_str(Ctx, T.c_str()));
  }
  isl_union_map *Before =
      isl_union_map_lex_lt_union_map(isl_union_map_copy(S), S);
  isl_bool OK = isl_union_map_is_subset(Deps, Before);
  isl_union_map_free(Before);
  return OK == isl_bool_true;
}

/// Whether running the band outermost, then everything else in its order
/// as written, keeps every dependence.
bool TreeRestructurer::legal(isl_union_map *Deps,
                             const std::vector<Dim> &Band) {
  return holds(Deps, [&](unsigned U) {
    const Unit &X = Units[U];
    std::vector<std::string> Out;
    for (unsigned K = 0; K < Depth0; ++K)
      Out.push_back("i" + std::to_string(K));
    for (const Dim &D : Band)
      Out.push_back("i" + std::to_string(D[U]));
    for (unsigned K = Depth0; K < X.Loops.size(); ++K) {
      // A loop counting down runs its larger iterators first.
      std::string I = (X.Loops[K]->Step < 0 ? "-i" : "i") + std::to_string(K);
      Out.push_back(bandIndex(Band, U, K) == UINT_MAX ? I : "0");
      Out.push_back(std::to_string(X.Beta[K - Depth0]));
    }
    return Out;
  });
}

StmtPtr TreeRestructurer::build(const ForStmt &Root,
                                const std::vector<Dim> &Band) {
  std::map<const ForStmt *, const ForStmt *> Canon; // Band loop -> unit 0's.
  for (const Dim &D : Band)
    for (size_t U = 0; U < Units.size(); ++U)
      Canon[Units[U].Loops[D[U]]] = Units[0].Loops[D[0]];
  std::function<StmtList(const StmtList &)> Splice =
      [&](const StmtList &L) -> StmtList {
    StmtList Out;
    for (const StmtPtr &S : L) {
      const auto *F = dyn_cast<ForStmt>(S.get());
      if (!F) {
        Out.push_back(S);
        continue;
      }
      StmtList Body = Splice(F->Body);
      auto C = Canon.find(F);
      if (C == Canon.end()) {
        auto G = std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower,
                                           F->Cmp, F->Upper, F->Step,
                                           std::move(Body), F->Loc);
        G->Unroll = F->Unroll;
        Out.push_back(G);
        continue;
      }
      if (F->Iter != C->second->Iter) {
        Body = rewriteStmts(Body, [&](const ExprPtr &E) -> ExprPtr {
          const auto *V = dyn_cast<VarRef>(E.get());
          if (!V || V->Name != F->Iter)
            return nullptr;
          return std::make_shared<VarRef>(C->second->Iter, C->second->IterType,
                                          V->Loc);
        });
      }
      Out.insert(Out.end(), Body.begin(), Body.end());
    }
    return Out;
  };
  StmtList Body =
      Splice({std::shared_ptr<const Stmt>(&Root, [](const Stmt *) {})});
  for (size_t D = Band.size(); D-- > 0;) {
    const ForStmt *L = Units[0].Loops[Band[D][0]];
    Body = {std::make_shared<ForStmt>(L->Iter, L->IterType, L->Lower, L->Cmp,
                                      L->Upper, L->Step, std::move(Body),
                                      L->Loc)};
  }
  return Body.front();
}

void TreeRestructurer::remark(const ForStmt &Root,
                              const std::vector<Dim> &Band) {
  std::vector<std::string> Parts;
  auto Named = [](const ForStmt *L) {
    return "'" + L->Iter + "' (line " + std::to_string(L->Loc.Line) + ")";
  };
  std::set<const ForStmt *> Said;
  std::string Names;
  for (const Dim &D : Band) {
    const ForStmt *L0 = Units[0].Loops[D[0]];
    Names += (Names.empty() ? "'" : ", '") + L0->Iter + "'";
    std::vector<const ForStmt *> Fused;
    for (size_t U = 0; U < Units.size(); ++U) {
      const ForStmt *L = Units[U].Loops[D[U]];
      if (std::find(Fused.begin(), Fused.end(), L) == Fused.end())
        Fused.push_back(L);
      // Moved: a loop of the tree outside it is not in the band.
      for (unsigned K = Depth0; K < D[U]; ++K)
        if (bandIndex(Band, U, K) == UINT_MAX && Said.insert(L).second) {
          Parts.push_back("moved loop " + Named(L) + " outside loop " +
                          Named(Units[U].Loops[K]));
          break;
        }
    }
    if (Fused.size() > 1) {
      std::string F = "fused the loops " + Named(Fused[0]);
      for (size_t K = 1; K < Fused.size(); ++K)
        F += (K + 1 == Fused.size() ? " and " : ", ") + Named(Fused[K]);
      Parts.push_back(F);
    }
  }
  if (Parts.empty())
    return; // A part of a distributed loop, unchanged: that remark says it.
  std::string Msg = "restructured the loops: ";
  for (size_t K = 0; K < Parts.size(); ++K)
    Msg += (K ? "; " : "") + Parts[K];
  Msg += (Parts.empty() ? "" : "; ") +
         (Band.size() == 1 ? "loop " + Names + " now runs in parallel"
                           : "loops " + Names + " now run in parallel");
  Diags.remark(Root.Loc, Msg, "--no-restructure keeps the loops as written");
}

isl_union_map *
TreeRestructurer::prepare(const ForStmt &Root,
                          const std::vector<const ForStmt *> &Outer) {
  Units.clear();
  TreeLoops.clear();
  UnitOf.clear();
  Depth0 = Outer.size();
  std::vector<const ForStmt *> Loops = Outer;
  std::vector<unsigned> Beta;
  StmtList One = {std::shared_ptr<const Stmt>(&Root, [](const Stmt *) {})};
  if (!collect(One, Loops, Beta) || Units.empty() || Units.size() > 64 ||
      !AllDeps)
    return nullptr;
  for (Unit &U : Units) // The root is the tree's only statement.
    U.Beta.erase(U.Beta.begin());
  return treeDependences();
}

unsigned
TreeRestructurer::parallelLoops(const ForStmt &Root,
                                const std::vector<const ForStmt *> &Outer) {
  isl_union_map *Deps = prepare(Root, Outer);
  if (!Deps)
    return 0;
  std::vector<Dim> Band;
  for (unsigned K = Depth0; K < Units[0].Loops.size(); ++K)
    if (auto D = matchDim(K, Band))
      if (coincident(Deps, *D))
        Band.push_back(*D);
  isl_union_map_free(Deps);
  return validBand(std::move(Band)).size();
}

bool TreeRestructurer::boundsInDependences(const ForStmt &L) const {
  struct State {
    const TreeRestructurer *T;
    const ForStmt *L;
    bool Found = false;
  } St{this, &L};
  isl_union_map_foreach_map(
      AllDeps,
      [](isl_map *M, void *User) -> isl_stat {
        auto &S = *static_cast<State *>(User);
        for (enum isl_dim_type T : {isl_dim_in, isl_dim_out}) {
          const char *N = isl_map_get_tuple_name(M, T);
          auto It = N ? S.T->InstNode.find(N) : S.T->InstNode.end();
          S.Found |= It != S.T->InstNode.end() && It->second == S.L;
        }
        isl_map_free(M);
        return isl_stat_ok;
      },
      &St);
  return St.Found;
}

// bicg's `for i { q[i] = 0; for j { s[j] += r[i] * A[i][j]; q[i] += A[i][j]
// * p[j]; } }`: the j loop must be split before distributing i can give
// `s[j] += ...` a loop of its own (then interchanged, j parallel).
StmtList
TreeRestructurer::splitInnerLoops(const ForStmt &F,
                                  const std::vector<const ForStmt *> &Outer) {
  if (!AllDeps || boundsInDependences(F))
    return F.Body;
  StmtList Body;
  bool Split = false;
  for (const StmtPtr &S : F.Body) {
    const auto *G = dyn_cast<ForStmt>(S.get());
    if (!G || G->Body.size() < 2 || boundsInDependences(*G)) {
      Body.push_back(S);
      continue;
    }
    for (const StmtPtr &X : G->Body) {
      auto Copy =
          std::make_shared<ForStmt>(G->Iter, G->IterType, G->Lower, G->Cmp,
                                    G->Upper, G->Step, StmtList{X}, G->Loc);
      Copy->Unroll = G->Unroll;
      Body.push_back(Copy);
    }
    Split = true;
  }
  if (!Split)
    return F.Body;
  auto Written = std::make_shared<ForStmt>(F.Iter, F.IterType, F.Lower, F.Cmp,
                                           F.Upper, F.Step, Body, F.Loc);
  isl_union_map *Deps = prepare(*Written, Outer);
  if (!Deps)
    return F.Body;
  bool OK = holds(Deps, [&](unsigned U) {
    std::vector<std::string> Out;
    for (unsigned K = 0; K < Units[U].Loops.size(); ++K) {
      Out.push_back("i" + std::to_string(K));
      if (K >= Depth0)
        Out.push_back(std::to_string(Units[U].Beta[K - Depth0]));
    }
    return Out;
  });
  isl_union_map_free(Deps);
  return OK ? Body : F.Body;
}

StmtList TreeRestructurer::distribute(const ForStmt &F,
                                      const std::vector<const ForStmt *> &Outer,
                                      unsigned AsWritten) {
  StmtList Body = splitInnerLoops(F, Outer);
  if (Body.size() < 2)
    return {};
  auto LoopOver = [&](StmtList Body) {
    return std::make_shared<ForStmt>(F.Iter, F.IterType, F.Lower, F.Cmp,
                                     F.Upper, F.Step, std::move(Body), F.Loc);
  };
  // F as it is distributed: with its inner loops split where they were.
  std::shared_ptr<ForStmt> Whole = LoopOver(Body);
  const ForStmt &Split = Body == F.Body ? F : *Whole;
  // Groups of consecutive statements: a statement joins the group before
  // it when together they keep as many parallel loops as each alone.
  std::vector<StmtList> Groups;
  std::vector<unsigned> GroupOf; // By position in F's body.
  unsigned Last = 0;
  for (const StmtPtr &S : Body) {
    unsigned Alone = parallelLoops(*LoopOver({S}), Outer);
    if (!Groups.empty()) {
      StmtList Joined = Groups.back();
      Joined.push_back(S);
      unsigned Together = parallelLoops(*LoopOver(Joined), Outer);
      if (Together >= std::max(Last, Alone)) {
        Groups.back() = std::move(Joined);
        GroupOf.push_back(Groups.size() - 1);
        Last = Together;
        continue;
      }
    }
    Groups.push_back({S});
    GroupOf.push_back(Groups.size() - 1);
    Last = Alone;
  }
  if (Groups.size() < 2)
    return {};
  std::vector<std::shared_ptr<ForStmt>> Parts;
  bool Gains = false;
  for (const StmtList &G : Groups) {
    Parts.push_back(LoopOver(G));
    Gains |= parallelLoops(*Parts.back(), Outer) > AsWritten;
  }
  if (!Gains)
    return {};
  // Each group in its own copy of F, in their order.
  isl_union_map *Deps = prepare(Split, Outer);
  if (!Deps)
    return {};
  bool OK = holds(Deps, [&](unsigned U) {
    std::vector<std::string> Out;
    for (unsigned K = 0; K < Depth0; ++K)
      Out.push_back("i" + std::to_string(K));
    Out.push_back(std::to_string(GroupOf[Units[U].Beta[0]]));
    for (unsigned K = Depth0; K < Units[U].Loops.size(); ++K) {
      Out.push_back("i" + std::to_string(K));
      Out.push_back(std::to_string(Units[U].Beta[K - Depth0]));
    }
    return Out;
  });
  isl_union_map_free(Deps);
  if (!OK)
    return {};
  Diags.remark(F.Loc,
               "distributed loop '" + F.Iter + "' into " +
                   std::to_string(Groups.size()) + " loops, so that " +
                   (AsWritten ? "some of its statements run more loops in "
                                "parallel"
                              : "the statements that can run in parallel do"),
               "--no-restructure keeps the loops as written");
  StmtList Out;
  for (const auto &P : Parts) {
    StmtPtr New = tree(*P, Outer);
    Out.push_back(New ? New : StmtPtr(P));
  }
  return Out;
}

StmtPtr TreeRestructurer::tree(const ForStmt &Root,
                               const std::vector<const ForStmt *> &Outer) {
  // In a perfect nest the body may declare scalars (a Thomas sweep's `float
  // den = ...`): moving loops around the body keeps each declaration before
  // its uses in the same iteration, where it was.
  DeclUnits = isPerfectNest(Root);
  isl_union_map *Deps = prepare(Root, Outer);
  DeclUnits = false;
  if (!Deps)
    return nullptr;
  std::vector<Dim> Band;
  for (unsigned K = Depth0; K < Units[0].Loops.size(); ++K)
    if (auto D = matchDim(K, Band))
      if (coincident(Deps, *D))
        Band.push_back(*D);
  Band = validBand(std::move(Band));
  StmtPtr Result;
  if (!Band.empty() && scoreBand(Band) > scoreAsWritten(Root) &&
      legal(Deps, Band)) {
    Result = build(Root, Band);
    remark(Root, Band);
  }
  isl_union_map_free(Deps);
  return Result;
}

StmtPtr TreeRestructurer::skew(const ForStmt &Root,
                               const std::vector<const ForStmt *> &Outer) {
  // A perfect nest of at least two loops counting up or down by 1, none of
  // them parallel, around statements (and loops that run whole within one
  // iteration of the innermost). Bounds may read outer
  // loops of the nest where BandBox can bound them (a triangle).
  std::vector<const ForStmt *> Nest;
  std::set<std::string> Iters;
  for (const ForStmt *L = &Root; L;) {
    auto It = Facts.Loops.find(L);
    bool Up = L->Step == 1 && (L->Cmp == LoopCmp::LT || L->Cmp == LoopCmp::LE);
    bool Down =
        L->Step == -1 && (L->Cmp == LoopCmp::GT || L->Cmp == LoopCmp::GE);
    if (It == Facts.Loops.end() || It->second.Parallel ||
        It->second.Class != LoopClass::Sequential || !(Up || Down) ||
        !analysis::bandBoundsOK(*L, Iters))
      return nullptr;
    for (const ExprPtr &B : {L->Lower, L->Upper}) {
      bool Bad = false;
      forEachExpr(*B, [&](const Expr &E) {
        Bad |= isa<ArrayRef>(E) || isa<CallExpr>(E);
      });
      if (Bad || isFloating(B->Type))
        return nullptr;
    }
    Nest.push_back(L);
    Iters.insert(L->Iter);
    L = L->Body.size() == 1 ? dyn_cast<ForStmt>(L->Body[0].get()) : nullptr;
  }
  size_t D = Nest.size();
  if (D < 2 || D > 4)
    return nullptr;
  DeclUnits = true;
  isl_union_map *Deps = prepare(Root, Outer);
  DeclUnits = false;
  if (!Deps)
    return nullptr;
  // Loops inside the innermost one (a reduction over k of an interval's
  // split points) run whole within one iteration, as written.
  for (const Unit &U : Units)
    if (U.Loops.size() < Depth0 + D)
      return isl_union_map_free(Deps), nullptr;
  // The wavefront w = sum of C[k] * it_k with C of the innermost loop 1
  // (so that its iterator is w minus the others): the smallest coefficients
  // (by absolute value; negative ones for loops counting down) for which
  // every dependence between distinct iterations crosses from one
  // wavefront to a later one, so a wavefront's points are independent.
  std::vector<std::vector<int64_t>> Candidates;
  std::vector<int64_t> C(D, 0);
  int64_t Min = D > 3 ? 0 : -6;
  std::function<void(size_t)> Enumerate = [&](size_t K) {
    if (K + 1 == D) {
      C[K] = 1;
      Candidates.push_back(C);
      return;
    }
    for (int64_t V = Min; V <= 6; ++V) {
      C[K] = V;
      Enumerate(K + 1);
    }
  };
  Enumerate(0);
  auto Size = [](const std::vector<int64_t> &A) {
    int64_t S = 0;
    for (int64_t V : A)
      S += V < 0 ? -V : V;
    return S;
  };
  std::stable_sort(
      Candidates.begin(), Candidates.end(),
      [&](const std::vector<int64_t> &A, const std::vector<int64_t> &B) {
        return Size(A) < Size(B);
      });
  // Within one iteration the statements (and loops inside the innermost)
  // keep their order, so only the dependences between two iterations of
  // the nest constrain the wave: those must cross to a later one. (The
  // statement order does not hold between two iterations of one wave:
  // they run at once.)
  struct Split {
    unsigned Same;
    isl_union_map *Across;
  } Sp{Depth0 + static_cast<unsigned>(D),
       isl_union_map_empty(isl_union_map_get_space(Deps))};
  isl_union_map_foreach_map(
      Deps,
      [](isl_map *M, void *User) -> isl_stat {
        auto &Sp = *static_cast<Split *>(User);
        isl_map *Same = isl_map_copy(M);
        for (unsigned K = 0; K < Sp.Same; ++K)
          Same = isl_map_equate(Same, isl_dim_in, K, isl_dim_out, K);
        Sp.Across = isl_union_map_add_map(Sp.Across, isl_map_subtract(M, Same));
        return isl_stat_ok;
      },
      &Sp);
  isl_union_map_free(Deps);
  std::optional<std::vector<int64_t>> Wave;
  for (const std::vector<int64_t> &Cand : Candidates) {
    bool OK = holds(Sp.Across, [&](unsigned U) {
      std::vector<std::string> Out;
      for (unsigned K = 0; K < Depth0; ++K)
        Out.push_back("i" + std::to_string(K));
      std::string W = "0";
      for (size_t K = 0; K < D; ++K)
        if (Cand[K])
          W += " + " + std::to_string(Cand[K]) + "*i" +
               std::to_string(Depth0 + K);
      Out.push_back(W);
      return Out;
    });
    if (OK) {
      Wave = Cand;
      break;
    }
  }
  isl_union_map_free(Sp.Across);
  if (!Wave)
    return nullptr;

  // for (long long w = lo; w <= hi; w++)
  //   for it_0 .. it_{D-2} (as written)
  //     { T it_{D-1} = w - sum C[k] * it_k; if (it_{D-1} in its bounds) S }
  std::set<std::string> Names;
  forEachStmt({std::shared_ptr<const Stmt>(&Root, [](const Stmt *) {})},
              [&](const Stmt &St) {
                if (const auto *F = dyn_cast<ForStmt>(&St))
                  Names.insert(F->Iter);
              });
  forEachExprIn({std::shared_ptr<const Stmt>(&Root, [](const Stmt *) {})},
                [&](const Expr &E) {
                  if (const auto *V = dyn_cast<VarRef>(&E))
                    Names.insert(V->Name);
                });
  for (const ForStmt *L : Outer)
    Names.insert(L->Iter);
  std::string W = "wave";
  for (unsigned N = 1; Names.count(W); ++N)
    W = "wave" + std::to_string(N);
  constexpr ScalarKind Long = ScalarKind::Long;
  auto Lit = [](int64_t V) {
    return std::make_shared<IntLit>(V, ScalarKind::Long);
  };
  auto AsLong = [&](const ExprPtr &E) -> ExprPtr {
    return E->Type == Long ? E : std::make_shared<CastExpr>(E, Long);
  };
  auto Bin = [&](BinaryOpKind Op, ExprPtr A, ExprPtr B) -> ExprPtr {
    return std::make_shared<BinaryExpr>(Op, AsLong(A), AsLong(B), Long);
  };
  auto Scaled = [&](int64_t K, ExprPtr E) {
    return K == 1 ? AsLong(E) : Bin(BinaryOpKind::Mul, Lit(K), E);
  };
  // w over the nest's bounding box: a wavefront outside the nest runs no
  // iteration.
  analysis::BandBox Box = analysis::bandBox(Nest);
  std::map<std::string, std::pair<ExprPtr, ExprPtr>> Range;
  LinearForm Plus{Lit(0), {}}, Minus{Lit(0), {}};
  for (size_t K = 0; K < D; ++K) {
    Range[Nest[K]->Iter] = {Box.Lo[K], Box.Hi[K]};
    if ((*Wave)[K]) {
      Plus.Coef[Nest[K]->Iter] = (*Wave)[K];
      Minus.Coef[Nest[K]->Iter] = -(*Wave)[K];
    }
  }
  ExprPtr Hi = analysis::maxOverBox(Plus, Range);
  ExprPtr Lo = analysis::maxOverBox(Minus, Range);
  if (const auto *V = dyn_cast<IntLit>(Lo.get()))
    Lo = Lit(-V->Value);
  else
    Lo = std::make_shared<UnaryExpr>(UnaryOpKind::Neg, Lo, ScalarKind::Long);
  const ForStmt *In = Nest.back();
  ExprPtr Value = std::make_shared<VarRef>(W, Long);
  for (size_t K = 0; K + 1 < D; ++K)
    if (int64_t V = (*Wave)[K])
      Value = Bin(
          V > 0 ? BinaryOpKind::Sub : BinaryOpKind::Add, Value,
          Scaled(V > 0 ? V : -V,
                 std::make_shared<VarRef>(Nest[K]->Iter, Nest[K]->IterType)));
  auto InVar = std::make_shared<VarRef>(In->Iter, In->IterType);
  bool InUp = In->Step > 0;
  BinaryOpKind Past = In->Cmp == LoopCmp::LT   ? BinaryOpKind::LT
                      : In->Cmp == LoopCmp::LE ? BinaryOpKind::LE
                      : In->Cmp == LoopCmp::GT ? BinaryOpKind::GT
                                               : BinaryOpKind::GE;
  ExprPtr Within = std::make_shared<BinaryExpr>(
      BinaryOpKind::LAnd,
      std::make_shared<BinaryExpr>(InUp ? BinaryOpKind::GE : BinaryOpKind::LE,
                                   InVar, In->Lower, ScalarKind::Int),
      std::make_shared<BinaryExpr>(Past, InVar, In->Upper, ScalarKind::Int),
      ScalarKind::Int);
  StmtList Body = {
      std::make_shared<DeclStmt>(
          In->Iter, In->IterType,
          std::make_shared<CastExpr>(Value, In->IterType), In->Loc),
      std::make_shared<IfStmt>(Within, In->Body, StmtList{}, In->Loc)};
  for (size_t K = D - 1; K-- > 0;) {
    const ForStmt *L = Nest[K];
    Body = {std::make_shared<ForStmt>(L->Iter, L->IterType, L->Lower, L->Cmp,
                                      L->Upper, L->Step, Body, L->Loc)};
  }
  auto Result = std::make_shared<ForStmt>(W, Long, Lo, LoopCmp::LE, Hi, 1, Body,
                                          Root.Loc);
  std::string Plane;
  for (size_t K = 0; K < D; ++K) {
    int64_t V = (*Wave)[K];
    if (!V)
      continue;
    int64_t A = V < 0 ? -V : V;
    Plane += Plane.empty() ? (V < 0 ? "-" : "") : (V < 0 ? " - " : " + ");
    Plane += (A == 1 ? "" : std::to_string(A) + "*") + Nest[K]->Iter;
  }
  std::string Others;
  for (size_t K = 0; K + 1 < D; ++K)
    Others += (Others.empty() ? "'" : ", '") + Nest[K]->Iter + "'";
  Diags.remark(Root.Loc,
               "skewed the loops into a wavefront: no loop of the nest can "
               "run in parallel, but the iterations with equal " +
                   Plane + " (loop '" + W + "', in order) can; " +
                   (D > 2 ? "loops " : "loop ") + Others +
                   (D > 2 ? " now run" : " now runs") + " in parallel, '" +
                   In->Iter + "' is computed",
               "--no-restructure keeps the loops as written");
  return Result;
}

} // namespace

std::vector<const ForStmt *> bandAsWritten(const ForStmt &Root,
                                           const NestFacts &Facts) {
  std::vector<const ForStmt *> Band;
  for (const ForStmt *L = &Root; L && Band.size() < 3;) {
    auto It = Facts.Loops.find(L);
    if (It == Facts.Loops.end() || !It->second.Parallel ||
        !mappableBounds(*L, Band))
      break;
    Band.push_back(L);
    L = L->Body.size() == 1 ? dyn_cast<ForStmt>(L->Body[0].get()) : nullptr;
  }
  return Band;
}

StmtList restructureNest(const NestStmt &Nest, const NestFacts &Facts,
                         const NestDependences &Deps, DiagnosticList &Diags) {
  TreeRestructurer R(Facts, Deps, Diags);
  std::vector<const ForStmt *> Outer;
  bool Changed = false;
  StmtList Body = R.list(Nest.Body, Outer, Changed);
  return Changed ? Body : Nest.Body;
}

} // namespace c2cuda
