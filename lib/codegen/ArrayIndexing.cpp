//===- ArrayIndexing.cpp - How device code spells array elements ---------===//

#include "ArrayIndexing.h"

#include "CodegenSupport.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

namespace c2cuda {
namespace codegen {

namespace {

bool isPrimary(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::VarRef:
  case Expr::Kind::ArrayRef:
  case Expr::Kind::Call:
    return true;
  case Expr::Kind::IntLit:
    return llvm::cast<IntLit>(E).Value >= 0;
  case Expr::Kind::FloatLit:
    return llvm::cast<FloatLit>(E).Value >= 0;
  default:
    return false;
  }
}

bool isIndexArith(BinaryOpKind Op) {
  return Op == BinaryOpKind::Add || Op == BinaryOpKind::Sub ||
         Op == BinaryOpKind::Mul;
}

/// A signed 32-bit +,-,* chain that contains a product with a non-constant
/// factor: the part of an index that may overflow in C's int arithmetic.
bool needsWidening(const Expr &E) {
  const auto *B = llvm::dyn_cast<BinaryExpr>(&E);
  if (!B || B->Type != ScalarKind::Int || !isIndexArith(B->Op))
    return false;
  if (B->Op == BinaryOpKind::Mul &&
      !(isConstantExpr(*B->LHS) && isConstantExpr(*B->RHS)))
    return true;
  return needsWidening(*B->LHS) || needsWidening(*B->RHS);
}

class IndexPrinter {
public:
  IndexPrinter(llvm::raw_ostream &OS, const ArrayRefPrinter &PA)
      : OS(OS), PA(PA) {}

  /// Prints a pointer-parameter index.
  void printIndex(const Expr &E) {
    if (needsWidening(E))
      printWide(llvm::cast<BinaryExpr>(E));
    else
      printExpr(OS, E, PA);
  }

private:
  /// Prints a chain that needsWidening() in 64-bit arithmetic.
  void printWide(const BinaryExpr &B) {
    bool Mul = B.Op == BinaryOpKind::Mul;
    printOperand(*B.LHS, Mul, /*Right=*/false, B.Op);
    OS << ' ' << spelling(B.Op) << ' ';
    printOperand(*B.RHS, Mul, /*Right=*/true, B.Op);
  }

  void printOperand(const Expr &X, bool InMul, bool Right, BinaryOpKind Op) {
    if (needsWidening(X)) {
      const auto &XB = llvm::cast<BinaryExpr>(X);
      // * binds tighter than +/-; a right operand of the same precedence
      // needs parentheses because the operators are left-associative.
      bool XMul = XB.Op == BinaryOpKind::Mul;
      bool Parens = (InMul && !XMul) || (Right && XMul == InMul);
      if (Parens)
        OS << '(';
      printWide(XB);
      if (Parens)
        OS << ')';
      return;
    }
    // A factor is widened before it is multiplied; constants are converted
    // by the other factor.
    if (InMul && !isConstantExpr(X))
      OS << "(long long)";
    OS << operandText(X, PA);
  }

  llvm::raw_ostream &OS;
  const ArrayRefPrinter &PA;
};

} // namespace

std::string operandText(const Expr &E, const ArrayRefPrinter &PA) {
  std::string S = exprToString(E, PA);
  return isPrimary(E) ? S : "(" + S + ")";
}

ArrayRefPrinter makeDeviceArrayPrinter(const Function &F) {
  // The printer refers to itself for arrays inside indices (A[idx[i]]).
  auto Self = std::make_shared<ArrayRefPrinter>();
  *Self = [&F, Weak = std::weak_ptr<ArrayRefPrinter>(Self)](
              llvm::raw_ostream &OS, const ArrayRef &A) {
    std::shared_ptr<ArrayRefPrinter> PA = Weak.lock();
    if (A.Local) {
      // A register or shared tile the kernel declares: a real C array.
      if (A.Indices.empty())
        llvm::report_fatal_error("c2cuda codegen: reference to local array '" +
                                 llvm::Twine(A.Array) + "' without an index");
      OS << A.Array;
      for (const ExprPtr &I : A.Indices)
        OS << '[' << exprToString(*I, *PA) << ']';
      return;
    }
    const Param *P = F.findParam(A.Array);
    OS << A.Array << '[';
    if (P && P->ParamForm == Param::Form::Array && A.Indices.size() > 1) {
      if (A.Indices.size() != P->Dims.size())
        llvm::report_fatal_error("c2cuda codegen: reference to '" +
                                 llvm::Twine(A.Array) +
                                 "' does not index every dimension");
      // Row-major: ((i0 * d1 + i1) * d2 + i2), 64-bit from the first product.
      std::string Lin = "(long long)" + operandText(*A.Indices[0], *PA);
      for (size_t D = 1; D < A.Indices.size(); ++D) {
        if (!P->Dims[D])
          llvm::report_fatal_error("c2cuda codegen: inner dimension of '" +
                                   llvm::Twine(A.Array) + "' has no size");
        if (D > 1)
          Lin = "(" + Lin + ")";
        Lin += " * " + operandText(*P->Dims[D], *PA) + " + " +
               operandText(*A.Indices[D], *PA);
      }
      OS << Lin;
    } else if (A.Indices.size() == 1) {
      IndexPrinter(OS, *PA).printIndex(*A.Indices[0]);
    } else {
      llvm::report_fatal_error("c2cuda codegen: '" + llvm::Twine(A.Array) +
                               "' has several indices but is not a "
                               "multi-dimensional array parameter");
    }
    OS << ']';
  };
  // Keep the function object alive through a copy that owns it.
  return [Self](llvm::raw_ostream &OS, const ArrayRef &A) { (*Self)(OS, A); };
}

} // namespace codegen
} // namespace c2cuda
