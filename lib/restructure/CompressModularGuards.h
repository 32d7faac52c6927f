//===- CompressModularGuards.h - Loops over the points a `%` test keeps ---===//
//
// A loop whose body is one branch on a residue of its iterator, such as a
// red-black sweep's `for j: if ((i + j) % 2 == c) ...`, gives every thread
// a point and idles the threads whose point fails the test: half of each
// warp, or three quarters for `j % 4 == 0`. A loop that steps by m from a
// start depending on an outer iterator (`for (j = 1 + (i + c) % 2; j < n;
// j += 2)`) is not idle but cannot be mapped onto the grid, whose box
// needs bounds that are literal multiples of the outer iterators.
//
// compressModularGuards rewrites both into a loop over the points kept:
// iteration j' of the new loop (it keeps the name, so clauses still name
// it) runs the point v = L + off + m * j', where off (0 <= off < m) is the
// first offset from the lower bound L in the residue class, and its trip
// count (U - L + m - 1) / m no longer depends on the outer iterators.
// Consecutive threads get consecutive points of one class.
//
// Legal whatever the dependences: the test `E % m == R` with E = +-v +
// rest implies v = +-(R - rest) modulo m (C's `%` keeps the residue), so
// the points of that class in [L, U) include every point the branch runs,
// and the branch, kept with `v < U` added, runs exactly those, in the same
// order (`(E & (m - 1)) == R`, `!(E % m)`, `E % 2` and `E % 2 != 0` are
// residue tests too). The test itself goes where it cannot fail on the
// class: residue 0, an odd residue of 2, or bounds of the enclosing loops
// showing E and R of one sign. Required: the condition's other terms, R and the
// bounds do not change inside the loop (no array element, call or scalar the
// loop body assigns), the branch has no else, and it is the loop's only
// statement (through loops that hold only the next loop; declarations
// without initializer before it, a scalar privatized for the nest, move
// into it), and every index using
// the iterator is a dimension of its own (an array declared with its sizes, or
// an index without products: the analyses delinearize `b[i * m + j]`, and
// cannot through a residue). A stepped loop needs a bound below its start
// that the outer loops do not change, from which it counts (a thread's
// guard keeps the extra iterations out): A - (k - 1) for A + X % k, else
// the least value of an affine start over the enclosing loops' bounding box
// (analysis/BandBox.h: `j = i + 1`, i from 0: 1; `j = n - i`, i < n: 1),
// else literal bounds of a start with residues (`i % 3 - 2`: -2); and an
// upper bound the outer loops do not change. With a
// flattened index it runs every value from that bound and keeps those of
// its class (j >= L and (j - L) % step == 0), so the index stays affine.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_COMPRESSMODULARGUARDS_H
#define C2CUDA_RESTRUCTURE_COMPRESSMODULARGUARDS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

namespace c2cuda {

/// Body with each loop guarded by a residue of its iterator, and each
/// stepped loop whose start depends on outer iterators, run over the
/// points they keep; Body itself (the same nodes) when none is. Params: the
/// function's, for the arrays' declared sizes. Loops named in Skip (a
/// vector clause's) are left as they are. Compressed receives each loop
/// that now counts one class, with the class's step.
StmtList compressModularGuards(const StmtList &Body,
                               const std::vector<Param> &Params,
                               DiagnosticList &Diags,
                               const std::set<std::string> &Skip,
                               std::map<std::string, int64_t> &Compressed);

} // namespace c2cuda

#endif
