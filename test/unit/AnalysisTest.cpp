//===- AnalysisTest.cpp - Unit tests of analyzeFunction
//--------------------===//
//
// Nests with known answers: which loops are parallel (and why not), which
// references are affine, their constant strides, and the inferred extents,
// checked by evaluating the extent expressions for concrete sizes.
//
//===----------------------------------------------------------------------===//

#include "IRBuilders.h"

#include "analysis/NestFacts.h"
#include "ir/IRPrinter.h"

#include "gtest/gtest.h"

using namespace c2cuda;
using namespace c2cuda::irb;

namespace {

constexpr ScalarKind Int = ScalarKind::Int;
constexpr ScalarKind Float = ScalarKind::Float;
constexpr auto LT = LoopCmp::LT;
constexpr auto LE = LoopCmp::LE;
constexpr auto GT = LoopCmp::GT;
constexpr auto GE = LoopCmp::GE;

using ForPtr = std::shared_ptr<const ForStmt>;
using RefPtr = std::shared_ptr<const ArrayRef>;

struct Analysis {
  Function F;
  DiagnosticList Diags;
  FunctionFacts Facts;
  explicit Analysis(Function Fn) : F(std::move(Fn)) {
    Facts = analyzeFunction(F, Diags);
  }
  const NestFacts &nest(unsigned I = 0) const {
    for (auto &[N, NF] : Facts.Nests)
      if (N->Id == I)
        return NF;
    throw std::runtime_error("no nest");
  }
  const LoopFacts &loop(const ForPtr &L) const {
    for (auto &[N, NF] : Facts.Nests) {
      auto It = NF.Loops.find(L.get());
      if (It != NF.Loops.end())
        return It->second;
    }
    throw std::runtime_error("no loop " + L->Iter);
  }
  bool parallel(const ForPtr &L) const { return loop(L).Parallel; }
  const RefFacts &ref(const RefPtr &R, bool Write) const {
    for (auto &[N, NF] : Facts.Nests)
      for (auto &RF : NF.Refs)
        if (RF.Ref == R.get() && RF.IsWrite == Write)
          return RF;
    throw std::runtime_error("no ref");
  }
  int64_t extent(const std::string &A,
                 const std::map<std::string, int64_t> &V) const {
    auto It = Facts.Extents.find(A);
    if (It == Facts.Extents.end() || !It->second.Elements)
      throw std::runtime_error("no extent for " + A);
    return evalInt(*It->second.Elements, V);
  }
  std::string errors() const {
    std::string S;
    for (auto &D : Diags.all())
      S += D.Loc.str() + ": " + D.Message + " [" + D.Hint + "]\n";
    return S;
  }
};

std::string described(const RefPtr &R, bool Write) {
  return exprToString(*R) + " (" + (Write ? "written" : "read") + " at " +
         R->Loc.str() + ")";
}

std::string reduction(const std::string &Target, const std::string &Op,
                      const std::string &Iter) {
  return "reduction into " + Target + " (" + Op + ") across iterations of '" +
         Iter + "'";
}

std::string conflict(const std::string &A, const std::string &B,
                     const std::string &Iter, const char *What = "element") {
  return A + " and " + B + " may touch the same " + What +
         " in different iterations of '" + Iter + "'";
}

/// The blocking dependence of a sequential loop, by reference.
void expectBlocking(const LoopFacts &LF, const RefPtr &Source,
                    const RefPtr &Sink, const std::string &Kind,
                    const std::string &Distance) {
  EXPECT_EQ(LF.Class, LoopClass::Sequential);
  EXPECT_FALSE(LF.Parallel);
  EXPECT_TRUE(LF.Reductions.empty());
  ASSERT_TRUE(LF.Blocking) << LF.Reason;
  const DependenceFacts &D = *LF.Blocking;
  EXPECT_EQ(D.SourceRef, exprToString(*Source));
  EXPECT_EQ(D.SinkRef, exprToString(*Sink));
  EXPECT_EQ(D.SourceAt.str(), Source->Loc.str());
  EXPECT_EQ(D.SinkAt.str(), Sink->Loc.str());
  EXPECT_EQ(D.Kind, Kind);
  EXPECT_EQ(D.Distance, Distance);
}

//===----------------------------------------------------------------------===//

TEST(Analysis, MatmulPointerForm) {
  RefPtr C = ref("C", {add(mul(var("i"), var("N")), var("j"))});
  RefPtr A = ref("A", {add(mul(var("i"), var("K")), var("k"))});
  RefPtr B = ref("B", {add(mul(var("k"), var("N")), var("j"))});
  ForPtr K = forLoop("k", lit(0), LT, var("K"), 1, {addAssign(C, mul(A, B))});
  ForPtr J = forLoop("j", lit(0), LT, var("N"), 1, {K});
  ForPtr I = forLoop("i", lit(0), LT, var("M"), 1, {J});
  Analysis R(function("matmul",
                      {scalarParam("M"), scalarParam("N"), scalarParam("K"),
                       ptrParam("A"), ptrParam("B"), ptrParam("C")},
                      {nest({I})}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_FALSE(R.parallel(K));
  EXPECT_EQ(R.loop(I).Class, LoopClass::Parallel);
  EXPECT_EQ(R.loop(K).Class, LoopClass::Reduction);
  EXPECT_EQ(R.loop(K).Reason, reduction("C[i * N + j]", "+", "k"));
  ASSERT_EQ(R.loop(K).Reductions.size(), 1u);
  const ReductionFacts &RF = R.loop(K).Reductions[0];
  EXPECT_EQ(RF.Target, "C[i * N + j]");
  EXPECT_FALSE(RF.IsScalar);
  EXPECT_EQ(RF.Op, "+");
  EXPECT_EQ(RF.Type, Float);
  ASSERT_EQ(RF.Stmts.size(), 1u);
  EXPECT_EQ(RF.Stmts[0], K->Body[0].get());
  EXPECT_FALSE(R.loop(K).Blocking);
  EXPECT_TRUE(R.loop(I).Reason.empty());

  const RefFacts &FA = R.ref(A, false);
  EXPECT_TRUE(FA.Affine);
  EXPECT_EQ(FA.ConstStride,
            (std::map<std::string, int64_t>{{"j", 0}, {"k", 1}}));
  EXPECT_EQ(R.ref(B, false).ConstStride,
            (std::map<std::string, int64_t>{{"i", 0}, {"j", 1}}));
  EXPECT_EQ(R.ref(C, true).ConstStride,
            (std::map<std::string, int64_t>{{"j", 1}, {"k", 0}}));

  EXPECT_EQ(R.nest().ArraysRead, (std::set<std::string>{"A", "B", "C"}));
  EXPECT_EQ(R.nest().ArraysWritten, (std::set<std::string>{"C"}));
  EXPECT_EQ(R.nest().ScalarsRead.count("K"), 1u);
  EXPECT_TRUE(R.nest().ScalarsWritten.empty());

  std::map<std::string, int64_t> V{{"M", 3}, {"N", 4}, {"K", 5}};
  EXPECT_EQ(R.extent("A", V), 15);
  EXPECT_EQ(R.extent("B", V), 20);
  EXPECT_EQ(R.extent("C", V), 12);
  EXPECT_EQ(R.extent("A", {{"M", 0}, {"N", 4}, {"K", 5}}), 0);
  EXPECT_EQ(R.extent("A", {{"M", 1000}, {"N", 1}, {"K", 1000}}), 1000000);
}

TEST(Analysis, MatmulPrivateAccumulator) {
  RefPtr C = ref("C", {add(mul(var("i"), var("N")), var("j"))});
  RefPtr A = ref("A", {add(mul(var("i"), var("K")), var("k"))});
  RefPtr B = ref("B", {add(mul(var("k"), var("N")), var("j"))});
  ExprPtr SW = fvar("s");
  ForPtr K = forLoop("k", lit(0), LT, var("K"), 1, {addAssign(SW, mul(A, B))});
  ForPtr J = forLoop("j", lit(0), LT, var("N"), 1,
                     {decl("s", Float, flit(0)), K, assign(C, fvar("s"))});
  ForPtr I = forLoop("i", lit(0), LT, var("M"), 1, {J});
  Analysis R(function("mm",
                      {scalarParam("M"), scalarParam("N"), scalarParam("K"),
                       ptrParam("A"), ptrParam("B"), ptrParam("C")},
                      {nest({I})}));
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_FALSE(R.parallel(K));
  EXPECT_EQ(R.loop(K).Class, LoopClass::Reduction);
  EXPECT_EQ(R.loop(K).Reason, reduction("s", "+", "k"));
  ASSERT_EQ(R.loop(K).Reductions.size(), 1u);
  EXPECT_TRUE(R.loop(K).Reductions[0].IsScalar);
  // A local is not an outside scalar.
  EXPECT_EQ(R.nest().ScalarsWritten.count("s"), 0u);
}

TEST(Analysis, Gemm2D) {
  RefPtr C1 = ref("C", {var("i"), var("j")});
  RefPtr C2 = ref("C", {var("i"), var("j")});
  RefPtr A = ref("A", {var("i"), var("k")});
  RefPtr B = ref("B", {var("k"), var("j")});
  ForPtr K = forLoop("k", lit(0), LT, var("nk"), 1,
                     {addAssign(C2, mul(mul(fvar("alpha"), A), B))});
  ForPtr J = forLoop("j", lit(0), LT, var("nj"), 1,
                     {assign(C1, fvar("beta"), AssignOpKind::Mul), K});
  ForPtr I = forLoop("i", lit(0), LT, var("ni"), 1, {J});
  Analysis R(function("gemm",
                      {scalarParam("ni"), scalarParam("nj"), scalarParam("nk"),
                       scalarParam("alpha", Float), scalarParam("beta", Float),
                       arrayParam("C", {var("ni"), var("nj")}),
                       arrayParam("A", {var("ni"), var("nk")}),
                       arrayParam("B", {var("nk"), var("nj")})},
                      {nest({I})}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_FALSE(R.parallel(K));
  EXPECT_EQ(R.loop(K).Class, LoopClass::Reduction);
  EXPECT_EQ(R.loop(K).Reason, reduction("C[i][j]", "+", "k"));
  EXPECT_EQ(R.ref(C1, true).ConstStride,
            (std::map<std::string, int64_t>{{"j", 1}}));
  EXPECT_EQ(R.ref(A, false).ConstStride,
            (std::map<std::string, int64_t>{{"j", 0}, {"k", 1}}));
  EXPECT_EQ(R.nest().ScalarsRead.at("alpha"), Float);
  EXPECT_EQ(R.extent("C", {{"ni", 3}, {"nj", 4}, {"nk", 5}}), 12);
  EXPECT_EQ(R.extent("B", {{"ni", 3}, {"nj", 4}, {"nk", 5}}), 20);
}

TEST(Analysis, Transpose) {
  RefPtr B = ref("B", {add(mul(var("j"), var("N")), var("i"))});
  RefPtr A = ref("A", {add(mul(var("i"), var("N")), var("j"))});
  ForPtr J = forLoop("j", lit(0), LT, var("N"), 1, {assign(B, A)});
  ForPtr I = forLoop("i", lit(0), LT, var("N"), 1, {J});
  Analysis R(function("transpose",
                      {scalarParam("N"), ptrParam("A"), ptrParam("B")},
                      {nest({I})}));
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_EQ(R.ref(B, true).ConstStride,
            (std::map<std::string, int64_t>{{"i", 1}}));
  EXPECT_EQ(R.ref(A, false).ConstStride,
            (std::map<std::string, int64_t>{{"j", 1}}));
  EXPECT_EQ(R.extent("A", {{"N", 5}}), 25);
}

TEST(Analysis, Jacobi2DWithTimeLoop) {
  auto A = [](ExprPtr I, ExprPtr J) { return ref("A", {I, J}); };
  RefPtr B1 = ref("B", {var("i"), var("j")});
  ExprPtr Sum = add(
      add(add(add(A(var("i"), var("j")), A(sub(var("i"), lit(1)), var("j"))),
              A(add(var("i"), lit(1)), var("j"))),
          A(var("i"), sub(var("j"), lit(1)))),
      A(var("i"), add(var("j"), lit(1))));
  ForPtr J1 = forLoop("j", lit(1), LT, sub(var("n"), lit(1)), 1,
                      {assign(B1, mul(flit(0.2), Sum))});
  ForPtr I1 = forLoop("i", lit(1), LT, sub(var("n"), lit(1)), 1, {J1});
  RefPtr A2 = ref("A", {var("i"), var("j")});
  ForPtr J2 = forLoop("j", lit(1), LT, sub(var("n"), lit(1)), 1,
                      {assign(A2, ref("B", {var("i"), var("j")}))});
  ForPtr I2 = forLoop("i", lit(1), LT, sub(var("n"), lit(1)), 1, {J2});
  ForPtr T = forLoop("t", lit(0), LT, var("T"), 1, {I1, I2});
  Analysis R(function("jacobi",
                      {scalarParam("T"), scalarParam("n"),
                       arrayParam("A", {var("n"), var("n")}),
                       arrayParam("B", {var("n"), var("n")})},
                      {nest({T})}));
  EXPECT_FALSE(R.parallel(T));
  EXPECT_NE(R.loop(T).Reason.find("in different iterations of 't'"),
            std::string::npos);
  EXPECT_TRUE(R.parallel(I1));
  EXPECT_TRUE(R.parallel(J1));
  EXPECT_TRUE(R.parallel(I2));
  EXPECT_TRUE(R.parallel(J2));
  EXPECT_EQ(R.extent("A", {{"n", 6}, {"T", 2}}), 36);
}

TEST(Analysis, RedBlackGaussSeidel) {
  auto A = [](ExprPtr I, ExprPtr J) { return ref("A", {I, J}); };
  auto Build = [&](bool WithIf) {
    ExprPtr Sum = add(add(add(A(sub(var("i"), lit(1)), var("j")),
                              A(add(var("i"), lit(1)), var("j"))),
                          A(var("i"), sub(var("j"), lit(1)))),
                      A(var("i"), add(var("j"), lit(1))));
    StmtPtr S = assign(A(var("i"), var("j")), mul(Sum, flit(0.25)));
    if (WithIf)
      S = ifStmt(eq(rem(add(var("i"), var("j")), lit(2)), var("c")), {S});
    ForPtr J = forLoop("j", lit(1), LT, sub(var("n"), lit(1)), 1, {S});
    ForPtr I = forLoop("i", lit(1), LT, sub(var("n"), lit(1)), 1, {J});
    ForPtr C = forLoop("c", lit(0), LT, lit(2), 1, {I});
    return std::make_tuple(C, I, J);
  };
  auto [C, I, J] = Build(true);
  Analysis R(function("rbgs",
                      {scalarParam("n"), arrayParam("A", {var("n"), var("n")})},
                      {nest({C})}));
  EXPECT_FALSE(R.parallel(C));
  EXPECT_TRUE(R.parallel(I)) << R.loop(I).Reason;
  EXPECT_TRUE(R.parallel(J)) << R.loop(J).Reason;

  // Without the colouring, plain Gauss-Seidel: neither loop is parallel.
  auto [C2, I2, J2] = Build(false);
  Analysis R2(
      function("gs", {scalarParam("n"), arrayParam("A", {var("n"), var("n")})},
               {nest({C2})}));
  EXPECT_FALSE(R2.parallel(I2));
  EXPECT_FALSE(R2.parallel(J2));
  // In place: A[i - 1][j] and A[i][j - 1] are this sweep's new values.
  for (const ForPtr &L : {I2, J2}) {
    EXPECT_EQ(R2.loop(L).Class, LoopClass::Sequential);
    ASSERT_TRUE(R2.loop(L).Blocking);
    EXPECT_EQ(R2.loop(L).Blocking->Kind, "flow");
    EXPECT_EQ(R2.loop(L).Blocking->Distance, "1");
  }
  EXPECT_EQ(R2.loop(I2).Blocking->SinkRef, "A[i - 1][j]");
  EXPECT_EQ(R2.loop(J2).Blocking->SinkRef, "A[i][j - 1]");
}

TEST(Analysis, TriangularSyrk) {
  RefPtr C1 = ref("C", {var("i"), var("j")});
  RefPtr C2 = ref("C", {var("i"), var("j")});
  ForPtr K = forLoop(
      "k", lit(0), LT, var("m"), 1,
      {addAssign(C2, mul(mul(fvar("alpha"), ref("A", {var("i"), var("k")})),
                         ref("A", {var("j"), var("k")})))});
  ForPtr J = forLoop("j", lit(0), LE, var("i"), 1,
                     {assign(C1, fvar("beta"), AssignOpKind::Mul), K});
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1, {J});
  Analysis R(function("syrk",
                      {scalarParam("n"), scalarParam("m"),
                       scalarParam("alpha", Float), scalarParam("beta", Float),
                       arrayParam("C", {var("n"), var("n")}),
                       arrayParam("A", {var("n"), var("m")})},
                      {nest({I})}));
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_FALSE(R.parallel(K));
}

TEST(Analysis, NonUnitStep) {
  auto Build = [](int64_t Step) {
    return forLoop(
        "i", lit(0), LT, var("n"), Step,
        {assign(ref("A", {var("i")}), ref("A", {add(var("i"), lit(1))}))});
  };
  ForPtr Even = Build(2);
  ForPtr Unit = Build(1);
  Analysis R(function("step", {scalarParam("n"), ptrParam("A")},
                      {nest({Even}, 0), nest({Unit}, 1)}));
  EXPECT_TRUE(R.parallel(Even)) << R.loop(Even).Reason;
  EXPECT_FALSE(R.parallel(Unit));
  // Unit step: A[i + 1] up to A[n]. Step 2: up to A[9] for n = 10.
  EXPECT_EQ(R.extent("A", {{"n", 10}}), 11);
  Analysis R2(function("step2", {scalarParam("n"), ptrParam("A")},
                       {nest({Build(2)}, 0)}));
  EXPECT_EQ(R2.extent("A", {{"n", 10}}), 10);
  EXPECT_EQ(R2.extent("A", {{"n", 9}}), 10);
}

TEST(Analysis, DecreasingLoops) {
  ForPtr Shift = forLoop(
      "i", sub(var("n"), lit(1)), GE, lit(1), -1,
      {assign(ref("A", {var("i")}), ref("A", {sub(var("i"), lit(1))}))});
  ForPtr Scale =
      forLoop("i", var("n"), GT, lit(0), -1,
              {assign(ref("B", {sub(var("i"), lit(1))}),
                      mul(flit(2), ref("C", {sub(var("i"), lit(1))})))});
  ForPtr Odd = forLoop(
      "i", sub(var("n"), lit(1)), GE, lit(0), -2,
      {assign(ref("D", {var("i")}), ref("D", {add(var("i"), lit(1))}))});
  Analysis R(function("down",
                      {scalarParam("n"), ptrParam("A"), ptrParam("B"),
                       ptrParam("C"), ptrParam("D")},
                      {nest({Shift}, 0), nest({Scale}, 1), nest({Odd}, 2)}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_FALSE(R.parallel(Shift));
  EXPECT_TRUE(R.parallel(Scale));
  EXPECT_TRUE(R.parallel(Odd)) << R.loop(Odd).Reason;
  EXPECT_EQ(R.extent("A", {{"n", 7}}), 7);
  EXPECT_EQ(R.extent("B", {{"n", 7}}), 7);
  EXPECT_EQ(R.extent("D", {{"n", 7}}), 8);
}

TEST(Analysis, MatrixVector) {
  RefPtr Y1 = ref("y", {var("i")});
  RefPtr Y2 = ref("y", {var("i")});
  ForPtr J = forLoop(
      "j", lit(0), LT, var("N"), 1,
      {addAssign(Y2, mul(ref("A", {add(mul(var("i"), var("N")), var("j"))}),
                         ref("x", {var("j")})))});
  ForPtr I = forLoop("i", lit(0), LT, var("M"), 1, {assign(Y1, flit(0)), J});
  Analysis R(function("mv",
                      {scalarParam("M"), scalarParam("N"), ptrParam("A"),
                       ptrParam("x"), ptrParam("y")},
                      {nest({I})}));
  EXPECT_TRUE(R.parallel(I));
  EXPECT_FALSE(R.parallel(J));
  EXPECT_EQ(R.loop(J).Class, LoopClass::Reduction);
  EXPECT_EQ(R.loop(J).Reason, reduction("y[i]", "+", "j"));
  EXPECT_EQ(R.ref(Y2, true).ConstStride,
            (std::map<std::string, int64_t>{{"i", 1}, {"j", 0}}));
  std::map<std::string, int64_t> V{{"M", 3}, {"N", 4}};
  EXPECT_EQ(R.extent("A", V), 12);
  EXPECT_EQ(R.extent("x", V), 4);
  EXPECT_EQ(R.extent("y", V), 3);
}

TEST(Analysis, PrefixSum) {
  RefPtr W = ref("a", {var("i")});
  RefPtr Prev = ref("a", {sub(var("i"), lit(1))});
  ForPtr I = forLoop("i", lit(1), LT, var("n"), 1,
                     {assign(W, add(Prev, ref("a", {var("i")})))});
  Analysis R(function("scan", {scalarParam("n"), ptrParam("a")}, {nest({I})}));
  EXPECT_FALSE(R.parallel(I));
  EXPECT_EQ(R.loop(I).Reason,
            conflict(described(W, true), described(Prev, false), "i"));
  expectBlocking(R.loop(I), W, Prev, "flow", "1");
  EXPECT_EQ(R.extent("a", {{"n", 9}}), 9);
}

TEST(Analysis, ScalarReductionOnHostLocal) {
  ExprPtr Sum = fvar("sum");
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1,
                     {addAssign(Sum, ref("a", {var("i")}))});
  Analysis R(function("total", {scalarParam("n"), ptrParam("a")}, {nest({I})}));
  EXPECT_FALSE(R.parallel(I));
  EXPECT_EQ(R.loop(I).Class, LoopClass::Reduction);
  EXPECT_EQ(R.loop(I).Reason, reduction("sum", "+", "i"));
  EXPECT_EQ(R.nest().ScalarsWritten,
            (std::map<std::string, ScalarKind>{{"sum", Float}}));
  EXPECT_EQ(R.nest().ScalarsRead.count("sum"), 1u);
  EXPECT_EQ(R.nest().ScalarsRead.count("n"), 1u);
}

TEST(Analysis, InPlaceReverse) {
  auto Mirror = [] { return sub(sub(var("n"), lit(1)), var("i")); };
  auto Body = [&] {
    return StmtList{decl("t", Float, ref("a", {var("i")})),
                    assign(ref("a", {var("i")}), ref("a", {Mirror()})),
                    assign(ref("a", {Mirror()}), fvar("t"))};
  };
  ForPtr I = forLoop("i", lit(0), LT, div(var("n"), lit(2)), 1, Body());
  Analysis R(
      function("reverse", {scalarParam("n"), ptrParam("a")}, {nest({I})}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(I)) << R.loop(I).Reason;
  EXPECT_EQ(R.extent("a", {{"n", 7}}), 7);
  EXPECT_EQ(R.extent("a", {{"n", 8}}), 8);
  EXPECT_EQ(R.extent("a", {{"n", 1}}), 0);

  // The same swap with t declared outside the loop: t carries values
  // between iterations.
  StmtList B = Body();
  ExprPtr T = fvar("t");
  B[0] = assign(T, ref("a", {var("i")}));
  ForPtr I2 = forLoop("i", lit(0), LT, div(var("n"), lit(2)), 1, B);
  Analysis R2(function("reverse2", {scalarParam("n"), ptrParam("a")},
                       {nest({decl("t", Float, nullptr), I2})}));
  EXPECT_FALSE(R2.parallel(I2));
  EXPECT_NE(R2.loop(I2).Reason.find("t (written at " + T->Loc.str() + ")"),
            std::string::npos)
      << R2.loop(I2).Reason;
}

TEST(Analysis, Conv2D3x3) {
  RefPtr Out =
      ref("out", {add(mul(var("oh"), sub(var("W"), lit(2))), var("ow"))});
  RefPtr In = ref("in", {add(mul(add(var("oh"), var("r")), var("W")),
                             add(var("ow"), var("c")))});
  RefPtr Wt = ref("w", {add(mul(var("r"), lit(3)), var("c"))});
  ExprPtr S = fvar("s");
  ForPtr C = forLoop("c", lit(0), LT, lit(3), 1, {addAssign(S, mul(In, Wt))});
  ForPtr Rr = forLoop("r", lit(0), LT, lit(3), 1, {C});
  ForPtr OW = forLoop("ow", lit(0), LT, sub(var("W"), lit(2)), 1,
                      {decl("s", Float, flit(0)), Rr, assign(Out, fvar("s"))});
  ForPtr OH = forLoop("oh", lit(0), LT, sub(var("H"), lit(2)), 1, {OW});
  Analysis R(function("conv",
                      {scalarParam("H"), scalarParam("W"), ptrParam("in"),
                       ptrParam("w"), ptrParam("out")},
                      {nest({OH})}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(OH)) << R.loop(OH).Reason;
  EXPECT_TRUE(R.parallel(OW)) << R.loop(OW).Reason;
  EXPECT_FALSE(R.parallel(Rr));
  EXPECT_FALSE(R.parallel(C));
  EXPECT_EQ(R.loop(C).Reason, reduction("s", "+", "c"));
  EXPECT_EQ(R.loop(Rr).Reason, reduction("s", "+", "r"));
  EXPECT_TRUE(R.ref(Out, true).Affine) << R.ref(Out, true).NonAffineReason;
  EXPECT_TRUE(R.ref(In, false).Affine);
  EXPECT_EQ(R.ref(Out, true).ConstStride,
            (std::map<std::string, int64_t>{{"ow", 1}}));
  EXPECT_EQ(R.ref(Wt, false).ConstStride,
            (std::map<std::string, int64_t>{
                {"oh", 0}, {"ow", 0}, {"r", 3}, {"c", 1}}));
  std::map<std::string, int64_t> V{{"H", 6}, {"W", 7}};
  EXPECT_EQ(R.extent("in", V), 42);
  EXPECT_EQ(R.extent("out", V), 20);
  EXPECT_EQ(R.extent("w", V), 9);
}

TEST(Analysis, MultiChannelConv) {
  // out[n][k][p][q] += in[n][c][p + r][q + s] * w[k][c][r][s], with 'in'
  // indexed by sizes (H, W) the loop bounds do not relate to p + r: 'in'
  // cannot be delinearized, but it is only read.
  auto Lin4 = [](ExprPtr A, ExprPtr SB, ExprPtr B, ExprPtr SC, ExprPtr C,
                 ExprPtr SD, ExprPtr D) {
    return add(mul(add(mul(add(mul(A, SB), B), SC), C), SD), D);
  };
  RefPtr Out = ref("out", {Lin4(var("n"), var("K"), var("k"), var("P"),
                                var("p"), var("Q"), var("q"))});
  RefPtr In = ref(
      "in", {Lin4(var("n"), var("C"), var("c"), var("H"),
                  add(var("p"), var("r")), var("W"), add(var("q"), var("s")))});
  RefPtr Wt = ref("w", {Lin4(var("k"), var("C"), var("c"), var("R"), var("r"),
                             var("S"), var("s"))});
  ForPtr S =
      forLoop("s", lit(0), LT, var("S"), 1, {addAssign(Out, mul(In, Wt))});
  ForPtr Rr = forLoop("r", lit(0), LT, var("R"), 1, {S});
  ForPtr C = forLoop("c", lit(0), LT, var("C"), 1, {Rr});
  ForPtr Q = forLoop("q", lit(0), LT, var("Q"), 1, {C});
  ForPtr P = forLoop("p", lit(0), LT, var("P"), 1, {Q});
  ForPtr K = forLoop("k", lit(0), LT, var("K"), 1, {P});
  ForPtr N = forLoop("n", lit(0), LT, var("N"), 1, {K});
  std::vector<Param> Ps;
  for (const char *X : {"N", "K", "C", "H", "W", "P", "Q", "R", "S"})
    Ps.push_back(scalarParam(X));
  for (const char *X : {"in", "w", "out"})
    Ps.push_back(ptrParam(X));
  NestClauses Cl;
  Cl.Extents["in"] = mul(mul(mul(var("N"), var("C")), var("H")), var("W"));
  Analysis R(function("conv4", Ps, {nest({N}, 0, Cl)}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  for (const ForPtr &L : {N, K, P, Q})
    EXPECT_TRUE(R.parallel(L)) << L->Iter << ": " << R.loop(L).Reason;
  for (const ForPtr &L : {C, Rr, S})
    EXPECT_FALSE(R.parallel(L)) << L->Iter;
  EXPECT_TRUE(R.ref(Out, true).Affine);
  EXPECT_TRUE(R.ref(Wt, false).Affine);
  // p + r < H holds only where the caller's sizes fit (a "valid"
  // convolution, P = H - R + 1): assumed, and checked when called.
  EXPECT_TRUE(R.ref(In, false).Affine) << R.ref(In, false).NonAffineReason;
  ASSERT_EQ(R.Facts.Assumptions.size(), 1u);
  EXPECT_EQ(R.Facts.Assumptions[0].Array, "in");
  EXPECT_EQ(exprToString(*R.Facts.Assumptions[0].Shown),
            "H + 1 >= P + R && W + 1 >= Q + S");
  EXPECT_EQ(
      R.ref(Out, true).ConstStride,
      (std::map<std::string, int64_t>{{"q", 1}, {"c", 0}, {"r", 0}, {"s", 0}}));
  std::map<std::string, int64_t> V{{"N", 2}, {"K", 3}, {"C", 4},
                                   {"H", 9}, {"W", 8}, {"P", 7},
                                   {"Q", 6}, {"R", 3}, {"S", 3}};
  EXPECT_EQ(R.extent("out", V), 2 * 3 * 7 * 6);
  EXPECT_EQ(R.extent("w", V), 3 * 4 * 3 * 3);
  EXPECT_EQ(R.extent("in", V), 2 * 4 * 9 * 8); // From the clause.
}

TEST(Analysis, NmfUpdates) {
  // Num = W^T V, then H = H * Num / (Den + eps): two nests.
  auto At = [](const char *A, const char *I, const char *S, const char *J) {
    return ref(A, {add(mul(var(I), var(S)), var(J))});
  };
  ForPtr L = forLoop("l", lit(0), LT, var("M"), 1,
                     {addAssign(fvar("acc"), mul(At("W", "l", "K", "k"),
                                                 At("V", "l", "N", "j")))});
  ForPtr J1 = forLoop("j", lit(0), LT, var("N"), 1,
                      {decl("acc", Float, flit(0)), L,
                       assign(At("Num", "k", "N", "j"), fvar("acc"))});
  ForPtr K1 = forLoop("k", lit(0), LT, var("K"), 1, {J1});
  ForPtr J2 =
      forLoop("j", lit(0), LT, var("N"), 1,
              {assign(At("H", "k", "N", "j"),
                      div(mul(At("H", "k", "N", "j"), At("Num", "k", "N", "j")),
                          add(At("Den", "k", "N", "j"), fvar("eps"))))});
  ForPtr K2 = forLoop("k", lit(0), LT, var("K"), 1, {J2});
  Analysis R(function("nmf",
                      {scalarParam("M"), scalarParam("N"), scalarParam("K"),
                       scalarParam("eps", Float), ptrParam("W"), ptrParam("V"),
                       ptrParam("H"), ptrParam("Num"), ptrParam("Den")},
                      {nest({K1}, 0), nest({K2}, 1)}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(K1));
  EXPECT_TRUE(R.parallel(J1));
  EXPECT_FALSE(R.parallel(L));
  EXPECT_TRUE(R.parallel(K2));
  EXPECT_TRUE(R.parallel(J2));
  EXPECT_EQ(R.nest(1).ArraysWritten, (std::set<std::string>{"H"}));
  EXPECT_EQ(R.nest(1).ArraysRead, (std::set<std::string>{"H", "Num", "Den"}));
  std::map<std::string, int64_t> V{{"M", 5}, {"N", 4}, {"K", 3}};
  EXPECT_EQ(R.extent("W", V), 15);
  EXPECT_EQ(R.extent("V", V), 20);
  EXPECT_EQ(R.extent("Num", V), 12);
}

TEST(Analysis, InPlaceStencilIsSequential) {
  RefPtr W = ref("A", {var("i")});
  RefPtr L = ref("A", {sub(var("i"), lit(1))});
  ForPtr I = forLoop("i", lit(1), LT, sub(var("n"), lit(1)), 1,
                     {assign(W, add(L, ref("A", {add(var("i"), lit(1))})))});
  Analysis R(function("st", {scalarParam("n"), ptrParam("A")}, {nest({I})}));
  EXPECT_FALSE(R.parallel(I));
  EXPECT_EQ(R.loop(I).Reason,
            conflict(described(W, true), described(L, false), "i"));
  expectBlocking(R.loop(I), W, L, "flow", "1");
}

TEST(Analysis, DelinearizeShiftedRows) {
  RefPtr A = ref("A", {add(mul(sub(var("i"), lit(1)), var("N")), var("j"))});
  RefPtr B = ref("B", {add(mul(var("i"), var("N")), var("j"))});
  ForPtr J = forLoop("j", lit(0), LT, var("N"), 1, {assign(B, A)});
  ForPtr I = forLoop("i", lit(1), LT, var("M"), 1, {J});
  Analysis R(function(
      "shift",
      {scalarParam("M"), scalarParam("N"), ptrParam("A"), ptrParam("B")},
      {nest({I})}));
  EXPECT_TRUE(R.ref(A, false).Affine) << R.ref(A, false).NonAffineReason;
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_EQ(R.ref(A, false).ConstStride,
            (std::map<std::string, int64_t>{{"j", 1}}));
  std::map<std::string, int64_t> V{{"M", 4}, {"N", 5}};
  EXPECT_EQ(R.extent("A", V), 15);
  EXPECT_EQ(R.extent("B", V), 20);
}

TEST(Analysis, DelinearizeDiagonalBesideRows) {
  // x[i] = A[i*N + i] + A[i*N + j]: i's stride in the diagonal is N + 1,
  // one row and one column, so both references are A[i][...] of N x N.
  RefPtr D = ref("A", {add(mul(var("i"), var("N")), var("i"))});
  RefPtr R = ref("A", {add(mul(var("i"), var("N")), var("j"))});
  RefPtr X = ref("x", {var("i")});
  ForPtr J = forLoop("j", lit(0), LT, var("N"), 1,
                     {assign(X, add(D, R), AssignOpKind::Add)});
  ForPtr I = forLoop("i", lit(0), LT, var("N"), 1, {J});
  Analysis An(function("diag", {scalarParam("N"), ptrParam("A"), ptrParam("x")},
                       {nest({I})}));
  EXPECT_TRUE(An.ref(D, false).Affine) << An.ref(D, false).NonAffineReason;
  EXPECT_TRUE(An.ref(R, false).Affine) << An.ref(R, false).NonAffineReason;
  EXPECT_TRUE(An.parallel(I));
  EXPECT_EQ(An.extent("A", {{"N", 5}}), 25);
}

TEST(Analysis, DelinearizeLiteralFactorInTheStride) {
  // o[k] += B[(k*C + c)*9 + r*3 + s]: k's stride is 9*C, not C with the 9
  // in the subscript (9*c + 3*r + s would then exceed a row of C).
  ExprPtr Idx = add(add(mul(add(mul(var("k"), var("C")), var("c")), lit(9)),
                        mul(var("r"), lit(3))),
                    var("s"));
  RefPtr B = ref("B", {Idx});
  RefPtr O = ref("o", {var("k")});
  ForPtr S =
      forLoop("s", lit(0), LT, lit(3), 1, {assign(O, B, AssignOpKind::Add)});
  ForPtr R = forLoop("r", lit(0), LT, lit(3), 1, {S});
  ForPtr C = forLoop("c", lit(0), LT, var("C"), 1, {R});
  ForPtr K = forLoop("k", lit(0), LT, var("K"), 1, {C});
  Analysis An(function(
      "filt",
      {scalarParam("K"), scalarParam("C"), ptrParam("B"), ptrParam("o")},
      {nest({K})}));
  EXPECT_FALSE(An.Diags.hasErrors()) << An.errors();
  EXPECT_TRUE(An.ref(B, false).Affine) << An.ref(B, false).NonAffineReason;
  EXPECT_TRUE(An.parallel(K));
  EXPECT_EQ(An.extent("B", {{"K", 4}, {"C", 5}}), 180);
}

TEST(Analysis, DelinearizationNeedsInBoundsSubscripts) {
  // j runs to N inclusive: A[i*N + j] spills into the next row, so rows
  // overlap and the write may hit what another i writes.
  RefPtr A = ref("A", {add(mul(var("i"), var("N")), var("j"))});
  ForPtr J = forLoop("j", lit(0), LE, var("N"), 1, {assign(A, flit(1))});
  ForPtr I = forLoop("i", lit(0), LT, var("M"), 1, {J});
  NestClauses Cl;
  Cl.Extents["A"] = add(mul(var("M"), var("N")), lit(1));
  Analysis R(function("spill",
                      {scalarParam("M"), scalarParam("N"), ptrParam("A")},
                      {nest({I}, 0, Cl)}));
  EXPECT_FALSE(R.ref(A, true).Affine);
  EXPECT_NE(R.ref(A, true).NonAffineReason.find("[0, N)"), std::string::npos)
      << R.ref(A, true).NonAffineReason;
  EXPECT_FALSE(R.parallel(I));
  EXPECT_EQ(R.loop(I).Reason,
            conflict(described(A, true), described(A, true), "i"));
  expectBlocking(R.loop(I), A, A, "output", "*");
  EXPECT_EQ(R.extent("A", {{"M", 2}, {"N", 3}}), 7);
}

TEST(Analysis, AffineLocalIsSubstituted) {
  // int row = i * N; A[row + j] = ...
  RefPtr A = ref("A", {add(var("row"), var("j"))});
  ForPtr J =
      forLoop("j", lit(0), LT, var("N"), 1,
              {assign(A, mul(flit(2), ref("A", {add(var("row"), var("j"))})))});
  ForPtr I = forLoop("i", lit(0), LT, var("M"), 1,
                     {decl("row", Int, mul(var("i"), var("N"))), J});
  Analysis R(function("scale",
                      {scalarParam("M"), scalarParam("N"), ptrParam("A")},
                      {nest({I})}));
  EXPECT_TRUE(R.ref(A, true).Affine);
  EXPECT_TRUE(R.parallel(I));
  EXPECT_TRUE(R.parallel(J));
  EXPECT_EQ(R.extent("A", {{"M", 3}, {"N", 4}}), 12);
}

TEST(Analysis, IndirectIndexIsNonAffine) {
  RefPtr Idx = ref("idx", {var("i")}, Int);
  RefPtr A = ref("A", {Idx});
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1,
                     {addAssign(A, ref("x", {var("i")}))});
  Analysis R(function(
      "scatter",
      {scalarParam("n"), ptrParam("A"), ptrParam("x"), ptrParam("idx", Int)},
      {nest({I})}));
  EXPECT_FALSE(R.ref(A, true).Affine);
  EXPECT_NE(R.ref(A, true).NonAffineReason.find("element of 'idx'"),
            std::string::npos);
  EXPECT_FALSE(R.parallel(I));
  // The extent of A cannot be inferred.
  ASSERT_TRUE(R.Diags.hasErrors());
  EXPECT_EQ(R.Diags.all()[0].Message,
            "cannot infer how many elements of 'A' the nest accesses");
  EXPECT_EQ(R.Diags.all()[0].Loc.str(), A->Loc.str());
  EXPECT_EQ(R.extent("idx", {{"n", 5}}), 5);
}

TEST(Analysis, UnknownExtentFromHostLocal) {
  // for (i = 0; i < m; i++) A[i] = 0; with m a host local.
  RefPtr A = ref("A", {var("i")});
  ForPtr I = forLoop("i", lit(0), LT, var("m"), 1, {assign(A, flit(0))});
  Analysis R(function("f", {scalarParam("n"), ptrParam("A")},
                      {hostRegion(HostRegion::Form::Block, "{", {nest({I})})}));
  EXPECT_TRUE(R.parallel(I));
  ASSERT_EQ(R.Diags.all().size(), 1u) << R.errors();
  const Diagnostic &D = R.Diags.all()[0];
  EXPECT_EQ(D.Level, DiagLevel::Error);
  EXPECT_EQ(D.Message,
            "cannot infer how many elements of 'A' the nest accesses");
  EXPECT_EQ(D.Hint, "state it with the clause 'extent(A: <number of "
                    "elements>)' on the '#pragma c2cuda kernel' line");
  EXPECT_EQ(D.Loc.str(), A->Loc.str());
  EXPECT_FALSE(R.Facts.Extents.at("A").Elements);
}

TEST(Analysis, HostLoopIteratorIsAParameter) {
  // for (it...) { nest: for i < n: if (it % 2 == 0) B[i] = A[i]; else A[i] =
  // B[i]; }
  RefPtr B = ref("B", {var("i")});
  ForPtr I =
      forLoop("i", lit(0), LT, var("n"), 1,
              {ifStmt(eq(rem(var("it"), lit(2)), lit(0)),
                      {assign(B, ref("A", {var("i")}))},
                      {assign(ref("A", {var("i")}), ref("B", {var("i")}))})});
  Analysis R(function(
      "pingpong",
      {scalarParam("n"), scalarParam("iters"), ptrParam("A"), ptrParam("B")},
      {hostRegion(HostRegion::Form::For, "for (int it = 0; it < iters; ++it) {",
                  {nest({I})})}));
  EXPECT_FALSE(R.Diags.hasErrors()) << R.errors();
  EXPECT_TRUE(R.parallel(I));
  EXPECT_EQ(R.nest().ScalarsRead.count("it"), 1u);
  EXPECT_EQ(R.extent("A", {{"n", 6}, {"iters", 3}}), 6);
}

TEST(Analysis, NegativeIndexIsAnError) {
  RefPtr A = ref("A", {sub(var("i"), lit(1))});
  ForPtr I =
      forLoop("i", lit(0), LT, var("n"), 1, {assign(ref("B", {var("i")}), A)});
  Analysis R(function("neg", {scalarParam("n"), ptrParam("A"), ptrParam("B")},
                      {nest({I})}));
  ASSERT_EQ(R.Diags.all().size(), 1u) << R.errors();
  EXPECT_EQ(R.Diags.all()[0].Message, "index of 'A' may be negative");
  EXPECT_EQ(R.Diags.all()[0].Loc.str(), A->Loc.str());
}

TEST(Analysis, ExtentClauseOverridesInference) {
  NestClauses Cl;
  Cl.Extents["A"] = mul(var("n"), lit(3));
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1,
                     {assign(ref("A", {var("i")}), flit(0))});
  Analysis R(
      function("cl", {scalarParam("n"), ptrParam("A")}, {nest({I}, 0, Cl)}));
  EXPECT_EQ(R.extent("A", {{"n", 5}}), 15);
  EXPECT_EQ(R.Facts.Extents.at("A").Elements->Type, ScalarKind::Long);
}

TEST(Analysis, ModuloConditionKeepsCSemantics) {
  // if ((i - 5) % 2 == 1) A[i] = 1; else B[i] = A[i + 2];
  // C's % truncates: the condition holds for even i >= 6 only (for i < 5,
  // (i - 5) % 2 is 0 or -1). So i = 4 reads A[6], which i = 6 writes: the
  // loop is not parallel. (With floor semantics the writes would be at every
  // even i and the reads at odd i + 2: no overlap, wrongly parallel.)
  RefPtr W = ref("A", {var("i")});
  RefPtr Rd = ref("A", {add(var("i"), lit(2))});
  ForPtr I = forLoop(
      "i", lit(0), LT, var("n"), 1,
      {ifStmt(eq(rem(sub(var("i"), lit(5)), lit(2)), lit(1)),
              {assign(W, flit(1))}, {assign(ref("B", {var("i")}), Rd)})});
  Analysis R(function("mod", {scalarParam("n"), ptrParam("A"), ptrParam("B")},
                      {nest({I})}));
  EXPECT_FALSE(R.parallel(I));
  EXPECT_EQ(R.loop(I).Reason,
            conflict(described(W, true), described(Rd, false), "i"));
  // i = 4 reads A[6] before i = 6 writes it.
  expectBlocking(R.loop(I), Rd, W, "anti", "2");
}

//===----------------------------------------------------------------------===//
// Loop classes, reductions and dependence distances
//===----------------------------------------------------------------------===//

/// One loop `for (i = 0; i < n; i++) Body` in its own function over the
/// float arrays a, b, h, the int array idx and the outside scalars n, s
/// (float) and m (int).
struct OneLoop {
  ForPtr I;
  Analysis R;
  explicit OneLoop(StmtList Body, int64_t Lo = 0)
      : I(forLoop("i", lit(Lo), LT, var("n"), 1, std::move(Body))),
        R(function("f",
                   {scalarParam("n"), ptrParam("a"), ptrParam("b"),
                    ptrParam("h"), ptrParam("idx", Int)},
                   {nest({I})})) {}
  const LoopFacts &facts() const { return R.loop(I); }
};

TEST(LoopClass, FlowDistanceOne) {
  // A[i] = A[i - 1] + 1
  RefPtr W = ref("a", {var("i")});
  RefPtr Rd = ref("a", {sub(var("i"), lit(1))});
  OneLoop L({assign(W, add(Rd, flit(1)))}, 1);
  expectBlocking(L.facts(), W, Rd, "flow", "1");
  EXPECT_EQ(L.facts().Reason,
            conflict(described(W, true), described(Rd, false), "i"));
}

TEST(LoopClass, AntiDistanceTwo) {
  // A[i] = A[i + 2]: iteration i reads what iteration i + 2 overwrites.
  RefPtr W = ref("a", {var("i")});
  RefPtr Rd = ref("a", {add(var("i"), lit(2))});
  OneLoop L({assign(W, Rd)});
  expectBlocking(L.facts(), Rd, W, "anti", "2");
}

TEST(LoopClass, OutputDependenceOnOneElement) {
  // a[0] = b[i]: every iteration overwrites the same element.
  RefPtr W = ref("a", {lit(0)});
  OneLoop L({assign(W, ref("b", {var("i")}))});
  expectBlocking(L.facts(), W, W, "output", ">= 1");
}

TEST(LoopClass, BoundedDistanceRange) {
  // for i: for k < 3: a[i] = a[i - 1 - k] + b[k]: reads one to three
  // iterations back.
  RefPtr W = ref("a", {var("i")});
  RefPtr Rd = ref("a", {sub(sub(var("i"), lit(1)), var("k"))});
  ForPtr K = forLoop("k", lit(0), LT, lit(3), 1,
                     {assign(W, add(Rd, ref("b", {var("k")})))});
  ForPtr I = forLoop("i", lit(3), LT, var("n"), 1, {K});
  Analysis R(function("f", {scalarParam("n"), ptrParam("a"), ptrParam("b")},
                      {nest({I})}));
  expectBlocking(R.loop(I), W, Rd, "flow", "1..3");
  // Over k, a[i] is overwritten: output dependences at distances 1 and 2.
  expectBlocking(R.loop(K), W, W, "output", "1..2");
}

TEST(LoopClass, DistanceCountsIterationsNotIndices) {
  // for (i = 0; i < n; i += 2) a[i] = a[i - 2]: one iteration back. And the
  // decreasing loop for (i = n - 1; i >= 1; i--) b[i] = b[i - 1] reads what
  // the next iteration writes.
  RefPtr W = ref("a", {var("i")});
  RefPtr Rd = ref("a", {sub(var("i"), lit(2))});
  ForPtr Even = forLoop("i", lit(2), LT, var("n"), 2, {assign(W, Rd)});
  RefPtr WD = ref("b", {var("i")});
  RefPtr RD = ref("b", {sub(var("i"), lit(1))});
  ForPtr Down =
      forLoop("i", sub(var("n"), lit(1)), GE, lit(1), -1, {assign(WD, RD)});
  RefPtr W3 = ref("h", {var("i")});
  RefPtr R3 = ref("h", {add(var("i"), lit(3))});
  ForPtr Down3 = forLoop("i", var("n"), GT, lit(0), -3, {assign(W3, R3)});
  Analysis R(function(
      "f", {scalarParam("n"), ptrParam("a"), ptrParam("b"), ptrParam("h")},
      {nest({Even}, 0), nest({Down}, 1), nest({Down3}, 2)}));
  expectBlocking(R.loop(Even), W, Rd, "flow", "1");
  expectBlocking(R.loop(Down), RD, WD, "anti", "1");
  // Down by 3: h[i + 3] was written one iteration earlier.
  expectBlocking(R.loop(Down3), W3, R3, "flow", "1");
}

TEST(LoopClass, PrefixSumThroughScalar) {
  // s += a[i]; b[i] = s;  the running value is read: not a reduction.
  ExprPtr S1 = fvar("s"), S2 = fvar("s");
  OneLoop L(
      {addAssign(S1, ref("a", {var("i")})), assign(ref("b", {var("i")}), S2)});
  const LoopFacts &F = L.facts();
  EXPECT_EQ(F.Class, LoopClass::Sequential);
  ASSERT_TRUE(F.Blocking);
  EXPECT_EQ(F.Blocking->SourceRef, "s");
  EXPECT_EQ(F.Blocking->SourceAt.str(), S1->Loc.str());
  EXPECT_EQ(F.Blocking->SinkAt.str(), S2->Loc.str());
  EXPECT_EQ(F.Blocking->Kind, "flow");
  EXPECT_EQ(F.Blocking->Distance, ">= 1");
  EXPECT_EQ(F.Reason,
            conflict("s (written at " + S1->Loc.str() + ")",
                     "s (read at " + S2->Loc.str() + ")", "i", "variable"));
}

TEST(LoopClass, Wavefront) {
  // A[i][j] = A[i - 1][j] + A[i][j - 1]: both loops carry a flow
  // dependence of distance 1.
  RefPtr W = ref("A", {var("i"), var("j")});
  RefPtr Up = ref("A", {sub(var("i"), lit(1)), var("j")});
  RefPtr Left = ref("A", {var("i"), sub(var("j"), lit(1))});
  ForPtr J = forLoop("j", lit(1), LT, var("n"), 1, {assign(W, add(Up, Left))});
  ForPtr I = forLoop("i", lit(1), LT, var("n"), 1, {J});
  Analysis R(function("wave",
                      {scalarParam("n"), arrayParam("A", {var("n"), var("n")})},
                      {nest({I})}));
  expectBlocking(R.loop(I), W, Up, "flow", "1");
  expectBlocking(R.loop(J), W, Left, "flow", "1");
}

TEST(LoopClass, HistogramIsSequentialWithUnknownDistance) {
  // h[idx[i]] += 1, and h read elsewhere: the target moves with i in a way
  // no one can tell, and another statement sees the intermediate counts.
  RefPtr H = ref("h", {ref("idx", {var("i")}, Int)});
  RefPtr Out = ref("out", {var("i")});
  NestClauses Cl;
  Cl.Extents["h"] = lit(256);
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1,
                     {addAssign(H, flit(1)), assign(Out, ref("h", {lit(0)}))});
  Analysis R(function(
      "hist",
      {scalarParam("n"), ptrParam("h"), ptrParam("idx", Int), ptrParam("out")},
      {nest({I}, 0, Cl)}));
  expectBlocking(R.loop(I), H, H, "flow", "*");
}

/// The reduction a single loop performs, or a failure naming its class.
::testing::AssertionResult isReduction(const LoopFacts &F,
                                       const std::string &Target,
                                       const std::string &Op) {
  if (F.Class != LoopClass::Reduction)
    return ::testing::AssertionFailure()
           << spelling(F.Class) << ": " << F.Reason;
  if (F.Reductions.size() != 1 || F.Reductions[0].Target != Target ||
      F.Reductions[0].Op != Op)
    return ::testing::AssertionFailure() << F.Reason;
  if (F.Parallel || F.Blocking)
    return ::testing::AssertionFailure() << "parallel or blocking set";
  return ::testing::AssertionSuccess();
}

TEST(LoopClass, HistogramUpdatesAreAReduction) {
  // h[idx[i]] += 1 and nothing else touches h: the updates commute.
  RefPtr H = ref("h", {ref("idx", {var("i")}, Int)});
  NestClauses Cl;
  Cl.Extents["h"] = lit(256);
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1, {addAssign(H, flit(1))});
  Analysis R(function("hist",
                      {scalarParam("n"), ptrParam("h"), ptrParam("idx", Int)},
                      {nest({I}, 0, Cl)}));
  EXPECT_TRUE(isReduction(R.loop(I), "h[idx[i]]", "+"));
}

TEST(LoopClass, ScalarReductionOperators) {
  auto A = [] { return ref("a", {var("i")}); };
  auto S = [] { return fvar("s"); };
  auto M = [] { return var("m"); };
  auto IA = [] { return ref("idx", {var("i")}, Int); };
  EXPECT_TRUE(isReduction(OneLoop({addAssign(S(), A())}).facts(), "s", "+"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), A(), AssignOpKind::Sub)}).facts(), "s", "+"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), A(), AssignOpKind::Mul)}).facts(), "s", "*"));
  EXPECT_TRUE(
      isReduction(OneLoop({assign(S(), add(S(), A()))}).facts(), "s", "+"));
  EXPECT_TRUE(
      isReduction(OneLoop({assign(S(), add(A(), S()))}).facts(), "s", "+"));
  EXPECT_TRUE(
      isReduction(OneLoop({assign(S(), sub(S(), A()))}).facts(), "s", "+"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), add(add(S(), A()), ref("b", {var("i")})))}).facts(),
      "s", "+"));
  EXPECT_TRUE(
      isReduction(OneLoop({assign(S(), mul(S(), A()))}).facts(), "s", "*"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), call("fmaxf", {S(), A()}, Float))}).facts(), "s",
      "max"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), call("fminf", {A(), S()}, Float))}).facts(), "s",
      "min"));
  // fmax in double, with C's conversions around it.
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), cast(call("fmax", {cast(S(), ScalarKind::Double),
                                              cast(A(), ScalarKind::Double)}),
                                Float))})
          .facts(),
      "s", "max"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), select(gt(S(), A()), S(), A()))}).facts(), "s",
      "max"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), select(lt(S(), A()), A(), S()))}).facts(), "s",
      "max"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(S(), select(lt(A(), S()), A(), S()))}).facts(), "s",
      "min"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(M(), IA(), AssignOpKind::And)}).facts(), "m", "&"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(M(), IA(), AssignOpKind::Or)}).facts(), "m", "|"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(M(), IA(), AssignOpKind::Xor)}).facts(), "m", "^"));
  EXPECT_TRUE(isReduction(
      OneLoop({assign(M(), bin(BinaryOpKind::BitXor, IA(), M()))}).facts(), "m",
      "^"));
  // Conditional: still a reduction.
  EXPECT_TRUE(isReduction(
      OneLoop({ifStmt(gt(A(), flit(0)), {addAssign(S(), A())})}).facts(), "s",
      "+"));
  // The type is recorded; integer or floating does not change the class.
  OneLoop Int1({addAssign(M(), IA())});
  ASSERT_TRUE(isReduction(Int1.facts(), "m", "+"));
  EXPECT_EQ(Int1.facts().Reductions[0].Type, Int);
  EXPECT_TRUE(Int1.facts().Reductions[0].IsScalar);
  OneLoop Flt({addAssign(S(), A())});
  EXPECT_EQ(Flt.facts().Reductions[0].Type, Float);
}

