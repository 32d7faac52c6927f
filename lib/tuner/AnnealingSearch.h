//===- AnnealingSearch.h - Simulated annealing over the grid ---*- C++ -*-===//
//
// Starts at the best-predicted candidate (a random one when the model
// predicted nothing) and walks the grid. Each step proposes a batch of
// distinct, not yet proposed, random neighbours of the current point (the
// batch size is the engine's parallelism; 1 is classic annealing), takes
// the fastest of them, t', and moves there if it is faster than the
// current time t, or else with probability exp(-(t' - t) / (T t)): the
// relative slowdown, so T means the same for a 10 us and a 10 ms nest.
// T starts at 0.2 (a 20% slower move is accepted with probability 1/e)
// and is multiplied by 0.9 after every step. A failed variant counts as
// infinitely slow. When every neighbour of the current point has been
// proposed, it jumps to a random unproposed candidate.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_ANNEALINGSEARCH_H
#define C2CUDA_TUNER_ANNEALINGSEARCH_H

#include "tuner/CandidateGrid.h"
#include "tuner/SearchRng.h"
#include "tuner/SearchStrategy.h"

#include <map>

namespace c2cuda {
namespace tuner {

class AnnealingSearch : public SearchStrategy {
public:
  static constexpr double InitialTemperature = 0.2;
  static constexpr double Cooling = 0.9;

  AnnealingSearch(const Bundle &B, unsigned long long Seed);
  std::vector<size_t> propose(size_t MaxBatch,
                              std::optional<size_t> Remaining) override;
  void observe(const Observation &O) override;
  const char *name() const override { return "anneal"; }

  double temperature() const { return T; }

private:
  CandidateGrid Grid;
  SearchRng Rng;
  std::vector<bool> Proposed;
  size_t Unproposed; ///< Candidates not proposed yet.
  size_t Start;      ///< Best predicted, or random.
  /// The current point; Moving: the last batch was a start or a jump, so
  /// its result becomes the current point whatever it is.
  bool HaveCurrent = false, Moving = false;
  size_t Current = 0;
  double CurrentMs = 0;
  double T = InitialTemperature;
  std::vector<size_t> Batch;         ///< The last proposed batch.
  std::map<size_t, double> Outcomes; ///< Its observed times (inf: failed).

  void settle();
  std::vector<size_t> jump(size_t MaxBatch);
};

} // namespace tuner
} // namespace c2cuda

#endif
