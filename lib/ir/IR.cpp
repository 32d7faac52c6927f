//===- IR.cpp - Small helpers of the loop-nest IR ------------------------===//

#include "IR.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

namespace c2cuda {

std::string SourceLoc::str() const {
  if (!valid())
    return "<unknown>";
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Col);
}

std::string NestSchedule::str() const {
  static const char *Dim[] = {"x", "y", "z"};
  std::string S;
  auto Add = [&](const std::string &C) { S += (S.empty() ? "" : " ") + C; };
  auto List = [](const std::map<std::string, unsigned> &M) {
    std::string T;
    for (const auto &[K, V] : M)
      T += (T.empty() ? "" : ", ") + K + ": " + std::to_string(V);
    return T;
  };
  if (!Map.empty()) {
    std::string T;
    for (const auto &[L, D] : Map)
      T += (T.empty() ? "" : ", ") + L + ": " + (D < 3 ? Dim[D] : "?");
    Add("map(" + T + ")");
  }
  if (!Block.empty()) {
    std::string T;
    for (unsigned V : Block)
      T += (T.empty() ? "" : ", ") + std::to_string(V);
    Add("block(" + T + ")");
  }
  if (!Thread.empty())
    Add("thread(" + List(Thread) + ")");
  if (!Unroll.empty())
    Add("unroll(" + List(Unroll) + ")");
  if (!Tile.empty())
    Add("tile(" + List(Tile) + ")");
  if (!Shared.empty()) {
    std::string T;
    for (const std::string &A : Shared)
      T += (T.empty() ? "" : ", ") + A;
    Add("shared(" + T + ")");
  }
  if (Pad)
    Add("pad(" + std::to_string(Pad) + ")");
  if (!Vector.empty())
    Add("vector(" + List(Vector) + ")");
  if (Pipeline > 1)
    Add("pipeline(" + std::to_string(Pipeline) + ")");
  if (Async)
    Add("async(" + std::to_string(Async) + ")");
  if (!Lanes.empty())
    Add("lanes(" + List(Lanes) + ")");
  if (!Split.empty())
    Add("split(" + List(Split) + ")");
  if (MaxRegCount)
    Add("maxrregcount(" + std::to_string(MaxRegCount) + ")");
  return S;
}

const char *spelling(ScalarKind K) {
  switch (K) {
  case ScalarKind::Int:
    return "int";
  case ScalarKind::UInt:
    return "unsigned int";
  case ScalarKind::Long:
    return "long long";
  case ScalarKind::ULong:
    return "unsigned long long";
  case ScalarKind::Float:
    return "float";
  case ScalarKind::Double:
    return "double";
  case ScalarKind::Char:
    return "char";
  case ScalarKind::SChar:
    return "signed char";
  case ScalarKind::UChar:
    return "unsigned char";
  case ScalarKind::Short:
    return "short";
  case ScalarKind::UShort:
    return "unsigned short";
  }
  return "?";
}

bool isFloating(ScalarKind K) {
  return K == ScalarKind::Float || K == ScalarKind::Double;
}

bool isUnsignedKind(ScalarKind K) {
  return K == ScalarKind::UChar || K == ScalarKind::UShort ||
         K == ScalarKind::UInt || K == ScalarKind::ULong;
}

bool isNarrowInteger(ScalarKind K) { return sizeInBytes(K) < 4; }

bool holdsEveryValue(ScalarKind To, ScalarKind From) {
  if (To == From)
    return true;
  if (isFloating(To) || isFloating(From))
    return false;
  unsigned ToBits = 8 * sizeInBytes(To), FromBits = 8 * sizeInBytes(From);
  if (isUnsignedKind(To) == isUnsignedKind(From))
    return ToBits >= FromBits;
  return !isUnsignedKind(To) && ToBits > FromBits;
}

unsigned sizeInBytes(ScalarKind K) {
  switch (K) {
  case ScalarKind::Char:
  case ScalarKind::SChar:
  case ScalarKind::UChar:
    return 1;
  case ScalarKind::Short:
  case ScalarKind::UShort:
    return 2;
  case ScalarKind::Int:
  case ScalarKind::UInt:
  case ScalarKind::Float:
    return 4;
  case ScalarKind::Long:
  case ScalarKind::ULong:
  case ScalarKind::Double:
    return 8;
  }
  return 8;
}

