//===- SharedTileCopy.cpp - A block's cooperative copy of a shared tile ---===//

#include "SharedTileCopy.h"

#include "ir/IRBuild.h"

#include <functional>

namespace c2cuda {

std::string sharedTileText(const SharedTile &T) {
  std::string Out = T.Name;
  for (int64_t D : T.SharedDims)
    Out += "[" + std::to_string(D) + "]";
  return Out;
}

namespace {

using namespace build;

class TileCopy {
public:
  TileCopy(const SharedTile &T, const TileCopyOptions &O);
  /// The loop over rounds copying the tile as Mode says.
  StmtPtr build(TileLoadMode Mode);

private:
  enum class GuardKind { DimInt, Linear, DimLong };
  /// Declares the slot's coordinates in the box (c2c_a<d>_A) into Inner.
  void slotCoordinates(StmtList &Inner);
  /// Declares the global coordinates of the slot's first element.
  void globalCoordinates(StmtList &Inner);
  /// C with element E of the run: + E in the innermost dimension.
  std::vector<ExprPtr> shifted(std::vector<ExprPtr> C, int64_t E) const;
  /// Element E of the slot's run in the shared tile.
  ExprPtr sharedRef(int64_t E) const;
  /// Its staging register: c2c_pf_A[r] or c2c_pf_A[r][e].
  ExprPtr staged(int64_t E) const;
  /// A value stored into the shared tile, times the tile's scale.
  ExprPtr scaled(ExprPtr V) const;
  /// Element E of the run into the shared tile from From(E): one vector
  /// store for the whole run where the layout allows it.
  void storeRun(StmtList &To,
                const std::function<ExprPtr(int64_t)> &From) const;
  /// Xs as an offset in the linear index the nest uses.
  ExprPtr linear(const std::vector<ExprPtr> &Xs) const;
  /// The element's offset in the array as the host lays it out.
  ExprPtr offset(const std::vector<ExprPtr> &Xs) const;
  /// Whether element E of the run lies in the box the nest reads (and, in
  /// a triangular band's box, among the elements it touches).
  ExprPtr guard(int64_t E, bool LastDimOnly = false) const;
  /// Element E of the run in global memory.
  ExprPtr source(int64_t E) const;
  /// The guarded copy of the slot's run into shared memory (or the
  /// staging registers, ToRegs).
  StmtPtr copyRun(bool ToRegs) const;