TEST(LoopClass, NotReductions) {
  auto A = [] { return ref("a", {var("i")}); };
  auto S = [] { return fvar("s"); };
  auto Seq = [](const OneLoop &L) {
    return L.facts().Class == LoopClass::Sequential && L.facts().Blocking &&
           !L.facts().Parallel && L.facts().Reductions.empty();
  };
  // s = a[i] - s alternates signs; s /= a[i] divides.
  EXPECT_TRUE(Seq(OneLoop({assign(S(), sub(A(), S()))})));
  EXPECT_TRUE(Seq(OneLoop({assign(S(), A(), AssignOpKind::Div)})));
  // e reads the target.
  EXPECT_TRUE(Seq(OneLoop({addAssign(S(), mul(S(), A()))})));
  EXPECT_TRUE(Seq(OneLoop({assign(S(), add(S(), S()))})));
  // Two operators on one target.
  EXPECT_TRUE(
      Seq(OneLoop({addAssign(S(), A()), assign(S(), A(), AssignOpKind::Mul)})));
  // The target is also read elsewhere in the loop.
  EXPECT_TRUE(
      Seq(OneLoop({addAssign(S(), A()), assign(ref("b", {var("i")}), S())})));
  // ... or written elsewhere.
  EXPECT_TRUE(Seq(OneLoop({addAssign(S(), A()), assign(S(), flit(0))})));
  // A select that is not a min or max.
  EXPECT_TRUE(Seq(
      OneLoop({assign(S(), select(gt(S(), A()), A(), ref("b", {var("i")})))})));
  // Plain assignment of the target.
  EXPECT_TRUE(Seq(OneLoop({assign(S(), A())})));
}