const char *spelling(BinaryOpKind Op) {
  switch (Op) {
  case BinaryOpKind::Add:
    return "+";
  case BinaryOpKind::Sub:
    return "-";
  case BinaryOpKind::Mul:
    return "*";
  case BinaryOpKind::Div:
    return "/";
  case BinaryOpKind::Rem:
    return "%";
  case BinaryOpKind::Shl:
    return "<<";
  case BinaryOpKind::Shr:
    return ">>";
  case BinaryOpKind::BitAnd:
    return "&";
  case BinaryOpKind::BitOr:
    return "|";
  case BinaryOpKind::BitXor:
    return "^";
  case BinaryOpKind::LAnd:
    return "&&";
  case BinaryOpKind::LOr:
    return "||";
  case BinaryOpKind::LT:
    return "<";
  case BinaryOpKind::LE:
    return "<=";
  case BinaryOpKind::GT:
    return ">";
  case BinaryOpKind::GE:
    return ">=";
  case BinaryOpKind::EQ:
    return "==";
  case BinaryOpKind::NE:
    return "!=";
  }
  return "?";
}

bool isComparison(BinaryOpKind Op) {
  switch (Op) {
  case BinaryOpKind::LT:
  case BinaryOpKind::LE:
  case BinaryOpKind::GT:
  case BinaryOpKind::GE:
  case BinaryOpKind::EQ:
  case BinaryOpKind::NE:
    return true;
  default:
    return false;
  }
}

const char *spelling(AssignOpKind Op) {
  switch (Op) {
  case AssignOpKind::Set:
    return "=";
  case AssignOpKind::Add:
    return "+=";
  case AssignOpKind::Sub:
    return "-=";
  case AssignOpKind::Mul:
    return "*=";
  case AssignOpKind::Div:
    return "/=";
  case AssignOpKind::Rem:
    return "%=";
  case AssignOpKind::Shl:
    return "<<=";
  case AssignOpKind::Shr:
    return ">>=";
  case AssignOpKind::And:
    return "&=";
  case AssignOpKind::Or:
    return "|=";
  case AssignOpKind::Xor:
    return "^=";
  }
  return "?";
}

const char *spelling(AtomicKind K) {
  switch (K) {
  case AtomicKind::None:
    return "";
  case AtomicKind::Add:
    return "+";
  case AtomicKind::Sub:
    return "-";
  case AtomicKind::Mul:
    return "*";
  case AtomicKind::Min:
    return "min";
  case AtomicKind::Max:
    return "max";
  case AtomicKind::And:
    return "&";
  case AtomicKind::Or:
    return "|";
  case AtomicKind::Xor:
    return "^";
  }
  return "?";
}

const char *spelling(LoopCmp C) {
  switch (C) {
  case LoopCmp::LT:
    return "<";
  case LoopCmp::LE:
    return "<=";
  case LoopCmp::GT:
    return ">";
  case LoopCmp::GE:
    return ">=";
  }
  return "?";
}

const Param *Function::findParam(const std::string &N) const {
  for (const Param &P : Params)
    if (P.Name == N)
      return &P;
  return nullptr;
}

bool isWarpCollective(const std::string &Callee) {
  return Callee == "c2c_shfl_xor" || isTensorCoreProduct(Callee);
}

bool isTensorCoreProduct(const std::string &Callee) {
  return Callee == "c2c_mma_m16n8k4" || Callee == "c2c_mma_m16n8k8_tf32x3";
}

const IfStmt *breakGuard(const ForStmt &F) {
  const auto *If =
      F.Body.size() == 1 ? llvm::dyn_cast<IfStmt>(F.Body[0].get()) : nullptr;
  const auto *Not = If && If->Else.empty()
                        ? llvm::dyn_cast<UnaryExpr>(If->Cond.get())
                        : nullptr;
  const auto *Flag = Not && Not->Op == UnaryOpKind::LNot
                         ? llvm::dyn_cast<VarRef>(Not->Operand.get())
                         : nullptr;
  return Flag && Flag->Name.rfind("c2c_break", 0) == 0 ? If : nullptr;
}

