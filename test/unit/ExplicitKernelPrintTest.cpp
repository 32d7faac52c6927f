//===- ExplicitKernelPrintTest.cpp - Tiled kernels as CUDA ---------------===//
//
// Prints a hand-built explicit-threads kernel (Kernel::ExplicitThreads: the
// body is the whole per-thread program) and checks the text exactly: no
// grid-stride loops, a shared tile and a register tile declared as C
// arrays and indexed per dimension, barriers, `#pragma unroll` from
// ForStmt::Unroll, built-ins printed as is and never parameters, and the
// launch sized from GridDims (clamped, skipped when empty) with K.Block.
// Where nvcc exists, the .cu file compiles for sm_90 with warnings as
// errors (C2CUDA_CODEGEN_TEST_DIR keeps it, as in CodegenNvccTest).
//
//===----------------------------------------------------------------------===//

#include "CodegenTestModules.h"

#include "target/PtxasInfo.h"

#include "codegen/KernelPrinter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>

using namespace c2cuda;
using namespace c2cuda::cgtest;

namespace {

using BK = BinaryOpKind;
using SK = ScalarKind;

ExprPtr builtin(const std::string &N) { return var(N, SK::UInt); }

/// An element of a kernel-declared array.
ExprPtr local(const std::string &A, std::vector<ExprPtr> Idx) {
  auto R = std::make_shared<ArrayRef>(A, std::move(Idx), SK::Float);
  R->Local = true;
  return R;
}

StmtPtr arrayDecl(const std::string &N, std::vector<int64_t> Dims,
                  StorageKind St) {
  auto D = std::make_shared<DeclStmt>(N, SK::Float, nullptr);
  D->Dims = std::move(Dims);
  D->Storage = St;
  return D;
}

StmtPtr unrolled(const std::string &I, ExprPtr Lo, ExprPtr Up, StmtList Body,
                 int Unroll, int64_t Step = 1) {
  auto F = std::make_shared<ForStmt>(I, SK::Int, std::move(Lo), LoopCmp::LT,
                                     std::move(Up), Step, std::move(Body));
  F->Unroll = Unroll;
  return F;
}

StmtPtr barrier() { return std::make_shared<BarrierStmt>(); }

StmtPtr ifThen(ExprPtr C, StmtList T) {
  return std::make_shared<IfStmt>(std::move(C), std::move(T), StmtList{});
}

ExprPtr toInt(ExprPtr E) { return cast(std::move(E), SK::Int); }

/// void tmm(int M, int N, int K, const float *A, const float *B, float *C)
///   C = A * B, row-major (nest at tmm.c:4), as a tiled kernel: blocks of
///   16x16 threads each compute a 16x32 tile of C, two points per thread
///   (j and j + 16, in a register tile), staging 16x16 strips of A in a
///   padded shared tile.
ProgramPtr makeTiledMatmul() {
  auto P = std::make_unique<TestProgram>();
  Function F;
  F.Name = "tmm";
  F.Loc = at(2, 1);
  F.Params = {scalarParam("M"),
              scalarParam("N"),
              scalarParam("K"),
              pointerParam("A", SK::Float, true),
              pointerParam("B", SK::Float, true),
              pointerParam("C", SK::Float, false)};
  LoweredFunction &LF = P->add(std::move(F));

  auto I = var("i"), J = var("j"), K0 = var("k0"), Kk = var("kk"),
       Pp = var("p");
  auto Tx = builtin("threadIdx.x"), Ty = builtin("threadIdx.y");
  // int i = (int)(blockIdx.y * 16u + threadIdx.y);
  StmtPtr DeclI = decl(
      "i", SK::Int,
      toInt(bin(BK::Add,
                bin(BK::Mul, builtin("blockIdx.y"), ilit(16, SK::UInt)), Ty)));
  // int j = (int)(blockIdx.x * 32u + threadIdx.x) + p * 16;
  auto DeclJ = [&] {
    return decl(
        "j", SK::Int,
        bin(BK::Add,
            toInt(bin(BK::Add,
                      bin(BK::Mul, builtin("blockIdx.x"), ilit(32, SK::UInt)),
                      Tx)),
            bin(BK::Mul, Pp, ilit(16))));
  };
  ExprPtr KCol = bin(BK::Add, K0, toInt(Tx));
  ExprPtr KRow = bin(BK::Add, K0, Kk);

  Kernel Ker;
  Ker.Name = "tmm_kernel0";
  Ker.Loc = at(4);
  Ker.NestId = 0;
  Ker.ExplicitThreads = true;
  Ker.Block[0] = 16;
  Ker.Block[1] = 16;
  Ker.GridDims[0] =
      bin(BK::Div, bin(BK::Add, cast(var("N"), SK::Long), ilit(31, SK::Long)),
          ilit(32, SK::Long));
  Ker.GridDims[1] =
      bin(BK::Div, bin(BK::Add, cast(var("M"), SK::Long), ilit(15, SK::Long)),
          ilit(16, SK::Long));
  Ker.GridDims[2] = ilit(1, SK::Long);
  Ker.Body = {
      arrayDecl("c2c_sh_A", {16, 17}, StorageKind::Shared),
      arrayDecl("c2c_r_acc", {2}, StorageKind::Register),
      DeclI,
      unrolled("p", ilit(0), ilit(2),
               {assign(local("c2c_r_acc", {Pp}), AssignOpKind::Set, flit(0.0))},
               -1),
      loop("k0", ilit(0), var("K"),
           {ifThen(bin(BK::LAnd, bin(BK::LT, I, var("M")),
                       bin(BK::LT, KCol, var("K"))),
                   {assign(local("c2c_sh_A", {Ty, Tx}), AssignOpKind::Set,
                           aref("A", {bin(BK::Add, bin(BK::Mul, I, var("K")),
                                          KCol)}))}),
            barrier(),
            unrolled(
                "kk", ilit(0), ilit(16),
                {unrolled(
                    "p", ilit(0), ilit(2),
                    {DeclJ(),
                     ifThen(bin(BK::LAnd, bin(BK::LT, KRow, var("K")),
                                bin(BK::LT, J, var("N"))),
                            {assign(
                                local("c2c_r_acc", {Pp}), AssignOpKind::Add,
                                bin(BK::Mul, local("c2c_sh_A", {Ty, Kk}),
                                    aref("B", {bin(BK::Add,
                                                   bin(BK::Mul, KRow, var("N")),
                                                   J)})))})},
                    -1)},
                4),
            barrier()},
           16),
      unrolled("p", ilit(0), ilit(2),
               {DeclJ(),
                ifThen(bin(BK::LAnd, bin(BK::LT, I, var("M")),
                           bin(BK::LT, J, var("N"))),
                       {assign(aref("C", {bin(BK::Add,
                                              bin(BK::Mul, I, var("N")), J)}),
                               AssignOpKind::Set, local("c2c_r_acc", {Pp}))})},
               -1)};
  Ker.Arrays = {"A", "B", "C"};
  Ker.Scalars = {
      {"K", SK::Int, false}, {"M", SK::Int, false}, {"N", SK::Int, false}};
  Ker.Schedule.Block = {16, 16};
  Ker.Schedule.Thread = {{"j", 2}};
  Ker.Schedule.Tile = {{"i", 16}, {"j", 32}, {"k", 16}};
  Ker.Schedule.Shared = {"A"};
  Ker.Schedule.Pad = 1;
  Ker.Schedule.MaxRegCount = 64;
  Ker.Remarks = {"tiled: 16x32 points per block, A staged in shared memory"};
  LF.Kernels.push_back(std::move(Ker));
  LF.HostBody = {std::make_shared<LaunchStmt>(0)};
  auto Plan = [](const std::string &N, ExprPtr Ext, bool W) {
    ArrayPlan A;
    A.Name = N;
    A.Elem = SK::Float;
    A.Extent = std::move(Ext);
    A.ReadOnDevice = !W;
    A.WrittenOnDevice = W;
    return A;
  };
  auto Prod = [](const char *X, const char *Y) {
    return bin(BK::Mul, cast(var(X), SK::Long), cast(var(Y), SK::Long));
  };
  LF.Arrays = {Plan("A", Prod("M", "K"), false),
               Plan("B", Prod("K", "N"), false),
               Plan("C", Prod("M", "N"), true)};
  return P;
}

/// From the line starting with Start to the next line "}" (inclusive).
std::string slice(const std::string &Text, const std::string &Start) {
  size_t B = Text.find(Start);
  if (B == std::string::npos)
    return "";
  size_t E = Text.find("\n}\n", B);
  return Text.substr(B, E == std::string::npos ? std::string::npos : E + 3 - B);
}

/// From the line containing Start to the next line equal to End (indented).
std::string block(const std::string &Text, const std::string &Start,
                  const std::string &End) {
  size_t B = Text.find(Start);
  if (B == std::string::npos)
    return "";
  B = Text.rfind('\n', B) + 1;
  size_t E = Text.find("\n" + End + "\n", B);
  return Text.substr(B, E == std::string::npos ? std::string::npos
                                               : E + End.size() + 2 - B);
}

TEST(ExplicitKernelPrint, KernelText) {
  std::string Out = makeTiledMatmul()->emit("tmm.c");
  EXPECT_EQ(
      slice(Out, "// Nest at tmm.c:4"),
      R"(// Nest at tmm.c:4, from function tmm; each thread runs its part of the tiles.
// Schedule: block(16, 16) thread(j: 2) tile(i: 16, j: 32, k: 16) shared(A) pad(1) maxrregcount(64)
__global__ void __launch_bounds__(256, 4) tmm_kernel0(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int K, int M, int N) {
  __shared__ __align__(16) float c2c_sh_A[16][17];
  float c2c_r_acc[2];
  int i = (int)(blockIdx.y * 16u + threadIdx.y);
  #pragma unroll
  for (int p = 0; p < 2; ++p) {
    c2c_r_acc[p] = 0.0f;
  }
  for (int k0 = 0; k0 < K; k0 += 16) {
    if (i < M && k0 + (int)threadIdx.x < K) {
      c2c_sh_A[threadIdx.y][threadIdx.x] = A[(long long)i * (long long)K + (k0 + (int)threadIdx.x)];
    }
    __syncthreads();
    #pragma unroll 4
    for (int kk = 0; kk < 16; ++kk) {
      #pragma unroll
      for (int p = 0; p < 2; ++p) {
        int j = (int)(blockIdx.x * 32u + threadIdx.x) + p * 16;
        if (k0 + kk < K && j < N) {
          c2c_r_acc[p] += c2c_sh_A[threadIdx.y][kk] * B[(long long)(k0 + kk) * (long long)N + j];
        }
      }
    }
    __syncthreads();
  }
  #pragma unroll
  for (int p = 0; p < 2; ++p) {
    int j = (int)(blockIdx.x * 32u + threadIdx.x) + p * 16;
    if (i < M && j < N) {
      C[(long long)i * (long long)N + j] = c2c_r_acc[p];
    }
  }
}
)");
  // No grid-stride loop, no trip count.
  EXPECT_EQ(Out.find("c2c_t_"), std::string::npos);
  EXPECT_EQ(Out.find("c2c_trip_"), std::string::npos);
}

TEST(ExplicitKernelPrint, LaunchText) {
  std::string Out = makeTiledMatmul()->emit("tmm.c");
  std::string Body = slice(Out, "static void c2c_tmm_body(");
  EXPECT_EQ(block(Body, "// Launch tmm_kernel0", "  }"),
            R"(    // Launch tmm_kernel0 (tmm.c:4).
    const long long c2c_blocks_x = ((long long)N + 31LL) / 32LL;
    const long long c2c_blocks_y = ((long long)M + 15LL) / 16LL;
    const long long c2c_blocks_z = 1LL;
    if (c2c_blocks_x > 0 && c2c_blocks_y > 0 && c2c_blocks_z > 0) {
      const dim3 c2c_grid(c2c_clamp_blocks(c2c_blocks_x, 2147483647LL), c2c_clamp_blocks(c2c_blocks_y, 65535LL), c2c_clamp_blocks(c2c_blocks_z, 65535LL));
      const dim3 c2c_block(16u, 16u, 1u);
      tmm_kernel0<<<c2c_grid, c2c_block>>>(c2c_d_A, c2c_d_B, c2c_d_C, K, M, N);
      c2c_check_launch("tmm_kernel0", "tmm.c:4");
    }
  }
)");
  // The prelude defines the clamp the launch uses.
  EXPECT_NE(Out.find("static inline unsigned c2c_clamp_blocks(long long "
                     "blocks,"),
            std::string::npos);
}

