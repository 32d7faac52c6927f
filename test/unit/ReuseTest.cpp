//===- ReuseTest.cpp - Reuse, footprints and promotion candidates ---------===//
//
// Matmul (A and B to shared memory, C to a register), a 3x3 convolution
// (input tile with its halo, mask to shared/constant memory), the Jacobi
// stencil's group reuse, and the four nests of supervised NMF.
//
//===----------------------------------------------------------------------===//

#include "AccessTestHelpers.h"
#include "IRBuilders.h"

#include "analysis/Reuse.h"

#include "gtest/gtest.h"

using namespace c2cuda;
using namespace c2cuda::irb;

namespace {

constexpr ScalarKind Float = ScalarKind::Float;
constexpr auto LT = LoopCmp::LT;
using test::RefPtr;
using ForPtr = std::shared_ptr<const ForStmt>;

using test::mapping;
using test::refIndex;

/// idx(a, S, b) = a*S + b.
ExprPtr lin(ExprPtr A, const std::string &S, ExprPtr B) {
  return add(mul(A, var(S)), B);
}

/// C[i*N + j] += A[i*K + k] * B[k*N + j].
struct Matmul {
  RefPtr A, B, C;
  ForPtr I, J, K;
  Function F;
  std::shared_ptr<const NestStmt> N;
  Matmul() {
    A = ref("A", {lin(var("i"), "K", var("k"))});
    B = ref("B", {lin(var("k"), "N", var("j"))});
    C = ref("C", {lin(var("i"), "N", var("j"))});
    K = forLoop("k", lit(0), LT, var("K"), 1, {addAssign(C, mul(A, B))});
    J = forLoop("j", lit(0), LT, var("N"), 1, {K});
    I = forLoop("i", lit(0), LT, var("M"), 1, {J});
    N = nest({I});
    F = function("matmul",
                 {scalarParam("M"), scalarParam("N"), scalarParam("K"),
                  ptrParam("A"), ptrParam("B"), ptrParam("C")},
                 {N});
  }
};

TEST(ReuseTest, MatmulPromotesAAndBToSharedAndCToARegister) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  SizeMap Sizes = {{"M", 1024}, {"N", 1024}, {"K", 1024}};
  NestReuse R = analyzeReuse(M, mapping("j", "i", 32, 8), Sizes);
  ASSERT_TRUE(R.Why.empty()) << R.Why;
  EXPECT_TRUE(R.DefaultedSizes.empty());
  EXPECT_EQ(R.Tile.at(MM.K.get()), 32);
  EXPECT_EQ(R.ItersPerBlock.at(MM.K.get()), 1024);
  EXPECT_EQ(R.ItersPerBlock.at(MM.J.get()), 32);

  // Temporal reuse and sharing threads.
  const RefReuse &RA = R.Refs[refIndex(M, MM.A)];
  const RefReuse &RB = R.Refs[refIndex(M, MM.B)];
  const RefReuse &RC = R.Refs[refIndex(M, MM.C)];
  EXPECT_EQ(RA.InvariantIters, std::vector<std::string>{"j"});
  EXPECT_EQ(RB.InvariantIters, std::vector<std::string>{"i"});
  EXPECT_EQ(RC.InvariantIters, std::vector<std::string>{"k"});
  EXPECT_EQ(RA.ThreadsSharing, 32);
  EXPECT_EQ(RB.ThreadsSharing, 8);
  EXPECT_EQ(RC.ThreadsSharing, 1);
  EXPECT_EQ(RA.ExecutionsPerBlock, 256 * 1024);

