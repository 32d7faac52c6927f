//===- IRPrinter.cpp - Readable dump of the IR ---------------------------===//
//
// Expressions are printed with the fewest parentheses C's precedence allows,
// so the dump reads like the source and the CUDA printer can reuse it.
//
//===----------------------------------------------------------------------===//

#include "IRPrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace c2cuda {

namespace {

// C operator precedence, higher binds tighter.
enum Prec : int {
  PrecSelect = 3,
  PrecLOr = 4,
  PrecLAnd = 5,
  PrecBitOr = 6,
  PrecBitXor = 7,
  PrecBitAnd = 8,
  PrecEquality = 9,
  PrecRelational = 10,
  PrecShift = 11,
  PrecAdditive = 12,
  PrecMultiplicative = 13,
  PrecUnary = 15,
  PrecPrimary = 16
};

int precedence(BinaryOpKind Op) {
  switch (Op) {
  case BinaryOpKind::Mul:
  case BinaryOpKind::Div:
  case BinaryOpKind::Rem:
    return PrecMultiplicative;
  case BinaryOpKind::Add:
  case BinaryOpKind::Sub:
    return PrecAdditive;
  case BinaryOpKind::Shl:
  case BinaryOpKind::Shr:
    return PrecShift;
  case BinaryOpKind::LT:
  case BinaryOpKind::LE:
  case BinaryOpKind::GT:
  case BinaryOpKind::GE:
    return PrecRelational;
  case BinaryOpKind::EQ:
  case BinaryOpKind::NE:
    return PrecEquality;
  case BinaryOpKind::BitAnd:
    return PrecBitAnd;
  case BinaryOpKind::BitXor:
    return PrecBitXor;
  case BinaryOpKind::BitOr:
    return PrecBitOr;
  case BinaryOpKind::LAnd:
    return PrecLAnd;
  case BinaryOpKind::LOr:
    return PrecLOr;
  }
  return PrecPrimary;
}

/// X of `(X % M + M) % M` in a signed type, M a power of two: the
/// non-negative residue, which two's complement gives as `X & (M - 1)` in
/// one instruction (CompressModularGuards writes it; the analyses read `%`).
const Expr *powerOfTwoResidue(const Expr &E, int64_t &M) {
  auto Rem = [](const Expr *X, int64_t &Mod) -> const BinaryExpr * {
    const auto *B = llvm::dyn_cast<BinaryExpr>(X);
    if (!B || B->Op != BinaryOpKind::Rem ||
        (B->Type != ScalarKind::Int && B->Type != ScalarKind::Long))
      return nullptr;
    const auto *L = llvm::dyn_cast<IntLit>(B->RHS.get());
    if (!L || L->Value < 2 || (L->Value & (L->Value - 1)))
      return nullptr;
    Mod = L->Value;
    return B;
  };
  int64_t M1 = 0, M2 = 0;
  const BinaryExpr *Outer = Rem(&E, M1);
  const auto *Add =
      Outer ? llvm::dyn_cast<BinaryExpr>(Outer->LHS.get()) : nullptr;
  if (!Add || Add->Op != BinaryOpKind::Add || Add->Type != Outer->Type)
    return nullptr;
  const auto *Lit = llvm::dyn_cast<IntLit>(Add->RHS.get());
  const BinaryExpr *Inner = Rem(Add->LHS.get(), M2);
  if (!Lit || Lit->Value != M1 || !Inner || M2 != M1 ||
      Inner->Type != Outer->Type)
    return nullptr;
  M = M1;
  return Inner->LHS.get();
}

int precedence(const Expr &E) {
  int64_t M;
  if (powerOfTwoResidue(E, M))
    return precedence(BinaryOpKind::BitAnd);
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
    return llvm::cast<IntLit>(E).Value < 0 ? PrecUnary : PrecPrimary;
  case Expr::Kind::FloatLit:
    return std::signbit(llvm::cast<FloatLit>(E).Value) ? PrecUnary
                                                       : PrecPrimary;
  case Expr::Kind::VarRef:
  case Expr::Kind::ArrayRef:
  case Expr::Kind::Call:
    return PrecPrimary;
  case Expr::Kind::Unary:
  case Expr::Kind::Cast:
    return PrecUnary;
  case Expr::Kind::Binary:
    return precedence(llvm::cast<BinaryExpr>(E).Op);
  case Expr::Kind::Select:
    return PrecSelect;
  }
  return PrecPrimary;
}

