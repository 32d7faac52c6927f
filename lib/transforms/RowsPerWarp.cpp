//===- RowsPerWarp.cpp - A warp per point for bodies of row loops ---------===//

#include "RowsPerWarp.h"

#include "IRQueries.h"
#include "LaneReductions.h"
#include "TripCount.h"
#include "WarpShuffle.h"

#include "ir/IRBuild.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace llvm;

namespace c2cuda {

namespace {

using namespace build;

constexpr int64_t Lanes = 32;
/// Points (warps) per block.
constexpr int64_t Warps = 8;

/// One top-level statement of the point's body and how the warp runs it.
struct Part {
  enum { Uniform, Single, Row } How = Uniform;
  StmtPtr S;
  /// Row: the loop's reductions (none for a parallel loop).
  std::vector<LaneReduction> Reds;
  /// The arrays it reads or writes, and those it writes.
  std::set<std::string> Touches, Writes;
};

class RowWarper {
public:
  RowWarper(Kernel &K, const NestStmt &Nest, const LoweringContext &Ctx)
      : K(K), Nest(Nest), Ctx(Ctx) {}

  bool run() {
    X = K.InThreadBand.empty() ? lanePoint(K, Nest, Ctx) : nullptr;
    if (!X)
      return false;
    Assigned = collectAssignedScalars(K.Body);
    std::vector<const ForStmt *> Loops;
    for (size_t I = 0; I < K.Body.size(); ++I) {
      Part P;
      P.S = K.Body[I];
      P.Touches = collectArrayNames({P.S});
      P.Writes = collectWrittenArrays({P.S});
      if (const auto *D = dyn_cast<DeclStmt>(P.S.get())) {
        if (D->isArray() || D->Storage != StorageKind::Register)
          return false;
        Declared.insert(D->Name);
        Scalars.push_back(D);
      } else if (const auto *F = dyn_cast<ForStmt>(P.S.get())) {
        if (!rowLoop(*F, I, P))
          return false;
        Loops.push_back(F);
      } else {
        if (holdsLoop({P.S}))
          return false;
        std::set<std::string> Set = collectAssignedScalars({P.S});
        for (const std::string &N : Set)
          if (!Declared.count(N))
            return false;
        if (!P.Writes.empty() && !Set.empty())
          return false;
        P.How = P.Writes.empty() ? Part::Uniform : Part::Single;
      }
      Parts.push_back(std::move(P));
    }
    if (Loops.empty())
      return false;
    // Only the loop the body is made of: ReduceAcrossLanes' (8 warps per
    // point) where it applies; a parallel one MapToGrid would have mapped.
    if (Loops.size() == 1 && Parts.size() == 1)
      return false;
    if (rowsAlong(Loops, *X, Nest, Ctx) <= 0)
      return false;
    Assigned.insert(Declared.begin(), Declared.end());
    fuseRowLoops();
    rewrite();
    return true;
  }

private:
  /// Whether F, the I-th statement, can run split over the lanes.
  bool rowLoop(const ForStmt &F, size_t I, Part &P) {
    const LoopFacts *LF = Ctx.loopFacts(&Nest, &F);
    if (!LF || (isIntLiteral(*F.Lower) && isIntLiteral(*F.Upper)) ||
        breakGuard(F))
      return false;
    P.How = Part::Row;
    if (LF->Class == LoopClass::Parallel) {
      std::set<std::string> Own = collectDeclaredNames(F.Body);
      for (const std::string &N : collectAssignedScalars(F.Body))
        if (!Own.count(N))
          return false;
      return true;
    }
    std::optional<std::vector<LaneReduction>> Reds =
        laneReductions(F, Nest, Ctx, Declared, /*Elements=*/false,
                       /*WritesArrays=*/true, std::to_string(I));
    if (!Reds)
      return false;
    for (const LaneReduction &R : *Reds)
      if (!R.Identity)
        return false;
    P.Reds = std::move(*Reds);
    return true;
  }

  /// Whether every element of A that parts P and Q touch is touched by the
  /// same lane in both: two loops with the same iterator and bounds whose
  /// references to A all have the same subscripts, which read the iterator
  /// (each loop is parallel or writes A nowhere, so an element one writes
  /// is the one iteration's of the other too) and no scalar the point sets.
  bool sameLanes(const Part &P, const Part &Q, const std::string &A) const {
    if (P.How != Part::Row || Q.How != Part::Row)
      return false;
    const auto &L = *llvm::cast<ForStmt>(P.S.get());
    const auto &M = *llvm::cast<ForStmt>(Q.S.get());
    if (L.Iter != M.Iter || L.Step != M.Step || !sameExpr(*L.Lower, *M.Lower) ||
        !sameExpr(*L.Upper, *M.Upper))
      return false;
    const ArrayRef *First = nullptr;
    for (const ArrayRef *R : collectArrayRefs({P.S, Q.S})) {
      if (R->Array != A)
        continue;
      if (!First) {
        First = R;
        std::set<std::string> Names;
        for (const ExprPtr &I : R->Indices)
          collectVarNames(*I, Names);
        if (!Names.count(L.Iter))
          return false;
        for (const std::string &N : Names)
          if (Assigned.count(N))
            return false;
        continue;
      }
      if (R->Indices.size() != First->Indices.size())
        return false;
      for (size_t I = 0; I < R->Indices.size(); ++I)
        if (!sameExpr(*R->Indices[I], *First->Indices[I]))
          return false;
    }
    return true;
  }