  // Footprints of a 32x8 block with a k tile of 32.
  const ArrayReuse *A = R.array("A"), *B = R.array("B");
  ASSERT_TRUE(A && B);
  EXPECT_EQ(A->BoxExtent, (std::vector<int64_t>{8, 32}));
  EXPECT_EQ(B->BoxExtent, (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(A->FootprintBytes, 1024);
  EXPECT_EQ(A->TilesPerBlock, 32);

  // Shared: A saves a factor Bx, B a factor By.
  const Promotion *SA = R.shared("A"), *SB = R.shared("B");
  ASSERT_TRUE(SA && SB);
  EXPECT_EQ(SA->TrafficWithout, 256 * 1024);
  EXPECT_EQ(SA->TrafficWith, 32 * 256);
  EXPECT_DOUBLE_EQ(SA->Ratio, 32.0);
  EXPECT_DOUBLE_EQ(SB->Ratio, 8.0);
  EXPECT_FALSE(SA->ConstantMemory);
  EXPECT_EQ(R.shared("C"), nullptr);

  // Register: C[i][j] is loaded and stored once per thread, not per k.
  ASSERT_EQ(R.Registers.size(), 1u);
  const Promotion &PC = R.Registers[0];
  EXPECT_EQ(PC.Array, "C");
  EXPECT_EQ(PC.Loop, MM.K.get());
  EXPECT_EQ(PC.TrafficWithout, 2 * 256 * 1024);
  EXPECT_EQ(PC.TrafficWith, 2 * 256);
  EXPECT_DOUBLE_EQ(PC.Ratio, 1024.0);
}

TEST(ReuseTest, MatmulTileSizesAndBudget) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  SizeMap Sizes = {{"M", 1024}, {"N", 1024}, {"K", 1024}};
  ReuseOptions O;
  O.TileSizes["k"] = 16;
  O.SharedBudgetBytes = 1024;
  NestReuse R = analyzeReuse(M, mapping("j", "i", 32, 8), Sizes, O);
  EXPECT_EQ(R.array("A")->BoxExtent, (std::vector<int64_t>{8, 16}));
  EXPECT_EQ(R.array("A")->TilesPerBlock, 64);
  EXPECT_EQ(R.array("B")->FootprintBytes, 16 * 32 * 4);
  // B's 2 KiB tile exceeds the 1 KiB budget; A's 512 bytes fit.
  EXPECT_NE(R.shared("A"), nullptr);
  EXPECT_EQ(R.shared("B"), nullptr);
  ASSERT_TRUE(R.NotPromoted.count("B"));
  EXPECT_NE(R.NotPromoted.at("B").find("budget"), std::string::npos);
}

TEST(ReuseTest, MatmulWithIOnXSwapsTheSharingThreads) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  NestReuse R = analyzeReuse(M, mapping("i", "j", 32, 8),
                             {{"M", 512}, {"N", 512}, {"K", 512}});
  EXPECT_EQ(R.Refs[refIndex(M, MM.A)].ThreadsSharing, 8);
  EXPECT_EQ(R.Refs[refIndex(M, MM.B)].ThreadsSharing, 32);
  EXPECT_EQ(R.array("A")->BoxExtent, (std::vector<int64_t>{32, 32}));
}

/// examples/conv2d.c: out[i*(W-2) + j] = sum mask[r][s] * in[(i+r)*W + j+s].
struct Conv {
  RefPtr In, Mask, Out;
  Function F;
  std::shared_ptr<const NestStmt> N;
  Conv() {
    In = ref("in", {add(mul(add(var("i"), var("r")), var("W")),
                        add(var("j"), var("s")))});
    Mask = ref("mask", {var("r"), var("s")});
    Out = ref("out", {add(mul(var("i"), sub(var("W"), lit(2))), var("j"))});
    auto S = forLoop("s", lit(0), LT, lit(3), 1,
                     {addAssign(fvar("acc"), mul(Mask, In))});
    auto R = forLoop("r", lit(0), LT, lit(3), 1, {S});
    auto J =
        forLoop("j", lit(0), LT, sub(var("W"), lit(2)), 1,
                {decl("acc", Float, flit(0)), R, assign(Out, fvar("acc"))});
    auto I = forLoop("i", lit(0), LT, sub(var("H"), lit(2)), 1, {J});
    N = nest({I});
    F = function("conv2d_3x3",
                 {scalarParam("H"), scalarParam("W"), ptrParam("in"),
                  arrayParam("mask", {lit(3), lit(3)}), ptrParam("out")},
                 {N});
  }
};

