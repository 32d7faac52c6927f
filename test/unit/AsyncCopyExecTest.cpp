//===- AsyncCopyExecTest.cpp - The oracle on asynchronous copies ----------===//
//
// Hand-built explicit-thread kernels with asynchronous copies
// (AssignStmt::Async, AsyncFenceStmt) run by the CPU oracle as cp.async
// runs: a copy reads global memory when issued and writes shared memory
// only when a wait of its own thread covers its group. A kernel that waits
// and then synchronises is right; one that forgets the wait reads poisoned
// shared data or, with the race detector, races with the copy still in
// flight; one that forgets the barrier races as any shared store does.
//
//===----------------------------------------------------------------------===//

#include "ExplicitIRBuilders.h"

#include "exec/Compare.h"
#include "exec/Execute.h"

#include "gtest/gtest.h"

#include <cmath>
#include <memory>
#include <random>

using namespace c2cuda;
using namespace c2cuda::irb;
using namespace c2cuda::exec;

namespace {

using SK = ScalarKind;

constexpr int64_t Threads = 4, Blocks = 2;

struct Program {
  Function F;
  LoweredFunction LF;
};

/// void cp(const float *in, float *out), lowered to one explicit-thread
/// kernel of Blocks blocks of Threads threads running Body.
std::unique_ptr<Program> program(StmtList Body, StmtList HostBefore = {}) {
  auto P = std::make_unique<Program>();
  P->F = function("cp", {ptrParam("in"), ptrParam("out")}, {});
  P->LF.Source = &P->F;
  Kernel K;
  K.Name = "cp_kernel0";
  K.Loc = {"t.c", 10, 3};
  K.ExplicitThreads = true;
  K.Block[0] = Threads;
  K.GridDims[0] = llit(Blocks);
  K.GridDims[1] = llit(1);
  K.GridDims[2] = llit(1);
  K.Body = std::move(Body);
  P->LF.Kernels.push_back(std::move(K));
  P->LF.HostBody = std::move(HostBefore);
  P->LF.HostBody.push_back(launch(0));
  return P;
}

StmtPtr asyncCopy(ExprPtr L, ExprPtr R, unsigned Width = 1) {
  auto A = std::make_shared<AssignStmt>(std::move(L), AssignOpKind::Set,
                                        std::move(R), nextLoc());
  A->Async = true;
  A->Width = Width;
  return A;
}
StmtPtr commit() {
  return std::make_shared<AsyncFenceStmt>(AsyncFenceStmt::Op::Commit, 0,
                                          nextLoc());
}
StmtPtr waitGroup(unsigned Pending) {
  return std::make_shared<AsyncFenceStmt>(AsyncFenceStmt::Op::Wait, Pending,
                                          nextLoc());
}

ExprPtr tx() { return cast(builtin("threadIdx.x"), SK::Long); }
/// blockIdx.x * Threads + threadIdx.x.
ExprPtr gid() {
  return add(mul(cast(builtin("blockIdx.x"), SK::Long), llit(Threads)), tx());
}
/// (threadIdx.x + 1) % Threads: the neighbour's element.
ExprPtr nbr() { return rem(add(tx(), llit(1)), llit(Threads)); }
/// The first element of the current block in a global array.
ExprPtr base() {
  return mul(cast(builtin("blockIdx.x"), SK::Long), llit(Threads));
}

struct Outcome {
  Memory Init, Got;
  ExecResult R;
  double in(int64_t I) const { return Init.Arrays.at("in").Data[I].D; }
  double out(int64_t I) const { return Got.Arrays.at("out").Data[I].D; }
};

/// Runs P on random `in` (InElems elements) and poisoned `out`.
Outcome run(const Program &P, ExecOptions O = {},
            int64_t InElems = 2 * Blocks * Threads) {
  Outcome R;
  std::mt19937_64 Rng(5);
  std::string Err;
  EXPECT_TRUE(allocateArrays(P.F, {{"in", InElems}, {"out", InElems}}, R.Init,
                             Rng, 0.1, 1.0, Err))
      << Err;
  poisonArray(R.Init, "out");
  R.Got = R.Init;
  R.R = runLowered(P.LF, R.Got, O);
  return R;
}

ExecOptions order(ThreadOrder Ord, bool Races = true) {
  ExecOptions O;
  O.Order = Ord;
  O.Seed = 11;
  O.DetectRaces = Races;
  return O;
}

const ThreadOrder AllOrders[] = {ThreadOrder::Forward, ThreadOrder::Reverse,
                                 ThreadOrder::Shuffled};

/// Every thread copies in[gid] into tile[threadIdx.x] asynchronously, then
/// Sync (fences, barriers), then writes its neighbour's element to out.
std::unique_ptr<Program> neighbour(StmtList Sync) {
  StmtList Body = {arrayDecl("tile", {Threads}, StorageKind::Shared),
                   asyncCopy(local("tile", {tx()}), ref("in", {gid()}))};
  Body.insert(Body.end(), Sync.begin(), Sync.end());
  Body.push_back(assign(ref("out", {gid()}), local("tile", {nbr()})));
  return program(std::move(Body));
}

//===----------------------------------------------------------------------===//
// (a) commit, wait, barrier: right
//===----------------------------------------------------------------------===//

TEST(AsyncCopyExec, CommitWaitBarrierGivesTheNeighboursElement) {
  auto P = neighbour({commit(), waitGroup(0), barrier()});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    ASSERT_TRUE(R.R.ok()) << R.R.Message;
    EXPECT_EQ(R.R.Threads, uint64_t(Blocks * Threads));
    for (int64_t B = 0; B < Blocks; ++B)
      for (int64_t T = 0; T < Threads; ++T)
        EXPECT_EQ(R.out(B * Threads + T), R.in(B * Threads + (T + 1) % Threads))
            << "block " << B << " thread " << T;
  }
}

