//===- AccessPatternTest.cpp - Warp requests and shared-memory banks ------===//
//
// Nests with known warp behaviour: matmul and transpose under both
// mappings, strided and 8-byte accesses, coarsening, defaulted sizes, and
// the bank-conflict degree of 32x32 float and double tiles read by rows and
// by columns with and without padding.
//
//===----------------------------------------------------------------------===//

#include "AccessTestHelpers.h"
#include "IRBuilders.h"

#include "analysis/AccessPattern.h"

#include "gtest/gtest.h"

using namespace c2cuda;
using namespace c2cuda::irb;

namespace {

constexpr ScalarKind Float = ScalarKind::Float;
constexpr ScalarKind Double = ScalarKind::Double;
constexpr auto LT = LoopCmp::LT;
using test::RefPtr;

using test::mapping;
using test::refIndex;

/// C[i*N + j] += A[i*K + k] * B[k*N + j], pointer parameters.
struct Matmul {
  RefPtr A, B, C;
  Function F;
  std::shared_ptr<const NestStmt> N;
  Matmul() {
    A = ref("A", {add(mul(var("i"), var("K")), var("k"))});
    B = ref("B", {add(mul(var("k"), var("N")), var("j"))});
    C = ref("C", {add(mul(var("i"), var("N")), var("j"))});
    auto K = forLoop("k", lit(0), LT, var("K"), 1, {addAssign(C, mul(A, B))});
    auto J = forLoop("j", lit(0), LT, var("N"), 1, {K});
    auto I = forLoop("i", lit(0), LT, var("M"), 1, {J});
    N = nest({I});
    F = function("matmul",
                 {scalarParam("M"), scalarParam("N"), scalarParam("K"),
                  ptrParam("A"), ptrParam("B"), ptrParam("C")},
                 {N});
  }
};

TEST(AccessPatternTest, MatmulWithJOnX) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  ASSERT_EQ(M.Refs.size(), 3u);
  SizeMap Sizes = {{"M", 1024}, {"N", 512}, {"K", 256}};
  ThreadMapping TM = mapping("j", "i", 32, 8);

  // A[i][k]: every lane has the same i (one warp is one row of the block).
  WarpAccess A = analyzeWarpAccess(M, refIndex(M, MM.A), TM, Sizes);
  EXPECT_TRUE(A.Why.empty()) << A.Why;
  EXPECT_EQ(A.ActiveLanes, 32u);
  EXPECT_TRUE(A.Broadcast);
  EXPECT_EQ(A.ElemStride, 0);
  EXPECT_EQ(A.StrideText, "0");
  EXPECT_EQ(A.Sectors, 1u);
  EXPECT_EQ(A.IdealSectors, 1u);

  WarpAccess B = analyzeWarpAccess(M, refIndex(M, MM.B), TM, Sizes);
  EXPECT_FALSE(B.Broadcast);
  EXPECT_EQ(B.ElemStride, 1);
  EXPECT_EQ(B.ByteStride, 4);
  EXPECT_EQ(B.StrideText, "1");
  EXPECT_EQ(B.Sectors, 4u);
  EXPECT_EQ(B.IdealSectors, 4u);
  EXPECT_TRUE(B.coalesced());

  WarpAccess C = analyzeWarpAccess(M, refIndex(M, MM.C), TM, Sizes);
  EXPECT_EQ(C.ElemStride, 1);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_TRUE(C.DefaultedSizes.empty());

  // Delinearized subscripts: A is [i][k], with stride K for dimension 0.
  const RefSite &RA = M.Refs[refIndex(M, MM.A)];
  ASSERT_EQ(RA.Subs.size(), 2u);
  EXPECT_EQ(polyText(*RA.Subs[0], RA.Loops), "i");
  EXPECT_EQ(polyText(*RA.Subs[1], RA.Loops), "k");
  EXPECT_EQ(polyText(RA.DimStrides[0], RA.Loops), "K");
}

