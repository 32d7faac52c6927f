//===- ParameterQuotients.cpp - Quotients of sizes as host constants ------===//

#include "ParameterQuotients.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

#include <cctype>
#include <map>

namespace c2cuda {

namespace {

/// Whether E reads only names in Fixed (no array, no call) and divides or
/// takes a remainder of integers somewhere.
bool isFixedQuotient(const Expr &E, const std::set<std::string> &Fixed) {
  if (isFloating(E.Type))
    return false;
  bool OnlyFixed = true, Divides = false;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = llvm::dyn_cast<VarRef>(&X))
      OnlyFixed &= Fixed.count(V->Name) != 0;
    else if (llvm::isa<ArrayRef>(X) || llvm::isa<CallExpr>(X))
      OnlyFixed = false;
    else if (const auto *B = llvm::dyn_cast<BinaryExpr>(&X))
      Divides |= (B->Op == BinaryOpKind::Div || B->Op == BinaryOpKind::Rem) &&
                 !isFloating(B->Type);
  });
  return OnlyFixed && Divides;
}

/// Whether E is a product of two factors that both read a name, reading
/// only names in Fixed (no array, no call, no division): `n * m`,
/// `(long)n * m * k`.
bool isFixedProduct(const Expr &E, const std::set<std::string> &Fixed) {
  const auto *B = llvm::dyn_cast<BinaryExpr>(&E);
  if (!B || B->Op != BinaryOpKind::Mul || isFloating(B->Type))
    return false;
  bool OnlyFixed = true;
  forEachExpr(E, [&](const Expr &X) {
    if (const auto *V = llvm::dyn_cast<VarRef>(&X))
      OnlyFixed &= Fixed.count(V->Name) != 0;
    else if (llvm::isa<ArrayRef>(X) || llvm::isa<CallExpr>(X))
      OnlyFixed = false;
    else if (const auto *D = llvm::dyn_cast<BinaryExpr>(&X))
      OnlyFixed &= D->Op != BinaryOpKind::Div && D->Op != BinaryOpKind::Rem;
  });
  auto ReadsName = [](const Expr &X) {
    bool Reads = false;
    forEachExpr(X, [&](const Expr &Y) { Reads |= llvm::isa<VarRef>(Y); });
    return Reads;
  };
  return OnlyFixed && ReadsName(*B->LHS) && ReadsName(*B->RHS);
}

/// "c2c_m_div_2" for m / 2: the expression's words joined by underscores.
std::string constantName(const Expr &E) {
  std::string Text = exprToString(E), Name = "c2c";
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_') {
      size_t J = I;
      while (
          J < Text.size() &&
          (std::isalnum(static_cast<unsigned char>(Text[J])) || Text[J] == '_'))
        ++J;
      Name += "_" + Text.substr(I, J - I);
      I = J;
      continue;
    }
    const char *Word = C == '/'   ? "div"
                       : C == '%' ? "mod"
                       : C == '*' ? "mul"
                       : C == '+' ? "add"
                       : C == '-' ? "sub"
                                  : nullptr;
    if (Word)
      Name += std::string("_") + Word;
    ++I;
  }
  return Name;
}

} // namespace

void nameParameterQuotients(Function &F, const std::set<std::string> &Fixed) {
  // By the quotient's text: one constant per distinct quotient.
  std::map<std::string, std::pair<std::string, ExprPtr>> Named;
  std::set<std::string> Taken;
  for (const Param &P : F.Params)
    Taken.insert(P.Name);
  for (const auto &[Name, Def] : F.HostConstants)
    Taken.insert(Name);
  auto NameOf = [&](const ExprPtr &Q) {
    std::string Text = exprToString(*Q);
    auto It = Named.find(Text);
    if (It == Named.end()) {
      std::string Name = constantName(*Q);
      while (!Taken.insert(Name).second)
        Name += "_";
      It = Named.emplace(Text, std::make_pair(Name, Q)).first;
    }
    return std::make_shared<VarRef>(It->second.first, Q->Type, Q->Loc);
  };
  // A loop bound that multiplies sizes (`i < n * m`) is not affine either:
  // its products are named.
  std::set<const Expr *> Bounds;
  // A local initialized to one (`int mh = m / 2;` in the nest) stands for
  // its initializer in the analysis: the initializer is named too.
  std::set<const Expr *> LocalInits;
  forEachStmt(F.Body, [&](const Stmt &S) {
    const auto *N = llvm::dyn_cast<NestStmt>(&S);
    if (!N)
      return;
    forEachStmt(N->Body, [&](const Stmt &T) {
      const auto *D = llvm::dyn_cast<DeclStmt>(&T);
      if (D && D->Init && isFixedQuotient(*D->Init, Fixed))
        LocalInits.insert(D->Init.get());
      if (const auto *L = llvm::dyn_cast<ForStmt>(&T)) {
        Bounds.insert(L->Lower.get());
        Bounds.insert(L->Upper.get());
      }
    });
  });
  ExprRewriteFn Products = [&](const ExprPtr &E) -> ExprPtr {
    if (!isFixedProduct(*E, Fixed))
      return nullptr;
    ExprPtr Name = NameOf(E);
    F.OpaqueConstants.insert(llvm::cast<VarRef>(Name.get())->Name);
    return Name;
  };
  ExprRewriteFn Fn;
  Fn = [&](const ExprPtr &E) -> ExprPtr {
    if (LocalInits.count(E.get()))
      return NameOf(E);
    if (Bounds.count(E.get())) {
      ExprPtr Named = rewriteExpr(E, Products);
      if (Named != E)
        return rewriteExpr(Named, Fn);
    }
    const auto *B = llvm::dyn_cast<BinaryExpr>(E.get());
    if (!B || B->Op != BinaryOpKind::Mul)
      return nullptr;
    bool L = isFixedQuotient(*B->LHS, Fixed),
         R = isFixedQuotient(*B->RHS, Fixed);
    if (!L && !R)
      return nullptr;
    return std::make_shared<BinaryExpr>(
        B->Op, L ? NameOf(B->LHS) : rewriteExpr(B->LHS, Fn),
        R ? NameOf(B->RHS) : rewriteExpr(B->RHS, Fn), B->Type, B->Loc);
  };
  // Each constant is declared just before the top-level statement holding
  // the first nest that reads it: after the host constants its definition
  // may name (`int w2 = w / 2;` ... `i * (w2 / 2)`), which C declares first.
  StmtList Body;
  for (const StmtPtr &S : F.Body) {
    StmtList One = rewriteNestBodies(
        {S}, [&](const StmtList &B) { return rewriteStmts(B, Fn); });
    for (const auto &[Text, NameAndDef] : Named)
      if (!F.HostConstants.count(NameAndDef.first)) {
        const auto &[Name, Def] = NameAndDef;
        F.HostConstants[Name] = Def;
        Body.push_back(std::make_shared<HostCode>(
            std::string("const ") + spelling(Def->Type) + " " + Name + " = " +
                Text + ";\n",
            std::set<std::string>(), std::set<std::string>(),
            std::set<std::string>{Name}, Def->Loc));
      }
    Body.insert(Body.end(), One.begin(), One.end());
  }
  F.Body = std::move(Body);
}

} // namespace c2cuda
