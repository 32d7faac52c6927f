//===- ReductionsTest.cpp - Parallel reductions, transform level ----------===//
//
// Hand-built nests with hand-filled reduction facts (independent of the
// analysis): when a Reduction loop is mapped to the grid (permission by
// clause or option, band rules, hoisting), the atomic forms of reduction
// statements, and the CUDA text of each atomic.
//
//===----------------------------------------------------------------------===//

#include "codegen/AtomicUpdates.h"
#include "transforms/Pipeline.h"
#include "transforms/ReductionPolicy.h"

#include "ir/IRPrinter.h"

#include "gtest/gtest.h"

using namespace c2cuda;
using llvm::cast;
using llvm::dyn_cast;

namespace {

constexpr ScalarKind Int = ScalarKind::Int;
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
ExprPtr fref(const std::string &A, ExprPtr I) {
  return std::make_shared<ArrayRef>(A, std::vector<ExprPtr>{I}, Float);
}
std::shared_ptr<const AssignStmt> assign(ExprPtr L, ExprPtr R, AssignOpKind Op,
                                         unsigned Line) {
  return std::make_shared<AssignStmt>(L, Op, R, at(Line));
}
std::shared_ptr<const ForStmt> loop(const std::string &I, ExprPtr Hi,
                                    StmtList Body, unsigned Line) {
  return std::make_shared<ForStmt>(I, Int, lit(0), LoopCmp::LT, Hi, 1,
                                   std::move(Body), at(Line));
}
Param ptr(const std::string &N) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Pointer;
  P.Elem = Float;
  return P;
}
Param scalar(const std::string &N, ScalarKind T = Int) {
  Param P;
  P.Name = N;
  P.Elem = T;
  return P;
}

/// All atomic statements of L, nested ones included.
void atomics(const StmtList &L, std::vector<const AssignStmt *> &Out) {
  for (const StmtPtr &S : L) {
    if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      if (A->Atomic != AtomicKind::None)
        Out.push_back(A);
    } else if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      atomics(F->Body, Out);
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      atomics(I->Then, Out);
      atomics(I->Else, Out);
    }
  }
}

/// Marks L parallel in NF.
void markParallel(NestFacts &NF, const ForStmt &L) {
  NF.Loops[&L].Class = LoopClass::Parallel;
  NF.Loops[&L].Parallel = true;
}

/// Marks L a reduction loop whose one reduction is Stmt into Target.
ReductionFacts &markReduction(NestFacts &NF, const ForStmt &L,
                              const std::string &Target, const AssignStmt &Stmt,
                              ScalarKind Type = Int) {
  LoopFacts &LF = NF.Loops[&L];
  LF.Class = LoopClass::Reduction;
  LF.Reason =
      "reduction into " + Target + " (+) across iterations of '" + L.Iter + "'";
  ReductionFacts R;
  R.Target = Target;
  R.Op = "+";
  R.Type = Type;
  R.Stmts = {&Stmt};
  LF.Reductions = {R};
  return LF.Reductions.back();
}

/// The lowering with reassociation allowed.
LoweredFunction lowerAllowing(const Function &F, const FunctionFacts &Facts) {
  DiagnosticList Diags;
  PipelineOptions Opts;
  Opts.AllowReassociation = true;
  return runPipeline(F, Facts, Opts, Diags);
}

/// `float s (host); for (i < n) s += x[i];` with i a Reduction loop into s.
struct Dot {
  std::shared_ptr<const AssignStmt> Update =
      assign(v("s", Float), fref("x", v("i")), AssignOpKind::Add, 4);
  std::shared_ptr<const ForStmt> I = loop("i", v("n"), {Update}, 3);
  std::shared_ptr<const NestStmt> Nest;
  Function F;
  FunctionFacts Facts;
  DiagnosticList Diags;
  LoweredFunction LF;