TEST(AccessPatternTest, MatmulWithIOnX) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  SizeMap Sizes = {{"M", 1024}, {"N", 512}, {"K", 256}};
  ThreadMapping TM = mapping("i", "j", 32, 8);

  WarpAccess A = analyzeWarpAccess(M, refIndex(M, MM.A), TM, Sizes);
  EXPECT_EQ(A.StrideText, "K");
  EXPECT_EQ(A.ElemStride, 256);
  EXPECT_EQ(A.ByteStride, 1024);
  EXPECT_EQ(A.Sectors, 32u);
  EXPECT_EQ(A.IdealSectors, 4u);
  EXPECT_FALSE(A.coalesced());

  WarpAccess B = analyzeWarpAccess(M, refIndex(M, MM.B), TM, Sizes);
  EXPECT_TRUE(B.Broadcast);
  EXPECT_EQ(B.Sectors, 1u);

  WarpAccess C = analyzeWarpAccess(M, refIndex(M, MM.C), TM, Sizes);
  EXPECT_EQ(C.StrideText, "N");
  EXPECT_EQ(C.ElemStride, 512);
  EXPECT_EQ(C.Sectors, 32u);
}

TEST(AccessPatternTest, MissingSizeIsDefaultedAndReported) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  WarpAccess A = analyzeWarpAccess(
      M, refIndex(M, MM.A), mapping("i", "j", 32, 8), {{"M", 64}, {"N", 64}});
  EXPECT_EQ(A.ElemStride, kDefaultProblemSize);
  EXPECT_EQ(A.DefaultedSizes, std::set<std::string>{"K"});
}

TEST(AccessPatternTest, Coarsening) {
  Matmul MM;
  NestModel M = buildNestModel(MM.F, *MM.N);
  SizeMap Sizes = {{"M", 1024}, {"N", 1024}, {"K", 1024}};
  ThreadMapping TM = mapping("j", "i", 32, 8);
  TM.Elems = {4, 1, 1};
  // Blocked: thread t runs j = 4t .. 4t+3, so lanes are 4 elements apart
  // and the warp's first request spans 512 bytes.
  WarpAccess B = analyzeWarpAccess(M, refIndex(M, MM.B), TM, Sizes);
  EXPECT_EQ(B.ElemStride, 4);
  EXPECT_EQ(B.StrideText, "4");
  EXPECT_EQ(B.Sectors, 16u);
  EXPECT_EQ(B.IdealSectors, 4u);
  // Cyclic: thread t runs j = t, t + T, ...: consecutive again.
  TM.Coarsen = Coarsening::Cyclic;
  B = analyzeWarpAccess(M, refIndex(M, MM.B), TM, Sizes);
  EXPECT_EQ(B.ElemStride, 1);
  EXPECT_EQ(B.Sectors, 4u);
}

/// out[j*N + i] = in[i*N + j].
struct Transpose {
  RefPtr In, Out;
  Function F;
  std::shared_ptr<const NestStmt> N;
  Transpose() {
    In = ref("in", {add(mul(var("i"), var("N")), var("j"))});
    Out = ref("out", {add(mul(var("j"), var("N")), var("i"))});
    auto J = forLoop("j", lit(0), LT, var("N"), 1, {assign(Out, In)});
    N = nest({forLoop("i", lit(0), LT, var("N"), 1, {J})});
    F = function("transpose",
                 {scalarParam("N"), ptrParam("in"), ptrParam("out")}, {N});
  }
};

TEST(AccessPatternTest, TransposeBothWays) {
  Transpose T;
  NestModel M = buildNestModel(T.F, *T.N);
  SizeMap Sizes = {{"N", 1000}};
  auto WJ = analyzeWarpAccesses(M, mapping("j", "i", 32, 8), Sizes);
  auto WI = analyzeWarpAccesses(M, mapping("i", "j", 32, 8), Sizes);
  size_t In = refIndex(M, T.In), Out = refIndex(M, T.Out);
  // j on x: the read is contiguous, the write strided by N.
  EXPECT_EQ(WJ[In].Sectors, 4u);
  EXPECT_EQ(WJ[Out].Sectors, 32u);
  EXPECT_EQ(WJ[Out].StrideText, "N");
  EXPECT_EQ(WJ[Out].ElemStride, 1000);
  // i on x: the other way round.
  EXPECT_EQ(WI[In].Sectors, 32u);
  EXPECT_EQ(WI[In].ElemStride, 1000);
  EXPECT_EQ(WI[Out].Sectors, 4u);
  EXPECT_EQ(WI[Out].ElemStride, 1);
}