class ExprPrinter {
public:
  ExprPrinter(llvm::raw_ostream &OS, const ArrayRefPrinter &PA)
      : OS(OS), PrintArray(PA) {}

  /// Prints E, parenthesised if it binds less tightly than MinPrec.
  void print(const Expr &E, int MinPrec = 0) {
    bool Parens = precedence(E) < MinPrec;
    if (Parens)
      OS << '(';
    printBare(E);
    if (Parens)
      OS << ')';
  }

private:
  void printBare(const Expr &E) {
    switch (E.getKind()) {
    case Expr::Kind::IntLit:
    case Expr::Kind::FloatLit:
      OS << literalText(E);
      return;
    case Expr::Kind::VarRef:
      OS << llvm::cast<VarRef>(E).Name;
      return;
    case Expr::Kind::ArrayRef: {
      const auto &A = llvm::cast<ArrayRef>(E);
      if (PrintArray) {
        PrintArray(OS, A);
        return;
      }
      OS << A.Array;
      for (const ExprPtr &I : A.Indices) {
        OS << '[';
        print(*I);
        OS << ']';
      }
      return;
    }
    case Expr::Kind::Unary: {
      const auto &U = llvm::cast<UnaryExpr>(E);
      OS << (U.Op == UnaryOpKind::Neg    ? "-"
             : U.Op == UnaryOpKind::LNot ? "!"
                                         : "~");
      // Keep "- -x" from printing as the decrement "--x".
      print(*U.Operand, PrecUnary + (precedence(*U.Operand) == PrecUnary));
      return;
    }
    case Expr::Kind::Binary: {
      const auto &B = llvm::cast<BinaryExpr>(E);
      int P = precedence(B.Op);
      int64_t M;
      if (const Expr *X = powerOfTwoResidue(E, M)) {
        print(*X, P);
        OS << " & " << literalText(IntLit(M - 1, B.Type));
        return;
      }
      print(*B.LHS, P);
      OS << ' ' << spelling(B.Op) << ' ';
      print(*B.RHS, P + 1); // Left-associative: a - (b - c) keeps its parens.
      return;
    }
    case Expr::Kind::Cast: {
      const auto &C = llvm::cast<CastExpr>(E);
      OS << '(' << spelling(C.Type) << ')';
      print(*C.Operand, PrecUnary);
      return;
    }
    case Expr::Kind::Select: {
      const auto &S = llvm::cast<SelectExpr>(E);
      print(*S.Cond, PrecSelect + 1);
      OS << " ? ";
      print(*S.True, PrecSelect + 1);
      OS << " : ";
      print(*S.False, PrecSelect);
      return;
    }
    case Expr::Kind::Call: {
      const auto &C = llvm::cast<CallExpr>(E);
      OS << C.Callee << '(';
      for (size_t I = 0; I < C.Args.size(); ++I) {
        if (I)
          OS << ", ";
        // c2c_aligned takes the element's address.
        if (I == 0 && C.Callee == "c2c_aligned")
          OS << '&';
        print(*C.Args[I]);
      }
      OS << ')';
      return;
    }
    }
  }

  llvm::raw_ostream &OS;
  const ArrayRefPrinter &PrintArray;
};

void indent(llvm::raw_ostream &OS, unsigned N) { OS.indent(N * 2); }

/// Prints host text line by line at the given indentation.
void printText(llvm::raw_ostream &OS, const std::string &Text, unsigned N) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(Text).rtrim().split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    indent(OS, N);
    OS << L.rtrim() << "\n";
  }
}

std::string joinSet(const std::set<std::string> &S) {
  return llvm::join(S.begin(), S.end(), ", ");
}

void printParam(llvm::raw_ostream &OS, const Param &P) {
  if (P.IsConst)
    OS << "const ";
  OS << spelling(P.Elem) << ' ';
  switch (P.ParamForm) {
  case Param::Form::Scalar:
    OS << P.Name;
    return;
  case Param::Form::Pointer:
    OS << '*' << (P.IsRestrict ? "restrict " : "") << P.Name;
    return;
  case Param::Form::Array:
    OS << P.Name;
    for (const ExprPtr &D : P.Dims)
      OS << '[' << (D ? exprToString(*D) : "") << ']';
    return;
  }
}

} // namespace