  explicit Dot(NestClauses C = {}) {
    Nest =
        std::make_shared<NestStmt>(0, StmtList{I}, std::move(C), at(2), at(3));
    F.Name = "dot";
    F.Params = {scalar("n"), ptr("x")};
    F.Body = {Nest};
    NestFacts &NF = Facts.Nests[Nest.get()];
    markReduction(NF, *I, "s", *Update, Float).IsScalar = true;
    NF.ArraysRead = {"x"};
    NF.ScalarsRead = {{"n", Int}};
    NF.ScalarsWritten = {{"s", Float}};
    Facts.Extents["x"] = {v("n")};
  }
  const LoweredFunction &run(bool Allow = false) {
    PipelineOptions Opts;
    Opts.AllowReassociation = Allow;
    std::string Sink;
    llvm::raw_string_ostream OS(Sink);
    Opts.Log = &OS;
    LF = runPipeline(F, Facts, Opts, Diags);
    return LF;
  }
  bool hasRemark(const std::string &Text) const {
    for (const Diagnostic &D : Diags.all())
      if (D.Level == DiagLevel::Remark && D.Message == Text)
        return true;
    return false;
  }
};

NestClauses clause(const std::string &Op, const std::string &Var) {
  NestClauses C;
  C.Reductions.push_back({Op, Var});
  C.ClauseLocs["reduction(" + Op + ": " + Var + ")"] = at(2, 30);
  return C;
}

TEST(ReductionsTest, WithoutPermissionStaysSingleThreadWithHint) {
  Dot T;
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  std::vector<const AssignStmt *> A;
  atomics(LF.Kernels[0].Body, A);
  EXPECT_TRUE(A.empty());
  EXPECT_TRUE(T.hasRemark(
      "i is a reduction into s (+); allow reassociation with 'reduction(+: "
      "s)' or --allow-reassociation to run it in parallel; runs as a single "
      "thread"));
}

TEST(ReductionsTest, ClauseMapsTheLoopWithAtomicAdd) {
  Dot T(clause("+", "s"));
  const LoweredFunction &LF = T.run();
  ASSERT_EQ(LF.Kernels.size(), 1u);
  const Kernel &K = LF.Kernels[0];
  // i runs over the threads; each thread sums its iterations, each warp
  // its threads' sums (CombineReductionsPerWarp), one atomic per warp.
  ASSERT_TRUE(K.ExplicitThreads);
  EXPECT_EQ(K.Block[0], 256u);
  std::vector<const AssignStmt *> A;
  atomics(K.Body, A);
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0]->Atomic, AtomicKind::Add);
  EXPECT_EQ(exprToString(*A[0]->RHS), "c2c_wpart0");
  ASSERT_EQ(K.Scalars.size(), 2u); // n, s
  EXPECT_EQ(K.Scalars[1].Name, "s");
  EXPECT_TRUE(K.Scalars[1].Written);
  EXPECT_TRUE(T.hasRemark("reduction over i into s (+) runs with atomic "
                          "updates (allowed by 'reduction(+: s)')"));
  EXPECT_TRUE(T.hasRemark(
      "reduction into s combined in each thread, then across each warp with "
      "shuffles: one atomic update per warp instead of one per iteration; at "
      "most 8 blocks per SM, each thread running iterations a grid apart"));
  EXPECT_FALSE(T.Diags.hasErrors());
}

TEST(ReductionsTest, ClauseWithOtherOperatorDoesNotAllow) {
  Dot T(clause("max", "s"));
  const LoweredFunction &LF = T.run();
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  bool Warned = false;
  for (const Diagnostic &D : T.Diags.all())
    Warned |=
        D.Level == DiagLevel::Warning &&
        D.Message ==
            "clause 'reduction(max: s)' matches no reduction of this nest";
  EXPECT_TRUE(Warned);
}

TEST(ReductionsTest, ClauseNamingUnknownVariableIsAnError) {
  Dot T(clause("+", "q"));
  T.run();
  ASSERT_TRUE(T.Diags.hasErrors());
  bool Found = false;
  for (const Diagnostic &D : T.Diags.all())
    Found |= D.Level == DiagLevel::Error &&
             D.Message ==
                 "'q' in clause 'reduction(+: q)' is not a variable of this "
                 "nest" &&
             D.Loc.Col == 30;
  EXPECT_TRUE(Found);
}

TEST(ReductionsTest, OptionAllowsEveryReduction) {
  Dot T;
  const LoweredFunction &LF = T.run(/*Allow=*/true);
  EXPECT_TRUE(LF.Kernels[0].ExplicitThreads);
  EXPECT_TRUE(T.hasRemark("reduction over i into s (+) runs with atomic "
                          "updates (allowed by --allow-reassociation)"));
}

