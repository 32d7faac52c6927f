//===- JoinStripMinedLoops.cpp - Loops tiled by hand, joined --------------===//

#include "JoinStripMinedLoops.h"

#include "ir/IRBuild.h"
#include "ir/IRUses.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/union_map.h>

#include <functional>
#include <map>

using namespace llvm;

namespace c2cuda {

namespace {

/// E without the casts that keep every value (`(long)n` is n).
const Expr &uncast(const Expr &E) {
  const auto *C = dyn_cast<CastExpr>(&E);
  if (C && !isFloating(C->Type) && !isFloating(C->Operand->Type) &&
      holdsEveryValue(C->Type, C->Operand->Type))
    return uncast(*C->Operand);
  return E;
}

bool same(const Expr &A, const Expr &B) {
  return sameExpr(uncast(A), uncast(B));
}

bool isVar(const Expr &E, const std::string &Name) {
  const auto *V = dyn_cast<VarRef>(&uncast(E));
  return V && V->Name == Name;
}

/// Whether E is `ii + T` (or `T + ii`).
bool isTileEnd(const Expr &E, const ForStmt &Tile) {
  const auto *B = dyn_cast<BinaryExpr>(&uncast(E));
  if (!B || B->Op != BinaryOpKind::Add)
    return false;
  auto IsT = [&](const Expr &X) {
    const auto *L = dyn_cast<IntLit>(&uncast(X));
    return L && L->Value == Tile.Step;
  };
  return (isVar(*B->LHS, Tile.Iter) && IsT(*B->RHS)) ||
         (IsT(*B->LHS) && isVar(*B->RHS, Tile.Iter));
}

/// The upper bound of Point joined with Tile (`i < U`, or the end of the
/// last tile), or null when Point is not Tile's point loop.
ExprPtr joinedUpper(const ForStmt &Tile, const ForStmt &Point) {
  if (Tile.Step < 2 || Tile.Cmp != LoopCmp::LT || Point.Step != 1 ||
      Point.Cmp != LoopCmp::LT || Point.IterType != Tile.IterType ||
      !isVar(*Point.Lower, Tile.Iter))
    return nullptr;
  const Expr &U = *Point.Upper;
  if (isTileEnd(U, Tile)) {
    // L + (U - L + T - 1) / T * T: where the last tile ends.
    ScalarKind K = Tile.IterType;
    const auto *Zero = dyn_cast<IntLit>(&uncast(*Tile.Lower));
    bool FromZero = Zero && Zero->Value == 0;
    ExprPtr Span =
        FromZero ? Tile.Upper
                 : build::bin(BinaryOpKind::Sub, Tile.Upper, Tile.Lower, K);
    ExprPtr End = build::bin(
        BinaryOpKind::Mul,
        build::bin(BinaryOpKind::Div,
                   build::bin(BinaryOpKind::Add, Span,
                              std::make_shared<IntLit>(Tile.Step - 1, K), K),
                   std::make_shared<IntLit>(Tile.Step, K), K),
        std::make_shared<IntLit>(Tile.Step, K), K);
    return FromZero ? End : build::bin(BinaryOpKind::Add, Tile.Lower, End, K);
  }
  // min(ii + T, U): `P < Q ? P : Q` or `P > Q ? Q : P` (<=, >= alike) with
  // {P, Q} = {ii + T, U}.
  const auto *S = dyn_cast<SelectExpr>(&uncast(U));
  const auto *C = S ? dyn_cast<BinaryExpr>(&uncast(*S->Cond)) : nullptr;
  if (!C)
    return nullptr;
  const Expr *Less = nullptr, *More = nullptr;
  if (C->Op == BinaryOpKind::LT || C->Op == BinaryOpKind::LE)
    Less = C->LHS.get(), More = C->RHS.get();
  else if (C->Op == BinaryOpKind::GT || C->Op == BinaryOpKind::GE)
    Less = C->RHS.get(), More = C->LHS.get();
  else
    return nullptr;
  if (!same(*S->True, *Less) || !same(*S->False, *More))
    return nullptr;
  if ((isTileEnd(*Less, Tile) && same(*More, *Tile.Upper)) ||
      (isTileEnd(*More, Tile) && same(*Less, *Tile.Upper)))
    return Tile.Upper;
  return nullptr;
}

bool reads(const Expr &E, const std::string &Name) {
  std::map<std::string, ScalarKind> Vars;
  collectVars(E, Vars);
  return Vars.count(Name);
}

/// A tile loop and its point loop: positions in the chain.
struct Pair {
  unsigned Tile, Point;
  ExprPtr Upper; ///< Of the joined loop.
};

/// The perfect chain of loops from Root down, and the pairs in it.
struct Chain {
  std::vector<const ForStmt *> Loops;
  std::vector<Pair> Pairs;

