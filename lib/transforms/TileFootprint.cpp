//===- TileFootprint.cpp - What a tile of a nest reads of one array -------===//

#include "TileFootprint.h"

#include "IRQueries.h"

#include "analysis/AffineExpr.h"
#include "analysis/IslToIR.h"
#include "ir/IRPrinter.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;
using namespace c2cuda::analysis;

namespace c2cuda {

namespace {

/// A reference of the array and the inner loops around it.
struct RefSite {
  const ArrayRef *Ref;
  std::vector<const ForStmt *> Loops;
};

/// Literal value of an integer expression made of literals and casts.
std::optional<int64_t> literal(const Expr &E) {
  if (const auto *L = dyn_cast<IntLit>(&E))
    return L->Value;
  if (const auto *C = dyn_cast<CastExpr>(&E))
    return literal(*C->Operand);
  if (const auto *U = dyn_cast<UnaryExpr>(&E))
    if (U->Op == UnaryOpKind::Neg)
      if (auto V = literal(*U->Operand))
        return -*V;
  return std::nullopt;
}

class SiteCollector {
public:
  SiteCollector(const std::string &A, std::set<std::string> TileLoops)
      : A(A), TileLoops(std::move(TileLoops)) {}
  std::vector<RefSite> Sites;
  std::string Why;

  void stmts(const StmtList &L) {
    for (const StmtPtr &S : L)
      stmt(*S);
  }

private:
  void expr(const Expr &E, bool Conditional) {
    forEachExpr(E, [&](const Expr &X) {
      if (const auto *S = dyn_cast<SelectExpr>(&X)) {
        if (refersTo(*S->True) || refersTo(*S->False))
          fail("it is read under a condition ('?:')");
      }
      // The right operand of && and || runs only as the left one decides.
      if (const auto *B = dyn_cast<BinaryExpr>(&X))
        if ((B->Op == BinaryOpKind::LAnd || B->Op == BinaryOpKind::LOr) &&
            refersTo(*B->RHS))
          fail(std::string("it is read under a condition ('") +
               (B->Op == BinaryOpKind::LAnd ? "&&" : "||") + "')");
      const auto *R = dyn_cast<ArrayRef>(&X);
      if (!R || R->Array != A || R->Local)
        return;
      if (Conditional)
        fail("it is read under a condition ('if')");
      Sites.push_back({R, Loops});
    });
  }
  bool refersTo(const Expr &E) {
    bool Found = false;
    forEachExpr(E, [&](const Expr &X) {
      if (const auto *R = dyn_cast<ArrayRef>(&X))
        Found |= R->Array == A && !R->Local;
    });
    return Found;
  }
  void fail(const std::string &W) {
    if (Why.empty())
      Why = W;
  }
  void stmt(const Stmt &S) {
    if (const auto *As = dyn_cast<AssignStmt>(&S)) {
      expr(*As->LHS, Depth > 0);
      expr(*As->RHS, Depth > 0);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      if (D->Init)
        expr(*D->Init, Depth > 0);
    } else if (const auto *I = dyn_cast<IfStmt>(&S)) {
      expr(*I->Cond, Depth > 0);
      ++Depth;
      stmts(I->Then);
      stmts(I->Else);
      --Depth;
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      if (refersTo(*F->Lower) || refersTo(*F->Upper))
        fail("a loop bound reads it");
      // A tile loop (the strip-mined one) is a tile variable, not a loop
      // inside the tile.
      bool Inner = !TileLoops.count(F->Iter);
      if (Inner)
        Loops.push_back(F);
      stmts(F->Body);
      if (Inner)
        Loops.pop_back();
    }
  }