TEST(AccessPatternTest, MultiDimParameterTranspose) {
  // B[i][j] = A[j][i] with float A[n][n], B[n][n].
  auto A = ref("A", {var("j"), var("i")});
  auto B = ref("B", {var("i"), var("j")});
  auto J = forLoop("j", lit(0), LT, var("n"), 1, {assign(B, A)});
  auto N = nest({forLoop("i", lit(0), LT, var("n"), 1, {J})});
  Function F =
      function("t2",
               {scalarParam("n"), arrayParam("A", {var("n"), var("n")}),
                arrayParam("B", {var("n"), var("n")})},
               {N});
  NestModel M = buildNestModel(F, *N);
  auto W = analyzeWarpAccesses(M, mapping("j", "i", 32, 8), {{"n", 300}});
  EXPECT_EQ(W[refIndex(M, A)].StrideText, "n");
  EXPECT_EQ(W[refIndex(M, A)].ElemStride, 300);
  EXPECT_EQ(W[refIndex(M, A)].Sectors, 32u);
  EXPECT_EQ(W[refIndex(M, B)].Sectors, 4u);
}

TEST(AccessPatternTest, StrideTwoAndDoubles) {
  // A[2*i] = B[i] (float), D[i] = 0 (double).
  auto A = ref("A", {mul(lit(2), var("i"))});
  auto B = ref("B", {var("i")});
  auto D = ref("D", {var("i")}, Double);
  auto I = forLoop("i", lit(0), LT, var("n"), 1,
                   {assign(A, B), assign(D, flit(0, Double))});
  auto N = nest({I});
  Function F = function(
      "s2",
      {scalarParam("n"), ptrParam("A"), ptrParam("B"), ptrParam("D", Double)},
      {N});
  NestModel M = buildNestModel(F, *N);
  ThreadMapping TM;
  TM.Iter = {"i", "", ""};
  TM.Block = {256, 1, 1};
  auto W = analyzeWarpAccesses(M, TM, {{"n", 4096}});
  const WarpAccess &WA = W[refIndex(M, A)];
  EXPECT_EQ(WA.ElemStride, 2);
  EXPECT_EQ(WA.ByteStride, 8);
  EXPECT_EQ(WA.StrideText, "2");
  EXPECT_EQ(WA.Sectors, 8u);
  EXPECT_EQ(WA.IdealSectors, 4u);
  EXPECT_FALSE(WA.coalesced());
  EXPECT_EQ(W[refIndex(M, B)].Sectors, 4u);
  const WarpAccess &WD = W[refIndex(M, D)];
  EXPECT_EQ(WD.ElemBytes, 8u);
  EXPECT_EQ(WD.ByteStride, 8);
  EXPECT_EQ(WD.Sectors, 8u);
  EXPECT_EQ(WD.IdealSectors, 8u);
  EXPECT_TRUE(WD.coalesced());
}

TEST(AccessPatternTest, LanesPastTheLoopBoundDoNotAccess) {
  // for (i = 0; i < 5; i++) A[i + 6] = 0 on a block of 32: 5 lanes, and
  // elements 6..10 straddle the first two sectors.
  auto A = ref("A", {add(var("i"), lit(6))});
  auto N = nest({forLoop("i", lit(0), LT, lit(5), 1, {assign(A, flit(0))})});
  Function F = function("small", {ptrParam("A")}, {N});
  NestModel M = buildNestModel(F, *N);
  ThreadMapping TM;
  TM.Iter = {"i", "", ""};
  WarpAccess W = analyzeWarpAccess(M, 0, TM, {});
  EXPECT_EQ(W.ActiveLanes, 5u);
  EXPECT_EQ(W.DistinctElements, 5u);
  EXPECT_EQ(W.Sectors, 2u);
  EXPECT_EQ(W.IdealSectors, 1u);
}

/// out[j][i] = in[i][j] on n x n arrays of type T; the read of `in` goes
/// through a 32x32 tile.
struct TileRead {
  RefPtr In, Out;
  Function F;
  std::shared_ptr<const NestStmt> N;
  explicit TileRead(ScalarKind T) {
    In = ref("in", {var("i"), var("j")}, T);
    Out = ref("out", {var("j"), var("i")}, T);
    auto J = forLoop("j", lit(0), LT, var("n"), 1, {assign(Out, In)});
    N = nest({forLoop("i", lit(0), LT, var("n"), 1, {J})});
    F = function("tile",
                 {scalarParam("n"), arrayParam("in", {var("n"), var("n")}, T),
                  arrayParam("out", {var("n"), var("n")}, T)},
                 {N});
  }
};

