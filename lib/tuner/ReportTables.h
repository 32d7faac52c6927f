//===- ReportTables.h - The report's tables, format-neutral ----*- C++ -*-===//
//
// report.md and report.html show the same summary and tables; they are
// built once here as strings and rendered by each format.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_REPORTTABLES_H
#define C2CUDA_TUNER_REPORTTABLES_H

#include "tuner/Bundle.h"
#include "tuner/TuningRun.h"

#include <string>
#include <utility>
#include <vector>

namespace c2cuda {
namespace tuner {

struct ReportTable {
  std::string Id;    ///< "baselines", "top", "failures", "sensitivity", "ncu".
  std::string Title; ///< Section heading.
  std::string Note;  ///< A sentence under the heading, or "".
  std::vector<std::string> Head;
  std::vector<std::vector<std::string>> Rows;
};

/// "source" -> "matmul.c", ...: the report's header facts, in order.
std::vector<std::pair<std::string, std::string>>
reportFacts(const Bundle &B, const TuningRun &R);

/// The report's first sentences: the winner and its time, its speedups
/// over the default schedule and the plain mapping, what its schedule
/// changes from the default's, and the Nsight Compute counters that moved
/// by more than 10% between them; or that nothing verified and ran.
std::string reportHeadline(const Bundle &B, const TuningRun &R);

/// Baselines, top ten, failures, sensitivity, ncu (always present; a table
/// without rows carries a Note saying why).
std::vector<ReportTable> reportTables(const Bundle &B, const TuningRun &R);

/// Ok candidate and default evaluations (each variant once), fastest first:
/// indices into R.Results.
std::vector<size_t> rankedOk(const TuningRun &R);

/// Number formatting shared by the formats: 3 significant digits for
/// times ("1.23", "0.0456", "123"), thousands without exponent.
std::string fmtSig(double V, int Digits = 3);
std::string fmtPct(double Fraction); ///< 0.456 -> "45.6%".
/// A verification error: "1.23e-07", or "not run" when negative.
std::string fmtErr(double E);
/// {"tile_i":64,"block_x":16} -> "tile_i=64 block_x=16".
std::string paramsText(const nlohmann::json &Params);

} // namespace tuner
} // namespace c2cuda

#endif
