//===- AccessPattern.cpp - Warp access patterns of a nest's references ----===//

#include "analysis/AccessPattern.h"
#include "analysis/Delinearize.h"
#include "analysis/IslText.h"
#include "ir/Evaluate.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>

#include <algorithm>

using namespace c2cuda;
using namespace c2cuda::analysis;

//===----------------------------------------------------------------------===//
// Building the model
//===----------------------------------------------------------------------===//

namespace {

bool isMultiDim(const Param *P, const ArrayRef &R) {
  return P && P->ParamForm == Param::Form::Array && P->Dims.size() > 1 &&
         P->Dims.size() == R.Indices.size();
}

/// Walks a nest as NestFacts does, giving every reference the scopes and
/// context (loops, conditions) it is evaluated in.
class ModelBuilder {
public:
  ModelBuilder(const Function &F, NestModel &M) : F(F), M(M) {}

  void run(const NestStmt &N) {
    prescan(N.Body, {});
    Scope S;
    walk(N.Body, S, nullptr);
    for (RefSite &R : M.Refs)
      makePolys(R);
    delinearizePointers();
    for (RefSite &R : M.Refs)
      R.Quot->OutsideWritten = nullptr; // Points into this builder.
  }

private:
  const Function &F;
  NestModel &M;
  std::set<std::string> OutsideWritten, AssignedNames;
  unsigned NextLocal = 0;
  std::vector<const ForStmt *> Loops;
  std::vector<std::shared_ptr<const Scope>> LoopScopes;
  std::vector<RefSite::Cond> Conds;

