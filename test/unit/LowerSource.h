//===- LowerSource.h - A C source through the whole lowering ---*- C++ -*-===//
//
// For the oracle tests: parses a C source (written to a temporary file),
// analyses and lowers its one function with the pipeline's defaults (tiling
// off unless asked), as the c2cuda tool does.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_LOWERSOURCE_H
#define C2CUDA_TEST_UNIT_LOWERSOURCE_H

#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "transforms/Pipeline.h"

#include "llvm/Support/raw_ostream.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

namespace c2cuda {
namespace test {

struct Lowered {
  Module M;
  LoweredFunction LF;
};

/// Null when the source does not parse to one function or lowering
/// reports an error; then the messages go to *Errors if given.
inline std::unique_ptr<Lowered>
lowerSource(const std::string &Name, const std::string &Source, bool Reassoc,
            std::string *Errors = nullptr, bool MoveLoops = true) {
  namespace fs = std::filesystem;
  fs::path P = fs::temp_directory_path() /
               ("c2cuda-lower-" + std::to_string(::getpid()) + "-" + Name);
  std::ofstream(P) << Source;
  auto L = std::make_unique<Lowered>();
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  FO.Restructure.MoveLoops = MoveLoops;
  DiagnosticList Diags;
  bool Ok = parseFile(P.string(), FO, L->M, Diags);
  fs::remove(P);
  if (Ok && L->M.Functions.size() == 1) {
    PipelineOptions Opts;
    Opts.AllowReassociation = Reassoc;
    std::string Null;
    llvm::raw_string_ostream Log(Null);
    Opts.Log = &Log;
    std::vector<LoweredFunction> LFs = lowerModule(L->M, Opts, Diags);
    if (!Diags.hasErrors()) {
      L->LF = std::move(LFs.front());
      return L;
    }
  }
  if (Errors)
    for (const Diagnostic &D : Diags.all())
      *Errors += D.Message + "\n";
  return nullptr;
}

} // namespace test
} // namespace c2cuda

#endif
