//===- TensorCoreProducts.h - products on the tensor cores -----*- C++ -*-===//
//
// A tiled product whose strip body is one update of a register tile,
// `acc[point] += X * Y` in double, X reading the tile's row iterator (its y
// loop) and the strip's iterator only, Y the column iterator (x) and the
// strip's iterator only, both from shared tiles or registers, runs each
// 16 x 8 block of a warp's points as one `mma.sync.m16n8k4` on the FP64
// tensor cores, four strip iterations at a time: twice the rate of FP64
// FMA on sm_90 (66 against 33 TFLOP/s on an H100).
//
// With permission (--allow-tf32x3), the same update in float runs each
// block as `mma.sync.m16n8k8` on the TF32 tensor cores, eight strip
// iterations at a time, each operand split in a TF32 high part and the
// TF32 rounding of the rest (3xTF32): hi(x) hi(y) + hi(x) lo(y) + lo(x)
// hi(y) keeps all but about 2^-22 of each product, about FP32's accuracy,
// but the sums are neither FP32 fused multiply-adds nor in the loop's
// order, hence the permission.
//
// The thread's points follow the instruction's accumulator layout instead
// of TileBands' runs (lane l of warp w holds rows l / 4 and l / 4 + 8
// of each 16-row block and columns 2 (l % 4) and 2 (l % 4) + 1 of each
// 8-column block of the warp's part of the tile); the statements before
// and after the strip loop and the last, partial strip run per point in
// that layout, unchanged otherwise.
//
// Legal when every iteration of the strip adds one product to each point
// in order: each accumulator of the instruction is the chain of fused
// multiply-adds over the four strip iterations in order, the same as the
// FMA loop it replaces (measured bit for bit on an H100, and what the CPU
// oracle runs); so no permission to reassociate is needed. The edge tiles
// read shared tiles whose elements outside the iteration space are
// zeros, and the points outside are never stored.
//
//===----------------------------------------------------------------------===//

#ifndef C2CUDA_TRANSFORMS_TENSORCOREPRODUCTS_H
#define C2CUDA_TRANSFORMS_TENSORCOREPRODUCTS_H

#include "ir/IR.h"

#include <optional>
#include <set>
#include <string>

namespace c2cuda {

/// What the tiler knows of a tile that may run on the tensor cores.
struct TensorCoreTile {
  /// Per mapped dimension (0 = x: columns, 1 = y: rows): iterator, its
  /// type and step, points per thread, tile size.
  struct Dim {
    std::string Iter, Point;
    ScalarKind IterType = ScalarKind::Int;
    int64_t Step = 1, Points = 1, Tile = 1;
  } Cols, Rows;
  int64_t Threads = 0;
  /// The strip-mined loop: iterator, type, lower bound, step, strip size,
  /// and the name of its strip counter (c2c_s_<k>).
  std::string StripIter, StripCounter;
  ScalarKind StripType = ScalarKind::Int;
  ExprPtr StripLower;
  int64_t StripStep = 1, StripSize = 0;
  /// The strip body for one point, rewritten for the tile (one statement).
  StmtList Body;
  /// Names the factors must not read (points, the register tile's index
  /// variables).
  std::set<std::string> PointNames;
  /// Float updates may run as 3xTF32 (--allow-tf32x3).
  bool AllowTf32x3 = false;
};

/// The plan: the layout of warps over the tile and the update's parts.
struct TensorCorePlan {
  TensorCoreTile Tile;
  int64_t WarpRows = 0, WarpCols = 0, WarpsAcross = 0;
  ExprPtr Acc;       ///< The register tile's element, indexed by points.
  ExprPtr RowFactor; ///< X: reads the row iterator.
  ExprPtr ColFactor; ///< Y: reads the column iterator.
  /// Float operands as 3xTF32 (m16n8k8) rather than doubles (m16n8k4).
  bool Tf32x3 = false;
  /// Strip iterations per instruction: 4 (FP64) or 8 (TF32).
  int64_t stripPerMma() const { return Tf32x3 ? 8 : 4; }
};

/// The plan for T, or nothing with Why saying what does not fit (UseTensorCores
/// remarks it for tiles that keep double sums in registers, or float sums
/// with T.AllowTf32x3); Why is empty when the strip's body is not one `+=`
/// update.
std::optional<TensorCorePlan> planTensorCoreProduct(const TensorCoreTile &T,
                                                    std::string &Why);

/// The local index along the tile's rows (Rows) or columns of the thread's
/// point Point, in the instruction's accumulator layout (from c2c_tid, the
/// thread's index in the block).
ExprPtr tensorCoreLocalIndex(const TensorCorePlan &P, bool Rows, ExprPtr Point);

/// One full strip on the tensor cores: fragments of X and Y loaded per
/// group of four strip iterations, then one instruction per 16 x 8 block;
/// the mapped iterators start at c2c_base_<iter>, the strip at its counter.
StmtList tensorCoreStrip(const TensorCorePlan &P);

} // namespace c2cuda

#endif
