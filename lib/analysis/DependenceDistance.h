//===- DependenceDistance.h - Reach of a carried dependence ---*- C++ -*-===//
//
// Given the instance pairs of two accesses that touch the same element in
// different iterations of one loop (all enclosing loops equal), finds which
// of the two runs first and the set of distances, in iterations of the loop
// (the iterator difference divided by the step), from the earlier access to
// the later one. The set is taken over all parameter values and printed as
// "2" (one value), "1..3" (bounded), or ">= 1" (bounded below only).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_DEPENDENCEDISTANCE_H
#define C2CUDA_ANALYSIS_DEPENDENCEDISTANCE_H

#include <cstdint>
#include <optional>
#include <string>

struct isl_map;
struct isl_set;

namespace c2cuda {
namespace analysis {

struct CarriedDistance {
  /// The pair's first access (the domain of the map) is the source: it runs
  /// in the earlier iteration. When both orders occur, the first access is
  /// preferred.
  bool FirstIsSource = true;
  std::string Distance;
};

/// Carried: pairs (instance of the first access -> instance of the second)
/// touching the same element, with equal iterators above Depth and different
/// iterators at Depth (taken). Step: the loop's step (negative for
/// decreasing loops). nullopt when Carried is empty.
std::optional<CarriedDistance> carriedDistance(isl_map *Carried, unsigned Depth,
                                               int64_t Step);

/// "2", "1..3", ">= 1" for a parameter-free one-dimensional set of
/// positive integers (taken); empty string for an empty set.
std::string formatDistances(isl_set *Distances);

} // namespace analysis
} // namespace c2cuda

#endif
