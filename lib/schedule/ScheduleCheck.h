//===- ScheduleCheck.h - The values a nest schedule may take ---*- C++ -*-===//
//
// Every producer of a NestSchedule (pragma clauses, a --schedule file, the
// default tiling and the tuner's spaces) has its values checked here, by
// the same rules and with the same words:
//   block     1 to 3 positive sizes whose product is at most 1024
//   map       each loop once, each grid dimension (x, y, z) once
//   thread, unroll, tile   positive factors
//   maxrregcount  16 to 255
//   vector    widths 1, 2 or 4 (16-byte CUDA loads at most)
//   shared    each array once
//   pad       0 to 32
//   pipeline  1, 2 or 3
//   async     2, 3 or 4 buffers; not with pipeline(2) or pipeline(3)
//   split     one loop, 2 to 1024 chunks, the loop tiled in strips
// The producers parse their own syntax (tokens, JSON types) and say where a
// problem is: the pragma at the clause or the item in it, the file at its
// key. Whether the nest's loops and arrays can take the clauses is the
// lowering's question (MapToGrid.h, the tiling passes of TilePlan.h), which
// knows the nest.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_SCHEDULE_SCHEDULECHECK_H
#define C2CUDA_SCHEDULE_SCHEDULECHECK_H

#include "ir/IR.h"

#include <optional>
#include <set>
#include <string>

namespace c2cuda {

/// A value a schedule cannot take.
struct ScheduleProblem {
  std::string Clause; ///< "vector": the pragma clause and the file key.
  /// The loop or array of the clause it concerns ("i" of vector(i: 3)),
  /// or empty.
  std::string Item;
  std::string Message;
  std::string Hint;
};

/// The clauses S sets: those whose value is not the default.
std::set<std::string> clausesSetIn(const NestSchedule &S);

/// The first value of S outside what its clause allows, in the order of
/// the table above. Given: the clauses the producer wrote, so that a
/// clause written with its "unset" value (pipeline(0)) is checked too.
std::optional<ScheduleProblem>
checkScheduleValues(const NestSchedule &S, const std::set<std::string> &Given);

} // namespace c2cuda

#endif // C2CUDA_SCHEDULE_SCHEDULECHECK_H
