//===- ExplicitKernelExecTest.cpp - The oracle on tiled kernels -----------===//
//
// Hand-built explicit-thread kernels (Kernel::ExplicitThreads) run by the
// CPU oracle as a GPU would: blocks one after another, the threads of a
// block in lockstep phases between barriers, register arrays per thread,
// shared arrays per block. Correct kernels match the reference; a missing
// barrier is a shared-memory race, a barrier some threads skip is an
// error, an element never loaded shows as NaN, an index out of a local
// array is an error naming it.
//
//===----------------------------------------------------------------------===//

#include "ExplicitIRBuilders.h"

#include "analysis/NestFacts.h"
#include "exec/Compare.h"
#include "exec/Execute.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "ir/IRPrinter.h"
#include "transforms/Pipeline.h"

#include "gtest/gtest.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace c2cuda;
using namespace c2cuda::irb;
using namespace c2cuda::exec;

namespace {

using BK = BinaryOpKind;
using SK = ScalarKind;

/// A function, its lowering (one kernel, launched once) and the run of
/// both on the same random inputs.
struct Program {
  Function F;
  LoweredFunction LF;
};

std::unique_ptr<Program> program(Function F, Kernel K) {
  auto P = std::make_unique<Program>();
  P->F = std::move(F);
  P->LF.Source = &P->F;
  K.ExplicitThreads = true;
  P->LF.Kernels.push_back(std::move(K));
  P->LF.HostBody = {launch(0)};
  return P;
}

struct Runs {
  Memory Ref, Got;
  ExecResult RefResult, GotResult;
};

/// Scalars: the integer parameters; Extents: elements of each pointer
/// parameter; Outputs: arrays poisoned before running.
Runs runBoth(const Program &P, const std::map<std::string, int64_t> &Scalars,
             const std::map<std::string, int64_t> &Extents,
             const std::vector<std::string> &Outputs, ExecOptions O = {}) {
  Memory Init;
  for (const auto &[N, V] : Scalars)
    Init.Scalars[N] = Value::ofInt(SK::Int, V);
  std::mt19937_64 Rng(42);
  std::string Err;
  EXPECT_TRUE(allocateArrays(P.F, Extents, Init, Rng, 0.1, 1.0, Err)) << Err;
  for (const std::string &A : Outputs)
    poisonArray(Init, A);
  Runs R;
  R.Ref = Init;
  R.Got = Init;
  R.RefResult = runReference(P.F, R.Ref);
  R.GotResult = runLowered(P.LF, R.Got, O);
  return R;
}

Kernel kernel(const std::string &Name, unsigned Bx, unsigned By, ExprPtr GridX,
              StmtList Body) {
  Kernel K;
  K.Name = Name;
  K.Loc = {"t.c", 10, 3};
  K.Block[0] = Bx;
  K.Block[1] = By;
  K.GridDims[0] = std::move(GridX);
  K.GridDims[1] = llit(1);
  K.GridDims[2] = llit(1);
  K.Body = std::move(Body);
  return K;
}

ExprPtr toLong(ExprPtr E) { return cast(std::move(E), SK::Long); }
ExprPtr ceilDiv32(ExprPtr E) {
  return div(add(toLong(std::move(E)), llit(31)), llit(32));
}

//===----------------------------------------------------------------------===//
// Transposition through a shared tile
//===----------------------------------------------------------------------===//

struct TransposeOpts {
  bool FirstBarrier = true;
  int64_t LoadRows = 32; ///< Rows of the tile loaded (32: all).
  int64_t GridX = -1;    ///< Blocks; -1: one per tile.
};

/// void tr(int n, int m, const float *A, float *B)
///   for (i < n) for (j < m) B[j * n + i] = A[i * m + j];
/// as a kernel: 32x32 tiles, blocks of 32x8 threads taking tiles in turn
/// (grid-stride), each tile loaded row-wise into tile[32][33] and stored
/// column-wise from it.
std::unique_ptr<Program> transpose(const TransposeOpts &O = {}) {
  Function F = function(
      "tr", {scalarParam("n"), scalarParam("m"), ptrParam("A"), ptrParam("B")},
      {nest({forLoop(
          "i", lit(0), LoopCmp::LT, var("n"), 1,
          {forLoop("j", lit(0), LoopCmp::LT, var("m"), 1,
                   {assign(ref("B", {add(mul(var("j"), var("n")), var("i"))}),
                           ref("A", {add(mul(var("i"), var("m")),
                                         var("j"))}))})})})});
  auto Tx = [] { return toLong(builtin("threadIdx.x")); };
  auto Guarded = [](ExprPtr I, ExprPtr J) {
    return land(lt(I, toLong(var("n"))), lt(J, toLong(var("m"))));
  };
  // Rows r = threadIdx.y, threadIdx.y + 8, ... of the tile.
  auto Rows = [](int64_t N, StmtList Body) {
    return forLoopT("r", SK::Int, cast(builtin("threadIdx.y"), SK::Int),
                    LoopCmp::LT, lit(N), 8, std::move(Body));
  };
  StmtList Tile = {
      decl("j0", SK::Long, mul(rem(lvar("t"), lvar("ntx")), llit(32))),
      decl("i0", SK::Long, mul(div(lvar("t"), lvar("ntx")), llit(32))),
      Rows(O.LoadRows,
           {decl("i", SK::Long, add(lvar("i0"), toLong(var("r")))),
            decl("j", SK::Long, add(lvar("j0"), Tx())),
            ifStmt(Guarded(lvar("i"), lvar("j")),
                   {assign(local("tile", {var("r"), builtin("threadIdx.x")}),
                           ref("A", {add(mul(lvar("i"), toLong(var("m"))),
                                         lvar("j"))}))})})};
  if (O.FirstBarrier)
    Tile.push_back(barrier());
  Tile.push_back(Rows(
      32,
      {decl("j", SK::Long, add(lvar("j0"), toLong(var("r")))),
       decl("i", SK::Long, add(lvar("i0"), Tx())),
       ifStmt(
           Guarded(lvar("i"), lvar("j")),
           {assign(ref("B", {add(mul(lvar("j"), toLong(var("n"))), lvar("i"))}),
                   local("tile", {builtin("threadIdx.x"), var("r")}))})}));
  Tile.push_back(barrier());
  ExprPtr GridX = toLong(builtin("gridDim.x"));
  StmtList Body = {
      arrayDecl("tile", {32, 33}, StorageKind::Shared),
      decl("ntx", SK::Long, ceilDiv32(var("m"))),
      decl("nty", SK::Long, ceilDiv32(var("n"))),
      decl("ntiles", SK::Long, mul(lvar("ntx"), lvar("nty"))),
      decl("rounds", SK::Long,
           div(add(lvar("ntiles"), sub(GridX, llit(1))), GridX)),
      forLoopT("round", SK::Long, llit(0), LoopCmp::LT, lvar("rounds"), 1,
               {decl("t", SK::Long,
                     add(toLong(builtin("blockIdx.x")),
                         mul(lvar("round"), toLong(builtin("gridDim.x"))))),
                ifStmt(lt(lvar("t"), lvar("ntiles")), Tile)})};
  ExprPtr Blocks = O.GridX >= 0 ? llit(O.GridX)
                                : mul(ceilDiv32(var("n")), ceilDiv32(var("m")));
  return program(std::move(F), kernel("tr_kernel0", 32, 8, Blocks, Body));
}

std::map<std::string, int64_t> trExtents(int64_t N, int64_t M) {
  return {{"A", N * M}, {"B", N * M}};
}

TEST(ExplicitKernelExec, SharedTileTransposeMatchesReference) {
  auto P = transpose();
  for (ThreadOrder Ord :
       {ThreadOrder::Forward, ThreadOrder::Reverse, ThreadOrder::Shuffled}) {
    ExecOptions O;
    O.Order = Ord;
    O.Seed = 7;
    // 70 x 45: partial tiles on both edges.
    Runs R = runBoth(*P, {{"n", 70}, {"m", 45}}, trExtents(70, 45), {"B"}, O);
    ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
    ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
    EXPECT_EQ(R.GotResult.Launches, 1u);
    EXPECT_EQ(R.GotResult.Threads, 6u * 256u); // 3 x 2 tiles.
    ArrayDiff D = compareArray(R.Ref, R.Got, "B", 0);
    EXPECT_EQ(D.Message, "");
    EXPECT_EQ(D.RelL2, 0.0);
  }
}

TEST(ExplicitKernelExec, MissingBarrierIsASharedMemoryRace) {
  TransposeOpts O;
  O.FirstBarrier = false;
  auto P = transpose(O);
  Runs R = runBoth(*P, {{"n", 64}, {"m", 64}}, trExtents(64, 64), {"B"});
  ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
  EXPECT_EQ(R.GotResult.St, ExecResult::Status::Failed);
  const std::string &M = R.GotResult.Message;
  EXPECT_NE(M.find("data race in tr_kernel0 (launch 1): __shared__ tile["),
            std::string::npos)
      << M;
  EXPECT_NE(M.find("with no barrier between them"), std::string::npos) << M;
  // Both threads are of one block.
  EXPECT_NE(M.find(" by block ("), std::string::npos) << M;
}

//===----------------------------------------------------------------------===//
// Shared arrays overlaying the tiles (DeclStmt::OverlaysTiles)
//===----------------------------------------------------------------------===//

struct OverlayOpts {
  bool Overlay = true;        ///< ov shares the memory of tile.
  bool MidBarrier = true;     ///< A barrier between tile's reads and ov's.
  bool ReadTileAfter = false; ///< B from tile again after ov was written.
};

/// void twice(int n, const float *A, float *B)
///   for (i < n) B[i] = 2 * A[i];
/// as blocks of 256 threads: A's run into tile, each thread doubling
/// another thread's element into ov, B from ov (n a multiple of 256).
std::unique_ptr<Program> twiceThroughOverlay(const OverlayOpts &O) {
  Function F = function(
      "twice", {scalarParam("n"), ptrParam("A"), ptrParam("B")},
      {nest({forLoop("i", lit(0), LoopCmp::LT, var("n"), 1,
                     {assign(ref("B", {var("i")}),
                             mul(flit(2.0), ref("A", {var("i")})))})})});
  ExprPtr Tx = cast(builtin("threadIdx.x"), SK::Int);
  ExprPtr Mirror = sub(lit(255), Tx);
  ExprPtr I0 = mul(cast(builtin("blockIdx.x"), SK::Int), lit(256));
  auto Ov = std::make_shared<DeclStmt>("ov", SK::Float, nullptr);
  Ov->Dims = {256};
  Ov->Storage = StorageKind::Shared;
  Ov->OverlaysTiles = O.Overlay;
  StmtList Body = {arrayDecl("tile", {256}, StorageKind::Shared), Ov,
                   assign(local("tile", {Tx}), ref("A", {add(I0, Tx)})),
                   barrier(), decl("v", SK::Float, local("tile", {Mirror}))};
  if (O.MidBarrier)
    Body.push_back(barrier());
  Body.push_back(assign(local("ov", {Mirror}), mul(flit(2.0), fvar("v"))));
  Body.push_back(barrier());
  Body.push_back(assign(ref("B", {add(I0, Tx)}),
                        O.ReadTileAfter ? mul(flit(2.0), local("tile", {Tx}))
                                        : local("ov", {Tx})));
  return program(std::move(F), kernel("twice_kernel0", 256, 1,
                                      toLong(div(var("n"), lit(256))), Body));
}

TEST(ExplicitKernelExec, OverlaidSharedArraysNeedABarrierBetween) {
  auto Run = [](const OverlayOpts &O) {
    return runBoth(*twiceThroughOverlay(O), {{"n", 512}},
                   {{"A", 512}, {"B", 512}}, {"B"});
  };
  Runs R = Run({});
  ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(compareArray(R.Ref, R.Got, "B", 0).RelL2, 0.0);

  // Apart, the two arrays need no barrier between them ...
  R = Run({/*Overlay=*/false, /*MidBarrier=*/false});
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(compareArray(R.Ref, R.Got, "B", 0).RelL2, 0.0);

  // ... over each other, a thread's store into ov may land on an element
  // of tile another thread has still to read.
  R = Run({/*Overlay=*/true, /*MidBarrier=*/false});
  ASSERT_EQ(R.GotResult.St, ExecResult::Status::Failed);
  const std::string &M = R.GotResult.Message;
  EXPECT_NE(M.find("data race in twice_kernel0 (launch 1): the memory of "
                   "__shared__ tile (overlaid by other shared arrays) used "
                   "for the other arrays by block ("),
            std::string::npos)
      << M;
  EXPECT_NE(M.find(" and used for this array by block ("), std::string::npos)
      << M;
  EXPECT_NE(M.find(" at 'tile[255 - (int)threadIdx.x]', with no barrier "
                   "between them"),
            std::string::npos)
      << M;
}

TEST(ExplicitKernelExec, OverlaidTileLosesItsContents) {
  // tile read again after ov took its memory: poisoned, NaN in B.
  OverlayOpts O;
  O.ReadTileAfter = true;
  Runs R = runBoth(*twiceThroughOverlay(O), {{"n", 256}},
                   {{"A", 256}, {"B", 256}}, {"B"});
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_NE(compareArray(R.Ref, R.Got, "B", 1e-5)
                .Message.find("is NaN in the lowered run"),
            std::string::npos);
  // Apart, tile keeps its elements.
  O.Overlay = false;
  R = runBoth(*twiceThroughOverlay(O), {{"n", 256}}, {{"A", 256}, {"B", 256}},
              {"B"});
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(compareArray(R.Ref, R.Got, "B", 0).RelL2, 0.0);
}

TEST(ExplicitKernelExec, UnloadedSharedElementIsNaN) {
  // Only rows 0..15 of each tile are loaded: the rest stays poisoned and
  // reaches B as NaN (reading it is no race: nobody wrote it).
  TransposeOpts O;
  O.LoadRows = 16;
  auto P = transpose(O);
  Runs R = runBoth(*P, {{"n", 64}, {"m", 64}}, trExtents(64, 64), {"B"});
  ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  ArrayDiff D = compareArray(R.Ref, R.Got, "B", 1e-5);
  EXPECT_NE(D.Message.find("is NaN in the lowered run"), std::string::npos)
      << D.Message;
}

TEST(ExplicitKernelExec, FewerBlocksThanTilesLoop) {
  // 5 x 4 tiles on 3 blocks: 7 rounds, the last one partly idle; the
  // tile loop and its if hold barriers and are uniform per block.
  TransposeOpts O;
  O.GridX = 3;
  auto P = transpose(O);
  ExecOptions EO;
  EO.Seed = 3;
  Runs R =
      runBoth(*P, {{"n", 150}, {"m", 100}}, trExtents(150, 100), {"B"}, EO);
  ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(R.GotResult.Threads, 3u * 256u);
  ArrayDiff D = compareArray(R.Ref, R.Got, "B", 0);
  EXPECT_EQ(D.Message, "");
}

TEST(ExplicitKernelExec, EmptyGridLaunchesNothing) {
  auto P = transpose();
  Runs R = runBoth(*P, {{"n", 0}, {"m", 45}}, trExtents(1, 45), {});
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(R.GotResult.Launches, 0u);
  EXPECT_EQ(R.GotResult.Threads, 0u);
}

TEST(ExplicitKernelExec, TiledTransposeIsFast) {
  // A 64x64 problem with 256-thread blocks, as the property tests run
  // many of them; 256x256 for a margin.
  auto P = transpose();
  auto Start = std::chrono::steady_clock::now();
  Runs R = runBoth(*P, {{"n", 256}, {"m", 256}}, trExtents(256, 256), {"B"});
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(compareArray(R.Ref, R.Got, "B", 0).Message, "");
  EXPECT_LT(Ms, 4000.0) << "256x256 transposition took " << Ms << " ms";
  Start = std::chrono::steady_clock::now();
  R = runBoth(*P, {{"n", 64}, {"m", 64}}, trExtents(64, 64), {"B"});
  Ms = std::chrono::duration<double, std::milli>(
           std::chrono::steady_clock::now() - Start)
           .count();
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_LT(Ms, 500.0) << "64x64 transposition took " << Ms << " ms";
}

//===----------------------------------------------------------------------===//
// Barriers not every thread reaches
//===----------------------------------------------------------------------===//

/// void one(int n, float *y): y[0..n) = 1 (the reference is not run).
Function oneFunction() {
  return function("one", {scalarParam("n"), ptrParam("y")}, {});
}

ExecResult runKernel(const Program &P, int64_t Y) {
  Memory M;
  M.Scalars["n"] = Value::ofInt(SK::Int, Y);
  std::mt19937_64 Rng(1);
  std::string Err;
  EXPECT_TRUE(allocateArrays(P.F, {{"y", Y}}, M, Rng, 0.1, 1.0, Err)) << Err;
  return runLowered(P.LF, M);
}

TEST(ExplicitKernelExec, BarrierInDivergentIfIsAnError) {
  // if (threadIdx.x < 16) { y[threadIdx.x] = 1; __syncthreads(); }
  auto P = program(
      oneFunction(),
      kernel("one_kernel0", 32, 1, llit(1),
             {ifStmt(lt(builtin("threadIdx.x"), lit(16, SK::UInt)),
                     {assign(ref("y", {builtin("threadIdx.x")}), flit(1.0)),
                      barrier()})}));
  ExecResult R = runKernel(*P, 32);
  EXPECT_EQ(R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.Message.find("in one_kernel0 not reached by every thread of "
                           "block (0,0,0): if (threadIdx.x < 16u) at t.c:"),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find(
                "goes a different way in thread (0,0,0) and thread (16,0,0)"),
            std::string::npos)
      << R.Message;
}

TEST(ExplicitKernelExec, BarrierInLoopOfDivergentTripCountIsAnError) {
  // for (int k = 0; k < (int)(threadIdx.x / 4u) + 1; ++k) __syncthreads();
  auto P = program(
      oneFunction(),
      kernel("one_kernel0", 8, 2, llit(2),
             {forLoopT("k", SK::Int, lit(0), LoopCmp::LT,
                       add(cast(div(builtin("threadIdx.x"), lit(4, SK::UInt)),
                                SK::Int),
                           lit(1)),
                       1, {barrier()})}));
  ExecResult R = runKernel(*P, 32);
  EXPECT_EQ(R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.Message.find("not reached by every thread of block ("),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("loop 'for (int k = 0; k < "), std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("runs a different number of times in thread "
                           "(0,0,0) and thread (4,0,0)"),
            std::string::npos)
      << R.Message;

  // The same loop with a trip count uniform in the block is fine, even
  // though each thread's iterator differs.
  auto Q = program(
      oneFunction(),
      kernel("one_kernel0", 8, 2, llit(2),
             {forLoopT("k", SK::Int, cast(builtin("threadIdx.x"), SK::Int),
                       LoopCmp::LT,
                       add(cast(builtin("threadIdx.x"), SK::Int), lit(3)), 1,
                       {barrier()})}));
  R = runKernel(*Q, 32);
  EXPECT_TRUE(R.ok()) << R.Message;
}

TEST(ExplicitKernelExec, GlobalRaceBetweenBlocksIsFound) {
  // Every block writes y[threadIdx.x]: blocks never synchronise.
  auto P =
      program(oneFunction(),
              kernel("one_kernel0", 32, 1, llit(2),
                     {assign(ref("y", {builtin("threadIdx.x")}), flit(1.0)),
                      barrier()}));
  ExecResult R = runKernel(*P, 32);
  EXPECT_EQ(R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.Message.find("data race in one_kernel0 (launch 1): y["),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("written by block (0,0,0)"), std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("written by block (1,0,0)"), std::string::npos)
      << R.Message;
}

// Every thread of the block reads y[0]; thread 0 then overwrites it. A
// barrier between the two orders global memory within the block (no shared
// memory in the kernel, so a race found is this one); without it the read
// of thread 1 and the write of thread 0 are a race, although any one order
// of the threads computes the same values.
TEST(ExplicitKernelExec, BarrierAloneOrdersAGlobalReadBeforeAWrite) {
  auto Kernel = [](bool WithBarrier) {
    StmtList Body = {decl("v", SK::Float, ref("y", {lit(0)}))};
    if (WithBarrier)
      Body.push_back(barrier());
    Body.push_back(
        ifStmt(eq(builtin("threadIdx.x"), lit(0, SK::UInt)),
               {assign(ref("y", {lit(0)}), add(fvar("v"), flit(1.0)))}));
    return program(oneFunction(),
                   kernel("one_kernel0", 32, 1, llit(1), std::move(Body)));
  };
  ExecResult R = runKernel(*Kernel(true), 32);
  EXPECT_TRUE(R.ok()) << R.Message;

  R = runKernel(*Kernel(false), 32);
  EXPECT_EQ(R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.Message.find("data race in one_kernel0 (launch 1): y[0] "),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("by block (0,0,0) thread (0,0,0)"),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find(" at 'y[0]'"), std::string::npos) << R.Message;
}

//===----------------------------------------------------------------------===//
// Register arrays
//===----------------------------------------------------------------------===//

/// void sum4(int n, const float *x, float *y)
///   for (i < n) { float s = 0; for (k < 4) s += x[4 * i + k]; y[i] = s; }
/// as a kernel: blocks of 32 threads, 4 points per thread (cyclic), each
/// point's sum in the register array r[4]; PLast is the last index of the
/// loop that clears r (3: correct).
std::unique_ptr<Program> sum4(int64_t PLast = 3) {
  Function F = function(
      "sum4", {scalarParam("n"), ptrParam("x"), ptrParam("y")},
      {nest({forLoop(
          "i", lit(0), LoopCmp::LT, var("n"), 1,
          {decl("s", SK::Float, flit(0.0)),
           forLoop("k", lit(0), LoopCmp::LT, lit(4), 1,
                   {addAssign(fvar("s"), ref("x", {add(mul(lit(4), var("i")),
                                                       var("k"))}))}),
           assign(ref("y", {var("i")}), fvar("s"))})})});
  auto Point = [] {
    return decl("i", SK::Long,
                add(add(lvar("i0"), toLong(mul(var("p"), lit(32)))),
                    toLong(builtin("threadIdx.x"))));
  };
  auto Points = [](int64_t Last, StmtList Body) {
    return forLoopT("p", SK::Int, lit(0), LoopCmp::LE, lit(Last), 1,
                    std::move(Body), -1);
  };
  ExprPtr N = toLong(var("n"));
  StmtList Body = {
      arrayDecl("r", {4}, StorageKind::Register),
      decl("i0", SK::Long, mul(toLong(builtin("blockIdx.x")), llit(128))),
      Points(PLast, {assign(local("r", {var("p")}), flit(0.0))}),
      forLoopT(
          "k", SK::Int, lit(0), LoopCmp::LT, lit(4), 1,
          {Points(3,
                  {Point(),
                   ifStmt(lt(lvar("i"), N),
                          {addAssign(local("r", {var("p")}),
                                     ref("x", {add(mul(llit(4), lvar("i")),
                                                   toLong(var("k")))}))})})}),
      Points(3, {Point(),
                 ifStmt(lt(lvar("i"), N), {assign(ref("y", {lvar("i")}),
                                                  local("r", {var("p")}))})})};
  return program(std::move(F), kernel("sum4_kernel0", 32, 1,
                                      div(add(N, llit(127)), llit(128)), Body));
}

TEST(ExplicitKernelExec, RegisterArrayAccumulates) {
  auto P = sum4();
  Runs R = runBoth(*P, {{"n", 300}}, {{"x", 1200}, {"y", 300}}, {"y"});
  ASSERT_TRUE(R.RefResult.ok()) << R.RefResult.Message;
  ASSERT_TRUE(R.GotResult.ok()) << R.GotResult.Message;
  EXPECT_EQ(R.GotResult.Threads, 3u * 32u);
  ArrayDiff D = compareArray(R.Ref, R.Got, "y", 0);
  EXPECT_EQ(D.Message, "");
  EXPECT_EQ(D.RelL2, 0.0);
}

TEST(ExplicitKernelExec, LocalArrayIndexOutOfBoundsNamesTheArray) {
  auto P = sum4(4); // for (p = 0; p <= 4; ++p) r[p] = 0.0f;
  Runs R = runBoth(*P, {{"n", 300}}, {{"x", 1200}, {"y", 300}}, {"y"});
  EXPECT_EQ(R.GotResult.St, ExecResult::Status::Failed);
  const std::string &M = R.GotResult.Message;
  EXPECT_NE(M.find("out-of-bounds access r[p] (index 4): dimension 0 of "
                   "register array 'r' has size 4"),
            std::string::npos)
      << M;
  EXPECT_NE(M.find("(in sum4_kernel0, block ("), std::string::npos) << M;
}

TEST(ExplicitKernelExec, RegisterArraysArePrivateAndPoisoned) {
  // Thread 0 sets r[0]; thread 1 reads its own r[0], never set: NaN.
  auto P = program(oneFunction(),
                   kernel("one_kernel0", 2, 1, llit(1),
                          {arrayDecl("r", {1}, StorageKind::Register),
                           ifStmt(eq(builtin("threadIdx.x"), lit(0, SK::UInt)),
                                  {assign(local("r", {lit(0)}), flit(2.0))}),
                           barrier(),
                           assign(ref("y", {builtin("threadIdx.x")}),
                                  local("r", {lit(0)}))}));
  Memory M;
  M.Scalars["n"] = Value::ofInt(SK::Int, 2);
  std::mt19937_64 Rng(1);
  std::string Err;
  ASSERT_TRUE(allocateArrays(P->F, {{"y", 2}}, M, Rng, 0.1, 1.0, Err)) << Err;
  ExecResult R = runLowered(P->LF, M);
  ASSERT_TRUE(R.ok()) << R.Message;
  EXPECT_EQ(M.Arrays["y"].Data[0].D, 2.0);
  EXPECT_TRUE(std::isnan(M.Arrays["y"].Data[1].D));
}

TEST(ExplicitKernelExec, SharedIndexOutOfBoundsNamesTheArray) {
  auto P = program(oneFunction(),
                   kernel("one_kernel0", 32, 1, llit(1),
                          {arrayDecl("sh", {4, 8}, StorageKind::Shared),
                           assign(local("sh", {lit(0), builtin("threadIdx.x")}),
                                  flit(1.0))}));
  ExecResult R = runKernel(*P, 32);
  EXPECT_EQ(R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.Message.find("out-of-bounds access sh[0][threadIdx.x] (index "
                           "0 "),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("): dimension 1 of shared array 'sh' has size 8"),
            std::string::npos)
      << R.Message;
}

//===----------------------------------------------------------------------===//
// A kernel TileForBlocks built
//===----------------------------------------------------------------------===//

const char *const TiledMatmul = R"(
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B) vector(i: 4, j: 4) pad(4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
)";

