//===- SplitReductions.cpp - A product's reduction split across blocks ---===//

#include "SplitReductions.h"

#include "IRQueries.h"
#include "ReductionPolicy.h"
#include "TripCount.h"

#include "ir/IRBuild.h"
#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include "llvm/Support/Casting.h"

#include <cmath>

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
/// A split block's cost per point of its tile beyond its strips (the first
/// strip's loads, the atomic adds), in Kernel::BlockTime's units: fitted
/// to twelve splits measured on an H100 (128 x 128 x 2048 and x 8192,
/// 256 x 256 x 8192, 512 x 512 x 2048, each in 128 x 128, 128 x 64 and
/// 64 x 32 tiles): any value from 100 to 200 picks the fastest shape at
/// each size, 0 picks it at one.
constexpr double SplitPointCost = 150;

/// A store of a register sum after the strips, `X[...] = acc`, and the
/// value added to the sum before it (`acc = start + acc`), if any.
struct SumStore {
  const AssignStmt *Store = nullptr;
  std::string Acc;
  ExprPtr Start;
  /// The test the store is under (`if (0 < K) C[e] = acc`: where the
  /// reduction loop runs, ReplaceArrayAccumulators.h), or null.
  ExprPtr Guard;
};

/// S, or the store of S = `if (g) X[e] = v` without else (Guard: g).
const Stmt *unguarded(const StmtPtr &S, ExprPtr &Guard) {
  const auto *I = dyn_cast<IfStmt>(S.get());
  if (!I)
    return S.get();
  if (I->Then.size() != 1 || !I->Else.empty())
    return nullptr;
  Guard = I->Cond;
  return I->Then.front().get();
}

/// S under Guard, if any.
StmtPtr guarded(StmtPtr S, const ExprPtr &Guard) {
  if (!Guard)
    return S;
  return std::make_shared<IfStmt>(Guard, StmtList{std::move(S)}, StmtList{});
}

/// What Post does with the sums: statements computing their starts (Head:
/// locals of Post set from what the point may read, gemm's `c2c_start =
/// C[i][j]; c2c_start *= beta`), the starts added to them, their stores.
struct PostSums {
  StmtList Head;
  std::vector<SumStore> Stores;
};

/// Whether E is a zero literal, perhaps converted (`double acc = 0;`).
bool isZero(const Expr &E) {
  const Expr *V = stripCasts(&E);
  if (const auto *I = dyn_cast<IntLit>(V))
    return I->Value == 0;
  if (const auto *F = dyn_cast<FloatLit>(V))
    return F->Value == 0;
  return false;
}

/// Whether E mentions a register sum of P.
bool mentionsSum(const TilePlan &P, const Expr &E) {
  std::set<std::string> Names;
  collectVarNames(E, Names);
  for (const std::string &N : Names)
    if (P.Private.count(N))
      return true;
  return false;
}

/// `acc = e + acc` or `acc = acc + e` with e reading no sum: e.
ExprPtr addedStart(const TilePlan &P, const AssignStmt &A,
                   const std::string &Acc) {
  const auto *B = dyn_cast<BinaryExpr>(A.RHS.get());
  if (A.Op != AssignOpKind::Set || !B || B->Op != BinaryOpKind::Add)
    return nullptr;
  auto IsAcc = [&](const ExprPtr &E) {
    const auto *V = dyn_cast<VarRef>(E.get());
    return V && V->Name == Acc;
  };
  ExprPtr Other = IsAcc(B->RHS) ? B->LHS : IsAcc(B->LHS) ? B->RHS : nullptr;
  return Other && !mentionsSum(P, *Other) ? Other : nullptr;
}

