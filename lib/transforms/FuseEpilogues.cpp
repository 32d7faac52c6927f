//===- FuseEpilogues.cpp - An element-wise nest in a product's epilogue ---===//

#include "FuseEpilogues.h"

#include "PointLoops.h"
#include "StagedEpilogue.h"

#include "ir/IRBuild.h"
#include "ir/IRPrinter.h"
#include "ir/IRRewrite.h"
#include "ir/IRUses.h"
#include "ir/IRWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Path.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/union_map.h>

namespace c2cuda {

using namespace build;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// The band loops of K in its nest, outermost first: the nest's loops
/// from the top, perfectly nested, each one of K's grid loops; empty where
/// K is not its nest's whole band (host loops hoisted, folded loops).
std::vector<const ForStmt *> bandOf(const Kernel &K, const NestStmt &N) {
  std::vector<const ForStmt *> Band;
  if (!K.InThreadBand.empty() || N.Body.size() != 1)
    return {};
  const StmtList *L = &N.Body;
  while (Band.size() < K.Grid.size()) {
    const auto *F = L->size() == 1 ? dyn_cast<ForStmt>((*L)[0].get()) : nullptr;
    if (!F || std::none_of(K.Grid.begin(), K.Grid.end(),
                           [&](const GridLoop &G) { return G.Loop == F; }))
      return {};
    Band.push_back(F);
    L = &F->Body;
  }
  return Band;
}

const GridLoop *gridLoopOf(const Kernel &K, const ForStmt *L) {
  for (const GridLoop &G : K.Grid)
    if (G.Loop == L)
      return &G;
  return nullptr;
}

/// Every statement node of L, nested ones included.
std::set<const Stmt *> nodesOf(const StmtList &L) {
  std::set<const Stmt *> Out;
  forEachStmt(L, [&](const Stmt &S) { Out.insert(&S); });
  return Out;
}

/// L with its variables renamed by R (fresh nodes throughout).
StmtList renamed(const StmtList &L, const std::map<std::string, std::string> &R,
                 const std::map<std::string, ScalarKind> &Types) {
  return rewriteStmts(
      L, [&](const ExprPtr &X) { return freshCopy(renameVars(X, R, Types)); });
}

/// Whether C's point body can run as statements after another kernel's
/// points: straight-line code whose only writes outside itself are array
/// elements, plain stores.
bool straightLine(const StmtList &Body) {
  bool OK = true;
  forEachStmt(Body, [&](const Stmt &S) {
    if (isa<ForStmt>(S) || isa<BarrierStmt>(S) || isa<NestStmt>(S) ||
        isa<HostRegion>(S) || isa<LaunchStmt>(S) || isa<HostCode>(S))
      OK = false;
    if (const auto *A = dyn_cast<AssignStmt>(&S))
      if (A->Atomic != AtomicKind::None || A->Width > 1)
        OK = false;
  });
  if (!OK)
    return false;
  std::set<std::string> Declared;
  collectDecls(Body, Declared);
  for (const std::string &N : namesWritten(Body).Scalars)
    if (!Declared.count(N))
      return false;
  return true;
}

/// C's epilogue E after P's statements Post (one point's): reads of an
/// element Post stores from a scalar read that scalar instead; then, where
/// the two touch no array one of them writes, E goes first, so that its
/// reads are not behind Post's stores (ReadsBeforeWrites.h reads them
/// ahead for every point).
StmtList epilogueAfter(const StmtList &Post, const StmtList &E) {
  // The elements Post stores from a scalar, with that scalar.
  struct Store {
    const ArrayRef *Elem;
    ExprPtr Value;
  };
  std::vector<Store> Stored;
  NamesWritten PostWrites = namesWritten(Post);
  for (const StmtPtr &S : Post) {
    const auto *A = dyn_cast<AssignStmt>(S.get());
    const auto *L = A ? dyn_cast<ArrayRef>(A->LHS.get()) : nullptr;
    const auto *V = A ? dyn_cast<VarRef>(A->RHS.get()) : nullptr;
    if (L && V && A->Op == AssignOpKind::Set && A->Atomic == AtomicKind::None &&
        A->Width <= 1 && !PostWrites.Scalars.count(V->Name))
      Stored.push_back({L, A->RHS});
  }
  // Each element stored once, at the top: the stored value is the last.
  size_t Stores = 0;
  forEachStmt(Post, [&](const Stmt &S) {
    if (const auto *A = dyn_cast<AssignStmt>(&S))
      Stores += isa<ArrayRef>(A->LHS.get());
  });
  if (Stores != Stored.size())
    Stored.clear();
  // Nor an array E writes: it may change the element before reading it.
  NamesWritten EWrote = namesWritten(E);
  llvm::erase_if(Stored, [&](const Store &S) {
    return EWrote.Arrays.count(S.Elem->Array) > 0;
  });
  StmtList Fwd = rewriteReads(E, [&](const ExprPtr &X) -> ExprPtr {
    if (!isa<ArrayRef>(X.get()))
      return nullptr;
    for (const Store &S : Stored)
      if (sameExpr(*S.Elem, *X))
        return freshCopy(S.Value);
    return nullptr;
  });
  ArrayAccesses PostAcc, EAcc;
  collectArrays(Post, PostAcc);
  collectArrays(Fwd, EAcc);
  NamesWritten EWrites = namesWritten(Fwd);
  bool Apart = true;
  for (const std::string &A : PostWrites.Arrays)
    Apart &= !EAcc.all().count(A);
  for (const std::string &A : EWrites.Arrays)
    Apart &= !PostAcc.all().count(A);
  for (const std::string &N : EWrites.Scalars)
    Apart &= !PostWrites.Scalars.count(N);
  StmtList Out = Apart ? Fwd : Post;
  const StmtList &Then = Apart ? Post : Fwd;
  Out.insert(Out.end(), Then.begin(), Then.end());
  return Out;
}

/// What the dependences between P's and C's statements allow.
struct Fusability {
  bool Legal = false;
  /// Band positions along which two dependent instances may differ: the
  /// fused kernel needs one tile along each.
  std::vector<bool> Covered;
  /// Some dependence joins instances at different points: a barrier
  /// after the strip loop orders them.
  bool Barrier = false;
};

/// Reads the dependences of the nest Fused (P's band, around P's body then
/// C's renamed body) and checks them (see the header). Pre: P's statements
/// before the strip loop and in it; Post: after it; CNodes: C's.
Fusability checkDependences(const NestDependences &Deps, size_t BandDepth,
                            const std::set<const Stmt *> &Pre,
                            const std::set<const Stmt *> &Post,
                            const std::set<const Stmt *> &CNodes) {
  Fusability Out;
  Out.Covered.assign(BandDepth, false);
  std::map<std::string, int> Side; // 0: P before/in strips, 1: P after, 2: C
  for (const NestDependences::Statement &S : Deps.Statements) {
    if (Pre.count(S.Node))
      Side[S.Name] = 0;
    else if (Post.count(S.Node))
      Side[S.Name] = 1;
    else if (CNodes.count(S.Node))
      Side[S.Name] = 2;
  }
  isl_ctx *Ctx = isl_ctx_alloc();
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  isl_union_map *All =
      isl_union_map_read_from_str(Ctx, Deps.Dependences.c_str());
  if (!All) {
    isl_ctx_free(Ctx);
    return Out;
  }
  struct State {
    const std::map<std::string, int> &Side;
    size_t Depth;
    Fusability &Out;
    bool Bad = false;
  } St{Side, BandDepth, Out};
  auto Each = [](isl_map *M, void *User) -> isl_stat {
    auto &S = *static_cast<State *>(User);
    auto SideOf = [&](enum isl_dim_type T) {
      const char *N = isl_map_get_tuple_name(M, T);
      auto It = N ? S.Side.find(N) : S.Side.end();
      return It == S.Side.end() ? -1 : It->second;
    };
    int A = SideOf(isl_dim_in), B = SideOf(isl_dim_out);
    if (A < 0 || B < 0) {
      S.Bad = true; // A statement of neither (a band loop's bound).
    } else if ((A == 2) != (B == 2)) {
      bool AfterStrips = A == 1 || B == 1;
      for (size_t U = 0; U < S.Depth && !S.Bad; ++U) {
        if (isl_map_dim(M, isl_dim_in) <= isl_size(U) ||
            isl_map_dim(M, isl_dim_out) <= isl_size(U)) {
          S.Bad = true;
          break;
        }
        isl_map *Lt =
            isl_map_order_lt(isl_map_copy(M), isl_dim_in, U, isl_dim_out, U);
        isl_map *Gt =
            isl_map_order_gt(isl_map_copy(M), isl_dim_in, U, isl_dim_out, U);
        isl_bool E1 = isl_map_is_empty(Lt), E2 = isl_map_is_empty(Gt);
        isl_map_free(Lt);
        isl_map_free(Gt);
        if (E1 < 0 || E2 < 0 ||
            ((E1 == isl_bool_false || E2 == isl_bool_false) && AfterStrips)) {
          S.Bad = true;
        } else if (E1 == isl_bool_false || E2 == isl_bool_false) {
          S.Out.Covered[U] = true;
          S.Out.Barrier = true;
        }
      }
      // C writes what P reads in its strips: those reads land first.
      if (!AfterStrips)
        S.Out.Barrier = true;
    }
    isl_map_free(M);
    return isl_stat_ok;
  };
  isl_stat R = isl_union_map_foreach_map(All, Each, &St);
  isl_union_map_free(All);
  isl_ctx_free(Ctx);
  Out.Legal = R == isl_stat_ok && !St.Bad;
  return Out;
}

/// The tile of Plan along grid dimension Dim (0 where it has none).
int64_t tileAlong(const TilePlan &Plan, unsigned Dim) {
  for (const TiledDim &TD : Plan.Dims)
    if (TD.Dim == Dim)
      return TD.Tile;
  return 0;
}

/// "f.c:12": where a kernel's nest is, in remarks.
std::string lineOf(const SourceLoc &L) {
  return llvm::sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
}

/// A product P and the element-wise kernel C launched after it, as the
/// fuser learns about them.
struct FusionPair {
  FusionPair(unsigned PI, unsigned CI, const LoweredFunction &LF)
      : PI(PI), CI(CI), P(LF.Kernels[PI]), C(LF.Kernels[CI]) {}
  unsigned PI, CI;
  /// Copies: fused kernels are appended to LF.Kernels.
  Kernel P, C;
  const NestStmt *PN = nullptr, *CN = nullptr;
  std::vector<const ForStmt *> PBand, CBand;
  /// The strip loop's place in P's point body.
  size_t StripAt = 0;
  /// C's iterators renamed to P's, by grid dimension, and their types.
  std::map<std::string, std::string> Rename;
  std::map<std::string, ScalarKind> Types;
  Fusability F;
  /// The grid dimensions (and their iterators) that must hold one tile.
  std::vector<unsigned> CoveredDims;
  std::vector<std::string> CoveredIters;
};

/// One of P's tile shapes (kernel I) and its plan with C's statements
/// in the epilogue.
using FusedShape = std::pair<unsigned, std::shared_ptr<TilePlan>>;

class EpilogueFuser {
public:
  EpilogueFuser(LoweredFunction &LF, LoweringContext &Ctx) : LF(LF), Ctx(Ctx) {}

