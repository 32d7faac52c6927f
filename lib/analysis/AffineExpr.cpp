//===- AffineExpr.cpp - IR integer expressions as polynomials -------------===//

#include "analysis/AffineExpr.h"

#include <algorithm>

namespace c2cuda {
namespace analysis {

/// Locals expanded into one another at most this deep (toPoly).
static constexpr unsigned MaxLocalChain = 256;

Poly Poly::constant(int64_t C) {
  Poly P;
  if (C != 0)
    P.Terms[{}] = C;
  return P;
}

Poly Poly::var(const std::string &V) {
  Poly P;
  P.Terms[{V}] = 1;
  return P;
}

bool Poly::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

int64_t Poly::constantTerm() const {
  auto It = Terms.find({});
  return It == Terms.end() ? 0 : It->second;
}

unsigned Poly::degree() const {
  unsigned D = 0;
  for (auto &T : Terms)
    D = std::max<unsigned>(D, T.first.size());
  return D;
}

std::set<std::string> Poly::vars() const {
  std::set<std::string> V;
  for (auto &T : Terms)
    V.insert(T.first.begin(), T.first.end());
  return V;
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  for (auto &T : O.Terms) {
    int64_t &C = R.Terms[T.first];
    C += T.second;
    if (C == 0)
      R.Terms.erase(T.first);
  }
  return R;
}

Poly Poly::scaled(int64_t C) const {
  Poly R;
  if (C == 0)
    return R;
  for (auto &T : Terms)
    R.Terms[T.first] = T.second * C;
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O.scaled(-1); }

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (auto &A : Terms)
    for (auto &B : O.Terms) {
      Monomial M = A.first;
      M.insert(M.end(), B.first.begin(), B.first.end());
      std::sort(M.begin(), M.end());
      Poly T;
      T.Terms[M] = A.second * B.second;
      R = R + T;
    }
  return R;
}

std::string Poly::toIsl() const {
  std::string S;
  // Constant last, for readability.
  for (int Pass = 0; Pass < 2; ++Pass)
    for (auto &T : Terms) {
      if (T.first.empty() != (Pass == 1))
        continue;
      int64_t C = T.second;
      std::string Var = T.first.empty() ? "" : T.first[0];
      for (size_t I = 1; I < T.first.size(); ++I)
        Var += "*" + T.first[I]; // Only reached for non-affine text.
      bool Neg = C < 0;
      uint64_t Abs = Neg ? -(uint64_t)C : (uint64_t)C;
      if (S.empty())
        S = Neg ? "-" : "";
      else
        S += Neg ? " - " : " + ";
      if (Var.empty())
        S += std::to_string(Abs);
      else if (Abs == 1)
        S += Var;
      else
        S += std::to_string(Abs) + "*" + Var;
    }
  return S.empty() ? "0" : S;
}

std::set<std::string> ConvContext::baseVars(const Poly &P) const {
  std::set<std::string> Out;
  for (const std::string &V : P.vars()) {
    auto It = DivDeps.find(V);
    if (It == DivDeps.end())
      Out.insert(V);
    else
      Out.insert(It->second.begin(), It->second.end());
  }
  return Out;
}

static bool isIntegerKind(ScalarKind K) { return !isFloating(K); }

/// Whether V is a value of the char or short kind K.
static bool fitsIn(int64_t V, ScalarKind K) {
  unsigned Bits = 8 * sizeInBytes(K);
  if (isUnsignedKind(K))
    return V >= 0 && V < (int64_t(1) << Bits);
  return V >= -(int64_t(1) << (Bits - 1)) && V < (int64_t(1) << (Bits - 1));
}

/// The quotient of C's truncating division Dividend / Divisor (Divisor > 0),
/// as a fresh variable defined exactly by constraints.
static Poly truncDiv(const Poly &Dividend, int64_t Divisor, ConvContext &C) {
  std::string Q = C.Prefix + std::to_string(C.DivNames.size());
  C.DivNames.push_back(Q);
  std::string A = "(" + Dividend.toIsl() + ")";
  std::string D = std::to_string(Divisor);
  std::string Dm1 = std::to_string(Divisor - 1);
  C.DivDefs.push_back("((" + A + " >= 0 and " + D + "*" + Q + " <= " + A +
                      " <= " + D + "*" + Q + " + " + Dm1 + ") or (" + A +
                      " < 0 and " + D + "*" + Q + " - " + Dm1 + " <= " + A +
                      " <= " + D + "*" + Q + "))");
  C.DivDeps[Q] = C.baseVars(Dividend);
  return Poly::var(Q);
}

/// A fresh quotient q = floor(Dividend / Divisor), Divisor > 0: the value
/// of an arithmetic right shift, and with it of a two's complement mask
/// (x & (d - 1) = x - d * floor(x / d) for d a power of two).
static Poly floorDiv(const Poly &Dividend, int64_t Divisor, ConvContext &C) {
  std::string Q = C.Prefix + std::to_string(C.DivNames.size());
  C.DivNames.push_back(Q);
  std::string A = "(" + Dividend.toIsl() + ")";
  std::string D = std::to_string(Divisor);
  C.DivDefs.push_back("(" + D + "*" + Q + " <= " + A + " <= " + D + "*" + Q +
                      " + " + std::to_string(Divisor - 1) + ")");
  C.DivDeps[Q] = C.baseVars(Dividend);
  return Poly::var(Q);
}

Scope::~Scope() {
  // Unlink the entries only this scope holds one by one: the default
  // destructor would recurse once per entry of a long list.
  std::shared_ptr<const Entry> E = std::move(Last);
  while (E && E.use_count() == 1) {
    std::shared_ptr<const Entry> Prev = std::move(E->Prev);
    E = std::move(Prev);
  }
}

const Binding *Scope::find(const std::string &Name) const {
  if (!LocalNames || !LocalNames->count(Name)) {
    for (const Entry *E = LastIter; E; E = E->PrevIter)
      if (E->Name == Name)
        return &E->B;
    return nullptr;
  }
  for (const Entry *E = Last.get(); E; E = E->Prev.get())
    if (E->Name == Name)
      return &E->B;
  return nullptr;
}

void Scope::bind(const std::string &Name, Binding B) {
  bool Iter = B.K == Binding::Kind::Iter;
  if (!Iter) {
    if (!LocalNames)
      LocalNames = std::make_shared<std::set<std::string>>();
    LocalNames->insert(Name);
  }
  auto E = std::make_shared<Entry>();
  E->Name = Name;
  E->B = std::move(B);
  E->Prev = std::move(Last);
  E->PrevIter = LastIter;
  Last = std::move(E);
  if (Iter)
    LastIter = Last.get();
}

std::optional<Poly> toPoly(const Expr &E, const Scope &S, ConvContext &C,
                           std::string &Why) {
  if (!isIntegerKind(E.Type)) {
    Why = "it uses a floating-point value";
    return std::nullopt;
  }
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
    return Poly::constant(llvm::cast<IntLit>(E).Value);
  case Expr::Kind::VarRef: {
    const auto &V = llvm::cast<VarRef>(E);
    const Binding *Found = S.find(V.Name);
    if (!Found || Found->K == Binding::Kind::Outside) {
      if (C.OutsideWritten && C.OutsideWritten->count(V.Name)) {
        Why = "it depends on '" + V.Name + "', which the nest assigns";
        return std::nullopt;
      }
      if (C.HostConstants &&
          !(C.OpaqueConstants && C.OpaqueConstants->count(V.Name))) {
        auto Def = C.HostConstants->find(V.Name);
        if (Def != C.HostConstants->end()) {
          // A definition with a division (`int w2 = w / 2;`) stands for
          // itself, a parameter equal to it: its quotient would make i * w2
          // a product of an iterator and a variable, which nothing can
          // delinearize; the parameter keeps the bounds it implies.
          size_t Divs = C.DivNames.size();
          std::optional<Poly> P = toPoly(*Def->second, Scope(), C, Why);
          if (!P || C.DivNames.size() == Divs)
            return P;
          C.DivDefs.push_back("(p_" + V.Name + " = " + P->toIsl() + ")");
        }
      }
      C.ParamsUsed.insert(V.Name);
      return Poly::var("p_" + V.Name);
    }
    const Binding &B = *Found;
    if (B.K == Binding::Kind::Iter)
      return Poly::var("it" + std::to_string(B.Depth));
    if (B.Init && B.DeclScope) {
      auto Known = C.LocalPolys.find(B.Init.get());
      if (Known == C.LocalPolys.end()) {
        std::optional<Poly> P;
        std::string LocalWhy;
        if (C.LocalDepth >= MaxLocalChain) {
          LocalWhy = "it depends on a chain of more than " +
                     std::to_string(MaxLocalChain) + " local definitions";
        } else {
          ++C.LocalDepth;
          P = toPoly(*B.Init, *B.DeclScope, C, LocalWhy);
          --C.LocalDepth;
        }
        Known = C.LocalPolys.emplace(B.Init.get(), std::make_pair(P, LocalWhy))
                    .first;
      }
      if (!Known->second.first)
        Why = Known->second.second;
      return Known->second.first;
    }
    Why = "it depends on '" + V.Name + "', which is computed in the nest";
    return std::nullopt;
  }
  case Expr::Kind::Cast: {
    const auto &X = llvm::cast<CastExpr>(E);
    auto P = toPoly(*X.Operand, S, C, Why);
    // Conversions between int and long are taken as exact (the nest's
    // integers are assumed not to overflow); one to char or short wraps
    // values that real indices reach, so only a constant in range passes.
    if (P && isNarrowInteger(X.Type) &&
        !holdsEveryValue(X.Type, X.Operand->Type) &&
        !(P->isConstant() && fitsIn(P->constantTerm(), X.Type))) {
      Why = std::string("it converts to '") + spelling(X.Type) +
            "', which may wrap";
      return std::nullopt;
    }
    return P;
  }
  case Expr::Kind::Unary: {
    const auto &U = llvm::cast<UnaryExpr>(E);
    if (U.Op != UnaryOpKind::Neg) {
      Why = "it uses a logical or bitwise operator";
      return std::nullopt;
    }
    auto P = toPoly(*U.Operand, S, C, Why);
    if (!P)
      return std::nullopt;
    return P->scaled(-1);
  }
  case Expr::Kind::Binary: {
    const auto &B = llvm::cast<BinaryExpr>(E);
    auto L = toPoly(*B.LHS, S, C, Why);
    if (!L)
      return std::nullopt;
    auto R = toPoly(*B.RHS, S, C, Why);
    if (!R)
      return std::nullopt;
    switch (B.Op) {
    case BinaryOpKind::Add:
      return *L + *R;
    case BinaryOpKind::Sub:
      return *L - *R;
    case BinaryOpKind::Mul:
      return *L * *R;
    case BinaryOpKind::Shl:
      if (R->isConstant() && R->constantTerm() >= 0 && R->constantTerm() < 62)
        return L->scaled(int64_t(1) << R->constantTerm());
      Why = "it shifts by a non-constant amount";
      return std::nullopt;
    case BinaryOpKind::Div:
    case BinaryOpKind::Rem: {
      if (!R->isConstant() || R->constantTerm() == 0) {
        Why = "it divides by a value that is not a constant";
        return std::nullopt;
      }
      if (L->degree() > 1) {
        Why = "it divides a product of variables";
        return std::nullopt;
      }
      int64_t D = R->constantTerm();
      // C: a / -d == -(a / d) and a % -d == a % d.
      Poly Q = truncDiv(*L, D < 0 ? -D : D, C);
      if (B.Op == BinaryOpKind::Div)
        return D < 0 ? Q.scaled(-1) : Q;
      return *L - Q.scaled(D < 0 ? -D : D);
    }
    case BinaryOpKind::BitAnd:
    case BinaryOpKind::Shr: {
      // x & (2^k - 1) and x >> k of a signed integer, in two's complement:
      // x - 2^k floor(x / 2^k) and floor(x / 2^k).
      int64_t K = R->isConstant() ? R->constantTerm() : -1;
      int64_t D = B.Op == BinaryOpKind::Shr
                      ? (K >= 0 && K < 62 ? int64_t(1) << K : 0)
                      : (K >= 1 && K < (int64_t(1) << 62) ? K + 1 : 0);
      bool Signed = B.Type == ScalarKind::Int || B.Type == ScalarKind::Long;
      if (!Signed || D < 2 || (D & (D - 1)) || L->degree() > 1) {
        Why = std::string("it uses the operator '") + spelling(B.Op) + "'";
        return std::nullopt;
      }
      Poly Q = floorDiv(*L, D, C);
      return B.Op == BinaryOpKind::Shr ? Q : *L - Q.scaled(D);
    }
    default:
      Why = std::string("it uses the operator '") + spelling(B.Op) + "'";
      return std::nullopt;
    }
  }
  case Expr::Kind::ArrayRef:
    Why = "it reads an element of '" + llvm::cast<ArrayRef>(E).Array + "'";
    return std::nullopt;
  case Expr::Kind::Call:
    Why = "it calls '" + llvm::cast<CallExpr>(E).Callee + "'";
    return std::nullopt;
  case Expr::Kind::Select:
    Why = "it uses a conditional expression";
    return std::nullopt;
  case Expr::Kind::FloatLit:
    Why = "it uses a floating-point value";
    return std::nullopt;
  }
  Why = "unsupported expression";
  return std::nullopt;
}