  /// Whether the loops of Row parts P and then Q may run as one loop, each
  /// iteration running P's body then Q's: the same iterator and bounds, no
  /// array one writes and the other touches unless each element is the
  /// same iteration's in both (sameLanes: then that iteration runs P's
  /// access before Q's, as the C does), no scalar one assigns that the
  /// other reads (a reduction's total is known only after its loop), and
  /// no name both bodies declare.
  bool fusible(const Part &P, const Part &Q) const {
    if (P.How != Part::Row || Q.How != Part::Row)
      return false;
    const auto &L = *llvm::cast<ForStmt>(P.S.get());
    const auto &M = *llvm::cast<ForStmt>(Q.S.get());
    if (L.Iter != M.Iter || L.Step != M.Step || L.Cmp != M.Cmp ||
        !sameExpr(*L.Lower, *M.Lower) || !sameExpr(*L.Upper, *M.Upper))
      return false;
    for (const std::string &A : P.Touches)
      if (Q.Touches.count(A) && (P.Writes.count(A) || Q.Writes.count(A)) &&
          !sameLanes(P, Q, A))
        return false;
    auto Reads = [](const ForStmt &F) {
      std::set<std::string> Names;
      collectVarNames(F.Body, Names);
      return Names;
    };
    std::set<std::string> ReadP = Reads(L), ReadQ = Reads(M);
    for (const std::string &N : collectAssignedScalars(L.Body))
      if (ReadQ.count(N) && N != L.Iter)
        return false;
    for (const std::string &N : collectAssignedScalars(M.Body))
      if (ReadP.count(N) && N != M.Iter)
        return false;
    std::set<std::string> Own;
    for (const StmtPtr &S : L.Body)
      if (const auto *D = dyn_cast<DeclStmt>(S.get()))
        Own.insert(D->Name);
    for (const StmtPtr &S : M.Body)
      if (const auto *D = dyn_cast<DeclStmt>(S.get()); D && Own.count(D->Name))
        return false;
    return true;
  }

  /// Consecutive row loops that may run as one are one part: one pass
  /// over the row instead of several (rowrange's minimum and maximum).
  void fuseRowLoops() {
    std::vector<Part> Out;
    for (Part &P : Parts) {
      if (!Out.empty() && fusible(Out.back(), P)) {
        Part &Q = Out.back();
        const auto &L = *llvm::cast<ForStmt>(Q.S.get());
        const auto &M = *llvm::cast<ForStmt>(P.S.get());
        StmtList Body = L.Body;
        Body.insert(Body.end(), M.Body.begin(), M.Body.end());
        Q.S =
            std::make_shared<ForStmt>(L.Iter, L.IterType, L.Lower, L.Cmp,
                                      L.Upper, L.Step, std::move(Body), L.Loc);
        Q.Reds.insert(Q.Reds.end(), P.Reds.begin(), P.Reds.end());
        Q.Touches.insert(P.Touches.begin(), P.Touches.end());
        Q.Writes.insert(P.Writes.begin(), P.Writes.end());
        Fused = true;
        continue;
      }
      Out.push_back(std::move(P));
    }
    Parts = std::move(Out);
  }

  ExprPtr inRange() const {
    return cmpL(BinaryOpKind::LT, lvar("c2c_t_x"), lvar("c2c_trip_x"));
  }

  /// S with its declarations of the point's scalars as assignments (they
  /// are declared once, at the top of the round).
  StmtList assigned(const StmtPtr &S) const {
    if (const auto *D = dyn_cast<DeclStmt>(S.get()))
      return D->Init ? StmtList{assign(var(D->Name, D->Type), D->Init)}
                     : StmtList{};
    return {S};
  }

