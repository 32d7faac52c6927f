//===- ExecOracleTest.cpp - The CPU execution oracle itself
//----------------===//
//
// C semantics of the interpreter (wrapping, float computed in float,
// undefined behaviour reported, bounds checks), and that the oracle fails
// when a lowering is wrong: a shifted grid loop, a dropped atomic flag.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/Execute.h"
#include "exec/Interpreter.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "transforms/Pipeline.h"

#include "LowerSource.h"

#include "gtest/gtest.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace c2cuda;
using namespace c2cuda::exec;
namespace fs = std::filesystem;

namespace {

ExprPtr lit(int64_t V, ScalarKind K = ScalarKind::Int) {
  return std::make_shared<IntLit>(V, K);
}
ExprPtr flt(double V, ScalarKind K = ScalarKind::Float) {
  return std::make_shared<FloatLit>(V, K);
}
ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B, ScalarKind K) {
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B), K);
}

Value evalIn(const ExprPtr &E, std::string &Error) {
  static const Function F;
  Memory M;
  Interpreter I(M, F);
  Value V = I.eval(*E);
  Error = I.error();
  return V;
}

TEST(ExecValue, IntWrapsAt32Bits) {
  std::string Err;
  Value V = evalIn(
      bin(BinaryOpKind::Add, lit(2147483647), lit(1), ScalarKind::Int), Err);
  EXPECT_EQ(Err, "");
  EXPECT_EQ(V.I, -2147483648LL);
  V = evalIn(bin(BinaryOpKind::Sub, lit(0, ScalarKind::UInt),
                 lit(1, ScalarKind::UInt), ScalarKind::UInt),
             Err);
  EXPECT_EQ(V.I, 4294967295LL);
  // -1 < 0u is false in C: the comparison is unsigned.
  V = evalIn(bin(BinaryOpKind::LT,
                 std::make_shared<CastExpr>(lit(-1), ScalarKind::UInt),
                 lit(0, ScalarKind::UInt), ScalarKind::Int),
             Err);
  EXPECT_EQ(V.I, 0);
  V = evalIn(bin(BinaryOpKind::Div, lit(-7), lit(2), ScalarKind::Int), Err);
  EXPECT_EQ(V.I, -3); // Truncating division.
  V = evalIn(bin(BinaryOpKind::Rem, lit(-7), lit(2), ScalarKind::Int), Err);
  EXPECT_EQ(V.I, -1);
}

TEST(ExecValue, FloatIsComputedInFloat) {
  std::string Err;
  // 1e8f + 1.0f == 1e8f in float, not in double.
  Value V = evalIn(
      bin(BinaryOpKind::Add, flt(1e8), flt(1.0), ScalarKind::Float), Err);
  EXPECT_EQ(V.D, 1e8);
  Value D = evalIn(bin(BinaryOpKind::Add, flt(1e8, ScalarKind::Double),
                       flt(1.0, ScalarKind::Double), ScalarKind::Double),
                   Err);
  EXPECT_EQ(D.D, 100000001.0);
  // sqrtf vs sqrt: the float version rounds to float.
  std::vector<ExprPtr> A = {flt(2.0)};
  Value S =
      evalIn(std::make_shared<CallExpr>("sqrtf", A, ScalarKind::Float), Err);
  EXPECT_EQ(S.D, static_cast<double>(std::sqrt(2.0f)));
  std::vector<ExprPtr> B = {flt(2.0, ScalarKind::Double)};
  Value SD =
      evalIn(std::make_shared<CallExpr>("sqrt", B, ScalarKind::Double), Err);
  EXPECT_EQ(SD.D, std::sqrt(2.0));
  EXPECT_NE(S.D, SD.D);
  // erf is the double function, erff the float one.
  Value E =
      evalIn(std::make_shared<CallExpr>("erf", B, ScalarKind::Double), Err);
  EXPECT_EQ(E.D, std::erf(2.0));
  EXPECT_EQ(Err, "");
}

TEST(ExecValue, UndefinedBehaviourIsReported) {
  std::string Err;
  evalIn(bin(BinaryOpKind::Div, lit(1), lit(0), ScalarKind::Int), Err);
  EXPECT_NE(Err.find("division by zero"), std::string::npos) << Err;
  evalIn(bin(BinaryOpKind::Shl, lit(1), lit(32), ScalarKind::Int), Err);
  EXPECT_NE(Err.find("shift"), std::string::npos) << Err;
  evalIn(std::make_shared<CastExpr>(flt(3e9), ScalarKind::Int), Err);
  EXPECT_NE(Err.find("out of range"), std::string::npos) << Err;
}

