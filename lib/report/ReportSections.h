//===- ReportSections.h - Report sections from the GPU models --*- C++ -*-===//
//
// The parts of `c2cuda analyze` that need a mapping and a GPU model: per
// kernel of the default mapping, what each warp request costs (stride,
// sectors), reuse and promotion candidates, uncoalesced-access remarks
// (AccessSections.cpp); registers from ptxas and the predicted occupancy
// (OccupancySection.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_REPORT_REPORTSECTIONS_H
#define C2CUDA_REPORT_REPORTSECTIONS_H

#include "analysis/NestFacts.h"
#include "ir/Diagnostics.h"
#include "ir/IR.h"
#include "report/AnalyzeReport.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace c2cuda {

/// Adds "accesses", "reuse" and "promotion" to each kernel of FJ (a function
/// of the report) and uncoalesced-access / bank-conflict remarks to FJ.
void addMappingSections(nlohmann::json &FJ, const Function &F,
                        const FunctionFacts &Facts, const LoweredFunction &LF,
                        const AnalyzeOptions &Opts);

/// Adds "occupancy" to every kernel of Report: registers per thread from
/// ptxas on the CUDA c2cuda emits for M (or an assumed count, said so),
/// and the occupancy model's prediction for Opts.ComputeCapability.
void addOccupancySections(nlohmann::json &Report, const Module &M,
                          const std::vector<LoweredFunction> &Lowered,
                          const AnalyzeOptions &Opts, DiagnosticList &Diags);

} // namespace c2cuda

#endif