TEST(ReductionsTest, NestLocalTargetStaysSequential) {
  Dot T;
  // s is no outside scalar of the nest: private to each thread.
  T.Facts.Nests[T.Nest.get()].ScalarsWritten.clear();
  const LoweredFunction &LF = T.run(/*Allow=*/true);
  EXPECT_TRUE(LF.Kernels[0].Grid.empty());
  EXPECT_TRUE(T.hasRemark("i is a reduction into s (+), but s is declared "
                          "inside the nest, so the threads cannot share it; "
                          "runs as a single thread"));
}

// for i (parallel) for j (reduction into r[i]): i on the grid, j in each
// thread without atomics, although reductions are allowed.
TEST(ReductionsTest, ReductionInsideParallelLoopNeedsNoAtomics) {
  auto Update =
      assign(fref("r", v("i")), fref("A", v("j")), AssignOpKind::Add, 5);
  auto J = loop("j", v("m"), {Update}, 4);
  auto I = loop("i", v("n"), {J}, 3);
  auto Nest =
      std::make_shared<NestStmt>(0, StmtList{I}, NestClauses{}, at(2), at(3));
  Function F;
  F.Name = "rows";
  F.Params = {scalar("n"), scalar("m"), ptr("A"), ptr("r")};
  F.Body = {Nest};
  FunctionFacts Facts;
  NestFacts &NF = Facts.Nests[Nest.get()];
  markParallel(NF, *I);
  markReduction(NF, *J, "r[i]", *Update);
  Facts.Extents["A"] = {v("m")};
  Facts.Extents["r"] = {v("n")};
  LoweredFunction LF = lowerAllowing(F, Facts);
  ASSERT_EQ(LF.Kernels.size(), 1u);
  ASSERT_EQ(LF.Kernels[0].Grid.size(), 1u);
  EXPECT_EQ(LF.Kernels[0].Grid[0].Iter, "i");
  std::vector<const AssignStmt *> A;
  atomics(LF.Kernels[0].Body, A);
  EXPECT_TRUE(A.empty());
}

// for k (reduction into C[j]) for j (parallel): k still runs on the host, so
// j is mapped without atomics.
TEST(ReductionsTest, AllowedReductionLoopStillHoistedForParallelLoop) {
  auto Update =
      assign(fref("C", v("j")), fref("A", v("k")), AssignOpKind::Add, 5);
  auto J = loop("j", v("n"), {Update}, 4);
  auto K = loop("k", v("n"), {J}, 3);
  auto Nest =
      std::make_shared<NestStmt>(0, StmtList{K}, NestClauses{}, at(2), at(3));
  Function F;
  F.Name = "cols";
  F.Params = {scalar("n"), ptr("A"), ptr("C")};
  F.Body = {Nest};
  FunctionFacts Facts;
  NestFacts &NF = Facts.Nests[Nest.get()];
  markParallel(NF, *J);
  markReduction(NF, *K, "C[j]", *Update);
  Facts.Extents["A"] = {v("n")};
  Facts.Extents["C"] = {v("n")};
  LoweredFunction LF = lowerAllowing(F, Facts);
  ASSERT_EQ(LF.Kernels.size(), 1u);
  ASSERT_EQ(LF.Kernels[0].Grid.size(), 1u);
  EXPECT_EQ(LF.Kernels[0].Grid[0].Iter, "j");
  ASSERT_EQ(LF.HostBody.size(), 1u);
  EXPECT_TRUE(llvm::isa<ForStmt>(LF.HostBody[0].get()));
  std::vector<const AssignStmt *> A;
  atomics(LF.Kernels[0].Body, A);
  EXPECT_TRUE(A.empty());
}

