//===- SharedTileCopy.h - A block's copy of a shared tile ------*- C++ -*-===//
//
// A tiled kernel (PromoteToShared.h) stages the box of an array that one tile
// reads (its footprint, TileFootprint.h) in a shared array. The block's
// threads copy the box together: slot l goes to thread l % threads, in
// rounds, the box's innermost dimension fastest, so that consecutive
// threads read consecutive addresses. A slot is a run of W elements along
// the array's innermost dimension (W > 1 with vector(...)): one 16-byte
// load where the run lies inside the box and its address is aligned, else
// element by element; one 16-byte store where the shared tile keeps the
// array's layout, else element by element (a transposed or padded tile).
//
// Legal because only elements the nest reads are loaded: each element is
// guarded by the smallest and largest element the nest reads, per
// dimension or on the linear offset (and, in a triangular band's box, by
// the last element the nests touch); elements outside are stored as zero,
// never loaded, since the points past a partial tile compute on them
// unguarded and drop their results. Or, cheaper, each run is loaded from
// its coordinates clamped into that box (clampedTileCopy): what lands
// outside it is some element of the array instead of zero, read by the
// same dropped points only. A prefetch (ToRegs) and its store
// (FromRegs) split the copy around a strip's computation (pipeline(2));
// asynchronous copies (Async) need no registers (async(N)).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_SHAREDTILECOPY_H
#define C2CUDA_TRANSFORMS_SHAREDTILECOPY_H

#include "TileFootprint.h"

#include "ir/IR.h"

#include <string>
#include <vector>

namespace c2cuda {

/// An array's box staged in shared memory for each tile.
struct SharedTile {
  TileFootprint FP;
  std::string Name;
  /// Suffix of the names generated for this tile: the array's name, then
  /// "A_2", "A_3" for further reference groups of the same array.
  std::string Key;
  std::vector<unsigned> Perm; ///< Shared dimension i holds box dim Perm[i].
  std::vector<int64_t> SharedDims;
  /// Every staged reference is `Scale * A[...]` with Scale a scalar the
  /// kernel only reads: the tile holds the products (planScaledTiles).
  ExprPtr Scale;
  /// The kernel gets the array already multiplied by Scale (the host
  /// scales it before the launch, PrescaleOperands.h): the tile is copied
  /// as it is, and still stands for `Scale * A[...]`.
  bool Prescaled = false;
  /// Filled by asynchronous copies (async(N), CopyAsync.h); else, in a
  /// kernel with async(N), by loads into the same buffers.
  bool Async = false;
};

/// "c2c_sh_A[8][132]": the tile's array as declared (remarks, plans).
std::string sharedTileText(const SharedTile &T);

/// Direct: global -> shared. ToRegs: global -> the staging registers
/// c2c_pf_<key> (a prefetch). FromRegs: staging registers -> shared. Async:
/// global -> shared by asynchronous copies (async(N)), which the kernel
/// commits and waits for; elements outside the box are stored as zero.
/// ScaleInPlace: a tile staged scaled and filled by asynchronous copies
/// multiplied by its scale in shared memory, each thread the elements it
/// copied, once they have landed.
enum class TileLoadMode { Direct, ToRegs, FromRegs, Async, ScaleInPlace };

/// What the copy needs to know of the kernel around it.
struct TileCopyOptions {
  int64_t Threads = 1;      ///< Threads of the block.
  int64_t RunWidth = 1;     ///< W: elements a thread copies at once.
  bool VectorStore = false; ///< A run goes to shared memory as one store.
  /// Guards per dimension in int (else long long, or on the linear offset
  /// of a pointer array).
  bool IntGuards = false;
  /// In a triangular band's box: loads also stay at or below the last
  /// element the nests touch (c2c_last_<key>).
  bool InBandBox = false;
  /// pipeline(3): the shared buffer being filled (the tile's first index).
  ExprPtr Buffer;
  const Function *F = nullptr; ///< For the dimensions of declared arrays.
};

/// The loop over rounds that copies T as Mode says (c2c_r_<key>, with
/// slot c2c_l_<key>, box coordinates c2c_a<d>_<key> and global ones
/// c2c_x<d>_<key>). Expects c2c_tid and the bounds c2c_lo*/c2c_hi* (and
/// c2c_last_<key>) declared by the kernel.
StmtPtr copySharedTile(const SharedTile &T, TileLoadMode Mode,
                       const TileCopyOptions &O);

/// A strip's copy of T without guards where the strip lies inside the box
/// of elements the nest reads, the test split by what the strip base (the
/// variable StripBase) changes. The coordinates the strips do not move are
/// clamped into the box from above (min: a partial tile's rows past the
/// array read its last row; only points past the tile, whose results are
/// dropped, read them). Hoisted: the part of the test the strips share (the
/// box not empty, the tile starting inside it, the runs of the strip
/// starting at First aligned and, along a dimension the strips do not
/// move, lying wholly inside or outside the box; strips StripShift
/// iterations apart keep it: StripShift is a multiple of the run),
/// evaluated once per tile; null where nothing is. PerStrip: the strip's
/// own range inside the box (null if none). Copy: the rounds as Mode
/// (Direct or ToRegs) says. All null where the test cannot be told per
/// tile (copyable only with guards on the linear offset, in a triangular
/// band's box, more than two dimensions, strips that shift runs out of
/// alignment) and where every dimension of the box moves with the strips
/// (a vector x[k]: clampedTileCopy serves). ElementWise, for rows that are
/// not whole aligned runs (a float row of 1001 elements): the same copy
/// element by element, each element's coordinates clamped on their own,
/// so that Hoisted asks neither alignment nor whole runs.
struct UnguardedTileCopy {
  ExprPtr Hoisted, PerStrip;
  StmtPtr Copy;
};
UnguardedTileCopy unguardedTileCopy(const SharedTile &T, TileLoadMode Mode,
                                    const TileCopyOptions &O,
                                    const std::string &StripBase,
                                    const ExprPtr &First, int64_t StripShift,
                                    bool ElementWise = false);

/// A copy of T that loads each run from its coordinates clamped into the
/// box of elements the nest reads (a run wholly inside it) instead of
/// guarding them: what lands outside the box differs from the guarded
/// copy's zeros, and only the points past a partial tile, whose results
/// are dropped, and iterations past the last strip, which do not run,
/// read there. Copy: the rounds as Mode (Direct or ToRegs) says. Aligned:
/// with runs of W > 1, the test that every run lies wholly inside or
/// outside the box and starts aligned (the box's ends and the tile's runs
/// at whole runs of an aligned row), once per tile: the strip's runs
/// tested for the first strip, starting at First, where the strips (the
/// variable StripBase, StripShift iterations apart, a multiple of W) move
/// them; null with W = 1. Both null where guards on the linear offset or
/// a triangular band's box leave no per-dimension box to clamp into, or
/// the strips move runs off alignment.
struct ClampedTileCopy {
  ExprPtr Aligned;
  StmtPtr Copy;
};
ClampedTileCopy clampedTileCopy(const SharedTile &T, TileLoadMode Mode,
                                const TileCopyOptions &O,
                                const std::string &StripBase,
                                const ExprPtr &First, int64_t StripShift);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_SHAREDTILECOPY_H
