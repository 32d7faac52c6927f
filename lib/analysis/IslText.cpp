//===- IslText.cpp - isl objects written in isl's own syntax -------------===//

#include "analysis/IslText.h"

#include "llvm/ADT/StringExtras.h"

namespace c2cuda {
namespace analysis {

std::string join(const std::vector<std::string> &V, const char *Sep) {
  return llvm::join(V, Sep);
}

std::string tupleText(const std::string &Name, const std::string &Var,
                      unsigned N) {
  std::vector<std::string> V;
  for (unsigned I = 0; I < N; ++I)
    V.push_back(Var + std::to_string(I));
  return Name + "[" + join(V, ", ") + "]";
}

std::string islSetText(const std::vector<std::string> &Params,
                       const std::string &Tuple,
                       const std::vector<std::string> &Exists,
                       const std::vector<std::string> &Cons) {
  std::string S = "[" + join(Params, ", ") + "] -> { " + Tuple;
  if (!Cons.empty()) {
    S += " : ";
    if (!Exists.empty())
      S += "exists (" + join(Exists, ", ") + " : ";
    S += join(Cons, " and ");
    if (!Exists.empty())
      S += ")";
  }
  return S + " }";
}

std::string islText(const std::set<std::string> &Params,
                    const std::string &Tuple,
                    const std::vector<std::string> &Exists,
                    const std::vector<std::string> &Cons) {
  std::vector<std::string> P;
  for (auto &N : Params)
    P.push_back("p_" + N);
  return islSetText(P, Tuple, Exists, Cons);
}

} // namespace analysis
} // namespace c2cuda