TEST(AsyncCopyExec, VectorAsyncCopyWritesWidthElements) {
  // Threads 0 and 1 each copy two consecutive elements (cp.async of 8 B).
  auto P = program(
      {arrayDecl("tile", {Threads}, StorageKind::Shared),
       ifStmt(lt(tx(), llit(Threads / 2)),
              {asyncCopy(local("tile", {mul(tx(), llit(2))}),
                         ref("in", {add(base(), mul(tx(), llit(2)))}), 2)}),
       commit(), waitGroup(0), barrier(),
       assign(ref("out", {gid()}), local("tile", {nbr()}))});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    ASSERT_TRUE(R.R.ok()) << R.R.Message;
    for (int64_t G = 0; G < Blocks * Threads; ++G)
      EXPECT_EQ(R.out(G), R.in(G / Threads * Threads + (G + 1) % Threads)) << G;
  }
}

//===----------------------------------------------------------------------===//
// (b) no wait covering the copies: poisoned data, or a race with the copy
//===----------------------------------------------------------------------===//

TEST(AsyncCopyExec, MissingWaitLeavesSharedPoisoned) {
  // No wait at all, and a wait that leaves the only group pending.
  for (StmtList Sync : {StmtList{commit(), barrier()},
                        StmtList{commit(), waitGroup(1), barrier()},
                        StmtList{waitGroup(0), barrier()}}) {
    auto P = neighbour(Sync);
    for (ThreadOrder Ord : AllOrders) {
      // Without the race detector the copies are never written.
      Outcome R = run(*P, order(Ord, false));
      ASSERT_TRUE(R.R.ok()) << R.R.Message;
      for (int64_t G = 0; G < Blocks * Threads; ++G)
        EXPECT_TRUE(std::isnan(R.out(G))) << G << ": " << R.out(G);
      // With it, the read races with the neighbour's copy in flight.
      R = run(*P, order(Ord));
      EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
      const std::string &M = R.R.Message;
      EXPECT_NE(M.find("data race in cp_kernel0 (launch 1): __shared__ tile["),
                std::string::npos)
          << M;
      EXPECT_NE(M.find("the write being an asynchronous copy that no wait "
                       "has covered yet"),
                std::string::npos)
          << M;
    }
  }
}

//===----------------------------------------------------------------------===//
// (c) wait without a barrier: a race between threads
//===----------------------------------------------------------------------===//

TEST(AsyncCopyExec, WaitWithoutBarrierIsASharedMemoryRace) {
  auto P = neighbour({commit(), waitGroup(0)});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
    const std::string &M = R.R.Message;
    EXPECT_NE(M.find("data race in cp_kernel0 (launch 1): __shared__ tile["),
              std::string::npos)
        << M;
    EXPECT_NE(M.find("with no barrier between them"), std::string::npos) << M;
    EXPECT_NE(M.find(" by block ("), std::string::npos) << M;
  }
}

//===----------------------------------------------------------------------===//
// (d) groups: a wait covers the older committed groups only
//===----------------------------------------------------------------------===//

