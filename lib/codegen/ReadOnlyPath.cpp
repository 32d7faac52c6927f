//===- ReadOnlyPath.cpp - Arrays a kernel may read as const __restrict__ -===//

#include "ReadOnlyPath.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <utility>
#include <vector>

namespace c2cuda {
namespace codegen {

namespace {

/// Arrays whose element E may be as a value: E itself up to casts, or
/// either arm of a conditional.
void valueLeaves(const Expr &E, std::set<std::string> &Out) {
  const Expr &X = *stripCasts(&E);
  if (const auto *A = llvm::dyn_cast<ArrayRef>(&X)) {
    Out.insert(A->Array);
  } else if (const auto *S = llvm::dyn_cast<SelectExpr>(&X)) {
    valueLeaves(*S->True, Out);
    valueLeaves(*S->False, Out);
  }
}

/// One value stored into a variable or array: the assignment's operator
/// (values merge only under the same operator) and its right-hand side.
struct Definition {
  AssignOpKind Op;
  const Expr *Value;
};

class MeetingLoads {
public:
  /// Pairs of arrays whose loads may be merged into one.
  std::set<std::pair<std::string, std::string>> Pairs;

  void visit(const StmtList &L) {
    for (const StmtPtr &SP : L) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(SP.get())) {
        visit(*A->LHS);
        visit(*A->RHS);
        define(*A->LHS, A->Op, *A->RHS);
      } else if (const auto *D = llvm::dyn_cast<DeclStmt>(SP.get())) {
        if (D->Init) {
          visit(*D->Init);
          Defs[D->Name].push_back({AssignOpKind::Set, D->Init.get()});
        }
      } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
        visit(*I->Cond);
        visit(I->Then);
        visit(I->Else);
      } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
        visit(*F->Lower);
        visit(*F->Upper);
        visit(F->Body);
      }
    }
  }

  /// Two definitions of one target under the same operator may reach a
  /// use through a join. What meet() finds depends only on the values'
  /// shapes (shape()), so each pair of distinct shapes is met once, and a
  /// shape with itself once: a nest of 2,000 updates of one array of the
  /// same form met 2 million pairs.
  void meetDefinitions() {
    for (const auto &[Target, List] : Defs) {
      // (operator, shape) -> the first two values of that shape.
      std::map<std::pair<AssignOpKind, std::string>,
               std::pair<const Expr *, const Expr *>>
          Shapes;
      for (const Definition &D : List) {
        auto [It, New] =
            Shapes.try_emplace({D.Op, shape(*D.Value)}, D.Value, nullptr);
        if (!New && !It->second.second)
          It->second.second = D.Value;
      }
      for (auto A = Shapes.begin(); A != Shapes.end(); ++A) {
        if (A->second.second)
          meet(*A->second.first, *A->second.second);
        for (auto B = std::next(A); B != Shapes.end(); ++B)
          if (A->first.first == B->first.first)
            meet(*A->second.first, *B->second.first);
      }
    }
  }

