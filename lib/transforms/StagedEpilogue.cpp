//===- StagedEpilogue.cpp - Post of a tile through shared memory ---------===//

#include "StagedEpilogue.h"

#include "IRQueries.h"
#include "ReadsBeforeWrites.h"

#include "ir/IRBuild.h"
#include "ir/IRRewrite.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

using namespace llvm;

namespace c2cuda {

using namespace build;

namespace {

/// Elements a thread runs at once in the loop over the tile's elements:
/// as many reads in flight as the element-wise kernels' 8 points.
constexpr int64_t GroupSize = 8;

/// The shared memory a kernel may declare statically.
constexpr int64_t StaticSharedBytes = 48 * 1024;

/// The register-tile scalars Post reads, by name.
std::map<std::string, ScalarKind> stagedScalars(const TilePlan &P) {
  std::set<std::string> Used;
  collectVarNames(P.Post, Used);
  std::map<std::string, ScalarKind> Out;
  for (const auto &[Name, Type] : P.Private)
    if (Used.count(Name))
      Out[Name] = Type;
  return Out;
}

std::string stagedName(const std::string &Scalar) {
  return "c2c_post_" + Scalar;
}

/// The shared array's index of the element at the local indices named by
/// the dimensions' T: the outermost dimension first, x last (consecutive
/// threads of the element loop on consecutive words).
std::vector<ExprPtr> stagedIndex(const TilePlan &P) {
  std::vector<ExprPtr> Idx;
  for (size_t I = P.Dims.size(); I-- > 0;)
    Idx.push_back(ivar(P.Dims[I].T));
  return Idx;
}

int64_t tileElements(const TilePlan &P) {
  int64_t N = 1;
  for (const TiledDim &D : P.Dims)
    N *= D.Tile;
  return N;
}

/// Every local index below its c2c_left_: the element is a point of the
/// iteration space.
ExprPtr inTile(const TilePlan &P) {
  ExprPtr Cond;
  for (const TiledDim &D : P.Dims)
    Cond = andE(
        Cond, bin(BinaryOpKind::LT, ivar(D.T), ivar(D.Left), ScalarKind::Int));
  return Cond;
}

/// Element E (an int expression) of the tile: the local index along each
/// dimension, x fastest.
StmtList elementIndices(const TilePlan &P, const ExprPtr &E) {
  StmtList Out;
  ExprPtr Rest = E;
  for (size_t I = 0; I < P.Dims.size(); ++I) {
    const TiledDim &D = P.Dims[I];
    ExprPtr Local = I + 1 == P.Dims.size() ? Rest
                                           : bin(BinaryOpKind::Rem, Rest,
                                                 ilit(D.Tile), ScalarKind::Int);
    Out.push_back(decl(D.T, ScalarKind::Int, Local));
    Rest = bin(BinaryOpKind::Div, Rest, ilit(D.Tile), ScalarKind::Int);
  }
  return Out;
}

/// The iterators Body uses, at the element's local indices.
StmtList iterators(const TilePlan &P, const StmtList &Body) {
  std::set<std::string> Used;
  collectVarNames(Body, Used);
  StmtList Out;
  for (const TiledDim &D : P.Dims)
    if (Used.count(D.G.Iter))
      Out.push_back(iteratorAtLocalIndex(D));
  return Out;
}

/// The staged arrays' dimensions, the outermost first. A tensor-core tile
/// stores a warp's points in the instruction's accumulator layout, lane l
/// at row l / 4 and column 2 (l % 4) of a 16 x 8 block: with rows of a
/// multiple of 32 words, the 8 rows of one store fall on one bank (8-way
/// conflicts); 8 words more per row spread them over 16 banks (2-way, as
/// for any layout of even columns).
std::vector<int64_t> stagedDims(const TilePlan &P) {
  std::vector<int64_t> Dims;
  for (size_t I = P.Dims.size(); I-- > 0;)
    Dims.push_back(P.Dims[I].Tile);
  if (P.Mma && Dims.back() % 32 == 0)
    Dims.back() += 8;
  return Dims;
}

/// The bytes of the staged arrays.
int64_t stagedBytes(const TilePlan &P) {
  int64_t Elems = 1;
  for (int64_t D : stagedDims(P))
    Elems *= D;
  int64_t Bytes = 0;
  for (const auto &[Name, Type] : stagedScalars(P))
    Bytes += sizeInBytes(Type) * Elems;
  return Bytes;
}

/// The bytes of the strips' shared tiles.
int64_t tileBytes(const TilePlan &P) {
  int64_t Bytes = 0;
  for (const SharedTile &T : P.Tiles) {
    int64_t Elems = 1;
    for (int64_t D : T.SharedDims)
      Elems *= D;
    Bytes += Elems * sizeInBytes(T.FP.Elem);
  }
  return Bytes;
}

/// Whether the staged arrays take the strips' memory: beside the strips
/// they would not fit in what a kernel declares statically.
bool overlaysTiles(const TilePlan &P) {
  return stagedBytes(P) + tileBytes(P) > StaticSharedBytes;
}

} // namespace

bool canStageEpilogue(const Kernel &K, const TilePlan &P) {
  if (!P.Strip || !K.BandGuard.empty() || stagedScalars(P).empty())
    return false;
  // Beside the strips within 48 KiB, or over them within the larger of
  // their bytes and 48 KiB (the first implies the second).
  return stagedBytes(P) <= std::max(tileBytes(P), StaticSharedBytes);
}

StmtList stagedEpilogueDecls(const TilePlan &P) {
  StmtList Out;
  std::vector<int64_t> Dims = stagedDims(P);
  for (const auto &[Name, Type] : stagedScalars(P)) {
    auto D = std::make_shared<DeclStmt>(stagedName(Name), Type, nullptr);
    D->Dims = Dims;
    D->Storage = StorageKind::Shared;
    D->OverlaysTiles = overlaysTiles(P);
    Out.push_back(D);
  }
  return Out;
}

StmtList stagedEpilogue(const TilePlan &P, const LoweringContext &Ctx,
                        PointLoops &Pts, const ExprPtr &Tid) {
  std::map<std::string, ScalarKind> Scalars = stagedScalars(P);
  // The points' values into the tile's shared arrays (points outside the
  // iteration space store nothing: no element reads them).
  StmtList Stores;
  for (const auto &[Name, Type] : Scalars)
    Stores.push_back(assign(localRef(stagedName(Name), stagedIndex(P), Type),
                            var(Name, Type)));
  // The first barrier: every thread's strips (reads of arrays Post may
  // write) and the previous tile's elements (reads of the shared arrays)
  // are done before any thread stores; the second: every sum is stored
  // before any element reads it.
  StmtList Out = {std::make_shared<BarrierStmt>()};
  StmtList PS = Pts.pointLoops(Stores, /*Guard=*/true);
  Out.insert(Out.end(), PS.begin(), PS.end());
  Out.push_back(std::make_shared<BarrierStmt>());

  // Post with the scalars read from the shared arrays.
  StmtList Body = rewriteStmts(P.Post, [&](const ExprPtr &E) -> ExprPtr {
    const auto *V = dyn_cast<VarRef>(E.get());
    if (!V || !Scalars.count(V->Name))
      return nullptr;
    return localRef(stagedName(V->Name), stagedIndex(P), V->Type);
  });
  std::vector<const ArrayRef *> Early =
      readsBeforeWrites(Body, [&](const std::string &A) {
        return Ctx.Facts.Extents.count(A) > 0;
      });
  int64_t Elems = tileElements(P);
  int64_t Group = std::min<int64_t>(
      GroupSize, std::max<int64_t>(1, (Elems + P.Threads - 1) / P.Threads));
  ExprPtr G = ivar("c2c_g");
  // Element c2c_e0 + g * threads of the group, where it is one of the
  // tile's points inside the iteration space.
  auto ForElement = [&](const StmtList &Run) {
    StmtList L = {
        decl("c2c_e", ScalarKind::Int,
             bin(BinaryOpKind::Add, ivar("c2c_e0"),
                 bin(BinaryOpKind::Mul, G, ilit(P.Threads), ScalarKind::Int),
                 ScalarKind::Int))};
    StmtList Idx = elementIndices(P, ivar("c2c_e"));
    L.insert(L.end(), Idx.begin(), Idx.end());
    StmtList In = iterators(P, Run);
    In.insert(In.end(), Run.begin(), Run.end());
    L.push_back(std::make_shared<IfStmt>(
        andE(bin(BinaryOpKind::LT, ivar("c2c_e"), ilit(Elems), ScalarKind::Int),
             inTile(P)),
        In, StmtList{}));
    return countLoop("c2c_g", Group, L, -1);
  };
  // The group's reads first, into registers c2c_eld<n>[g], then its
  // elements' statements on them (ReadsBeforeWrites.h). Only reads are
  // replaced: an element read early may be the very node its store names.
  std::map<const Expr *, std::string> Reg;
  for (size_t I = 0; I < Early.size(); ++I)
    Reg[Early[I]] = "c2c_eld" + std::to_string(I);
  StmtList Decls, Loads;
  std::set<const Expr *> Loaded;
  StmtList Rest = rewriteReads(Body, [&](const ExprPtr &X) -> ExprPtr {
    auto It = Reg.find(X.get());
    if (It == Reg.end())
      return nullptr;
    ExprPtr To = localRef(It->second, {G}, X->Type);
    if (Loaded.insert(X.get()).second) {
      auto D = std::make_shared<DeclStmt>(It->second, X->Type, nullptr);
      D->Dims = {Group};
      Decls.push_back(D);
      Loads.push_back(assign(To, X));
    }
    return To;
  });
  StmtList Elements = Decls;
  if (!Loads.empty())
    Elements.push_back(ForElement(Loads));
  Elements.push_back(ForElement(Rest));
  Out.push_back(std::make_shared<ForStmt>("c2c_e0", ScalarKind::Int, Tid,
                                          LoopCmp::LT, ilit(Elems),
                                          P.Threads * Group, Elements));
  // Over the strips' memory: the block's next tile refills its strips only
  // after every thread has read its elements.
  if (overlaysTiles(P))
    Out.push_back(std::make_shared<BarrierStmt>());
  return Out;
}

} // namespace c2cuda
