//===- AffineExpr.h - IR integer expressions as polynomials ----*- C++ -*-===//
//
// Turns integer IR expressions into polynomials with integer coefficients
// over named variables, the form both the affine tests (isl constraints) and
// delinearization (i*K + k -> {i: K, k: 1}) start from.
//
// Variable names are the names the analysis uses inside isl strings:
//   itD   the iterator of the loop at depth D of the nest,
//   p_X   the outside scalar X (a function parameter, host local or host-loop
//         iterator) that the nest does not assign: an isl parameter,
//   qN    the quotient of a C division by a constant. C division truncates
//         toward zero; the quotient is defined exactly by a constraint
//         (see DivDefs), so `%` and `/` by constants stay exact whatever the
//         sign of the dividend. A signed `x >> k` and `x & (2^k - 1)` use
//         the quotient of floor division by 2^k (two's complement).
// A local declared in the nest with an initializer and never assigned again
// is replaced by its initializer, so `int row = i * K; A[row + k]` is affine.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_AFFINEEXPR_H
#define C2CUDA_ANALYSIS_AFFINEEXPR_H

#include "ir/IR.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {
namespace analysis {

/// A sorted multiset of variable names; {} is the constant monomial.
using Monomial = std::vector<std::string>;

struct Poly {
  std::map<Monomial, int64_t> Terms; ///< Never holds zero coefficients.

  static Poly constant(int64_t C);
  static Poly var(const std::string &V);
  bool isConstant() const;
  int64_t constantTerm() const;
  /// Highest number of variables in one monomial (0 for constants).
  unsigned degree() const;
  std::set<std::string> vars() const;

  Poly operator+(const Poly &O) const;
  Poly operator-(const Poly &O) const;
  Poly operator*(const Poly &O) const;
  Poly scaled(int64_t C) const;
  bool operator==(const Poly &O) const { return Terms == O.Terms; }

  /// isl text of an affine polynomial (degree <= 1), e.g. "2*it0 - p_N + 1".
  std::string toIsl() const;
};

/// True for isl names of parameters (outside scalars).
inline bool isParamName(const std::string &V) { return V.rfind("p_", 0) == 0; }

class Scope;

/// What a name means at one point of the nest.
struct Binding {
  enum class Kind { Iter, Local, Outside } K = Kind::Outside;
  unsigned Depth = 0; ///< Iter: loop depth. Local: loops enclosing the decl.
  unsigned LocalId = 0;
  ExprPtr Init; ///< Local: initializer when never assigned again.
  std::shared_ptr<const Scope> DeclScope;
};

/// The names bound at one point of a nest. A persistent list: binding a
/// name adds one entry in front of the shared earlier ones, so the analyses
/// can keep a snapshot per statement in memory linear in the nest's size
/// (a copy per statement made a nest of n declarations cost n^2). A lookup
/// of a name never bound as a local (an outside scalar or array, an
/// iterator) walks only the iterators' entries.
class Scope {
public:
  Scope() = default;
  Scope(const Scope &) = default;
  Scope &operator=(const Scope &) = default;
  ~Scope();

  /// The innermost binding of Name; null for a name bound outside the nest.
  const Binding *find(const std::string &Name) const;
  void bind(const std::string &Name, Binding B);

private:
  struct Entry {
    std::string Name;
    Binding B;
    mutable std::shared_ptr<const Entry> Prev;
    const Entry *PrevIter = nullptr; ///< Owned through Prev.
  };
  std::shared_ptr<const Entry> Last;
  const Entry *LastIter = nullptr;
  /// Names bound as other than iterators in this scope or any scope that
  /// shares its first binding (a superset of this scope's locals).
  std::shared_ptr<std::set<std::string>> LocalNames;
};

/// Per-isl-string state: fresh quotient variables and their definitions.
struct ConvContext {
  std::vector<std::string> DivNames;
  std::vector<std::string> DivDefs;
  /// For each quotient, the variables (transitively) in its dividend.
  std::map<std::string, std::set<std::string>> DivDeps;
  std::set<std::string> ParamsUsed;
  /// Outside scalars assigned by the nest: not parameters.
  const std::set<std::string> *OutsideWritten = nullptr;
  /// Function::HostConstants: outside names replaced by their definition.
  const std::map<std::string, ExprPtr> *HostConstants = nullptr;
  /// Function::OpaqueConstants: host constants that stand for themselves.
  const std::set<std::string> *OpaqueConstants = nullptr;
  /// The two above from F.
  void useConstantsOf(const Function &F) {
    HostConstants = &F.HostConstants;
    OpaqueConstants = &F.OpaqueConstants;
  }
  std::string Prefix = "q";
  /// toPoly of each nest local's initializer, by initializer: a chain of
  /// locals each using the one before twice is expanded once, not 2^n
  /// times. Quotients a result names stay defined in this context.
  std::map<const Expr *, std::pair<std::optional<Poly>, std::string>>
      LocalPolys;
  /// Locals being expanded now (bounds the recursion on long chains).
  unsigned LocalDepth = 0;

  /// All variables a polynomial really depends on (quotients expanded).
  std::set<std::string> baseVars(const Poly &P) const;
};

/// Converts an integer expression. On failure returns nullopt and sets Why
/// to a short reason ("it reads the array element idx[i]").
std::optional<Poly> toPoly(const Expr &E, const Scope &S, ConvContext &C,
                           std::string &Why);

/// Converts a condition to an isl constraint (with `Negate`, its negation).
/// Parts that are not affine become "true", so the result over-approximates
/// the set of instances that run. nullopt means "no constraint".
std::optional<std::string> condToIsl(const Expr &E, bool Negate, const Scope &S,
                                     ConvContext &C);

} // namespace analysis
} // namespace c2cuda

#endif