  explicit Chain(const ForStmt &Root) {
    for (const ForStmt *L = &Root;;) {
      Loops.push_back(L);
      if (L->Body.size() != 1 || !isa<ForStmt>(L->Body[0].get()))
        break;
      L = cast<ForStmt>(L->Body[0].get());
    }
    std::vector<bool> Taken(Loops.size());
    for (unsigned T = 0; T < Loops.size(); ++T)
      for (unsigned P = T + 1; P < Loops.size(); ++P)
        if (!Taken[P])
          if (ExprPtr U = joinedUpper(*Loops[T], *Loops[P])) {
            if (readsTileIterElsewhere(T, P))
              break;
            Pairs.push_back({T, P, U});
            Taken[P] = true;
            break;
          }
  }

  /// Whether anything but the point loop's bounds reads tile iterator T.
  bool readsTileIterElsewhere(unsigned T, unsigned P) const {
    const std::string &I = Loops[T]->Iter;
    for (unsigned K = T + 1; K < Loops.size(); ++K)
      if (K != P && (reads(*Loops[K]->Lower, I) || reads(*Loops[K]->Upper, I)))
        return true;
    std::map<std::string, ScalarKind> Vars;
    collectVars(Loops.back()->Body, Vars);
    return Vars.count(I);
  }

  /// The chain with the pairs in Mask (bit K: Pairs[K]) joined, around
  /// Body.
  StmtPtr build(unsigned Mask, StmtList Body) const {
    std::map<unsigned, const Pair *> ByTile;
    std::set<unsigned> Points;
    for (unsigned K = 0; K < Pairs.size(); ++K)
      if (Mask >> K & 1) {
        ByTile[Pairs[K].Tile] = &Pairs[K];
        Points.insert(Pairs[K].Point);
      }
    for (unsigned K = Loops.size(); K-- > 0;) {
      const ForStmt &L = *Loops[K];
      if (Points.count(K))
        continue;
      std::shared_ptr<ForStmt> New;
      if (auto It = ByTile.find(K); It != ByTile.end()) {
        const ForStmt &P = *Loops[It->second->Point];
        New = std::make_shared<ForStmt>(P.Iter, P.IterType, L.Lower,
                                        LoopCmp::LT, It->second->Upper, 1,
                                        std::move(Body), L.Loc);
      } else {
        New = std::make_shared<ForStmt>(L);
        New->Body = std::move(Body);
      }
      Body = {New};
    }
    return Body[0];
  }
};

/// Checks orders of the chain's loops against the nest's dependences.
class OrderCheck {
public:
  OrderCheck(const NestDependences &Deps, const Chain &C) : C(C) {
    Ctx = isl_ctx_alloc();
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    All = isl_union_map_read_from_str(Ctx, Deps.Dependences.c_str());
    // Statements inside the chain, with the position of its first loop.
    for (const NestDependences::Statement &S : Deps.Statements)
      for (unsigned K = 0; K < S.Loops.size(); ++K)
        if (S.Loops[K] == C.Loops[0]) {
          Inside.push_back({S.Name, K, unsigned(S.Loops.size())});
          break;
        }
  }
  ~OrderCheck() {
    isl_union_map_free(All);
    isl_ctx_free(Ctx);
  }