TEST(ExecValue, CompoundAssignmentUsesTheCommonType) {
  // float acc; acc += 0.1 (a double): computed in double, then rounded.
  Function F;
  Memory M;
  M.Scalars["acc"] = Value::ofFloat(ScalarKind::Float, 1.0);
  Interpreter I(M, F);
  auto Acc = std::make_shared<VarRef>("acc", ScalarKind::Float);
  AssignStmt A(Acc, AssignOpKind::Add, flt(0.1, ScalarKind::Double));
  I.exec(A);
  EXPECT_EQ(I.error(), "");
  EXPECT_EQ(M.Scalars["acc"].D, static_cast<double>(static_cast<float>(1.1)));
}

TEST(ExecInterpreter, OutOfBoundsIsReportedNotExecuted) {
  Function F;
  Memory M;
  Buffer B;
  B.Elem = ScalarKind::Float;
  B.Data.assign(4, Value::ofFloat(ScalarKind::Float, 0));
  M.Arrays["A"] = B;
  Interpreter I(M, F);
  // for (int i = 0; i <= 4; ++i) A[i] = 1.0f;
  auto Ref = std::make_shared<ArrayRef>(
      "A", std::vector<ExprPtr>{std::make_shared<VarRef>("i", ScalarKind::Int)},
      ScalarKind::Float, SourceLoc{"t.c", 3, 5});
  StmtList Body = {
      std::make_shared<AssignStmt>(Ref, AssignOpKind::Set, flt(1.0))};
  ForStmt L("i", ScalarKind::Int, lit(0), LoopCmp::LE, lit(4), 1, Body);
  I.exec(L);
  EXPECT_NE(I.error().find("t.c:3:5: out-of-bounds access A[i] (index 4)"),
            std::string::npos)
      << I.error();
  EXPECT_EQ(M.Arrays["A"].Data[3].D, 1.0);
}

using test::lowerSource;

const char *const Saxpy = R"(
void saxpy(int n, float a, const float *x, float *y) {
#pragma c2cuda kernel block(32)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
)";

TEST(ExecOracle, CorrectLoweringPasses) {
  auto L = lowerSource("saxpy.c", Saxpy, false);
  ASSERT_TRUE(L);
  CheckConfig C;
  C.Scalars = {{"n", 77}};
  for (ThreadOrder O :
       {ThreadOrder::Forward, ThreadOrder::Reverse, ThreadOrder::Shuffled}) {
    C.Order = O;
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    EXPECT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
    EXPECT_EQ(R.Launches, 1u);
    EXPECT_EQ(R.Threads, 96u); // ceil(77 / 32) blocks of 32.
  }
}

TEST(ExecOracle, ShiftedGridLoopIsCaught) {
  auto L = lowerSource("saxpy.c", Saxpy, false);
  ASSERT_TRUE(L);
  ASSERT_EQ(L->LF.Kernels.size(), 1u);
  ASSERT_EQ(L->LF.Kernels[0].Grid.size(), 1u);
  // Off by one: thread t runs iteration t + 1.
  GridLoop &G = L->LF.Kernels[0].Grid[0];
  G.Lower = bin(BinaryOpKind::Add, G.Lower, lit(1), G.Lower->Type);
  CheckConfig C;
  C.Scalars = {{"n", 77}};
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  // Iteration 76 + 1 writes past the end of y.
  EXPECT_NE(R.Message.find("out-of-bounds access y[i] (index 77)"),
            std::string::npos)
      << R.Message;

  // Trip count one short: no access out of bounds, the last element keeps
  // its input and the comparison finds it.
  auto L2 = lowerSource("saxpy.c", Saxpy, false);
  ASSERT_TRUE(L2);
  GridLoop &G2 = L2->LF.Kernels[0].Grid[0];
  G2.TripCount = bin(BinaryOpKind::Sub, G2.TripCount, lit(1, ScalarKind::Long),
                     ScalarKind::Long);
  R = checkLowering(L2->M.Functions[0], L2->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_NE(R.Message.find("first differing element y[76]"), std::string::npos)
      << R.Message;
}

/// Removes every atomic flag below L.
StmtList dropAtomics(const StmtList &L, unsigned &Dropped) {
  StmtList Out;
  for (const StmtPtr &S : L) {
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
      auto N = std::make_shared<AssignStmt>(*A);
      if (N->Atomic != AtomicKind::None) {
        ++Dropped;
        N->Atomic = AtomicKind::None;
      }
      Out.push_back(N);
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto N = std::make_shared<ForStmt>(*F);
      N->Body = dropAtomics(F->Body, Dropped);
      Out.push_back(N);
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      auto N = std::make_shared<IfStmt>(*I);
      N->Then = dropAtomics(I->Then, Dropped);
      N->Else = dropAtomics(I->Else, Dropped);
      Out.push_back(N);
    } else {
      Out.push_back(S);
    }
  }
  return Out;
}

