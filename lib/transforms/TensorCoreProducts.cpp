//===- TensorCoreProducts.cpp - products on the tensor cores --------------===//

#include "TensorCoreProducts.h"

#include "IRQueries.h"
#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {
using namespace build;

namespace {

ExprPtr ibin(BinaryOpKind Op, ExprPtr A, ExprPtr B) {
  return bin(Op, std::move(A), std::move(B), ScalarKind::Int);
}

/// The thread's lane's group (l / 4: the accumulator's row, the second
/// operand's column) and its place in the group (l % 4: the strip
/// iteration of its operands), and its warp.
ExprPtr laneGroup() {
  return ibin(BinaryOpKind::Shr,
              ibin(BinaryOpKind::BitAnd, ivar("c2c_tid"), ilit(31)), ilit(2));
}
ExprPtr laneInGroup() {
  return ibin(BinaryOpKind::BitAnd, ivar("c2c_tid"), ilit(3));
}
ExprPtr warpIndex() {
  return ibin(BinaryOpKind::Shr, ivar("c2c_tid"), ilit(5));
}

/// The mapped iterator's declaration at local index Local.
StmtPtr iterAt(const TensorCoreTile::Dim &D, ExprPtr Local) {
  ScalarKind T = D.IterType;
  return decl(D.Iter, T,
              bin(BinaryOpKind::Add, var("c2c_base_" + D.Iter, T),
                  bin(BinaryOpKind::Mul, std::move(Local), ilit(D.Step), T),
                  T));
}

} // namespace

std::optional<TensorCorePlan> planTensorCoreProduct(const TensorCoreTile &T,
                                                    std::string &Why) {
  auto No = [&](const std::string &W) -> std::optional<TensorCorePlan> {
    Why = W;
    return std::nullopt;
  };
  // Not a sum at all: nothing to say.
  const auto *A =
      T.Body.size() == 1 ? dyn_cast<AssignStmt>(T.Body[0].get()) : nullptr;
  if (!A || A->Op != AssignOpKind::Add || A->Atomic != AtomicKind::None)
    return No("");
  const auto *Acc = dyn_cast<ArrayRef>(A->LHS.get());
  const auto *Mul = dyn_cast<BinaryExpr>(A->RHS.get());
  // Doubles on the FP64 units; floats, with permission, as 3xTF32.
  bool Tf32 = Acc && Acc->Type == ScalarKind::Float && T.AllowTf32x3;
  ScalarKind Kind = Tf32 ? ScalarKind::Float : ScalarKind::Double;
  if (!Acc || !Acc->Local || Acc->Type != Kind || !Mul ||
      Mul->Op != BinaryOpKind::Mul || Mul->Type != Kind ||
      Mul->LHS->Type != Kind || Mul->RHS->Type != Kind)
    return No(Tf32 ? "the strip does not add a product of floats to a register"
                   : "the strip does not add a product of doubles to a "
                     "register");
  std::set<std::string> L, R;
  collectVarNames(*Mul->LHS, L);
  collectVarNames(*Mul->RHS, R);
  auto Rows = [&](const std::set<std::string> &N) {
    return N.count(T.Rows.Iter) && !N.count(T.Cols.Iter);
  };
  auto Cols = [&](const std::set<std::string> &N) {
    return N.count(T.Cols.Iter) && !N.count(T.Rows.Iter);
  };
  TensorCorePlan P;
  P.Tile = T;
  P.Acc = A->LHS;
  P.Tf32x3 = Tf32;
  if (Rows(L) && Cols(R)) {
    P.RowFactor = Mul->LHS;
    P.ColFactor = Mul->RHS;
  } else if (Rows(R) && Cols(L)) {
    P.RowFactor = Mul->RHS;
    P.ColFactor = Mul->LHS;
  } else {
    return No("the product is not of a row's and a column's operand");
  }
  for (const std::set<std::string> *N : {&L, &R})
    for (const std::string &Name : *N)
      if (T.PointNames.count(Name) || Name == Acc->Array)
        return No("an operand depends on the thread's points");
  if (touchesGlobal(T.Body))
    return No("an operand is read from global memory");
  const TensorCoreTile::Dim &Rw = T.Rows, &Cl = T.Cols;
  if (Rw.Points % 2 || Cl.Points % 2)
    return No("points per thread are not even along both dimensions");
  P.WarpRows = Rw.Points * 8;
  P.WarpCols = Cl.Points * 4;
  if (Rw.Tile % P.WarpRows || Cl.Tile % P.WarpCols ||
      (Rw.Tile / P.WarpRows) * (Cl.Tile / P.WarpCols) * 32 != T.Threads)
    return No("the tile is not a whole number of warps' " +
              std::to_string(P.WarpRows) + " x " + std::to_string(P.WarpCols) +
              " blocks");
  if (T.StripSize % P.stripPerMma())
    return No("the strip is not a multiple of " +
              std::to_string(P.stripPerMma()) + " iterations");
  P.WarpsAcross = Cl.Tile / P.WarpCols;
  return P;
}

