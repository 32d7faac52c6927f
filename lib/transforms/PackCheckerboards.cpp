//===- PackCheckerboards.cpp - Red-black sweeps on a packed layout --------===//

#include "PackCheckerboards.h"

#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <optional>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

using build::addL;
using build::bin;
using build::cast;
using build::llit;
using build::mulL;

/// The terms of a sum, each with its sign (true: subtracted).
void sumTerms(const ExprPtr &E, bool Neg,
              std::vector<std::pair<ExprPtr, bool>> &Terms) {
  if (const auto *B = dyn_cast<BinaryExpr>(E.get())) {
    if (B->Op == BinaryOpKind::Add || B->Op == BinaryOpKind::Sub) {
      sumTerms(B->LHS, Neg, Terms);
      sumTerms(B->RHS, B->Op == BinaryOpKind::Sub ? !Neg : Neg, Terms);
      return;
    }
  }
  Terms.push_back({E, Neg});
}

std::optional<int64_t> literal(const Expr &E) {
  if (const auto *L = dyn_cast<IntLit>(stripCasts(&E)))
    return L->Value;
  return std::nullopt;
}

/// A column subscript Y as Rest + 2 * Half: Half gathers the terms with an
/// even literal factor (halved) and the even part of the literals, Rest the
/// others and the literals' odd part (null: none). Strided names
/// the variables of such terms.
struct ColumnSplit {
  ExprPtr Rest, Half;
  std::set<std::string> Strided;
};

ExprPtr plus(ExprPtr Sum, ExprPtr Term, bool Neg) {
  if (!Sum)
    return Neg ? bin(BinaryOpKind::Sub, llit(0), Term, ScalarKind::Long) : Term;
  return bin(Neg ? BinaryOpKind::Sub : BinaryOpKind::Add, Sum, Term,
             ScalarKind::Long);
}

ColumnSplit splitColumn(const ExprPtr &Y) {
  std::vector<std::pair<ExprPtr, bool>> Terms;
  sumTerms(Y, false, Terms);
  ColumnSplit S;
  int64_t Const = 0; // The literal terms; their odd part stays in Rest.
  for (const auto &[T, Neg] : Terms) {
    if (std::optional<int64_t> V = literal(*T)) {
      Const += Neg ? -*V : *V;
      continue;
    }
    const auto *M = dyn_cast<BinaryExpr>(T.get());
    if (M && M->Op == BinaryOpKind::Mul) {
      std::optional<int64_t> L = literal(*M->LHS), R = literal(*M->RHS);
      const ExprPtr *Other = L ? &M->RHS : (R ? &M->LHS : nullptr);
      int64_t Factor = L ? *L : (R ? *R : 1);
      if (Other && Factor % 2 == 0) {
        ExprPtr H = cast(*Other, ScalarKind::Long);
        if (Factor != 2)
          H = mulL(llit(Factor / 2), H);
        S.Half = plus(S.Half, H, Neg);
        if (const auto *V = dyn_cast<VarRef>(stripCasts(Other->get())))
          S.Strided.insert(V->Name);
        continue;
      }
    }
    S.Rest = plus(S.Rest, cast(T, ScalarKind::Long), Neg);
  }
  int64_t Odd = Const & 1, HalfConst = (Const - Odd) / 2;
  if (Odd)
    S.Rest = plus(S.Rest, llit(1), false);
  if (HalfConst)
    S.Half = plus(S.Half, llit(HalfConst < 0 ? -HalfConst : HalfConst),
                  HalfConst < 0);
  return S;
}

/// ((X + Y) & 1) * Rows * H + X * H + (Y >> 1), H = (Cols + 1) / 2, with
/// Y's even terms folded out of the parity and the shift.
ExprPtr packedIndex(const ExprPtr &X, const ExprPtr &Y, const Param &P) {
  ExprPtr XL = cast(X, ScalarKind::Long);
  ExprPtr Rows = cast(P.Dims[0], ScalarKind::Long);
  ExprPtr H =
      bin(BinaryOpKind::Div, addL(cast(P.Dims[1], ScalarKind::Long), llit(1)),
          llit(2), ScalarKind::Long);
  ColumnSplit S = splitColumn(Y);
  ExprPtr Parity = bin(BinaryOpKind::BitAnd, S.Rest ? addL(XL, S.Rest) : XL,
                       llit(1), ScalarKind::Long);
  ExprPtr Column =
      S.Rest ? bin(BinaryOpKind::Shr, S.Rest, llit(1), ScalarKind::Long)
             : nullptr;
  if (S.Half)
    Column = Column ? addL(Column, S.Half) : S.Half;
  if (!Column)
    Column = llit(0);
  return addL(addL(mulL(Parity, mulL(Rows, H)), mulL(XL, H)), Column);
}