struct LoweredSource {
  Module M;
  LoweredFunction LF;
};

std::unique_ptr<LoweredSource> lowerSource(const std::string &Source,
                                           bool ByDefault = false) {
  namespace fs = std::filesystem;
  fs::path P = fs::temp_directory_path() /
               ("c2cuda-explicit-" + std::to_string(::getpid()) + ".c");
  std::ofstream(P) << Source;
  auto L = std::make_unique<LoweredSource>();
  FrontendOptions FO;
  FO.ResourceDir = C2CUDA_CLANG_RESOURCE_DIR;
  DiagnosticList Diags;
  bool Ok = parseFile(P.string(), FO, L->M, Diags);
  fs::remove(P);
  if (!Ok || L->M.Functions.size() != 1)
    return nullptr;
  FunctionFacts Facts = analyzeFunction(L->M.Functions[0], Diags);
  PipelineOptions Opts;
  Opts.TileByDefault = ByDefault;
  std::string Null;
  llvm::raw_string_ostream Log(Null);
  Opts.Log = &Log;
  L->LF = runPipeline(L->M.Functions[0], Facts, Opts, Diags);
  if (Diags.hasErrors())
    return nullptr;
  return L;
}

StmtList dropBarriers(const StmtList &L, unsigned &Dropped) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (llvm::isa<BarrierStmt>(S.get())) {
      ++Dropped;
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto N = std::make_shared<ForStmt>(*F);
      N->Body = dropBarriers(F->Body, Dropped);
      Out.push_back(N);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      auto N = std::make_shared<IfStmt>(*I);
      N->Then = dropBarriers(I->Then, Dropped);
      N->Else = dropBarriers(I->Else, Dropped);
      Out.push_back(N);
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

TEST(ExplicitKernelExec, TiledMatmulFromTheLoweringWithoutBarriersFails) {
  auto L = lowerSource(TiledMatmul);
  ASSERT_TRUE(L);
  ASSERT_EQ(L->LF.Kernels.size(), 1u);
  ASSERT_TRUE(L->LF.Kernels[0].ExplicitThreads);
  CheckConfig C;
  C.Scalars = {{"M", 70}, {"N", 50}, {"K", 19}}; // Partial tiles, 3 strips.
  C.Tol = 1e-5;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.Threads, 2u * 256u); // 2 x 1 tiles of 64 x 64.

  unsigned Dropped = 0;
  Kernel &K = L->LF.Kernels[0];
  K.Body = dropBarriers(K.Body, Dropped);
  ASSERT_GE(Dropped, 2u);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_NE(R.Message.find("data race in matmul_kernel0 (launch 1): "
                           "__shared__ c2c_sh_"),
            std::string::npos)
      << R.Message;

  // Without the race detector, the threads of a block still run in an
  // order that makes the missing barriers show in the result.
  Memory Init;
  for (const auto &[N, V] : C.Scalars)
    Init.Scalars[N] = Value::ofInt(SK::Int, static_cast<int64_t>(V));
  std::mt19937_64 Rng(5);
  std::string Err;
  ASSERT_TRUE(allocateArrays(L->M.Functions[0],
                             {{"A", 70 * 19}, {"B", 19 * 50}, {"C", 70 * 50}},
                             Init, Rng, 0.1, 1.0, Err))
      << Err;
  Memory Ref = Init, Got = Init;
  ASSERT_TRUE(runReference(L->M.Functions[0], Ref).ok());
  ExecOptions O;
  O.DetectRaces = false;
  ExecResult E = runLowered(L->LF, Got, O);
  ASSERT_TRUE(E.ok()) << E.Message;
  EXPECT_NE(compareArray(Ref, Got, "C", 1e-5).Message, "");
}

