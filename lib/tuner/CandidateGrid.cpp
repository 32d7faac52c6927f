//===- CandidateGrid.cpp - The candidates as points of a grid -------------===//

#include "tuner/CandidateGrid.h"

#include <algorithm>
#include <set>

namespace c2cuda {
namespace tuner {

/// JSON text that never throws (invalid UTF-8 is replaced).
static std::string safeDump(const nlohmann::json &J) {
  return J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

CandidateGrid::CandidateGrid(const Bundle &B)
    : Coords(B.Variants.size()), Extra(B.Variants.size()),
      IsCandidate(B.Variants.size(), false), Lines(B.Params.size()) {
  std::set<std::string> Listed;
  for (const Parameter &P : B.Params)
    Listed.insert(P.Name);
  // Values a variant has that its parameter does not list, by their JSON
  // text: they still need a distinct, stable coordinate.
  std::vector<std::map<std::string, long>> Unlisted(B.Params.size());
  for (size_t V = 0; V < B.Variants.size(); ++V) {
    const nlohmann::json &Ps = B.Variants[V].Params;
    std::vector<long> &C = Coords[V];
    C.resize(B.Params.size());
    for (size_t P = 0; P < B.Params.size(); ++P) {
      const std::vector<nlohmann::json> &Values = B.Params[P].Values;
      long Pos = -1;
      std::string Text = "<absent>";
      if (Ps.is_object()) {
        auto It = Ps.find(B.Params[P].Name);
        if (It != Ps.end()) {
          for (size_t I = 0; I < Values.size() && Pos < 0; ++I)
            if (Values[I] == *It)
              Pos = long(I);
          Text = safeDump(*It);
        }
      }
      if (Pos < 0) {
        auto Ins =
            Unlisted[P].emplace(Text, long(Values.size() + Unlisted[P].size()));
        Pos = Ins.first->second;
      }
      C[P] = Pos;
    }
    if (Ps.is_object()) {
      nlohmann::json Rest = nlohmann::json::object();
      for (auto It = Ps.begin(); It != Ps.end(); ++It)
        if (!Listed.count(It.key()))
          Rest[It.key()] = It.value();
      Extra[V] = safeDump(Rest);
    }
    if (B.Variants[V].Role == "candidate") {
      IsCandidate[V] = true;
      Candidates.push_back(V);
    }
  }
  for (size_t P = 0; P < B.Params.size(); ++P) {
    for (size_t V : Candidates)
      Lines[P][lineKey(V, P)].emplace_back(Coords[V][P], V);
    for (auto &KV : Lines[P])
      std::sort(KV.second.begin(), KV.second.end());
  }
}

std::string CandidateGrid::lineKey(size_t V, size_t Skip) const {
  std::string K;
  for (size_t P = 0; P < Coords[V].size(); ++P) {
    K += P == Skip ? std::string("*") : std::to_string(Coords[V][P]);
    K += ',';
  }
  return K + Extra[V];
}

std::vector<size_t> CandidateGrid::neighbours(size_t V) const {
  std::vector<size_t> Out;
  if (V >= Coords.size())
    return Out;
  for (size_t P = 0; P < Lines.size(); ++P) {
    auto L = Lines[P].find(lineKey(V, P));
    if (L == Lines[P].end())
      continue;
    const auto &Line = L->second;
    long Here = Coords[V][P];
    // Every candidate at the nearest coordinate below, then above.
    auto Lo = std::lower_bound(Line.begin(), Line.end(),
                               std::make_pair(Here, size_t(0)));
    if (Lo != Line.begin()) {
      long Below = std::prev(Lo)->first;
      for (auto It = std::lower_bound(Line.begin(), Lo,
                                      std::make_pair(Below, size_t(0)));
           It != Lo; ++It)
        Out.push_back(It->second);
    }
    auto Hi = std::upper_bound(Line.begin(), Line.end(),
                               std::make_pair(Here, SIZE_MAX));
    if (Hi != Line.end()) {
      long Above = Hi->first;
      for (auto It = Hi; It != Line.end() && It->first == Above; ++It)
        Out.push_back(It->second);
    }
  }
  return Out;
}

} // namespace tuner
} // namespace c2cuda