ExprPtr tensorCoreLocalIndex(const TensorCorePlan &P, bool Rows,
                             ExprPtr Point) {
  ExprPtr Warp = ibin(Rows ? BinaryOpKind::Div : BinaryOpKind::Rem, warpIndex(),
                      ilit(P.WarpsAcross));
  ExprPtr Base =
      ibin(BinaryOpKind::Mul, Warp, ilit(Rows ? P.WarpRows : P.WarpCols));
  ExprPtr Pair = ibin(BinaryOpKind::Shr, Point, ilit(1));
  ExprPtr Half = ibin(BinaryOpKind::BitAnd, Point, ilit(1));
  ExprPtr Local;
  if (Rows) // rows l / 4 and l / 4 + 8 of each 16
    Local =
        ibin(BinaryOpKind::Add,
             ibin(BinaryOpKind::Add, ibin(BinaryOpKind::Mul, Pair, ilit(16)),
                  ibin(BinaryOpKind::Mul, Half, ilit(8))),
             laneGroup());
  else // columns 2 (l % 4) and 2 (l % 4) + 1 of each 8
    Local = ibin(BinaryOpKind::Add,
                 ibin(BinaryOpKind::Add, ibin(BinaryOpKind::Mul, Pair, ilit(8)),
                      ibin(BinaryOpKind::Mul, laneInGroup(), ilit(2))),
                 Half);
  return ibin(BinaryOpKind::Add, Base, Local);
}