//===----------------------------------------------------------------------===//
// Reductions over the lanes of a warp (ReduceAcrossLanes)
//===----------------------------------------------------------------------===//

const char *const RowSums = R"(
void rowsum(int M, int N, const float *A, float *y) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < M; i++) {
    float s = 0.0f;
    for (int j = 0; j < N; j++)
      s += A[i * N + j];
    y[i] = s;
  }
}
)";

/// L without the first butterfly step that combines a shuffled value;
/// Dropped counts it.
StmtList dropFirstShuffle(const StmtList &L, unsigned &Dropped) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    bool Shuffles = false;
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get()))
      Shuffles = exprToString(*A->RHS).find("c2c_lane") != std::string::npos;
    if (Shuffles && !Dropped) {
      ++Dropped;
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto N = std::make_shared<ForStmt>(*F);
      N->Body = dropFirstShuffle(F->Body, Dropped);
      Out.push_back(N);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      auto N = std::make_shared<IfStmt>(*I);
      N->Then = dropFirstShuffle(I->Then, Dropped);
      N->Else = dropFirstShuffle(I->Else, Dropped);
      Out.push_back(N);
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

/// L with its first shuffle run only by lanes 0-15 of each warp.
StmtList guardFirstShuffle(const StmtList &L, unsigned &Done) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    const auto *D = llvm::dyn_cast<DeclStmt>(S.get());
    if (D && D->Init && !Done &&
        exprToString(*D->Init).find("c2c_shfl_xor") != std::string::npos) {
      ++Done;
      Out.push_back(std::make_shared<IfStmt>(
          bin(BK::LT, var("threadIdx.x", SK::UInt), lit(16, SK::UInt)),
          StmtList{S}, StmtList{}));
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto N = std::make_shared<ForStmt>(*F);
      N->Body = guardFirstShuffle(F->Body, Done);
      Out.push_back(N);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      auto N = std::make_shared<IfStmt>(*I);
      N->Then = guardFirstShuffle(I->Then, Done);
      N->Else = guardFirstShuffle(I->Else, Done);
      Out.push_back(N);
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

// Rows of at most 2048 and 8192 elements run in copies of the kernel in 2
// and 4 warps per row, longer ones in 8: the host tests the row length.
TEST(ExplicitKernelExec, LaneReductionWarpsFollowTheRowLength) {
  auto L = lowerSource(RowSums, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  const std::vector<Kernel> &Ks = L->LF.Kernels;
  ASSERT_EQ(Ks.size(), 3u);
  EXPECT_EQ(Ks[0].Block[1], 8u);
  EXPECT_EQ(Ks[1].Name, "rowsum_kernel0_2warps");
  EXPECT_EQ(Ks[1].Block[1], 2u);
  EXPECT_TRUE(Ks[1].IsAlternative);
  EXPECT_EQ(Ks[2].Name, "rowsum_kernel0_4warps");
  EXPECT_EQ(Ks[2].Block[1], 4u);
  struct Case {
    int64_t N;
    const char *Runs;
    uint64_t Threads;
  };
  for (Case T : {Case{5, "rowsum_kernel0_2warps", 64},
                 Case{2048, "rowsum_kernel0_2warps", 64},
                 Case{2049, "rowsum_kernel0_4warps", 128},
                 Case{8193, "rowsum_kernel0", 256}}) {
    CheckConfig C;
    C.Scalars = {{"M", 3}, {"N", T.N}};
    C.Tol = 1e-5;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    EXPECT_EQ(R.KernelsRun, std::vector<std::string>{T.Runs}) << T.N;
    EXPECT_EQ(R.Threads, 3u * T.Threads) << T.N;
  }
}

const char *const ColumnSums = R"(
void colsum(int M, int N, const float *A, float *y) {
#pragma c2cuda kernel reduction(+: s)
  for (int j = 0; j < N; j++) {
    float s = 0.0f;
    for (int i = 0; i < M; i++)
      s += A[i * N + j];
    y[j] = s;
  }
}
)";

// Columns take 32 per block over 32 slices, and 2, 4, 8 or 16 (over 512,
// 256, 128 or 64 slices) where there are at most 128, 512, 1024 or 2048 of
// them: the host tests the column count.
TEST(ExplicitKernelExec, ColumnReductionBlocksFollowTheColumnCount) {
  auto L = lowerSource(ColumnSums, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  const std::vector<Kernel> &Ks = L->LF.Kernels;
  ASSERT_EQ(Ks.size(), 5u);
  EXPECT_EQ(Ks[0].Block[0], 32u);
  EXPECT_EQ(Ks[0].Block[1], 32u);
  for (unsigned I = 1; I < 5; ++I) {
    unsigned Points = 1u << I;
    EXPECT_EQ(Ks[I].Name,
              "colsum_kernel0_" + std::to_string(Points) + "points");
    EXPECT_TRUE(Ks[I].IsAlternative);
    EXPECT_EQ(Ks[I].Block[0], Points);
    EXPECT_EQ(Ks[I].Block[1], 1024u / Points);
  }
  struct Case {
    int64_t N;
    const char *Runs;
    uint64_t Threads;
  };
  // Threads: blocks of 1024, one per 2, 4, 8, 16 or 32 columns.
  for (Case T : {Case{5, "colsum_kernel0_2points", 3 * 1024},
                 Case{128, "colsum_kernel0_2points", 64 * 1024},
                 Case{129, "colsum_kernel0_4points", 33 * 1024},
                 Case{512, "colsum_kernel0_4points", 128 * 1024},
                 Case{513, "colsum_kernel0_8points", 65 * 1024},
                 Case{1024, "colsum_kernel0_8points", 128 * 1024},
                 Case{1025, "colsum_kernel0_16points", 65 * 1024},
                 Case{2048, "colsum_kernel0_16points", 128 * 1024},
                 Case{2049, "colsum_kernel0", 65 * 1024}}) {
    CheckConfig C;
    C.Scalars = {{"M", 131}, {"N", T.N}};
    C.Tol = 1e-5;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    EXPECT_EQ(R.KernelsRun, std::vector<std::string>{T.Runs}) << T.N;
    EXPECT_EQ(R.Threads, T.Threads) << T.N;
  }
}

TEST(ExplicitKernelExec, LaneReductionMatchesReferenceAndNeedsEveryStep) {
  auto L = lowerSource(RowSums, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  // The copy in 2 warps per row, which rows of 300 take.
  ASSERT_EQ(L->LF.Kernels.size(), 3u);
  Kernel &K = L->LF.Kernels[1];
  ASSERT_TRUE(K.ExplicitThreads);
  EXPECT_EQ(K.Block[0], 32u);
  EXPECT_EQ(K.Block[1], 2u);
  CheckConfig C;
  // A block of 2 warps per row; 300 columns: threads 0-43 run 5
  // iterations, the others 4.
  C.Scalars = {{"M", 19}, {"N", 300}};
  C.Tol = 1e-5;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.Threads, 19u * 64u);

  // Without one butterfly step, half of the lanes' partials are lost.
  unsigned Dropped = 0;
  StmtList Body = K.Body;
  K.Body = dropFirstShuffle(Body, Dropped);
  ASSERT_EQ(Dropped, 1u);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail) << R.Message;

  // A shuffle that only half of a warp's lanes reach is an error.
  unsigned Guarded = 0;
  K.Body = guardFirstShuffle(Body, Guarded);
  ASSERT_EQ(Guarded, 1u);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Fail) << R.Message;
  EXPECT_NE(R.Message.find("warp shuffle in rowsum_kernel0_2warps not "
                           "reached by every lane of a warp of block ("),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("goes a different way in thread (0,0,0) and "
                           "thread (16,0,0)"),
            std::string::npos)
      << R.Message;
}

const char *const ReadThenOverwrite = R"(
void scale_rows(int n, int m, const float *A, float *c) {
#pragma c2cuda kernel reduction(+: t)
  for (int i = 0; i < n; i++) {
    float t = 0.0f;
    for (int j = 0; j < m; j++)
      t += c[i] * A[i * m + j];
    c[i] = t;
  }
}
)";