  void prescan(const StmtList &L, std::set<std::string> InScope) {
    for (const StmtPtr &S : L) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
        if (const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get())) {
          AssignedNames.insert(V->Name);
          if (!InScope.count(V->Name))
            OutsideWritten.insert(V->Name);
        }
      } else if (const auto *D = llvm::dyn_cast<DeclStmt>(S.get())) {
        InScope.insert(D->Name);
      } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
        prescan(I->Then, InScope);
        prescan(I->Else, InScope);
      } else if (const auto *Fo = llvm::dyn_cast<ForStmt>(S.get())) {
        auto Inner = InScope;
        Inner.insert(Fo->Iter);
        prescan(Fo->Body, Inner);
      }
    }
  }

  void addRef(const ArrayRef &R, bool Write, bool Read,
              const std::shared_ptr<const Scope> &Sc) {
    RefSite RS;
    RS.Ref = &R;
    RS.IsWrite = Write;
    RS.IsRead = Read;
    RS.ElemBytes = sizeInBytes(R.Type);
    RS.Loops = Loops;
    RS.LoopScopes = LoopScopes;
    RS.Conds = Conds;
    RS.Sc = Sc;
    M.Refs.push_back(std::move(RS));
  }

  void reads(const Expr &E, const std::shared_ptr<const Scope> &Sc) {
    switch (E.getKind()) {
    case Expr::Kind::ArrayRef: {
      const auto &R = llvm::cast<ArrayRef>(E);
      addRef(R, false, true, Sc);
      for (auto &I : R.Indices)
        reads(*I, Sc);
      return;
    }
    case Expr::Kind::Unary:
      return reads(*llvm::cast<UnaryExpr>(E).Operand, Sc);
    case Expr::Kind::Binary:
      reads(*llvm::cast<BinaryExpr>(E).LHS, Sc);
      return reads(*llvm::cast<BinaryExpr>(E).RHS, Sc);
    case Expr::Kind::Cast:
      return reads(*llvm::cast<CastExpr>(E).Operand, Sc);
    case Expr::Kind::Select: {
      const auto &S = llvm::cast<SelectExpr>(E);
      reads(*S.Cond, Sc);
      reads(*S.True, Sc);
      return reads(*S.False, Sc);
    }
    case Expr::Kind::Call:
      for (auto &A : llvm::cast<CallExpr>(E).Args)
        reads(*A, Sc);
      return;
    default:
      return;
    }
  }

  void walk(const StmtList &L, Scope S, const ForStmt *Parent) {
    for (const StmtPtr &St : L) {
      auto Snap = std::make_shared<const Scope>(S);
      if (const auto *A = llvm::dyn_cast<AssignStmt>(St.get())) {
        if (const auto *R = llvm::dyn_cast<ArrayRef>(A->LHS.get())) {
          addRef(*R, true, A->Op != AssignOpKind::Set, Snap);
          for (auto &I : R->Indices)
            reads(*I, Snap);
        }
        reads(*A->RHS, Snap);
      } else if (const auto *D = llvm::dyn_cast<DeclStmt>(St.get())) {
        if (D->Init)
          reads(*D->Init, Snap);
        Binding B;
        B.K = Binding::Kind::Local;
        B.Depth = Loops.size();
        B.LocalId = NextLocal++;
        if (D->Init && !AssignedNames.count(D->Name)) {
          B.Init = D->Init;
          B.DeclScope = Snap;
        }
        S.bind(D->Name, B);
      } else if (const auto *If = llvm::dyn_cast<IfStmt>(St.get())) {
        reads(*If->Cond, Snap);
        for (int Br = 0; Br < 2; ++Br) {
          Conds.push_back(
              {If->Cond.get(), Br == 0, (unsigned)Loops.size(), Snap});
          walk(Br == 0 ? If->Then : If->Else, S, Parent);
          Conds.pop_back();
        }
      } else if (const auto *Fo = llvm::dyn_cast<ForStmt>(St.get())) {
        reads(*Fo->Lower, Snap);
        reads(*Fo->Upper, Snap);
        M.Loops.push_back(Fo);
        M.Parent[Fo] = Parent;
        Scope Inner = S;
        Binding B;
        B.K = Binding::Kind::Iter;
        B.Depth = Loops.size();
        Inner.bind(Fo->Iter, B);
        Loops.push_back(Fo);
        LoopScopes.push_back(Snap);
        walk(Fo->Body, Inner, Fo);
        Loops.pop_back();
        LoopScopes.pop_back();
      }
    }
  }

  void makePolys(RefSite &R) {
    R.Quot = std::make_shared<ConvContext>();
    R.Quot->OutsideWritten = &OutsideWritten;
    R.Quot->useConstantsOf(F);
    std::vector<std::optional<Poly>> Subs;
    for (const ExprPtr &Idx : R.Ref->Indices) {
      std::string Why;
      Subs.push_back(toPoly(*Idx, *R.Sc, *R.Quot, Why));
      if (!Subs.back() && R.Why.empty())
        R.Why = "an index is not a polynomial: " + Why;
    }
    const Param *P = F.findParam(R.Ref->Array);
    if (!isMultiDim(P, *R.Ref)) {
      // Delinearized with the other references of the array, below.
      R.Offset = Subs.size() == 1 ? Subs[0] : std::nullopt;
      R.Subs = {R.Offset && R.Offset->degree() <= 1 ? R.Offset : std::nullopt};
      R.DimStrides = {Poly::constant(1)};
      return;
    }
    // Row-major strides of the parameter's dimensions.
    ConvContext DimCC;
    DimCC.Prefix = "r";
    DimCC.useConstantsOf(F);
    size_t N = P->Dims.size();
    std::vector<Poly> Strides(N, Poly::constant(1));
    bool StridesOk = true;
    for (size_t K = N - 1; K-- > 0;) {
      std::string Why;
      std::optional<Poly> D;
      if (P->Dims[K + 1])
        D = toPoly(*P->Dims[K + 1], Scope(), DimCC, Why);
      if (!D || !DimCC.DivNames.empty()) {
        StridesOk = false;
        break;
      }
      Strides[K] = Strides[K + 1] * *D;
    }
    R.DimStrides = StridesOk ? Strides : std::vector<Poly>();
    Poly Off;
    bool OffOk = StridesOk;
    for (size_t K = 0; K < N; ++K) {
      if (Subs[K] && Subs[K]->degree() > 1) {
        if (R.Why.empty())
          R.Why = "a subscript multiplies variables";
        R.Subs.push_back(std::nullopt);
      } else {
        R.Subs.push_back(Subs[K]);
      }
      if (!Subs[K] || !StridesOk)
        OffOk = false;
      else
        Off = Off + *Subs[K] * Strides[K];
    }
    if (OffOk)
      R.Offset = Off;
  }

  /// The iteration domain of R's statement, as NestFacts builds it.
  isl_set *domain(isl_ctx *Ctx, const RefSite &R) {
    ConvContext CC;
    CC.OutsideWritten = &OutsideWritten;
    CC.useConstantsOf(F);
    std::vector<std::string> Cons, Exists;
    std::string Why;
    size_t NextCond = 0;
    auto AddConds = [&](unsigned UpToDepth) {
      for (; NextCond < R.Conds.size() && R.Conds[NextCond].Depth <= UpToDepth;
           ++NextCond) {
        const RefSite::Cond &C = R.Conds[NextCond];
        if (auto K = condToIsl(*C.E, !C.Holds, *C.Sc, CC))
          Cons.push_back(*K);
      }
    };
    for (size_t D = 0; D < R.Loops.size(); ++D) {
      AddConds(D);
      const ForStmt &L = *R.Loops[D];
      std::string It = "it" + std::to_string(D);
      auto Lo = toPoly(*L.Lower, *R.LoopScopes[D], CC, Why);
      auto Up = toPoly(*L.Upper, *R.LoopScopes[D], CC, Why);
      bool Inc = L.Step > 0;
      if (Lo && Lo->degree() <= 1)
        Cons.push_back(It + (Inc ? " >= " : " <= ") + Lo->toIsl());
      if (Up && Up->degree() <= 1) {
        const char *Op = L.Cmp == LoopCmp::LT   ? " < "
                         : L.Cmp == LoopCmp::LE ? " <= "
                         : L.Cmp == LoopCmp::GT ? " > "
                                                : " >= ";
        Cons.push_back(It + Op + Up->toIsl());
      }
      if (Lo && Lo->degree() <= 1 && L.Step != 1 && L.Step != -1) {
        std::string E = "e" + std::to_string(D);
        Exists.push_back(E);
        Cons.push_back(It + " = " +
                       (*Lo + Poly::var(E).scaled(L.Step)).toIsl());
        Cons.push_back(E + " >= 0");
      }
    }
    AddConds(R.Loops.size());
    std::vector<std::string> Params;
    for (const std::string &P : CC.ParamsUsed) {
      Params.push_back("p_" + P);
      if (const Param *Pa = F.findParam(P))
        if (!Pa->isArray() && isUnsignedKind(Pa->Elem))
          Cons.push_back("p_" + P + " >= 0");
    }
    Exists.insert(Exists.end(), CC.DivNames.begin(), CC.DivNames.end());
    Cons.insert(Cons.end(), CC.DivDefs.begin(), CC.DivDefs.end());
    std::vector<std::string> Its;
    for (size_t D = 0; D < R.Loops.size(); ++D)
      Its.push_back("it" + std::to_string(D));
    std::string Tuple = "S[" + join(Its, ", ") + "]";
    std::string Text = islSetText(Params, Tuple, Exists, Cons);
    isl_set *S = isl_set_read_from_str(Ctx, Text.c_str());
    if (!S) // Over-approximate.
      S = isl_set_read_from_str(Ctx, ("{ " + Tuple + " }").c_str());
    return S;
  }

  void delinearizePointers() {
    std::map<std::string, std::vector<size_t>> ByArray;
    for (size_t I = 0; I < M.Refs.size(); ++I)
      if (!isMultiDim(F.findParam(M.Refs[I].Ref->Array), *M.Refs[I].Ref))
        ByArray[M.Refs[I].Ref->Array].push_back(I);
    if (ByArray.empty())
      return;
    isl_ctx *Ctx = isl_ctx_alloc();
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    for (auto &[Name, Idx] : ByArray) {
      std::vector<isl_set *> Domains;
      std::vector<DelinInput> In;
      for (size_t I : Idx) {
        Domains.push_back(domain(Ctx, M.Refs[I]));
        In.push_back({M.Refs[I].Offset, Domains.back(), M.Refs[I].Quot.get()});
      }
      DelinResult Res = delinearize(Ctx, In);
      for (size_t K = 0; K < Idx.size(); ++K) {
        RefSite &R = M.Refs[Idx[K]];
        if (K < Res.Dims.size())
          R.Subs = Res.Dims[K];
        if (!Res.Shape.Keys.empty())
          R.DimStrides = Res.Shape.Keys;
        bool Known = std::all_of(R.Subs.begin(), R.Subs.end(),
                                 [](auto &S) { return S.has_value(); });
        if (!Known && R.Why.empty())
          R.Why = Res.Why.empty() ? "the index is not affine" : Res.Why;
      }
      for (isl_set *S : Domains)
        isl_set_free(S);
    }
    isl_ctx_free(Ctx);
  }
};

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

