//===- NarrowTypesTest.cpp - char and short in the CPU oracle -------------===//
//
// char, signed char, unsigned char, short and unsigned short: values wrap
// modulo 2^N when stored (C's rule for the unsigned kinds, GCC's and
// nvcc's for the signed ones), arithmetic happens in int after C's integer
// promotions, and the oracle's reference gives what compiled C gives.
//
//===----------------------------------------------------------------------===//

#include "analysis/NestFacts.h"
#include "exec/Execute.h"
#include "exec/Interpreter.h"
#include "exec/PropertyCheck.h"
#include "frontend/Frontend.h"
#include "transforms/Pipeline.h"

#include "IRBuilders.h"
#include "LowerSource.h"

#include "gtest/gtest.h"

#include "llvm/Support/raw_ostream.h"

#include <filesystem>
#include <fstream>
#include <random>

using namespace c2cuda;
using namespace c2cuda::exec;
namespace fs = std::filesystem;
using irb::lit;

namespace {

TEST(NarrowTypes, KindsAndSizes) {
  EXPECT_STREQ(spelling(ScalarKind::Char), "char");
  EXPECT_STREQ(spelling(ScalarKind::SChar), "signed char");
  EXPECT_STREQ(spelling(ScalarKind::UChar), "unsigned char");
  EXPECT_STREQ(spelling(ScalarKind::Short), "short");
  EXPECT_STREQ(spelling(ScalarKind::UShort), "unsigned short");
  EXPECT_EQ(sizeInBytes(ScalarKind::UChar), 1u);
  EXPECT_EQ(sizeInBytes(ScalarKind::Short), 2u);
  EXPECT_TRUE(isNarrowInteger(ScalarKind::Char));
  EXPECT_FALSE(isNarrowInteger(ScalarKind::Int));
  EXPECT_TRUE(isUnsignedKind(ScalarKind::UShort));
  EXPECT_FALSE(isUnsignedKind(ScalarKind::SChar));
  EXPECT_TRUE(holdsEveryValue(ScalarKind::Int, ScalarKind::UShort));
  EXPECT_TRUE(holdsEveryValue(ScalarKind::Short, ScalarKind::UChar));
  EXPECT_FALSE(holdsEveryValue(ScalarKind::UChar, ScalarKind::Char));
  EXPECT_FALSE(holdsEveryValue(ScalarKind::UInt, ScalarKind::Short));
  EXPECT_FALSE(holdsEveryValue(ScalarKind::Short, ScalarKind::Int));
}

TEST(NarrowTypes, StoresWrapModulo2N) {
  EXPECT_EQ(Value::ofInt(ScalarKind::UChar, 256).I, 0);
  EXPECT_EQ(Value::ofInt(ScalarKind::UChar, -1).I, 255);
  EXPECT_EQ(Value::ofInt(ScalarKind::Char, 200).I, -56);
  EXPECT_EQ(Value::ofInt(ScalarKind::SChar, 128).I, -128);
  EXPECT_EQ(Value::ofInt(ScalarKind::Short, 32768).I, -32768);
  EXPECT_EQ(Value::ofInt(ScalarKind::UShort, 65536 + 7).I, 7);
  EXPECT_EQ(Value::ofInt(ScalarKind::UShort, -2).I, 65534);
  // Floating to a narrow type truncates; out of its range is undefined.
  std::string Err;
  EXPECT_EQ(
      convert(Value::ofFloat(ScalarKind::Float, 255.9), ScalarKind::UChar, Err)
          .I,
      255);
  EXPECT_EQ(Err, "");
  convert(Value::ofFloat(ScalarKind::Double, 256.0), ScalarKind::UChar, Err);
  EXPECT_NE(Err.find("out of range"), std::string::npos) << Err;
  Err.clear();
  convert(Value::ofFloat(ScalarKind::Double, -129.0), ScalarKind::SChar, Err);
  EXPECT_NE(Err.find("out of range"), std::string::npos) << Err;
}

TEST(NarrowTypes, ArithmeticIsInIntAfterPromotion) {
  EXPECT_EQ(commonType(ScalarKind::UChar, ScalarKind::UChar), ScalarKind::Int);
  EXPECT_EQ(commonType(ScalarKind::UShort, ScalarKind::Short), ScalarKind::Int);
  EXPECT_EQ(commonType(ScalarKind::UShort, ScalarKind::UInt), ScalarKind::UInt);
  EXPECT_EQ(commonType(ScalarKind::Char, ScalarKind::Long), ScalarKind::Long);
  std::string Err;
  // 200 + 100 on two unsigned char values is the int 300.
  Value S =
      applyBinary(BinaryOpKind::Add, Value::ofInt(ScalarKind::UChar, 200),
                  Value::ofInt(ScalarKind::UChar, 100), ScalarKind::Int, Err);
  EXPECT_EQ(S.Kind, ScalarKind::Int);
  EXPECT_EQ(S.I, 300);
  // A promoted unsigned short compares as a (signed) int: 0 > -1.
  Value C =
      applyBinary(BinaryOpKind::GT, Value::ofInt(ScalarKind::UShort, 0),
                  Value::ofInt(ScalarKind::Int, -1), ScalarKind::Int, Err);
  EXPECT_EQ(C.I, 1);
  EXPECT_EQ(Err, "");
}

TEST(NarrowTypes, CompoundAssignmentWrapsOnStore) {
  // unsigned char u = 250; u += 10;   short s = 32767; s += 1;
  // signed char c = -128; c = -c;     (C: 4, -32768, -128)
  Function F;
  Memory M;
  M.Scalars["u"] = Value::ofInt(ScalarKind::UChar, 250);
  M.Scalars["s"] = Value::ofInt(ScalarKind::Short, 32767);
  M.Scalars["c"] = Value::ofInt(ScalarKind::SChar, -128);
  Interpreter I(M, F);
  auto U = std::make_shared<VarRef>("u", ScalarKind::UChar);
  auto S = std::make_shared<VarRef>("s", ScalarKind::Short);
  auto C = std::make_shared<VarRef>("c", ScalarKind::SChar);
  I.exec(AssignStmt(U, AssignOpKind::Add, lit(10)));
  I.exec(AssignStmt(S, AssignOpKind::Add, lit(1)));
  I.exec(AssignStmt(
      C, AssignOpKind::Set,
      std::make_shared<CastExpr>(
          std::make_shared<UnaryExpr>(
              UnaryOpKind::Neg, std::make_shared<CastExpr>(C, ScalarKind::Int),
              ScalarKind::Int),
          ScalarKind::SChar)));
  // u <<= 4 shifts the promoted int, then wraps: 4 << 4 = 64.
  I.exec(AssignStmt(U, AssignOpKind::Shl, lit(4)));
  EXPECT_EQ(I.error(), "");
  unsigned char CU = 250;
  CU += 10;
  CU <<= 4;
  short CS = 32767;
  CS += 1;
  signed char CC = -128;
  CC = -CC;
  EXPECT_EQ(M.Scalars["u"].I, CU);
  EXPECT_EQ(M.Scalars["s"].I, CS);
  EXPECT_EQ(M.Scalars["c"].I, CC);
}

using test::lowerSource;

const char *const RowSumU8 = R"(
void rowsum(int n, int m, const unsigned char *A, unsigned char *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    unsigned char acc = 0;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    s[i] = acc;
  }
}
)";

