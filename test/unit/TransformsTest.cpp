//===- TransformsTest.cpp - Unit tests of the lowering pipeline -----------===//
//
// Builds the IR of small nests by hand, fills their FunctionFacts by hand (so
// the tests do not depend on the analysis), runs runPipeline and checks the
// kernels, the host body, the array plans and the remarks.
//
//===----------------------------------------------------------------------===//

#include "transforms/Pipeline.h"
#include "transforms/TripCount.h"

#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"

#include "gtest/gtest.h"

#include <climits>
#include <map>

using namespace c2cuda;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

constexpr ScalarKind Int = ScalarKind::Int;
constexpr ScalarKind Long = ScalarKind::Long;
constexpr ScalarKind Float = ScalarKind::Float;

SourceLoc at(unsigned Line, unsigned Col = 3) { return {"t.c", Line, Col}; }

ExprPtr v(const std::string &N, ScalarKind T = Int) {
  return std::make_shared<VarRef>(N, T);
}
ExprPtr lit(int64_t V, ScalarKind T = Int) {
  return std::make_shared<IntLit>(V, T);
}
ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  ScalarKind T = isComparison(Op) ? Int : A->Type;
  return std::make_shared<BinaryExpr>(Op, A, B, T);
}
ExprPtr add(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::Add, A, B); }
ExprPtr sub(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::Sub, A, B); }
ExprPtr mul(ExprPtr A, ExprPtr B) { return bin(BinaryOpKind::Mul, A, B); }
std::shared_ptr<const ArrayRef> ref(const std::string &A,
                                    std::vector<ExprPtr> Idx) {
  return std::make_shared<ArrayRef>(A, std::move(Idx), Float);
}
StmtPtr assign(ExprPtr L, ExprPtr R, AssignOpKind Op = AssignOpKind::Set,
               unsigned Line = 0) {
  return std::make_shared<AssignStmt>(L, Op, R, at(Line));
}
std::shared_ptr<const ForStmt> loop(const std::string &I, ExprPtr Lo,
                                    ExprPtr Hi, StmtList Body, unsigned Line,
                                    LoopCmp Cmp = LoopCmp::LT,
                                    int64_t Step = 1) {
  return std::make_shared<ForStmt>(I, Int, Lo, Cmp, Hi, Step, std::move(Body),
                                   at(Line));
}
std::shared_ptr<const NestStmt> nest(unsigned Id, StmtList Body,
                                     NestClauses C = {}) {
  SourceLoc L = Body.empty() ? at(1) : Body.front()->Loc;
  SourceLoc P = L;
  P.Line -= 1;
  return std::make_shared<NestStmt>(Id, std::move(Body), std::move(C), P, L);
}

Param arrayParam(const std::string &N, bool Const = false) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Pointer;
  P.Elem = Float;
  P.IsConst = Const;
  return P;
}
Param scalarParam(const std::string &N, ScalarKind T = Int) {
  Param P;
  P.Name = N;
  P.Elem = T;
  return P;
}

/// A function under test with its hand-written facts.
struct Case {
  Function F;
  FunctionFacts Facts;
  DiagnosticList Diags;
  LoweredFunction LF;

  NestFacts &facts(const std::shared_ptr<const NestStmt> &N) {
    return Facts.Nests[N.get()];
  }
  void parallel(const std::shared_ptr<const NestStmt> &N,
                const std::shared_ptr<const ForStmt> &L) {
    LoopFacts &LF = facts(N).Loops[L.get()];
    LF.Class = LoopClass::Parallel;
    LF.Parallel = true;
  }
  void sequential(const std::shared_ptr<const NestStmt> &N,
                  const std::shared_ptr<const ForStmt> &L,
                  const std::string &Why) {
    LoopFacts &LF = facts(N).Loops[L.get()];
    LF.Class = LoopClass::Sequential;
    LF.Parallel = false;
    LF.Reason = Why;
  }
  void refFact(const std::shared_ptr<const NestStmt> &N,
               const std::shared_ptr<const ArrayRef> &R, bool Write,
               std::map<std::string, int64_t> Strides) {
    RefFacts RF;
    RF.Ref = R.get();
    RF.IsWrite = Write;
    RF.Affine = true;
    RF.ConstStride = std::move(Strides);
    facts(N).Refs.push_back(RF);
  }
  void extent(const std::string &A, ExprPtr E) { Facts.Extents[A] = {E}; }

  const LoweredFunction &run(PipelineOptions Opts = {}) {
    std::string Sink;
    llvm::raw_string_ostream OS(Sink);
    if (!Opts.Log)
      Opts.Log = &OS;
    LF = runPipeline(F, Facts, Opts, Diags);
    return LF;
  }
  std::vector<std::string> remarks() const {
    std::vector<std::string> R;
    for (const Diagnostic &D : Diags.all())
      if (D.Level == DiagLevel::Remark)
        R.push_back(D.Message);
    return R;
  }
  bool hasRemark(const std::string &Text) const {
    for (const std::string &R : remarks())
      if (R == Text)
        return true;
    return false;
  }
  bool hasRemarkStarting(const std::string &Prefix) const {
    for (const std::string &R : remarks())
      if (R.rfind(Prefix, 0) == 0)
        return true;
    return false;
  }
};

std::vector<std::string> scalarNames(const Kernel &K) {
  std::vector<std::string> N;
  for (const KernelScalar &S : K.Scalars)
    N.push_back(S.Name + (S.Written ? "(w)" : ""));
  return N;
}

