//===- Report.h - The tuning report and best.cu's header -------*- C++ -*-===//
//
// `c2cuda tune --report DIR` (and `c2cuda-tune DIR --report DIR2`) write
//
//   DIR/report.json  every variant's evaluation and the sweep's identity,
//                    schema docs/tune-report.schema.json
//   DIR/report.md    a headline (the winner, its speedups, what its
//                    schedule changes, the counters that moved), then
//                    best vs default vs plain, top ten, failures,
//                    sensitivity of time to each parameter, ncu counters
//   DIR/report.html  one self-contained page (no network): the tables of
//                    report.md as static HTML, and four SVG charts drawn by
//                    inline JS from the embedded data: time per variant,
//                    each parameter vs time, predicted occupancy vs time,
//                    the search's best-so-far curve
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_REPORT_H
#define C2CUDA_TUNER_REPORT_H

#include "tuner/Bundle.h"
#include "tuner/TuningRun.h"

#include <nlohmann/json.hpp>

#include <string>

namespace c2cuda {
namespace tuner {

/// The GPU as report.json gives it.
nlohmann::json gpuToJson(const GpuInfo &G);
/// The "c2cuda-tune-report/1" document (docs/tune-report.schema.json).
nlohmann::json reportToJson(const Bundle &B, const TuningRun &R);
/// report.md's text.
std::string reportMarkdown(const Bundle &B, const TuningRun &R);
/// report.html's text.
std::string reportHtml(const Bundle &B, const TuningRun &R);

/// Writes Dir/report.json, Dir/report.md and Dir/report.html, creating
/// Dir; false with Err naming the file that could not be written.
bool writeReport(const std::string &Dir, const Bundle &B, const TuningRun &R,
                 std::string &Err);

/// The `/* ... */` block put atop `-o best.cu`: tool and date, GPU, the
/// best schedule as a one-line schedule file for `c2cuda FILE.c
/// --schedule`, sizes, time statistics, throughput and fractions of the
/// floors, speedups over default and plain, strategy and evaluations.
/// Without a best variant it says so.
std::string bestHeaderComment(const Bundle &B, const TuningRun &R);

} // namespace tuner
} // namespace c2cuda

#endif