std::string loopHeaderText(const ForStmt &F, const ArrayRefPrinter &PA,
                           const Expr *AlsoWhile) {
  std::string S = "for (";
  S += spelling(F.IterType);
  // The bound is the right operand of a comparison: a select or another
  // comparison there needs parentheses (`i < (a < b ? a : b)`).
  std::string Upper = exprToString(*F.Upper, PA);
  if (precedence(*F.Upper) <= PrecRelational)
    Upper = "(" + Upper + ")";
  S += " " + F.Iter + " = " + exprToString(*F.Lower, PA) + "; " + F.Iter + " " +
       spelling(F.Cmp) + " " + Upper;
  if (AlsoWhile) {
    std::string W = exprToString(*AlsoWhile, PA);
    if (precedence(*AlsoWhile) <= PrecLAnd)
      W = "(" + W + ")";
    S += " && " + W;
  }
  S += "; ";
  if (F.Step == 1)
    S += "++" + F.Iter;
  else if (F.Step == -1)
    S += "--" + F.Iter;
  else if (F.Step > 0)
    S += F.Iter + " += " + std::to_string(F.Step);
  else
    S += F.Iter + " -= " + std::to_string(-F.Step);
  return S + ")";
}

std::string literalText(const Expr &E) {
  char Buf[64];
  if (const auto *I = llvm::dyn_cast<IntLit>(&E)) {
    const char *Suffix = "";
    switch (I->Type) {
    case ScalarKind::UInt:
      Suffix = "u";
      break;
    case ScalarKind::Long:
      Suffix = "LL";
      break;
    case ScalarKind::ULong:
      Suffix = "ULL";
      break;
    default:
      break;
    }
    if (I->Value == INT64_MIN)
      return "(-9223372036854775807LL - 1)";
    if (I->Type == ScalarKind::ULong)
      std::snprintf(Buf, sizeof Buf, "%" PRIu64 "%s", (uint64_t)I->Value,
                    Suffix);
    else
      std::snprintf(Buf, sizeof Buf, "%" PRId64 "%s", I->Value, Suffix);
    return Buf;
  }
  const auto &F = llvm::cast<FloatLit>(E);
  bool IsFloat = F.Type == ScalarKind::Float;
  if (std::isnan(F.Value))
    return IsFloat ? "NAN" : "(double)NAN";
  if (std::isinf(F.Value))
    return std::string(F.Value < 0 ? "-" : "") +
           (IsFloat ? "HUGE_VALF" : "HUGE_VAL");
  // 9 significant digits round-trip a float, 17 a double.
  std::snprintf(Buf, sizeof Buf, IsFloat ? "%.9g" : "%.17g", F.Value);
  std::string S = Buf;
  if (S.find_first_of(".eE") == std::string::npos)
    S += ".0";
  return IsFloat ? S + "f" : S;
}

void printExpr(llvm::raw_ostream &OS, const Expr &E,
               const ArrayRefPrinter &PrintArray) {
  ExprPrinter(OS, PrintArray).print(E);
}

std::string exprToString(const Expr &E, const ArrayRefPrinter &PrintArray) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printExpr(OS, E, PrintArray);
  return S;
}