/// Evaluates the integer expressions the pipeline builds. With CheckLong, the
/// arithmetic outside casts (the part the trip count adds around the user's
/// bounds) must be 64-bit.
int64_t eval(const Expr &E, const std::map<std::string, int64_t> &Env,
             bool CheckLong = true) {
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
    return cast<IntLit>(E).Value;
  case Expr::Kind::VarRef:
    return Env.at(cast<VarRef>(E).Name);
  case Expr::Kind::Cast: {
    // Inside the cast is the user's bound, computed in its C type.
    int64_t X = eval(*cast<CastExpr>(E).Operand, Env, false);
    switch (E.Type) {
    case ScalarKind::Int:
      return static_cast<int32_t>(X);
    case ScalarKind::UInt:
      return static_cast<uint32_t>(X);
    default:
      return X;
    }
  }
  case Expr::Kind::Select: {
    const auto &S = cast<SelectExpr>(E);
    return eval(*S.Cond, Env, CheckLong) ? eval(*S.True, Env, CheckLong)
                                         : eval(*S.False, Env, CheckLong);
  }
  case Expr::Kind::Binary: {
    const auto &B = cast<BinaryExpr>(E);
    int64_t L = eval(*B.LHS, Env, CheckLong), R = eval(*B.RHS, Env, CheckLong);
    // Every operand of a trip count is Long: check that int arithmetic is
    // never used, since it could overflow.
    if (CheckLong) {
      if (!isComparison(B.Op)) {
        EXPECT_EQ(B.Type, Long) << exprToString(E);
      }
      EXPECT_EQ(B.LHS->Type, Long) << exprToString(E);
      EXPECT_EQ(B.RHS->Type, Long) << exprToString(E);
    }
    switch (B.Op) {
    case BinaryOpKind::Add:
      return L + R;
    case BinaryOpKind::Sub:
      return L - R;
    case BinaryOpKind::Mul:
      return L * R;
    case BinaryOpKind::Div:
      return L / R;
    case BinaryOpKind::LT:
      return L < R;
    case BinaryOpKind::LE:
      return L <= R;
    case BinaryOpKind::GT:
      return L > R;
    case BinaryOpKind::GE:
      return L >= R;
    default:
      ADD_FAILURE() << "unexpected operator";
      return 0;
    }
  }
  default:
    ADD_FAILURE() << "unexpected expression " << exprToString(E);
    return 0;
  }
}

int64_t bruteForceTrips(int64_t Lo, LoopCmp Cmp, int64_t Hi, int64_t Step) {
  int64_t N = 0;
  for (int64_t I = Lo;; I += Step) {
    bool In = Cmp == LoopCmp::LT   ? I < Hi
              : Cmp == LoopCmp::LE ? I <= Hi
              : Cmp == LoopCmp::GT ? I > Hi
                                   : I >= Hi;
    if (!In)
      break;
    ++N;
  }
  return N;
}

//===----------------------------------------------------------------------===//
// Matmul: C[i*N+j] = 0; for k: C[i*N+j] += A[i*K+k] * B[k*N+j]
//===----------------------------------------------------------------------===//

struct Matmul : Case {
  std::shared_ptr<const ForStmt> I, J, Kl;
  std::shared_ptr<const NestStmt> N;
  Matmul(NestClauses Clauses = {}) {
    F.Name = "matmul";
    F.Params = {arrayParam("A", true), arrayParam("B", true), arrayParam("C"),
                scalarParam("M"),      scalarParam("N"),      scalarParam("K")};
    auto CInit = ref("C", {add(mul(v("i"), v("N")), v("j"))});
    auto CAcc = ref("C", {add(mul(v("i"), v("N")), v("j"))});
    auto A = ref("A", {add(mul(v("i"), v("K")), v("k"))});
    auto B = ref("B", {add(mul(v("k"), v("N")), v("j"))});
    Kl = loop("k", lit(0), v("K"),
              {assign(CAcc, mul(A, B), AssignOpKind::Add, 7)}, 6);
    J = loop("j", lit(0), v("N"),
             {assign(CInit, std::make_shared<FloatLit>(0.0, Float),
                     AssignOpKind::Set, 5),
              Kl},
             4);
    I = loop("i", lit(0), v("M"), {J}, 3);
    N = nest(0, {I}, std::move(Clauses));
    F.Body = {N};
    parallel(N, I);
    parallel(N, J);
    sequential(N, Kl,
               "C[i * N + j] (written at t.c:7:9) and C[i * N + j] (read at "
               "t.c:7:9) may touch the same element in different iterations "
               "of 'k'");
    refFact(N, CInit, true, {{"j", 1}});
    refFact(N, CAcc, true, {{"j", 1}});
    refFact(N, A, false, {{"k", 1}});
    refFact(N, B, false, {{"j", 1}});
    facts(N).ArraysRead = {"A", "B", "C"};
    facts(N).ArraysWritten = {"C"};
    facts(N).ScalarsRead = {{"M", Int}, {"N", Int}, {"K", Int}};
    extent("A", mul(v("M", Long), v("K", Long)));
    extent("B", mul(v("K", Long), v("N", Long)));
    extent("C", mul(v("M", Long), v("N", Long)));
  }
};

TEST(TransformsTest, MatmulMapsJOnXAndIOnY) {
  Matmul T;
  const LoweredFunction &LF = T.run();
  ASSERT_FALSE(T.Diags.hasErrors());
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  EXPECT_EQ(K.Name, "matmul_kernel0");
  EXPECT_EQ(K.NestId, 0u);
  ASSERT_EQ(K.Grid.size(), 2u);
  EXPECT_EQ(K.Grid[0].Iter, "j");
  EXPECT_EQ(K.Grid[0].Dim, 0u);
  EXPECT_EQ(K.Grid[1].Iter, "i");
  EXPECT_EQ(K.Grid[1].Dim, 1u);
  EXPECT_EQ(K.Block[0], 32u);
  EXPECT_EQ(K.Block[1], 8u);
  EXPECT_EQ(K.Block[2], 1u);
  EXPECT_EQ(eval(*K.Grid[0].TripCount, {{"N", 100}}), 100);
  EXPECT_EQ(eval(*K.Grid[0].TripCount, {{"N", -3}}), 0);
  // The body is j's body: the initialisation and the sequential k loop.
  ASSERT_EQ(K.Body.size(), 2u);
  EXPECT_TRUE(isa<AssignStmt>(K.Body[0].get()));
  EXPECT_EQ(K.Body[1], T.Kl);
  EXPECT_EQ(K.Arrays, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"K", "M", "N"}));

  ASSERT_EQ(LF.HostBody.size(), 1u);
  const auto *L = dyn_cast<LaunchStmt>(LF.HostBody[0].get());
  ASSERT_TRUE(L);
  EXPECT_EQ(L->KernelIndex, 0u);

  ASSERT_EQ(LF.Arrays.size(), 3u);
  EXPECT_EQ(LF.Arrays[0].Name, "A");
  EXPECT_TRUE(LF.Arrays[0].ReadOnDevice);
  EXPECT_FALSE(LF.Arrays[0].WrittenOnDevice);
  EXPECT_EQ(LF.Arrays[2].Name, "C");
  EXPECT_TRUE(LF.Arrays[2].WrittenOnDevice);
  EXPECT_FALSE(LF.Arrays[2].ReadOnHost);
  EXPECT_EQ(LF.Arrays[2].Extent, T.Facts.Extents["C"].Elements);

  EXPECT_TRUE(T.hasRemark("mapped j -> x, i -> y (2-D grid, block 32x8)"));
  EXPECT_TRUE(T.hasRemark("j is contiguous in C, B; on x"));
  EXPECT_TRUE(T.hasRemarkStarting(
      "k runs sequentially in each thread: C[i * N + j] (written at"));
  for (const Diagnostic &D : T.Diags.all())
    EXPECT_EQ(D.Loc.Line, 3u) << D.Message; // At the kernel's loop.
  EXPECT_EQ(K.Remarks.size(), T.remarks().size());
}