  void rewrite() {
    ExprPtr Lane = builtin("threadIdx", 0);
    StmtList Round;
    Round.push_back(decl(X->Iter, X->IterType,
                         addL(X->Lower, mulL(lvar("c2c_t_x"), llit(X->Step)))));
    for (const DeclStmt *D : Scalars)
      Round.push_back(std::make_shared<DeclStmt>(D->Name, D->Type, nullptr));
    // The parts since the last barrier that touch each array: a part that
    // touches an array one of them touched, one of the two writing it,
    // waits for them unless the same lanes touch the same elements.
    std::map<std::string, std::vector<const Part *>> Since;
    std::string Reduced;
    for (const Part &P : Parts) {
      bool Wait = false;
      for (const std::string &A : P.Touches)
        for (const Part *Q : Since[A])
          Wait |=
              (P.Writes.count(A) || Q->Writes.count(A)) && !sameLanes(*Q, P, A);
      if (Wait) {
        Round.push_back(std::make_shared<BarrierStmt>());
        Since.clear();
      }
      for (const std::string &A : P.Touches)
        Since[A].push_back(&P);
      if (P.How == Part::Uniform) {
        StmtList S = assigned(P.S);
        if (!S.empty())
          Round.push_back(std::make_shared<IfStmt>(inRange(), S, StmtList{}));
        continue;
      }
      if (P.How == Part::Single) {
        ExprPtr First =
            bin(BinaryOpKind::EQ, Lane,
                std::make_shared<IntLit>(0, ScalarKind::UInt), ScalarKind::Int);
        Round.push_back(std::make_shared<IfStmt>(andE(inRange(), First),
                                                 StmtList{P.S}, StmtList{}));
        continue;
      }
      const auto &L = *llvm::cast<ForStmt>(P.S.get());
      for (const LaneReduction &R : P.Reds)
        Round.push_back(decl(R.Part, R.Type, R.Identity));
      Round.push_back(std::make_shared<IfStmt>(
          inRange(),
          StmtList{
              decl(loopTripName(L.Iter), ScalarKind::Long, buildTripCount(L)),
              splitLoopOver(L, Lane, Lanes, P.Reds)},
          StmtList{}));
      // Every lane, in range or not, takes part in the shuffles.
      StmtList Total;
      for (const LaneReduction &R : P.Reds) {
        appendWarpButterfly(Round, R.Part, R.Part, R.Kind, R.Type);
        Total.push_back(
            assign(R.Target, combineReduction(R.Kind, R.Target,
                                              var(R.Part, R.Type), R.Type)));
        Reduced += (Reduced.empty() ? "" : ", ") + R.Shown + " (allowed by " +
                   R.Permission + ")";
      }
      if (!Total.empty())
        Round.push_back(std::make_shared<IfStmt>(inRange(), Total, StmtList{}));
    }
    StmtList New =
        pointRounds(*X, Warps, builtin("threadIdx", 1), std::move(Round));
    std::set<std::string> Iters;
    for (const Part &P : Parts)
      if (P.How == Part::Row)
        Iters.insert(llvm::cast<ForStmt>(P.S.get())->Iter);
    finish(std::move(New), Iters, Reduced);
  }

  void finish(StmtList New, const std::set<std::string> &Iters,
              const std::string &Reduced) {
    const GridLoop G = *X;
    // MapToGrid's remarks on the mapping no longer hold.
    std::string Mapped = "mapped " + G.Iter + " -> x";
    llvm::erase_if(K.Remarks, [&](const std::string &Rm) {
      for (const std::string &It : Iters) {
        std::string Seq = It + " runs sequentially in each thread";
        if (Rm.compare(0, Seq.size(), Seq) == 0)
          return true;
      }
      return Rm.compare(0, Mapped.size(), Mapped) == 0 ||
             Rm.find("no reference is contiguous along a mapped loop") !=
                 std::string::npos;
    });
    K.Remarks.push_back(
        "mapped " + G.Iter + " -> warps (blocks of 32x" +
        std::to_string(Warps) + " threads, a warp per " + G.Iter +
        "); the loops over " +
        llvm::join(
            llvm::map_range(Iters,
                            [](const std::string &I) { return "'" + I + "'"; }),
            ", ") +
        " split over its lanes: consecutive lanes read consecutive elements" +
        (Reduced.empty() ? std::string()
                         : "; " + Reduced + " combined with warp shuffles") +
        (Fused ? "; consecutive loops with the same bounds run as one pass"
               : ""));
    makeLaneKernel(K, std::move(New), G, Warps, Warps);
  }

  Kernel &K;
  const NestStmt &Nest;
  const LoweringContext &Ctx;
  const GridLoop *X = nullptr;
  std::vector<Part> Parts;
  /// Some row loops were fused (fuseRowLoops).
  bool Fused = false;
  std::set<std::string> Declared;
  /// The scalars the point declares or assigns (sameLanes).
  std::set<std::string> Assigned;
  std::vector<const DeclStmt *> Scalars;
};

} // namespace

LoweredFunction rowsPerWarp(LoweredFunction LF, const LoweringContext &Ctx) {
  for (Kernel &K : LF.Kernels) {
    const NestStmt *Nest = Ctx.nest(K.NestId);
    if (Nest && Nest->scheduledByDefault())
      RowWarper(K, *Nest, Ctx).run();
  }
  return LF;
}

} // namespace c2cuda
