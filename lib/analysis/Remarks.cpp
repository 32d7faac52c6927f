//===- Remarks.cpp - Performance remarks on nests ------------------------===//

#include "analysis/Remarks.h"

#include "ir/IRPrinter.h"
#include "ir/IRWalk.h"

#include <cmath>
#include <functional>
#include <set>

using namespace c2cuda;
using llvm::dyn_cast;
using llvm::isa;

namespace {

bool mentions(const Expr &E, const std::function<bool(const Expr &)> &Pred) {
  bool Found = false;
  forEachExpr(E, [&](const Expr &X) { Found = Found || Pred(X); });
  return Found;
}

/// `(double)e` where e is a float value: C's promotion of a float operand.
bool isPromotedFloat(const Expr &E) {
  const auto *C = dyn_cast<CastExpr>(&E);
  return C && C->Type == ScalarKind::Double &&
         C->Operand->Type == ScalarKind::Float;
}

bool isDoubleLiteral(const Expr &E) {
  const auto *L = dyn_cast<FloatLit>(&E);
  return L && L->Type == ScalarKind::Double;
}

bool isArithmetic(BinaryOpKind Op) {
  return Op == BinaryOpKind::Add || Op == BinaryOpKind::Sub ||
         Op == BinaryOpKind::Mul || Op == BinaryOpKind::Div;
}

class SourceRemarker {
public:
  SourceRemarker(const NestFacts *NF, std::vector<PerfRemark> &Out)
      : NF(NF), Out(Out) {}

  void stmts(const StmtList &L) {
    for (const StmtPtr &S : L)
      stmt(*S);
  }

private:
  struct LoopCtx {
    const ForStmt *Loop;
    NamesWritten Writes;
  };

  void stmt(const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S)) {
      expr(*A->LHS);
      expr(*A->RHS);
      // `x *= 0.5` with float x computes x * 0.5 in double.
      if (A->LHS->Type == ScalarKind::Float && isDoubleLiteral(*A->RHS) &&
          A->Op != AssignOpKind::Set)
        doubleLiteral(*A->RHS);
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      if (D->Init)
        expr(*D->Init);
    } else if (const auto *I = dyn_cast<IfStmt>(&S)) {
      expr(*I->Cond);
      stmts(I->Then);
      stmts(I->Else);
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      loop(*F);
    }
  }

  void loop(const ForStmt &F) {
    if (NF) {
      auto It = NF->Loops.find(&F);
      if (It != NF->Loops.end() && It->second.Class == LoopClass::Sequential) {
        std::string Msg = "loop '" + F.Iter +
                          "' cannot run in parallel: " + It->second.Reason;
        if (const auto &B = It->second.Blocking)
          Msg += " (" + B->Kind + " dependence, distance " + B->Distance + ")";
        Out.push_back({"sequential-loop", F.Loc, Msg, ""});
      }
    }
    expr(*F.Lower);
    expr(*F.Upper);
    LoopCtx C{&F, namesWritten(F.Body)};
    C.Writes.Scalars.insert(F.Iter);
    Loops.push_back(std::move(C));
    stmts(F.Body);
    Loops.pop_back();
  }

  void expr(const Expr &E) {
    forEachExpr(E, [&](const Expr &X) {
      if (const auto *B = dyn_cast<BinaryExpr>(&X))
        binary(*B);
      else if (const auto *C = dyn_cast<CallExpr>(&X))
        call(*C);
    });
  }

  void binary(const BinaryExpr &B) {
    if (B.Type == ScalarKind::Double && isArithmetic(B.Op)) {
      if (isDoubleLiteral(*B.LHS) && isPromotedFloat(*B.RHS))
        doubleLiteral(*B.LHS);
      else if (isDoubleLiteral(*B.RHS) && isPromotedFloat(*B.LHS))
        doubleLiteral(*B.RHS);
    }
    if (B.Op == BinaryOpKind::Div && isFloating(B.Type))
      division(B);
  }

  void doubleLiteral(const Expr &Lit) {
    std::string Text = literalText(Lit);
    Out.push_back({"double-literal", Lit.Loc,
                   "the double literal " + Text +
                       " makes C compute this float expression in double, "
                       "which runs at a fraction of float speed on most GPUs",
                   "write " + Text +
                       "f to keep the arithmetic in float (--fast-math does "
                       "this in the kernels)"});
  }

  void call(const CallExpr &C) {
    if ((C.Callee != "pow" && C.Callee != "powf") || C.Args.size() != 2)
      return;
    auto N = smallIntegerExponent(*C.Args[1]);
    // Exponents 1 to 4 the kernels compute by multiplying already
    // (transforms/ExpandIntegerPowers.h).
    if (!N || (*N >= 1 && *N <= 4))
      return;
    const Expr &BaseExpr = *stripCasts(C.Args[0].get());
    std::string Base = exprToString(BaseExpr);
    if (!isa<VarRef>(BaseExpr) && !isa<ArrayRef>(BaseExpr) &&
        !isa<CallExpr>(BaseExpr))
      Base = "(" + Base + ")";
    std::string Instead;
    if (*N == 0)
      Instead = "1";
    else {
      std::string Product;
      for (int64_t I = 0; I < (*N < 0 ? -*N : *N); ++I)
        Product += (I ? " * " : "") + Base;
      Instead = *N < 0 ? "1 / (" + Product + ")" : Product;
    }
    Out.push_back({"pow-small-int", C.Loc,
                   C.Callee + " with the small integer exponent " +
                       std::to_string(*N) + " calls the general power routine",
                   "multiply instead: " + Instead});
  }

  void division(const BinaryExpr &B) {
    if (Loops.empty())
      return;
    const LoopCtx &Inner = Loops.back();
    // A loop that runs in parallel maps to threads: each thread divides once,
    // and a reciprocal would not save anything.
    if (NF) {
      auto It = NF->Loops.find(Inner.Loop);
      if (It == NF->Loops.end() || It->second.Class == LoopClass::Parallel)
        return;
    }
    const Expr &D = *B.RHS;
    if (!mentions(D, [](const Expr &X) {
          return isa<VarRef>(X) || isa<ArrayRef>(X);
        }))
      return; // A constant divisor: the compiler folds what it can.
    bool Varies = mentions(D, [&](const Expr &X) {
      if (const auto *V = dyn_cast<VarRef>(&X))
        return Inner.Writes.Scalars.count(V->Name) != 0;
      if (const auto *R = dyn_cast<ArrayRef>(&X))
        return Inner.Writes.Arrays.count(R->Array) != 0;
      return false;
    });
    if (Varies)
      return;
    std::string Text = exprToString(*stripCasts(&D));
    Out.push_back(
        {"invariant-division", B.Loc,
         "division by '" + Text + "', which does not change in loop '" +
             Inner.Loop->Iter + "'",
         std::string("compute its reciprocal once before the loop "
                     "and multiply by it (this rounds slightly "
                     "differently)") +
             (mentions(D, [](const Expr &X) { return isa<ArrayRef>(X); })
                  ? ""
                  : "; --fast-math does this in the kernels")});
  }

  const NestFacts *NF;
  std::vector<PerfRemark> &Out;
  std::vector<LoopCtx> Loops;
};

