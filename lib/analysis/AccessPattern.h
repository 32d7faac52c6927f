//===- AccessPattern.h - Warp access patterns of references ---*- C++ -*-===//
//
// What one warp's request looks like for each array reference of a nest under
// a candidate thread mapping, for concrete problem sizes:
//  - the element and byte stride between consecutive threads along x
//    (symbolic where the index is a polynomial, e.g. "K", and evaluated);
//  - the number of 32-byte sectors the 32 lanes of warp 0 of block 0 touch,
//    the ideal number for the distinct elements they read, and whether all
//    lanes read one element (a broadcast);
//  - the shared-memory bank-conflict degree when the reference reads a tile
//    of shared memory laid out as [rows][cols + pad].
//
// The model is concrete: lanes are enumerated. Lane l of warp 0 is thread
// (tx, ty, tz) with l = tx + ty*Bx + tz*Bx*By (CUDA's order, x fastest). The
// loop mapped on dimension d runs iteration Lower + Step*idx with
//   idx = t * E       (Coarsening::Blocked: thread t runs t*E .. t*E+E-1),
//   idx = t           (Coarsening::Cyclic: thread t runs t, t+T, t+2T, ...
//                      with T the threads along d of the whole grid),
// i.e. the warp request of a thread's first element. Every other loop
// around the reference is at its lower bound (bounds evaluated at the
// values of the loops around it). A lane is inactive when its iteration is
// outside a loop's bounds or an enclosing if-condition that can be
// evaluated is false. Arrays start at a 256-byte boundary (cudaMalloc).
//
// Scalar parameters take their values from a SizeMap (`--size N=...`); a
// name the map lacks (and that is not a host constant) gets
// kDefaultProblemSize, and is listed in the result's DefaultedSizes.
//
// Subscripts per dimension: a multi-dimensional parameter has its own; a
// linearized pointer index is delinearized as NestFacts does (Delinearize.h,
// with isl proving inner subscripts within their sizes), per nest.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_ACCESSPATTERN_H
#define C2CUDA_ANALYSIS_ACCESSPATTERN_H

#include "analysis/AffineExpr.h"
#include "ir/IR.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// Concrete values of scalar parameters, from `--size N=...`.
using SizeMap = std::map<std::string, int64_t>;
/// The value of a size the SizeMap lacks.
constexpr int64_t kDefaultProblemSize = 1024;

enum class Coarsening {
  Blocked, ///< Thread t runs iterations t*E .. t*E+E-1 of its loop.
  Cyclic   ///< Thread t runs t, t+T, ..., T = threads along the dimension.
};

/// A candidate mapping of nest loops onto threads.
struct ThreadMapping {
  /// Iterator on threadIdx.x, .y, .z; "" for an unused dimension. A name
  /// means the outermost loop of the nest with that iterator.
  std::array<std::string, 3> Iter;
  /// Optional: the mapped loops themselves, for nests with several loops of
  /// one iterator name (e.g. the two sweeps of a time loop); they win over
  /// Iter where set.
  std::array<const ForStmt *, 3> Loops = {nullptr, nullptr, nullptr};
  std::array<unsigned, 3> Block = {32, 1, 1};
  /// Iterations per thread of each mapped loop (coarsening factor).
  std::array<unsigned, 3> Elems = {1, 1, 1};
  Coarsening Coarsen = Coarsening::Blocked;

  unsigned threads() const { return Block[0] * Block[1] * Block[2]; }
};

/// Where a loop of the nest runs under a mapping.
enum class LoopRole {
  Mapped,  ///< On a thread dimension.
  Outer,   ///< Around a mapped loop: one launch (or pass) per iteration;
           ///< analysed at its lower bound.
  InThread ///< Sequential inside each thread.
};