// Every thread of a row's block reads c[i]; thread (0, 0) overwrites it
// after a barrier, which orders global memory within the block too: no
// race. Without the barriers the same accesses are one. (2049 rows: more
// than any copy with fewer points per block takes.)
TEST(ExplicitKernelExec, BarrierOrdersGlobalAccessesOfABlock) {
  auto L = lowerSource(ReadThenOverwrite, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  Kernel &K = L->LF.Kernels[0];
  ASSERT_TRUE(K.ExplicitThreads);
  CheckConfig C;
  C.Scalars = {{"n", 2049}, {"m", 30}};
  C.Tol = 1e-5;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.KernelsRun, std::vector<std::string>{"scale_rows_kernel0"});

  unsigned Dropped = 0;
  K.Body = dropBarriers(K.Body, Dropped);
  ASSERT_EQ(Dropped, 2u);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Fail) << R.Message;
  // The first race the threads meet: on c, or (first at these sizes) on
  // the partials, which the same barrier orders.
  const std::string Race = "data race in scale_rows_kernel0 (launch 1): ";
  EXPECT_TRUE(R.Message.find(Race + "c[") != std::string::npos ||
              R.Message.find(Race + "__shared__ c2c_red_t[") !=
                  std::string::npos)
      << R.Message;
}