const char *const ColSum = R"(
void colsum(int n, int m, const float *A, float *s) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[j] += A[i * m + j];
}
)";

TEST(ExecOracle, HostLoopAroundLaunches) {
  // The i reduction stays a host loop launching the j kernel n times (as
  // written: restructuring would move j outside i).
  auto L = lowerSource("colsum.c", ColSum, false, nullptr, false);
  ASSERT_TRUE(L);
  CheckConfig C;
  C.Scalars = {{"n", 9}, {"m", 7}};
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.Launches, 9u);
  // Running the host loop once too few leaves s short of one row.
  ASSERT_EQ(L->LF.HostBody.size(), 1u);
  const auto *F = llvm::dyn_cast<ForStmt>(L->LF.HostBody[0].get());
  ASSERT_TRUE(F);
  auto Short = std::make_shared<ForStmt>(*F);
  Short->Lower = lit(1);
  L->LF.HostBody[0] = Short;
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_NE(R.Message.find("array 's'"), std::string::npos) << R.Message;
}

const char *const Sum = R"(
void sum(int n, const float *A, float *s) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s[0] += A[i];
}
)";

const char *const Regions = R"(
int limit(int n);
void solve(int n, int iters, float *X, float *Y, float *err) {
  int it;
  for (it = 0; it < iters && err[0] < 100.0f; it++) {
    err[0] = err[0] + 1.0f;
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = X[i] * 0.5f;
    if (it % 2) {
#pragma c2cuda kernel
      for (int i = 0; i < n; i++)
        X[i] = Y[i] + 1.0f;
    } else {
#pragma c2cuda kernel
      for (int i = 0; i < n; i++)
        X[i] = Y[i] - 2.0f;
    }
  }
  while (n > 1) {
#pragma c2cuda kernel
    for (int i = 0; i < n / 2; i++)
      X[i] += X[i + n / 2];
    n = n / 2;
  }
  do {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = 0.0f;
  } while (Y[0] > 1.0f);
TAIL
}
)";

TEST(ExecOracle, HostRegionsRunFromTheirHeaders) {
  // for with a condition reading an array, if/else, while, do-while: the
  // oracle runs each header's IR. 5 passes of 2 launches, then n = 9, 4, 2
  // (3 launches), then one: 14 launches.
  std::string Src = Regions;
  Src.replace(Src.find("TAIL"), 4, "");
  auto L = lowerSource("regions.c", Src, false);
  ASSERT_TRUE(L);
  CheckConfig C;
  C.Scalars = {{"n", 9}, {"iters", 5}};
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.Launches, 14u);
  // A while loop that never runs in the lowered code leaves X unreduced.
  bool Changed = false;
  for (StmtPtr &S : L->LF.HostBody)
    if (const auto *W = llvm::dyn_cast<HostRegion>(S.get()))
      if (W->RegionForm == HostRegion::Form::While) {
        auto Never = W->withBody(W->Body);
        Never->Cond = lit(0);
        S = Never;
        Changed = true;
      }
  ASSERT_TRUE(Changed);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_EQ(R.Launches, 11u);

  // A header calling a function the oracle cannot run: unsupported.
  Src = Regions;
  Src.replace(Src.find("TAIL"), 4,
              "  for (int k = 0; k < limit(n); k++) {\n#pragma c2cuda kernel\n"
              "    for (int i = 0; i < n; i++)\n      Y[i] = 1.0f;\n  }");
  L = lowerSource("regions.c", Src, false);
  ASSERT_TRUE(L);
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Unsupported);
  EXPECT_NE(R.Message.find("host region 'for (int k = 0; k < limit(n); k++) "
                           "{': its header is not one the oracle runs"),
            std::string::npos)
      << R.Message;
}