/// One array reference of a nest, with the forms the analyses need.
struct RefSite {
  const ArrayRef *Ref = nullptr;
  bool IsWrite = false; ///< Assigned (also for `+=`).
  bool IsRead = false;  ///< Read (also for `+=`).
  unsigned ElemBytes = 4;
  /// Enclosing loops of the nest, outermost first; poly variable "itD" is
  /// the iterator of Loops[D].
  std::vector<const ForStmt *> Loops;
  /// Enclosing if-conditions with their polarity (false: the else branch),
  /// each with the number of loops around it.
  struct Cond {
    const Expr *E;
    bool Holds;
    unsigned Depth;
    std::shared_ptr<const analysis::Scope> Sc;
  };
  std::vector<Cond> Conds;
  /// Loop bounds' scopes, per enclosing loop (for evaluation and domains).
  std::vector<std::shared_ptr<const analysis::Scope>> LoopScopes;
  /// Names visible at the reference.
  std::shared_ptr<const analysis::Scope> Sc;
  /// Linearized element offset; nullopt when not a polynomial.
  std::optional<analysis::Poly> Offset;
  /// Subscript per dimension (delinearized for pointers); nullopt entries
  /// are unknown. Variables: "itD", "p_X", quotients of Quot.
  std::vector<std::optional<analysis::Poly>> Subs;
  /// Element stride of each dimension, a polynomial over parameters.
  std::vector<analysis::Poly> DimStrides;
  /// Quotient definitions used by Offset/Subs.
  std::shared_ptr<analysis::ConvContext> Quot;
  /// Why Subs or Offset is unknown.
  std::string Why;

  /// Whether every subscript is known and affine without quotients.
  bool affine() const;
  /// Whether the index may depend on the iterator of Loops[Depth] (true
  /// when unknown).
  bool usesDepth(unsigned Depth) const;
};

/// The array references of one nest.
struct NestModel {
  const Function *Fn = nullptr;
  const NestStmt *Nest = nullptr;
  std::vector<RefSite> Refs;          ///< Source order (a `+=` target once).
  std::vector<const ForStmt *> Loops; ///< Preorder.
  std::map<const ForStmt *, const ForStmt *> Parent; ///< Null: outermost.

  /// The outermost loop with iterator Name, or null.
  const ForStmt *findLoop(const std::string &Name) const;
  /// The references to Array, in source order (indices into Refs).
  std::vector<size_t> refsTo(const std::string &Array) const;
};

/// Collects the references of N (a nest of F) and their subscripts.
NestModel buildNestModel(const Function &F, const NestStmt &N);

/// Each loop's role, and the mapped dimension (0..2) of mapped loops.
struct MappingRoles {
  std::map<const ForStmt *, LoopRole> Role;
  std::map<const ForStmt *, unsigned> Dim;
  /// Mapped iterator names the nest lacks.
  std::vector<std::string> Missing;
  LoopRole roleOf(const ForStmt *L) const;
};
MappingRoles resolveMapping(const NestModel &M, const ThreadMapping &TM);

/// Evaluates integer expressions of a nest for concrete sizes, recording the
/// names it had to default.
class SizeEvaluator {
public:
  SizeEvaluator(const Function &F, const SizeMap &Sizes) : F(F), Sizes(Sizes) {}
  /// Value of E at the point where loop depth D has IterVals[D]; nullopt
  /// when E reads memory, uses floats, divides by zero or reads a local the
  /// nest reassigns.
  std::optional<int64_t> eval(const Expr &E, const analysis::Scope &S,
                              const std::vector<int64_t> &IterVals);
  /// Value of a polynomial over "itD" (IterVals[D]) and "p_X"; nullopt
  /// for other variables (quotients).
  std::optional<int64_t> evalPoly(const analysis::Poly &P,
                                  const std::vector<int64_t> &IterVals = {});
  /// Value of an outside scalar.
  int64_t outside(const std::string &Name);
  /// Trip count of L with the loops around it at IterVals.
  std::optional<int64_t> tripCount(const ForStmt &L, const analysis::Scope &S,
                                   const std::vector<int64_t> &IterVals);
  /// Element offset of R with its loops at IterVals (row-major for
  /// multi-dimensional parameters).
  std::optional<int64_t> offset(const RefSite &R,
                                const std::vector<int64_t> &IterVals);
  /// Subscripts of R per dimension at IterVals.
  std::optional<std::vector<int64_t>>
  subscripts(const RefSite &R, const std::vector<int64_t> &IterVals);