static std::optional<std::string> conj(std::optional<std::string> A,
                                       std::optional<std::string> B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return "(" + *A + " and " + *B + ")";
}

static std::optional<std::string> disj(std::optional<std::string> A,
                                       std::optional<std::string> B) {
  if (!A || !B)
    return std::nullopt;
  return "(" + *A + " or " + *B + ")";
}

std::optional<std::string> condToIsl(const Expr &E, bool Negate, const Scope &S,
                                     ConvContext &C) {
  std::string Why;
  if (const auto *U = llvm::dyn_cast<UnaryExpr>(&E))
    if (U->Op == UnaryOpKind::LNot)
      return condToIsl(*U->Operand, !Negate, S, C);
  if (const auto *X = llvm::dyn_cast<CastExpr>(&E))
    if (isIntegerKind(X->Type) && isIntegerKind(X->Operand->Type) &&
        (!isNarrowInteger(X->Type) ||
         holdsEveryValue(X->Type, X->Operand->Type)))
      return condToIsl(*X->Operand, Negate, S, C);
  if (const auto *B = llvm::dyn_cast<BinaryExpr>(&E)) {
    if (B->Op == BinaryOpKind::LAnd || B->Op == BinaryOpKind::LOr) {
      auto L = condToIsl(*B->LHS, Negate, S, C);
      auto R = condToIsl(*B->RHS, Negate, S, C);
      bool IsAnd = (B->Op == BinaryOpKind::LAnd) != Negate;
      return IsAnd ? conj(L, R) : disj(L, R);
    }
    if (isComparison(B->Op)) {
      if (!isIntegerKind(B->LHS->Type) || !isIntegerKind(B->RHS->Type))
        return std::nullopt;
      auto L = toPoly(*B->LHS, S, C, Why);
      auto R = toPoly(*B->RHS, S, C, Why);
      if (!L || !R || L->degree() > 1 || R->degree() > 1)
        return std::nullopt;
      std::string A = L->toIsl(), Bs = R->toIsl();
      BinaryOpKind Op = B->Op;
      if (Negate) {
        switch (Op) {
        case BinaryOpKind::LT:
          Op = BinaryOpKind::GE;
          break;
        case BinaryOpKind::LE:
          Op = BinaryOpKind::GT;
          break;
        case BinaryOpKind::GT:
          Op = BinaryOpKind::LE;
          break;
        case BinaryOpKind::GE:
          Op = BinaryOpKind::LT;
          break;
        case BinaryOpKind::EQ:
          Op = BinaryOpKind::NE;
          break;
        default:
          Op = BinaryOpKind::EQ;
          break;
        }
      }
      switch (Op) {
      case BinaryOpKind::LT:
        return A + " < " + Bs;
      case BinaryOpKind::LE:
        return A + " <= " + Bs;
      case BinaryOpKind::GT:
        return A + " > " + Bs;
      case BinaryOpKind::GE:
        return A + " >= " + Bs;
      case BinaryOpKind::EQ:
        return A + " = " + Bs;
      default:
        return "(" + A + " < " + Bs + " or " + A + " > " + Bs + ")";
      }
    }
  }
  // An integer used as a truth value: E != 0.
  if (!isIntegerKind(E.Type))
    return std::nullopt;
  auto P = toPoly(E, S, C, Why);
  if (!P || P->degree() > 1)
    return std::nullopt;
  std::string A = P->toIsl();
  if (Negate)
    return A + " = 0";
  return "(" + A + " < 0 or " + A + " > 0)";
}

} // namespace analysis
} // namespace c2cuda
