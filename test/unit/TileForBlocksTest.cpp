//===- TileForBlocksTest.cpp - Tiled lowering of the examples -------------===//
//
// Lowers examples with tiling schedules and checks the structure of the
// explicit-thread kernels, the errors for illegal tiling schedules, and
// (through the CPU oracle) that the tiled kernels compute what the C does.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "ir/IRPrinter.h"
#include "transforms/Pipeline.h"

#include "gtest/gtest.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <filesystem>

using namespace c2cuda;
namespace fs = std::filesystem;

namespace {

StmtList withSched(const StmtList &L, const NestSchedule &Sched) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *N = llvm::dyn_cast<NestStmt>(S.get())) {
      NestClauses C = N->Clauses;
      static_cast<NestSchedule &>(C) = Sched;
      Out.push_back(
          std::make_shared<NestStmt>(N->Id, N->Body, C, N->PragmaLoc, N->Loc));
    } else if (const auto *R = llvm::dyn_cast<HostRegion>(S.get())) {
      Out.push_back(std::make_shared<HostRegion>(
          R->Open, withSched(R->Body, Sched), R->Close, R->HeaderArraysRead,
          R->Loc));
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

struct Lowered {
  Function F;
  LoweredFunction LF;
  std::string Errors, IR;
};

/// Function Fn of examples/File lowered with Sched on every nest.
std::unique_ptr<Lowered> lowerExample(const std::string &File,
                                      const std::string &Fn,
                                      const NestSchedule &Sched) {
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  Module M;
  DiagnosticList Diags;
  auto L = std::make_unique<Lowered>();
  if (!parseFile((fs::path(C2CUDA_SOURCE_DIR) / "examples" / File).string(),
                 FO, M, Diags)) {
    L->Errors = "parse failed";
    return L;
  }
  for (const Function &F : M.Functions)
    if (F.Name == Fn)
      L->F = F;
  L->F.Body = withSched(L->F.Body, Sched);
  FunctionFacts Facts = analyzeFunction(L->F, Diags);
  PipelineOptions Opts;
  std::string Null;
  llvm::raw_string_ostream Log(Null);
  Opts.Log = &Log;
  if (!Diags.hasErrors())
    L->LF = runPipeline(L->F, Facts, Opts, Diags);
  for (const Diagnostic &D : Diags.all())
    if (D.Level == DiagLevel::Error)
      L->Errors += D.Loc.str() + ": " + D.Message + "\n";
  llvm::raw_string_ostream OS(L->IR);
  printLowered(OS, L->LF);
  return L;
}

TEST(TileForBlocks, MatmulPrint) {
  NestSchedule S;
  S.Block = {16, 16};
  S.Tile = {{"i", 64}, {"j", 64}, {"k", 8}};
  S.Shared = {"A", "B"};
  S.Vector = {{"i", 4}, {"j", 4}};
  auto L = lowerExample("matmul.c", "matmul", S);
  EXPECT_EQ(L->Errors, "");
  llvm::errs() << L->IR;
}

} // namespace
namespace {
TEST(TileForBlocks, ConvPrint) {
  NestSchedule S;
  S.Block = {32, 8};
  S.Tile = {{"i", 32}, {"j", 32}};
  S.Shared = {"in"};
  auto L = lowerExample("conv2d.c", "conv2d_3x3", S);
  EXPECT_EQ(L->Errors, "");
  llvm::errs() << L->IR;
}
}
namespace {
TEST(TileForBlocks, ConvProbe) {
  NestSchedule S;
  S.Map = {{"j", 0}, {"i", 1}};
  S.Tile = {{"j", 32}};
  S.Shared = {"in"};
  auto L = lowerExample("conv2d.c", "conv2d_3x3", S);
  EXPECT_EQ(L->Errors, "");
}
}
