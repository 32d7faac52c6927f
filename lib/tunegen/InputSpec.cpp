//===- InputSpec.cpp - The values a tuning run fills an array with --------===//

#include "InputSpec.h"

#include "llvm/ADT/SmallVector.h"

#include <cmath>
#include <cstdio>

namespace c2cuda {

namespace {

std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", V);
  return Buf;
}

} // namespace

std::string InputDistribution::str() const {
  switch (K) {
  case Kind::Uniform:
    return "uniform(" + number(A) + ", " + number(B) + ")";
  case Kind::Normal:
    return "normal(" + number(A) + ", " + number(B) + ")";
  case Kind::Constant:
    return "constant(" + number(A) + ")";
  case Kind::Default:
    break;
  }
  return "default";
}

bool parseInputSpec(llvm::StringRef Spec, std::string &Name,
                    InputDistribution &D, std::string &Err) {
  Err.clear();
  auto [Lhs, Rhs] = Spec.split('=');
  Lhs = Lhs.trim();
  Rhs = Rhs.trim();
  if (Lhs.empty() || !Spec.contains('=')) {
    Err = "expected NAME=uniform(LO, HI), NAME=normal(MEAN, SD) or "
          "NAME=constant(V)";
    return false;
  }
  Name = Lhs.str();
  size_t Open = Rhs.find('(');
  if (Open == llvm::StringRef::npos || !Rhs.ends_with(")")) {
    Err = "'" + Rhs.str() +
          "' is not a distribution: write uniform(LO, HI), normal(MEAN, SD) "
          "or constant(V)";
    return false;
  }
  llvm::StringRef Kind = Rhs.take_front(Open).trim();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Rhs.slice(Open + 1, Rhs.size() - 1).split(Parts, ',');
  std::vector<double> Args;
  for (llvm::StringRef P : Parts) {
    double V = 0;
    if (P.trim().getAsDouble(V) || !std::isfinite(V)) {
      Err = "'" + P.trim().str() + "' in '" + Rhs.str() +
            "' is not a finite number";
      return false;
    }
    Args.push_back(V);
  }
  struct Form {
    const char *Name, *Spelling;
    size_t Arity;
    InputDistribution::Kind K;
  };
  static const Form Forms[] = {
      {"uniform", "uniform(LO, HI)", 2, InputDistribution::Kind::Uniform},
      {"normal", "normal(MEAN, SD)", 2, InputDistribution::Kind::Normal},
      {"constant", "constant(V)", 1, InputDistribution::Kind::Constant}};
  for (const Form &F : Forms) {
    if (Kind != F.Name)
      continue;
    if (Args.size() != F.Arity) {
      Err = "'" + Rhs.str() + "': write " + F.Spelling;
      return false;
    }
    if (F.K == InputDistribution::Kind::Uniform && !(Args[0] < Args[1]))
      Err = "'" + Rhs.str() + "': LO must be less than HI";
    if (F.K == InputDistribution::Kind::Normal && Args[1] < 0)
      Err = "'" + Rhs.str() + "': the standard deviation is negative";
    D = {F.K, Args[0], F.Arity > 1 ? Args[1] : 0};
    return Err.empty();
  }
  Err = "unknown distribution '" + Kind.str() +
        "': write uniform(LO, HI), normal(MEAN, SD) or constant(V)";
  return false;
}

} // namespace c2cuda
