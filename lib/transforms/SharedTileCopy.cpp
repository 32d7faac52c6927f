//===- SharedTileCopy.cpp - A block's cooperative copy of a shared tile ---===//

#include "SharedTileCopy.h"

#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"
#include "ir/IRWalk.h"

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

ExprPtr lit(int64_t V, ScalarKind K) {
  return K == ScalarKind::Int ? ilit(V) : llit(V);
}

class TileCopy {
public:
  TileCopy(const SharedTile &T, const TileCopyOptions &O);
  /// The loop over rounds copying the tile as Mode says.
  StmtPtr build(TileLoadMode Mode);
  /// The copy of a strip inside the box, unguarded (unguardedTileCopy).
  UnguardedTileCopy unguarded(TileLoadMode Mode, const std::string &StripBase,
                              const ExprPtr &First, int64_t StripShift,
                              bool ElementWise);
  /// The copy from coordinates clamped into the box (clampedTileCopy).
  ClampedTileCopy clamped(TileLoadMode Mode, const std::string &StripBase,
                          const ExprPtr &First, int64_t StripShift);

private:
  enum class GuardKind { DimInt, Linear, DimLong };
  /// Declares the slot's coordinates in the box (c2c_a<d>_A) into Inner.
  void slotCoordinates(StmtList &Inner);
  /// Declares the global coordinates of the slot's first element (those
  /// of Clamped dimensions moved into the box the nest reads, a run whole
  /// inside it).
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
  /// The element at coordinates Xs in global memory.
  ExprPtr sourceAt(const std::vector<ExprPtr> &Xs) const;
  /// The guarded copy of the slot's run into shared memory (or the
  /// staging registers, ToRegs).
  StmtPtr copyRun(bool ToRegs) const;
  /// The same for a run inside the box and aligned, unguarded.
  StmtList copyRunInside(bool ToRegs) const;
  /// The same element by element (a run of a row not aligned), each
  /// element's coordinate in a Clamped innermost dimension clamped.
  StmtList copyElementsInside(bool ToRegs) const;
  /// The loop over rounds, each thread copying its slot as Copy says
  /// (Global: Copy reads the slot's coordinates in the array).
  StmtPtr rounds(TileLoadMode Mode, const std::function<StmtList()> &Copy,
                 bool Global = true);
  /// The same by asynchronous copies. Inside: the run lies in the box,
  /// unguarded copies; one of the whole run where RunAligned (its address
  /// aligned), else one per element.
  StmtList copyRunAsync(bool Inside = false, bool RunAligned = false) const;
  /// Whether the tile's whole box lies inside the elements the nest reads;
  /// null where that cannot be told once per tile (guards on the linear
  /// offset, a triangular band's box, more than two dimensions). With
  /// Keep, only the dimensions it keeps; with StartOnly, only whether the
  /// box starts inside.
  ExprPtr wholeBoxInside(const std::function<bool(size_t)> &Keep = nullptr,
                         bool StartOnly = false) const;
  /// Whether every run of the box is aligned for one vector copy.
  ExprPtr runsAligned() const;
  /// The same for the strip starting at First (StripBase's value there).
  ExprPtr firstStripAligned(const std::string &StripBase,
                            const ExprPtr &First) const;
  /// Whether the box the nest reads starts and ends at whole runs of its
  /// rows (so that a run lies wholly inside it or wholly outside).
  ExprPtr boxEndsAtRuns() const;
  /// Whether the nest reads any element of the array: tested before
  /// c2c_aligned(&A[0]), which an empty array does not have.
  ExprPtr boxNotEmpty() const;
  /// Zero, of the element type.
  ExprPtr zero() const;

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
  /// The type of the coordinates and their bounds (guards per dimension).
  ScalarKind CoordKind;
  /// Dimensions whose coordinates globalCoordinates clamps into the box.
  std::vector<bool> Clamped;
  /// Only the upper bound of Clamped dimensions needs the clamp (the
  /// tile starts inside the box).
  bool UpperOnly = false;
  /// Runs are copied element by element (copyElementsInside), which
  /// clamps the innermost coordinate per element.
  bool ElementWise = false;
  /// X clamped into the box along dimension D: a run whole inside it, or
  /// with Element, the one element.
  ExprPtr clampedInBox(size_t D, ExprPtr X, bool Element = false) const;
  /// c2c_lo<D>_<key> and c2c_hi<D>_<key>: the box the nest reads along D.
  ExprPtr lo(size_t D) const;
  ExprPtr hi(size_t D) const;
};

