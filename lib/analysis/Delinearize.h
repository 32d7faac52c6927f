//===- Delinearize.h - Recover dimensions of linearized indices -*- C++ -*-===//
//
// A pointer parameter indexed as A[((n*C + c)*H + h)*W + w] is a 4-d array
// in disguise. The index, as a polynomial, is
//     sum over iterators v of coef_v(params) * v  +  const(params).
// Iterators whose coefficients are equal up to an integer factor share a
// dimension, keyed by that coefficient (its stride):
//     C*H*W: n    H*W: c    W: h    1: w
// The keys must form a chain where each one is the next one times an affine
// expression in the parameters, the size of the inner dimension (C, H, W
// here; W - 2 for out[oh*(W - 2) + ow]). The constant is divided among the
// dimensions: (i - 1)*N + j is A[i - 1][j].
//
// This is exact only if every inner subscript stays within [0, size) over
// the statement's domain, which isl checks; and only if all references of
// the array agree on the shape. Otherwise the array stays one-dimensional:
// affine indices (A[2*i + 1], a[n - 1 - i]) keep their exact access, others
// may touch any element.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_DELINEARIZE_H
#define C2CUDA_ANALYSIS_DELINEARIZE_H

#include "analysis/AffineExpr.h"

#include <optional>
#include <string>
#include <vector>

struct isl_ctx;
struct isl_set;

namespace c2cuda {
namespace analysis {

struct DelinInput {
  std::optional<Poly> Index; ///< nullopt: not even a polynomial.
  isl_set *Domain;           ///< Kept (not consumed).
  const ConvContext *CC;     ///< Quotient definitions used by Index.
};

struct DelinShape {
  /// Stride of each dimension, a polynomial in the parameters, outermost
  /// first. Empty for a plain one-dimensional array.
  std::vector<Poly> Keys;
  /// Sizes[k], k >= 1: the size of dimension k, affine in the parameters.
  std::vector<Poly> Sizes;
};

/// Parameter values a shape holds for (isl parameter sets).
struct DelinAssumption {
  std::string Holds; ///< Exactly where it holds, empty domains included.
  std::string Shown; ///< The same where the statement runs ("ldc >= n").
};

struct DelinResult {
  DelinShape Shape;
  /// Per input, one subscript per dimension (nullopt: unknown subscript).
  std::vector<std::vector<std::optional<Poly>>> Dims;
  /// Why the array was not delinearized, when some index needed it.
  std::string Why;
  /// When that was an inner subscript not proven within its row: the row's
  /// size as the user writes it ("ldc"; BLAS's promise ldc >= n is not
  /// assumed).
  std::string UnprovenRow;
  /// Where the shape holds, when it holds only for some parameter values:
  /// inner subscripts stay in their rows where the caller keeps a promise
  /// (C[i*ldc + j], 0 <= j < n: ldc >= n). The user of the shape must check
  /// them at run time.
  std::vector<DelinAssumption> Assumptions;
};

DelinResult delinearize(isl_ctx *Ctx, const std::vector<DelinInput> &Refs);

} // namespace analysis
} // namespace c2cuda

#endif