  const TileCopyOptions &O;
  const SharedTile &T;
  const TileFootprint &FP;
  size_t N;
  int64_t W;
  bool VecStore;
  int64_t Slots;
  std::string L, R;
  std::vector<ExprPtr> Coord, X;
  GuardKind GK;
};

TileCopy::TileCopy(const SharedTile &T, const TileCopyOptions &O)
    : O(O), T(T), FP(T.FP), N(FP.Size.size()), W(O.RunWidth),
      VecStore(O.VectorStore), L("c2c_l_" + T.Key), R("c2c_r_" + T.Key),
      Coord(N), X(N) {
  int64_t Elems = 1;
  for (int64_t Sz : FP.Size)
    Elems *= Sz;
  Slots = Elems / W;
  GK = O.IntGuards        ? GuardKind::DimInt
       : !FP.PointerArray ? GuardKind::DimLong
                          : GuardKind::Linear;
}

void TileCopy::slotCoordinates(StmtList &Inner) {
  ExprPtr Rest = ivar(L);
  for (size_t D = N; D-- > 0;) {
    std::string Cn = "c2c_a" + std::to_string(D) + "_" + T.Key;
    int64_t Sz = D + 1 == N ? FP.Size[D] / W : FP.Size[D];
    ExprPtr V =
        D == 0 ? Rest : bin(BinaryOpKind::Rem, Rest, ilit(Sz), ScalarKind::Int);
    if (D + 1 == N && W > 1)
      V = bin(BinaryOpKind::Mul, V, ilit(W), ScalarKind::Int);
    Inner.push_back(decl(Cn, ScalarKind::Int, V));
    Coord[D] = ivar(Cn);
    if (D > 0)
      Rest = bin(BinaryOpKind::Div, Rest, ilit(Sz), ScalarKind::Int);
  }
}

void TileCopy::globalCoordinates(StmtList &Inner) {
  for (size_t D = 0; D < N; ++D) {
    std::string Xn = "c2c_x" + std::to_string(D) + "_" + T.Key;
    ScalarKind K = GK == GuardKind::DimInt ? ScalarKind::Int : ScalarKind::Long;
    Inner.push_back(decl(Xn, K, addL(FP.Low[D], Coord[D])));
    X[D] = var(Xn, K);
  }
}

std::vector<ExprPtr> TileCopy::shifted(std::vector<ExprPtr> C,
                                       int64_t E) const {
  if (E)
    C[N - 1] = bin(BinaryOpKind::Add, C[N - 1], ilit(E), ScalarKind::Int);
  return C;
}

ExprPtr TileCopy::sharedRef(int64_t E) const {
  std::vector<ExprPtr> C = shifted(Coord, E), Idx;
  if (O.Buffer)
    Idx.push_back(O.Buffer);
  for (unsigned I = 0; I < N; ++I)
    Idx.push_back(C[T.Perm[I]]);
  return localRef(T.Name, Idx, FP.Elem);
}

ExprPtr TileCopy::staged(int64_t E) const {
  std::vector<ExprPtr> Idx = {ivar(R)};
  if (W > 1)
    Idx.push_back(ilit(E));
  return localRef("c2c_pf_" + T.Key, Idx, FP.Elem);
}

ExprPtr TileCopy::scaled(ExprPtr V) const {
  return T.Scale ? bin(BinaryOpKind::Mul, T.Scale, V, FP.Elem) : V;
}

void TileCopy::storeRun(StmtList &To,
                        const std::function<ExprPtr(int64_t)> &From) const {
  if (VecStore) { // Never with a scale (planScaledTiles).
    auto Copy =
        std::make_shared<AssignStmt>(sharedRef(0), AssignOpKind::Set, From(0));
    Copy->Width = W;
    To.push_back(Copy);
    return;
  }
  for (int64_t E = 0; E < W; ++E)
    To.push_back(assign(sharedRef(E), scaled(From(E))));
}

ExprPtr TileCopy::linear(const std::vector<ExprPtr> &Xs) const {
  return N == 2 ? addL(mulL(Xs[0], FP.Stride), Xs[1])
                : cast(Xs[0], ScalarKind::Long);
}

ExprPtr TileCopy::offset(const std::vector<ExprPtr> &Xs) const {
  if (FP.PointerArray)
    return linear(Xs);
  const Param *P = O.F->findParam(FP.Array);
  ExprPtr Off = cast(Xs[0], ScalarKind::Long);
  for (size_t D = 1; D < N; ++D)
    Off = addL(mulL(Off, P->Dims[D]), Xs[D]);
  return Off;
}

ExprPtr TileCopy::guard(int64_t E, bool LastDimOnly) const {
  const std::string &A = T.Key;
  std::vector<ExprPtr> Xs = shifted(X, E);
  ExprPtr G;
  if (O.InBandBox) {
    ExprPtr Off = offset(Xs);
    G = andE(cmpL(BinaryOpKind::GE, Off, llit(0)),
             cmpL(BinaryOpKind::LE, Off, lvar("c2c_last_" + A)));
  }
  if (GK == GuardKind::Linear) {
    ExprPtr Lin = linear(Xs);
    return andE(G, andE(cmpL(BinaryOpKind::GE, Lin, lvar("c2c_lo_" + A)),
                        cmpL(BinaryOpKind::LE, Lin, lvar("c2c_hi_" + A))));
  }
  for (size_t D = 0; D < N; ++D) {
    if (LastDimOnly && D + 1 < N)
      continue; // Checked for element 0 already.
    std::string Sfx = std::to_string(D) + "_" + A;
    ScalarKind K = GK == GuardKind::DimInt ? ScalarKind::Int : ScalarKind::Long;
    G = andE(G, bin(BinaryOpKind::GE, Xs[D], var("c2c_lo" + Sfx, K),
                    ScalarKind::Int));
    G = andE(G, bin(BinaryOpKind::LE, Xs[D], var("c2c_hi" + Sfx, K),
                    ScalarKind::Int));
  }
  return G;
}

ExprPtr TileCopy::source(int64_t E) const {
  std::vector<ExprPtr> Xs = shifted(X, E);
  if (FP.PointerArray)
    return std::make_shared<ArrayRef>(
        FP.Array, std::vector<ExprPtr>{linear(Xs)}, FP.Elem);
  return std::make_shared<ArrayRef>(FP.Array, Xs, FP.Elem);
}

StmtPtr TileCopy::copyRun(bool ToRegs) const {
  // A tile element outside the array is never read by a point of the
  // nest, but the points past a partial tile compute on it unguarded
  // (their results are dropped): zero, not whatever shared memory held
  // (a NaN converted to int is undefined behaviour).
  ExprPtr Zero = isFloating(FP.Elem)
                     ? ExprPtr(std::make_shared<FloatLit>(0.0, FP.Elem))
                     : ExprPtr(std::make_shared<IntLit>(0, FP.Elem));
  auto Src = [this](int64_t E) { return source(E); };
  auto Staged = [this](int64_t E) { return staged(E); };
  if (W == 1) {
    ExprPtr Dst = ToRegs ? staged(0) : sharedRef(0);
    ExprPtr Val = ToRegs ? source(0) : scaled(source(0));
    return std::make_shared<IfStmt>(guard(0), StmtList{assign(Dst, Val)},
                                    StmtList{assign(Dst, Zero)});
  }
  // The whole run inside the array and the global address aligned: one
  // vector load; else element by element.
  auto LoadToRegs = [&] {
    auto Copy =
        std::make_shared<AssignStmt>(staged(0), AssignOpKind::Set, source(0));
    Copy->Width = W;
    return Copy;
  };
  StmtList Vector;
  if (ToRegs) {
    Vector.push_back(LoadToRegs());
  } else if (VecStore) {
    storeRun(Vector, Src);
  } else {
    // Through registers, so that the W elements are one load.
    Vector.push_back(LoadToRegs());
    storeRun(Vector, Staged);
  }
  ExprPtr Aligned = std::make_shared<CallExpr>(
      "c2c_aligned",
      std::vector<ExprPtr>{source(0), ilit(W * sizeInBytes(FP.Elem))},
      ScalarKind::Int);
  StmtList Scalar;
  for (int64_t E = 0; E < W; ++E)
    Scalar.push_back(std::make_shared<IfStmt>(
        guard(E),
        StmtList{assign(ToRegs ? staged(E) : sharedRef(E),
                        ToRegs ? source(E) : scaled(source(E)))},
        StmtList{assign(ToRegs ? staged(E) : sharedRef(E), Zero)}));
  return std::make_shared<IfStmt>(
      andE(andE(guard(0), guard(W - 1, true)), Aligned), Vector, Scalar);
}

StmtPtr TileCopy::build(TileLoadMode Mode) {
  int64_t Threads = O.Threads;
  StmtList Body;
  Body.push_back(
      decl(L, ScalarKind::Int,
           bin(BinaryOpKind::Add, ivar("c2c_tid"),
               bin(BinaryOpKind::Mul, ivar(R), ilit(Threads), ScalarKind::Int),
               ScalarKind::Int)));
  StmtList Inner;
  slotCoordinates(Inner);
  if (Mode == TileLoadMode::FromRegs) {
    storeRun(Inner, [this](int64_t E) { return staged(E); });
  } else {
    globalCoordinates(Inner);
    Inner.push_back(copyRun(Mode == TileLoadMode::ToRegs));
  }
  // Threads past the last slot skip the round.
  if (Slots % Threads)
    Body.push_back(std::make_shared<IfStmt>(
        bin(BinaryOpKind::LT, ivar(L), ilit(Slots), ScalarKind::Int), Inner,
        StmtList{}));
  else
    Body.insert(Body.end(), Inner.begin(), Inner.end());
  return countLoop(R, (Slots + Threads - 1) / Threads, Body, -1);
}

} // namespace

StmtPtr copySharedTile(const SharedTile &T, TileLoadMode Mode,
                       const TileCopyOptions &O) {
  return TileCopy(T, O).build(Mode);
}

} // namespace c2cuda