/// Post as starts and stores of sums, or nothing where it holds anything
/// else.
std::optional<PostSums> postSums(const TilePlan &P) {
  PostSums Out;
  std::set<std::string> Arrays, Accs, HeadLocals;
  std::map<std::string, ExprPtr> Starts;
  for (const StmtPtr &S : P.Post) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get())) {
      if (!Out.Stores.empty() || !D->Dims.empty() || P.Private.count(D->Name) ||
          (D->Init && mentionsSum(P, *D->Init)))
        return std::nullopt;
      HeadLocals.insert(D->Name);
      Out.Head.push_back(S);
      continue;
    }
    ExprPtr Guard;
    const auto *A = dyn_cast_or_null<AssignStmt>(unguarded(S, Guard));
    if (!A || A->Atomic != AtomicKind::None || A->Width != 1 ||
        (Guard && mentionsSum(P, *Guard)))
      return std::nullopt;
    if (const auto *V = dyn_cast<VarRef>(A->LHS.get())) {
      if (!Out.Stores.empty() || Guard)
        return std::nullopt;
      if (P.Private.count(V->Name)) {
        ExprPtr E = addedStart(P, *A, V->Name);
        if (!E || !Starts.emplace(V->Name, E).second)
          return std::nullopt;
      } else if (HeadLocals.count(V->Name) && !mentionsSum(P, *A->RHS)) {
        Out.Head.push_back(S);
      } else {
        return std::nullopt;
      }
      continue;
    }
    const auto *L = dyn_cast<ArrayRef>(A->LHS.get());
    const auto *R = dyn_cast<VarRef>(A->RHS.get());
    if (A->Op != AssignOpKind::Set || !L || L->Local || !R ||
        !P.Private.count(R->Name) || P.Private.at(R->Name) != L->Type ||
        (L->Type != ScalarKind::Float && L->Type != ScalarKind::Double &&
         L->Type != ScalarKind::Int) ||
        !Arrays.insert(L->Array).second || !Accs.insert(R->Name).second)
      return std::nullopt;
    auto St = Starts.find(R->Name);
    Out.Stores.push_back(
        {A, R->Name, St == Starts.end() ? nullptr : St->second, Guard});
  }
  // Every start added belongs to a stored sum.
  if (Out.Stores.empty() || Starts.size() > Out.Stores.size())
    return std::nullopt;
  for (const auto &[Acc, E] : Starts)
    if (!Accs.count(Acc))
      return std::nullopt;
  // A guard reads no output (the start kernel changes it before the split
  // kernel tests it again) and no local of the starts (which only the
  // start kernel computes).
  for (const SumStore &S : Out.Stores) {
    if (!S.Guard)
      continue;
    std::set<std::string> Names;
    collectVarNames(*S.Guard, Names);
    bool ReadsOutput = false;
    forEachExpr(*S.Guard, [&](const Expr &E) {
      if (const auto *R = dyn_cast<ArrayRef>(&E))
        ReadsOutput |= Arrays.count(R->Array) > 0;
    });
    if (ReadsOutput ||
        std::any_of(Names.begin(), Names.end(), [&](const std::string &N) {
          return HeadLocals.count(N) > 0;
        }))
      return std::nullopt;
  }
  return Out;
}