  const std::string &A;
  std::set<std::string> TileLoops;
  unsigned Depth = 0;
  std::vector<const ForStmt *> Loops;
};

ExprPtr lng(int64_t V) { return longLit(V); }
ExprPtr binL(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  return std::make_shared<BinaryExpr>(Op, toLong(A), toLong(B),
                                      ScalarKind::Long);
}
ExprPtr minL(ExprPtr A, ExprPtr B) {
  if (!A)
    return B;
  return std::make_shared<SelectExpr>(binL(BinaryOpKind::LT, A, B), A, B,
                                      ScalarKind::Long);
}
ExprPtr maxL(ExprPtr A, ExprPtr B) {
  if (!A)
    return B;
  return std::make_shared<SelectExpr>(binL(BinaryOpKind::GT, A, B), A, B,
                                      ScalarKind::Long);
}

/// One dimension of one reference: sum of Coef[v] * v + Params + Delta.
struct DimForm {
  /// By index in AllVars: sibling inner loops may share a name.
  std::map<size_t, int64_t> Coef;
  Poly Params; ///< No constant term.
  int64_t Delta = 0;
};

/// computeTileFootprint's steps, over the references to one array.
class FootprintBuilder {
public:
  FootprintBuilder(const StmtList &Body, const std::vector<TileVar> &Vars,
                   const Function &F, std::vector<RefSite> Sites,
                   TileFootprint &Out, std::string &Why)
      : Body(Body), Vars(Vars), F(F), Sites(std::move(Sites)), Out(Out),
        Why(Why) {}
  bool run() {
    if (!addInnerLoops() || !decompose())
      return false;
    normalize();
    NDims = Forms[0].size();
    if (!box())
      return false;
    boxIndices();
    exactGuards();
    guards();
    return true;
  }

private:
  /// The loops inside the tile around the references, with literal
  /// bounds, become variables after the tile's (AllVars).
  bool addInnerLoops();
  bool decompose();
  /// Parameter monomials equal to the row stride move to the outer
  /// dimension; zero terms go.
  void normalize();
  /// Parameters as IR (Long).
  ExprPtr paramExpr(const Poly &Pl) const;
  /// The box: per dimension, its low corner over the tile's bases and its
  /// size, the same for every reference.
  bool box();
  /// Index of every reference in the box (Int arithmetic).
  void boxIndices();
  /// Whether guarding each dimension apart is exact.
  void exactGuards();
  /// Guards: the smallest and largest element read over the whole space.
  void guards();