const char *const DefaultMatmul = R"(
void mm(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
#pragma endscop
}
)";

// The default product tiles 128x128; where their grid would take longer
// on the (interpreted: 3) multiprocessors, 128x64, 64x32 or 16x16 tiles
// run instead: a grid of B blocks takes ceil(B / 3) times a block's
// points over its tile shape's rate (1, 0.86, 0.55, 0.135).
TEST(ExplicitKernelExec, FewBlocksRunSmallerTiles) {
  auto L = lowerSource(DefaultMatmul, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  const std::vector<Kernel> &Ks = L->LF.Kernels;
  ASSERT_EQ(Ks.size(), 4u);
  EXPECT_EQ(Ks[0].FewBlocksAlternative, 1);
  EXPECT_EQ(Ks[1].Name, "mm_kernel0_128x64");
  EXPECT_TRUE(Ks[1].IsAlternative);
  EXPECT_EQ(Ks[1].FewBlocksAlternative, 2);
  EXPECT_EQ(Ks[2].Name, "mm_kernel0_64x32");
  EXPECT_EQ(Ks[2].FewBlocksAlternative, 3);
  EXPECT_EQ(Ks[3].Name, "mm_kernel0_16x16");
  EXPECT_EQ(Ks[3].FewBlocksAlternative, -1);
  struct Case {
    int64_t M, N;
    const char *Runs;
  };
  // 256 x 384: 6 blocks of 128x128 (2 rounds, 32768) against 12 of
  // 128x64 (4 rounds, 38105). 128 x 192: 2 blocks (1 round, 16384)
  // against 3 (9526) against 12 of 64x32 (4 rounds, 14895). 60 x 40: one
  // block of each but 64x32, 2 (3724), and 16x16, 12 (4 rounds, 7585). 16 x
  // 40: 3 blocks of 16x16 (1896) against 2 of 64x32.
  for (Case T :
       {Case{256, 384, "mm_kernel0"}, Case{128, 192, "mm_kernel0_128x64"},
        Case{60, 40, "mm_kernel0_64x32"}, Case{16, 40, "mm_kernel0_16x16"}}) {
    CheckConfig C;
    C.Scalars = {{"M", T.M}, {"N", T.N}, {"K", 17}};
    C.Tol = 1e-5;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    EXPECT_EQ(R.KernelsRun, std::vector<std::string>{T.Runs})
        << T.M << " x " << T.N;
  }
}

const char *const Saxpy = R"(
void saxpy(int n, float a, const float *x, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma endscop
}
)";