TEST(ReuseTest, ConvolutionFootprintHasTheHalo) {
  Conv C;
  NestModel M = buildNestModel(C.F, *C.N);
  SizeMap Sizes = {{"H", 1026}, {"W", 1026}};
  for (auto [Bx, By] : {std::pair{32u, 8u}, {16u, 16u}, {8u, 4u}}) {
    NestReuse R = analyzeReuse(M, mapping("j", "i", Bx, By), Sizes);
    ASSERT_TRUE(R.Why.empty()) << R.Why;
    const ArrayReuse *In = R.array("in");
    ASSERT_TRUE(In && In->FootprintKnown) << (In ? In->Why : "");
    EXPECT_EQ(In->BoxExtent, (std::vector<int64_t>{By + 2, Bx + 2}));
    EXPECT_EQ(In->FootprintElements, int64_t(Bx + 2) * (By + 2));
    EXPECT_EQ(In->TilesPerBlock, 1);
    EXPECT_TRUE(R.Refs[refIndex(M, C.In)].SlidingWindow);
    const Promotion *P = R.shared("in");
    ASSERT_NE(P, nullptr);
    EXPECT_EQ(P->TrafficWithout, int64_t(Bx) * By * 9);
    EXPECT_EQ(P->TrafficWith, int64_t(Bx + 2) * (By + 2));
    EXPECT_FALSE(P->ConstantMemory);
  }
}

TEST(ReuseTest, ConvolutionMaskGoesToSharedOrConstantMemory) {
  Conv C;
  NestModel M = buildNestModel(C.F, *C.N);
  NestReuse R =
      analyzeReuse(M, mapping("j", "i", 32, 8), {{"H", 1026}, {"W", 1026}});
  const RefReuse &RM = R.Refs[refIndex(M, C.Mask)];
  EXPECT_EQ(RM.ThreadsSharing, 256);
  EXPECT_EQ(RM.InvariantIters, (std::vector<std::string>{"i", "j"}));
  const ArrayReuse *Mask = R.array("mask");
  EXPECT_EQ(Mask->BoxExtent, (std::vector<int64_t>{3, 3}));
  const Promotion *P = R.shared("mask");
  ASSERT_NE(P, nullptr);
  EXPECT_TRUE(P->ConstantMemory);
  EXPECT_EQ(P->TrafficWithout, 256 * 9);
  EXPECT_EQ(P->TrafficWith, 9);
  // The output is written once per thread: nothing to promote.
  EXPECT_EQ(R.shared("out"), nullptr);
  EXPECT_TRUE(R.Registers.empty());
}

