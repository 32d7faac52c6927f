//===- Compare.cpp - Comparing the arrays of two executions ---------------===//

#include "Compare.h"

#include <cmath>
#include <sstream>

namespace c2cuda {
namespace exec {

ArrayDiff compareArray(const Memory &Ref, const Memory &Got,
                       const std::string &Name, double Tol) {
  ArrayDiff D;
  D.Array = Name;
  auto RI = Ref.Arrays.find(Name), GI = Got.Arrays.find(Name);
  if (RI == Ref.Arrays.end() || GI == Got.Arrays.end()) {
    D.Message = "array '" + Name + "' is missing from one execution";
    return D;
  }
  const std::vector<Value> &R = RI->second.Data, &G = GI->second.Data;
  if (R.size() != G.size()) {
    D.Message = "array '" + Name + "' has " + std::to_string(R.size()) +
                " elements in the reference, " + std::to_string(G.size()) +
                " in the lowered run";
    return D;
  }
  std::ostringstream OS;
  OS.precision(9);
  double Num = 0, Den = 0;
  for (size_t I = 0; I < R.size(); ++I) {
    double X = R[I].toDouble(), Y = G[I].toDouble();
    if (std::isnan(X) || std::isnan(Y)) {
      OS << Name << "[" << I << "] is NaN in the "
         << (std::isnan(Y) ? "lowered run" : "reference") << " (reference " << X
         << ", lowered " << Y << ")";
      D.Message = OS.str();
      D.RelL2 = NAN;
      return D;
    }
    // The same infinity in both is the same value (HUGE_VALF written on
    // purpose); its square would make the norms infinite.
    if (std::isinf(X) && X == Y)
      continue;
    Num += (X - Y) * (X - Y);
    Den += X * X;
  }
  D.RelL2 = Den > 0 ? std::sqrt(Num / Den) : std::sqrt(Num);
  if (D.RelL2 <= Tol)
    return D;
  // The first element that is off by more than the tolerance relative to
  // the array's RMS, else the first that differs at all.
  double Rms = R.empty() ? 0 : std::sqrt(Den / R.size());
  size_t First = R.size();
  for (size_t I = 0; I < R.size() && First == R.size(); ++I)
    if (std::fabs(R[I].toDouble() - G[I].toDouble()) >
        Tol * std::max(Rms, std::fabs(R[I].toDouble())))
      First = I;
  for (size_t I = 0; I < R.size() && First == R.size(); ++I)
    if (R[I].toDouble() != G[I].toDouble())
      First = I;
  OS << "array '" << Name << "': relative L2 error " << D.RelL2
     << " > tolerance " << Tol;
  if (First < R.size())
    OS << "; first differing element " << Name << "[" << First
       << "]: reference " << R[First].str() << ", lowered " << G[First].str();
  D.Message = OS.str();
  return D;
}

static Value poisonOf(ScalarKind K) {
  return isFloating(K) ? Value::ofFloat(K, NAN) : Value::ofInt(K, 0x7eadbeef);
}

void poisonArray(Memory &M, const std::string &Name) {
  auto It = M.Arrays.find(Name);
  if (It == M.Arrays.end())
    return;
  for (Value &V : It->second.Data)
    V = poisonOf(V.Kind);
}

bool hasPoison(const Memory &M, const std::string &Name) {
  auto It = M.Arrays.find(Name);
  if (It == M.Arrays.end())
    return false;
  for (const Value &V : It->second.Data) {
    Value P = poisonOf(V.Kind);
    if (isFloating(V.Kind) ? std::isnan(V.D) : V.I == P.I)
      return true;
  }
  return false;
}

} // namespace exec
} // namespace c2cuda
