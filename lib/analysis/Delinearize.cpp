//===- Delinearize.cpp - Recover dimensions of linearized indices ---------===//

#include "analysis/Delinearize.h"

#include <isl/set.h>
#include <isl/space.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

namespace c2cuda {
namespace analysis {

/// Multiset difference Big - Small, or nullopt if Small is not contained.
static std::optional<Monomial> ratio(const Monomial &Big,
                                     const Monomial &Small) {
  Monomial Out;
  std::vector<std::string> S = Small;
  for (const std::string &V : Big) {
    auto It = std::find(S.begin(), S.end(), V);
    if (It != S.end())
      S.erase(It);
    else
      Out.push_back(V);
  }
  if (!S.empty())
    return std::nullopt;
  return Out;
}

/// Leading term in a graded order (more variables first).
static std::pair<Monomial, int64_t> lead(const Poly &P) {
  auto Best = P.Terms.begin();
  for (auto It = P.Terms.begin(); It != P.Terms.end(); ++It)
    if (It->first.size() > Best->first.size() ||
        (It->first.size() == Best->first.size() && It->first > Best->first))
      Best = It;
  return *Best;
}

/// Multivariate division with remainder: P = Quot * Q + Rem.
static void divide(const Poly &P, const Poly &Q, Poly &Quot, Poly &Rem) {
  Quot = Rem = Poly();
  auto [LQ, CQ] = lead(Q);
  Poly Left = P;
  while (!Left.Terms.empty()) {
    auto [LP, CP] = lead(Left);
    Poly T;
    auto M = ratio(LP, LQ);
    if (M && CP % CQ == 0) {
      T.Terms[*M] = CP / CQ;
      Quot = Quot + T;
      Left = Left - T * Q;
    } else {
      T.Terms[LP] = CP;
      Rem = Rem + T;
      Left = Left - T;
    }
  }
}

static int64_t gcd64(int64_t A, int64_t B) {
  A = A < 0 ? -A : A;
  B = B < 0 ? -B : B;
  while (B) {
    int64_t T = A % B;
    A = B;
    B = T;
  }
  return A;
}

/// P with every parameter set to the same large value: the sign a size
/// polynomial has for ordinary problem sizes.
static double typicalValue(const Poly &P) {
  const double Large = 1000.0;
  double V = 0;
  for (auto &T : P.Terms) {
    double M = static_cast<double>(T.second);
    for (size_t I = 0; I < T.first.size(); ++I)
      M *= Large;
    V += M;
  }
  return V;
}

/// Coefficient polynomials per non-parameter variable, and the constant.
static bool splitByVariable(const Poly &P, std::map<std::string, Poly> &Coef,
                            Poly &Const) {
  for (auto &T : P.Terms) {
    Monomial Key, Rest;
    for (const std::string &V : T.first)
      (isParamName(V) ? Key : Rest).push_back(V);
    if (Rest.size() > 1)
      return false;
    Poly C;
    C.Terms[Key] = T.second;
    if (Rest.empty())
      Const = Const + C;
    else
      Coef[Rest[0]] = Coef[Rest[0]] + C;
  }
  return true;
}

/// The points of Domain where Sub is outside [0, Size); null when isl
/// cannot read the set.
static isl_set *outOfBounds(isl_ctx *Ctx, const Poly &Sub, const Poly &SizeP,
                            const DelinInput &In) {
  std::string Size = SizeP.toIsl();
  isl_space *Sp = isl_set_get_space(In.Domain);
  isl_size N = isl_space_dim(Sp, isl_dim_set);
  const char *Tuple = isl_space_get_tuple_name(Sp, isl_dim_set);
  std::string TupleName = Tuple ? Tuple : "";
  isl_space_free(Sp);
  std::set<std::string> Params = In.CC->ParamsUsed;
  std::vector<std::string> P;
  for (auto &Name : Params)
    P.push_back("p_" + Name);
  for (auto &V : SizeP.vars())
    if (!Params.count(V.substr(2)))
      P.push_back(V);
  std::string Text = "[";
  for (size_t I = 0; I < P.size(); ++I)
    Text += (I ? ", " : "") + P[I];
  Text += "] -> { " + TupleName + "[";
  for (int I = 0; I < N; ++I)
    Text += (I ? ", it" : "it") + std::to_string(I);
  Text += "] : ";
  std::string Cons =
      "(" + Sub.toIsl() + " < 0 or " + Sub.toIsl() + " >= " + Size + ")";
  for (const std::string &D : In.CC->DivDefs)
    Cons += " and " + D;
  if (!In.CC->DivNames.empty()) {
    std::string E;
    for (size_t I = 0; I < In.CC->DivNames.size(); ++I)
      E += (I ? ", " : "") + In.CC->DivNames[I];
    Text += "exists (" + E + " : " + Cons + ")";
  } else {
    Text += Cons;
  }
  Text += " }";
  isl_set *Out = isl_set_read_from_str(Ctx, Text.c_str());
  if (!Out)
    return nullptr;
  return isl_set_intersect(Out, isl_set_copy(In.Domain));
}

/// Whether Sub is provably in [0, Size) on Domain.
static bool inBounds(isl_ctx *Ctx, const Poly &Sub, const Poly &SizeP,
                     const DelinInput &In) {
  isl_set *Out = outOfBounds(Ctx, Sub, SizeP, In);
  if (!Out)
    return false;
  bool Empty = isl_set_is_empty(Out) == isl_bool_true;
  isl_set_free(Out);
  return Empty;
}

static std::string islText(isl_set *S) {
  char *T = isl_set_to_str(S);
  std::string Text = T ? T : "";
  free(T);
  return Text;
}

/// The parameter values for which every inner subscript of Dims (k >= 1)
/// stays within its size on In's domain (C[i*ldc + j] with 0 <= j < n:
/// ldc >= n, or no iteration runs); nullopt when only values where the
/// statement never runs do, or isl cannot say.
static std::optional<DelinAssumption>
paramsInBounds(isl_ctx *Ctx, const std::vector<std::optional<Poly>> &Dims,
               const std::vector<Poly> &Sizes, const DelinInput &In) {
  isl_set *Bad = nullptr;
  for (size_t K = 1; K < Dims.size(); ++K) {
    isl_set *Out = outOfBounds(Ctx, *Dims[K], Sizes[K], In);
    if (!Out) {
      isl_set_free(Bad);
      return std::nullopt;
    }
    isl_set *P = isl_set_params(Out);
    Bad = Bad ? isl_set_union(Bad, P) : P;
  }
  if (!Bad)
    return std::nullopt;
  isl_set *Ok = isl_set_coalesce(isl_set_complement(Bad));
  // Where the statement runs, the assumption must allow some values:
  // A[i*N + j] with j <= N spills into the next row whenever it runs.
  isl_set *Runs = isl_set_params(isl_set_copy(In.Domain));
  Runs = isl_set_align_params(Runs, isl_set_get_space(Ok));
  Ok = isl_set_align_params(Ok, isl_set_get_space(Runs));
  std::optional<DelinAssumption> A;
  isl_set *Both = isl_set_intersect(isl_set_copy(Ok), isl_set_copy(Runs));
  if (isl_set_is_empty(Both) == isl_bool_false) {
    A = DelinAssumption();
    A->Holds = islText(Ok);
    isl_set *Shown = isl_set_coalesce(isl_set_gist(Ok, Runs));
    A->Shown = islText(Shown);
    isl_set_free(Shown);
  } else {
    isl_set_free(Ok);
    isl_set_free(Runs);
  }
  isl_set_free(Both);
  return A;
}

static DelinResult oneDimensional(const std::vector<DelinInput> &Refs,
                                  std::string Why) {
  DelinResult R;
  R.Why = std::move(Why);
  for (const DelinInput &In : Refs) {
    std::optional<Poly> D;
    if (In.Index && In.Index->degree() <= 1)
      D = In.Index;
    R.Dims.push_back({D});
  }
  return R;
}

namespace {
struct PolyLess {
  bool operator()(const Poly &A, const Poly &B) const {
    return A.Terms < B.Terms;
  }
};
} // namespace

/// Keys sorted outermost first (more variables in the leading term).
static std::vector<Poly> sortedKeys(const std::set<Poly, PolyLess> &KeySet) {
  std::vector<Poly> Keys(KeySet.begin(), KeySet.end());
  std::stable_sort(Keys.begin(), Keys.end(), [](const Poly &A, const Poly &B) {
    return lead(A).first.size() > lead(B).first.size();
  });
  return Keys;
}

/// Whether each key is the next one times an affine expression.
static bool isChain(const std::vector<Poly> &Keys) {
  for (size_t K = 1; K < Keys.size(); ++K) {
    Poly Q, R;
    divide(Keys[K - 1], Keys[K], Q, R);
    if (!R.Terms.empty() || Q.degree() != 1)
      return false;
  }
  return true;
}

/// C as an integer combination of Keys, outermost first (n + 1 over n, 1
/// is 1, 1), or nullopt.
static std::optional<std::vector<int64_t>>
integerCombination(const Poly &C, const std::vector<Poly> &Keys) {
  std::vector<int64_t> Q(Keys.size(), 0);
  Poly R = C;
  for (size_t K = 0; K < Keys.size(); ++K) {
    Poly Quot, Rem;
    divide(R, Keys[K], Quot, Rem);
    if (Quot.degree() != 0)
      return std::nullopt;
    Q[K] = Quot.constantTerm();
    R = Rem;
  }
  if (!R.Terms.empty())
    return std::nullopt;
  return Q;
}

/// The keys that are integer combinations of a chain of the others (the
/// diagonal A[i*n + i] beside A[i*n + j]: i's stride n + 1 is n + 1): their
/// terms are split across the chain's dimensions in each reference, which
/// then all agree on one shape.
static void
splitCompositeKeys(std::vector<std::map<Poly, Poly, PolyLess>> &Groups,
                   std::set<Poly, PolyLess> &KeySet) {
  if (isChain(sortedKeys(KeySet)))
    return;
  for (const Poly &C : std::vector<Poly>(KeySet.begin(), KeySet.end())) {
    std::set<Poly, PolyLess> Others = KeySet;
    Others.erase(C);
    Others.insert(Poly::constant(1));
    std::vector<Poly> Keys = sortedKeys(Others);
    std::optional<std::vector<int64_t>> Q;
    if (!isChain(Keys) || !(Q = integerCombination(C, Keys)))
      continue;
    for (auto &G : Groups) {
      auto It = G.find(C);
      if (It == G.end())
        continue;
      Poly Terms = It->second;
      G.erase(It);
      for (size_t K = 0; K < Keys.size(); ++K)
        if ((*Q)[K])
          G[Keys[K]] = G[Keys[K]] + Terms.scaled((*Q)[K]);
    }
    KeySet = std::move(Others);
    if (isChain(sortedKeys(KeySet)))
      return;
  }
}

/// The row-major shape whose dimensions are KeySet's strides, each
/// reference's subscripts grouped as in Groups; one-dimensional when it does
/// not fit (with UnprovenRow when an inner subscript could leave its row).
static DelinResult
shapeFor(isl_ctx *Ctx, const std::vector<DelinInput> &Refs,
         const std::vector<std::map<Poly, Poly, PolyLess>> &Groups,
         const std::vector<Poly> &Consts, std::set<Poly, PolyLess> KeySet) {
  for (int Pass = 0; Pass < 2; ++Pass) {
    std::vector<Poly> Keys(KeySet.begin(), KeySet.end());
    std::stable_sort(Keys.begin(), Keys.end(),
                     [](const Poly &A, const Poly &B) {
                       return lead(A).first.size() > lead(B).first.size();
                     });
    DelinShape Shape;
    Shape.Keys = Keys;
    Shape.Sizes.assign(Keys.size(), Poly());
    for (size_t K = 1; K < Keys.size(); ++K) {
      Poly Q, R;
      divide(Keys[K - 1], Keys[K], Q, R);
      if (!R.Terms.empty() || Q.degree() != 1)
        return oneDimensional(Refs, "its terms do not form row-major "
                                    "dimensions");
      Shape.Sizes[K] = Q;
    }
    // Divide each constant among the dimensions, outermost first.
    DelinResult Res;
    Res.Shape = Shape;
    bool NeedUnitKey = false;
    for (size_t I = 0; I < Refs.size() && !NeedUnitKey; ++I) {
      std::vector<std::optional<Poly>> Dims;
      Poly C = Consts[I];
      for (size_t K = 0; K < Keys.size(); ++K) {
        auto It = Groups[I].find(Keys[K]);
        Poly Sub = It == Groups[I].end() ? Poly() : It->second;
        Poly Q, R;
        divide(C, Keys[K], Q, R);
        Sub = Sub + Q;
        C = R;
        if (Sub.degree() > 1)
          return oneDimensional(Refs, "its terms do not form row-major "
                                      "dimensions");
        Dims.push_back(Sub);
      }
      if (!C.Terms.empty()) {
        NeedUnitKey = true;
        break;
      }
      auto FirstOutOfBounds = [&](const std::vector<std::optional<Poly>> &D) {
        for (size_t K = 1; K < Keys.size(); ++K)
          if (!inBounds(Ctx, *D[K], Shape.Sizes[K], Refs[I]))
            return K;
        return size_t(0);
      };
      size_t Bad = FirstOutOfBounds(Dims);
      // The division above gives outer dimensions all it can: a subscript
      // that runs downwards (A[i*m + (m - 1 - j)]) then became row i + 1,
      // column -1 - j. Lending one row of each outer dimension to the next,
      // in every combination, finds row i, column m - 1 - j.
      auto Lend = [&](unsigned Mask) {
        std::vector<std::optional<Poly>> Lent = Dims;
        for (size_t K = 0; K + 1 < Keys.size(); ++K)
          if (Mask & (1u << K)) {
            Lent[K] = *Lent[K] + Poly::constant(-1);
            Lent[K + 1] = *Lent[K + 1] + Shape.Sizes[K + 1];
          }
        return Lent;
      };
      unsigned Masks = Keys.size() <= 5 ? 1u << (Keys.size() - 1) : 1;
      for (unsigned Mask = 1; Bad && Mask < Masks; ++Mask) {
        std::vector<std::optional<Poly>> Lent = Lend(Mask);
        if (!FirstOutOfBounds(Lent)) {
          Dims = Lent;
          Bad = 0;
        }
      }
      if (size_t K = Bad) {
        // Proven for some parameter values (a caller's promise such as
        // BLAS's ldc >= n): the shape holds under that assumption, which
        // the entry points check when called.
        std::string Size = Shape.Sizes[K].toIsl(), Plain;
        for (size_t P = 0; P < Size.size(); ++P)
          if (Size.compare(P, 2, "p_") != 0 ||
              (P > 0 && (isalnum(Size[P - 1]) || Size[P - 1] == '_')))
            Plain += Size[P];
          else
            ++P;
        // The first lending (none, then as above) that some sizes allow:
        // d[r*n + n - 1] is row r, column n - 1 where n >= 1.
        std::optional<DelinAssumption> Ok;
        std::vector<std::optional<Poly>> Lent = Dims;
        for (unsigned Mask = 0; !Ok && Mask < Masks; ++Mask) {
          Lent = Lend(Mask);
          Ok = paramsInBounds(Ctx, Lent, Shape.Sizes, Refs[I]);
        }
        if (Ok) {
          if (std::none_of(Res.Assumptions.begin(), Res.Assumptions.end(),
                           [&](const DelinAssumption &A) {
                             return A.Holds == Ok->Holds;
                           }))
            Res.Assumptions.push_back(*Ok);
          Res.UnprovenRow = Plain;
          Res.Dims.push_back(Lent);
          continue;
        }
        DelinResult One = oneDimensional(
            Refs, "splitting it into dimensions needs a subscript within "
                  "[0, " +
                      Plain + "), which could not be proven");
        One.UnprovenRow = Plain;
        return One;
      }
      Res.Dims.push_back(Dims);
    }
    if (!NeedUnitKey)
      return Res;
    if (KeySet.count(Poly::constant(1)))
      break;
    KeySet.insert(Poly::constant(1));
  }
  return oneDimensional(Refs, "its terms do not form row-major dimensions");
}

/// Moves the integer content that every reference's subscript of a
/// parametric stride shares into the stride (C: 3k becomes 3C: k); false
/// when there is none.
static bool
moveContentIntoKeys(std::vector<std::map<Poly, Poly, PolyLess>> &Groups,
                    std::set<Poly, PolyLess> &KeySet) {
  bool Moved = false;
  std::set<Poly, PolyLess> NewKeys;
  for (const Poly &Key : KeySet) {
    int64_t G = 0;
    if (Key.degree() >= 1)
      for (auto &Gr : Groups) {
        auto It = Gr.find(Key);
        if (It != Gr.end())
          for (auto &T : It->second.Terms)
            G = gcd64(G, T.second);
      }
    G = G < 0 ? -G : G;
    if (G <= 1) {
      NewKeys.insert(Key);
      continue;
    }
    Moved = true;
    Poly Scaled = Key.scaled(G);
    NewKeys.insert(Scaled);
    for (auto &Gr : Groups) {
      auto It = Gr.find(Key);
      if (It == Gr.end())
        continue;
      Poly Sub;
      for (auto &T : It->second.Terms)
        Sub.Terms[T.first] = T.second / G;
      Gr.erase(It);
      Gr[Scaled] = Sub;
    }
  }
  KeySet = std::move(NewKeys);
  return Moved;
}

/// Splits each stride with a parametric and a constant part into those
/// (n - 1: i becomes n: i and 1: -i); false when there is none.
static bool
splitConstantParts(std::vector<std::map<Poly, Poly, PolyLess>> &Groups,
                   std::set<Poly, PolyLess> &KeySet) {
  bool Split = false;
  for (const Poly &Key : std::vector<Poly>(KeySet.begin(), KeySet.end())) {
    int64_t C = Key.constantTerm();
    Poly Rows = Key;
    Rows.Terms.erase(Monomial());
    if (C == 0 || Rows.Terms.empty())
      continue;
    int64_t G = 0;
    for (auto &T : Rows.Terms)
      G = gcd64(G, T.second);
    if (typicalValue(Rows) < 0)
      G = -G;
    Poly Row;
    for (auto &T : Rows.Terms)
      Row.Terms[T.first] = T.second / G;
    for (auto &Gr : Groups) {
      auto It = Gr.find(Key);
      if (It == Gr.end())
        continue;
      Poly Sub = It->second;
      Gr.erase(It);
      Gr[Row] = Gr[Row] + Sub.scaled(G);
      Gr[Poly::constant(1)] = Gr[Poly::constant(1)] + Sub.scaled(C);
    }
    KeySet.erase(Key);
    KeySet.insert(Row);
    KeySet.insert(Poly::constant(1));
    Split = true;
  }
  return Split;
}

DelinResult delinearize(isl_ctx *Ctx, const std::vector<DelinInput> &Refs) {
  // Is there anything to delinearize?
  bool Needed = false;
  for (const DelinInput &In : Refs)
    if (In.Index && In.Index->degree() > 1)
      Needed = true;
  if (!Needed)
    return oneDimensional(Refs, "it is not a polynomial of the loop "
                                "iterators and parameters");

  // A reference whose index is not a polynomial (cent[label[i]*d + f])
  // may touch any element whatever the shape: the others decide it.
  if (std::any_of(Refs.begin(), Refs.end(),
                  [](const DelinInput &In) { return !In.Index; })) {
    std::vector<DelinInput> Known;
    for (const DelinInput &In : Refs)
      if (In.Index)
        Known.push_back(In);
    DelinResult R = delinearize(Ctx, Known);
    if (!R.Why.empty())
      return oneDimensional(Refs, R.Why);
    size_t Rank = R.Dims.empty() ? 1 : R.Dims.front().size();
    std::vector<std::vector<std::optional<Poly>>> Dims;
    for (size_t I = 0, K = 0; I < Refs.size(); ++I)
      Dims.push_back(
          Refs[I].Index ? R.Dims[K++]
                        : std::vector<std::optional<Poly>>(Rank, std::nullopt));
    R.Dims = std::move(Dims);
    return R;
  }

  // Per reference: subscript per key (stride), and the constant.
  std::vector<std::map<Poly, Poly, PolyLess>> Groups(Refs.size());
  std::vector<Poly> Consts(Refs.size());
  std::set<Poly, PolyLess> KeySet;
  for (size_t I = 0; I < Refs.size(); ++I) {
    if (!Refs[I].Index)
      return oneDimensional(Refs, "another reference to the array has an "
                                  "index that is not a polynomial");
    std::map<std::string, Poly> Coef;
    if (!splitByVariable(*Refs[I].Index, Coef, Consts[I]))
      return oneDimensional(Refs, "it multiplies two loop iterators");
    for (auto &[V, C] : Coef) {
      // Normalize: integer content and sign go into the subscript. The sign
      // makes the stride positive where sizes are typical (every parameter
      // equal and large), so (H - R + 1) * (W - S + 1), whose leading term
      // -R*W is negative, keeps its sign. Any orientation is sound: isl
      // proves each subscript within its size below.
      int64_t G = 0;
      for (auto &T : C.Terms)
        G = gcd64(G, T.second);
      double Typical = typicalValue(C);
      if (Typical < 0 || (Typical == 0 && lead(C).second < 0))
        G = -G;
      Poly Key;
      for (auto &T : C.Terms)
        Key.Terms[T.first] = T.second / G;
      Groups[I][Key] = Groups[I][Key] + Poly::var(V).scaled(G);
      KeySet.insert(Key);
    }
  }
  splitCompositeKeys(Groups, KeySet);
  DelinResult Res = shapeFor(Ctx, Refs, Groups, Consts, KeySet);
  if (Res.UnprovenRow.empty() && Res.Assumptions.empty())
    return Res;
  // Normalizing put each stride's integer content into the subscripts:
  // 9*k*C + 9*c + 3*r + s became C: 9k, 1: 9c + 3r + s, whose inner
  // subscript exceeds C. The content the outer subscripts share belongs to
  // the stride instead: 9C: k, 1: 9c + 3r + s. And a stride with a
  // constant part may be rows and columns: i's n - 1 in A[i*n + j] once a
  // skewed schedule computes j as wave - 2*t - i is n: i, 1: -i + wave - 2t.
  for (auto *Retry : {moveContentIntoKeys, splitConstantParts}) {
    auto G = Groups;
    auto KS = KeySet;
    if (!Retry(G, KS))
      continue;
    DelinResult R = shapeFor(Ctx, Refs, G, Consts, KS);
    if (R.Why.empty() && R.Assumptions.empty())
      return R;
    // A shape that needs an assumption beats none.
    if (!Res.Why.empty() && R.Why.empty())
      Res = std::move(R);
  }
  return Res;
}

} // namespace analysis
} // namespace c2cuda