TEST(ReductionsTest, AtomicFormsOfEachSpelling) {
  std::string Why;
  ExprPtr S = v("s", Float), X = fref("x", v("i"));
  // s = s - x: the operand is -x, added.
  auto Sub = assign(S, bin(BinaryOpKind::Sub, S, X), AssignOpKind::Set, 1);
  auto F1 = atomicForm(*Sub, "+", Why);
  ASSERT_TRUE(F1);
  EXPECT_EQ(F1->Kind, AtomicKind::Add);
  EXPECT_EQ(exprToString(*F1->Operand), "-x[i]");
  // s = x + s
  auto Add = assign(S, bin(BinaryOpKind::Add, X, S), AssignOpKind::Set, 1);
  auto F2 = atomicForm(*Add, "+", Why);
  ASSERT_TRUE(F2);
  EXPECT_EQ(exprToString(*F2->Operand), "x[i]");
  // s = x - s is no '+' reduction.
  auto Neg = assign(S, bin(BinaryOpKind::Sub, X, S), AssignOpKind::Set, 1);
  EXPECT_FALSE(atomicForm(*Neg, "+", Why));
  // m = m > x ? m : x
  ExprPtr M = v("m", Float);
  auto Sel =
      std::make_shared<SelectExpr>(bin(BinaryOpKind::GT, M, X), M, X, Float);
  auto Max = assign(M, Sel, AssignOpKind::Set, 1);
  auto F3 = atomicForm(*Max, "max", Why);
  ASSERT_TRUE(F3);
  EXPECT_EQ(F3->Kind, AtomicKind::Max);
  EXPECT_EQ(exprToString(*F3->Operand), "x[i]");
  EXPECT_FALSE(atomicForm(*Max, "min", Why));
  // m = fminf(x, m)
  auto Call =
      std::make_shared<CallExpr>("fminf", std::vector<ExprPtr>{X, M}, Float);
  auto Min = assign(M, Call, AssignOpKind::Set, 1);
  auto F4 = atomicForm(*Min, "min", Why);
  ASSERT_TRUE(F4);
  EXPECT_EQ(F4->Kind, AtomicKind::Min);
  // int c += (double)...: C truncates the sum, so no atomic form.
  ExprPtr C = v("c", Int);
  auto Mixed = assign(C, std::make_shared<FloatLit>(0.5, ScalarKind::Double),
                      AssignOpKind::Add, 1);
  EXPECT_FALSE(atomicForm(*Mixed, "+", Why));
  EXPECT_NE(Why.find("floating value"), std::string::npos) << Why;
}

TEST(ReductionsTest, AtomicCudaTextPerTypeAndOperator) {
  using codegen::atomicUpdateText;
  auto Make = [](ScalarKind T, AtomicKind K) {
    auto A =
        std::make_shared<AssignStmt>(v("t", T), AssignOpKind::Set, v("e", T));
    A->Atomic = K;
    return A;
  };
  EXPECT_EQ(atomicUpdateText(*Make(Float, AtomicKind::Add), "p", "e"),
            "atomicAdd(p, e)");
  EXPECT_EQ(
      atomicUpdateText(*Make(ScalarKind::Double, AtomicKind::Sub), "p", "e"),
      "atomicAdd(p, -(e))");
  EXPECT_EQ(atomicUpdateText(*Make(Int, AtomicKind::Sub), "p", "e"),
            "atomicSub(p, e)");
  EXPECT_EQ(
      atomicUpdateText(*Make(ScalarKind::Long, AtomicKind::Add), "p", "e"),
      "atomicAdd((unsigned long long *)p, (unsigned long long)(e))");
  EXPECT_EQ(
      atomicUpdateText(*Make(ScalarKind::Long, AtomicKind::Min), "p", "e"),
      "atomicMin((long long *)p, (long long)(e))");
  EXPECT_EQ(atomicUpdateText(*Make(ScalarKind::UInt, AtomicKind::Or), "p", "e"),
            "atomicOr(p, e)");
  EXPECT_EQ(
      atomicUpdateText(*Make(ScalarKind::Double, AtomicKind::Max), "p", "e"),
      "c2c_atomic_cas<double>(p, e, c2c_op_fmax())");
  EXPECT_EQ(atomicUpdateText(*Make(Int, AtomicKind::Mul), "p", "e"),
            "c2c_atomic_cas<int>(p, e, c2c_op_mul())");
  EXPECT_TRUE(codegen::needsAtomicCas({Make(Int, AtomicKind::Mul)}));
  EXPECT_FALSE(codegen::needsAtomicCas({Make(Int, AtomicKind::Max)}));
}

} // namespace