/// Whether the starts (Sums' Head and added values) read the outputs only
/// at the element their store writes (the start kernel computes each
/// element alone) and no other array the kernel writes, beside the
/// strips' (Written).
bool startsReadOwnElements(const PostSums &Sums,
                           const std::set<std::string> &Written) {
  std::map<std::string, const Expr *> Element;
  for (const SumStore &S : Sums.Stores)
    Element[llvm::cast<ArrayRef>(S.Store->LHS.get())->Array] =
        S.Store->LHS.get();
  bool Ok = true;
  auto Check = [&](const Expr &E) {
    const auto *R = dyn_cast<ArrayRef>(&E);
    if (!R)
      return;
    auto It = Element.find(R->Array);
    if (It != Element.end())
      Ok &= sameExpr(E, *It->second);
    else
      Ok &= !Written.count(R->Array);
  };
  forEachExprIn(Sums.Head, Check);
  for (const SumStore &S : Sums.Stores)
    for (const ExprPtr &E : {S.Start, S.Guard})
      if (E)
        forEachExpr(*E, Check);
  return Ok;
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

/// Whether kernel K (plan P) may be split, and why not (Why, a phrase that
/// follows "it cannot be split: "). Permission gets what allows the
/// reassociation (Yes) or the clause that would (WithPermission); Sums,
/// what Post does with the sums (where it only starts and stores them).
/// Only the conditions of the split itself: the default's own (no clauses,
/// not an alternative) are the caller's.
Splittable splittable(const Kernel &K, const TilePlan &P,
                      const LoweringContext &Ctx, std::string &Why,
                      std::string &Permission, std::optional<PostSums> &Sums) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  auto No = [&](std::string Reason) {
    Why = std::move(Reason);
    return Splittable::No;
  };
  if (!Nest || !P.Strip)
    return No("no loop of it is divided in strips");
  const std::string &L = P.Strip->Iter;
  if (P.StagedPost || P.BarrierBeforePost || !K.Prescaled.empty())
    return No("an epilogue or a scaling of the operands is fused into it");
  if (!K.BandGuard.empty())
    return No("its band is triangular");
  for (const TiledDim &D : P.Dims)
    if (D.Dim >= 3)
      return No("its tiles fold band loops beyond the grid's three");
  // Every tile runs the same strips.
  std::set<std::string> Bounds, Band;
  collectVarNames(*buildTripCount(*P.Strip), Bounds);
  for (const GridLoop &G : K.Grid)
    Band.insert(G.Iter);
  std::set<std::string> Local = collectDeclaredNames(P.Pre);
  for (const std::string &N : Bounds)
    if (Band.count(N) || Local.count(N))
      return No("the bounds of '" + L + "' change from tile to tile");
  const std::string OnlySums =
      "after '" + L +
      "' each point must only store its sums (X[...] = acc, or acc plus a "
      "start) into arrays the strips do not touch, each sum started at zero "
      "and only added to in the strips";
  Sums = postSums(P);
  if (!Sums)
    return No(OnlySums);
  // What runs before the strips runs once per chunk: it may write no
  // array.
  ArrayAccesses Before;
  collectArrays(P.Pre, Before);
  if (!Before.Written.empty())
    return No("statements before '" + L +
              "' write arrays (each block of a tile would run them)");
  // The outputs: touched by the stores alone, at subscripts and from starts
  // the start kernel can compute (no local of the point but the starts').
  ArrayAccesses InStrips;
  collectArrays(P.Strip->Body, InStrips);
  std::set<std::string> Locals = collectDeclaredNames(K.Body);
  for (const std::string &N : collectDeclaredNames(Sums->Head))
    Locals.erase(N);
  std::set<std::string> StartNames;
  collectVarNames(Sums->Head, StartNames);
  for (const SumStore &S : Sums->Stores)
    for (const ExprPtr &E : {S.Start, S.Guard})
      if (E)
        collectVarNames(*E, StartNames);
  for (const std::string &N : StartNames)
    if (Locals.count(N))
      return No("the start of a sum reads '" + N + "', a local of the point");
  if (!startsReadOwnElements(*Sums, InStrips.Written))
    return No("the start of a sum reads an array the nest writes, other than "
              "at the element it starts");
  for (const SumStore &S : Sums->Stores) {
    const std::string &Out = llvm::cast<ArrayRef>(S.Store->LHS.get())->Array;
    std::set<std::string> Names;
    collectVarNames(*S.Store->LHS, Names);
    for (const std::string &N : Names)
      if (Locals.count(N))
        return No("the subscript of '" + Out + "' reads a local of the point");
    if (Before.Read.count(Out) || InStrips.Read.count(Out) ||
        InStrips.Written.count(Out) || !onlyAddsTo(P.Strip->Body, S.Acc))
      return No(OnlySums);
  }
  for (const SumStore &S : Sums->Stores) {
    std::string Var = clauseVar(*Nest, S.Acc);
    Permission = reductionPermission(Ctx, *Nest, "+", Var);
    // Where reassociating is allowed, DeferAccumulatorStarts has added a
    // start after the sum; a start left before it cannot be split.
    bool AtZero = startsAtZero(P, S.Acc);
    if (!Permission.empty() && !AtZero)
      return No(OnlySums);
    if (Permission.empty()) {
      Permission = "'reduction(+: " + Var + ")'";
      Why = "the sum '" + Var + "' " +
            (AtZero ? "would be added in another order"
                    : "does not start at zero, and its start would be added "
                      "after its parts, in another order");
      return Splittable::WithPermission;
    }
  }
  return Splittable::Yes;
}

/// Whether K is a default-tiled product the pass may split on its own.
bool splitsByDefault(const Kernel &K, const LoweringContext &Ctx) {
  const NestStmt *Nest = Ctx.nest(K.NestId);
  return Nest && Nest->scheduledByDefault() && !K.IsAlternative &&
         !K.FitsWhen && K.LaunchFirst < 0;
}

/// The condition every remark of the pass starts with.
std::string whereFewTiles() {
  return "where its tiles are few (at most one per " +
         std::to_string(SmsPerTile) + " multiprocessors), ";
}