TEST(LoopClass, TwoReductionsInOneLoop) {
  ExprPtr S = fvar("s");
  StmtPtr Sum1 = addAssign(fvar("s"), ref("a", {var("i")}));
  StmtPtr Max =
      assign(var("m"), select(gt(var("m"), ref("idx", {var("i")}, Int)),
                              var("m"), ref("idx", {var("i")}, Int)));
  StmtPtr Sum2 = assign(fvar("s"), sub(fvar("s"), ref("b", {var("i")})));
  OneLoop L({Sum1, Max, Sum2});
  const LoopFacts &F = L.facts();
  ASSERT_EQ(F.Class, LoopClass::Reduction) << F.Reason;
  ASSERT_EQ(F.Reductions.size(), 2u);
  EXPECT_EQ(F.Reductions[0].Target, "s");
  EXPECT_EQ(F.Reductions[0].Stmts, (std::vector<const AssignStmt *>{
                                       llvm::cast<AssignStmt>(Sum1.get()),
                                       llvm::cast<AssignStmt>(Sum2.get())}));
  EXPECT_EQ(F.Reductions[1].Target, "m");
  EXPECT_EQ(F.Reductions[1].Op, "max");
  EXPECT_EQ(F.Reductions[1].Type, Int);
  EXPECT_EQ(F.Reason, "reduction into s (+) and m (max) across iterations "
                      "of 'i'");
}