//===----------------------------------------------------------------------===//
// Transpose: B[j*N+i] = A[i*M+j]: the written array decides x.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, TransposeWrittenContiguousLoopOnX) {
  Case T;
  T.F.Name = "transpose";
  T.F.Params = {arrayParam("A", true), arrayParam("B"), scalarParam("N"),
                scalarParam("M")};
  auto B = ref("B", {add(mul(v("j"), v("N")), v("i"))});
  auto A = ref("A", {add(mul(v("i"), v("M")), v("j"))});
  auto J = loop("j", lit(0), v("M"), {assign(B, A, AssignOpKind::Set, 5)}, 4);
  auto I = loop("i", lit(0), v("N"), {J}, 3);
  auto N = nest(0, {I});
  T.F.Body = {N};
  T.parallel(N, I);
  T.parallel(N, J);
  T.refFact(N, B, true, {{"i", 1}});
  T.refFact(N, A, false, {{"j", 1}});
  T.facts(N).ArraysRead = {"A"};
  T.facts(N).ArraysWritten = {"B"};
  T.facts(N).ScalarsRead = {{"N", Int}, {"M", Int}};
  T.extent("A", mul(v("N", Long), v("M", Long)));
  T.extent("B", mul(v("N", Long), v("M", Long)));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  ASSERT_EQ(K.Grid.size(), 2u);
  EXPECT_EQ(K.Grid[0].Iter, "i");
  EXPECT_EQ(K.Grid[1].Iter, "j");
  EXPECT_TRUE(T.hasRemark("mapped i -> x, j -> y (2-D grid, block 32x8)"));
  EXPECT_TRUE(T.hasRemark("i is contiguous in B; on x"));
  ASSERT_EQ(LF.Arrays.size(), 2u);
  EXPECT_FALSE(LF.Arrays[0].WrittenOnDevice);
  EXPECT_TRUE(LF.Arrays[1].WrittenOnDevice);
  EXPECT_FALSE(LF.Arrays[1].ReadOnDevice);
}

//===----------------------------------------------------------------------===//
// Jacobi with a time loop: t on the host, two kernels per t.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, JacobiTimeLoopHoisted) {
  Case T;
  T.F.Name = "jacobi";
  T.F.Params = {arrayParam("A"), arrayParam("B"), scalarParam("n"),
                scalarParam("steps")};
  auto Bw = ref("B", {v("i"), v("j")});
  auto Al = ref("A", {v("i"), sub(v("j"), lit(1))});
  auto Ar = ref("A", {v("i"), add(v("j"), lit(1))});
  auto Aw = ref("A", {v("i"), v("j")});
  auto Br = ref("B", {v("i"), v("j")});
  auto J1 = loop("j", lit(1), sub(v("n"), lit(1)),
                 {assign(Bw, add(Al, Ar), AssignOpKind::Set, 6)}, 5);
  auto I1 = loop("i", lit(1), sub(v("n"), lit(1)), {J1}, 4);
  auto J2 = loop("j", lit(1), sub(v("n"), lit(1)),
                 {assign(Aw, Br, AssignOpKind::Set, 9)}, 8);
  auto I2 = loop("i", lit(1), sub(v("n"), lit(1)), {J2}, 7);
  auto Tl = loop("t", lit(0), v("steps"), {I1, I2}, 3);
  auto N = nest(0, {Tl});
  // Host code around the nest: it reads A before and writes B after.
  auto Pre = std::make_shared<HostCode>("check(A);", std::set<std::string>{"A"},
                                        std::set<std::string>{},
                                        std::set<std::string>{}, at(1));
  auto Post = std::make_shared<HostCode>("B[0] = 1;", std::set<std::string>{},
                                         std::set<std::string>{"B"},
                                         std::set<std::string>{}, at(11));
  T.F.Body = {Pre, N, Post};
  T.sequential(N, Tl,
               "A[i][j] (written at t.c:9:9) and A[i][j - 1] (read "
               "at t.c:6:17) may touch the same element in different "
               "iterations of 't'");
  for (auto L : {I1, J1, I2, J2})
    T.parallel(N, L);
  T.refFact(N, Bw, true, {{"j", 1}});
  T.refFact(N, Al, false, {{"j", 1}});
  T.refFact(N, Ar, false, {{"j", 1}});
  T.refFact(N, Aw, true, {{"j", 1}});
  T.refFact(N, Br, false, {{"j", 1}});
  T.facts(N).ArraysRead = {"A", "B"};
  T.facts(N).ArraysWritten = {"A", "B"};
  T.facts(N).ScalarsRead = {{"n", Int}, {"steps", Int}};
  T.extent("A", mul(v("n", Long), v("n", Long)));
  T.extent("B", mul(v("n", Long), v("n", Long)));
  const LoweredFunction &LF = T.run();
  ASSERT_FALSE(T.Diags.hasErrors());

  ASSERT_EQ(LF.HostBody.size(), 3u);
  EXPECT_EQ(LF.HostBody[0], Pre);
  EXPECT_EQ(LF.HostBody[2], Post);
  const auto *HT = dyn_cast<ForStmt>(LF.HostBody[1].get());
  ASSERT_TRUE(HT);
  EXPECT_EQ(HT->Iter, "t");
  ASSERT_EQ(HT->Body.size(), 2u);
  ASSERT_TRUE(isa<LaunchStmt>(HT->Body[0].get()));
  ASSERT_TRUE(isa<LaunchStmt>(HT->Body[1].get()));
  EXPECT_EQ(cast<LaunchStmt>(HT->Body[0].get())->KernelIndex, 0u);
  EXPECT_EQ(cast<LaunchStmt>(HT->Body[1].get())->KernelIndex, 1u);

  ASSERT_EQ(LF.Kernels.size(), 2u);
  EXPECT_EQ(LF.Kernels[0].Name, "jacobi_kernel0");
  EXPECT_EQ(LF.Kernels[1].Name, "jacobi_kernel1");
  for (const Kernel &K : LF.Kernels) {
    ASSERT_EQ(K.Grid.size(), 2u);
    EXPECT_EQ(K.Grid[0].Iter, "j");
    EXPECT_EQ(K.Grid[1].Iter, "i");
    EXPECT_EQ(eval(*K.Grid[0].TripCount, {{"n", 10}}), 8);
    EXPECT_EQ(eval(*K.Grid[0].TripCount, {{"n", 1}}), 0);
    // t is not used in the bodies, so it is not passed; steps neither.
    EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"n"}));
    EXPECT_EQ(K.Arrays, (std::vector<std::string>{"A", "B"}));
  }
  EXPECT_EQ(LF.Kernels[0].Loc.Line, 4u);
  EXPECT_EQ(LF.Kernels[1].Loc.Line, 7u);
  EXPECT_TRUE(T.hasRemarkStarting(
      "launched once per iteration of host loop 't': A[i][j] (written"));

  ASSERT_EQ(LF.Arrays.size(), 2u);
  EXPECT_TRUE(LF.Arrays[0].ReadOnHost);
  EXPECT_FALSE(LF.Arrays[0].WrittenOnHost);
  EXPECT_FALSE(LF.Arrays[1].ReadOnHost);
  EXPECT_TRUE(LF.Arrays[1].WrittenOnHost);
}