TEST(NarrowTypes, ReferenceWrapsAsCompiledC) {
  auto L = lowerSource("rowsum.c", RowSumU8, false);
  ASSERT_TRUE(L);
  const Function &F = L->M.Functions[0];
  const int N = 5, Mm = 40;
  // Bytes up to 255: every row sum overflows 255 several times.
  std::mt19937 Rng(7);
  std::vector<unsigned char> A(N * Mm);
  for (unsigned char &X : A)
    X = static_cast<unsigned char>(Rng());
  Memory Mem;
  Mem.Scalars["n"] = Value::ofInt(ScalarKind::Int, N);
  Mem.Scalars["m"] = Value::ofInt(ScalarKind::Int, Mm);
  Buffer &BA = Mem.Arrays["A"];
  BA.Elem = ScalarKind::UChar;
  for (unsigned char X : A)
    BA.Data.push_back(Value::ofInt(ScalarKind::UChar, X));
  Buffer &BS = Mem.Arrays["s"];
  BS.Elem = ScalarKind::UChar;
  BS.Data.assign(N, Value::ofInt(ScalarKind::UChar, 0));
  ExecResult R = runReference(F, Mem);
  ASSERT_TRUE(R.ok()) << R.Message;
  for (int I = 0; I < N; ++I) {
    // The same loop, compiled.
    unsigned char Acc = 0;
    int Wide = 0;
    for (int J = 0; J < Mm; ++J) {
      Acc += A[I * Mm + J];
      Wide += A[I * Mm + J];
    }
    ASSERT_GT(Wide, 255);
    EXPECT_EQ(Mem.Arrays["s"].Data[I].I, Acc) << "row " << I;
    EXPECT_EQ(Mem.Arrays["s"].Data[I].Kind, ScalarKind::UChar);
  }
}