/// Group 1 copies in[gid] into tile[0][t], group 2 in[8 + gid] into
/// tile[1][t]; then Mid; then each thread writes its own tile[0][t] to
/// out[gid] and tile[1][t] to out[8 + gid] (its own elements: no barrier
/// needed).
std::unique_ptr<Program> twoGroups(StmtList Mid) {
  ExprPtr Second = llit(Blocks * Threads);
  StmtList Body = {
      arrayDecl("tile", {2, Threads}, StorageKind::Shared),
      asyncCopy(local("tile", {llit(0), tx()}), ref("in", {gid()})), commit(),
      asyncCopy(local("tile", {llit(1), tx()}),
                ref("in", {add(Second, gid())})),
      commit()};
  Body.insert(Body.end(), Mid.begin(), Mid.end());
  Body.push_back(assign(ref("out", {gid()}), local("tile", {llit(0), tx()})));
  Body.push_back(
      assign(ref("out", {add(Second, gid())}), local("tile", {llit(1), tx()})));
  return program(std::move(Body));
}

TEST(AsyncCopyExec, WaitOneWritesOnlyTheOlderGroup) {
  auto P = twoGroups({waitGroup(1)});
  const int64_t N = Blocks * Threads;
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    ASSERT_TRUE(R.R.ok()) << R.R.Message;
    for (int64_t G = 0; G < N; ++G) {
      EXPECT_EQ(R.out(G), R.in(G)) << G;
      EXPECT_TRUE(std::isnan(R.out(N + G))) << G << ": " << R.out(N + G);
    }
  }
  // Then a wait for all: both groups.
  P = twoGroups({waitGroup(1), waitGroup(0)});
  Outcome R = run(*P);
  ASSERT_TRUE(R.R.ok()) << R.R.Message;
  for (int64_t G = 0; G < 2 * N; ++G)
    EXPECT_EQ(R.out(G), R.in(G)) << G;
}

TEST(AsyncCopyExec, EmptyGroupCountsForWait) {
  // Copies, commit, an empty commit: wait 1 leaves only the empty group.
  auto P = neighbour({commit(), commit(), waitGroup(1), barrier()});
  Outcome R = run(*P);
  ASSERT_TRUE(R.R.ok()) << R.R.Message;
  for (int64_t G = 0; G < Blocks * Threads; ++G)
    EXPECT_EQ(R.out(G), R.in(G / Threads * Threads + (G + 1) % Threads)) << G;
}

TEST(AsyncCopyExec, SecondGroupInFlightAcrossBarrierRaces) {
  // Wait 1 and a barrier, then a neighbour's element of the second group:
  // its copy may still be landing.
  ExprPtr Second = llit(Blocks * Threads);
  auto P = program(
      {arrayDecl("tile", {2, Threads}, StorageKind::Shared),
       asyncCopy(local("tile", {llit(0), tx()}), ref("in", {gid()})), commit(),
       asyncCopy(local("tile", {llit(1), tx()}),
                 ref("in", {add(Second, gid())})),
       commit(), waitGroup(1), barrier(),
       assign(ref("out", {gid()}), local("tile", {llit(0), nbr()})),
       assign(ref("out", {add(Second, gid())}),
              local("tile", {llit(1), nbr()}))});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
    EXPECT_NE(R.R.Message.find("__shared__ tile[1]["), std::string::npos)
        << R.R.Message;
    EXPECT_NE(R.R.Message.find("asynchronous copy that no wait has covered"),
              std::string::npos)
        << R.R.Message;
  }
}

TEST(AsyncCopyExec, UncommittedCopiesAreNotWaitedFor) {
  // Copy, wait 0 (no commit): the open group stays in flight.
  auto P = program({arrayDecl("tile", {Threads}, StorageKind::Shared),
                    asyncCopy(local("tile", {tx()}), ref("in", {gid()})),
                    waitGroup(0),
                    assign(ref("out", {gid()}), local("tile", {tx()}))});
  Outcome R = run(*P);
  ASSERT_TRUE(R.R.ok()) << R.R.Message;
  for (int64_t G = 0; G < Blocks * Threads; ++G)
    EXPECT_TRUE(std::isnan(R.out(G))) << G;
}

//===----------------------------------------------------------------------===//
// Per-thread state, fences in divergent code, errors
//===----------------------------------------------------------------------===//

