//===- SplitArgExtremum.h - Argmax/argmin as two reductions -*- C++ -*-===//
//
// A search for the position of a maximum keeps the value and where it was
// found: `for (i...) if (a[i] > m) { m = a[i]; idx = i; }`. Its branch sets
// two variables at once, which no reduction describes, so the loop ran in
// one thread. splitArgExtremum rewrites such a loop (the `then` holds
// `m = e` for the e its condition compares with m, and other scalars set to
// expressions of the iterator) as two reductions and a pick:
//
//   c2c_best = m;  for (i...) c2c_best = e > c2c_best ? e : c2c_best;
//   c2c_at = 2 * bound + 1;
//   for (i...) if (e == c2c_best) c2c_at = K < c2c_at ? K : c2c_at;
//   if (c2c_best > m) { m = copysign(c2c_best, sign in c2c_at);
//                       idx = i[i := c2c_at / 2]; ... }
//
// with K = 2 * i + (e's sign bit). The first is a max (a min for < and
// <=): only its value is used, and a maximum is the same value in any
// order up to the sign of a zero, so it runs in parallel without a
// reduction clause (NestStmt::OrderFree). The second finds the earliest
// iteration holding a value equal to it (the latest for >= and <=, which
// let a later equal value win), an integer min or max, exact in any order;
// its key carries the sign of the value there, the zero the C keeps. The
// pick sets m from those and the others from the iteration, so every
// variable ends as the loop left it. NaNs, which no comparison selects, are
// never chosen; when nothing beats the start (or the start is a NaN),
// c2c_best > m fails and nothing changes. With >= and <= a value equal to
// the start wins too (the C moves to the last one): there the key starts
// beyond every iteration's and the pick also runs where c2c_best == m and
// the key was found (`|| c2c_best == m && c2c_at != none`).
//
// Legal when: the loop's body is that branch alone, with no else; the
// branch's expressions read neither m nor the other variables it sets,
// only what no iteration writes (the loop writes nothing else), and what
// it keeps beside m reads no array (it is computed again from the
// iterator, where an array's extent would not be known); the loop
// steps towards its bound (< or <= up, > or >= down); e has m's type.
// Loops nested in a parallel loop are left alone (a thread per outer
// iteration already searches each; two passes would only double its
// work): IsParallel answers that for each enclosing loop. Except where
// the search reads rows across that loop (`A[i][j]` over j, i parallel)
// in a nest without schedule clauses: then RowsPerWarp gives each row a
// warp, and each pass reads the row coalesced (argmax per row: 4x).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_RESTRUCTURE_SPLITARGEXTREMUM_H
#define C2CUDA_RESTRUCTURE_SPLITARGEXTREMUM_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <functional>
#include <map>
#include <string>

namespace c2cuda {

/// Whether a loop of Body could be split (a cheap test before analysis).
bool hasArgExtremum(const StmtList &Body);

/// Whether a search loop inside a parallel loop reads rows across it (so
/// that its two passes can each run over the lanes of a warp per row).
using RowSearchFn =
    std::function<bool(const ForStmt &Search, const ForStmt &Parallel)>;

/// Body with every argmax/argmin loop split, except those inside a loop
/// for which IsParallel answers true, unless ReadsRows answers true for
/// the search and the innermost such loop. New scalars are named
/// c2c_best<N> and c2c_at<N>, N counting from Counter; each c2c_best<N> is
/// added to OrderFree with the reason remarks give for running it in
/// parallel.
StmtList
splitArgExtremum(const StmtList &Body,
                 const std::function<bool(const ForStmt &)> &IsParallel,
                 const RowSearchFn &ReadsRows, unsigned &Counter,
                 std::map<std::string, std::string> &OrderFree,
                 DiagnosticList &Diags);

} // namespace c2cuda

#endif