const char *const DotI16 = R"(
typedef short i16;
void dot(int n, int m, const i16 *A, const i16 *x, i16 *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    i16 acc = 0;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
}
)";

const char *const Threshold = R"(
typedef unsigned char u8;
void threshold(int n, const u8 *in, u8 *out, u8 t) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = in[i] > t ? 255 : 0;
}
)";

const char *const Blur = R"(
void blur(int h, int w, const unsigned char *in, unsigned char *out) {
#pragma c2cuda kernel
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[(y + dy) * w + x + dx];
      out[y * w + x] = s / 9;
    }
}
)";

const char *const GemmU8 = R"(
void gemm(int M, int N, int K, const unsigned char *A, const unsigned char *B,
          int *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 16) shared(A, B) vector(i: 4, j: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      int acc = 0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
)";

TEST(NarrowTypes, LoweringsMatchTheC) {
  struct Case {
    const char *Name, *Source;
    std::map<std::string, double> Scalars;
  };
  const Case Cases[] = {
      {"rowsum.c", RowSumU8, {{"n", 37}, {"m", 50}}},
      {"dot.c", DotI16, {{"n", 37}, {"m", 20}}},
      {"threshold.c", Threshold, {{"n", 77}, {"t", 4}}},
      {"blur.c", Blur, {{"h", 19}, {"w", 37}}},
      {"gemm.c", GemmU8, {{"M", 70}, {"N", 80}, {"K", 35}}},
  };
  for (const Case &Cs : Cases) {
    std::string Errors;
    auto L = lowerSource(Cs.Name, Cs.Source, false, &Errors);
    ASSERT_TRUE(L) << Cs.Name << ": " << Errors;
    CheckConfig C;
    C.Scalars = Cs.Scalars;
    C.Tol = 0; // Integers: exact.
    for (ThreadOrder O :
         {ThreadOrder::Forward, ThreadOrder::Reverse, ThreadOrder::Shuffled}) {
      C.Order = O;
      C.Seed = static_cast<uint64_t>(O) + 1;
      CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
      EXPECT_EQ(R.St, CheckResult::Status::Pass)
          << Cs.Name << ": " << R.Message;
    }
  }
}

TEST(NarrowTypes, ByteReductionStaysSequential) {
  // Reassociation is allowed, but there is no 8-bit atomic add: the loop
  // runs in one thread, and still gives the C's wrapped sum.
  const char *Src = R"(
void bsum(int n, const unsigned char *A, unsigned char *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    s[0] += A[i];
}
)";
  std::string Errors;
  auto L = lowerSource("bsum.c", Src, true, &Errors);
  ASSERT_TRUE(L) << Errors;
  ASSERT_EQ(L->LF.Kernels.size(), 1u);
  bool Remarked = false;
  for (const std::string &R : L->LF.Kernels[0].Remarks)
    Remarked |= R.find("CUDA has no atomic updates of 8- or 16-bit") !=
                std::string::npos;
  EXPECT_TRUE(Remarked);
  CheckConfig C;
  C.Scalars = {{"n", 300}};
  C.Tol = 0;
  CheckResult R = checkLowering(L->M.Functions[0], L->LF, C);
  EXPECT_EQ(R.St, CheckResult::Status::Pass) << R.Message;
  EXPECT_EQ(R.Threads, 1u);
}

TEST(NarrowTypes, ByteReductionClauseIsRefused) {
  const char *Src = R"(
void bsum(int n, const unsigned char *A, unsigned char *s) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s[0] += A[i];
}
)";
  std::string Errors;
  EXPECT_FALSE(lowerSource("bsum.c", Src, false, &Errors));
  EXPECT_NE(Errors.find("CUDA has no atomic updates of 8- or 16-bit integers"),
            std::string::npos)
      << Errors;
}

} // namespace
