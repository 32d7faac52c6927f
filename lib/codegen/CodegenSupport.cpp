//===- CodegenSupport.cpp - Small helpers shared by the CUDA printers ----===//

#include "CodegenSupport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

namespace c2cuda {
namespace codegen {

std::string EmitContext::sourceName() const {
  return Opts.SourceName.empty() ? M.SourceFile : Opts.SourceName;
}

std::string EmitContext::from(const SourceLoc &L) const {
  std::string S = sourceName();
  if (S.empty())
    S = L.File.empty() ? "<input>" : L.File;
  if (L.valid())
    S += ":" + std::to_string(L.Line);
  return S;
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

void indent(llvm::raw_ostream &OS, unsigned Level) { OS.indent(Level * 2); }

void printComment(llvm::raw_ostream &OS, llvm::StringRef Text,
                  unsigned Indent) {
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Text.rtrim().split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    indent(OS, Indent);
    L = L.rtrim();
    // A trailing backslash would splice the next line into the comment.
    while (L.ends_with("\\"))
      L = L.drop_back();
    OS << "//";
    if (!L.empty())
      OS << ' ' << L;
    OS << '\n';
  }
}

std::set<std::string> ArrayAccesses::all() const {
  std::set<std::string> S = Read;
  S.insert(Written.begin(), Written.end());
  return S;
}

namespace {

template <typename Fn> void forEachSubExpr(const Expr &E, Fn F) {
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::VarRef:
    return;
  case Expr::Kind::ArrayRef:
    for (const ExprPtr &I : llvm::cast<ArrayRef>(E).Indices)
      F(*I);
    return;
  case Expr::Kind::Unary:
    F(*llvm::cast<UnaryExpr>(E).Operand);
    return;
  case Expr::Kind::Binary:
    F(*llvm::cast<BinaryExpr>(E).LHS);
    F(*llvm::cast<BinaryExpr>(E).RHS);
    return;
  case Expr::Kind::Cast:
    F(*llvm::cast<CastExpr>(E).Operand);
    return;
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    F(*S.Cond);
    F(*S.True);
    F(*S.False);
    return;
  }
  case Expr::Kind::Call:
    for (const ExprPtr &A : llvm::cast<CallExpr>(E).Args)
      F(*A);
    return;
  }
}

/// Calls OnExpr(E, IsWriteTarget) for every top-level expression of the
/// statements, recursing into bodies; OnOther(S) for HostCode/HostRegion.
template <typename ExprFn, typename OtherFn>
void walkStmts(const StmtList &L, ExprFn OnExpr, OtherFn OnOther) {
  for (const StmtPtr &SP : L) {
    const Stmt &S = *SP;
    switch (S.getKind()) {
    case Stmt::Kind::Assign: {
      const auto &A = llvm::cast<AssignStmt>(S);
      // An atomic update reads its target too, whatever its Op.
      OnExpr(*A.LHS, true,
             A.Op != AssignOpKind::Set || A.Atomic != AtomicKind::None);
      OnExpr(*A.RHS, false, false);
      break;
    }
    case Stmt::Kind::Decl:
      if (const auto &I = llvm::cast<DeclStmt>(S).Init)
        OnExpr(*I, false, false);
      break;
    case Stmt::Kind::If: {
      const auto &I = llvm::cast<IfStmt>(S);
      OnExpr(*I.Cond, false, false);
      walkStmts(I.Then, OnExpr, OnOther);
      walkStmts(I.Else, OnExpr, OnOther);
      break;
    }
    case Stmt::Kind::For: {
      const auto &F = llvm::cast<ForStmt>(S);
      OnExpr(*F.Lower, false, false);
      OnExpr(*F.Upper, false, false);
      walkStmts(F.Body, OnExpr, OnOther);
      break;
    }
    case Stmt::Kind::Nest:
      walkStmts(llvm::cast<NestStmt>(S).Body, OnExpr, OnOther);
      break;
    case Stmt::Kind::HostRegion:
      OnOther(S);
      walkStmts(llvm::cast<HostRegion>(S).Body, OnExpr, OnOther);
      break;
    case Stmt::Kind::HostCode:
      OnOther(S);
      break;
    case Stmt::Kind::Launch:
    case Stmt::Kind::Barrier:
      break;
    }
  }
}

} // namespace