// An element-wise loop runs 8 points per thread in tiles of 2048, or one
// point per thread in blocks of 256 or 64 where those take less time on
// the 3 interpreted SMs (rates 1, 0.66, 0.66).
/// L without the last barrier its statements reach in program order.
bool dropLastBarrier(StmtList &L) {
  for (size_t I = L.size(); I-- > 0;) {
    if (llvm::isa<BarrierStmt>(L[I].get())) {
      L.erase(L.begin() + I);
      return true;
    }
    if (const auto *F = llvm::dyn_cast<ForStmt>(L[I].get())) {
      auto N = std::make_shared<ForStmt>(*F);
      if (dropLastBarrier(N->Body)) {
        L[I] = N;
        return true;
      }
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(L[I].get())) {
      auto N = std::make_shared<IfStmt>(*If);
      if (dropLastBarrier(N->Else) || dropLastBarrier(N->Then)) {
        L[I] = N;
        return true;
      }
    }
  }
  return false;
}

// examples/nmf.c at K = 100: the update fits only the fused 128x64 tiles,
// whose 32 points per thread run it through shared memory: every element
// of the tile after a barrier, by a thread other than the one whose point
// computed it. Without that barrier the shared sums are read before they
// are all stored.
TEST(ExplicitKernelExec, FusedEpilogueThroughSharedMemory) {
  std::ifstream In(std::filesystem::path(C2CUDA_SOURCE_DIR) / "examples" /
                   "nmf.c");
  std::stringstream Source;
  Source << In.rdbuf();
  auto L = lowerSource(Source.str(), /*ByDefault=*/true);
  ASSERT_TRUE(L);
  const std::string Name = "nmf_supervised_kernel2_128x64_fused3";
  Kernel *Fused = nullptr;
  for (Kernel &K : L->LF.Kernels)
    if (K.Name == Name)
      Fused = &K;
  ASSERT_NE(Fused, nullptr);
  CheckConfig C;
  C.Scalars = {{"F", 3}, {"T", 70}, {"K", 100}, {"iters", 1}, {"eps", 1e-3}};
  C.Tol = 1e-5;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.KernelsRun.size(), 3u);
  EXPECT_EQ(R.KernelsRun.back(), Name);

  ASSERT_TRUE(dropLastBarrier(Fused->Body));
  R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Fail) << R.Message;
  EXPECT_NE(R.Message.find("data race in " + Name +
                           " (launch 3): __shared__ c2c_post_acc["),
            std::string::npos)
      << R.Message;
}