TileCopy::TileCopy(const SharedTile &T, const TileCopyOptions &O)
    : O(O), T(T), FP(T.FP), N(FP.Size.size()), W(O.RunWidth),
      VecStore(O.VectorStore), L("c2c_l_" + T.Key), R("c2c_r_" + T.Key),
      Coord(N), X(N), Clamped(N, false) {
  int64_t Elems = 1;
  for (int64_t Sz : FP.Size)
    Elems *= Sz;
  Slots = Elems / W;
  GK = O.IntGuards        ? GuardKind::DimInt
       : !FP.PointerArray ? GuardKind::DimLong
                          : GuardKind::Linear;
  CoordKind = GK == GuardKind::DimInt ? ScalarKind::Int : ScalarKind::Long;
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
    X[D] = var(Xn, CoordKind);
    Inner.push_back(decl(Xn, CoordKind, addL(FP.Low[D], Coord[D])));
    if (Clamped[D] && !(ElementWise && D + 1 == N))
      Inner.push_back(assign(X[D], clampedInBox(D, X[D])));
  }
}

ExprPtr TileCopy::clampedInBox(size_t D, ExprPtr X, bool Element) const {
  // lo <= x <= hi - (W - 1): a run starting there lies in the box. CUDA's
  // integer min and max: one instruction each (a select of comparisons
  // took four, and 3.5% of a float product's time at 4096^3, H200).
  ScalarKind K = CoordKind;
  ExprPtr Hi = hi(D);
  if (D + 1 == N && W > 1 && !Element)
    Hi = bin(BinaryOpKind::Sub, Hi, lit(W - 1, K), K);
  auto Call = [K](const char *F, ExprPtr A, ExprPtr B) {
    return std::make_shared<CallExpr>(F, std::vector<ExprPtr>{A, B}, K);
  };
  ExprPtr Below = Call("min", std::move(X), Hi);
  return UpperOnly ? Below : Call("max", Below, lo(D));
}

ExprPtr TileCopy::lo(size_t D) const {
  return var("c2c_lo" + std::to_string(D) + "_" + T.Key, CoordKind);
}

ExprPtr TileCopy::hi(size_t D) const {
  return var("c2c_hi" + std::to_string(D) + "_" + T.Key, CoordKind);
}

std::vector<ExprPtr> TileCopy::shifted(std::vector<ExprPtr> C,
                                       int64_t E) const {
  // In the coordinate's own type: a long long coordinate past 2^31 must
  // not be truncated.
  ScalarKind K = C[N - 1]->Type;
  if (E)
    C[N - 1] = bin(BinaryOpKind::Add, C[N - 1], lit(E, K), K);
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
  return T.Scale && !T.Prescaled ? bin(BinaryOpKind::Mul, T.Scale, V, FP.Elem)
                                 : V;
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
    G = andE(G, bin(BinaryOpKind::GE, Xs[D], lo(D), ScalarKind::Int));
    G = andE(G, bin(BinaryOpKind::LE, Xs[D], hi(D), ScalarKind::Int));
  }
  return G;
}

ExprPtr TileCopy::source(int64_t E) const { return sourceAt(shifted(X, E)); }

ExprPtr TileCopy::sourceAt(const std::vector<ExprPtr> &Xs) const {
  if (FP.PointerArray)
    return std::make_shared<ArrayRef>(
        FP.Array, std::vector<ExprPtr>{linear(Xs)}, FP.Elem);
  return std::make_shared<ArrayRef>(FP.Array, Xs, FP.Elem);
}

ExprPtr TileCopy::zero() const {
  return isFloating(FP.Elem) ? ExprPtr(std::make_shared<FloatLit>(0.0, FP.Elem))
                             : ExprPtr(std::make_shared<IntLit>(0, FP.Elem));
}

ExprPtr TileCopy::wholeBoxInside(const std::function<bool(size_t)> &Keep,
                                 bool StartOnly) const {
  if (GK == GuardKind::Linear || O.InBandBox || N > 2)
    return nullptr;
  ExprPtr Inside;
  for (size_t D = 0; D < N; ++D) {
    if (Keep && !Keep(D))
      continue;
    if (GK == GuardKind::DimInt) { // Coordinates fit in int: cheaper tests.
      ExprPtr Low = cast(FP.Low[D], ScalarKind::Int);
      Inside = andE(Inside, bin(BinaryOpKind::GE, Low, lo(D), ScalarKind::Int));
      if (!StartOnly)
        Inside = andE(Inside, bin(BinaryOpKind::LE,
                                  bin(BinaryOpKind::Add, Low,
                                      ilit(FP.Size[D] - 1), ScalarKind::Int),
                                  hi(D), ScalarKind::Int));
      continue;
    }
    Inside = andE(Inside, cmpL(BinaryOpKind::GE, FP.Low[D], lo(D)));
    if (!StartOnly)
      Inside = andE(Inside, cmpL(BinaryOpKind::LE,
                                 addL(FP.Low[D], llit(FP.Size[D] - 1)), hi(D)));
  }
  return Inside;
}