TEST(ExecOracle, DroppedAtomicIsARace) {
  auto L = lowerSource("sum.c", Sum, false);
  ASSERT_TRUE(L);
  ASSERT_EQ(L->LF.Kernels.size(), 1u);
  CheckConfig C;
  C.Scalars = {{"n", 77}};
  C.Tol = 1e-4;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  ASSERT_EQ(R.St, CheckResult::Status::Pass) << R.Message;

  unsigned Dropped = 0;
  Kernel &K = L->LF.Kernels[0];
  K.Body = dropAtomics(K.Body, Dropped);
  ASSERT_EQ(Dropped, 1u) << "the i reduction was not parallelised";
  R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_NE(R.Message.find("data race in sum_kernel0 (launch 1): s[0] "),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("by block ("), std::string::npos) << R.Message;
}

TEST(ExecOracle, HostStatementsRunAsIR) {
  // The host's `float s = 1.0f;` and `out[0] = s;` run as the frontend's IR
  // of them (HostCode::AsIR); out, which only the host writes, has the one
  // element its literal index names. `return s;` has no IR: unsupported.
  const char *Dot = R"(
float dot(int n, const float *x, const float *y, float *out) {
  float s = 1.0f;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = s;
  RETURN
}
)";
  for (bool Return : {false, true}) {
    std::string Src = Dot;
    Src.replace(Src.find("RETURN"), 6, Return ? "return s;" : "return 0;");
    if (!Return)
      Src.replace(Src.find("return 0;"), 9, "");
    auto L = lowerSource("dot.c", Src, false);
    ASSERT_TRUE(L);
    CheckConfig C;
    C.Scalars = {{"n", 9}};
    CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
    if (!Return) {
      EXPECT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
      continue;
    }
    EXPECT_EQ(R.St, CheckResult::Status::Unsupported);
    EXPECT_NE(R.Message.find("host code not interpretable: 'return s;'"),
              std::string::npos)
        << R.Message;
  }
}

// Reads C performs only under a guard count only where the guard holds:
// the inferred extents are exactly what C touches, which the oracle checks.
TEST(ExecOracle, GuardedReadsAreSizedExactly) {
  const char *Sources[] = {
      R"(void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = A[p] + (p + 1 < n ? B[p + 1] : 0.0f);
})",
      R"(void f(int n, int *A, int *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p + 1 < n) ? A[p + 1] : 0;
})",
      R"(void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p > 0) ? A[p - 1] : 0.0f;
})",
      R"(void f(int n, int *A, int *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p == 0 || A[p - 1] > 0) ? 1 : 2;
})",
      R"(void f(int m, float *F, float *G) {
#pragma c2cuda kernel
  for (int j = 1; j < m; j++) {
    F[j * m + j] = G[j];
    F[(j - 1) * m + j] = G[j] * 2.0f;
  }
})"};
  int Index = 0;
  for (const char *Src : Sources) {
    auto L = lowerSource("guard" + std::to_string(Index++) + ".c", Src, false);
    ASSERT_TRUE(L) << Src;
    for (int N : {1, 2, 7, 40}) {
      CheckConfig C;
      C.Scalars = {{"n", N}, {"m", N}};
      C.Seed = N;
      CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
      EXPECT_EQ(R.St, CheckResult::Status::Pass)
          << Src << "\nat " << N << ": " << R.Message;
    }
  }
}

// An extent one element longer than what C touches copies past the end of
// the caller's array: the oracle reports it.
TEST(ExecOracle, OverlongExtentIsCaught) {
  auto L = lowerSource("saxpy.c", Saxpy, false);
  ASSERT_TRUE(L);
  for (ArrayPlan &A : L->LF.Arrays)
    if (A.Name == "y")
      A.Extent = bin(BinaryOpKind::Add, A.Extent, lit(1, ScalarKind::Long),
                     ScalarKind::Long);
  CheckConfig C;
  C.Scalars = {{"n", 77}};
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Fail);
  EXPECT_EQ(R.Message, "the wrapper copies 78 elements of 'y' but C touches "
                       "only 77: a copy past the end of the caller's array");
}

} // namespace
