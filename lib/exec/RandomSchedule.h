//===- RandomSchedule.h - Random legal schedules for a function -*- C++ -*-===//
//
// Draws random schedules for the nests of a function, for testing that every
// schedule the compiler accepts keeps the C semantics (the property tests on
// examples/, c2cuda-check --random-schedules on the differential fuzzer's
// programs). probeSchedules first lowers the function with every nest's
// schedule reset to the default (TileByDefault off) and reads what that
// lowering shows of each nest: the grid loops of its widest kernel, the loops
// run inside a thread, the loops at the top of the widest kernel's body and
// the arrays no kernel of the nest writes; then it probes the tiling clauses
// one at a time (a base tiling of the mapped loops, each top loop as a strip,
// each read-only array in shared memory with each strip, then with async(2)
// copies) and keeps those the pipeline accepts alone, and probes lanes(L: 32)
// and lanes(L: 64) for each loop L of the nest. drawSchedules then gives
// each nest either an untiled schedule (a permutation of a subset of the mapped
// loops, any block of at most 1024 threads, thread coarsening, unroll factors,
// a register limit), where tiling was accepted a tiled one (block tiles,
// points per thread, vector runs, a strip, shared arrays, padding, register
// double-buffering or asynchronous copies) built from accepted clauses only,
// or, where lanes was accepted, a reduction loop split over 2 to 1024
// threads per point (randomLanesSchedule).
// The drawn schedules are meant to be legal; the pipeline may still refuse a
// combination, which callers report rather than hide.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_RANDOMSCHEDULE_H
#define C2CUDA_EXEC_RANDOMSCHEDULE_H

#include "ir/IR.h"
#include "transforms/Pipeline.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// What the default lowering of a nest shows, and which tiling clauses the
/// pipeline accepts for it alone.
struct NestShape {
  /// The grid loops of the nest's widest kernel (its mappable band, up to 3
  /// loops), in the order of the kernel's Grid.
  std::vector<std::string> Mapped;
  /// Loops run inside each thread of any of the nest's kernels.
  std::set<std::string> InThread;
  /// Loops at the top of the widest kernel's body (strip-mining candidates)
  /// and arrays no kernel of the nest writes (shared-memory candidates).
  std::set<std::string> TopLoops, ReadOnly;
  /// Filled by probing the tiling transform: tiling is legal at all, and
  /// which strip loops and shared arrays it accepts alone.
  bool Tileable = false;
  std::set<std::string> Strips;
  /// Per strip loop ("" for none): the arrays shared(...) accepts with it.
  std::map<std::string, std::set<std::string>> SharedWith;
  /// Per strip loop: the arrays of SharedWith that async(2) also accepts
  /// (not staged scaled, elements of 4 or 8 bytes).
  std::map<std::string, std::set<std::string>> AsyncWith;
  /// The strip loops whose strips split(L: 2) divides among blocks.
  std::set<std::string> SplitStrips;
  /// Filled by probing lanes(L: 32) and lanes(L: 64) for each loop of the
  /// nest: the loops whose iterations may be split over the threads of a
  /// point, each with whether whole warps (multiples of 32) are taken
  /// (true: it reads along rows) or at most 32 slices (false).
  std::map<std::string, bool> LanesRows;
};

/// The shapes of a function's nests (keyed by nest id, nests with kernels
/// only), or the errors of its default lowering (then Nests is empty).
struct ScheduleSpace {
  std::map<unsigned, NestShape> Nests;
  std::string Errors;
};

/// Probes F's nests under Opts (its AllowReassociation is kept; TileByDefault
/// is turned off and Log silenced). Without ProbeTiling, no nest is Tileable.
ScheduleSpace probeSchedules(const Function &F, const PipelineOptions &Opts,
                             bool ProbeTiling = true);

enum class ScheduleKind {
  Untiled, ///< randomSchedule for every nest.
  Tiled,   ///< randomTiledSchedule for the tileable nests; others absent.
  /// Per nest: where lanes was accepted, randomLanesSchedule with
  /// probability 1/3; otherwise tiled (if tileable) or untiled with
  /// probability 1/2.
  Mixed,
};

/// One random schedule per nest of Space (see ScheduleKind), nests in id
/// order, all drawn from Rng.
std::map<unsigned, NestSchedule> drawSchedules(const ScheduleSpace &Space,
                                               std::mt19937_64 &Rng,
                                               ScheduleKind Kind);

/// probeSchedules then drawSchedules(Mixed): a random schedule per nest of F
/// (empty if F's default lowering fails). Probing lowers F many times: to
/// draw several schedules, probe once and draw from the space.
std::map<unsigned, NestSchedule> randomSchedules(const Function &F,
                                                 const PipelineOptions &Opts,
                                                 std::mt19937_64 &Rng);

/// A random block shape of Rank dimensions with at most 1024 threads:
/// log-uniform sizes, so 1, odd sizes, powers of two and sizes larger than
/// any trip count all occur.
std::vector<unsigned> randomBlock(unsigned Rank, std::mt19937_64 &Rng);

/// A random untiled schedule for a nest: a random permutation of a random
/// non-empty subset of the mapped loops (the whole band half of the time),
/// a random block of that rank, thread coarsening 1-4 per mapped loop,
/// unroll 1-8 for some in-thread loops and sometimes a register limit.
NestSchedule randomSchedule(const NestShape &N, std::mt19937_64 &Rng);

/// A random tiled schedule for a tileable nest: a random block of the mapped
/// loops' rank (at most 256 threads), 1-4 points per thread, a vector width
/// dividing them, sometimes a strip of 1-8 for one accepted strip loop, each
/// accepted array in shared memory with probability 1/2, padding 0-2,
/// for a strip with shared arrays pipeline(1-3) or, one in three times where
/// async(2) was accepted with each of them, async(2-4) with pipeline left
/// out or 1, sometimes unroll and a register limit.
NestSchedule randomTiledSchedule(const NestShape &N, std::mt19937_64 &Rng);

/// A random lanes schedule for a nest with LanesRows: one of its loops
/// split over a random number of threads per point (multiples of 32 up to
/// 1024 where it takes whole warps, 2 to 32 otherwise), sometimes an
/// unroll factor for it and a register limit.
NestSchedule randomLanesSchedule(const NestShape &N, std::mt19937_64 &Rng);

/// A copy of L with every nest's schedule replaced by Scheds[nest id], or
/// reset to the default where absent; the other clauses are kept.
StmtList withNestSchedules(const StmtList &L,
                           const std::map<unsigned, NestSchedule> &Scheds);

/// " nest 0: map(j: x) block(32) ..." for each nest (" nest 1: (default)"
/// for a default one); " (no mapped nest)" when Scheds is empty.
std::string schedulesText(const std::map<unsigned, NestSchedule> &Scheds);

} // namespace c2cuda

#endif
