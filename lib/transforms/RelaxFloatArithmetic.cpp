//===- RelaxFloatArithmetic.cpp - Faster, less exact float math -----------===//

#include "RelaxFloatArithmetic.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <set>

using namespace llvm;

namespace c2cuda {

namespace {

/// Double math functions whose float twin (name + "f") CUDA has.
bool hasFloatTwin(const std::string &N) {
  static const std::set<std::string> Twins = {
      "acos",  "asin", "atan",  "atan2", "cos",     "sin",   "tan",
      "cosh",  "sinh", "tanh",  "exp",   "exp2",    "expm1", "log",
      "log10", "log2", "log1p", "cbrt",  "fabs",    "hypot", "pow",
      "sqrt",  "erf",  "erfc",  "ceil",  "floor",   "round", "trunc",
      "fmod",  "fmax", "fmin",  "fma",   "copysign"};
  return Twins.count(N) != 0;
}

struct Intrinsic {
  const char *Name;
  /// The maximum error the CUDA C++ Programming Guide documents for it.
  const char *Error;
};

const std::map<std::string, Intrinsic> &intrinsics() {
  static const std::map<std::string, Intrinsic> M = {
      {"expf", {"__expf", "error at most 2 + floor(|1.173 x|) ulp"}},
      {"logf",
       {"__logf", "absolute error 2^-21.41 for x in [0.5, 2], else 3 ulp"}},
      {"log2f",
       {"__log2f", "absolute error 2^-22 for x in [0.5, 2], else 2 ulp"}},
      {"log10f",
       {"__log10f", "absolute error 2^-24 for x in [0.5, 2], else 3 ulp"}},
      {"sinf",
       {"__sinf", "absolute error 2^-21.41 for x in [-pi, pi], larger "
                  "outside"}},
      {"cosf",
       {"__cosf", "absolute error 2^-21.19 for x in [-pi, pi], larger "
                  "outside"}},
      {"tanf", {"__tanf", "the error of __sinf(x) / __cosf(x)"}},
      {"powf", {"__powf", "the error of exp2(y * __log2f(x))"}}};
  return M;
}

bool isOne(const Expr &E) {
  if (const auto *F = dyn_cast<FloatLit>(&E))
    return F->Value == 1.0;
  if (const auto *C = dyn_cast<CastExpr>(&E))
    if (const auto *I = dyn_cast<IntLit>(C->Operand.get()))
      return I->Value == 1;
  return false;
}

/// E, a double expression, computed in float; null unless every operand is
/// a float value, an integer or a double literal. Changes gets the literals
/// and functions replaced ("0.25 as 0.25f", "exp as expf").
ExprPtr demote(const ExprPtr &E, std::set<std::string> &Changes) {
  if (E->Type == ScalarKind::Float)
    return E;
  if (E->Type != ScalarKind::Double)
    return nullptr;
  switch (E->getKind()) {
  case Expr::Kind::FloatLit: {
    ExprPtr F = std::make_shared<FloatLit>(
        static_cast<double>(static_cast<float>(cast<FloatLit>(*E).Value)),
        ScalarKind::Float, E->Loc);
    Changes.insert(exprToString(*E) + " as " + exprToString(*F));
    return F;
  }
  case Expr::Kind::Cast: {
    const ExprPtr &X = cast<CastExpr>(*E).Operand;
    if (X->Type == ScalarKind::Float)
      return X;
    if (isFloating(X->Type))
      return nullptr;
    return build::cast(X, ScalarKind::Float);
  }
  case Expr::Kind::Unary: {
    const auto &U = cast<UnaryExpr>(*E);
    ExprPtr X = U.Op == UnaryOpKind::Neg ? demote(U.Operand, Changes) : nullptr;
    return X ? std::make_shared<UnaryExpr>(U.Op, X, ScalarKind::Float, U.Loc)
             : nullptr;
  }
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(*E);
    if (B.Op != BinaryOpKind::Add && B.Op != BinaryOpKind::Sub &&
        B.Op != BinaryOpKind::Mul && B.Op != BinaryOpKind::Div)
      return nullptr;
    ExprPtr L = demote(B.LHS, Changes),
            R = L ? demote(B.RHS, Changes) : nullptr;
    return R ? build::bin(B.Op, L, R, ScalarKind::Float) : nullptr;
  }
  case Expr::Kind::Select: {
    const auto &S = cast<SelectExpr>(*E);
    ExprPtr T = demote(S.True, Changes),
            F = T ? demote(S.False, Changes) : nullptr;
    return F ? std::make_shared<SelectExpr>(S.Cond, T, F, ScalarKind::Float,
                                            S.Loc)
             : nullptr;
  }
  case Expr::Kind::Call: {
    const auto &C = cast<CallExpr>(*E);
    if (!hasFloatTwin(C.Callee))
      return nullptr;
    std::vector<ExprPtr> Args;
    for (const ExprPtr &A : C.Args) {
      Args.push_back(demote(A, Changes));
      if (!Args.back())
        return nullptr;
    }
    Changes.insert(C.Callee + " as " + C.Callee + "f");
    return std::make_shared<CallExpr>(C.Callee + "f", std::move(Args),
                                      ScalarKind::Float, C.Loc);
  }
  default:
    return nullptr;
  }
}

/// The innermost loop around the statement being rewritten, with what its
/// body changes.
struct EnclosingLoop {
  std::string Iter;
  NamesWritten Writes;
};

class Relaxer {
public:
  /// The rewrites made, as remark texts.
  std::set<std::string> Done;

