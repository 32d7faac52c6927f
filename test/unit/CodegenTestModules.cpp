//===- CodegenTestModules.cpp - Hand-built lowered functions -------------===//

#include "CodegenTestModules.h"

#include <cstdio>
#include <sys/wait.h>

#include "llvm/Support/raw_ostream.h"

namespace c2cuda {
namespace cgtest {

using BK = BinaryOpKind;
using SK = ScalarKind;

LoweredFunction &TestProgram::add(Function F) {
  M.Functions.push_back(std::move(F));
  Lowered.emplace_back();
  link();
  return Lowered.back();
}

void TestProgram::link() {
  for (size_t I = 0; I < Lowered.size(); ++I)
    Lowered[I].Source = &M.Functions[I];
}

std::string TestProgram::emit(const std::string &SourceName,
                              bool StagedTransfers) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  CudaEmitOptions Opts;
  Opts.SourceName = SourceName;
  Opts.StagedTransfers = StagedTransfers;
  emitCuda(OS, M, Lowered, Opts);
  return S;
}

ExprPtr var(const std::string &N, ScalarKind T) {
  return std::make_shared<VarRef>(N, T);
}
ExprPtr ilit(int64_t V, ScalarKind T) { return std::make_shared<IntLit>(V, T); }
ExprPtr flit(double V, ScalarKind T) {
  return std::make_shared<FloatLit>(V, T);
}
ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  SK T =
      isComparison(Op) || Op == BK::LAnd || Op == BK::LOr ? SK::Int : A->Type;
  return std::make_shared<BinaryExpr>(Op, std::move(A), std::move(B), T);
}
ExprPtr cast(ExprPtr X, ScalarKind T) {
  return std::make_shared<CastExpr>(std::move(X), T);
}
ExprPtr aref(const std::string &A, std::vector<ExprPtr> Idx, ScalarKind T) {
  return std::make_shared<ArrayRef>(A, std::move(Idx), T);
}
StmtPtr assign(ExprPtr L, AssignOpKind Op, ExprPtr R) {
  return std::make_shared<AssignStmt>(std::move(L), Op, std::move(R));
}
StmtPtr decl(const std::string &N, ScalarKind T, ExprPtr Init) {
  return std::make_shared<DeclStmt>(N, T, std::move(Init));
}
StmtPtr loop(const std::string &I, ExprPtr Lo, ExprPtr Up, StmtList Body,
             int64_t Step, LoopCmp C) {
  return std::make_shared<ForStmt>(I, SK::Int, std::move(Lo), C, std::move(Up),
                                   Step, std::move(Body));
}
SourceLoc at(unsigned Line, unsigned Col) { return {"test.c", Line, Col}; }

Param scalarParam(const std::string &N, ScalarKind T) {
  Param P;
  P.Name = N;
  P.Elem = T;
  return P;
}
Param pointerParam(const std::string &N, ScalarKind Elem, bool IsConst) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Pointer;
  P.Elem = Elem;
  P.IsConst = IsConst;
  return P;
}
Param arrayParam(const std::string &N, ScalarKind Elem,
                 std::vector<ExprPtr> Dims) {
  Param P;
  P.Name = N;
  P.ParamForm = Param::Form::Array;
  P.Elem = Elem;
  P.Dims = std::move(Dims);
  return P;
}

namespace {

ArrayPlan plan(const std::string &N, ScalarKind Elem, ExprPtr Extent, bool Read,
               bool Written, bool HostRead = false, bool HostWritten = false) {
  ArrayPlan A;
  A.Name = N;
  A.Elem = Elem;
  A.Extent = std::move(Extent);
  A.ReadOnDevice = Read;
  A.WrittenOnDevice = Written;
  A.ReadOnHost = HostRead;
  A.WrittenOnHost = HostWritten;
  return A;
}

ExprPtr toLong(ExprPtr E) { return cast(std::move(E), SK::Long); }

GridLoop gridLoop(const std::string &Iter, ExprPtr Lower, ExprPtr Trip,
                  unsigned Dim, int64_t Step = 1) {
  GridLoop G;
  G.Iter = Iter;
  G.IterType = SK::Int;
  G.Lower = std::move(Lower);
  G.TripCount = std::move(Trip);
  G.Step = Step;
  G.Dim = Dim;
  return G;
}

StmtPtr launch(unsigned K) { return std::make_shared<LaunchStmt>(K); }

StmtPtr hostCode(const std::string &Text, std::set<std::string> R,
                 std::set<std::string> W, unsigned Line,
                 std::set<std::string> SW = {}) {
  return std::make_shared<HostCode>(Text, std::move(R), std::move(W),
                                    std::move(SW), at(Line));
}

} // namespace