//===----------------------------------------------------------------------===//
// Red-black Gauss-Seidel: t and c on the host, c passed to the kernel.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, RedBlackColorPassedAsScalar) {
  Case T;
  T.F.Name = "rbgs";
  T.F.Params = {arrayParam("A"), scalarParam("n"), scalarParam("steps")};
  auto Aw = ref("A", {v("i"), v("j")});
  auto An = ref("A", {sub(v("i"), lit(1)), v("j")});
  auto Ae = ref("A", {v("i"), add(v("j"), lit(1))});
  auto Color = bin(BinaryOpKind::EQ,
                   bin(BinaryOpKind::Rem, add(v("i"), v("j")), lit(2)), v("c"));
  auto If = std::make_shared<IfStmt>(
      Color, StmtList{assign(Aw, add(An, Ae), AssignOpKind::Set, 8)},
      StmtList{}, at(7));
  auto J = loop("j", lit(1), sub(v("n"), lit(1)), {If}, 6);
  auto I = loop("i", lit(1), sub(v("n"), lit(1)), {J}, 5);
  auto C = loop("c", lit(0), lit(2), {I}, 4);
  auto Tl = loop("t", lit(0), v("steps"), {C}, 3);
  auto N = nest(0, {Tl});
  T.F.Body = {N};
  T.sequential(N, Tl, "A carried across 't'");
  T.sequential(N, C, "A carried across 'c'");
  T.parallel(N, I);
  T.parallel(N, J);
  T.refFact(N, Aw, true, {{"j", 1}});
  T.refFact(N, An, false, {{"j", 1}});
  T.refFact(N, Ae, false, {{"j", 1}});
  T.facts(N).ArraysRead = {"A"};
  T.facts(N).ArraysWritten = {"A"};
  T.facts(N).ScalarsRead = {{"n", Int}, {"steps", Int}};
  T.extent("A", mul(v("n", Long), v("n", Long)));
  const LoweredFunction &LF = T.run();

  ASSERT_EQ(LF.HostBody.size(), 1u);
  const auto *HT = dyn_cast<ForStmt>(LF.HostBody[0].get());
  ASSERT_TRUE(HT);
  EXPECT_EQ(HT->Iter, "t");
  ASSERT_EQ(HT->Body.size(), 1u);
  const auto *HC = dyn_cast<ForStmt>(HT->Body[0].get());
  ASSERT_TRUE(HC);
  EXPECT_EQ(HC->Iter, "c");
  ASSERT_EQ(HC->Body.size(), 1u);
  EXPECT_TRUE(isa<LaunchStmt>(HC->Body[0].get()));

  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  ASSERT_EQ(K.Grid.size(), 2u);
  EXPECT_EQ(K.Grid[0].Iter, "j");
  EXPECT_EQ(K.Grid[1].Iter, "i");
  ASSERT_EQ(K.Body.size(), 1u);
  EXPECT_EQ(K.Body[0], If);
  EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"c", "n"}));
  EXPECT_EQ(K.Scalars[0].Type, Int);
  EXPECT_TRUE(T.hasRemark("launched once per iteration of host loop 't': A "
                          "carried across 't'"));
  EXPECT_TRUE(T.hasRemark("launched once per iteration of host loop 'c': A "
                          "carried across 'c'"));
}

//===----------------------------------------------------------------------===//
// Reductions: no parallel loop, one single-thread kernel.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, ReductionIsSingleThreadWithRemark) {
  Case T;
  T.F.Name = "sum";
  T.F.Params = {arrayParam("A", true), scalarParam("n"),
                scalarParam("s", Float)};
  auto A = ref("A", {v("i")});
  auto I = loop("i", lit(0), v("n"),
                {assign(v("s", Float), A, AssignOpKind::Add, 4)}, 3);
  auto N = nest(0, {I});
  T.F.Body = {N};
  const std::string Why = "s is updated in every iteration of 'i'";
  T.sequential(N, I, Why);
  T.refFact(N, A, false, {{"i", 1}});
  T.facts(N).ArraysRead = {"A"};
  T.facts(N).ScalarsRead = {{"n", Int}, {"s", Float}};
  T.facts(N).ScalarsWritten = {{"s", Float}};
  T.extent("A", v("n", Long));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  EXPECT_TRUE(K.Grid.empty());
  ASSERT_EQ(K.Body.size(), 1u);
  EXPECT_EQ(K.Body[0], I); // The whole loop runs in the one thread.
  EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"n", "s(w)"}));
  EXPECT_EQ(K.Scalars[1].Type, Float);
  const std::string Remark =
      "no parallel loop: " + Why + "; runs as a single thread";
  EXPECT_EQ(K.Remarks, (std::vector<std::string>{Remark}));
  ASSERT_EQ(T.Diags.all().size(), 1u);
  EXPECT_EQ(T.Diags.all()[0].Level, DiagLevel::Remark);
  EXPECT_EQ(T.Diags.all()[0].Message, Remark);
  EXPECT_EQ(T.Diags.all()[0].Loc.Line, 3u);
}

TEST(TransformsTest, SequentialTwoLevelNestIsNotHoisted) {
  // Hoisting i would launch n single-thread kernels: one kernel is better.
  Case T;
  T.F.Name = "sum2";
  T.F.Params = {arrayParam("A", true), scalarParam("n"),
                scalarParam("s", Float)};
  auto A = ref("A", {v("i"), v("j")});
  auto J = loop("j", lit(0), v("n"),
                {assign(v("s", Float), A, AssignOpKind::Add, 5)}, 4);
  auto I = loop("i", lit(0), v("n"), {J}, 3);
  auto N = nest(0, {I});
  T.F.Body = {N};
  T.sequential(N, I, "s in 'i'");
  T.sequential(N, J, "s in 'j'");
  T.facts(N).ScalarsRead = {{"n", Int}, {"s", Float}};
  T.facts(N).ScalarsWritten = {{"s", Float}};
  T.facts(N).ArraysRead = {"A"};
  T.extent("A", mul(v("n", Long), v("n", Long)));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.HostBody.size(), 1u);
  EXPECT_TRUE(isa<LaunchStmt>(LF.HostBody[0].get()));
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  EXPECT_TRUE(
      T.hasRemark("no parallel loop: s in 'i'; runs as a single thread"));
}

