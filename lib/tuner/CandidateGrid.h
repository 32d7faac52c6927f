//===- CandidateGrid.h - The candidates as points of a grid ----*- C++ -*-===//
//
// A strategy moves between candidates that differ in one parameter. The
// space is a grid (Bundle::Params, each with its Values in order) but a
// sparse one: SpaceBuilder prunes illegal and redundant points. The grid
// gives each variant a coordinate per parameter and groups the candidates
// that agree on every parameter but one, so that the neighbours of a point
// along a parameter are the nearest existing values on either side of it
// (the adjacent value where it exists, the next one that does otherwise).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_CANDIDATEGRID_H
#define C2CUDA_TUNER_CANDIDATEGRID_H

#include "tuner/Bundle.h"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace c2cuda {
namespace tuner {

class CandidateGrid {
public:
  explicit CandidateGrid(const Bundle &B);

  /// Indices of the Role "candidate" variants, in space (bundle) order.
  const std::vector<size_t> &candidates() const { return Candidates; }
  bool isCandidate(size_t V) const {
    return V < IsCandidate.size() && IsCandidate[V];
  }
  size_t variantCount() const { return IsCandidate.size(); }

  /// Candidates one parameter one step away from variant V (any role):
  /// for each parameter in order, the lower neighbour(s), then the upper.
  std::vector<size_t> neighbours(size_t V) const;

private:
  /// Per parameter, the position of a variant's value in Values; values
  /// not listed (or absent) get positions after the listed ones.
  std::vector<std::vector<long>> Coords;
  std::vector<std::string> Extra; ///< Params keys not in Bundle::Params.
  std::vector<size_t> Candidates;
  std::vector<bool> IsCandidate;
  /// (parameter, the other coordinates) -> (coordinate, candidate), sorted.
  std::vector<std::map<std::string, std::vector<std::pair<long, size_t>>>>
      Lines;

  std::string lineKey(size_t V, size_t Skip) const;
};

} // namespace tuner
} // namespace c2cuda

#endif