  std::set<std::string> Defaulted;

private:
  const Function &F;
  const SizeMap &Sizes;
  unsigned Depth = 0;
};

/// The iterator values of R's loops for one lane of warp 0 of block 0.
struct LanePoint {
  bool Runs = false;          ///< The lane executes R.
  std::vector<int64_t> Iters; ///< Per enclosing loop of R.
  std::string Why;            ///< Non-empty: a bound could not be evaluated.
};
/// Lane -> (tx, ty, tz) as CUDA does (x fastest).
LanePoint laneIterations(const RefSite &R, const ThreadMapping &TM,
                         const MappingRoles &Roles, SizeEvaluator &Ev,
                         unsigned Lane);

/// One warp request of one reference.
struct WarpAccess {
  size_t RefIndex = 0; ///< Into NestModel::Refs.
  const ArrayRef *Ref = nullptr;
  unsigned ElemBytes = 4;
  unsigned ActiveLanes = 0; ///< Lanes of warp 0 that run the reference.
  /// Element stride from thread tx to tx+1 (0 when x is unmapped or not
  /// used by the index); nullopt when it cannot be evaluated.
  std::optional<int64_t> ElemStride;
  std::optional<int64_t> ByteStride;
  /// The stride as a formula over the parameters, e.g. "K", "2", "1"; empty
  /// when the index is not a polynomial in the x iterator.
  std::string StrideText;
  unsigned DistinctElements = 0;
  unsigned Sectors = 0;      ///< Distinct 32-byte sectors.
  unsigned IdealSectors = 0; ///< ceil(DistinctElements * ElemBytes / 32).
  bool Broadcast = false;    ///< All active lanes read one element.
  bool coalesced() const { return Sectors <= IdealSectors; }
  std::set<std::string> DefaultedSizes;
  std::string Why; ///< Non-empty: could not be evaluated.
};

WarpAccess analyzeWarpAccess(const NestModel &M, size_t RefIndex,
                             const ThreadMapping &TM, const SizeMap &Sizes);
/// Every reference of the nest, in order.
std::vector<WarpAccess> analyzeWarpAccesses(const NestModel &M,
                                            const ThreadMapping &TM,
                                            const SizeMap &Sizes);

/// A tile in shared memory: Dims[0] x ... x (Dims.back() + Pad) elements,
/// row-major. 32 banks of 4 bytes; an 8-byte element occupies two
/// consecutive 4-byte words, and both count (so 32 lanes reading 32
/// consecutive doubles give degree 2, which IdealDegree also says).
struct SharedLayout {
  std::vector<int64_t> Dims; ///< Tile extents, outermost first.
  int64_t Pad = 0;           ///< Elements added to each innermost row.
  unsigned ElemBytes = 0;    ///< 0: the reference's element size.
};

struct BankConflicts {
  /// Max number of distinct 4-byte words mapped to one bank by the active
  /// lanes of warp 0 (1: conflict-free; 0: no active lane).
  unsigned Degree = 0;
  /// ceil(distinct words / 32): the least any layout can achieve.
  unsigned IdealDegree = 0;
  unsigned Words = 0;
  unsigned ActiveLanes = 0;
  /// Some lane's element lies outside the tile whose origin is the
  /// smallest subscript of the warp in each dimension.
  bool OutsideTile = false;
  std::set<std::string> DefaultedSizes;
  std::string Why;
};

/// Bank conflicts when warp 0 reads R's elements from a shared copy laid out
/// as L. The innermost L.Dims.size() subscripts of R index the tile
/// (outer ones are taken as fixed within it); the tile's origin is the
/// warp's smallest subscript per dimension (any origin only shifts every
/// word address by one amount, which changes no bank count).
BankConflicts sharedBankConflicts(const NestModel &M, size_t RefIndex,
                                  const ThreadMapping &TM,
                                  const SharedLayout &L, const SizeMap &Sizes);

/// A polynomial as text over the source names: "p_K" -> "K", "itD" -> the
/// iterator of Loops[D].
std::string polyText(const analysis::Poly &P,
                     const std::vector<const ForStmt *> &Loops);

} // namespace c2cuda

#endif