//===----------------------------------------------------------------------===//
// Triangular: j <= i is mapped over the band's bounding box, and each
// thread checks that its point is inside the band; with a step of 2 it
// cannot join the band.
//===----------------------------------------------------------------------===//

struct Triangle : Case {
  std::shared_ptr<const ForStmt> I, J;
  StmtPtr Store;
  explicit Triangle(int64_t StepJ) {
    F.Name = "tri";
    F.Params = {arrayParam("L"), scalarParam("n")};
    auto Lw = ref("L", {add(mul(v("i"), v("n")), v("j"))});
    Store = assign(Lw, std::make_shared<FloatLit>(1.0, Float),
                   AssignOpKind::Set, 5);
    J = loop("j", lit(0), v("i"), {Store}, 4, LoopCmp::LE, StepJ);
    I = loop("i", lit(0), v("n"), {J}, 3);
    auto N = nest(0, {I});
    F.Body = {N};
    parallel(N, I);
    parallel(N, J);
    refFact(N, Lw, true, {{"j", 1}});
    facts(N).ArraysWritten = {"L"};
    facts(N).ScalarsRead = {{"n", Int}};
    extent("L", mul(v("n", Long), v("n", Long)));
  }
};

TEST(TransformsTest, TriangularMapsBoundingBox) {
  Triangle T(1);
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  ASSERT_EQ(K.Grid.size(), 2u);
  EXPECT_EQ(K.Grid[0].Iter, "j");
  EXPECT_EQ(K.Grid[1].Iter, "i");
  // j runs 0 .. n - 1, the largest i.
  EXPECT_EQ(exprToString(*K.Grid[0].TripCount),
            "(long long)n - 1LL >= 0LL ? (long long)n - 1LL + 1LL : 0LL");
  // ClipToBand: the body runs only where i - j >= 0.
  EXPECT_TRUE(K.BandGuard.empty());
  ASSERT_EQ(K.Body.size(), 1u);
  const auto *If = dyn_cast<IfStmt>(K.Body[0].get());
  ASSERT_TRUE(If);
  EXPECT_EQ(exprToString(*If->Cond),
            "(long long)i + -1LL * (long long)j >= 0LL");
  ASSERT_EQ(If->Then.size(), 1u);
  EXPECT_EQ(If->Then[0], T.Store);
  EXPECT_TRUE(T.hasRemark("mapped j -> x, i -> y (2-D grid, block 32x8)"));
  EXPECT_TRUE(T.hasRemark("the bounds of 'j' read 'i': the grid covers the "
                          "band's bounding box and threads outside the band "
                          "do nothing"));
  EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"n"}));
}

TEST(TransformsTest, TriangularWithStepMapsOnlyOuterLoop) {
  Triangle T(2);
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  ASSERT_EQ(K.Grid.size(), 1u);
  EXPECT_EQ(K.Grid[0].Iter, "i");
  ASSERT_EQ(K.Body.size(), 1u);
  EXPECT_EQ(K.Body[0], T.J);
  EXPECT_TRUE(T.hasRemark("mapped i -> x (1-D grid, block 256)"));
  EXPECT_TRUE(T.hasRemark(
      "j runs sequentially in each thread: its bounds depend on 'i' in a "
      "form the grid cannot cover (a bounding box needs bounds that add "
      "literal multiples of outer iterators, and a step of 1)"));
  // i is the kernel's own iterator, not a parameter.
  EXPECT_EQ(scalarNames(K), (std::vector<std::string>{"n"}));
}

//===----------------------------------------------------------------------===//
// A 3-D band and block shapes.
//===----------------------------------------------------------------------===//

struct Copy3D : Case {
  std::shared_ptr<const ForStmt> I, J, K;
  std::shared_ptr<const NestStmt> N;
  explicit Copy3D(NestClauses Clauses = {}) {
    F.Name = "copy3";
    F.Params = {arrayParam("A"), arrayParam("B", true), scalarParam("n")};
    auto Aw = ref("A", {v("i"), v("j"), v("k")});
    auto Br = ref("B", {v("i"), v("j"), v("k")});
    K = loop("k", lit(0), v("n"), {assign(Aw, Br, AssignOpKind::Set, 6)}, 5);
    J = loop("j", lit(0), v("n"), {K}, 4);
    I = loop("i", lit(0), v("n"), {J}, 3);
    N = nest(0, {I}, std::move(Clauses));
    F.Body = {N};
    for (auto L : {I, J, K})
      parallel(N, L);
    refFact(N, Aw, true, {{"k", 1}});
    refFact(N, Br, false, {{"k", 1}});
    facts(N).ArraysRead = {"B"};
    facts(N).ArraysWritten = {"A"};
    facts(N).ScalarsRead = {{"n", Int}};
    extent("A", mul(v("n", Long), mul(v("n", Long), v("n", Long))));
    extent("B", mul(v("n", Long), mul(v("n", Long), v("n", Long))));
  }
};

TEST(TransformsTest, ThreeDimensionalBand) {
  Copy3D T;
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  ASSERT_EQ(K.Grid.size(), 3u);
  EXPECT_EQ(K.Grid[0].Iter, "k");
  EXPECT_EQ(K.Grid[1].Iter, "j");
  EXPECT_EQ(K.Grid[2].Iter, "i");
  EXPECT_EQ(K.Grid[2].Dim, 2u);
  EXPECT_EQ(K.Block[0], 32u);
  EXPECT_EQ(K.Block[1], 4u);
  EXPECT_EQ(K.Block[2], 2u);
  ASSERT_EQ(K.Body.size(), 1u);
  EXPECT_TRUE(isa<AssignStmt>(K.Body[0].get()));
  EXPECT_TRUE(
      T.hasRemark("mapped k -> x, j -> y, i -> z (3-D grid, block 32x4x2)"));
  EXPECT_TRUE(T.hasRemark("k is contiguous in A, B; on x"));
}

NestClauses blockClause(std::vector<unsigned> B) {
  NestClauses C;
  C.Block = std::move(B);
  C.ClauseLocs["block"] = {"t.c", 2, 26};
  return C;
}