TEST(AccessPatternTest, BankConflictsOfFloatTile) {
  TileRead T(Float);
  NestModel M = buildNestModel(T.F, *T.N);
  size_t In = refIndex(M, T.In);
  SizeMap Sizes = {{"n", 1024}};
  SharedLayout Tile{{32, 32}, 0, 0};
  // i on x: the 32 lanes read one column of the tile.
  ThreadMapping Col = mapping("i", "j", 32, 8);
  BankConflicts B = sharedBankConflicts(M, In, Col, Tile, Sizes);
  EXPECT_TRUE(B.Why.empty()) << B.Why;
  EXPECT_EQ(B.ActiveLanes, 32u);
  EXPECT_EQ(B.Degree, 32u);
  EXPECT_EQ(B.IdealDegree, 1u);
  EXPECT_FALSE(B.OutsideTile);
  Tile.Pad = 1;
  EXPECT_EQ(sharedBankConflicts(M, In, Col, Tile, Sizes).Degree, 1u);
  Tile.Pad = 2; // Rows 34 words apart: lanes l and l + 16 share a bank.
  EXPECT_EQ(sharedBankConflicts(M, In, Col, Tile, Sizes).Degree, 2u);
  // j on x: a row, conflict-free without padding.
  Tile.Pad = 0;
  ThreadMapping Row = mapping("j", "i", 32, 8);
  EXPECT_EQ(sharedBankConflicts(M, In, Row, Tile, Sizes).Degree, 1u);
  // A 16x2 block reads two half rows 32 words apart: the same 16 banks.
  ThreadMapping Half = mapping("j", "i", 16, 2);
  EXPECT_EQ(sharedBankConflicts(M, In, Half, Tile, Sizes).Degree, 2u);
  Tile.Pad = 16; // Rows 48 words apart: the other 16 banks.
  EXPECT_EQ(sharedBankConflicts(M, In, Half, Tile, Sizes).Degree, 1u);
}

TEST(AccessPatternTest, BankConflictsOfDoubleTile) {
  TileRead T(Double);
  NestModel M = buildNestModel(T.F, *T.N);
  size_t In = refIndex(M, T.In);
  SizeMap Sizes = {{"n", 1024}};
  SharedLayout Tile{{32, 32}, 0, 0}; // Element size from the reference.
  ThreadMapping Col = mapping("i", "j", 32, 8);
  BankConflicts B = sharedBankConflicts(M, In, Col, Tile, Sizes);
  EXPECT_EQ(B.Words, 64u);
  EXPECT_EQ(B.Degree, 32u);
  EXPECT_EQ(B.IdealDegree, 2u);
  Tile.Pad = 1; // Rows 66 words apart.
  B = sharedBankConflicts(M, In, Col, Tile, Sizes);
  EXPECT_EQ(B.Degree, 2u);
  EXPECT_EQ(B.IdealDegree, 2u);
  Tile.Pad = 0;
  B = sharedBankConflicts(M, In, mapping("j", "i", 32, 8), Tile, Sizes);
  EXPECT_EQ(B.Degree, 2u);
  // The same tile declared as float: 4-byte words, conflict-free rows.
  Tile.ElemBytes = 4;
  B = sharedBankConflicts(M, In, mapping("j", "i", 32, 8), Tile, Sizes);
  EXPECT_EQ(B.Degree, 1u);
}

TEST(AccessPatternTest, BankConflictsOfDelinearizedPointer) {
  // The transpose's in[i*N + j] read by columns through a [32][33] tile.
  Transpose T;
  NestModel M = buildNestModel(T.F, *T.N);
  size_t In = refIndex(M, T.In);
  SizeMap Sizes = {{"N", 2048}};
  ThreadMapping Col = mapping("i", "j", 32, 8);
  EXPECT_EQ(sharedBankConflicts(M, In, Col, {{32, 32}, 0, 0}, Sizes).Degree,
            32u);
  EXPECT_EQ(sharedBankConflicts(M, In, Col, {{32, 32}, 1, 0}, Sizes).Degree,
            1u);
  // A tile too small for the warp is flagged.
  EXPECT_TRUE(
      sharedBankConflicts(M, In, Col, {{16, 32}, 1, 0}, Sizes).OutsideTile);
}

} // namespace