void printStmts(llvm::raw_ostream &OS, const StmtList &L, unsigned Indent,
                const ArrayRefPrinter &PA) {
  for (const StmtPtr &SP : L) {
    const Stmt &S = *SP;
    switch (S.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &A = llvm::cast<AssignStmt>(S);
      indent(OS, Indent);
      if (A.Atomic != AtomicKind::None)
        OS << "atomic ";
      printExpr(OS, *A.LHS, PA);
      if (A.Atomic != AtomicKind::None)
        OS << ' ' << spelling(A.Atomic) << "= ";
      else
        OS << ' ' << spelling(A.Op) << ' ';
      printExpr(OS, *A.RHS, PA);
      if (A.Width > 1)
        OS << " (vector of " << A.Width << ")";
      if (A.Async)
        OS << " (async)";
      OS << ";\n";
      break;
    }
    case Stmt::Kind::Decl: {
      const auto &D = llvm::cast<DeclStmt>(S);
      indent(OS, Indent);
      if (D.isArray() && D.Storage == StorageKind::Shared)
        OS << "__shared__ ";
      OS << spelling(D.Type) << ' ' << D.Name;
      for (int64_t N : D.Dims)
        OS << '[' << N << ']';
      if (D.Init) {
        OS << " = ";
        printExpr(OS, *D.Init, PA);
      }
      OS << ";\n";
      break;
    }
    case Stmt::Kind::If: {
      const auto &I = llvm::cast<IfStmt>(S);
      indent(OS, Indent);
      OS << "if (";
      printExpr(OS, *I.Cond, PA);
      OS << ") {\n";
      printStmts(OS, I.Then, Indent + 1, PA);
      if (!I.Else.empty()) {
        indent(OS, Indent);
        OS << "} else {\n";
        printStmts(OS, I.Else, Indent + 1, PA);
      }
      indent(OS, Indent);
      OS << "}\n";
      break;
    }
    case Stmt::Kind::Barrier:
      indent(OS, Indent);
      OS << "__syncthreads();\n";
      break;
    case Stmt::Kind::AsyncFence: {
      const auto &F = llvm::cast<AsyncFenceStmt>(S);
      indent(OS, Indent);
      if (F.Fence == AsyncFenceStmt::Op::Commit)
        OS << "async_commit();\n";
      else
        OS << "async_wait(" << F.Pending << ");\n";
      break;
    }
    case Stmt::Kind::For: {
      const auto &F = llvm::cast<ForStmt>(S);
      indent(OS, Indent);
      if (F.Unroll) {
        OS << "#pragma unroll";
        if (F.Unroll > 1)
          OS << ' ' << F.Unroll;
        OS << '\n';
        indent(OS, Indent);
      }
      OS << loopHeaderText(F, PA) << " {\n";
      printStmts(OS, F.Body, Indent + 1, PA);
      indent(OS, Indent);
      OS << "}\n";
      break;
    }
    case Stmt::Kind::Nest: {
      const auto &N = llvm::cast<NestStmt>(S);
      indent(OS, Indent);
      OS << "nest " << N.Id << " at " << N.Loc.str();
      if (!N.Clauses.Block.empty()) {
        OS << " block(";
        for (size_t I = 0; I < N.Clauses.Block.size(); ++I)
          OS << (I ? "," : "") << N.Clauses.Block[I];
        OS << ")";
      }
      for (const auto &[Array, Ext] : N.Clauses.Extents)
        OS << " extent(" << Array << ": " << exprToString(*Ext) << ")";
      for (const auto &[Op, Var] : N.Clauses.Reductions)
        OS << " reduction(" << Op << ": " << Var << ")";
      if (N.Clauses.FastMath)
        OS << " fast_math";
      OS << " {\n";
      printStmts(OS, N.Body, Indent + 1, PA);
      indent(OS, Indent);
      OS << "}\n";
      break;
    }
    case Stmt::Kind::HostCode: {
      const auto &H = llvm::cast<HostCode>(S);
      indent(OS, Indent);
      OS << "host";
      if (!H.ArraysRead.empty())
        OS << " reads(" << joinSet(H.ArraysRead) << ")";
      if (!H.ArraysWritten.empty())
        OS << " writes(" << joinSet(H.ArraysWritten) << ")";
      if (!H.ScalarsWritten.empty())
        OS << " sets(" << joinSet(H.ScalarsWritten) << ")";
      OS << ":\n";
      printText(OS, H.Text, Indent + 1);
      break;
    }
    case Stmt::Kind::HostRegion: {
      const auto &R = llvm::cast<HostRegion>(S);
      indent(OS, Indent);
      OS << "host region";
      if (!R.HeaderArraysRead.empty())
        OS << " header-reads(" << joinSet(R.HeaderArraysRead) << ")";
      OS << ": " << R.Open << "\n";
      printStmts(OS, R.Body, Indent + 1, PA);
      indent(OS, Indent);
      OS << R.Close << "\n";
      break;
    }
    case Stmt::Kind::Launch: {
      indent(OS, Indent);
      OS << "launch kernel " << llvm::cast<LaunchStmt>(S).KernelIndex << ";\n";
      break;
    }
    }
  }
}

void printFunction(llvm::raw_ostream &OS, const Function &F) {
  OS << "function " << F.ReturnType << ' ' << F.Name << '(';
  for (size_t I = 0; I < F.Params.size(); ++I) {
    if (I)
      OS << ", ";
    printParam(OS, F.Params[I]);
  }
  OS << ") {\n";
  for (const auto &[Name, Init] : F.HostConstants)
    OS << "  host constant " << Name << " = " << exprToString(*Init) << "\n";
  printStmts(OS, F.Body, 1);
  OS << "}\n";
}