TEST(TransformsTest, BlockClauseOverridesDefault) {
  Matmul T(blockClause({64, 4}));
  const LoweredFunction &LF = T.run();
  ASSERT_FALSE(T.Diags.hasErrors());
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_EQ(LF.Kernels[0].Block[0], 64u);
  EXPECT_EQ(LF.Kernels[0].Block[1], 4u);
  EXPECT_EQ(LF.Kernels[0].Block[2], 1u);
  EXPECT_TRUE(T.hasRemark("mapped j -> x, i -> y (2-D grid, block 64x4)"));
}

TEST(TransformsTest, BlockClauseWithTooManyThreadsIsAnError) {
  Matmul T(blockClause({64, 32}));
  T.run();
  ASSERT_TRUE(T.Diags.hasErrors());
  const Diagnostic *E = nullptr;
  for (const Diagnostic &D : T.Diags.all())
    if (D.Level == DiagLevel::Error)
      E = &D;
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Message, "block of 2048 threads exceeds the CUDA limit of 1024");
  EXPECT_EQ(E->Loc.Line, 2u);
  EXPECT_EQ(E->Loc.Col, 26u);
  EXPECT_EQ(E->Hint, "choose block sizes whose product is at most 1024");
}

TEST(TransformsTest, BlockClauseRankMismatchIsAnError) {
  Copy3D T(blockClause({128}));
  T.run();
  ASSERT_TRUE(T.Diags.hasErrors());
  unsigned Errors = 0;
  for (const Diagnostic &D : T.Diags.all())
    if (D.Level == DiagLevel::Error) {
      ++Errors;
      EXPECT_EQ(D.Message, "block(128) has 1 size but this nest maps 3 loops "
                           "to the grid ('i', 'j', 'k')");
      EXPECT_EQ(D.Hint, "give one size per mapped loop, e.g. block(32, 4, 2)");
      EXPECT_EQ(D.Loc.Col, 26u);
    }
  EXPECT_EQ(Errors, 1u);
}

//===----------------------------------------------------------------------===//
// LU: the hoisted k appears only in the bounds of the mapped loops.
//===----------------------------------------------------------------------===//

struct LU : Case {
  std::shared_ptr<const NestStmt> N;
  explicit LU(NestClauses Clauses = {}) {
    F.Name = "lu";
    F.Params = {arrayParam("A"), scalarParam("n")};
    auto Aik = ref("A", {v("i"), v("k")});
    auto Akk = ref("A", {v("k"), v("k")});
    auto Aij = ref("A", {v("i"), v("j")});
    auto Aik2 = ref("A", {v("i"), v("k")});
    auto Akj = ref("A", {v("k"), v("j")});
    auto I1 = loop("i", add(v("k"), lit(1)), v("n"),
                   {assign(Aik, Akk, AssignOpKind::Div, 5)}, 4);
    auto J = loop("j", add(v("k"), lit(1)), v("n"),
                  {assign(Aij, mul(Aik2, Akj), AssignOpKind::Sub, 8)}, 7);
    auto I2 = loop("i", add(v("k"), lit(1)), v("n"), {J}, 6);
    auto Kl = loop("k", lit(0), v("n"), {I1, I2}, 3);
    N = nest(0, {Kl}, std::move(Clauses));
    F.Body = {N};
    sequential(N, Kl, "A in 'k'");
    for (auto L : {I1, I2, J})
      parallel(N, L);
    refFact(N, Aij, true, {{"j", 1}});
    refFact(N, Akj, false, {{"j", 1}});
    facts(N).ArraysRead = {"A"};
    facts(N).ArraysWritten = {"A"};
    facts(N).ScalarsRead = {{"n", Int}};
    extent("A", mul(v("n", Long), v("n", Long)));
  }
};

TEST(TransformsTest, HostIteratorInBoundsIsPassed) {
  LU T;
  const LoweredFunction &LF = T.run();
  ASSERT_FALSE(T.Diags.hasErrors());
  ASSERT_EQ(LF.Kernels.size(), 2u);
  const Kernel &K0 = LF.Kernels[0], &K1 = LF.Kernels[1];
  ASSERT_EQ(K0.Grid.size(), 1u);
  ASSERT_EQ(K1.Grid.size(), 2u);
  EXPECT_EQ(K1.Grid[0].Iter, "j");
  // k is read by the grid (its lower bound), so both kernels take it.
  EXPECT_EQ(scalarNames(K0), (std::vector<std::string>{"k", "n"}));
  EXPECT_EQ(scalarNames(K1), (std::vector<std::string>{"k", "n"}));
  EXPECT_EQ(eval(*K0.Grid[0].TripCount, {{"k", 3}, {"n", 10}}), 6);
  EXPECT_EQ(eval(*K0.Grid[0].TripCount, {{"k", 9}, {"n", 10}}), 0);
  EXPECT_EQ(K0.Block[0], 256u);
  EXPECT_EQ(K1.Block[0], 32u);
  EXPECT_EQ(K1.Block[1], 8u);
}

TEST(TransformsTest, BlockClauseAppliesToKernelsOfItsRank) {
  LU T(blockClause({16, 16}));
  const LoweredFunction &LF = T.run();
  ASSERT_FALSE(T.Diags.hasErrors());
  ASSERT_EQ(LF.Kernels.size(), 2u);
  EXPECT_EQ(LF.Kernels[0].Block[0], 256u); // 1-D: the default.
  EXPECT_EQ(LF.Kernels[1].Block[0], 16u);
  EXPECT_EQ(LF.Kernels[1].Block[1], 16u);
  EXPECT_TRUE(T.hasRemark("block(16, 16) applies to the 2-D kernels of this "
                          "nest; this one uses the default"));
}

TEST(TransformsTest, BlockClauseOnSequentialNestIsIgnoredWithWarning) {
  Case T;
  T.F.Name = "seq";
  T.F.Params = {arrayParam("X"), scalarParam("n")};
  auto Xw = ref("X", {v("i")});
  auto Xr = ref("X", {sub(v("i"), lit(1))});
  auto I = loop("i", lit(1), v("n"), {assign(Xw, Xr, AssignOpKind::Add)}, 3);
  auto N = nest(0, {I}, blockClause({128}));
  T.F.Body = {N};
  T.sequential(N, I, "X[i] and X[i - 1]");
  T.facts(N).ArraysRead = T.facts(N).ArraysWritten = {"X"};
  T.extent("X", v("n", Long));
  const LoweredFunction &LF = T.run();
  EXPECT_FALSE(T.Diags.hasErrors());
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  unsigned Warnings = 0;
  for (const Diagnostic &D : T.Diags.all())
    if (D.Level == DiagLevel::Warning) {
      ++Warnings;
      EXPECT_EQ(D.Message, "block(128) is ignored: no loop of this nest is "
                           "mapped to the grid");
      EXPECT_EQ(D.Loc.Col, 26u);
    }
  EXPECT_EQ(Warnings, 1u);
}