bool isCudaBuiltin(llvm::StringRef N) {
  auto [Base, Dim] = N.split('.');
  return (Dim == "x" || Dim == "y" || Dim == "z") &&
         (Base == "threadIdx" || Base == "blockIdx" || Base == "blockDim" ||
          Base == "gridDim");
}

void collectArrays(const Expr &E, ArrayAccesses &Acc) {
  if (const auto *A = llvm::dyn_cast<ArrayRef>(&E))
    if (!A->Local)
      Acc.Read.insert(A->Array);
  forEachSubExpr(E, [&](const Expr &X) { collectArrays(X, Acc); });
}

void collectArrays(const StmtList &L, ArrayAccesses &Acc) {
  walkStmts(
      L,
      [&](const Expr &E, bool IsTarget, bool AlsoRead) {
        const auto *A = IsTarget ? llvm::dyn_cast<ArrayRef>(&E) : nullptr;
        if (!A) {
          collectArrays(E, Acc);
          return;
        }
        if (!A->Local) {
          Acc.Written.insert(A->Array);
          if (AlsoRead)
            Acc.Read.insert(A->Array);
        }
        for (const ExprPtr &I : A->Indices)
          collectArrays(*I, Acc);
      },
      [&](const Stmt &S) {
        if (const auto *H = llvm::dyn_cast<HostCode>(&S)) {
          Acc.Read.insert(H->ArraysRead.begin(), H->ArraysRead.end());
          Acc.Written.insert(H->ArraysWritten.begin(), H->ArraysWritten.end());
        } else if (const auto *R = llvm::dyn_cast<HostRegion>(&S)) {
          Acc.Read.insert(R->HeaderArraysRead.begin(),
                          R->HeaderArraysRead.end());
        }
      });
}

void collectVars(const Expr &E, std::map<std::string, ScalarKind> &Vars) {
  if (const auto *V = llvm::dyn_cast<VarRef>(&E))
    if (!isCudaBuiltin(V->Name))
      Vars.emplace(V->Name, V->Type);
  forEachSubExpr(E, [&](const Expr &X) { collectVars(X, Vars); });
}

void collectVars(const StmtList &L, std::map<std::string, ScalarKind> &Vars) {
  walkStmts(
      L, [&](const Expr &E, bool, bool) { collectVars(E, Vars); },
      [](const Stmt &) {});
}

void collectDecls(const StmtList &L, std::set<std::string> &Names) {
  for (const StmtPtr &SP : L) {
    if (const auto *D = llvm::dyn_cast<DeclStmt>(SP.get())) {
      Names.insert(D->Name);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(SP.get())) {
      Names.insert(F->Iter);
      collectDecls(F->Body, Names);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(SP.get())) {
      collectDecls(I->Then, Names);
      collectDecls(I->Else, Names);
    } else if (const auto *N = llvm::dyn_cast<NestStmt>(SP.get())) {
      collectDecls(N->Body, Names);
    }
  }
}

bool isConstantExpr(const Expr &E) {
  if (llvm::isa<VarRef>(E) || llvm::isa<ArrayRef>(E) || llvm::isa<CallExpr>(E))
    return false;
  bool Const = true;
  forEachSubExpr(E, [&](const Expr &X) { Const = Const && isConstantExpr(X); });
  return Const;
}

bool hasConstantInnerDims(const Param &P) {
  for (size_t I = 1; I < P.Dims.size(); ++I)
    if (!P.Dims[I] || !isConstantExpr(*P.Dims[I]))
      return false;
  return true;
}

std::string elemType(const Param &P) {
  return std::string(P.IsConst ? "const " : "") + spelling(P.Elem);
}

} // namespace codegen
} // namespace c2cuda