  /// The host body with fused pairs launched under their tests.
  StmtList rewriteHost(const StmtList &L);

private:
  LoweredFunction &LF;
  LoweringContext &Ctx;

  /// The kernels launched in place of P and C (first: the fused copy of
  /// P's own shape) and the test under which they are, or nothing.
  std::optional<std::pair<unsigned, ExprPtr>> fuse(unsigned P, unsigned C);
  /// The pair, where both are one-kernel nests of the same grid whose
  /// shapes allow fusion (a strip-mined product; straight-line points).
  std::optional<FusionPair> match(unsigned PI, unsigned CI) const;
  /// Whether C's iterators map onto P's with the same bounds (filling
  /// Rename and Types) and no other name of C meets one of P's.
  static bool renameApart(FusionPair &Pair);
  /// Whether the nest of P's band around P's point body and then C's is
  /// legal as one kernel (filling F and the covered dimensions).
  bool checkFusedNest(FusionPair &Pair) const;
  /// A fused plan for each of P's shapes, covered tiles not growing, whose
  /// points can read ahead of their stores. AnyBehind: some shape was left
  /// out for that.
  std::vector<FusedShape> fusedShapes(const FusionPair &Pair,
                                      bool &AnyBehind) const;
  /// The fused kernels appended to LF, chained by FewBlocksAlternative;
  /// returns the first one's index.
  unsigned addFusedKernels(const FusionPair &Pair,
                           std::vector<FusedShape> Chain);
  /// The remarks on P and C saying what was fused and under which test.
  void remarkFused(const FusionPair &Pair, unsigned First);
  /// The test that every covered dimension fits Plan's tile.
  ExprPtr fitsFor(const FusionPair &Pair, const TilePlan &Plan) const;
  /// How many kernels the host launches for nest Id.
  unsigned launchedFor(unsigned NestId) const {
    unsigned N = 0;
    for (const Kernel &K : LF.Kernels)
      N += !K.IsAlternative && K.NestId == NestId;
    return N;
  }
};

std::optional<std::pair<unsigned, ExprPtr>> EpilogueFuser::fuse(unsigned PI,
                                                                unsigned CI) {
  std::optional<FusionPair> Pair = match(PI, CI);
  if (!Pair || !renameApart(*Pair) || !checkFusedNest(*Pair))
    return std::nullopt;
  bool AnyBehind = false;
  std::vector<FusedShape> Chain = fusedShapes(*Pair, AnyBehind);
  if (Chain.empty()) {
    if (AnyBehind)
      LF.Kernels[PI].Remarks.push_back(
          "not fused with the nest at " + lineOf(Pair->C.Loc) +
          ": no tile shape that fits has at most 8 points per thread whose "
          "in-place updates can read ahead of their stores (too few "
          "registers beside the register tile, or a read after a write)");
    return std::nullopt;
  }
  unsigned First = addFusedKernels(*Pair, std::move(Chain));
  remarkFused(*Pair, First);
  return std::make_pair(First, LF.Kernels[First].FitsWhen);
}

std::optional<FusionPair> EpilogueFuser::match(unsigned PI, unsigned CI) const {
  FusionPair Pair(PI, CI, LF);
  const Kernel &P = Pair.P, &C = Pair.C;
  auto PPlan = Ctx.TilePlans.find(PI);
  if (PPlan == Ctx.TilePlans.end() || !PPlan->second->Strip || P.Grid.empty() ||
      P.Grid.size() != C.Grid.size() || !P.Prescaled.empty() ||
      !C.Prescaled.empty() || P.NestId == C.NestId ||
      launchedFor(P.NestId) != 1 || launchedFor(C.NestId) != 1)
    return std::nullopt;
  Pair.PN = Ctx.nest(P.NestId);
  Pair.CN = Ctx.nest(C.NestId);
  const NestStmt *CN = Pair.CN;
  if (!Pair.PN || !CN || !CN->StandsFor.empty() || !CN->ResidueLoops.empty() ||
      !CN->ArraysPastBreak.empty() || !CN->Privatized.empty())
    return std::nullopt;
  Pair.PBand = bandOf(P, *Pair.PN);
  Pair.CBand = bandOf(C, *CN);
  if (Pair.PBand.empty() || Pair.CBand.size() != Pair.PBand.size() ||
      !straightLine(C.Body) || !straightLine(Pair.CBand.back()->Body))
    return std::nullopt;
  // P's point body: statements, one loop (the strip loop), statements.
  const StmtList &PBody = Pair.PBand.back()->Body;
  size_t Loops = 0, LoopAt = 0;
  for (size_t I = 0; I < PBody.size(); ++I)
    if (isa<ForStmt>(PBody[I].get()))
      ++Loops, LoopAt = I;
  if (Loops != 1 ||
      cast<ForStmt>(PBody[LoopAt].get())->Iter != PPlan->second->Strip->Iter)
    return std::nullopt;
  Pair.StripAt = LoopAt;
  return Pair;
}

bool EpilogueFuser::renameApart(FusionPair &Pair) {
  const Kernel &P = Pair.P, &C = Pair.C;
  // C's iterators become P's, by grid dimension; the bounds must agree.
  for (const GridLoop &G : P.Grid) {
    const GridLoop *CG = nullptr;
    for (const GridLoop &X : C.Grid)
      if (X.Dim == G.Dim)
        CG = &X;
    if (!CG || CG->Step != G.Step || CG->IterType != G.IterType ||
        !sameExpr(*CG->Lower, *G.Lower) ||
        !sameExpr(*CG->TripCount, *G.TripCount) || G.Coarsen != 1)
      return false;
    Pair.Rename[CG->Iter] = G.Iter;
    Pair.Types[G.Iter] = G.IterType;
  }
  // C's own names must not meet P's.
  const StmtList &PPoint = Pair.PBand.back()->Body,
                 &CPoint = Pair.CBand.back()->Body;
  std::set<std::string> CDecls, PNames;
  collectDecls(C.Body, CDecls);
  collectDecls(CPoint, CDecls);
  collectDecls(P.Body, PNames);
  collectDecls(PPoint, PNames);
  std::map<std::string, ScalarKind> PVars;
  collectVars(P.Body, PVars);
  for (const auto &[N, T] : PVars)
    PNames.insert(N);
  for (const std::string &N : CDecls)
    if (PNames.count(N) || Pair.Types.count(N))
      return false;
  // Nor may a name C reads from outside be hidden by a local or loop of
  // P's points.
  std::set<std::string> PLocal;
  collectDecls(P.Body, PLocal);
  collectDecls(PPoint, PLocal);
  for (const StmtList *L : {&P.Body, &PPoint})
    forEachStmt(*L, [&](const Stmt &S) {
      if (const auto *F = dyn_cast<ForStmt>(&S))
        PLocal.insert(F->Iter);
    });
  std::map<std::string, ScalarKind> CVars;
  collectVars(C.Body, CVars);
  collectVars(CPoint, CVars);
  for (const auto &[N, T] : CVars)
    if (!Pair.Rename.count(N) && !CDecls.count(N) &&
        (PLocal.count(N) || Pair.Types.count(N)))
      return false;
  return true;
}

bool EpilogueFuser::checkFusedNest(FusionPair &Pair) const {
  const StmtList &PBody = Pair.PBand.back()->Body;
  StmtList Before(PBody.begin(), PBody.begin() + Pair.StripAt + 1),
      After(PBody.begin() + Pair.StripAt + 1, PBody.end());

  // One nest: P's band around P's body, then C's.
  StmtList CAst = renamed(Pair.CBand.back()->Body, Pair.Rename, Pair.Types);
  StmtList Inner = PBody;
  Inner.insert(Inner.end(), CAst.begin(), CAst.end());
  StmtPtr Loop;
  for (size_t I = Pair.PBand.size(); I-- > 0;) {
    auto L = std::make_shared<ForStmt>(*Pair.PBand[I]);
    L->Body = Loop ? StmtList{Loop} : Inner;
    Loop = L;
  }
  auto Nest = std::make_shared<NestStmt>(*Pair.PN);
  Nest->Body = {Loop};
  Function Part = Ctx.F;
  Part.Body = {Nest};
  FunctionFacts Facts;
  DiagnosticList Scratch;
  auto Deps = nestDependences(Part, {Nest.get()}, Facts, Scratch);
  auto D = Deps.find(Nest.get());
  if (D == Deps.end() || Scratch.hasErrors())
    return false;
  Pair.F = checkDependences(D->second, Pair.PBand.size(), nodesOf(Before),
                            nodesOf(After), nodesOf(CAst));
  if (!Pair.F.Legal)
    return false;
  for (size_t U = 0; U < Pair.PBand.size(); ++U)
    if (Pair.F.Covered[U]) {
      Pair.CoveredDims.push_back(gridLoopOf(Pair.P, Pair.PBand[U])->Dim);
      Pair.CoveredIters.push_back(Pair.PBand[U]->Iter);
    }
  // Nothing covered: the pair could be one kernel outright, leaving P and
  // C unlaunched; not built.
  return !Pair.CoveredDims.empty();
}

ExprPtr EpilogueFuser::fitsFor(const FusionPair &Pair,
                               const TilePlan &Plan) const {
  ExprPtr Fits;
  for (unsigned Dim : Pair.CoveredDims)
    for (const GridLoop &G : Pair.P.Grid)
      if (G.Dim == Dim)
        Fits = andE(Fits, cmpL(BinaryOpKind::LE, G.TripCount,
                               llit(tileAlong(Plan, Dim))));
  return Fits;
}

std::vector<FusedShape> EpilogueFuser::fusedShapes(const FusionPair &Pair,
                                                   bool &AnyBehind) const {
  // Covered tiles not growing, epilogue reads ahead of its stores for
  // every point or runs through shared memory: where the register tile
  // leaves no room for the reads, the points' loads wait behind each
  // other's stores and the fused kernel lost to the pair (NMF at K = 128
  // in 128 x 64 tiles, 32 points per thread: 0.81x; H100).
  std::vector<FusedShape> Chain;
  std::vector<int64_t> Last;
  for (int I = static_cast<int>(Pair.PI); I >= 0;
       I = LF.Kernels[I].FewBlocksAlternative) {
    auto It = Ctx.TilePlans.find(I);
    if (It == Ctx.TilePlans.end() || !It->second->Strip ||
        !LF.Kernels[I].Prescaled.empty())
      break;
    const TilePlan &Orig = *It->second;
    std::vector<int64_t> Tiles;
    for (unsigned Dim : Pair.CoveredDims)
      Tiles.push_back(tileAlong(Orig, Dim));
    bool Grows = false;
    for (size_t J = 0; J < Last.size(); ++J)
      Grows |= Tiles[J] > Last[J];
    if (Grows)
      continue;
    std::shared_ptr<TilePlan> Plan = copyPlan(Orig);
    Plan->Post = epilogueAfter(Plan->Post,
                               renamed(Pair.C.Body, Pair.Rename, Pair.Types));
    Plan->BarrierBeforePost = Pair.F.Barrier;
    // At each point: at most 8 points per thread (the shapes measured to
    // win: with 32 a block per SM streams the epilogue, 0.81x the pair for
    // NMF at K = 128), and points that write arrays they read must read
    // ahead.
    Kernel Trial = LF.Kernels[I];
    PointLoops Pts(Trial, *Plan, Ctx);
    ArrayAccesses Acc;
    collectArrays(Plan->Post, Acc);
    bool InPlace = std::any_of(
        Acc.Written.begin(), Acc.Written.end(),
        [&](const std::string &A) { return Acc.Read.count(A) > 0; });
    int64_t Points = 1;
    for (const TiledDim &D : Plan->Dims)
      Points *= D.Points;
    if (Points > 8 ||
        (InPlace && Points > 1 &&
         Pts.readsAhead(Pts.rewriteForPoints(Plan->Post)).empty())) {
      // Else through shared memory, where that fits beside the strips'
      // tiles (StagedEpilogue.h).
      if (!canStageEpilogue(Trial, *Plan)) {
        AnyBehind = true;
        continue;
      }
      Plan->StagedPost = true;
    }
    Last = Tiles;
    Chain.emplace_back(static_cast<unsigned>(I), std::move(Plan));
  }
  return Chain;
}

unsigned EpilogueFuser::addFusedKernels(const FusionPair &Pair,
                                        std::vector<FusedShape> Chain) {
  unsigned First = static_cast<unsigned>(LF.Kernels.size());
  std::string CAt = lineOf(Pair.C.Loc);
  for (size_t J = 0; J < Chain.size(); ++J) {
    auto &[I, Plan] = Chain[J];
    Kernel K = LF.Kernels[I];
    K.Name = LF.Kernels[I].Name + "_fused" + std::to_string(Pair.CI);
    K.IsAlternative = true;
    K.FitsWhen = fitsFor(Pair, *Plan);
    K.FewBlocksAlternative =
        J + 1 < Chain.size() ? static_cast<int>(First + J + 1) : -1;
    // Only the time decides between fused shapes: the switch for too few
    // blocks per SM would take the next shape whether it fits or not.
    K.MinBlocksPerSm = 0;
    // The epilogue streams arrays through memory: a block more per SM
    // beats registers the few points per thread do not need (NMF's 64 x 32
    // tiles, 8 points: 109 registers and 2 blocks of 256 threads; capped
    // at 80, 3 blocks and 1.17x faster; at 64, 4 blocks but spills and
    // slower; H100).
    // (Not for an epilogue through shared memory: its register tile keeps
    // the registers it had.)
    unsigned Cap = K.Schedule.MaxRegCount,
             Threads = static_cast<unsigned>(Plan->Threads);
    if (Cap && Threads && !Plan->StagedPost) {
      unsigned Blocks = 65536 / (Threads * Cap);
      unsigned Lower = 65536 / (Threads * (Blocks + 1)) / 8 * 8;
      if (Blocks >= 1 && Lower >= 64) {
        K.Schedule.MaxRegCount = Lower;
        Plan->S.MaxRegCount = Lower;
      }
    }
    Plan->LaterRemarks.push_back(
        "runs the nest at " + CAt +
        (Plan->StagedPost ? " for every element of the tile after its points, "
                            "the register tile passed through shared memory "
                            "(fused)"
                          : " after each point (fused)"));
    Ctx.TilePlans[LF.Kernels.size()] = std::move(Plan);
    LF.Kernels.push_back(std::move(K));
  }
  return First;
}

void EpilogueFuser::remarkFused(const FusionPair &Pair, unsigned First) {
  // The test as the loops say it where they count from 0 by 1.
  auto FromZero = [](const ForStmt &L) {
    const auto *Lo = dyn_cast<IntLit>(stripCasts(L.Lower.get()));
    return Lo && Lo->Value == 0;
  };
  std::string Shown;
  const TilePlan &FirstPlan = *Ctx.TilePlans.at(First);
  for (size_t U = 0; U < Pair.PBand.size(); ++U) {
    if (!Pair.F.Covered[U])
      continue;
    const ForStmt *L = Pair.PBand[U];
    int64_t Tile = tileAlong(FirstPlan, gridLoopOf(Pair.P, L)->Dim);
    std::string Part =
        FromZero(*L) && L->Step == 1 && L->Cmp == LoopCmp::LT
            ? exprToString(*L->Upper) + " <= " + std::to_string(Tile)
            : "the trip count of " + L->Iter + " <= " + std::to_string(Tile);
    Shown += (Shown.empty() ? "" : " and ") + Part;
  }
  std::string Where;
  for (size_t J = 0; J < Pair.CoveredIters.size(); ++J)
    Where += (J ? " and " : "") + Pair.CoveredIters[J];
  std::string Test = " where " + Shown + " (" + Where + " in one tile)";
  std::string Why;
  if (Pair.F.Barrier) {
    ArrayAccesses PAcc;
    collectArrays(Pair.P.Body, PAcc);
    std::string Arrays;
    for (const std::string &A : namesWritten(Pair.C.Body).Arrays)
      if (PAcc.Read.count(A))
        Arrays += (Arrays.empty() ? "" : ", ") + A;
    Why = " (a barrier after the strips first: that nest writes " + Arrays +
          ", which this one reads)";
  }
  LF.Kernels[Pair.PI].Remarks.push_back(
      "fused with the nest at " + lineOf(Pair.C.Loc) + Test + ": " +
      LF.Kernels[First].Name + " runs that nest's statements " +
      (FirstPlan.StagedPost
           ? "for every element of a tile after the tile's points, this "
             "one's results passed through shared memory"
           : "after each point of this one") +
      Why);
  LF.Kernels[Pair.CI].Remarks.push_back("fused into the nest at " +
                                        lineOf(Pair.P.Loc) + Test + ": " +
                                        LF.Kernels[First].Name);
}

StmtList EpilogueFuser::rewriteHost(const StmtList &L) {
  // Statements around launches are copied only where a pair inside them
  // was fused (analyses may know them by their node).
  return rewriteHostLists(L, [&](const StmtList &List) {
    StmtList Out;
    for (size_t I = 0; I < List.size(); ++I) {
      const auto *A = dyn_cast<LaunchStmt>(List[I].get());
      const auto *B = I + 1 < List.size()
                          ? dyn_cast<LaunchStmt>(List[I + 1].get())
                          : nullptr;
      if (A && B)
        if (auto Fused = fuse(A->KernelIndex, B->KernelIndex)) {
          StmtList Launch{std::make_shared<LaunchStmt>(Fused->first, A->Loc)};
          if (Fused->second)
            Out.push_back(std::make_shared<IfStmt>(
                Fused->second, Launch, StmtList{List[I], List[I + 1]}, A->Loc));
          else
            Out.insert(Out.end(), Launch.begin(), Launch.end());
          ++I;
          continue;
        }
      Out.push_back(List[I]);
    }
    return Out;
  });
}

} // namespace

LoweredFunction fuseEpilogues(LoweredFunction LF, LoweringContext &Ctx) {
  EpilogueFuser Fuser(LF, Ctx);
  LF.HostBody = Fuser.rewriteHost(LF.HostBody);
  return LF;
}

} // namespace c2cuda