  const StmtList &Body;
  const std::vector<TileVar> &Vars;
  const Function &F;
  std::vector<RefSite> Sites;
  TileFootprint &Out;
  std::string &Why;
  std::vector<TileVar> AllVars;
  std::map<const ForStmt *, unsigned> InnerIndex;
  std::vector<std::vector<DimForm>> Forms;
  std::optional<Monomial> Stride;
  size_t NDims = 0;
  std::vector<int64_t> MinLo;
};

bool FootprintBuilder::addInnerLoops() {
  AllVars = Vars;
  for (const RefSite &S : Sites)
    for (const ForStmt *L : S.Loops) {
      if (InnerIndex.count(L))
        continue;
      auto Lo = literal(*L->Lower), Up = literal(*L->Upper);
      if (!Lo || !Up) {
        Why = "loop '" + L->Iter + "' around a reference has bounds that " +
              "are not literals";
        return false;
      }
      int64_t Last = *Lo, N = 0;
      for (int64_t V = *Lo;; V += L->Step) {
        bool In = L->Cmp == LoopCmp::LT   ? V < *Up
                  : L->Cmp == LoopCmp::LE ? V <= *Up
                  : L->Cmp == LoopCmp::GT ? V > *Up
                                          : V >= *Up;
        if (!In || N > 4096)
          break;
        Last = V;
        ++N;
      }
      if (N == 0 || N > 4096) {
        Why = "loop '" + L->Iter + "' around a reference runs " +
              (N ? "more than 4096 times" : "no iteration");
        return false;
      }
      TileVar V;
      V.Name = L->Iter;
      V.Type = L->IterType;
      V.Lo = std::min(*Lo, Last);
      V.Hi = std::max(*Lo, Last);
      V.First = lng(V.Lo);
      V.Last = lng(V.Hi);
      InnerIndex[L] = AllVars.size();
      AllVars.push_back(V);
    }
  return true;
}

/// Decomposes every reference into per-dimension forms.
bool FootprintBuilder::decompose() {
  std::set<std::string> Locals;
  forEachStmt(Body, [&](const Stmt &S) {
    if (const auto *D = dyn_cast<DeclStmt>(&S))
      Locals.insert(D->Name);
  });
  std::set<std::string> Assigned = collectAssignedScalars(Body);

  // Iterator names -> isl-style names it<D>; D indexes AllVars.
  std::map<std::string, size_t> VarOfIt;
  for (size_t D = 0; D < AllVars.size(); ++D)
    VarOfIt["it" + std::to_string(D)] = D;

  // Later bindings shadow earlier ones of the same name. The locals and
  // the band's iterators are the same for every site: bound once (a copy
  // of a Scope shares them), so many locals do not cost sites x locals.
  auto Bind = [](Scope &Sc, const std::string &Name, Binding::Kind K,
                 unsigned D) {
    Binding B;
    B.K = K;
    B.Depth = D;
    Sc.bind(Name, std::move(B));
  };
  Scope Common;
  for (const std::string &L : Locals)
    Bind(Common, L, Binding::Kind::Local, 0);
  for (size_t D = 0; D < Vars.size(); ++D)
    Bind(Common, Vars[D].Name, Binding::Kind::Iter, D);

  for (const RefSite &S : Sites) {
    Scope Sc = Common;
    for (const ForStmt *L : S.Loops)
      Bind(Sc, L->Iter, Binding::Kind::Iter, InnerIndex[L]);
    ConvContext CC;
    CC.OutsideWritten = &Assigned;
    CC.useConstantsOf(F);
    std::vector<DimForm> Dims;
    for (const ExprPtr &Idx : S.Ref->Indices) {
      std::string W;
      auto Pl = toPoly(*Idx, Sc, CC, W);
      if (!Pl || !CC.DivNames.empty()) {
        Why = "its subscript '" + exprToString(*Idx) + "' is not affine" +
              (W.empty() ? "" : " (" + W + ")");
        return false;
      }
      DimForm Inner, Outer;
      for (const auto &[Mono, C] : Pl->Terms) {
        std::vector<std::string> Its;
        Monomial Rest;
        for (const std::string &V : Mono)
          (VarOfIt.count(V) ? Its : Rest).push_back(V);
        if (Its.size() > 1) {
          Why = "its subscript '" + exprToString(*Idx) +
                "' multiplies loop iterators";
          return false;
        }
        if (Its.empty()) {
          if (Rest.empty())
            Inner.Delta += C;
          else
            Inner.Params.Terms[Rest] += C;
          continue;
        }
        size_t Var = VarOfIt[Its[0]];
        if (Rest.empty()) {
          Inner.Coef[Var] += C;
          continue;
        }
        if (!Out.PointerArray || (Stride && *Stride != Rest)) {
          Why = "its subscript '" + exprToString(*Idx) +
                "' has a loop iterator with a coefficient that is neither " +
                "a literal nor a literal times one row stride";
          return false;
        }
        Stride = Rest;
        Outer.Coef[Var] += C;
      }
      Dims.push_back(Inner);
      if (Out.PointerArray)
        Dims.insert(Dims.begin(), Outer);
    }
    Forms.push_back(std::move(Dims));
  }
  return true;
}

void FootprintBuilder::normalize() {
  // Parameter monomials equal to the stride move to the outer dimension.
  if (Out.PointerArray) {
    for (auto &Dims : Forms) {
      if (!Stride) {
        Dims.erase(Dims.begin());
        continue;
      }
      auto It = Dims[1].Params.Terms.find(*Stride);
      if (It != Dims[1].Params.Terms.end()) {
        Dims[0].Delta += It->second;
        Dims[1].Params.Terms.erase(It);
      }
    }
  }
  for (auto &Dims : Forms)
    for (DimForm &D : Dims) {
      for (auto It = D.Params.Terms.begin(); It != D.Params.Terms.end();)
        It = It->second == 0 ? D.Params.Terms.erase(It) : std::next(It);
      for (auto It = D.Coef.begin(); It != D.Coef.end();)
        It = It->second == 0 ? D.Coef.erase(It) : std::next(It);
    }
}

ExprPtr FootprintBuilder::paramExpr(const Poly &Pl) const {
  ExprPtr Sum;
  for (const auto &[Mono, C] : Pl.Terms) {
    ExprPtr T = lng(C);
    for (const std::string &V : Mono) {
      std::string N = V.substr(2); // "p_X" -> "X"
      const Param *Q = F.findParam(N);
      T = binL(BinaryOpKind::Mul, T,
               std::make_shared<VarRef>(N, Q ? Q->Elem : ScalarKind::Int));
    }
    Sum = Sum ? binL(BinaryOpKind::Add, Sum, T) : T;
  }
  return Sum ? Sum : lng(0);
}

bool FootprintBuilder::box() {
  // The tile loops come first in AllVars.
  auto IsTileVar = [&](size_t V) { return V < Vars.size(); };

  Out.Low.resize(NDims);
  Out.Size.resize(NDims);
  Out.DimVars.resize(NDims);
  MinLo.resize(NDims);
  for (size_t D = 0; D < NDims; ++D) {
    const DimForm &First = Forms[0][D];
    std::map<size_t, int64_t> TileCoef;
    for (const auto &[N, C] : First.Coef)
      if (IsTileVar(N))
        TileCoef[N] = C;
    int64_t Lo = INT64_MAX, Hi = INT64_MIN;
    for (const auto &Dims : Forms) {
      const DimForm &G = Dims[D];
      std::map<size_t, int64_t> TC;
      for (const auto &[N, C] : G.Coef)
        if (IsTileVar(N))
          TC[N] = C;
      if (TC != TileCoef || !(G.Params == First.Params)) {
        Why = "its references do not differ by constants in every dimension";
        return false;
      }
      int64_t L = G.Delta, H = G.Delta;
      for (const auto &[N, C] : G.Coef) {
        const TileVar &V = AllVars[N];
        if (V.Base) {
          int64_t Span = C * V.Step * (V.Count - 1);
          L += std::min<int64_t>(0, Span);
          H += std::max<int64_t>(0, Span);
        } else {
          L += std::min(C * V.Lo, C * V.Hi);
          H += std::max(C * V.Lo, C * V.Hi);
        }
      }
      Lo = std::min(Lo, L);
      Hi = std::max(Hi, H);
    }
    MinLo[D] = Lo;
    Out.Size[D] = Hi - Lo + 1;
    ExprPtr Low = paramExpr(First.Params);
    for (const auto &[N, C] : TileCoef) {
      Low = binL(BinaryOpKind::Add, Low,
                 binL(BinaryOpKind::Mul, lng(C), AllVars[N].Base));
      Out.DimVars[D].push_back(AllVars[N].Name);
    }
    Out.Low[D] = binL(BinaryOpKind::Add, Low, lng(Lo));
  }

  return true;
}

void FootprintBuilder::boxIndices() {
  auto IntBin = [](BinaryOpKind Op, ExprPtr A, ExprPtr B) {
    return std::make_shared<BinaryExpr>(Op, A, B, ScalarKind::Int);
  };
  auto IntLitE = [](int64_t V) {
    return std::make_shared<IntLit>(V, ScalarKind::Int);
  };
  for (size_t R = 0; R < Forms.size(); ++R) {
    std::vector<ExprPtr> Idx;
    for (size_t D = 0; D < NDims; ++D) {
      const DimForm &G = Forms[R][D];
      ExprPtr E = IntLitE(G.Delta - MinLo[D]);
      for (const auto &[N, C] : G.Coef) {
        const TileVar &V = AllVars[N];
        ExprPtr It = std::make_shared<VarRef>(V.Name, V.Type);
        if (V.Type != ScalarKind::Int)
          It = std::make_shared<CastExpr>(It, ScalarKind::Int);
        ExprPtr Rel = V.Base ? IntBin(BinaryOpKind::Sub, It, V.Base) : It;
        E = IntBin(BinaryOpKind::Add, E,
                   C == 1 ? Rel : IntBin(BinaryOpKind::Mul, IntLitE(C), Rel));
      }
      Idx.push_back(E);
    }
    Out.BoxIndex[Sites[R].Ref] = Idx;
  }
}

void FootprintBuilder::exactGuards() {
  Out.DimGuardsExact = true;
  for (const auto &Dims : Forms)
    for (size_t D = 0; D < NDims; ++D)
      Out.DimGuardsExact &= Dims[D].Coef == Forms[0][D].Coef &&
                            Dims[D].Delta == Forms[0][D].Delta;
  std::map<size_t, unsigned> DimsOfVar;
  for (size_t D = 0; D < NDims; ++D)
    for (const auto &[N, C] : Forms[0][D].Coef)
      Out.DimGuardsExact &= ++DimsOfVar[N] == 1;
}

void FootprintBuilder::guards() {
  std::vector<ExprPtr> RefMin(NDims), RefMax(NDims);
  ExprPtr StrideE = Stride ? paramExpr(Poly{{{*Stride, 1}}}) : nullptr;
  Out.Stride = StrideE;
  Out.MinDim.assign(NDims, nullptr);
  Out.MaxDim.assign(NDims, nullptr);
  for (size_t R = 0; R < Forms.size(); ++R) {
    std::vector<ExprPtr> Mn(NDims), Mx(NDims);
    for (size_t D = 0; D < NDims; ++D) {
      const DimForm &G = Forms[R][D];
      ExprPtr A0 = binL(BinaryOpKind::Add, paramExpr(G.Params), lng(G.Delta));
      ExprPtr B0 = A0;
      for (const auto &[N, C] : G.Coef) {
        const TileVar &V = AllVars[N];
        bool Up = V.Base ? C * V.Step > 0 : C > 0;
        ExprPtr Lo = binL(BinaryOpKind::Mul, lng(C), Up ? V.First : V.Last);
        ExprPtr Hi = binL(BinaryOpKind::Mul, lng(C), Up ? V.Last : V.First);
        A0 = binL(BinaryOpKind::Add, A0, Lo);
        B0 = binL(BinaryOpKind::Add, B0, Hi);
      }
      Mn[D] = A0;
      Mx[D] = B0;
      Out.MinDim[D] = minL(Out.MinDim[D], A0);
      Out.MaxDim[D] = maxL(Out.MaxDim[D], B0);
    }
    if (Out.PointerArray) {
      ExprPtr LMin = NDims == 2
                         ? binL(BinaryOpKind::Add,
                                binL(BinaryOpKind::Mul, StrideE, Mn[0]), Mn[1])
                         : Mn[0];
      ExprPtr LMax = NDims == 2
                         ? binL(BinaryOpKind::Add,
                                binL(BinaryOpKind::Mul, StrideE, Mx[0]), Mx[1])
                         : Mx[0];
      Out.MinLinear = minL(Out.MinLinear, LMin);
      Out.MaxLinear = maxL(Out.MaxLinear, LMax);
    }
  }
}

} // namespace

bool computeTileFootprint(const std::string &A, const StmtList &Body,
                          const std::vector<TileVar> &Vars, const Function &F,
                          TileFootprint &Out, std::string &Why,
                          const std::set<const ArrayRef *> *Only) {
  const Param *P = F.findParam(A);
  if (!P || !P->isArray()) {
    Why = "it is not an array parameter";
    return false;
  }
  Out = TileFootprint();
  Out.Array = A;
  Out.Elem = P->Elem;
  Out.PointerArray = P->ParamForm == Param::Form::Pointer;

  std::set<std::string> TileLoops;
  for (const TileVar &V : Vars)
    TileLoops.insert(V.Name);
  SiteCollector SC(A, TileLoops);
  SC.stmts(Body);
  if (!SC.Why.empty()) {
    Why = SC.Why;
    return false;
  }
  if (Only)
    SC.Sites.erase(
        std::remove_if(SC.Sites.begin(), SC.Sites.end(),
                       [&](const RefSite &S) { return !Only->count(S.Ref); }),
        SC.Sites.end());
  if (SC.Sites.empty()) {
    Why = "the kernel does not read it";
    return false;
  }

  return FootprintBuilder(Body, Vars, F, std::move(SC.Sites), Out, Why).run();
}

} // namespace c2cuda
