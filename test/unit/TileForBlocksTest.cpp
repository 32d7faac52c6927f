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

#include "LowerWithSchedules.h"

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

// A transform that skips a barrier is caught: the tiled matmul with its
// barriers dropped races on the shared tiles.
TEST(TileForBlocks, OracleCatchesMissingBarrier) {
  auto L = lowerExample("matmul.c", "matmul", matmulSchedule());
  ASSERT_EQ(L->Errors, "");
  std::function<StmtList(const StmtList &)> Drop = [&](const StmtList &In) {
    StmtList Out;
    for (const StmtPtr &S : In) {
      if (llvm::isa<BarrierStmt>(S.get()))
        continue;
      if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
        auto N =
            std::make_shared<ForStmt>(F->Iter, F->IterType, F->Lower, F->Cmp,
                                      F->Upper, F->Step, Drop(F->Body), F->Loc);
        Out.push_back(N);
      } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
        Out.push_back(std::make_shared<IfStmt>(I->Cond, Drop(I->Then),
                                               Drop(I->Else), I->Loc));
      } else {
        Out.push_back(S);
      }
    }
    return Out;
  };
  L->LF.Kernels[0].Body = Drop(L->LF.Kernels[0].Body);
  std::string Msg = check(*L, {{"M", 40}, {"N", 36}, {"K", 20}});
  EXPECT_NE(Msg.find("data race"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("c2c_sh_"), std::string::npos) << Msg;
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

} // namespace