TEST(ExplicitKernelPrint, ParamsSkipBuiltinsAndLocalArrays) {
  ProgramPtr P = makeTiledMatmul();
  const Kernel &K = P->Lowered[0].Kernels[0];
  std::vector<codegen::KernelParam> Params =
      codegen::kernelParams(K, P->M.Functions[0]);
  std::vector<std::string> Names;
  for (const codegen::KernelParam &KP : Params)
    Names.push_back(KP.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"A", "B", "C", "K", "M", "N"}));
  EXPECT_EQ(codegen::threadsPerBlock(K), 256u);
  EXPECT_EQ(codegen::blockDim(K, 2), 1u);
  // The lowering's lists need not mention built-ins; a scalar the body
  // reads that is not listed is still passed (here M), and a kernel-
  // declared array listed by mistake is not a parameter.
  Kernel K2 = K;
  K2.Scalars = {{"K", SK::Int, false}, {"N", SK::Int, false}};
  K2.Arrays.push_back("c2c_sh_A");
  Names.clear();
  for (const codegen::KernelParam &KP :
       codegen::kernelParams(K2, P->M.Functions[0]))
    Names.push_back(KP.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"A", "B", "C", "K", "N", "M"}));
}

TEST(ExplicitKernelPrint, LoopUnrollOnGridKernels) {
  // ForStmt::Unroll prints on grid kernels too, and wins over the
  // schedule's factor for the same loop; other loops keep the schedule's.
  ProgramPtr P = makeMatmul();
  Kernel &K = P->Lowered[0].Kernels[0];
  K.Schedule.Unroll = {{"k", 2}};
  std::string Plain = P->emit("matmul.c");
  EXPECT_NE(Plain.find("      #pragma unroll 2\n      for (int k = 0; k < K; "
                       "++k) {\n"),
            std::string::npos);
  for (StmtPtr &S : K.Body)
    if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      auto Copy = std::make_shared<ForStmt>(*F);
      Copy->Unroll = 8;
      S = Copy;
    }
  std::string Out = P->emit("matmul.c");
  EXPECT_NE(Out.find("      #pragma unroll 8\n      for (int k = 0; k < K; "
                     "++k) {\n"),
            std::string::npos);
  EXPECT_EQ(Out.find("#pragma unroll 2"), std::string::npos);
}