TEST(LoopClass, ArrayReductions) {
  // Row sums r[i] += A[i][j]: j reduces into r[i], i is parallel. Column
  // sums c[j] += A[i][j]: i reduces into c[j], j is parallel.
  RefPtr RowT = ref("r", {var("i")});
  ForPtr J = forLoop("j", lit(0), LT, var("m"), 1,
                     {addAssign(RowT, ref("A", {var("i"), var("j")}))});
  ForPtr I = forLoop("i", lit(0), LT, var("n"), 1, {J});
  ForPtr J2 = forLoop(
      "j", lit(0), LT, var("m"), 1,
      {addAssign(ref("c", {var("j")}), ref("A", {var("i"), var("j")}))});
  ForPtr I2 = forLoop("i", lit(0), LT, var("n"), 1, {J2});
  Analysis R(function("sums",
                      {scalarParam("n"), scalarParam("m"),
                       arrayParam("A", {var("n"), var("m")}), ptrParam("r"),
                       ptrParam("c")},
                      {nest({I}, 0), nest({I2}, 1)}));
  EXPECT_EQ(R.loop(I).Class, LoopClass::Parallel);
  EXPECT_TRUE(isReduction(R.loop(J), "r[i]", "+"));
  EXPECT_FALSE(R.loop(J).Reductions[0].IsScalar);
  EXPECT_TRUE(isReduction(R.loop(I2), "c[j]", "+"));
  EXPECT_EQ(R.loop(J2).Class, LoopClass::Parallel);
}