void addMatmul(TestProgram &P) {
  Function F;
  F.Name = "matmul";
  F.Loc = at(5, 1);
  F.Params = {scalarParam("n"),
              scalarParam("m"),
              scalarParam("K"),
              pointerParam("A", SK::Float, true),
              pointerParam("B", SK::Float, true),
              pointerParam("C", SK::Float, false)};
  LoweredFunction &LF = P.add(std::move(F));

  auto I = var("i"), J = var("j"), Kk = var("k");
  Kernel K;
  K.Name = "matmul_kernel0";
  K.Loc = at(7);
  K.NestId = 0;
  // j is contiguous in B and C: x; i: y.
  K.Grid = {gridLoop("i", ilit(0), toLong(var("n")), 1),
            gridLoop("j", ilit(0), toLong(var("m")), 0)};
  K.Block[0] = 32;
  K.Block[1] = 8;
  K.Body = {
      decl("acc", SK::Float, flit(0.0)),
      loop("k", ilit(0), var("K"),
           {assign(
               var("acc", SK::Float), AssignOpKind::Add,
               bin(BK::Mul,
                   aref("A", {bin(BK::Add, bin(BK::Mul, I, var("K")), Kk)}),
                   aref("B", {bin(BK::Add, bin(BK::Mul, Kk, var("m")), J)})))}),
      assign(aref("C", {bin(BK::Add, bin(BK::Mul, I, var("m")), J)}),
             AssignOpKind::Set, var("acc", SK::Float))};
  K.Arrays = {"A", "B", "C"};
  K.Scalars = {{"K", SK::Int, false}, {"m", SK::Int, false}};
  K.Remarks = {"j -> x (contiguous in B, C)", "i -> y",
               "k sequential in each thread"};
  LF.Kernels.push_back(std::move(K));
  LF.HostBody = {launch(0)};
  LF.Arrays = {
      plan("A", SK::Float, bin(BK::Mul, toLong(var("n")), toLong(var("K"))),
           true, false),
      plan("B", SK::Float, bin(BK::Mul, toLong(var("K")), toLong(var("m"))),
           true, false),
      plan("C", SK::Float, bin(BK::Mul, toLong(var("n")), toLong(var("m"))),
           false, true)};
}

void addSmooth(TestProgram &P) {
  Function F;
  F.Name = "smooth";
  F.Loc = at(3, 1);
  F.Params = {scalarParam("n"), scalarParam("iters"),
              pointerParam("x", SK::Float, false),
              pointerParam("w", SK::Float, true),
              pointerParam("tmp", SK::Float, false)};
  LoweredFunction &LF = P.add(std::move(F));
  auto I = var("i");
  ExprPtr Interior = toLong(bin(BK::Sub, var("n"), ilit(2)));

  Kernel K0;
  K0.Name = "smooth_kernel0";
  K0.Loc = at(6);
  K0.Grid = {gridLoop("i", ilit(1), Interior, 0)};
  K0.Block[0] = 256;
  K0.Body = {assign(aref("tmp", {I}), AssignOpKind::Set,
                    bin(BK::Mul,
                        bin(BK::Mul, aref("w", {I}),
                            bin(BK::Add, aref("x", {bin(BK::Sub, I, ilit(1))}),
                                aref("x", {bin(BK::Add, I, ilit(1))}))),
                        flit(0.5)))};
  K0.Arrays = {"x", "w", "tmp"};
  K0.Remarks = {"i -> x"};

  Kernel K1;
  K1.Name = "smooth_kernel1";
  K1.Loc = at(8);
  K1.Grid = {gridLoop("i", ilit(1), Interior, 0)};
  K1.Block[0] = 256;
  K1.Body = {assign(aref("x", {I}), AssignOpKind::Set, aref("tmp", {I}))};
  K1.Arrays = {"x", "tmp"};
  K1.Remarks = {"i -> x"};

  Kernel K2;
  K2.Name = "smooth_kernel2";
  K2.Loc = at(13);
  K2.Grid = {gridLoop("i", ilit(0), toLong(var("n")), 0)};
  K2.Block[0] = 128;
  K2.Body = {assign(aref("x", {I}), AssignOpKind::Set,
                    bin(BK::Mul, aref("x", {I}), flit(0.5)))};
  K2.Arrays = {"x"};
  K2.Remarks = {"i -> x"};

  LF.Kernels = {K0, K1, K2};
  auto Iterate = std::make_shared<HostRegion>(
      HostRegion::Form::For, "for (int it = 0; it < iters; ++it) {",
      StmtList{launch(0), launch(1),
               hostCode("x[0] = x[1];", {"x"}, {"x"}, 10)},
      "}", std::set<std::string>{}, at(4));
  auto Halve = std::make_shared<HostRegion>(
      HostRegion::Form::While, "while (x[n / 2] > 100.0f) {",
      StmtList{launch(2)}, "}", std::set<std::string>{"x"}, at(12));
  LF.HostBody = {Iterate, Halve};
  LF.Arrays = {plan("x", SK::Float, toLong(var("n")), true, true, true, true),
               plan("w", SK::Float, toLong(var("n")), true, false),
               plan("tmp", SK::Float, toLong(var("n")), true, true)};
}