TEST(ExplicitKernelExec, ElementWiseTilesByTripCount) {
  auto L = lowerSource(Saxpy, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  ASSERT_EQ(L->LF.Kernels.size(), 3u);
  EXPECT_EQ(L->LF.Kernels[0].Schedule.Tile.at("i"), 2048);
  struct Case {
    int64_t N;
    const char *Runs;
  };
  // 5000: 3 tiles of 2048 (1 round, 2048) against 20 of 256 (7 rounds of
  // 388). 600: 1 tile (2048) against 3 (388) against 10 of 64 (4 rounds of
  // 97, no less). 100: 2 of 64 (97).
  for (Case T : {Case{5000, "saxpy_kernel0"}, Case{600, "saxpy_kernel0_256"},
                 Case{100, "saxpy_kernel0_64"}}) {
    CheckConfig C;
    C.Scalars = {{"n", T.N}};
    C.Tol = 1e-6;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    EXPECT_EQ(R.KernelsRun, std::vector<std::string>{T.Runs}) << T.N;
  }
}

} // namespace

const char *const SplitProduct = R"(
void mm(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
)";

/// Makes L's atomic adds plain `+=`; whether there was one.
bool dropAtomics(StmtList &L) {
  bool Any = false;
  for (StmtPtr &S : L) {
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
      if (A->Atomic != AtomicKind::None) {
        auto Plain = std::make_shared<AssignStmt>(*A);
        Plain->Atomic = AtomicKind::None;
        S = Plain;
        Any = true;
      }
    } else if (const auto *If = llvm::dyn_cast<IfStmt>(S.get())) {
      auto N = std::make_shared<IfStmt>(*If);
      bool Here = dropAtomics(N->Then);
      Here |= dropAtomics(N->Else);
      if (Here)
        S = N, Any = true;
    } else if (const auto *For = llvm::dyn_cast<ForStmt>(S.get())) {
      auto N = std::make_shared<ForStmt>(*For);
      if (dropAtomics(N->Body))
        S = N, Any = true;
    }
  }
  return Any;
}