ExprPtr TileCopy::runsAligned() const {
  // Runs start at the box's first element plus whole rows and whole runs:
  // all aligned when the array's first element is, a row is whole runs and
  // the box starts at a whole run of its row (sufficient, and cheaper to
  // test than the address: no product of row and row length).
  ExprPtr RowElems;
  if (N == 2)
    RowElems = FP.PointerArray
                   ? FP.Stride
                   : cast(O.F->findParam(FP.Array)->Dims[1], ScalarKind::Long);
  std::vector<ExprPtr> Origin(FP.PointerArray ? 1 : N, llit(0));
  ExprPtr Aligned = std::make_shared<CallExpr>(
      "c2c_aligned",
      std::vector<ExprPtr>{
          std::make_shared<ArrayRef>(FP.Array, Origin, FP.Elem),
          ilit(W * sizeInBytes(FP.Elem))},
      ScalarKind::Int);
  auto WholeRuns = [&](ExprPtr E) {
    return cmpL(BinaryOpKind::EQ,
                bin(BinaryOpKind::Rem, E, llit(W), ScalarKind::Long), llit(0));
  };
  if (RowElems)
    Aligned = andE(Aligned, WholeRuns(RowElems));
  return andE(Aligned, WholeRuns(FP.Low[N - 1]));
}

StmtList TileCopy::copyRunAsync(bool Inside, bool RunAligned) const {
  auto Copy = [this](int64_t E, int64_t Width) {
    auto A = std::make_shared<AssignStmt>(sharedRef(E), AssignOpKind::Set,
                                          source(E));
    A->Width = unsigned(Width);
    A->Async = true;
    return A;
  };
  if (Inside && (RunAligned || W == 1))
    return {Copy(0, W)};
  if (Inside) { // Element by element, each address aligned to its size.
    StmtList Elems;
    for (int64_t E = 0; E < W; ++E)
      Elems.push_back(Copy(E, 1));
    return Elems;
  }
  StmtList Scalar;
  for (int64_t E = 0; E < W; ++E)
    Scalar.push_back(
        std::make_shared<IfStmt>(guard(E), StmtList{Copy(E, 1)},
                                 StmtList{assign(sharedRef(E), zero())}));
  if (W == 1)
    return Scalar;
  // The whole run inside the array and its global address aligned: one
  // 16-byte copy (the shared run is aligned: the tile keeps the array's
  // layout and its rows are whole runs).
  ExprPtr Aligned = std::make_shared<CallExpr>(
      "c2c_aligned",
      std::vector<ExprPtr>{source(0), ilit(W * sizeInBytes(FP.Elem))},
      ScalarKind::Int);
  return {std::make_shared<IfStmt>(
      andE(andE(guard(0), guard(W - 1, true)), Aligned), StmtList{Copy(0, W)},
      Scalar)};
}

StmtList TileCopy::copyRunInside(bool ToRegs) const {
  if (W == 1)
    return {assign(ToRegs ? staged(0) : sharedRef(0),
                   ToRegs ? source(0) : scaled(source(0)))};
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
    storeRun(Vector, [this](int64_t E) { return source(E); });
  } else {
    // Through registers, so that the W elements are one load.
    Vector.push_back(LoadToRegs());
    storeRun(Vector, [this](int64_t E) { return staged(E); });
  }
  return Vector;
}

StmtList TileCopy::copyElementsInside(bool ToRegs) const {
  StmtList Out;
  for (int64_t E = 0; E < W; ++E) {
    std::vector<ExprPtr> Xs = shifted(X, E);
    if (Clamped[N - 1])
      Xs[N - 1] = clampedInBox(N - 1, Xs[N - 1], /*Element=*/true);
    Out.push_back(assign(ToRegs ? staged(E) : sharedRef(E),
                         ToRegs ? sourceAt(Xs) : scaled(sourceAt(Xs))));
  }
  return Out;
}