bool inBounds(int64_t V, int64_t Up, LoopCmp C) {
  switch (C) {
  case LoopCmp::LT:
    return V < Up;
  case LoopCmp::LE:
    return V <= Up;
  case LoopCmp::GT:
    return V > Up;
  case LoopCmp::GE:
    return V >= Up;
  }
  return false;
}

/// Whether a variable of a subscript polynomial is a quotient.
bool isQuotient(const std::string &V) {
  return V.rfind("it", 0) != 0 && !isParamName(V);
}

} // namespace

bool RefSite::affine() const {
  if (Subs.empty())
    return false;
  for (const auto &S : Subs) {
    if (!S || S->degree() > 1)
      return false;
    for (const std::string &V : S->vars())
      if (isQuotient(V))
        return false;
  }
  return true;
}

bool RefSite::usesDepth(unsigned Depth) const {
  std::string It = "it" + std::to_string(Depth);
  auto Uses = [&](const Poly &P) {
    return Quot ? Quot->baseVars(P).count(It) > 0 : P.vars().count(It) > 0;
  };
  bool AllKnown =
      !Subs.empty() && std::all_of(Subs.begin(), Subs.end(),
                                   [](auto &S) { return S.has_value(); });
  if (AllKnown)
    return std::any_of(Subs.begin(), Subs.end(),
                       [&](auto &S) { return Uses(*S); });
  if (Offset)
    return Uses(*Offset);
  return true;
}