TEST(ExplicitKernelPrintDeathTest, BarrierOnlyInExplicitKernels) {
  ProgramPtr P = makeMatmul();
  P->Lowered[0].Kernels[0].Body.push_back(barrier());
  EXPECT_DEATH(P->emit("matmul.c"),
               "kernel 'matmul_kernel0': barrier in a kernel without explicit "
               "threads");
}

TEST(ExplicitKernelPrintDeathTest, WrittenScalarNeedsAtomics) {
  // Every thread of the block would keep its own copy of a written scalar.
  ProgramPtr P = makeTiledMatmul();
  Kernel &K = P->Lowered[0].Kernels[0];
  K.Body.push_back(assign(var("M"), AssignOpKind::Set, ilit(0)));
  K.Scalars[1].Written = true;
  EXPECT_DEATH(P->emit("tmm.c"), "scalar 'M' is written by a kernel with "
                                 "several threads");
}

TEST(ExplicitKernelPrint, CompilesWithNvcc) {
  std::string Nvcc = c2cuda::findNvcc();
  if (Nvcc.empty())
    GTEST_SKIP() << "nvcc not found";
  // C2CUDA_CODEGEN_TEST_DIR keeps the file there (to run it elsewhere).
  const char *Keep = std::getenv("C2CUDA_CODEGEN_TEST_DIR");
  llvm::SmallString<128> Dir;
  if (Keep)
    ASSERT_FALSE(llvm::sys::fs::create_directories(Keep)) << Keep;
  if (Keep)
    Dir = Keep;
  else
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("c2cuda-explicit", Dir));
  std::string Cu = std::string(Dir) + "/tmm.cu";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Cu, EC);
    ASSERT_FALSE(EC) << EC.message();
    OS << makeTiledMatmul()->emit("tmm.c");
  }
  std::string Out;
  int Rc = runShell(Nvcc + " -arch=sm_90 -std=c++17 -Werror all-warnings -c " +
                        Cu + " -o " + std::string(Dir) + "/tmm.o",
                    Out);
  EXPECT_EQ(Rc, 0) << Out;
  if (!Keep)
    llvm::sys::fs::remove_directories(Dir);
}

} // namespace