  /// Whether running the chain with the pairs of Mask joined keeps every
  /// dependence between instances inside it.
  bool legal(unsigned Mask) {
    if (!All)
      return false;
    std::map<unsigned, unsigned> TileToPoint;
    std::set<unsigned> Points;
    for (unsigned K = 0; K < C.Pairs.size(); ++K)
      if (Mask >> K & 1) {
        TileToPoint[C.Pairs[K].Tile] = C.Pairs[K].Point;
        Points.insert(C.Pairs[K].Point);
      }
    isl_union_map *Order = isl_union_map_empty(isl_union_map_get_space(All));
    for (const Instance &S : Inside) {
      // The new iterators: those outside the chain, then the chain's loops
      // in their new order.
      std::string In, Out;
      for (unsigned K = 0; K < S.Depth; ++K)
        In += (K ? ", i" : "i") + std::to_string(K);
      auto Add = [&](unsigned Pos) {
        Out += (Out.empty() ? "i" : ", i") + std::to_string(Pos);
      };
      for (unsigned K = 0; K < S.First; ++K)
        Add(K);
      for (unsigned K = 0; K < C.Loops.size(); ++K) {
        if (Points.count(K))
          continue;
        auto It = TileToPoint.find(K);
        Add(S.First + (It == TileToPoint.end() ? K : It->second));
      }
      std::string Text = "{ " + S.Name + "[" + In + "] -> [" + Out + "] }";
      Order = isl_union_map_add_map(Order,
                                    isl_map_read_from_str(Ctx, Text.c_str()));
    }
    isl_union_map *Later =
        isl_union_map_lex_gt_union_map(isl_union_map_copy(Order), Order);
    isl_union_map *Broken =
        isl_union_map_intersect(isl_union_map_copy(All), Later);
    isl_bool Empty = isl_union_map_is_empty(Broken);
    isl_union_map_free(Broken);
    return Empty == isl_bool_true;
  }

private:
  struct Instance {
    std::string Name;
    unsigned First, Depth;
  };
  const Chain &C;
  isl_ctx *Ctx;
  isl_union_map *All = nullptr;
  std::vector<Instance> Inside;
};

std::string pairText(const Chain &C, const Pair &P) {
  return "'" + C.Loops[P.Tile]->Iter + "' with '" + C.Loops[P.Point]->Iter +
         "'";
}

class Joiner {
public:
  Joiner(const NestDependences &Deps, DiagnosticList &Diags)
      : Deps(Deps), Diags(Diags) {}

  StmtList list(const StmtList &L) {
    StmtList Out;
    for (const StmtPtr &S : L) {
      if (const auto *F = dyn_cast<ForStmt>(S.get())) {
        Out.push_back(loop(*F, S));
      } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
        StmtList Then = list(I->Then), Else = list(I->Else);
        if (Then == I->Then && Else == I->Else) {
          Out.push_back(S);
          continue;
        }
        auto New = std::make_shared<IfStmt>(*I);
        New->Then = std::move(Then);
        New->Else = std::move(Else);
        Out.push_back(New);
      } else {
        Out.push_back(S);
      }
    }
    return Out;
  }

private:
  const NestDependences &Deps;
  DiagnosticList &Diags;

  StmtPtr loop(const ForStmt &F, const StmtPtr &Self) {
    Chain C(F);
    // The most pairs that can be joined; the first such set found.
    unsigned N = C.Pairs.size(), Best = 0, BestCount = 0;
    if (N) {
      OrderCheck Check(Deps, C);
      for (unsigned Mask = (1u << N) - 1; Mask > 0; --Mask) {
        unsigned Count = __builtin_popcount(Mask);
        if (Count > BestCount && Check.legal(Mask))
          Best = Mask, BestCount = Count;
      }
    }
    std::string Joined, Kept;
    for (unsigned K = 0; K < N; ++K) {
      std::string &To = (Best >> K & 1) ? Joined : Kept;
      To += (To.empty() ? "" : ", ") + pairText(C, C.Pairs[K]);
    }
    if (!Kept.empty())
      Diags.remark(F.Loc, "kept the loops tiled by hand as written (" + Kept +
                              "): run as one loop, they would reorder "
                              "iterations that depend on each other");
    // Chains further in are joined by themselves. The parts of this chain
    // hold no pair it does not: the search goes on below its innermost
    // loop.
    StmtList Inner = list(C.Loops.back()->Body);
    if (!Best && Inner == C.Loops.back()->Body)
      return Self;
    if (Best)
      Diags.remark(F.Loc,
                   "joined the loops tiled by hand back into one loop each (" +
                       Joined + "): the GPU mapping chooses the tiles",
                   "--no-restructure keeps the loops as written");
    return C.build(Best, std::move(Inner));
  }
};

} // namespace

bool hasStripMinedLoops(const StmtList &L) {
  for (const StmtPtr &S : L) {
    if (const auto *F = dyn_cast<ForStmt>(S.get())) {
      Chain C(*F);
      if (!C.Pairs.empty() || hasStripMinedLoops(C.Loops.back()->Body))
        return true;
    } else if (const auto *I = dyn_cast<IfStmt>(S.get())) {
      if (hasStripMinedLoops(I->Then) || hasStripMinedLoops(I->Else))
        return true;
    }
  }
  return false;
}

StmtList joinStripMinedLoops(const NestStmt &Nest, const NestDependences &Deps,
                             DiagnosticList &Diags) {
  return Joiner(Deps, Diags).list(Nest.Body);
}

} // namespace c2cuda