void walkNests(const StmtList &Body, const FunctionFacts &Facts,
               std::vector<PerfRemark> &Out) {
  for (const StmtPtr &S : Body) {
    if (const auto *N = dyn_cast<NestStmt>(S.get())) {
      auto It = Facts.Nests.find(N);
      SourceRemarker(It == Facts.Nests.end() ? nullptr : &It->second, Out)
          .stmts(N->Body);
    } else if (const auto *R = dyn_cast<HostRegion>(S.get())) {
      walkNests(R->Body, Facts, Out);
    }
  }
}

void divergence(const StmtList &L, const std::string &XIter,
                std::vector<PerfRemark> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      bool ReadsArray =
          mentions(*I->Cond, [](const Expr &X) { return isa<ArrayRef>(X); });
      bool Strided = mentions(*I->Cond, [&](const Expr &X) {
        const auto *B = dyn_cast<BinaryExpr>(&X);
        if (!B || (B->Op != BinaryOpKind::Rem && B->Op != BinaryOpKind::Div &&
                   B->Op != BinaryOpKind::BitAnd && B->Op != BinaryOpKind::Shr))
          return false;
        return mentions(X, [&](const Expr &Y) {
          const auto *V = dyn_cast<VarRef>(&Y);
          return V && V->Name == XIter;
        });
      });
      if (Strided || ReadsArray) {
        std::string Cond = exprToString(*I->Cond);
        Out.push_back(
            {"divergent-branch", I->Loc,
             "the branch on '" + Cond +
                 "' can go different ways in "
                 "neighbouring threads along x ('" +
                 XIter + "'), so each warp runs both paths" +
                 (ReadsArray && !Strided ? " (it depends on array values)"
                                         : ""),
             Strided ? "iterate so that neighbouring threads take the same "
                       "path, e.g. a loop with step 2 over one colour of a "
                       "red-black sweep"
                     : ""});
      }
      divergence(I->Then, XIter, Out);
      divergence(I->Else, XIter, Out);
    } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      divergence(F->Body, XIter, Out);
    }
  }
}

} // namespace

std::optional<int64_t> c2cuda::smallIntegerExponent(const Expr &E) {
  const Expr &X = *stripCasts(&E);
  if (const auto *I = dyn_cast<IntLit>(&X))
    if (I->Value >= -4 && I->Value <= 4)
      return I->Value;
  if (const auto *F = dyn_cast<FloatLit>(&X))
    if (F->Value == std::floor(F->Value) && std::fabs(F->Value) <= 4)
      return static_cast<int64_t>(F->Value);
  return std::nullopt;
}

std::vector<PerfRemark> c2cuda::sourceRemarks(const Function &F,
                                              const FunctionFacts &Facts) {
  std::vector<PerfRemark> Out;
  walkNests(F.Body, Facts, Out);
  return Out;
}

std::vector<PerfRemark> c2cuda::mappingRemarks(const LoweredFunction &LF) {
  std::vector<PerfRemark> Out;
  for (const Kernel &K : LF.Kernels)
    for (const GridLoop &G : K.Grid)
      if (G.Dim == 0)
        divergence(K.Body, G.Iter, Out);
  return Out;
}