//===----------------------------------------------------------------------===//
// Trip counts.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, TripCountMatchesBruteForce) {
  struct Shape {
    LoopCmp Cmp;
    int64_t Step;
  };
  const Shape Shapes[] = {{LoopCmp::LT, 1},  {LoopCmp::LT, 3},
                          {LoopCmp::LE, 1},  {LoopCmp::LE, 4},
                          {LoopCmp::GT, -1}, {LoopCmp::GT, -2},
                          {LoopCmp::GE, -1}, {LoopCmp::GE, -5}};
  const int64_t Values[] = {-7, -1, 0, 1, 2, 5, 9, 10, 17};
  for (const Shape &S : Shapes) {
    ExprPtr TC = buildTripCount(v("lo"), S.Cmp, v("hi"), S.Step);
    ASSERT_EQ(TC->Type, Long);
    for (int64_t Lo : Values)
      for (int64_t Hi : Values)
        EXPECT_EQ(eval(*TC, {{"lo", Lo}, {"hi", Hi}}),
                  bruteForceTrips(Lo, S.Cmp, Hi, S.Step))
            << spelling(S.Cmp) << " step " << S.Step << " lo " << Lo << " hi "
            << Hi << ": " << exprToString(*TC);
    // Literal bounds fold to a literal with the same value.
    ExprPtr Folded = buildTripCount(lit(3), S.Cmp, lit(-12), S.Step);
    ExprPtr Folded2 = buildTripCount(lit(-12), S.Cmp, lit(3), S.Step);
    ASSERT_TRUE(isa<IntLit>(Folded.get()));
    ASSERT_TRUE(isa<IntLit>(Folded2.get()));
    EXPECT_EQ(cast<IntLit>(*Folded).Value,
              bruteForceTrips(3, S.Cmp, -12, S.Step));
    EXPECT_EQ(cast<IntLit>(*Folded2).Value,
              bruteForceTrips(-12, S.Cmp, 3, S.Step));
  }
}

TEST(TransformsTest, TripCountDoesNotOverflowIntBounds) {
  // i from INT_MIN to INT_MAX: 2^32 - 1 iterations, more than an int holds.
  ExprPtr TC = buildTripCount(v("lo"), LoopCmp::LT, v("hi"), 1);
  EXPECT_EQ(eval(*TC, {{"lo", INT_MIN}, {"hi", INT_MAX}}),
            int64_t(INT_MAX) - int64_t(INT_MIN));
  ExprPtr Down = buildTripCount(v("hi"), LoopCmp::GE, v("lo"), -2);
  EXPECT_EQ(eval(*Down, {{"lo", INT_MIN}, {"hi", INT_MAX}}),
            (int64_t(INT_MAX) - int64_t(INT_MIN)) / 2 + 1);
}

//===----------------------------------------------------------------------===//
// Host structure: regions, guards, extents.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, HostRegionAndGuardAroundNest) {
  Case T;
  T.F.Name = "scale";
  T.F.Params = {arrayParam("X"), arrayParam("Y"), scalarParam("n"),
                scalarParam("iters")};
  auto Xw = ref("X", {v("i")});
  auto I = loop("i", lit(0), v("n"), {assign(Xw, Xw, AssignOpKind::Mul, 6)}, 5);
  auto Guard = std::make_shared<IfStmt>(bin(BinaryOpKind::GT, v("n"), lit(0)),
                                        StmtList{I}, StmtList{}, at(4));
  auto N = nest(0, {Guard});
  auto Region = std::make_shared<HostRegion>(
      HostRegion::Form::For, "for (int it = 0; it < iters; ++it) {",
      StmtList{N}, "}", std::set<std::string>{"Y"}, at(3));
  T.F.Body = {Region};
  T.parallel(N, I);
  T.refFact(N, Xw, true, {{"i", 1}});
  T.facts(N).ArraysRead = {"X"};
  T.facts(N).ArraysWritten = {"X"};
  T.facts(N).ScalarsRead = {{"n", Int}};
  // No extent for X: the analysis has reported it; no plan is made.
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.HostBody.size(), 1u);
  const auto *R = dyn_cast<HostRegion>(LF.HostBody[0].get());
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Open, "for (int it = 0; it < iters; ++it) {");
  ASSERT_EQ(R->Body.size(), 1u);
  const auto *G = dyn_cast<IfStmt>(R->Body[0].get());
  ASSERT_TRUE(G); // The guard reads no array: it runs on the host.
  ASSERT_EQ(G->Then.size(), 1u);
  EXPECT_TRUE(isa<LaunchStmt>(G->Then[0].get()));
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_EQ(LF.Kernels[0].Grid.size(), 1u);
  EXPECT_EQ(LF.Kernels[0].Arrays, (std::vector<std::string>{"X"}));
  EXPECT_TRUE(LF.Arrays.empty());
}

TEST(TransformsTest, IfReadingArrayStaysInKernel) {
  // for t (sequential) { if (F[0] > 0) for i ... }: the host cannot read F.
  Case T;
  T.F.Name = "cond";
  T.F.Params = {arrayParam("F"), arrayParam("X"), scalarParam("n"),
                scalarParam("m")};
  auto Xw = ref("X", {v("i")});
  auto I = loop("i", lit(0), v("n"), {assign(Xw, ref("F", {lit(0)}))}, 5);
  auto Guard = std::make_shared<IfStmt>(
      bin(BinaryOpKind::GT, ref("F", {lit(0)}), lit(0, Float)), StmtList{I},
      StmtList{}, at(4));
  auto Tl = loop("t", lit(0), v("m"), {Guard}, 3);
  auto N = nest(0, {Tl});
  T.F.Body = {N};
  T.sequential(N, Tl, "X in 't'");
  T.parallel(N, I);
  T.facts(N).ArraysRead = {"F"};
  T.facts(N).ArraysWritten = {"X"};
  T.facts(N).ScalarsRead = {{"n", Int}, {"m", Int}};
  T.extent("F", lit(1, Long));
  T.extent("X", v("n", Long));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.HostBody.size(), 1u);
  EXPECT_TRUE(isa<LaunchStmt>(LF.HostBody[0].get()));
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  EXPECT_EQ(LF.Kernels[0].Arrays, (std::vector<std::string>{"F", "X"}));
  EXPECT_EQ(scalarNames(LF.Kernels[0]), (std::vector<std::string>{"m", "n"}));
  ASSERT_EQ(LF.Arrays.size(), 2u);
  EXPECT_TRUE(LF.Arrays[0].ReadOnDevice);
  EXPECT_FALSE(LF.Arrays[0].WrittenOnDevice);
}