void printModule(llvm::raw_ostream &OS, const Module &M) {
  OS << "module " << M.SourceFile << "\n";
  for (const Function &F : M.Functions)
    printFunction(OS, F);
}

void printLowered(llvm::raw_ostream &OS, const LoweredFunction &LF) {
  static const char *DimName[] = {"x", "y", "z"};
  OS << "lowered " << (LF.Source ? LF.Source->Name : "<function>") << " {\n";
  for (const ArrayPlan &A : LF.Arrays) {
    OS << "  array " << A.Name << ": " << spelling(A.Elem) << '['
       << (A.Extent ? exprToString(*A.Extent) : "?") << ']';
    if (A.ReadOnDevice || A.WrittenOnDevice)
      OS << " device(" << (A.ReadOnDevice ? "r" : "")
         << (A.WrittenOnDevice ? "w" : "") << ')';
    if (A.ReadOnHost || A.WrittenOnHost)
      OS << " host(" << (A.ReadOnHost ? "r" : "")
         << (A.WrittenOnHost ? "w" : "") << ')';
    OS << "\n";
  }
  for (const LoweredFunction::Checkerboard &C : LF.Checkerboards)
    OS << "  checkerboard " << C.Array << ": " << exprToString(*C.Rows) << " x "
       << exprToString(*C.Cols) << " packed by colour\n";
  for (size_t KI = 0; KI < LF.Kernels.size(); ++KI) {
    const Kernel &K = LF.Kernels[KI];
    OS << "  kernel " << KI << " " << K.Name << " (nest " << K.NestId
       << ") block(" << K.Block[0] << "," << K.Block[1] << "," << K.Block[2]
       << ")";
    if (!K.Arrays.empty())
      OS << " arrays(" << llvm::join(K.Arrays, ", ") << ")";
    if (!K.Scalars.empty()) {
      OS << " scalars(";
      for (size_t I = 0; I < K.Scalars.size(); ++I)
        OS << (I ? ", " : "") << K.Scalars[I].Name
           << (K.Scalars[I].Written ? " (out)" : "");
      OS << ")";
    }
    if (K.FewBlocksAlternative >= 0)
      OS << " few-blocks(kernel " << K.FewBlocksAlternative << ")";
    if (K.SplitAlternative >= 0)
      OS << " split(kernel " << K.SplitAlternative << ")";
    if (K.LaunchFirst >= 0)
      OS << " after(kernel " << K.LaunchFirst << ")";
    if (K.FitsWhen)
      OS << " fits-when(" << exprToString(*K.FitsWhen) << ")";
    if (K.BlockTimeExpr)
      OS << " block-time(" << exprToString(*K.BlockTimeExpr) << ")";
    for (const Kernel::PrescaledArray &S : K.Prescaled)
      OS << " prescaled(" << S.Array << " * " << exprToString(*S.Scale) << ")";
    OS << " {\n";
    if (K.Grid.empty())
      OS << (K.ExplicitThreads ? "    explicit threads\n"
                               : "    single thread\n");
    for (const GridLoop &G : K.Grid)
      OS << "    grid." << DimName[G.Dim] << ": " << G.Iter << " = "
         << exprToString(*G.Lower) << " + t * " << G.Step << ", t < "
         << exprToString(*G.TripCount) << "\n";
    for (const LinearForm &C : K.BandGuard) {
      OS << "    band: " << exprToString(*C.Const);
      for (const auto &[It, Coef] : C.Coef)
        OS << " + " << Coef << " * " << It;
      OS << " >= 0\n";
    }
    printStmts(OS, K.Body, 2);
    OS << "  }\n";
  }
  OS << "  host {\n";
  printStmts(OS, LF.HostBody, 2);
  OS << "  }\n}\n";
}

std::string cString(llvm::StringRef S) {
  std::string R = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      R += "\\\"";
      break;
    case '\\':
      R += "\\\\";
      break;
    case '\n':
      R += "\\n";
      break;
    case '\t':
      R += "\\t";
      break;
    // Keep "??" from forming a trigraph in older dialects.
    case '?':
      R += "\\?";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        snprintf(Buf, sizeof Buf, "\\%03o", static_cast<unsigned char>(C));
        R += Buf;
      } else {
        R += C;
      }
    }
  }
  return R + "\"";
}

} // namespace c2cuda
