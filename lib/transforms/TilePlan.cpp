//===- TilePlan.cpp - A kernel's tiling, decided stage by stage -----------===//

#include "TilePlan.h"

#include "analysis/BandBox.h"
#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace c2cuda {

using namespace build;

namespace {
const char *const DimName[3] = {"x", "y", "z"};
} // namespace

std::string tileDimSuffix(unsigned Dim) {
  return Dim < 3 ? DimName[Dim] : "w" + std::to_string(Dim - 3);
}

StmtPtr iteratorAtLocalIndex(const TiledDim &D) {
  ScalarKind T = D.G.IterType;
  return decl(D.G.Iter, T,
              bin(BinaryOpKind::Add, var(D.Base, T),
                  bin(BinaryOpKind::Mul, ivar(D.T), ilit(D.G.Step), T), T));
}

bool TileStage::error(const std::string &Clause, const std::string &Msg,
                      const std::string &Hint) const {
  Ctx.Diags.error(Nest.clauseLoc(Clause), Msg + Nest.originText(), Hint);
  return false;
}

int64_t TileStage::runWidth(const SharedTile &T) const {
  const TileFootprint &FP = T.FP;
  // float4, double2, and 16 chars or 8 shorts as one int4.
  if (S.Vector.empty() ||
      (FP.Elem != ScalarKind::Float && FP.Elem != ScalarKind::Double &&
       !isNarrowInteger(FP.Elem)))
    return 1;
  int64_t V = 16 / sizeInBytes(FP.Elem);
  return FP.Size.back() % V == 0 ? V : 1;
}

std::string TileStage::stripBufferName() const {
  return "c2c_buf_" + P.Strip->Iter;
}

bool TileStage::storesRuns(const SharedTile &T) const {
  int64_t W = runWidth(T);
  bool Identity = true;
  for (unsigned I = 0; I < T.Perm.size(); ++I)
    Identity &= T.Perm[I] == I;
  return W > 1 && Identity && T.SharedDims.back() % W == 0;
}

bool TileStage::intDimGuards(const TileFootprint &FP) const {
  if (FP.PointerArray)
    return FP.DimGuardsExact;
  auto IsInt = [](ScalarKind K) {
    return K == ScalarKind::Int || K == ScalarKind::Short ||
           K == ScalarKind::SChar;
  };
  for (const TiledDim &D : P.Dims)
    if (!IsInt(D.G.IterType))
      return false;
  return !P.Strip || IsInt(P.Strip->IterType);
}

ExprPtr TileStage::fullTile() const {
  ExprPtr Full;
  for (const TiledDim &D : P.Dims)
    Full = andE(Full, bin(BinaryOpKind::EQ, ivar(D.Left), ilit(D.Tile),
                          ScalarKind::Int));
  return Full;
}

ExprPtr TileStage::tileInBand() const {
  // A tile of a triangular band's box with no point in the band does
  // nothing: each constraint must hold somewhere in the tile's box.
  ExprPtr TileInBand;
  std::map<std::string, std::pair<ExprPtr, ExprPtr>> TileBox;
  for (const TiledDim &D : P.Dims) {
    ExprPtr First = var(D.Base, D.G.IterType);
    ExprPtr Last = addL(First, mulL(bin(BinaryOpKind::Sub, ivar(D.Left),
                                        ilit(1), ScalarKind::Int),
                                    llit(D.G.Step)));
    // A loop counting down runs from its largest value.
    TileBox[D.G.Iter] = D.G.Step > 0 ? std::make_pair(First, Last)
                                     : std::make_pair(Last, First);
  }
  for (const LinearForm &C : K.BandGuard)
    TileInBand =
        andE(TileInBand,
             cmpL(BinaryOpKind::GE, analysis::maxOverBox(C, TileBox), llit(0)));
  return TileInBand;
}

ExprPtr TileStage::localIndex(const TiledDim &D) const {
  auto IBin = [](BinaryOpKind Op, ExprPtr A, ExprPtr B) {
    return bin(Op, A, B, ScalarKind::Int);
  };
  if (P.Mma && D.Dim < 2)
    return tensorCoreLocalIndex(*P.Mma, D.Dim == 1, ivar(D.Point));
  // (p / V) * blockDim * V + t * V + p % V
  ExprPtr Tid =
      D.Dim < 3 ? cast(builtin("threadIdx", D.Dim), ScalarKind::Int) : ilit(0);
  ExprPtr Local = D.Vec > 1 ? IBin(BinaryOpKind::Mul, Tid, ilit(D.Vec)) : Tid;
  if (D.Points > 1) {
    ExprPtr Point = ivar(D.Point);
    ExprPtr Run =
        D.Vec > 1 ? IBin(BinaryOpKind::Div, Point, ilit(D.Vec)) : Point;
    Local = IBin(BinaryOpKind::Add, Local,
                 IBin(BinaryOpKind::Mul, Run, ilit(D.Block * D.Vec)));
    if (D.Vec > 1)
      Local = IBin(BinaryOpKind::Add, Local,
                   IBin(BinaryOpKind::Rem, Point, ilit(D.Vec)));
  }
  return Local;
}

