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

#include "IRBuilders.h"
#include "LowerWithSchedules.h"
#include "transforms/TileFootprint.h"

#include "gtest/gtest.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <filesystem>

using namespace c2cuda;
namespace fs = std::filesystem;

namespace {

struct Lowered : Lowering {
  std::string IR;
};

/// Function Fn of examples/File lowered with Sched on every nest (nests
/// 0-7; the examples have fewer).
std::unique_ptr<Lowered> lowerExample(const std::string &File,
                                      const std::string &Fn,
                                      const NestSchedule &Sched) {
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  Module M;
  DiagnosticList Diags;
  auto L = std::make_unique<Lowered>();
  if (!parseFile((fs::path(C2CUDA_SOURCE_DIR) / "examples" / File).string(), FO,
                 M, Diags)) {
    L->Errors = "parse failed";
    return L;
  }
  std::map<unsigned, NestSchedule> All;
  for (unsigned Id = 0; Id < 8; ++Id)
    All[Id] = Sched;
  for (const Function &F : M.Functions)
    if (F.Name == Fn)
      lowerInto(*L, F, All, false);
  llvm::raw_string_ostream OS(L->IR);
  printLowered(OS, L->LF);
  return L;
}

/// Runs the lowering on the CPU oracle against the C at these sizes.
std::string check(const Lowered &L, std::map<std::string, double> Sizes,
                  uint64_t Seed = 1) {
  exec::CheckConfig C;
  C.Scalars = std::move(Sizes);
  C.Seed = Seed;
  exec::CheckResult R = exec::checkLowering(L.F, L.LF, C);
  return R.St == exec::CheckResult::Status::Pass ? "" : R.Message;
}

NestSchedule matmulSchedule() {
  NestSchedule S;
  S.Block = {16, 16};
  S.Tile = {{"i", 64}, {"j", 64}, {"k", 8}};
  S.Shared = {"A", "B"};
  S.Vector = {{"i", 4}, {"j", 4}};
  return S;
}

// The matmul schedule of the benchmarks, smaller: strips, register tiles,
// transposed A, vector loads of B with the scalar fallback (N % 4 != 0 puts
// rows off 16-byte boundaries; K = 19 leaves a partial strip).
TEST(TileForBlocks, MatmulMatchesC) {
  auto L = lowerExample("matmul.c", "matmul", matmulSchedule());
  ASSERT_EQ(L->Errors, "");
  ASSERT_EQ(L->LF.Kernels.size(), 1u);
  EXPECT_TRUE(L->LF.Kernels[0].ExplicitThreads);
  EXPECT_NE(L->IR.find("(vector of 4)"), std::string::npos) << L->IR;
  EXPECT_EQ(check(*L, {{"M", 70}, {"N", 67}, {"K", 19}}), "");
  EXPECT_EQ(check(*L, {{"M", 64}, {"N", 128}, {"K", 16}}), "");
  NestSchedule P = matmulSchedule();
  P.Pipeline = 2;
  P.Pad = 4;
  auto LP = lowerExample("matmul.c", "matmul", P);
  ASSERT_EQ(LP->Errors, "");
  EXPECT_NE(LP->IR.find("c2c_pf_A"), std::string::npos);
  EXPECT_EQ(check(*LP, {{"M", 70}, {"N", 67}, {"K", 19}}), "");
  EXPECT_EQ(check(*LP, {{"M", 3}, {"N", 5}, {"K", 1}}), "");
}

// The stencil benchmarks' schedules: halo tiles (shared) and runs of two
// points per thread (no shared memory).
TEST(TileForBlocks, StencilsMatchC) {
  NestSchedule S;
  S.Block = {32, 8};
  S.Tile = {{"i", 32}, {"j", 32}};
  S.Shared = {"in"};
  auto L = lowerExample("conv2d.c", "conv2d_3x3", S);
  ASSERT_EQ(L->Errors, "");
  EXPECT_NE(L->IR.find("c2c_sh_in[34][34]"), std::string::npos) << L->IR;
  EXPECT_EQ(check(*L, {{"H", 45}, {"W", 71}}), "");
  NestSchedule J;
  J.Block = {32, 8};
  J.Tile = {{"i", 32}, {"j", 64}};
  J.Vector = {{"j", 2}};
  J.Shared = {"A", "B"};
  auto LJ = lowerExample("jacobi2d.c", "jacobi2d", J);
  ASSERT_EQ(LJ->Errors, "");
  EXPECT_EQ(check(*LJ, {{"tsteps", 3}, {"n", 41}}), "");
}

// Sibling loops with the same iterator name but different bounds each
// widen the box by their own range: a[i + r] for r < 5, then for r < 3,
// over a tile of 8 iterations of i, reads 8 - 1 + 5 = 12 elements, and
// the second reference's box index uses its own r.
TEST(TileFootprint, SiblingLoopsWithOneNameKeepTheirOwnRanges) {
  using namespace irb;
  auto Read = [](int64_t Hi) {
    return forLoop("r", lit(0), LoopCmp::LT, lit(Hi), 1,
                   {addAssign(fvar("x"), ref("a", {add(var("i"), var("r"))}))});
  };
  StmtList Body = {Read(5), Read(3)};
  Function F = function("f", {scalarParam("n"), ptrParam("a")}, {});
  TileVar I;
  I.Name = "i";
  I.Base = var("c2c_base_i");
  I.Count = 8;
  I.First = lit(0, ScalarKind::Long);
  I.Last = sub(var("n", ScalarKind::Long), lit(1, ScalarKind::Long));
  TileFootprint FP;
  std::string Why;
  ASSERT_TRUE(computeTileFootprint("a", Body, {I}, F, FP, Why)) << Why;
  ASSERT_EQ(FP.Size.size(), 1u);
  EXPECT_EQ(FP.Size[0], 12);
  EXPECT_EQ(FP.BoxIndex.size(), 2u);
  EXPECT_EQ(evalInt(*FP.MaxLinear, {{"n", 100}}), 99 + 4);
}

} // namespace
