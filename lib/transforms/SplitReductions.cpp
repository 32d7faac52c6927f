//===- SplitReductions.cpp - A product's reduction split across blocks ---===//

#include "SplitReductions.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"
#include "TripCount.h"

#include "ir/IRBuild.h"
#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

using namespace build;

namespace {

/// Strips each block runs at least: fewer and the prologue (the first
/// strip's loads) and the atomic adds outweigh the strips.
constexpr int64_t MinStripsPerSplit = 4;
/// Blocks per multiprocessor the split aims at (the products' register
/// tiles fit two).
constexpr int64_t BlocksPerSm = 2;
/// Split only where the tiles are at most one per this many
/// multiprocessors (or one tile): with 64 tiles of 128 x 128 for 132 SMs
/// (1024^3) the split lost to the 128 x 64 tiles the host picks
/// otherwise (0.81x), while 16 tiles or fewer gained 1.16-3.7x (H100).
constexpr int64_t SmsPerTile = 4;

/// A store of a register sum after the strips: `X[...] = acc`.
struct SumStore {
  const AssignStmt *Store = nullptr;
  std::string Acc;
};

bool isZero(const Expr &E) {
  if (const auto *I = dyn_cast<IntLit>(&E))
    return I->Value == 0;
  if (const auto *F = dyn_cast<FloatLit>(&E))
    return F->Value == 0;
  return false;
}

/// Post's stores of sums, or nothing where Post holds anything else.
std::optional<std::vector<SumStore>> sumStores(const TilePlan &P) {
  std::vector<SumStore> Out;
  std::set<std::string> Arrays, Accs;
  for (const StmtPtr &S : P.Post) {
    const auto *A = dyn_cast<AssignStmt>(S.get());
    if (!A || A->Op != AssignOpKind::Set || A->Atomic != AtomicKind::None ||
        A->Width != 1)
      return std::nullopt;
    const auto *L = dyn_cast<ArrayRef>(A->LHS.get());
    const auto *R = dyn_cast<VarRef>(A->RHS.get());
    if (!L || L->Local || !R || !P.Private.count(R->Name) ||
        P.Private.at(R->Name) != L->Type ||
        (L->Type != ScalarKind::Float && L->Type != ScalarKind::Double &&
         L->Type != ScalarKind::Int) ||
        !Arrays.insert(L->Array).second || !Accs.insert(R->Name).second)
      return std::nullopt;
    Out.push_back({A, R->Name});
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

/// Whether Acc starts at zero before the strips: its only statement in Pre
/// setting it is `T acc = 0` or `acc = 0` (after `T acc;`, a scalar
/// declared outside the loop).
bool startsAtZero(const TilePlan &P, const std::string &Acc) {
  unsigned Sets = 0;
  bool Zero = false;
  for (const StmtPtr &S : P.Pre) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (D->Name == Acc && D->Init)
        ++Sets, Zero = D->Dims.empty() && isZero(*D->Init);
    } else if (const auto *A = dyn_cast<AssignStmt>(S.get())) {
      const auto *V = dyn_cast<VarRef>(A->LHS.get());
      if (V && V->Name == Acc)
        ++Sets, Zero = A->Op == AssignOpKind::Set && isZero(*A->RHS);
      else if (mentionsVar(*A->RHS, Acc))
        return false;
    } else {
      std::set<std::string> Names;
      collectVarNames(StmtList{S}, Names);
      if (Names.count(Acc))
        return false;
    }
  }
  return Sets == 1 && Zero;
}

/// Whether every mention of Acc in L is the target of `acc += e` with e
/// not reading it.
bool onlyAddsTo(const StmtList &L, const std::string &Acc) {
  bool Ok = true;
  forEachStmt(L, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S)) {
      const auto *V = dyn_cast<VarRef>(A->LHS.get());
      if (V && V->Name == Acc)
        Ok &= A->Op == AssignOpKind::Add && !mentionsVar(*A->RHS, Acc);
      else if (mentionsVar(*A->RHS, Acc) || mentionsVar(*A->LHS, Acc))
        Ok = false;
    } else if (const auto *D = dyn_cast<DeclStmt>(&S)) {
      Ok &= D->Name != Acc && !(D->Init && mentionsVar(*D->Init, Acc));
    } else if (const auto *F = dyn_cast<ForStmt>(&S)) {
      Ok &= F->Iter != Acc && !mentionsVar(*F->Lower, Acc) &&
            !mentionsVar(*F->Upper, Acc);
    } else if (const auto *I = dyn_cast<IfStmt>(&S)) {
      Ok &= !mentionsVar(*I->Cond, Acc);
    }
  });
  return Ok;
}