private:
  std::map<std::string, std::vector<Definition>> Defs;

  void define(const Expr &Target, AssignOpKind Op, const Expr &Value) {
    std::string Name;
    if (const auto *V = llvm::dyn_cast<VarRef>(&Target))
      Name = V->Name;
    else if (const auto *A = llvm::dyn_cast<ArrayRef>(&Target))
      Name = A->Array;
    else
      return;
    Defs[Name].push_back({Op, &Value});
    // A later load of the target may be forwarded from this value and
    // merged with another load of the target.
    std::set<std::string> Leaves;
    valueLeaves(Value, Leaves);
    for (const std::string &L : Leaves)
      add(Name, L);
  }

  void add(const std::string &A, const std::string &B) {
    if (A != B)
      Pairs.insert(A < B ? std::make_pair(A, B) : std::make_pair(B, A));
  }

  /// What meet() and valueLeaves() look at in E: casts stripped, the
  /// operators, callees and select arms down to the array references
  /// (their names); indices, conditions, variables and literals are left
  /// out.
  static std::string shape(const Expr &E) {
    const Expr &X = *stripCasts(&E);
    if (const auto *A = llvm::dyn_cast<ArrayRef>(&X))
      return "A" + A->Array + ";";
    if (const auto *U = llvm::dyn_cast<UnaryExpr>(&X))
      return "U" + std::to_string(int(U->Op)) + "(" + shape(*U->Operand) + ")";
    if (const auto *B = llvm::dyn_cast<BinaryExpr>(&X))
      return "B" + std::to_string(int(B->Op)) + "(" + shape(*B->LHS) +
             shape(*B->RHS) + ")";
    if (const auto *C = llvm::dyn_cast<CallExpr>(&X)) {
      std::string S = "C" + C->Callee + "(";
      for (const ExprPtr &Arg : C->Args)
        S += shape(*Arg);
      return S + ")";
    }
    if (const auto *Sel = llvm::dyn_cast<SelectExpr>(&X))
      return "S(" + shape(*Sel->True) + shape(*Sel->False) + ")";
    return "x";
  }

  /// A and B flow into one value on alternative paths.
  void meet(const Expr &A, const Expr &B) {
    std::set<std::string> LA, LB;
    valueLeaves(A, LA);
    valueLeaves(B, LB);
    for (const std::string &X : LA)
      for (const std::string &Y : LB)
        add(X, Y);
    // nvcc folds identical operations on both sides into one whose operands
    // are merged, so the loads below them may meet too.
    const Expr &X = *stripCasts(&A), &Y = *stripCasts(&B);
    if (X.getKind() != Y.getKind())
      return;
    if (const auto *UX = llvm::dyn_cast<UnaryExpr>(&X)) {
      const auto &UY = llvm::cast<UnaryExpr>(Y);
      if (UX->Op == UY.Op)
        meet(*UX->Operand, *UY.Operand);
    } else if (const auto *BX = llvm::dyn_cast<BinaryExpr>(&X)) {
      const auto &BY = llvm::cast<BinaryExpr>(Y);
      if (BX->Op == BY.Op) {
        meet(*BX->LHS, *BY.LHS);
        meet(*BX->RHS, *BY.RHS);
      }
    } else if (const auto *CX = llvm::dyn_cast<CallExpr>(&X)) {
      const auto &CY = llvm::cast<CallExpr>(Y);
      if (CX->Callee == CY.Callee && CX->Args.size() == CY.Args.size())
        for (size_t I = 0; I < CX->Args.size(); ++I)
          meet(*CX->Args[I], *CY.Args[I]);
    } else if (const auto *SX = llvm::dyn_cast<SelectExpr>(&X)) {
      const auto &SY = llvm::cast<SelectExpr>(Y);
      meet(*SX->True, *SY.True);
      meet(*SX->False, *SY.False);
    }
  }

  void visit(const Expr &E) {
    if (const auto *S = llvm::dyn_cast<SelectExpr>(&E)) {
      meet(*S->True, *S->False);
      visit(*S->Cond);
      visit(*S->True);
      visit(*S->False);
    } else if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E)) {
      visit(*U->Operand);
    } else if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E)) {
      visit(*B->LHS);
      visit(*B->RHS);
    } else if (const auto *C = llvm::dyn_cast<CastExpr>(&E)) {
      visit(*C->Operand);
    } else if (const auto *C = llvm::dyn_cast<CallExpr>(&E)) {
      for (const ExprPtr &A : C->Args)
        visit(*A);
    } else if (const auto *A = llvm::dyn_cast<ArrayRef>(&E)) {
      for (const ExprPtr &I : A->Indices)
        visit(*I);
    }
  }
};

} // namespace

std::set<std::string>
readOnlyPathHazards(const StmtList &Body, const std::set<std::string> &ReadOnly,
                    const std::set<std::string> &ReadWrite) {
  std::set<std::string> Hazards;
  if (ReadOnly.empty() || ReadWrite.empty())
    return Hazards;
  MeetingLoads M;
  M.visit(Body);
  M.meetDefinitions();
  for (const auto &[A, B] : M.Pairs) {
    if (ReadOnly.count(A) && ReadWrite.count(B))
      Hazards.insert(A);
    if (ReadOnly.count(B) && ReadWrite.count(A))
      Hazards.insert(B);
  }
  return Hazards;
}

} // namespace codegen
} // namespace c2cuda