/// PolyBench's first Jacobi sweep inside the time loop:
/// B[i][j] = 0.2f * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]).
TEST(ReuseTest, JacobiGroupReuse) {
  std::vector<RefPtr> As = {ref("A", {var("i"), var("j")}),
                            ref("A", {var("i"), sub(var("j"), lit(1))}),
                            ref("A", {var("i"), add(lit(1), var("j"))}),
                            ref("A", {add(lit(1), var("i")), var("j")}),
                            ref("A", {sub(var("i"), lit(1)), var("j")})};
  ExprPtr Sum = As[0];
  for (size_t K = 1; K < As.size(); ++K)
    Sum = add(Sum, As[K]);
  auto B = ref("B", {var("i"), var("j")});
  auto J = forLoop("j", lit(1), LT, sub(var("n"), lit(1)), 1,
                   {assign(B, mul(flit(0.2), Sum))});
  auto I = forLoop("i", lit(1), LT, sub(var("n"), lit(1)), 1, {J});
  auto T = forLoop("t", lit(0), LT, var("tsteps"), 1, {I});
  auto N = nest({T});
  Function F = function("jacobi2d",
                        {scalarParam("tsteps"), scalarParam("n"),
                         arrayParam("A", {var("n"), var("n")}),
                         arrayParam("B", {var("n"), var("n")})},
                        {N});
  NestModel M = buildNestModel(F, *N);
  NestReuse R =
      analyzeReuse(M, mapping("j", "i", 32, 8), {{"tsteps", 10}, {"n", 1000}});
  ASSERT_TRUE(R.Why.empty()) << R.Why;
  // The time loop is around the mapped loops: one iteration per launch.
  EXPECT_EQ(R.ItersPerBlock.at(T.get()), 1);
  ASSERT_EQ(R.Groups.size(), 1u);
  const GroupReuse &G = R.Groups[0];
  EXPECT_EQ(G.Array, "A");
  ASSERT_EQ(G.Refs.size(), 5u);
  EXPECT_EQ(G.Offsets, (std::vector<std::vector<int64_t>>{
                           {0, 0}, {0, -1}, {0, 1}, {1, 0}, {-1, 0}}));
  EXPECT_TRUE(G.AcrossThreads);
  EXPECT_FALSE(G.InThread);
  // Every A reference is re-read across t only.
  EXPECT_EQ(R.Refs[refIndex(M, As[3])].InvariantIters,
            std::vector<std::string>{"t"});
  // Tile of the 32x8 block plus a one-element halo on each side.
  const ArrayReuse *A = R.array("A");
  EXPECT_EQ(A->BoxLower, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(A->BoxExtent, (std::vector<int64_t>{10, 34}));
  const Promotion *P = R.shared("A");
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(P->TrafficWithout, 5 * 256);
  EXPECT_EQ(P->TrafficWith, 340);
  EXPECT_EQ(R.shared("B"), nullptr);
}

TEST(ReuseTest, WrittenArrayWithReuseIsNotPromoted) {
  // A[i][j] = A[i][j-1] + A[i][j+1] read and written: a shared copy would
  // need writing back, so it is rejected with the reason.
  auto W = ref("A", {var("i"), var("j")});
  auto L = ref("A", {var("i"), sub(var("j"), lit(1))});
  auto Rr = ref("A", {var("i"), add(var("j"), lit(1))});
  auto J = forLoop("j", lit(1), LT, sub(var("n"), lit(1)), 1,
                   {assign(W, add(L, Rr))});
  auto N = nest({forLoop("i", lit(0), LT, var("n"), 1, {J})});
  Function F = function(
      "w", {scalarParam("n"), arrayParam("A", {var("n"), var("n")})}, {N});
  NestModel M = buildNestModel(F, *N);
  NestReuse R = analyzeReuse(M, mapping("j", "i", 32, 8), {{"n", 100}});
  EXPECT_EQ(R.shared("A"), nullptr);
  ASSERT_TRUE(R.NotPromoted.count("A"));
  EXPECT_EQ(R.NotPromoted.at("A"), "the nest writes it");
}

/// examples/nmf.c: the four nests of supervised NMF.
struct Nmf {
  Function F;
  std::vector<std::shared_ptr<const NestStmt>> Nests;
  RefPtr W0, V0, WtV0, Wk1, Wl1, WtW2, H2, H3r, H3w;
  Nmf() {
    auto Acc = [](RefPtr X, RefPtr Y) {
      return addAssign(fvar("acc"), mul(X, Y));
    };
    // Nest 0: WtV[k*T+t] = sum_f W[f*K+k] * V[f*T+t].
    W0 = ref("W", {lin(var("f"), "K", var("k"))});
    V0 = ref("V", {lin(var("f"), "T", var("t"))});
    WtV0 = ref("WtV", {lin(var("k"), "T", var("t"))});
    auto N0 = nest(
        {forLoop("k", lit(0), LT, var("K"), 1,
                 {forLoop("t", lit(0), LT, var("T"), 1,
                          {decl("acc", Float, flit(0)),
                           forLoop("f", lit(0), LT, var("F"), 1, {Acc(W0, V0)}),
                           assign(WtV0, fvar("acc"))})})},
        0);
    // Nest 1: WtW[k*K+l] = sum_f W[f*K+k] * W[f*K+l].
    Wk1 = ref("W", {lin(var("f"), "K", var("k"))});
    Wl1 = ref("W", {lin(var("f"), "K", var("l"))});
    auto WtW1 = ref("WtW", {lin(var("k"), "K", var("l"))});
    auto N1 = nest({forLoop("k", lit(0), LT, var("K"), 1,
                            {forLoop("l", lit(0), LT, var("K"), 1,
                                     {decl("acc", Float, flit(0)),
                                      forLoop("f", lit(0), LT, var("F"), 1,
                                              {Acc(Wk1, Wl1)}),
                                      assign(WtW1, fvar("acc"))})})},
                   1);
    // Nest 2: WtWH[k*T+t] = sum_l WtW[k*K+l] * H[l*T+t].
    WtW2 = ref("WtW", {lin(var("k"), "K", var("l"))});
    H2 = ref("H", {lin(var("l"), "T", var("t"))});
    auto WtWH2 = ref("WtWH", {lin(var("k"), "T", var("t"))});
    auto N2 = nest({forLoop("k", lit(0), LT, var("K"), 1,
                            {forLoop("t", lit(0), LT, var("T"), 1,
                                     {decl("acc", Float, flit(0)),
                                      forLoop("l", lit(0), LT, var("K"), 1,
                                              {Acc(WtW2, H2)}),
                                      assign(WtWH2, fvar("acc"))})})},
                   2);
    // Nest 3: H[k*T+t] = H[k*T+t] * WtV[k*T+t] / (WtWH[k*T+t] + eps).
    H3r = ref("H", {lin(var("k"), "T", var("t"))});
    H3w = ref("H", {lin(var("k"), "T", var("t"))});
    auto WtV3 = ref("WtV", {lin(var("k"), "T", var("t"))});
    auto WtWH3 = ref("WtWH", {lin(var("k"), "T", var("t"))});
    auto N3 =
        nest({forLoop("k", lit(0), LT, var("K"), 1,
                      {forLoop("t", lit(0), LT, var("T"), 1,
                               {assign(H3w, div(mul(H3r, WtV3),
                                                add(WtWH3, fvar("eps"))))})})},
             3);
    Nests = {N0, N1, N2, N3};
    F = function(
        "nmf_supervised",
        {scalarParam("F"), scalarParam("T"), scalarParam("K"),
         scalarParam("iters"), scalarParam("eps", Float), ptrParam("V"),
         ptrParam("W"), ptrParam("H"), ptrParam("WtV"), ptrParam("WtW"),
         ptrParam("WtWH")},
        {N0, N1,
         hostRegion(HostRegion::Form::For,
                    "for (int it = 0; it < iters; ++it) {", {N2, N3})});
  }
};

TEST(ReuseTest, NmfNests) {
  Nmf S;
  SizeMap Sizes = {{"F", 1024}, {"T", 2048}, {"K", 64}, {"iters", 10}};

  // Nest 0 (W^T V), t on x: W is a warp broadcast read by the 32 threads of
  // a row, V is contiguous and read by the 8 rows.
  NestModel M0 = buildNestModel(S.F, *S.Nests[0]);
  ThreadMapping TM0 = mapping("t", "k", 32, 8);
  auto W = analyzeWarpAccesses(M0, TM0, Sizes);
  EXPECT_TRUE(W[refIndex(M0, S.W0)].Broadcast);
  EXPECT_EQ(W[refIndex(M0, S.V0)].Sectors, 4u);
  EXPECT_EQ(W[refIndex(M0, S.WtV0)].Sectors, 4u);
  NestReuse R0 = analyzeReuse(M0, TM0, Sizes);
  ASSERT_TRUE(R0.Why.empty()) << R0.Why;
  EXPECT_EQ(R0.array("W")->BoxExtent, (std::vector<int64_t>{32, 8}));
  EXPECT_EQ(R0.array("V")->BoxExtent, (std::vector<int64_t>{32, 32}));
  ASSERT_TRUE(R0.shared("W") && R0.shared("V"));
  EXPECT_DOUBLE_EQ(R0.shared("W")->Ratio, 32.0);
  EXPECT_DOUBLE_EQ(R0.shared("V")->Ratio, 8.0);
  EXPECT_TRUE(R0.Registers.empty()); // The accumulator is a scalar already.

  // Nest 1 (W^T W), l on x: two references to W, one per tile side; the
  // tile is their union, 32 rows of f by max(8, 32) columns.
  NestModel M1 = buildNestModel(S.F, *S.Nests[1]);
  ThreadMapping TM1 = mapping("l", "k", 32, 8);
  auto W1 = analyzeWarpAccesses(M1, TM1, Sizes);
  EXPECT_TRUE(W1[refIndex(M1, S.Wk1)].Broadcast);
  EXPECT_EQ(W1[refIndex(M1, S.Wl1)].ElemStride, 1);
  NestReuse R1 = analyzeReuse(M1, TM1, Sizes);
  EXPECT_TRUE(R1.Groups.empty()); // W[f][k] and W[f][l]: not a constant apart.
  EXPECT_EQ(R1.array("W")->BoxExtent, (std::vector<int64_t>{32, 32}));
  const Promotion *P1 = R1.shared("W");
  ASSERT_NE(P1, nullptr);
  EXPECT_EQ(P1->TrafficWithout, 2 * 256 * 1024);
  EXPECT_EQ(P1->TrafficWith, 1024 * 32);
  EXPECT_DOUBLE_EQ(P1->Ratio, 16.0);

  // Nest 2 (W^T W H): WtW shared by a row of threads, H by the 8 rows; the
  // l loop has K = 64 iterations, two tiles of 32.
  NestModel M2 = buildNestModel(S.F, *S.Nests[2]);
  NestReuse R2 = analyzeReuse(M2, mapping("t", "k", 32, 8), Sizes);
  EXPECT_EQ(R2.Refs[refIndex(M2, S.WtW2)].ThreadsSharing, 32);
  EXPECT_EQ(R2.Refs[refIndex(M2, S.H2)].ThreadsSharing, 8);
  EXPECT_EQ(R2.array("WtW")->TilesPerBlock, 2);
  ASSERT_TRUE(R2.shared("WtW") && R2.shared("H"));
  EXPECT_EQ(R2.shared("H")->TrafficWith, 2 * 32 * 32);

  // Nest 3 (element-wise update): coalesced, no reuse to exploit.
  NestModel M3 = buildNestModel(S.F, *S.Nests[3]);
  ThreadMapping TM3 = mapping("t", "k", 32, 8);
  for (const WarpAccess &A : analyzeWarpAccesses(M3, TM3, Sizes)) {
    EXPECT_EQ(A.Sectors, 4u) << A.Ref->Array;
    EXPECT_EQ(A.StrideText, "1") << A.Ref->Array;
  }
  NestReuse R3 = analyzeReuse(M3, TM3, Sizes);
  EXPECT_TRUE(R3.Shared.empty());
  EXPECT_TRUE(R3.Registers.empty());
  EXPECT_EQ(R3.array("H")->ThreadsSharing, 1);
  EXPECT_TRUE(R3.array("H")->Written);
}

TEST(ReuseTest, UnknownMappedLoopIsReported) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  NestReuse R = analyzeReuse(M, mapping("q", "i", 32, 8), {});
  EXPECT_EQ(R.Why, "the nest has no loop 'q'");
}

TEST(ReuseTest, DefaultedSizesAreListed) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  NestReuse R = analyzeReuse(M, mapping("j", "i", 32, 8), {{"M", 64}});
  EXPECT_EQ(R.DefaultedSizes, (std::set<std::string>{"K", "N"}));
  EXPECT_EQ(R.ItersPerBlock.at(MM.K.get()), kDefaultProblemSize);
}

} // namespace