/// Every output element of K set to its sum's start (zero, or the start
/// Post adds to the sum), at each point of K's grid: the kernel the split
/// one adds into; named <K>_zero where every start is zero, else
/// <K>_start.
Kernel startKernel(const Kernel &K, const PostSums &Sums) {
  Kernel Z = K;
  Z.Body = Sums.Head;
  bool Zeros = true;
  for (const SumStore &S : Sums.Stores) {
    ScalarKind T = S.Store->LHS->Type;
    ExprPtr V = S.Start;
    if (!V)
      V = T == ScalarKind::Int ? ilit(0) : std::make_shared<FloatLit>(0.0, T);
    else if (V->Type != T)
      V = cast(V, T);
    Zeros &= !S.Start;
    Z.Body.push_back(guarded(assign(S.Store->LHS, V), S.Guard));
  }
  Z.Name = K.Name + (Zeros ? "_zero" : "_start");
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

/// Whether every sum of Sums starts from the element it is stored into
/// (`acc = C[e]; ...; C[e] = acc`, the start moved after the loop through a
/// local of Post or not, perhaps under the accumulator's guard): the
/// outputs hold the starts already.
bool startsInPlace(const PostSums &Sums) {
  std::map<std::string, const Expr *> Loaded;
  for (const StmtPtr &S : Sums.Head) {
    if (const auto *D = dyn_cast<DeclStmt>(S.get()))
      Loaded[D->Name] = D->Init.get();
    else if (const auto *A = dyn_cast<AssignStmt>(S.get()))
      Loaded.erase(llvm::cast<VarRef>(A->LHS.get())->Name);
  }
  for (const SumStore &S : Sums.Stores) {
    const Expr *Start = S.Start.get();
    if (const auto *V = dyn_cast_or_null<VarRef>(Start)) {
      auto It = Loaded.find(V->Name);
      Start = It == Loaded.end() ? nullptr : It->second;
    }
    // `g ? C[e] : 0` stored under `if (g)` (ReplaceArrayAccumulators.h).
    if (const auto *Se = dyn_cast_or_null<SelectExpr>(Start))
      if (S.Guard && sameExpr(*Se->Cond, *S.Guard))
        Start = Se->True.get();
    if (!Start || !sameExpr(*Start, *S.Store->LHS))
      return false;
  }
  return true;
}

/// Adds kernel I's start kernel unless its outputs hold the starts already;
/// its index (or -1), and what it does for the remarks (Does).
int addStartKernel(LoweredFunction &LF, unsigned I, const PostSums &Sums,
                   std::string &Does) {
  if (startsInPlace(Sums)) {
    Does = "which holds the sums' starts already";
    return -1;
  }
  int ZI = static_cast<int>(LF.Kernels.size());
  LF.Kernels.push_back(startKernel(LF.Kernels[I], Sums));
  const std::string &Name = LF.Kernels.back().Name;
  Does =
      "which " + Name +
      (StringRef(Name).ends_with("_zero") ? " zeroes first"
                                          : " sets to the sums' starts first");
  return ZI;
}

/// P's strips (Long, over the host's names).
ExprPtr stripCount(const TilePlan &P) {
  return ceilDivL(buildTripCount(*P.Strip), P.StripSize);
}

/// min(BlocksPerSm x SMs / tiles, strips / MinStripsPerSplit), at least 1;
/// 1 where the tiles pass max(1, SMs / PerTile) (Long, over the host's
/// names; c2c_split_count in the emitted runtime).
ExprPtr splitCount(const TilePlan &P, int64_t PerTile) {
  ExprPtr Most = bin(BinaryOpKind::Div, stripCount(P), llit(MinStripsPerSplit),
                     ScalarKind::Long);
  return std::make_shared<CallExpr>("c2c_split_count",
                                    std::vector<ExprPtr>{hostTileCount(P), Most,
                                                         llit(BlocksPerSm),
                                                         llit(PerTile)},
                                    ScalarKind::Long);
}

/// The time one block of SP (split SP.SplitCount ways) takes, in
/// Kernel::BlockTime's units, BlockTime being the block's time per
/// iteration of the reduction loop: the iterations of its chunk of strips,
/// plus SplitPointCost per point of the tile (the first strip's loads and
/// the atomic adds).
ExprPtr splitBlockTime(const TilePlan &SP, double BlockTime) {
  ExprPtr Chunk = bin(BinaryOpKind::Div,
                      addL(stripCount(SP), addL(SP.SplitCount, llit(-1))),
                      SP.SplitCount, ScalarKind::Long);
  int64_t Points = 1;
  for (const TiledDim &D : SP.Dims)
    Points *= D.Tile;
  auto Dbl = [](double V) {
    return std::make_shared<FloatLit>(V, ScalarKind::Double);
  };
  return bin(BinaryOpKind::Add,
             bin(BinaryOpKind::Mul, Dbl(BlockTime),
                 cast(mulL(Chunk, llit(SP.StripSize)), ScalarKind::Double),
                 ScalarKind::Double),
             Dbl(SplitPointCost * static_cast<double>(Points)),
             ScalarKind::Double);
}

/// Makes SP's Post the stores of Sums (what its Post does) alone, as atomic
/// adds (the starts are the start kernel's); the arrays they store into,
/// comma-separated.
std::string addAtomically(TilePlan &SP, const PostSums &Sums) {
  std::string Names;
  StmtList Adds;
  for (const SumStore &S : Sums.Stores) {
    auto A = std::make_shared<AssignStmt>(*S.Store);
    A->Op = AssignOpKind::Add;
    A->Atomic = AtomicKind::Add;
    Names +=
        (Names.empty() ? "" : ", ") + llvm::cast<ArrayRef>(A->LHS.get())->Array;
    Adds.push_back(guarded(A, S.Guard));
  }
  SP.Post = Adds;
  return Names;
}

/// Splits kernel I as its nest's split(L: n) clause says, in place: n
/// chunks, after its start kernel (if any); an error where it cannot be split.
void splitByClause(LoweredFunction &LF, unsigned I, LoweringContext &Ctx) {
  const TilePlan &P = *Ctx.TilePlans.at(I);
  const NestStmt &Nest = *Ctx.nest(LF.Kernels[I].NestId);
  const auto &[Loop, Count] = *Nest.Clauses.Split.begin();
  std::string Clause = "split(" + Loop + ": " + std::to_string(Count) + ")";
  std::string Why, Permission;
  std::optional<PostSums> Sums;
  Splittable Can = splittable(LF.Kernels[I], P, Ctx, Why, Permission, Sums);
  if (Can != Splittable::Yes) {
    Ctx.Diags.error(Nest.clauseLoc("split"),
                    Clause + ": the strips of '" + Loop +
                        "' cannot be divided among blocks: " + Why +
                        Nest.originText(),
                    Can == Splittable::WithPermission
                        ? "allow reassociation with " + Permission +
                              " or --allow-reassociation"
                        : "leave out the clause");
    return;
  }
  std::string Does;
  int ZI = addStartKernel(LF, I, *Sums, Does);
  std::shared_ptr<TilePlan> SP = copyPlan(P);
  SP->SplitCount = llit(Count);
  std::string Names = addAtomically(*SP, *Sums);
  Ctx.TilePlans[I] = std::move(SP);
  Kernel &K = LF.Kernels[I];
  K.LaunchFirst = ZI;
  K.Remarks.push_back(Loop + " split across " + std::to_string(Count) +
                      " blocks per tile (" + Clause +
                      "): each block's partial sums added atomically into " +
                      Names + ", " + Does + " (allowed by " + Permission + ")");
}

} // namespace