bool sameExpr(const Expr &A, const Expr &B) {
  using llvm::cast;
  if (A.getKind() != B.getKind() || A.Type != B.Type)
    return false;
  auto Same = [](const ExprPtr &X, const ExprPtr &Y) {
    return X && Y ? sameExpr(*X, *Y) : X == Y;
  };
  auto SameList = [&](const std::vector<ExprPtr> &X,
                      const std::vector<ExprPtr> &Y) {
    if (X.size() != Y.size())
      return false;
    for (size_t I = 0; I < X.size(); ++I)
      if (!Same(X[I], Y[I]))
        return false;
    return true;
  };
  switch (A.getKind()) {
  case Expr::Kind::IntLit:
    return cast<IntLit>(A).Value == cast<IntLit>(B).Value;
  case Expr::Kind::FloatLit:
    return cast<FloatLit>(A).Value == cast<FloatLit>(B).Value;
  case Expr::Kind::VarRef:
    return cast<VarRef>(A).Name == cast<VarRef>(B).Name;
  case Expr::Kind::ArrayRef: {
    const auto &X = cast<ArrayRef>(A), &Y = cast<ArrayRef>(B);
    return X.Array == Y.Array && X.Local == Y.Local &&
           SameList(X.Indices, Y.Indices);
  }
  case Expr::Kind::Unary:
    return cast<UnaryExpr>(A).Op == cast<UnaryExpr>(B).Op &&
           Same(cast<UnaryExpr>(A).Operand, cast<UnaryExpr>(B).Operand);
  case Expr::Kind::Binary: {
    const auto &X = cast<BinaryExpr>(A), &Y = cast<BinaryExpr>(B);
    return X.Op == Y.Op && Same(X.LHS, Y.LHS) && Same(X.RHS, Y.RHS);
  }
  case Expr::Kind::Cast:
    return Same(cast<CastExpr>(A).Operand, cast<CastExpr>(B).Operand);
  case Expr::Kind::Select: {
    const auto &X = cast<SelectExpr>(A), &Y = cast<SelectExpr>(B);
    return Same(X.Cond, Y.Cond) && Same(X.True, Y.True) &&
           Same(X.False, Y.False);
  }
  case Expr::Kind::Call: {
    const auto &X = cast<CallExpr>(A), &Y = cast<CallExpr>(B);
    return X.Callee == Y.Callee && SameList(X.Args, Y.Args);
  }
  }
  return false;
}

SourceLoc NestStmt::clauseLoc(const std::string &Clause) const {
  auto It = Clauses.ClauseLocs.find(Clause);
  return It != Clauses.ClauseLocs.end() ? It->second : PragmaLoc;
}

std::string NestStmt::originText() const {
  return Clauses.Origin.empty() ? "" : " (from " + Clauses.Origin + ")";
}

bool isIntLiteral(const Expr &E) { return llvm::isa<IntLit>(stripCasts(&E)); }

std::vector<const ForStmt *> inThreadBandLoops(const Kernel &K) {
  std::vector<const ForStmt *> Out;
  const StmtList *Body = &K.Body;
  for (const std::string &It : K.InThreadBand) {
    const auto *F = Body->size() == 1
                        ? llvm::dyn_cast<ForStmt>(Body->front().get())
                        : nullptr;
    if (!F || F->Iter != It)
      break;
    Out.push_back(F);
    Body = &F->Body;
  }
  return Out;
}

const Expr *stripCasts(const Expr *E) {
  while (const auto *C = llvm::dyn_cast<CastExpr>(E))
    E = C->Operand.get();
  return E;
}

bool readsArray(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::ArrayRef:
    return true;
  case Expr::Kind::Unary:
    return readsArray(*llvm::cast<UnaryExpr>(E).Operand);
  case Expr::Kind::Binary: {
    const auto &B = llvm::cast<BinaryExpr>(E);
    return readsArray(*B.LHS) || readsArray(*B.RHS);
  }
  case Expr::Kind::Cast:
    return readsArray(*llvm::cast<CastExpr>(E).Operand);
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    return readsArray(*S.Cond) || readsArray(*S.True) || readsArray(*S.False);
  }
  case Expr::Kind::Call: {
    const auto &C = llvm::cast<CallExpr>(E);
    return std::any_of(C.Args.begin(), C.Args.end(),
                       [](const ExprPtr &A) { return readsArray(*A); });
  }
  default:
    return false;
  }
}

std::string elemSpelling(const Param &P) {
  return P.BoolElems ? "bool" : spelling(P.Elem);
}

bool Function::usesGlobals() const {
  return std::any_of(Params.begin(), Params.end(),
                     [](const Param &P) { return P.IsGlobal && P.isArray(); });
}

} // namespace c2cuda
