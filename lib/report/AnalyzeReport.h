//===- AnalyzeReport.h - What `c2cuda analyze` reports ---------*- C++ -*-===//
//
// Builds the report of `c2cuda analyze` as one JSON value (schema:
// docs/analyze.schema.json), so the text and --json outputs cannot disagree:
// the text printer renders the same value. Per function and nest: loops with
// their class and the reason, references with strides and, under the default
// mapping, what a warp request costs, arrays with their extents, reuse and
// promotion candidates, the kernels of the default mapping with their
// predicted occupancy, and performance remarks.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_REPORT_ANALYZEREPORT_H
#define C2CUDA_REPORT_ANALYZEREPORT_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace c2cuda {

struct AnalyzeOptions {
  /// Values of the functions' scalar parameters (`--size N=4096,M=...`).
  std::map<std::string, int64_t> Sizes;
  /// Compute capability the occupancy is predicted for, e.g. "9.0".
  std::string ComputeCapability = "9.0";
  /// Registers per thread from ptxas (needs nvcc); otherwise assumed.
  bool UsePtxas = true;
  /// Map reduction loops in parallel (`--allow-reassociation`).
  bool AllowReassociation = false;
  /// Let kernels round differently for speed (`--fast-math`).
  bool FastMath = false;
  /// Tile nests without schedule clauses as the compiler does; off with
  /// `--no-default-tiling`, so the report describes the emitted kernels.
  bool TileByDefault = true;
  bool CheckerboardLayout = true; ///< PipelineOptions::CheckerboardLayout.
  bool TensorCores = true;        ///< PipelineOptions::TensorCores.
  bool Tf32x3 = false;            ///< PipelineOptions::Tf32x3.
  bool FuseEpilogues = true;      ///< PipelineOptions::FuseEpilogues.
  /// Name of the input as shown in the report.
  std::string SourceName;
};

/// Analyses every function of M; problems go to Diags. The result follows
/// docs/analyze.schema.json.
nlohmann::json buildAnalyzeReport(const Module &M, const AnalyzeOptions &Opts,
                                  DiagnosticList &Diags);

/// True if the occupancy model knows compute capability CC ("9.0");
/// otherwise an error listing those it knows.
bool checkComputeCapability(const std::string &CC, DiagnosticList &Diags);

/// The same report as readable text.
void printAnalyzeReport(llvm::raw_ostream &OS, const nlohmann::json &Report);

} // namespace c2cuda

#endif