const ForStmt *NestModel::findLoop(const std::string &Name) const {
  for (const ForStmt *L : Loops)
    if (L->Iter == Name)
      return L;
  return nullptr;
}

std::vector<size_t> NestModel::refsTo(const std::string &Array) const {
  std::vector<size_t> V;
  for (size_t I = 0; I < Refs.size(); ++I)
    if (Refs[I].Ref->Array == Array)
      V.push_back(I);
  return V;
}

NestModel c2cuda::buildNestModel(const Function &F, const NestStmt &N) {
  NestModel M;
  M.Fn = &F;
  M.Nest = &N;
  ModelBuilder(F, M).run(N);
  return M;
}

LoopRole MappingRoles::roleOf(const ForStmt *L) const {
  auto It = Role.find(L);
  return It == Role.end() ? LoopRole::InThread : It->second;
}

MappingRoles c2cuda::resolveMapping(const NestModel &M,
                                    const ThreadMapping &TM) {
  MappingRoles R;
  for (unsigned D = 0; D < 3; ++D) {
    if (TM.Iter[D].empty() && !TM.Loops[D])
      continue;
    const ForStmt *L = TM.Loops[D] ? TM.Loops[D] : M.findLoop(TM.Iter[D]);
    if (!L) {
      R.Missing.push_back(TM.Iter[D]);
      continue;
    }
    R.Role[L] = LoopRole::Mapped;
    R.Dim[L] = D;
  }
  for (auto &[L, D] : R.Dim) {
    (void)D;
    for (auto It = M.Parent.find(L); It != M.Parent.end() && It->second;
         It = M.Parent.find(It->second))
      if (!R.Role.count(It->second))
        R.Role[It->second] = LoopRole::Outer;
  }
  return R;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

int64_t SizeEvaluator::outside(const std::string &Name) {
  auto It = Sizes.find(Name);
  if (It != Sizes.end())
    return It->second;
  auto Def = F.HostConstants.find(Name);
  if (Def != F.HostConstants.end() && Depth < 32) {
    ++Depth;
    auto V = eval(*Def->second, Scope(), {});
    --Depth;
    if (V)
      return *V;
  }
  Defaulted.insert(Name);
  return kDefaultProblemSize;
}

std::optional<int64_t>
SizeEvaluator::eval(const Expr &E, const Scope &S,
                    const std::vector<int64_t> &IterVals) {
  // Variables: outside scalars from the sizes, iterators from IterVals,
  // nest locals through their never-reassigned initializers.
  return evaluateInt(E, [&](const VarRef &V) -> std::optional<int64_t> {
    const Binding *Found = S.find(V.Name);
    if (!Found || Found->K == Binding::Kind::Outside)
      return outside(V.Name);
    const Binding &B = *Found;
    if (B.K == Binding::Kind::Iter) {
      if (B.Depth >= IterVals.size())
        return std::nullopt;
      return IterVals[B.Depth];
    }
    if (!B.Init || !B.DeclScope || Depth >= 64)
      return std::nullopt;
    ++Depth;
    auto R = eval(*B.Init, *B.DeclScope, IterVals);
    --Depth;
    return R;
  });
}

std::optional<int64_t>
SizeEvaluator::evalPoly(const Poly &P, const std::vector<int64_t> &IterVals) {
  int64_t Sum = 0;
  for (auto &[Mono, Coef] : P.Terms) {
    int64_t T = Coef;
    for (const std::string &V : Mono) {
      if (isParamName(V)) {
        T *= outside(V.substr(2));
      } else if (V.rfind("it", 0) == 0) {
        size_t D = std::stoul(V.substr(2));
        if (D >= IterVals.size())
          return std::nullopt;
        T *= IterVals[D];
      } else {
        return std::nullopt;
      }
    }
    Sum += T;
  }
  return Sum;
}

std::optional<int64_t>
SizeEvaluator::tripCount(const ForStmt &L, const Scope &S,
                         const std::vector<int64_t> &IterVals) {
  auto Lo = eval(*L.Lower, S, IterVals), Up = eval(*L.Upper, S, IterVals);
  if (!Lo || !Up)
    return std::nullopt;
  int64_t St = L.Step, A = *Lo, B = *Up;
  switch (L.Cmp) {
  case LoopCmp::LT:
    return B > A ? (B - A + St - 1) / St : 0;
  case LoopCmp::LE:
    return B >= A ? (B - A) / St + 1 : 0;
  case LoopCmp::GT:
    return A > B ? (A - B - St - 1) / -St : 0;
  case LoopCmp::GE:
    return A >= B ? (A - B) / -St + 1 : 0;
  }
  return std::nullopt;
}

std::optional<int64_t>
SizeEvaluator::offset(const RefSite &R, const std::vector<int64_t> &IterVals) {
  const Param *P = F.findParam(R.Ref->Array);
  if (!isMultiDim(P, *R.Ref)) {
    if (R.Ref->Indices.size() != 1)
      return std::nullopt;
    return eval(*R.Ref->Indices[0], *R.Sc, IterVals);
  }
  if (R.DimStrides.size() != R.Ref->Indices.size())
    return std::nullopt;
  int64_t Off = 0;
  for (size_t K = 0; K < R.Ref->Indices.size(); ++K) {
    auto V = eval(*R.Ref->Indices[K], *R.Sc, IterVals);
    auto St = evalPoly(R.DimStrides[K]);
    if (!V || !St)
      return std::nullopt;
    Off += *V * *St;
  }
  return Off;
}

std::optional<std::vector<int64_t>>
SizeEvaluator::subscripts(const RefSite &R,
                          const std::vector<int64_t> &IterVals) {
  std::vector<int64_t> Out;
  if (isMultiDim(F.findParam(R.Ref->Array), *R.Ref)) {
    for (const ExprPtr &I : R.Ref->Indices) {
      auto V = eval(*I, *R.Sc, IterVals);
      if (!V)
        return std::nullopt;
      Out.push_back(*V);
    }
    return Out;
  }
  // Delinearized: the subscript polynomials where they have no quotients,
  // else the offset split by the dimensions' strides.
  bool Direct = !R.Subs.empty();
  for (const auto &S : R.Subs) {
    std::optional<int64_t> V = S ? evalPoly(*S, IterVals) : std::nullopt;
    if (!V) {
      Direct = false;
      break;
    }
    Out.push_back(*V);
  }
  if (Direct)
    return Out;
  Out.clear();
  auto Off = offset(R, IterVals);
  if (!Off || R.DimStrides.empty())
    return std::nullopt;
  int64_t Rem = *Off;
  for (const Poly &SP : R.DimStrides) {
    auto St = evalPoly(SP);
    if (!St || *St <= 0)
      return std::nullopt;
    int64_t Q = floorDiv(Rem, *St);
    Out.push_back(Q);
    Rem -= Q * *St;
  }
  if (Rem != 0)
    return std::nullopt;
  return Out;
}

//===----------------------------------------------------------------------===//
// Warp requests
//===----------------------------------------------------------------------===//

LanePoint c2cuda::laneIterations(const RefSite &R, const ThreadMapping &TM,
                                 const MappingRoles &Roles, SizeEvaluator &Ev,
                                 unsigned Lane) {
  LanePoint P;
  unsigned Bx = std::max(1u, TM.Block[0]), By = std::max(1u, TM.Block[1]);
  unsigned T[3] = {Lane % Bx, (Lane / Bx) % By, Lane / (Bx * By)};
  for (size_t D = 0; D < R.Loops.size(); ++D) {
    const ForStmt &L = *R.Loops[D];
    auto Lo = Ev.eval(*L.Lower, *R.LoopScopes[D], P.Iters);
    auto Up = Ev.eval(*L.Upper, *R.LoopScopes[D], P.Iters);
    if (!Lo || !Up) {
      P.Why = "the bounds of loop '" + L.Iter + "' cannot be evaluated";
      return P;
    }
    int64_t Idx = 0;
    if (Roles.roleOf(&L) == LoopRole::Mapped) {
      unsigned Dim = Roles.Dim.at(&L);
      Idx = TM.Coarsen == Coarsening::Blocked
                ? int64_t(T[Dim]) * std::max(1u, TM.Elems[Dim])
                : int64_t(T[Dim]);
    }
    int64_t V = *Lo + L.Step * Idx;
    if (!inBounds(V, *Up, L.Cmp))
      return P; // This lane does not run the loop's body.
    P.Iters.push_back(V);
  }
  for (const RefSite::Cond &C : R.Conds) {
    auto V = Ev.eval(*C.E, *C.Sc, P.Iters);
    if (V && bool(*V) != C.Holds)
      return P;
  }
  P.Runs = true;
  return P;
}

std::string c2cuda::polyText(const Poly &P,
                             const std::vector<const ForStmt *> &Loops) {
  auto Name = [&](const std::string &V) -> std::string {
    if (isParamName(V))
      return V.substr(2);
    if (V.rfind("it", 0) == 0) {
      size_t D = std::stoul(V.substr(2));
      if (D < Loops.size())
        return Loops[D]->Iter;
    }
    return V;
  };
  std::string S;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (auto &[Mono, C] : P.Terms) {
      if (Mono.empty() != (Pass == 1))
        continue;
      std::string Vars;
      for (const std::string &V : Mono)
        Vars += (Vars.empty() ? "" : "*") + Name(V);
      uint64_t Abs = C < 0 ? -(uint64_t)C : (uint64_t)C;
      S += S.empty() ? (C < 0 ? "-" : "") : (C < 0 ? " - " : " + ");
      if (Vars.empty())
        S += std::to_string(Abs);
      else
        S += (Abs == 1 ? "" : std::to_string(Abs) + "*") + Vars;
    }
  return S.empty() ? "0" : S;
}

/// The coefficient of "itD" in P, if P is linear in it with coefficients
/// free of quotients that depend on it.
static std::optional<Poly> coefficientOf(const Poly &P, unsigned D,
                                         const ConvContext *Q) {
  std::string It = "it" + std::to_string(D);
  Poly Coef;
  for (auto &[Mono, C] : P.Terms) {
    unsigned Count = std::count(Mono.begin(), Mono.end(), It);
    for (const std::string &V : Mono)
      if (V != It && isQuotient(V) && Q) {
        auto Dep = Q->DivDeps.find(V);
        if (Dep == Q->DivDeps.end() || Dep->second.count(It))
          return std::nullopt;
      }
    if (Count == 0)
      continue;
    if (Count > 1)
      return std::nullopt;
    Monomial Rest;
    for (const std::string &V : Mono)
      if (V != It)
        Rest.push_back(V);
    Poly T;
    T.Terms[Rest] = C;
    Coef = Coef + T;
  }
  return Coef;
}

WarpAccess c2cuda::analyzeWarpAccess(const NestModel &M, size_t RefIndex,
                                     const ThreadMapping &TM,
                                     const SizeMap &Sizes) {
  const RefSite &R = M.Refs[RefIndex];
  WarpAccess W;
  W.RefIndex = RefIndex;
  W.Ref = R.Ref;
  W.ElemBytes = R.ElemBytes;
  MappingRoles Roles = resolveMapping(M, TM);
  SizeEvaluator Ev(*M.Fn, Sizes);
  unsigned Lanes = std::min(32u, TM.threads());
  std::set<int64_t> Elems, Sectors;
  std::map<unsigned, int64_t> LaneOffset;
  std::vector<int64_t> Lane0Iters;
  for (unsigned L = 0; L < Lanes; ++L) {
    LanePoint P = laneIterations(R, TM, Roles, Ev, L);
    if (!P.Why.empty()) {
      W.Why = P.Why;
      break;
    }
    if (!P.Runs)
      continue;
    auto Off = Ev.offset(R, P.Iters);
    if (!Off) {
      W.Why = "the index of '" + R.Ref->Array + "' cannot be evaluated";
      break;
    }
    if (L == 0)
      Lane0Iters = P.Iters;
    LaneOffset[L] = *Off;
    ++W.ActiveLanes;
    Elems.insert(*Off);
    Sectors.insert(floorDiv(*Off * int64_t(R.ElemBytes), 32));
  }
  W.DistinctElements = Elems.size();
  W.Sectors = Sectors.size();
  W.IdealSectors = (W.DistinctElements * R.ElemBytes + 31) / 32;
  W.Broadcast = W.ActiveLanes > 1 && W.DistinctElements == 1;

  // The stride along x: symbolic from the offset polynomial, measured
  // between lanes 0 and 1 (threads tx = 0 and 1) where both run.
  const ForStmt *X = nullptr;
  for (auto &[L, Dim] : Roles.Dim)
    if (Dim == 0)
      X = L;
  auto XDepth = std::find(R.Loops.begin(), R.Loops.end(), X);
  if (!X || XDepth == R.Loops.end()) {
    W.StrideText = "0";
    W.ElemStride = 0;
  } else {
    unsigned D = XDepth - R.Loops.begin();
    int64_t Mult = X->Step * (TM.Coarsen == Coarsening::Blocked
                                  ? int64_t(std::max(1u, TM.Elems[0]))
                                  : 1);
    std::optional<Poly> Coef;
    if (R.Offset)
      Coef = coefficientOf(*R.Offset, D, R.Quot.get());
    if (Coef) {
      W.StrideText = polyText(Coef->scaled(Mult), R.Loops);
      if (!Lane0Iters.empty())
        if (auto V = Ev.evalPoly(Coef->scaled(Mult), Lane0Iters))
          W.ElemStride = *V;
      if (!W.ElemStride && Coef->vars().empty())
        W.ElemStride = Coef->constantTerm() * Mult;
    }
    if (TM.Block[0] > 1 && LaneOffset.count(0) && LaneOffset.count(1))
      W.ElemStride = LaneOffset[1] - LaneOffset[0];
  }
  if (W.ElemStride)
    W.ByteStride = *W.ElemStride * int64_t(R.ElemBytes);
  W.DefaultedSizes = Ev.Defaulted;
  return W;
}

std::vector<WarpAccess> c2cuda::analyzeWarpAccesses(const NestModel &M,
                                                    const ThreadMapping &TM,
                                                    const SizeMap &Sizes) {
  std::vector<WarpAccess> V;
  for (size_t I = 0; I < M.Refs.size(); ++I)
    V.push_back(analyzeWarpAccess(M, I, TM, Sizes));
  return V;
}

//===----------------------------------------------------------------------===//
// Shared-memory banks
//===----------------------------------------------------------------------===//

BankConflicts c2cuda::sharedBankConflicts(const NestModel &M, size_t RefIndex,
                                          const ThreadMapping &TM,
                                          const SharedLayout &L,
                                          const SizeMap &Sizes) {
  const RefSite &R = M.Refs[RefIndex];
  BankConflicts B;
  if (L.Dims.empty()) {
    B.Why = "the shared layout has no dimension";
    return B;
  }
  unsigned ElemBytes = L.ElemBytes ? L.ElemBytes : R.ElemBytes;
  MappingRoles Roles = resolveMapping(M, TM);
  SizeEvaluator Ev(*M.Fn, Sizes);
  size_t N = L.Dims.size();
  std::vector<std::vector<int64_t>> LaneSubs;
  unsigned Lanes = std::min(32u, TM.threads());
  for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
    LanePoint P = laneIterations(R, TM, Roles, Ev, Ln);
    if (!P.Why.empty()) {
      B.Why = P.Why;
      return B;
    }
    if (!P.Runs)
      continue;
    auto Subs = Ev.subscripts(R, P.Iters);
    if (!Subs) {
      B.Why = "the subscripts of '" + R.Ref->Array + "' cannot be evaluated";
      return B;
    }
    // The innermost N subscripts; missing outer ones are 0.
    std::vector<int64_t> T(N, 0);
    for (size_t K = 0; K < N && K < Subs->size(); ++K)
      T[N - 1 - K] = (*Subs)[Subs->size() - 1 - K];
    LaneSubs.push_back(T);
  }
  B.ActiveLanes = LaneSubs.size();
  B.DefaultedSizes = Ev.Defaulted;
  if (LaneSubs.empty())
    return B;
  std::vector<int64_t> Origin = LaneSubs[0];
  for (auto &S : LaneSubs)
    for (size_t K = 0; K < N; ++K)
      Origin[K] = std::min(Origin[K], S[K]);
  // Row-major strides of the padded tile.
  std::vector<int64_t> Stride(N, 1);
  for (size_t K = N - 1; K-- > 0;)
    Stride[K] = Stride[K + 1] * (L.Dims[K + 1] + (K + 1 == N - 1 ? L.Pad : 0));
  std::map<int64_t, std::set<int64_t>> Banks;
  std::set<int64_t> Words;
  for (auto &S : LaneSubs) {
    int64_t Elem = 0;
    for (size_t K = 0; K < N; ++K) {
      int64_t Rel = S[K] - Origin[K];
      if (Rel >= L.Dims[K])
        B.OutsideTile = true;
      Elem += Rel * Stride[K];
    }
    int64_t Byte = Elem * ElemBytes;
    for (int64_t W = Byte / 4; W < (Byte + ElemBytes + 3) / 4; ++W) {
      Words.insert(W);
      Banks[W % 32].insert(W);
    }
  }
  for (auto &[Bank, Ws] : Banks)
    B.Degree = std::max<unsigned>(B.Degree, Ws.size());
  B.Words = Words.size();
  B.IdealDegree = (B.Words + 31) / 32;
  return B;
}
