//===- Memory.cpp - Arrays and scalars of one execution -------------------===//

#include "Memory.h"

#include "Interpreter.h"

#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

namespace c2cuda {
namespace exec {

/// Per array that host code touches: its elements, when every reference
/// the oracle has of it there has one index over the parameters (`out[0] =
/// last;`, `B[0 * n + 0] = s;`): one past the largest; -1 otherwise.
static std::map<std::string, int64_t> hostExtents(const Function &F,
                                                  const Memory &M) {
  std::map<std::string, int64_t> Out;
  forEachStmt(F.Body, [&](const Stmt &S) {
    const auto *H = llvm::dyn_cast<HostCode>(&S);
    if (!H)
      return;
    forEachExprIn(H->AsIR, [&](const Expr &E) {
      const auto *R = llvm::dyn_cast<ArrayRef>(&E);
      if (!R || R->Local)
        return;
      auto [It, New] = Out.insert({R->Array, 0});
      if (It->second < 0)
        return;
      std::string Err;
      int64_t V = R->Indices.size() == 1
                      ? evaluateScalarInt(*R->Indices[0], M, Err)
                      : -1;
      It->second = Err.empty() && V >= 0 ? std::max(It->second, V + 1) : -1;
    });
  });
  return Out;
}

int64_t evaluateScalarInt(const Expr &E, const Memory &M, std::string &Err) {
  static const Function NoFunction;
  Memory Scalars;
  Scalars.Scalars = M.Scalars;
  Interpreter I(Scalars, NoFunction);
  std::string CErr;
  Value V = convert(I.eval(E), ScalarKind::Long, CErr);
  if (I.failed())
    Err = I.error();
  else if (!CErr.empty())
    Err = CErr;
  return V.I;
}

bool allocateArrays(const Function &F,
                    const std::map<std::string, int64_t> &Extents, Memory &M,
                    std::mt19937_64 &Rng, double Lo, double Hi,
                    std::string &Err) {
  std::uniform_real_distribution<double> Real(Lo, Hi);
  std::uniform_int_distribution<int64_t> Int(-8, 8);
  // unsigned char and unsigned short elements: small values too (-8 would
  // be 248 or 65528); signed char and short take [-8, 8] like int. Sums of
  // a few dozen of them still wrap, as C's do.
  std::uniform_int_distribution<int64_t> Narrow(0, 16);
  const std::map<std::string, int64_t> Host = hostExtents(F, M);
  for (const Param &P : F.Params) {
    if (!P.isArray())
      continue;
    Buffer B;
    B.Elem = P.Elem;
    int64_t Product = 1;
    bool Known = true;
    for (const ExprPtr &D : P.Dims) {
      int64_t N = -1;
      if (D) {
        N = evaluateScalarInt(*D, M, Err);
        if (!Err.empty())
          return false;
      } else {
        Known = false;
      }
      B.Dims.push_back(N);
      Product *= N < 0 ? 1 : N;
    }
    if (P.Dims.size() < 2)
      B.Dims.clear(); // `float A[n]` is indexed like a pointer.
    int64_t Size;
    auto It = Extents.find(P.Name);
    auto HostIt = Host.find(P.Name);
    int64_t HostN = HostIt == Host.end() ? -1 : HostIt->second;
    if (It != Extents.end())
      Size = std::max<int64_t>(
          {It->second, Known && !P.Dims.empty() ? Product : 0, HostN});
    else if (Known && !P.Dims.empty())
      Size = std::max(Product, HostN);
    else if (HostN > 0)
      Size = HostN;
    else
      continue; // Not used by any nest: no buffer.
    if (Size < 0 || Size > (int64_t(1) << 26)) {
      Err = "array '" + P.Name + "' would have " + std::to_string(Size) +
            " elements";
      return false;
    }
    B.Data.resize(Size);
    for (Value &V : B.Data)
      V = isFloating(P.Elem) ? Value::ofFloat(P.Elem, Real(Rng))
          : isNarrowInteger(P.Elem) && isUnsignedKind(P.Elem)
              ? Value::ofInt(P.Elem, Narrow(Rng))
              : Value::ofInt(P.Elem, Int(Rng));
    M.Arrays[P.Name] = std::move(B);
  }
  return true;
}

std::map<std::string, int64_t>
plannedExtents(const LoweredFunction &LF, const Memory &M, std::string &Err) {
  std::map<std::string, int64_t> R;
  for (const ArrayPlan &A : LF.Arrays) {
    if (!A.Extent)
      continue;
    R[A.Name] = evaluateScalarInt(*A.Extent, M, Err);
    if (!Err.empty())
      return R;
  }
  return R;
}

} // namespace exec
} // namespace c2cuda
