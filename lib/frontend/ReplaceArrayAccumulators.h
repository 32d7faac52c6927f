//===- ReplaceArrayAccumulators.h - Array elements accumulated in registers
//===//
//
// `tmp[i][j] = 0; for k: tmp[i][j] += A[i][k] * B[k][j];` reads and writes
// memory on every k step; the same sum kept in a scalar (`float acc = 0;
// for k: acc += ...; tmp[i][j] = acc;`) lives in a register, and the tiled
// lowering keeps one per point of a thread's tile. replaceArrayAccumulators
// rewrites the first form into the second: before a loop K it loads X[e]
// into a new scalar, K updates the scalar, and after K the scalar is stored
// back to X[e].
//
// Legal when every reference to X in K (bounds included) is X[e] with the
// same subscripts, e reads no array and nothing K assigns or declares (its
// iterator included), so e names one element throughout K; X is a
// parameter or global (not an array declared in the nest); and a statement
// just before K at the same level writes X[e] unconditionally, so the load
// and store add no element to what the nest touches even when K runs no
// iteration (they move its value unchanged then). Each replacement is a
// remark at K.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_REPLACEARRAYACCUMULATORS_H
#define C2CUDA_FRONTEND_REPLACEARRAYACCUMULATORS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Body with every array accumulator it can replace kept in a scalar.
StmtList replaceArrayAccumulators(const StmtList &Body, DiagnosticList &Diags);

} // namespace c2cuda

#endif
