//===- IslText.h - isl objects written in isl's own syntax -----*- C++ -*-===//
//
// The analysis builds sets and maps as isl text ("[p_N] -> { S0[it0] : 0 <=
// it0 < p_N }") and lets isl parse it: readable in dumps and in tests, and
// the one place that knows the syntax. Parameters are the nest's outside
// scalars with a "p_" prefix.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_ISLTEXT_H
#define C2CUDA_ANALYSIS_ISLTEXT_H

#include <set>
#include <string>
#include <vector>

namespace c2cuda {
namespace analysis {

std::string join(const std::vector<std::string> &V, const char *Sep);

/// "Name[Var0, Var1, ...]" with N variables.
std::string tupleText(const std::string &Name, const std::string &Var,
                      unsigned N);

/// "[p_a, ...] -> { Tuple : exists (Exists : Cons and ...) }"; Params are
/// written as given (already prefixed).
std::string islSetText(const std::vector<std::string> &Params,
                       const std::string &Tuple,
                       const std::vector<std::string> &Exists,
                       const std::vector<std::string> &Cons);

/// The same with Params named without their "p_" prefix.
std::string islText(const std::set<std::string> &Params,
                    const std::string &Tuple,
                    const std::vector<std::string> &Exists,
                    const std::vector<std::string> &Cons);

} // namespace analysis
} // namespace c2cuda

#endif