TEST(TransformsTest, KernelsNumberedAcrossNests) {
  Case T;
  T.F.Name = "two";
  T.F.Params = {arrayParam("X"), scalarParam("n")};
  auto X0 = ref("X", {v("i")});
  auto X1 = ref("X", {v("i")});
  auto I0 = loop("i", lit(0), v("n"), {assign(X0, lit(0, Float))}, 3);
  auto I1 = loop("i", lit(0), v("n"),
                 {assign(X1, lit(1, Float), AssignOpKind::Add)}, 6);
  auto N0 = nest(0, {I0});
  auto N1 = nest(1, {I1});
  T.F.Body = {N0, N1};
  T.parallel(N0, I0);
  T.parallel(N1, I1);
  T.facts(N0).ArraysWritten = {"X"};
  T.facts(N1).ArraysRead = {"X"};
  T.facts(N1).ArraysWritten = {"X"};
  T.facts(N0).ScalarsRead = T.facts(N1).ScalarsRead = {{"n", Int}};
  T.extent("X", v("n", Long));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 2u);
  EXPECT_EQ(LF.Kernels[0].Name, "two_kernel0");
  EXPECT_EQ(LF.Kernels[0].NestId, 0u);
  EXPECT_EQ(LF.Kernels[1].Name, "two_kernel1");
  EXPECT_EQ(LF.Kernels[1].NestId, 1u);
  ASSERT_EQ(LF.HostBody.size(), 2u);
  EXPECT_EQ(cast<LaunchStmt>(LF.HostBody[1].get())->KernelIndex, 1u);
  ASSERT_EQ(LF.Arrays.size(), 1u);
  EXPECT_TRUE(LF.Arrays[0].ReadOnDevice);
  EXPECT_TRUE(LF.Arrays[0].WrittenOnDevice);
}

TEST(TransformsTest, DeclaredLocalKeepsStatementsInOneKernel) {
  // { float s = 0; for i: X[i] = s; for j: ... }: s is used by later loops.
  Case T;
  T.F.Name = "local";
  T.F.Params = {arrayParam("X"), scalarParam("n")};
  auto Decl = std::make_shared<DeclStmt>("s", Float, lit(0, Float), at(3));
  auto I =
      loop("i", lit(0), v("n"), {assign(ref("X", {v("i")}), v("s", Float))}, 4);
  auto N = nest(0, {Decl, I});
  T.F.Body = {N};
  T.parallel(N, I);
  T.facts(N).ArraysWritten = {"X"};
  T.facts(N).ScalarsRead = {{"n", Int}};
  T.extent("X", v("n", Long));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  EXPECT_EQ(LF.Kernels[0].Body.size(), 2u);
  // s is the kernel's own local, not a parameter.
  EXPECT_EQ(scalarNames(LF.Kernels[0]), (std::vector<std::string>{"n"}));
  EXPECT_TRUE(T.hasRemarkStarting("'i' is parallel but shares its kernel"));
}

//===----------------------------------------------------------------------===//
// IR dumps.
//===----------------------------------------------------------------------===//

TEST(TransformsTest, PrintAfterAllDumpsEveryPass) {
  Matmul T;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PipelineOptions Opts;
  Opts.PrintAfterAll = true;
  Opts.Log = &OS;
  T.run(Opts);
  OS.flush();
  size_t Pos = 0;
  for (const std::string &Pass : pipelinePassNames()) {
    std::string Header = "*** IR Dump After " + Pass + " ***";
    size_t At = Out.find(Header, Pos);
    ASSERT_NE(At, std::string::npos) << Header << " in\n" << Out;
    Pos = At + Header.size(); // In pipeline order.
  }
  EXPECT_EQ(pipelinePassNames().size(), 25u);
  EXPECT_NE(Out.find("matmul_kernel0"), std::string::npos);
}

TEST(TransformsTest, PrintAfterOnePass) {
  Matmul T;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PipelineOptions Opts;
  Opts.PrintAfter = {"MapToGrid"};
  Opts.Log = &OS;
  T.run(Opts);
  OS.flush();
  EXPECT_NE(Out.find("*** IR Dump After MapToGrid ***"), std::string::npos);
  EXPECT_EQ(Out.find("*** IR Dump After HoistHostLoops ***"),
            std::string::npos);
  EXPECT_EQ(Out.find("*** IR Dump After PlanArrays ***"), std::string::npos);
}

TEST(TransformsTest, PrintAfterUnknownPassWarns) {
  Matmul T;
  PipelineOptions Opts;
  Opts.PrintAfter = {"MapToGird"};
  T.run(Opts);
  ASSERT_FALSE(T.Diags.all().empty());
  EXPECT_EQ(T.Diags.all()[0].Level, DiagLevel::Warning);
  EXPECT_EQ(T.Diags.all()[0].Message, "no pass named 'MapToGird'");
}

} // namespace

// The IR shares nodes: one ArrayRef may be both what a statement reads and
// where it writes. rewriteReads replaces the read and keeps the target
// (rewriting only its subscripts); rewriteStmts replaces both.
TEST(IRRewriteTest, ReadsKeepTargetsAndRewriteTheirSubscripts) {
  ExprPtr I = std::make_shared<VarRef>("i", ScalarKind::Int);
  ExprPtr Elem = std::make_shared<ArrayRef>("C", std::vector<ExprPtr>{I},
                                            ScalarKind::Float);
  ExprPtr One = std::make_shared<FloatLit>(1.0, ScalarKind::Float);
  StmtList L = {std::make_shared<AssignStmt>(
      Elem, AssignOpKind::Set,
      std::make_shared<BinaryExpr>(BinaryOpKind::Add, Elem, One,
                                   ScalarKind::Float))};
  auto Fn = [&](const ExprPtr &E) -> ExprPtr {
    if (E == Elem)
      return std::make_shared<VarRef>("r", ScalarKind::Float);
    if (E == I)
      return std::make_shared<VarRef>("k", ScalarKind::Int);
    return nullptr;
  };
  auto Text = [](const StmtList &L) {
    const auto &A = cast<AssignStmt>(*L.front());
    return exprToString(*A.LHS) + " = " + exprToString(*A.RHS);
  };
  EXPECT_EQ(Text(rewriteReads(L, Fn)), "C[k] = r + 1.0f");
  EXPECT_EQ(Text(rewriteStmts(L, Fn)), "r = r + 1.0f");
}