TEST(LoopClass, GemmLoopOrders) {
  // C[i][j] += A[i][k] * B[k][j] in ijk, ikj and kij order: k is always a
  // reduction (the element does not move with k, even with j inside it),
  // i and j always parallel.
  auto Body = [] {
    return StmtList{addAssign(
        ref("C", {var("i"), var("j")}),
        mul(ref("A", {var("i"), var("k")}), ref("B", {var("k"), var("j")})))};
  };
  std::vector<Param> Ps{scalarParam("n"), arrayParam("A", {var("n"), var("n")}),
                        arrayParam("B", {var("n"), var("n")}),
                        arrayParam("C", {var("n"), var("n")})};
  for (std::string Order : {"ijk", "ikj", "kij"}) {
    StmtList B = Body();
    std::map<char, ForPtr> Loops;
    for (int D = 2; D >= 0; --D) {
      ForPtr L = forLoop(std::string(1, Order[D]), lit(0), LT, var("n"), 1, B);
      Loops[Order[D]] = L;
      B = {L};
    }
    Analysis R(function("gemm", Ps, {nest(B)}));
    EXPECT_TRUE(isReduction(R.loop(Loops['k']), "C[i][j]", "+")) << Order;
    EXPECT_EQ(R.loop(Loops['i']).Class, LoopClass::Parallel) << Order;
    EXPECT_EQ(R.loop(Loops['j']).Class, LoopClass::Parallel) << Order;
  }
}