TEST(AsyncCopyExec, PendingCopiesArePerThread) {
  // Only odd threads wait (in divergent code: a fence is no barrier); each
  // reads its own element, so even threads still see poison.
  auto P =
      program({arrayDecl("tile", {Threads}, StorageKind::Shared),
               asyncCopy(local("tile", {tx()}), ref("in", {gid()})), commit(),
               ifStmt(ne(rem(tx(), llit(2)), llit(0)), {waitGroup(0)}),
               assign(ref("out", {gid()}), local("tile", {tx()})), barrier()});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    ASSERT_TRUE(R.R.ok()) << R.R.Message;
    for (int64_t G = 0; G < Blocks * Threads; ++G) {
      if (G % 2)
        EXPECT_EQ(R.out(G), R.in(G)) << G;
      else
        EXPECT_TRUE(std::isnan(R.out(G))) << G << ": " << R.out(G);
    }
  }
}

TEST(AsyncCopyExec, PendingCopiesSurviveBarriers) {
  // Issued and committed before a barrier, waited for after it.
  auto P = neighbour({commit(), barrier(), waitGroup(0), barrier()});
  for (ThreadOrder Ord : AllOrders) {
    Outcome R = run(*P, order(Ord));
    ASSERT_TRUE(R.R.ok()) << R.R.Message;
    for (int64_t G = 0; G < Blocks * Threads; ++G)
      EXPECT_EQ(R.out(G), R.in(G / Threads * Threads + (G + 1) % Threads)) << G;
  }
}

TEST(AsyncCopyExec, OutOfBoundsSourceFails) {
  // `in` has Threads elements: the second block reads past it at issue.
  auto P = neighbour({commit(), waitGroup(0), barrier()});
  Outcome R = run(*P, {}, Threads);
  EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.R.Message.find("out-of-bounds access"), std::string::npos)
      << R.R.Message;
  EXPECT_NE(R.R.Message.find("of 'in'"), std::string::npos) << R.R.Message;
}

TEST(AsyncCopyExec, CopyIntoRegisterArrayFails) {
  auto P = program({arrayDecl("r", {1}, StorageKind::Register),
                    asyncCopy(local("r", {llit(0)}), ref("in", {gid()})),
                    commit(), waitGroup(0)});
  Outcome R = run(*P);
  EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.R.Message.find("asynchronous copy into register array 'r'"),
            std::string::npos)
      << R.R.Message;
}

TEST(AsyncCopyExec, FenceInHostCodeFails) {
  auto P = neighbour({commit(), waitGroup(0), barrier()});
  P->LF.HostBody.insert(P->LF.HostBody.begin(), waitGroup(0));
  Outcome R = run(*P);
  EXPECT_EQ(R.R.St, ExecResult::Status::Failed);
  EXPECT_NE(R.R.Message.find("asynchronous copy fence in host code"),
            std::string::npos)
      << R.R.Message;
  EXPECT_EQ(R.R.Launches, 0u);
}

// An array overlaying the shared tiles (DeclStmt::OverlaysTiles) takes
// their memory: a copy still in flight into the tile may land on it, so
// using it before a wait covers the copies is a race even after a barrier.
TEST(AsyncCopyExec, OverlayWhileCopiesInFlightIsARace) {
  for (bool Wait : {false, true}) {
    auto Ov = std::make_shared<DeclStmt>("ov", SK::Float, nullptr);
    Ov->Dims = {Threads};
    Ov->Storage = StorageKind::Shared;
    Ov->OverlaysTiles = true;
    StmtList Body = {arrayDecl("tile", {Threads}, StorageKind::Shared), Ov,
                     asyncCopy(local("tile", {tx()}), ref("in", {gid()})),
                     commit()};
    if (Wait)
      Body.push_back(waitGroup(0));
    Body.push_back(barrier());
    Body.push_back(assign(local("ov", {tx()}), ref("in", {gid()})));
    Body.push_back(barrier());
    Body.push_back(assign(ref("out", {gid()}), local("ov", {nbr()})));
    Outcome R = run(*program(std::move(Body)), order(ThreadOrder::Forward));
    if (Wait) {
      ASSERT_TRUE(R.R.ok()) << R.R.Message;
      EXPECT_EQ(R.out(0), R.in(1));
      continue;
    }
    ASSERT_FALSE(R.R.ok());
    EXPECT_NE(R.R.Message.find("data race in cp_kernel0 (launch 1): the "
                               "memory of __shared__ ov (overlaying the "
                               "block's shared tiles) written by copies in "
                               "flight by block ("),
              std::string::npos)
        << R.R.Message;
    EXPECT_NE(R.R.Message.find(" (no wait covered the copies)"),
              std::string::npos)
        << R.R.Message;
  }
}

} // namespace