// A product of one 128 x 128 tile on the interpreter's 3 multiprocessors:
// its k strips split in min(2 x 3 / 1, strips / 4) chunks, after a kernel
// zeroes C; too few strips (K = 24: 3 strips of 8) or more than one tile
// where there are fewer than 4 multiprocessors per tile (M = 200: 2 x 1
// tiles) keep the product whole. Without
// the atomic adds the chunks race on C.
TEST(ExplicitKernelExec, SplitReductionWhereTilesAreFew) {
  auto L = lowerSource(SplitProduct, /*ByDefault=*/true);
  ASSERT_TRUE(L);
  Kernel *Split = nullptr;
  for (Kernel &K : L->LF.Kernels)
    if (K.Name == "mm_kernel0_split")
      Split = &K;
  ASSERT_NE(Split, nullptr);
  EXPECT_EQ(L->LF.Kernels[0].SplitAlternative, Split - L->LF.Kernels.data());
  ASSERT_GE(Split->LaunchFirst, 0);
  EXPECT_EQ(L->LF.Kernels[Split->LaunchFirst].Name, "mm_kernel0_zero");
  struct Case {
    int64_t M, K;
    bool Splits;
  };
  for (Case T :
       {Case{20, 100, true}, Case{20, 24, false}, Case{200, 100, false}}) {
    CheckConfig C;
    C.Scalars = {{"M", T.M}, {"N", 37}, {"K", T.K}};
    C.Tol = 1e-5;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    if (T.Splits)
      EXPECT_EQ(R.KernelsRun, (std::vector<std::string>{"mm_kernel0_zero",
                                                        "mm_kernel0_split"}))
          << T.K;
    else
      EXPECT_EQ(std::count(R.KernelsRun.begin(), R.KernelsRun.end(),
                           std::string("mm_kernel0_split")),
                0)
          << T.M << " " << T.K;
  }

  ASSERT_TRUE(dropAtomics(Split->Body));
  CheckConfig C;
  C.Scalars = {{"M", 20}, {"N", 37}, {"K", 100}};
  C.Tol = 1e-5;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Fail) << R.Message;
  EXPECT_NE(R.Message.find("data race in mm_kernel0_split"), std::string::npos)
      << R.Message;
}