StmtList tensorCoreStrip(const TensorCorePlan &P) {
  const TensorCoreTile &T = P.Tile;
  int64_t FM = T.Rows.Points / 2, FN = T.Cols.Points / 2;
  // Operand registers per lane and block: FP64 m16n8k4 takes one strip
  // iteration (l % 4) of two rows and of one column; TF32 m16n8k8 two
  // (l % 4 and l % 4 + 4), the registers of a row pair first.
  int64_t KH = P.Tf32x3 ? 2 : 1;
  ScalarKind Kind = P.Tf32x3 ? ScalarKind::Float : ScalarKind::Double;
  std::set<std::string> RowNames, ColNames;
  collectVarNames(*P.RowFactor, RowNames);
  collectVarNames(*P.ColFactor, ColNames);
  // The strip iterator of the lane's operands: l % 4 (+ 4 kh) of each group
  // of stripPerMma().
  auto StripAt = [&](const std::set<std::string> &Used, StmtList &Out) {
    if (!Used.count(T.StripIter))
      return;
    ExprPtr InGroup = laneInGroup();
    if (KH > 1)
      InGroup = ibin(BinaryOpKind::Add, std::move(InGroup),
                     ibin(BinaryOpKind::Mul, ivar("c2c_kh"), ilit(4)));
    ExprPtr Q = addL(
        addL(lvar(T.StripCounter), cast(ibin(BinaryOpKind::Mul, ivar("c2c_kq"),
                                             ilit(P.stripPerMma())),
                                        ScalarKind::Long)),
        cast(std::move(InGroup), ScalarKind::Long));
    Out.push_back(decl(T.StripIter, T.StripType,
                       addL(T.StripLower, mulL(Q, llit(T.StripStep)))));
  };
  auto PerHalf = [&](StmtList Body) {
    return KH > 1 ? StmtList{countLoop("c2c_kh", KH, std::move(Body), -1)}
                  : Body;
  };
  // Register indices: [block (, row)][half] for TF32, without the half for
  // FP64.
  auto Regs = [&](ExprPtr Block, ExprPtr Row, ExprPtr H) {
    std::vector<ExprPtr> I;
    I.push_back(std::move(Block));
    if (Row)
      I.push_back(std::move(Row));
    if (KH > 1)
      I.push_back(std::move(H));
    return I;
  };
  StmtList Step;
  auto FA = std::make_shared<DeclStmt>("c2c_fa", Kind, nullptr);
  FA->Dims =
      KH > 1 ? std::vector<int64_t>{FM, 2, KH} : std::vector<int64_t>{FM, 2};
  auto FB = std::make_shared<DeclStmt>("c2c_fb", Kind, nullptr);
  FB->Dims = KH > 1 ? std::vector<int64_t>{FN, KH} : std::vector<int64_t>{FN};
  Step.push_back(FA);
  Step.push_back(FB);
  // The first operand: rows l / 4 and l / 4 + 8 of each 16, the thread's
  // own points' rows.
  StmtList LoadA;
  StripAt(RowNames, LoadA);
  if (RowNames.count(T.Rows.Iter))
    LoadA.push_back(iterAt(
        T.Rows, tensorCoreLocalIndex(
                    P, true,
                    ibin(BinaryOpKind::Add,
                         ibin(BinaryOpKind::Mul, ivar("c2c_fm"), ilit(2)),
                         ivar("c2c_fr")))));
  LoadA.push_back(std::make_shared<AssignStmt>(
      localRef("c2c_fa", Regs(ivar("c2c_fm"), ivar("c2c_fr"), ivar("c2c_kh")),
               Kind),
      AssignOpKind::Set, freshCopy(P.RowFactor)));
  Step.push_back(
      countLoop("c2c_fm", FM,
                {countLoop("c2c_fr", 2, PerHalf(std::move(LoadA)), -1)}, -1));
  // The second: column l / 4 of each 8.
  StmtList LoadB;
  StripAt(ColNames, LoadB);
  if (ColNames.count(T.Cols.Iter)) {
    ExprPtr Warp = ibin(BinaryOpKind::Rem, warpIndex(), ilit(P.WarpsAcross));
    LoadB.push_back(iterAt(
        T.Cols, ibin(BinaryOpKind::Add,
                     ibin(BinaryOpKind::Add,
                          ibin(BinaryOpKind::Mul, Warp, ilit(P.WarpCols)),
                          ibin(BinaryOpKind::Mul, ivar("c2c_fn"), ilit(8))),
                     laneGroup())));
  }
  LoadB.push_back(std::make_shared<AssignStmt>(
      localRef("c2c_fb", Regs(ivar("c2c_fn"), nullptr, ivar("c2c_kh")), Kind),
      AssignOpKind::Set, freshCopy(P.ColFactor)));
  Step.push_back(countLoop("c2c_fn", FN, PerHalf(std::move(LoadB)), -1));
  // One instruction per 16 x 8 block: its four accumulators (the part E
  // of c2c_mma_m16n8k4 or c2c_mma_m16n8k8_tf32x3).
  StmtList Mma;
  for (int64_t E = 0; E < 4; ++E) {
    ExprPtr PY =
        ibin(BinaryOpKind::Add,
             ibin(BinaryOpKind::Mul, ivar("c2c_fm"), ilit(2)), ilit(E / 2));
    ExprPtr PX =
        ibin(BinaryOpKind::Add,
             ibin(BinaryOpKind::Mul, ivar("c2c_fn"), ilit(2)), ilit(E % 2));
    ExprPtr At = rewriteExpr(P.Acc, [&](const ExprPtr &X) -> ExprPtr {
      if (const auto *V = dyn_cast<VarRef>(X.get())) {
        if (V->Name == T.Rows.Point)
          return PY;
        if (V->Name == T.Cols.Point)
          return PX;
      }
      return nullptr;
    });
    std::vector<ExprPtr> Args{ilit(E)};
    // A's registers: rows r and r + 8 of strip iteration l % 4, then of
    // l % 4 + 4; B's: strip iteration l % 4, then l % 4 + 4.
    for (int64_t H = 0; H < KH; ++H)
      for (int64_t R = 0; R < 2; ++R)
        Args.push_back(
            localRef("c2c_fa", Regs(ivar("c2c_fm"), ilit(R), ilit(H)), Kind));
    for (int64_t H = 0; H < KH; ++H)
      Args.push_back(
          localRef("c2c_fb", Regs(ivar("c2c_fn"), nullptr, ilit(H)), Kind));
    Args.push_back(freshCopy(At));
    auto Call = std::make_shared<CallExpr>(P.Tf32x3 ? "c2c_mma_m16n8k8_tf32x3"
                                                    : "c2c_mma_m16n8k4",
                                           std::move(Args), Kind);
    Mma.push_back(
        std::make_shared<AssignStmt>(At, AssignOpKind::Set, std::move(Call)));
  }
  Step.push_back(
      countLoop("c2c_fm", FM, {countLoop("c2c_fn", FN, Mma, -1)}, -1));
  return {countLoop("c2c_kq", T.StripSize / P.stripPerMma(), Step, -1)};
}

} // namespace c2cuda