enum class Splittable {
  No,
  /// All but the user's permission (the one refusal worth a remark).
  WithPermission,
  Yes,
};

/// Whether kernel K (plan P) may be split. Permission gets what allows the
/// reassociation (Yes) or the clause that would (WithPermission).
Splittable splittable(const Kernel &K, const TilePlan &P,
                      const LoweringContext &Ctx, std::string &Permission) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  if (!Nest || !Nest->scheduledByDefault() || K.IsAlternative || K.FitsWhen ||
      !P.Strip || P.Mma || P.AsyncStages || P.TwoBuffers || P.StagedPost ||
      P.BarrierBeforePost || !K.Prescaled.empty() || !K.BandGuard.empty() ||
      K.LaunchFirst >= 0)
    return Splittable::No;
  for (const TiledDim &D : P.Dims)
    if (D.Dim >= 3)
      return Splittable::No;
  // Every tile runs the same strips.
  std::set<std::string> Bounds, Band;
  collectVarNames(*buildTripCount(*P.Strip), Bounds);
  for (const GridLoop &G : K.Grid)
    Band.insert(G.Iter);
  std::set<std::string> Local = collectDeclaredNames(P.Pre);
  for (const std::string &N : Bounds)
    if (Band.count(N) || Local.count(N))
      return Splittable::No;
  std::optional<std::vector<SumStore>> Stores = sumStores(P);
  if (!Stores)
    return Splittable::No;
  // What runs before the strips runs once per chunk: it may write no
  // array.
  ArrayAccesses Before;
  collectArrays(P.Pre, Before);
  if (!Before.Written.empty())
    return Splittable::No;
  // The outputs: touched by the stores alone, at subscripts the zeroing
  // kernel can compute (no local of the point).
  ArrayAccesses InStrips;
  collectArrays(P.Strip->Body, InStrips);
  std::set<std::string> Locals = collectDeclaredNames(K.Body);
  for (const SumStore &S : *Stores) {
    const std::string &Out = llvm::cast<ArrayRef>(S.Store->LHS.get())->Array;
    std::set<std::string> Names;
    collectVarNames(*S.Store->LHS, Names);
    for (const std::string &N : Names)
      if (Locals.count(N))
        return Splittable::No;
    if (Before.Read.count(Out) || InStrips.Read.count(Out) ||
        InStrips.Written.count(Out) || !startsAtZero(P, S.Acc) ||
        !onlyAddsTo(P.Strip->Body, S.Acc))
      return Splittable::No;
  }
  for (const SumStore &S : *Stores) {
    std::string Var = clauseVar(*Nest, S.Acc);
    Permission = reductionPermission(Ctx, *Nest, "+", Var);
    if (Permission.empty()) {
      Permission = "'reduction(+: " + Var + ")'";
      return Splittable::WithPermission;
    }
  }
  return Splittable::Yes;
}

/// The condition every remark of the pass starts with.
std::string whereFewTiles() {
  return "where its tiles are few (at most one per " +
         std::to_string(SmsPerTile) + " multiprocessors), ";
}