void addDot(TestProgram &P) {
  Function F;
  F.Name = "dot";
  F.ReturnType = "float";
  F.Loc = at(2, 1);
  F.Params = {scalarParam("n"), pointerParam("x", SK::Float, true),
              pointerParam("y", SK::Float, true)};
  LoweredFunction &LF = P.add(std::move(F));
  auto I = var("i");
  Kernel K;
  K.Name = "dot_kernel0";
  K.Loc = at(5);
  K.Body = {loop("i", ilit(0), var("n"),
                 {assign(var("sum", SK::Float), AssignOpKind::Add,
                         bin(BK::Mul, aref("x", {I}), aref("y", {I})))})};
  K.Arrays = {"x", "y"};
  K.Scalars = {{"n", SK::Int, false}, {"sum", SK::Float, true}};
  K.Remarks = {"no parallel loop: 'sum' is accumulated across iterations of "
               "'i'; runs on one thread"};
  LF.Kernels.push_back(std::move(K));
  LF.HostBody = {hostCode("float sum = 0.0f;", {}, {}, 3, {"sum"}), launch(0),
                 hostCode("return sum;", {}, {}, 7)};
  LF.Arrays = {plan("x", SK::Float, toLong(var("n")), true, false),
               plan("y", SK::Float, toLong(var("n")), true, false)};
}

void addScale2d(TestProgram &P) {
  Function F;
  F.Name = "scale2d";
  F.Loc = at(1, 1);
  F.Params = {scalarParam("n"), scalarParam("m"),
              arrayParam("A", SK::Float, {var("n"), var("m")}),
              arrayParam("B", SK::Float, {var("n"), var("m")}),
              arrayParam("T", SK::Float, {ilit(4), ilit(8), ilit(16)})};
  LoweredFunction &LF = P.add(std::move(F));
  auto I = var("i"), J = var("j");
  Kernel K0;
  K0.Name = "scale2d_kernel0";
  K0.Loc = at(4);
  K0.Grid = {gridLoop("i", ilit(0), toLong(var("n")), 1),
             gridLoop("j", ilit(0), toLong(var("m")), 0)};
  K0.Block[0] = 32;
  K0.Block[1] = 4;
  K0.Body = {assign(aref("B", {I, J}), AssignOpKind::Set,
                    bin(BK::Mul, flit(2.0), aref("A", {I, J})))};
  K0.Arrays = {"A", "B"};
  // m is only needed to linearize A and B: the printer must pass it.
  K0.Remarks = {"j -> x", "i -> y"};

  auto A = var("a"), Bv = var("b"), C = var("c");
  Kernel K1;
  K1.Name = "scale2d_kernel1";
  K1.Loc = at(7);
  K1.Grid = {gridLoop("a", ilit(0), ilit(4, SK::Long), 2),
             gridLoop("b", ilit(0), ilit(8, SK::Long), 1),
             gridLoop("c", ilit(0), ilit(16, SK::Long), 0)};
  K1.Block[0] = 16;
  K1.Block[1] = 4;
  K1.Block[2] = 2;
  K1.Body = {assign(aref("T", {A, Bv, C}), AssignOpKind::Add, flit(1.0))};
  K1.Arrays = {"T"};
  K1.Remarks = {"c -> x", "b -> y", "a -> z"};
  LF.Kernels = {K0, K1};
  LF.HostBody = {hostCode("A[0][0] = 1.0f;", {}, {"A"}, 3), launch(0),
                 hostCode("T[0][1][2] = T[0][1][2] * 3.0f;", {"T"}, {"T"}, 6),
                 launch(1)};
  LF.Arrays = {
      plan("A", SK::Float, bin(BK::Mul, toLong(var("n")), toLong(var("m"))),
           true, false, false, true),
      plan("B", SK::Float, bin(BK::Mul, toLong(var("n")), toLong(var("m"))),
           false, true),
      plan("T", SK::Float, ilit(512, SK::Long), true, true, true, true)};
}