  StmtList stmts(const StmtList &L, const EnclosingLoop *Inner) {
    StmtList Out;
    for (const StmtPtr &S : L)
      Out.push_back(stmt(S, Inner));
    return Out;
  }

private:
  StmtPtr stmt(const StmtPtr &S, const EnclosingLoop *Inner) {
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      auto N = std::make_shared<AssignStmt>(*A);
      N->LHS = expr(A->LHS, Inner);
      N->RHS = expr(A->RHS, Inner);
      // `x *= 0.5` with float x: C multiplies in double.
      if (A->Op != AssignOpKind::Set && A->LHS->Type == ScalarKind::Float &&
          N->RHS->Type == ScalarKind::Double)
        if (ExprPtr F = demoted(N->RHS))
          N->RHS = F;
      return N;
    }
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (!D->Init)
        return S;
      auto N = std::make_shared<DeclStmt>(*D);
      N->Init = expr(D->Init, Inner);
      return N;
    }
    if (const auto *I = dyn_cast<IfStmt>(S.get()))
      return std::make_shared<IfStmt>(expr(I->Cond, Inner),
                                      stmts(I->Then, Inner),
                                      stmts(I->Else, Inner), I->Loc);
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      EnclosingLoop Loop{F->Iter, namesWritten(F->Body)};
      Loop.Writes.Scalars.insert(F->Iter);
      auto N = std::make_shared<ForStmt>(*F);
      N->Lower = expr(F->Lower, Inner);
      N->Upper = expr(F->Upper, Inner);
      N->Body = stmts(F->Body, &Loop);
      return N;
    }
    return S;
  }

  ExprPtr expr(const ExprPtr &E, const EnclosingLoop *Inner) {
    return rewriteExpr(
        E, [&](const ExprPtr &X) -> ExprPtr { return rewrite(X, Inner); });
  }

  void note(std::string What) { Done.insert("fast math: " + What); }

  /// demote(E), with a remark.
  ExprPtr demoted(const ExprPtr &E) {
    std::set<std::string> Changes;
    ExprPtr F = demote(E, Changes);
    if (!F)
      return nullptr;
    std::string List;
    for (const std::string &C : Changes)
      List += (List.empty() ? "" : ", ") + C;
    note("a float result that C computes in double computed in float" +
         (List.empty() ? std::string() : " (" + List + ")"));
    return F;
  }

  /// X rewritten (its operands too), or null to look at its operands.
  ExprPtr rewrite(const ExprPtr &X, const EnclosingLoop *Inner) {
    if (const auto *C = dyn_cast<CastExpr>(X.get())) {
      if (C->Type != ScalarKind::Float ||
          C->Operand->Type != ScalarKind::Double)
        return nullptr;
      ExprPtr F = demoted(C->Operand);
      return F ? expr(F, Inner) : nullptr;
    }
    if (const auto *C = dyn_cast<CallExpr>(X.get())) {
      auto It = intrinsics().find(C->Callee);
      if (It == intrinsics().end() || C->Type != ScalarKind::Float)
        return nullptr;
      std::vector<ExprPtr> Args;
      for (const ExprPtr &A : C->Args)
        Args.push_back(expr(A, Inner));
      note(C->Callee + " as the intrinsic " + It->second.Name + " (" +
           It->second.Error + ")");
      return std::make_shared<CallExpr>(It->second.Name, std::move(Args),
                                        ScalarKind::Float, C->Loc);
    }
    const auto *B = dyn_cast<BinaryExpr>(X.get());
    if (!B || B->Op != BinaryOpKind::Div || !isFloating(B->Type))
      return nullptr;
    if (isOne(*B->LHS)) {
      const auto *S = dyn_cast<CallExpr>(B->RHS.get());
      if (!S || S->Type != B->Type || S->Args.size() != 1 ||
          (S->Callee != "sqrt" && S->Callee != "sqrtf"))
        return nullptr; // Already a reciprocal.
      std::string Rsqrt = S->Callee == "sqrt" ? "rsqrt" : "rsqrtf";
      ExprPtr R = std::make_shared<CallExpr>(
          Rsqrt, std::vector<ExprPtr>{expr(S->Args[0], Inner)}, B->Type,
          B->Loc);
      note(std::string(B->Type == ScalarKind::Float ? "1.0f" : "1.0") + " / " +
           S->Callee + " as " + Rsqrt);
      return R;
    }
    bool Literal = true, Changes = false;
    forEachExpr(*B->RHS, [&](const Expr &D) {
      if (isa<ArrayRef>(D))
        Changes = true;
      if (const auto *V = dyn_cast<VarRef>(&D)) {
        Literal = false;
        Changes |= !Inner || Inner->Writes.Scalars.count(V->Name) != 0;
      }
    });
    if (Changes)
      return nullptr;
    ExprPtr Rcp =
        build::bin(BinaryOpKind::Div, std::make_shared<FloatLit>(1.0, B->Type),
                   expr(B->RHS, Inner), B->Type);
    // Loops lowering made (a thread's points) are not the user's.
    std::string Where =
        Literal ? ""
        : Inner->Iter.rfind("c2c_", 0) == 0
            ? ", computed once per thread"
            : ", computed once before loop '" + Inner->Iter + "'";
    note("division by " + exprToString(*B->RHS) +
         " as multiplication by its reciprocal " + exprToString(*Rcp) + Where);
    return build::bin(BinaryOpKind::Mul, expr(B->LHS, Inner), Rcp, B->Type);
  }
};

} // namespace

LoweredFunction relaxFloatArithmetic(LoweredFunction LF,
                                     const LoweringContext &Ctx,
                                     bool FastMathEverywhere) {
  for (Kernel &K : LF.Kernels) {
    const NestStmt *N = Ctx.nest(K.NestId);
    if (!FastMathEverywhere && !(N && N->Clauses.FastMath))
      continue;
    Relaxer R;
    StmtList Body = R.stmts(K.Body, nullptr);
    if (R.Done.empty())
      continue; // The body as it was, statement for statement.
    K.Body = std::move(Body);
    for (const std::string &D : R.Done)
      K.Remarks.push_back(D);
  }
  return LF;
}

} // namespace c2cuda