/// Every output element of K set to its sum's start, at each point of K's
/// grid: the kernel the split one adds into.
Kernel zeroingKernel(const Kernel &K, const TilePlan &P) {
  Kernel Z = K;
  Z.Name = K.Name + "_zero";
  Z.Body.clear();
  for (const StmtPtr &S : P.Post) {
    const auto *A = llvm::cast<AssignStmt>(S.get());
    ExprPtr Zero = A->LHS->Type == ScalarKind::Int
                       ? ilit(0)
                       : std::make_shared<FloatLit>(0.0, A->LHS->Type);
    Z.Body.push_back(assign(A->LHS, Zero));
  }
  NestSchedule Plain;
  Plain.Map = K.Schedule.Map;
  Plain.Block = K.Schedule.Block;
  Plain.Origin = K.Schedule.Origin;
  Z.Schedule = Plain;
  Z.Remarks.clear();
  Z.RemarkGroups.clear();
  Z.IsAlternative = true;
  Z.FewBlocksAlternative = -1;
  Z.SplitAlternative = -1;
  Z.MinBlocksPerSm = 0;
  Z.BlockTime = 0;
  return Z;
}

/// min(BlocksPerSm x SMs / tiles, strips / MinStripsPerSplit), at least 1;
/// 1 where the tiles pass max(1, SMs / SmsPerTile) (Long, over the host's
/// names; c2c_split_count in the emitted runtime).
ExprPtr splitCount(const TilePlan &P) {
  ExprPtr Most =
      bin(BinaryOpKind::Div, ceilDivL(buildTripCount(*P.Strip), P.StripSize),
          llit(MinStripsPerSplit), ScalarKind::Long);
  return std::make_shared<CallExpr>("c2c_split_count",
                                    std::vector<ExprPtr>{hostTileCount(P), Most,
                                                         llit(BlocksPerSm),
                                                         llit(SmsPerTile)},
                                    ScalarKind::Long);
}

} // namespace

LoweredFunction splitReductions(LoweredFunction LF, LoweringContext &Ctx) {
  size_t N = LF.Kernels.size();
  for (size_t I = 0; I < N; ++I) {
    auto It = Ctx.TilePlans.find(I);
    if (It == Ctx.TilePlans.end())
      continue;
    const TilePlan &P = *It->second;
    std::string Permission;
    Splittable Can = splittable(LF.Kernels[I], P, Ctx, Permission);
    if (Can == Splittable::WithPermission)
      LF.Kernels[I].Remarks.push_back(
          whereFewTiles() + P.Strip->Iter +
          " could be split across blocks (partial sums added atomically); "
          "allow reassociation with " +
          Permission + " or --allow-reassociation");
    if (Can != Splittable::Yes)
      continue;

    unsigned ZI = static_cast<unsigned>(LF.Kernels.size());
    LF.Kernels.push_back(zeroingKernel(LF.Kernels[I], P));
    Kernel S = LF.Kernels[I];
    S.Name = S.Name + "_split";
    S.IsAlternative = true;
    S.FewBlocksAlternative = -1;
    S.MinBlocksPerSm = 0;
    S.LaunchFirst = static_cast<int>(ZI);
    S.Remarks.clear();
    S.RemarkGroups.clear();
    std::shared_ptr<TilePlan> SP = copyPlan(P);
    SP->SplitCount = splitCount(*SP);
    std::vector<std::string> Outs;
    for (StmtPtr &St : SP->Post) {
      auto A = std::make_shared<AssignStmt>(*llvm::cast<AssignStmt>(St.get()));
      A->Op = AssignOpKind::Add;
      A->Atomic = AtomicKind::Add;
      Outs.push_back(llvm::cast<ArrayRef>(A->LHS.get())->Array);
      St = A;
    }
    unsigned SI = static_cast<unsigned>(LF.Kernels.size());
    Ctx.TilePlans[SI] = std::move(SP);
    LF.Kernels.push_back(std::move(S));
    Kernel &K = LF.Kernels[I];
    K.SplitAlternative = static_cast<int>(SI);
    std::string Names;
    for (const std::string &O : Outs)
      Names += (Names.empty() ? "" : ", ") + O;
    K.Remarks.push_back(
        whereFewTiles() + LF.Kernels[SI].Name +
        " runs instead: " + P.Strip->Iter + " split across blocks, min(" +
        std::to_string(BlocksPerSm) + " x SMs / tiles, strips / " +
        std::to_string(MinStripsPerSplit) +
        ") chunks, each block's partial sums added atomically into " + Names +
        ", which " + LF.Kernels[ZI].Name + " zeroes first (allowed by " +
        Permission + ")");
  }
  return LF;
}

} // namespace c2cuda