void addPrefix(TestProgram &P) {
  Function F;
  F.Name = "prefix";
  F.Loc = at(1, 1);
  F.Params = {scalarParam("n"), pointerParam("x", SK::Long, false)};
  LoweredFunction &LF = P.add(std::move(F));
  auto I = var("i");
  Kernel K;
  K.Name = "prefix_kernel0";
  K.Loc = at(3);
  K.Body = {loop("i", ilit(1), var("n"),
                 {assign(aref("x", {I}, SK::Long), AssignOpKind::Add,
                         aref("x", {bin(BK::Sub, I, ilit(1))}, SK::Long))})};
  K.Arrays = {"x"};
  K.Scalars = {{"n", SK::Int, false}};
  K.Remarks = {"no parallel loop: x[i] (written at test.c:3:40) and x[i - 1] "
               "(read at test.c:3:48) may touch the same element in different "
               "iterations of 'i'"};
  LF.Kernels.push_back(std::move(K));
  LF.HostBody = {launch(0)};
  LF.Arrays = {plan("x", SK::Long, toLong(var("n")), true, true)};
}

void addHostLoop(TestProgram &P) {
  Function F;
  F.Name = "hostloop";
  F.Loc = at(10, 1);
  F.Params = {scalarParam("n"), scalarParam("reps"),
              pointerParam("y", SK::Long, false)};
  LoweredFunction &LF = P.add(std::move(F));
  auto I = var("i");
  Kernel K;
  K.Name = "hostloop_kernel0";
  K.Loc = at(12);
  K.Grid = {gridLoop("i", ilit(0), toLong(var("n")), 0)};
  K.Block[0] = 256;
  // r is the iterator of the host loop around the launch; the lowering
  // lists no scalars, so the printer must find r (and pass it by value).
  K.Body = {assign(aref("y", {I}, SK::Long), AssignOpKind::Add,
                   cast(var("r"), SK::Long))};
  K.Arrays = {"y"};
  K.Remarks = {"r runs on the host", "i -> x"};
  LF.Kernels.push_back(std::move(K));
  LF.HostBody = {loop("r", ilit(0), var("reps"), {launch(0)})};
  LF.Arrays = {plan("y", SK::Long, toLong(var("n")), true, true)};
}

#define C2CUDA_MAKE(Name)                                                      \
  ProgramPtr make##Name() {                                                    \
    auto P = std::make_unique<TestProgram>();                                  \
    add##Name(*P);                                                             \
    return P;                                                                  \
  }
C2CUDA_MAKE(Matmul)
C2CUDA_MAKE(Smooth)
C2CUDA_MAKE(Dot)
C2CUDA_MAKE(Scale2d)
#undef C2CUDA_MAKE

ProgramPtr makePrefixAndHostLoop() {
  auto P = std::make_unique<TestProgram>();
  addPrefix(*P);
  addHostLoop(*P);
  return P;
}

ProgramPtr makeAll() {
  auto P = std::make_unique<TestProgram>();
  addMatmul(*P);
  addSmooth(*P);
  addDot(*P);
  addScale2d(*P);
  addPrefix(*P);
  addHostLoop(*P);
  return P;
}

int runShell(const std::string &Cmd, std::string &Out) {
  Out.clear();
  FILE *P = popen((Cmd + " 2>&1").c_str(), "r");
  if (!P)
    return -1;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    Out.append(Buf, N);
  int St = pclose(P);
  return WIFEXITED(St) ? WEXITSTATUS(St) : -1;
}

} // namespace cgtest
} // namespace c2cuda