/// What the host body does with the arrays: kernels launched inside a host
/// loop, arrays host statements or loop headers touch, early returns.
struct HostUse {
  std::set<unsigned> InLoop;
  std::set<std::string> Touched;
  bool Returns = false;
  void walk(const StmtList &L, bool Loop) {
    for (const StmtPtr &S : L) {
      if (const auto *Ln = dyn_cast<LaunchStmt>(S.get())) {
        if (Loop)
          InLoop.insert(Ln->KernelIndex);
      } else if (const auto *H = dyn_cast<HostCode>(S.get())) {
        Touched.insert(H->ArraysRead.begin(), H->ArraysRead.end());
        Touched.insert(H->ArraysWritten.begin(), H->ArraysWritten.end());
        Returns |= H->Text.find("return") != std::string::npos;
      } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
        Touched.insert(R->HeaderArraysRead.begin(), R->HeaderArraysRead.end());
        walk(R->Body, Loop || R->isLoop());
      } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        walk(F->Body, true);
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        walk(I->Then, Loop);
        walk(I->Else, Loop);
      }
    }
  }
};

} // namespace

LoweredFunction packCheckerboards(LoweredFunction LF,
                                  const LoweringContext &Ctx) {
  HostUse Host;
  Host.walk(LF.HostBody, false);
  for (const Param &P : Ctx.F.Params) {
    if (P.ParamForm != Param::Form::Array || P.Dims.size() != 2 || !P.Dims[0] ||
        !P.Dims[1] || P.IsGlobal || !P.RecordType.empty())
      continue;
    // Every reference must have both subscripts; some kernel in a host
    // loop must sweep one colour (an even stride of a compressed loop).
    bool AllTwo = true, Swept = false;
    std::vector<size_t> Users;
    for (size_t KI = 0; KI < LF.Kernels.size(); ++KI) {
      const Kernel &K = LF.Kernels[KI];
      const NestStmt *Nest = Ctx.nest(K.NestId);
      bool Uses = false;
      forEachExprIn(K.Body, [&](const Expr &E) {
        const auto *R = dyn_cast<ArrayRef>(&E);
        if (!R || R->Local || R->Array != P.Name)
          return;
        Uses = true;
        if (R->Indices.size() != 2) {
          AllTwo = false;
          return;
        }
        if (!Nest || !Host.InLoop.count(KI))
          return;
        for (const std::string &V : splitColumn(R->Indices[1]).Strided) {
          auto It = Nest->ResidueLoops.find(V);
          Swept |= It != Nest->ResidueLoops.end() && It->second == 2;
        }
      });
      if (Uses)
        Users.push_back(KI);
    }
    if (!Swept)
      continue;
    const Kernel &First = LF.Kernels[Users.front()];
    if (!AllTwo || Host.Touched.count(P.Name) || Host.Returns) {
      Ctx.Diags.remark(
          First.Loc,
          "'" + P.Name +
              "' keeps the caller's layout, though kernels sweep "
              "one colour of it at a time: " +
              (!AllTwo ? "a reference does not index both of its dimensions"
               : Host.Returns
                   ? "the function may return before its end"
                   : "host code between the kernels reads or writes it"));
      continue;
    }
    ExprRewriteFn Rewrite = [&](const ExprPtr &E) -> ExprPtr {
      const auto *R = dyn_cast<ArrayRef>(E.get());
      if (!R || R->Local || R->Array != P.Name)
        return nullptr;
      // Subscripts may read the array too.
      ExprPtr X = rewriteExpr(R->Indices[0], Rewrite);
      ExprPtr Y = rewriteExpr(R->Indices[1], Rewrite);
      return std::make_shared<ArrayRef>(
          R->Array, std::vector<ExprPtr>{packedIndex(X, Y, P)}, R->Type,
          R->Loc);
    };
    bool Written = false;
    for (size_t KI : Users) {
      Kernel &K = LF.Kernels[KI];
      Written |= namesWritten(K.Body).Arrays.count(P.Name) != 0;
      K.Body = rewriteStmts(K.Body, Rewrite);
      K.Remarks.push_back(
          "'" + P.Name +
          "' in the packed checkerboard layout: each colour of "
          "(i + j) % 2 a dense array, so a sweep of one colour moves only "
          "its points (packed when " +
          Ctx.F.Name +
          " starts, unpacked when it ends; --no-checkerboard-layout keeps "
          "the caller's layout)");
    }
    LF.Checkerboards.push_back({P.Name, P.Dims[0], P.Dims[1], Written});
  }
  return LF;
}

} // namespace c2cuda