TEST(LoopClass, ReductionTargetMovingWithLoopIsNot) {
  // a[i] = a[i] + a[i - 1] has a reduction's shape, but a[i] moves with i.
  RefPtr W = ref("a", {var("i")});
  RefPtr Prev = ref("a", {sub(var("i"), lit(1))});
  OneLoop L({assign(W, add(ref("a", {var("i")}), Prev))}, 1);
  expectBlocking(L.facts(), W, Prev, "flow", "1");
  // a[0] += a[i] for i >= 1 reads other elements only: a reduction.
  OneLoop L2({addAssign(ref("a", {lit(0)}), ref("a", {var("i")}))}, 1);
  EXPECT_TRUE(isReduction(L2.facts(), "a[0]", "+"));
  // From i = 0 it reads a[0] itself.
  OneLoop L3({addAssign(ref("a", {lit(0)}), ref("a", {var("i")}))}, 0);
  EXPECT_EQ(L3.facts().Class, LoopClass::Sequential);
}

TEST(LoopClass, ReductionInsideTimeLoop) {
  // for t: { for i: s += a[i]; for i: a[i] = a[i] / s; } (s outside): the
  // time loop is sequential, the first i loop a reduction, the second
  // parallel.
  ForPtr I1 = forLoop("i", lit(0), LT, var("n"), 1,
                      {addAssign(fvar("s"), ref("a", {var("i")}))});
  ForPtr I2 = forLoop(
      "i", lit(0), LT, var("n"), 1,
      {assign(ref("a", {var("i")}), div(ref("a", {var("i")}), fvar("s")))});
  ForPtr T = forLoop("t", lit(0), LT, var("T"), 1, {I1, I2});
  Analysis R(function("norm",
                      {scalarParam("n"), scalarParam("T"), ptrParam("a")},
                      {nest({T})}));
  EXPECT_EQ(R.loop(T).Class, LoopClass::Sequential);
  ASSERT_TRUE(R.loop(T).Blocking);
  EXPECT_TRUE(isReduction(R.loop(I1), "s", "+"));
  EXPECT_EQ(R.loop(I2).Class, LoopClass::Parallel);
}

} // namespace
