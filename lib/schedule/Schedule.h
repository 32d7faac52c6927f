//===- Schedule.h - Nest schedules as JSON ---------------------*- C++ -*-===//
//
// A schedule (NestSchedule, ir/IR.h) says how a nest is mapped, never what
// it computes: which band loops go to which grid dimension (map), the block
// shape (block), iterations per thread of mapped loops (thread, cyclic
// coarsening), unroll factors of in-thread loops (unroll), a register
// limit (maxrregcount), and for tiled kernels the tile sizes (tile), the
// arrays staged in shared memory (shared), their padding (pad), vector
// widths (vector), double-buffering (pipeline) and asynchronous copies into
// the shared tiles (async). Its producers: pragma clauses, a
// `--schedule FILE.json` file, the default tiling and the tuner's spaces.
// This file reads and writes it as JSON:
//
//   {"matmul": [{"nest": 0, "map": {"j": "x", "i": "y"}, "block": [32, 8],
//                "thread": {"i": 2}, "unroll": {"k": 4},
//                "maxrregcount": 64}]}
//   {"matmul": [{"nest": 0, "block": [16, 16], "thread": {"i": 4, "j": 4},
//                "tile": {"i": 64, "j": 64, "k": 8}, "shared": ["A", "B"],
//                "pad": 1, "vector": {"j": 4}, "pipeline": 2}]}
//
// A file is an object keyed by function name; each entry is a list of nest
// schedules, "nest" being the nest's index in the function (0, 1, ... in
// source order). Every other key is optional. The JSON form of each value
// is checked here, the values themselves by checkScheduleValues
// (ScheduleCheck.h), as for pragma clauses; whether the named loops and
// arrays can take the clause is checked when the nest is lowered
// (MapToGrid.h, the tiling passes of TilePlan.h), with the file and key in the
// message.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_SCHEDULE_SCHEDULE_H
#define C2CUDA_SCHEDULE_SCHEDULE_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace c2cuda {

/// The JSON object of one nest's schedule (without "nest").
nlohmann::json scheduleToJson(const NestSchedule &S);

/// Reads one nest's schedule; false with Err ("'block' must be ...") on a
/// bad key or value.
bool scheduleFromJson(const nlohmann::json &J, NestSchedule &Out,
                      std::string &Err);

/// Function name -> nest index -> schedule.
using ScheduleFile = std::map<std::string, std::map<unsigned, NestSchedule>>;

/// Reads a schedule file; false after an error naming Path and the key.
/// Each schedule's Origin is "Path: function[i]".
bool readScheduleFile(const std::string &Path, ScheduleFile &Out,
                      DiagnosticList &Diags);

/// F with the schedule of each nest named in Schedules replaced (the nest's
/// other clauses kept). A nest whose pragma has schedule clauses gets a
/// warning: the file wins. A nest index F does not have is an error.
Function withSchedules(const Function &F,
                       const std::map<unsigned, NestSchedule> &Schedules,
                       DiagnosticList &Diags);

/// Reads the schedule file at Path and applies it to the functions of M
/// (parsed from InputFile, named in the diagnostics), as c2cuda, analyze and
/// c2cuda-check do; false after an error. An empty Path does nothing.
bool applyScheduleFile(Module &M, const std::string &Path,
                       const std::string &InputFile, DiagnosticList &Diags);

} // namespace c2cuda

#endif