LoweredFunction splitReductions(LoweredFunction LF, LoweringContext &Ctx) {
  size_t N = LF.Kernels.size();
  // Nests with a split clause, and those a kernel of which it split or
  // refused.
  std::set<unsigned> ClauseNests, Answered;
  for (size_t I = 0; I < N; ++I) {
    const Kernel &K0 = LF.Kernels[I];
    const NestStmt *Nest = Ctx.nest(K0.NestId);
    bool ByClause = Nest && !Nest->Clauses.Split.empty();
    if (ByClause)
      ClauseNests.insert(Nest->Id);
    auto It = Ctx.TilePlans.find(I);
    if (It == Ctx.TilePlans.end())
      continue;
    const TilePlan &P = *It->second;
    if (ByClause) {
      if (!K0.IsAlternative && P.Strip &&
          P.Strip->Iter == Nest->Clauses.Split.begin()->first) {
        Answered.insert(Nest->Id);
        splitByClause(LF, static_cast<unsigned>(I), Ctx);
      }
      continue;
    }
    if (!splitsByDefault(K0, Ctx))
      continue;
    std::string Why, Permission;
    std::optional<PostSums> Sums;
    Splittable Can = splittable(K0, P, Ctx, Why, Permission, Sums);
    if (Can == Splittable::WithPermission)
      LF.Kernels[I].Remarks.push_back(
          whereFewTiles() + P.Strip->Iter +
          " could be split across blocks (partial sums added atomically); "
          "allow reassociation with " +
          Permission + " or --allow-reassociation");
    if (Can != Splittable::Yes)
      continue;

    std::string Does;
    int ZI = addStartKernel(LF, static_cast<unsigned>(I), *Sums, Does);
    // Split in this kernel's tiles and in those of its alternatives that
    // split the same way: the host picks the one whose blocks take least
    // time (large tiles where each block keeps many strips, small ones
    // where there are few outputs: 128 x 128 x 8192 ran 2.6x faster in
    // 64 x 32 tiles than in 128 x 128, 256 x 256 x 8192 1.4x faster in
    // 128 x 64, H100).
    std::vector<std::pair<unsigned, PostSums>> Shapes{
        {static_cast<unsigned>(I), *Sums}};
    for (int A = K0.FewBlocksAlternative; A >= 0;
         A = LF.Kernels[A].FewBlocksAlternative) {
      auto AP = Ctx.TilePlans.find(static_cast<unsigned>(A));
      std::string AltWhy, AltPermission;
      std::optional<PostSums> AltSums;
      if (AP != Ctx.TilePlans.end() && !LF.Kernels[A].FitsWhen &&
          AP->second->Strip && AP->second->Strip->Iter == P.Strip->Iter &&
          splittable(LF.Kernels[A], *AP->second, Ctx, AltWhy, AltPermission,
                     AltSums) == Splittable::Yes)
        Shapes.emplace_back(static_cast<unsigned>(A), *AltSums);
    }
    std::string Names;
    int Prev = -1;
    for (const auto &[Shape, ShapeSums] : Shapes) {
      Kernel S = LF.Kernels[Shape];
      S.Name = S.Name + "_split";
      S.IsAlternative = true;
      S.FewBlocksAlternative = -1;
      S.MinBlocksPerSm = 0;
      S.FitsWhen = nullptr;
      S.Remarks.clear();
      S.RemarkGroups.clear();
      std::shared_ptr<TilePlan> SP = copyPlan(*Ctx.TilePlans.at(Shape));
      // The first shape's count decides whether to split at all (its tiles
      // at most one per SmsPerTile multiprocessors); the zeros are set
      // before the choice. Another shape is a candidate where it splits in
      // two or more: elsewhere its blocks take forever, so that the host
      // never picks it, at any link of the chain.
      bool First = Prev < 0;
      SP->SplitCount = splitCount(*SP, First ? SmsPerTile : 1);
      S.BlockTimeExpr = splitBlockTime(*SP, LF.Kernels[Shape].BlockTime);
      if (First)
        S.LaunchFirst = ZI;
      else
        S.BlockTimeExpr = std::make_shared<SelectExpr>(
            cmpL(BinaryOpKind::GE, SP->SplitCount, llit(2)), S.BlockTimeExpr,
            std::make_shared<FloatLit>(HUGE_VAL, ScalarKind::Double),
            ScalarKind::Double);
      Names = addAtomically(*SP, ShapeSums);
      unsigned SI = static_cast<unsigned>(LF.Kernels.size());
      Ctx.TilePlans[SI] = std::move(SP);
      LF.Kernels.push_back(std::move(S));
      if (First)
        LF.Kernels[I].SplitAlternative = static_cast<int>(SI);
      else
        LF.Kernels[Prev].FewBlocksAlternative = static_cast<int>(SI);
      Prev = static_cast<int>(SI);
    }
    Kernel &K = LF.Kernels[I];
    const Kernel &S = LF.Kernels[K.SplitAlternative];
    K.Remarks.push_back(
        whereFewTiles() + S.Name +
        (Shapes.size() > 1
             ? " (or the split kernel of a smaller tile whose blocks take "
               "less time)"
             : "") +
        " runs instead: " + P.Strip->Iter + " split across blocks, min(" +
        std::to_string(BlocksPerSm) + " x SMs / tiles, strips / " +
        std::to_string(MinStripsPerSplit) +
        ") chunks, each block's partial sums added atomically into " + Names +
        ", " + Does + " (allowed by " + Permission + ")");
  }
  for (unsigned Id : ClauseNests)
    if (!Answered.count(Id)) {
      const NestStmt &Nest = *Ctx.nest(Id);
      const auto &[Loop, Count] = *Nest.Clauses.Split.begin();
      Ctx.Diags.error(Nest.clauseLoc("split"),
                      "split(" + Loop + ": " + std::to_string(Count) +
                          "): no kernel of this nest runs '" + Loop +
                          "' in strips" + Nest.originText(),
                      "name the reduction loop the tile clause strip-mines");
    }
  return LF;
}

} // namespace c2cuda