std::vector<ExprPtr> TileStage::pointIndex() const {
  std::vector<ExprPtr> Idx;
  for (auto It = P.Dims.rbegin(); It != P.Dims.rend(); ++It)
    if (It->Points > 1)
      Idx.push_back(ivar(It->Point));
  if (Idx.empty())
    Idx.push_back(ilit(0));
  return Idx;
}

void forEachTilePlan(
    LoweredFunction &LF, LoweringContext &Ctx,
    const std::function<bool(Kernel &, TilePlan &, const LoweringContext &)>
        &Stage) {
  for (auto It = Ctx.TilePlans.begin(); It != Ctx.TilePlans.end();) {
    if (It->first < LF.Kernels.size() &&
        Stage(LF.Kernels[It->first], *It->second, Ctx))
      ++It;
    else
      It = Ctx.TilePlans.erase(It);
  }
}

void printTilePlans(llvm::raw_ostream &OS, const LoweredFunction &LF,
                    const LoweringContext &Ctx) {
  for (const auto &[Index, Plan] : Ctx.TilePlans) {
    const TilePlan &P = *Plan;
    OS << "tile plan " << LF.Kernels[Index].Name << " {\n";
    OS << "  schedule " << P.S.str() << "\n";
    for (const TiledDim &D : P.Dims)
      OS << "  tile " << D.G.Iter << ": " << D.Tile << " ("
         << tileDimSuffix(D.Dim) << ": " << D.Block << " threads x " << D.Points
         << " points" << (D.Vec > 1 ? ", runs of " : "")
         << (D.Vec > 1 ? std::to_string(D.Vec) : "") << ")\n";
    if (P.Strip)
      OS << "  strip " << P.Strip->Iter << ": " << P.StripSize << "\n";
    for (const auto &[Name, Type] : P.Private) {
      OS << "  register tile " << Name << ": ";
      for (int64_t D : P.RegDims)
        OS << "[" << D << "]";
      OS << "\n";
    }
    for (const SharedTile &T : P.Tiles)
      OS << "  shared " << T.FP.Array << ": " << sharedTileText(T)
         << (T.Perm.size() == 2 && T.Perm[0] == 1 ? " (transposed)" : "")
         << (T.Scale ? ", times " + exprToString(*T.Scale) : "")
         << (T.Prescaled ? " (scaled before the launch)" : "") << "\n";
    for (const SharedTile &T : P.RegOperands)
      OS << "  register operand " << T.FP.Array << ": " << sharedTileText(T)
         << "\n";
    if (P.Pipelined)
      OS << "  pipeline " << P.S.Pipeline
         << (P.TwoBuffers ? " (two buffers)" : "") << "\n";
    if (P.StagedPost)
      OS << "  after the strips: every element of the tile, the register "
            "tile through shared memory\n";
    if (P.SplitCount)
      OS << "  " << P.Strip->Iter
         << " split across blocks: " << exprToString(*P.SplitCount)
         << " chunks (blockIdx.y), partial sums added atomically\n";
    if (P.AsyncStages)
      OS << "  async copies: " << P.AsyncStages << " buffers\n";
    if (P.Mma)
      OS << "  tensor cores: warps of " << P.Mma->WarpRows << " x "
         << P.Mma->WarpCols << " points\n";
    OS << "}\n";
  }
}

ExprPtr hostTileCount(const TilePlan &P) {
  ExprPtr Tiles;
  for (const TiledDim &D : P.Dims) {
    ExprPtr N = ceilDivL(D.G.TripCount, D.Tile);
    Tiles = Tiles ? mulL(Tiles, N) : N;
  }
  return Tiles;
}

std::shared_ptr<TilePlan> copyPlan(const TilePlan &P) {
  auto Copy = std::make_shared<TilePlan>(P);
  auto Within = [](const SharedTile *T, const std::vector<SharedTile> &V) {
    return T >= V.data() && T < V.data() + V.size();
  };
  for (auto &[E, Ref] : Copy->SharedRefs) {
    if (Within(Ref.first, P.Tiles))
      Ref.first = &Copy->Tiles[Ref.first - P.Tiles.data()];
    else if (Within(Ref.first, P.RegOperands))
      Ref.first = &Copy->RegOperands[Ref.first - P.RegOperands.data()];
  }
  return Copy;
}

} // namespace c2cuda