StmtPtr TileCopy::copyRun(bool ToRegs) const {
  // A tile element outside the array is never read by a point of the
  // nest, but the points past a partial tile compute on it unguarded
  // (their results are dropped): zero, not whatever shared memory held
  // (a NaN converted to int is undefined behaviour).
  ExprPtr Zero = zero();
  if (W == 1)
    return std::make_shared<IfStmt>(
        guard(0), copyRunInside(ToRegs),
        StmtList{assign(ToRegs ? staged(0) : sharedRef(0), Zero)});
  // The whole run inside the array and the global address aligned: one
  // vector load; else element by element.
  StmtList Vector = copyRunInside(ToRegs);
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

StmtPtr TileCopy::rounds(TileLoadMode Mode,
                         const std::function<StmtList()> &Copy, bool Global) {
  int64_t Threads = O.Threads;
  StmtList Round, Inner;
  Round.push_back(
      decl(L, ScalarKind::Int,
           bin(BinaryOpKind::Add, ivar("c2c_tid"),
               bin(BinaryOpKind::Mul, ivar(R), ilit(Threads), ScalarKind::Int),
               ScalarKind::Int)));
  slotCoordinates(Inner);
  if (Mode == TileLoadMode::FromRegs) {
    storeRun(Inner, [this](int64_t E) { return staged(E); });
  } else {
    if (Global)
      globalCoordinates(Inner);
    StmtList C = Copy();
    Inner.insert(Inner.end(), C.begin(), C.end());
  }
  // Threads past the last slot skip the round.
  if (Slots % Threads)
    Round.push_back(std::make_shared<IfStmt>(
        bin(BinaryOpKind::LT, ivar(L), ilit(Slots), ScalarKind::Int), Inner,
        StmtList{}));
  else
    Round.insert(Round.end(), Inner.begin(), Inner.end());
  return countLoop(R, (Slots + Threads - 1) / Threads, Round, -1);
}

ExprPtr TileCopy::firstStripAligned(const std::string &StripBase,
                                    const ExprPtr &First) const {
  return rewriteExpr(runsAligned(), [&](const ExprPtr &E) {
    const auto *V = llvm::dyn_cast<VarRef>(E.get());
    return V && V->Name == StripBase ? First : ExprPtr();
  });
}

ExprPtr TileCopy::boxNotEmpty() const {
  ExprPtr NotEmpty;
  for (size_t D = 0; D < N; ++D)
    NotEmpty =
        andE(NotEmpty, bin(BinaryOpKind::LE, lo(D), hi(D), ScalarKind::Int));
  return NotEmpty;
}

ExprPtr TileCopy::boxEndsAtRuns() const {
  ScalarKind K = CoordKind;
  auto WholeRuns = [&](ExprPtr E) {
    return bin(BinaryOpKind::EQ, bin(BinaryOpKind::Rem, E, lit(W, K), K),
               lit(0, K), ScalarKind::Int);
  };
  return andE(WholeRuns(lo(N - 1)),
              WholeRuns(bin(BinaryOpKind::Add, hi(N - 1), lit(1, K), K)));
}

UnguardedTileCopy TileCopy::unguarded(TileLoadMode Mode,
                                      const std::string &StripBase,
                                      const ExprPtr &First, int64_t StripShift,
                                      bool Elements) {
  ElementWise = Elements && W > 1;
  if (!wholeBoxInside() || (W > 1 && !ElementWise && StripShift % W))
    return {}; // Not told once per tile, or strips move runs off alignment.
  auto Strip = [&](size_t D) { return mentionsVar(*FP.Low[D], StripBase); };
  // Where every dimension moves with the strips (a vector x[k]) nothing
  // is told once per tile: clampedTileCopy's copy serves.
  bool AnyFixed = false;
  for (size_t D = 0; D < N; ++D) {
    Clamped[D] = !Strip(D);
    AnyFixed |= Clamped[D];
  }
  if (!AnyFixed)
    return {};
  // The dimensions the strips do not move are clamped into the box (a
  // partial tile's rows past the array read its last row), from above
  // only: the tile starting inside the box is part of the test.
  UpperOnly = true;
  ExprPtr Hoisted =
      wholeBoxInside([&](size_t D) { return Clamped[D]; }, /*StartOnly=*/true);
  bool ToRegs = Mode == TileLoadMode::ToRegs;
  if (ElementWise)
    return {andE(boxNotEmpty(), Hoisted), wholeBoxInside(Strip),
            rounds(Mode, [&] { return copyElementsInside(ToRegs); })};
  if (W > 1) {
    Hoisted =
        andE(andE(boxNotEmpty(), Hoisted), firstStripAligned(StripBase, First));
    if (Clamped[N - 1])
      Hoisted = andE(Hoisted, boxEndsAtRuns());
  }
  return {Hoisted, wholeBoxInside(Strip),
          rounds(Mode, [&] { return copyRunInside(ToRegs); })};
}

ClampedTileCopy TileCopy::clamped(TileLoadMode Mode,
                                  const std::string &StripBase,
                                  const ExprPtr &First, int64_t StripShift) {
  if (GK == GuardKind::Linear || O.InBandBox ||
      (Mode != TileLoadMode::ToRegs && Mode != TileLoadMode::Direct))
    return {};
  bool RunsMove = mentionsVar(*FP.Low[N - 1], StripBase);
  if (W > 1 && RunsMove && StripShift % W)
    return {};
  Clamped.assign(N, true);
  bool ToRegs = Mode == TileLoadMode::ToRegs;
  StmtPtr Copy = rounds(Mode, [&] { return copyRunInside(ToRegs); });
  if (W == 1)
    return {nullptr, Copy};
  return {andE(andE(boxNotEmpty(), firstStripAligned(StripBase, First)),
               boxEndsAtRuns()),
          Copy};
}

StmtPtr TileCopy::build(TileLoadMode Mode) {
  auto Rounds = [&](const std::function<StmtList()> &Copy, bool Global = true) {
    return rounds(Mode, Copy, Global);
  };
  if (Mode == TileLoadMode::ScaleInPlace) {
    // Every element of the tile was written (copied or zeroed), so scaling
    // them all is safe; a box inside the array skips the guards.
    auto Scale = [&](bool Guarded) {
      StmtList Out;
      for (int64_t E = 0; E < W; ++E) {
        StmtPtr S = assign(sharedRef(E), scaled(sharedRef(E)));
        Out.push_back(Guarded ? std::make_shared<IfStmt>(guard(E), StmtList{S},
                                                         StmtList{})
                              : S);
      }
      return Out;
    };
    StmtPtr Guarded = Rounds([&] { return Scale(true); });
    ExprPtr Inside = wholeBoxInside();
    if (!Inside)
      return Guarded;
    return std::make_shared<IfStmt>(
        Inside, StmtList{Rounds([&] { return Scale(false); }, false)},
        StmtList{Guarded});
  }
  if (Mode != TileLoadMode::Async)
    return Rounds(
        [&] { return StmtList{copyRun(Mode == TileLoadMode::ToRegs)}; });
  // The guards cost more than the copies they guard (double products on
  // the tensor cores, H200: 0.77x -> 0.95x cuBLAS without them), so a tile
  // whose box lies inside the array copies unguarded: whole runs when
  // they are aligned, else element by element (rows of an odd number of
  // doubles).
  StmtPtr Guarded = Rounds([&] { return copyRunAsync(); });
  ExprPtr Inside = wholeBoxInside();
  if (!Inside)
    return Guarded;
  StmtPtr Unguarded = Rounds([&] { return copyRunAsync(true, W == 1); });
  if (W > 1)
    Unguarded = std::make_shared<IfStmt>(
        runsAligned(),
        StmtList{Rounds([&] { return copyRunAsync(true, true); })},
        StmtList{Unguarded});
  return std::make_shared<IfStmt>(Inside, StmtList{Unguarded},
                                  StmtList{Guarded});
}

} // namespace

StmtPtr copySharedTile(const SharedTile &T, TileLoadMode Mode,
                       const TileCopyOptions &O) {
  return TileCopy(T, O).build(Mode);
}

UnguardedTileCopy unguardedTileCopy(const SharedTile &T, TileLoadMode Mode,
                                    const TileCopyOptions &O,
                                    const std::string &StripBase,
                                    const ExprPtr &First, int64_t StripShift,
                                    bool ElementWise) {
  return TileCopy(T, O).unguarded(Mode, StripBase, First, StripShift,
                                  ElementWise);
}

ClampedTileCopy clampedTileCopy(const SharedTile &T, TileLoadMode Mode,
                                const TileCopyOptions &O,
                                const std::string &StripBase,
                                const ExprPtr &First, int64_t StripShift) {
  return TileCopy(T, O).clamped(Mode, StripBase, First, StripShift);
}

} // namespace c2cuda
