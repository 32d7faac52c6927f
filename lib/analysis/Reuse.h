//===- Reuse.h - Data reuse and promotion candidates of a nest -*- C++ -*-===//
//
// For a nest, a thread mapping (AccessPattern.h) and concrete sizes:
//  - temporal reuse: a reference whose index does not use loop L's iterator
//    re-reads its element across L's iterations (across threads when L is
//    mapped);
//  - group reuse: references of one array whose subscripts differ by
//    constants only (stencil neighbours A[i-1][j], A[i][j], A[i+1][j]);
//  - how many threads of a block read each element at once: the product of
//    the block extents of mapped dimensions whose loop the index ignores;
//  - the footprint of one block tile per array, halo included: the bounding
//    box, per dimension, of the images of the tile under all references of
//    the array, by interval arithmetic on the affine (delinearized)
//    subscripts, which is exact for a box;
//  - shared-memory and register promotion candidates, with the global-memory
//    traffic of one block without and with promotion.
//
// The block tile: a mapped loop covers the block's iterations
// (Block[d] * Elems[d] for Coarsening::Blocked, Block[d] for Cyclic, whose
// thread runs Elems[d] such chunks); an in-thread sequential loop covers
// min(trip count, SeqTileCap) iterations; a loop around the mapped loops (a
// host or launch loop) one iteration, at its lower bound. ReuseOptions::
// TileSizes overrides any of these by iterator name. Loop bounds are
// evaluated at the first iteration of the loops around them (exact for
// rectangular nests); if-conditions are ignored (every reference counts as
// executed).
//
// Traffic counts elements moved between global memory and the SM by one
// block over its whole run (block 0), every dynamic access without
// promotion (no caches):
//  - shared: without = reads of the array's references; with = footprint
//    elements x tiles, where a block walks through ceil(iterations / tile)
//    tiles of each loop some reference's subscripts use, at least one (loops
//    no subscript uses do not reload the tile);
//  - register: a reference group (identical subscripts) invariant in an
//    in-thread loop L and every loop inside L around it: without = its reads
//    and writes; with = one load (if read) and one store (if written) per
//    execution of L.
// A shared candidate must be read-only in the nest, be read by several
// threads of a block (ThreadsSharing > 1, group reuse across threads, or a
// sliding window such as in[i + r]), fit SharedBudgetBytes, and save traffic.
// It is also a constant-memory candidate when no subscript uses a mapped
// iterator (every thread reads the same elements: broadcasts) and the
// elements the block reads over its whole run fit ConstantBudgetBytes.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_REUSE_H
#define C2CUDA_ANALYSIS_REUSE_H

#include "analysis/AccessPattern.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

struct ReuseOptions {
  /// Tile length in iterations per loop iterator, overriding the defaults.
  std::map<std::string, int64_t> TileSizes;
  /// Default tile of an in-thread sequential loop: min(trip count, this).
  int64_t SeqTileCap = 32;
  int64_t SharedBudgetBytes = 48 * 1024;
  int64_t ConstantBudgetBytes = 64 * 1024;
};

/// Reuse of one reference.
struct RefReuse {
  size_t RefIndex = 0; ///< Into NestModel::Refs.
  const ArrayRef *Ref = nullptr;
  /// Enclosing loops whose iterator the index does not use: the element is
  /// re-read across their iterations.
  std::vector<const ForStmt *> InvariantLoops;
  std::vector<std::string> InvariantIters; ///< Their iterators.
  /// Threads of a block reading the same element at once.
  int64_t ThreadsSharing = 1;
  /// A subscript combines a mapped and an in-thread iterator (in[i + r]):
  /// neighbouring threads read the same elements at other iterations.
  bool SlidingWindow = false;
  /// Executions by one block.
  int64_t ExecutionsPerBlock = 0;
};

/// References of one array whose subscripts differ by constants only.
struct GroupReuse {
  std::string Array;
  std::vector<size_t> Refs; ///< Into NestModel::Refs, source order.
  /// Per reference, per dimension: its constant offset minus Refs[0]'s.
  std::vector<std::vector<int64_t>> Offsets;
  /// The offsets differ in a dimension indexed by a mapped iterator (the
  /// neighbours are read by other threads) / by an in-thread iterator.
  bool AcrossThreads = false;
  bool InThread = false;
};

/// Per array: reuse summary and the footprint of one block tile.
struct ArrayReuse {
  std::string Array;
  unsigned ElemBytes = 4;
  bool Read = false, Written = false;
  std::vector<size_t> Refs;
  int64_t ThreadsSharing = 1; ///< Max over the references.
  /// Iterators of loops across which some reference re-reads its element.
  std::set<std::string> ReusedAcross;
  bool FootprintKnown = false;
  std::string Why; ///< Why the footprint is unknown.
  /// Bounding box of the tile's elements (over the read references, or all
  /// references of a write-only array), per dimension.
  std::vector<int64_t> BoxLower, BoxExtent;
  int64_t FootprintElements = 0, FootprintBytes = 0;
  /// Tiles one block walks through (reloads of the footprint).
  int64_t TilesPerBlock = 1;
  int64_t ReadsPerBlock = 0, WritesPerBlock = 0;
};

struct Promotion {
  enum class Kind { Shared, Register };
  Kind K = Kind::Shared;
  std::string Array;
  std::vector<size_t> Refs;
  /// Register: the outermost in-thread loop the element stays in a register
  /// across.
  const ForStmt *Loop = nullptr;
  /// Shared: constant memory would serve too (see the file comment).
  bool ConstantMemory = false;
  int64_t FootprintBytes = 0; ///< Shared: bytes of shared memory per tile.
  int64_t TrafficWithout = 0, TrafficWith = 0; ///< Elements per block.
  double Ratio = 0; ///< TrafficWithout / TrafficWith.
  std::string Reason;
};

struct NestReuse {
  /// Tile length and per-block iterations of every loop.
  std::map<const ForStmt *, int64_t> Tile, ItersPerBlock;
  std::vector<RefReuse> Refs; ///< Parallel to NestModel::Refs.
  std::vector<GroupReuse> Groups;
  std::vector<ArrayReuse> Arrays; ///< Sorted by name.
  std::vector<Promotion> Shared, Registers;
  /// Arrays with reuse that are not promoted, with the reason.
  std::map<std::string, std::string> NotPromoted;
  std::set<std::string> DefaultedSizes;
  std::string Why; ///< Non-empty: the nest could not be evaluated.

  const ArrayReuse *array(const std::string &Name) const;
  const Promotion *shared(const std::string &Array) const;
  const Promotion *registers(const std::string &Array) const;
};

NestReuse analyzeReuse(const NestModel &M, const ThreadMapping &TM,
                       const SizeMap &Sizes, const ReuseOptions &O = {});

} // namespace c2cuda

#endif
