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
// parameter or global (not an array declared in the nest); and the load
// and store add no element to what the nest may touch even when K runs no
// iteration (they move its value unchanged then): a statement just before K
// at the same level writes X[e] unconditionally, or X is a parameter
// declared with dimensions (`float C[ni][nj]`) and each subscript of e is
// the iterator of a loop around K running from 0 to that dimension
// (`for (i = 0; i < ni; i++)`), so e is an element of the array as the
// user declared it. Elsewhere (`C[i * n + j] += ...` through a pointer, the
// form most products are written in), where K's bounds read no array, call
// nothing and read nothing K changes, K's body assigns X[e] unconditionally
// (not under a test or in an inner loop), and e reads the iterator of every
// loop around K (there is one: each point owns its element; loops reducing
// into one element together stay as they are), the load and the store
// happen only where K runs: `acc = lo < hi ? X[e] : 0`, `if (lo < hi) X[e]
// = acc`; where K runs, its first iteration wrote X[e] itself. When one of the
// assignments just before K sets X[e] itself (`X[e] = v` or `X[e] op= v`, v
// reading nothing of X), and the assignments after it neither mention X nor
// assign what it reads, the scalar starts from it and its store, dead once K's
// result is stored, is dropped. Each replacement is a remark at K.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_REPLACEARRAYACCUMULATORS_H
#define C2CUDA_RESTRUCTURE_REPLACEARRAYACCUMULATORS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Body with every array accumulator it can replace kept in a scalar.
/// Params: the function's parameters (their declared dimensions). Each new
/// scalar is added to StandsFor with the array it stands for.
StmtList
replaceArrayAccumulators(const StmtList &Body, const std::vector<Param> &Params,
                         DiagnosticList &Diags,
                         std::map<std::string, std::string> &StandsFor);

} // namespace c2cuda

#endif
