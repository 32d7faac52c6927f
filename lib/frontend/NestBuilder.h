//===- NestBuilder.h - Clang statements of a nest to IR --------*- C++ -*-===//
//
// Translates the statements of one offloaded nest into IR: canonical for
// loops, assignments, scalar locals, ifs, and expressions in which every C
// conversion is an explicit CastExpr. Every construct outside that subset is
// reported with its exact location and a hint; translation goes on after an
// error so that one run reports as much as possible.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_FRONTEND_NESTBUILDER_H
#define C2CUDA_FRONTEND_NESTBUILDER_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <vector>

namespace c2cuda {

/// True for the C math library functions a nest may call.
bool isMathFunction(llvm::StringRef Name);

class NestBuilder {
public:
  /// F holds the parameters already built from FD (only those whose type is
  /// supported).
  NestBuilder(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
              const Function &F, DiagnosticList &Diags)
      : Ctx(Ctx), FD(FD), F(F), Diags(Diags) {}

  /// The IR of one nest statement (a for loop, or any statement of a scop
  /// region). Returns the statements built; errors are in Diags.
  StmtList buildNest(const clang::Stmt *S);
  /// Arrays referenced in a loop that a `break` may end early (the nests
  /// built so far): NestStmt::ArraysPastBreak.
  const std::set<std::string> &arraysPastBreak() const { return PastBreak; }

  /// The function's local arrays the nests built so far copied in (their
  /// host declarations may be unused now).
  const std::vector<const clang::VarDecl *> &importedArrays() const {
    return Imported;
  }

  /// An expression outside any nest that may only use scalar parameters,
  /// such as the size of a VLA parameter. Null after an error.
  ExprPtr buildExpr(const clang::Expr *E) { return expr(E); }

  /// Bounds on nesting, far above what people write, so that generated or
  /// hostile inputs get a diagnostic instead of exhausting the stack (or
  /// the analysis's time) in the passes that recurse over the IR.
  static constexpr unsigned MaxExprDepth = 256;
  static constexpr unsigned MaxStmtDepth = 64;
  /// Loops alone: the dependence analysis grows steeply with the depth
  /// (about 2 s for 24 loops, 7 s for 32, a minute for 48).
  static constexpr unsigned MaxLoopDepth = 24;

  /// Elements of a local array declared in a nest (one copy per thread).
  static constexpr int64_t MaxLocalArrayElements = 1024;

private:
  clang::ASTContext &Ctx;
  /// Local arrays declared in the nests built so far, with their rank.
  std::map<const clang::VarDecl *, size_t> LocalArrays;
  void localArray(const clang::VarDecl *VD, StmtList &Out);
  /// Read-only local arrays of the function, declared outside the nest,
  /// that it reads: each gets a copy in the nest (buildNest).
  std::vector<const clang::VarDecl *> Imported;
  bool importable(const clang::VarDecl *VD) const;
  StmtList withCopiesAtBand(const StmtList &L, const StmtList &Copies);
  /// `float w[2][3] = {{...}, {...}}`: one assignment per element after the
  /// declaration, at Index within Init, zero where C leaves no initializer.
  void initializeElements(const std::string &Name, ScalarKind K,
                          const std::vector<int64_t> &Dims,
                          const clang::InitListExpr *Init,
                          std::vector<int64_t> Index, StmtList &Out);
  /// Local pointers into a one-dimensional array parameter, declared in a
  /// nest and never assigned (`float *row = A + i * m;`, `&A[e]`, or one
  /// such pointer plus an offset): `row[j]` and `*(row + j)` are elements
  /// of the parameter, at the pointer's offset plus the index.
  struct PointerAlias {
    std::string Array;
    ScalarKind Elem = ScalarKind::Float;
    ExprPtr Offset; ///< Null: the array's start (the row's, with Lead).
    /// A row of a multi-dimensional array parameter (`A[i]`, `&A[i][0]`):
    /// the subscripts of every dimension but the last. Empty: a pointer
    /// parameter or one-dimensional array.
    std::vector<ExprPtr> Lead;
  };
  std::map<const clang::VarDecl *, PointerAlias> PointerAliases;
  /// What E points into (a pointer parameter or alias plus offsets);
  /// nullopt when it is none, with Failed set when an offset was reported
  /// as an error.
  std::optional<PointerAlias> pointerInto(const clang::Expr *E, bool &Failed);
  /// Records VD as a pointer alias when its declaration is one; false when
  /// it is not (an error for the caller to give).
  bool pointerAlias(const clang::VarDecl *VD);
  /// The element Index (null: 0) past alias A's offset.
  ExprPtr aliasElement(const PointerAlias &A, const clang::Expr *Index,
                       clang::SourceLocation L);
  ExprPtr localSubscript(const clang::ArraySubscriptExpr *AS,
                         const clang::VarDecl *VD,
                         const std::vector<const clang::Expr *> &Idx,
                         size_t Rank);
  const clang::FunctionDecl *FD;
  const Function &F;
  DiagnosticList &Diags;
  /// Current nesting: operators and calls (not implicit conversions) of the
  /// expression being built, and 'for' / 'if' statements.
  unsigned ExprDepth = 0, StmtDepth = 0, LoopDepth = 0;
  /// Outermost expression being built, where a too-deep one is reported.
  const clang::Expr *ExprRoot = nullptr;
  /// One report each: the builder stops descending at the bound, but every
  /// sibling at that depth would say the same again.
  bool ExprDepthReported = false, StmtDepthReported = false,
       LoopDepthReported = false;

  SourceLoc loc(clang::SourceLocation L) const;
  std::nullptr_t error(clang::SourceLocation L, std::string Msg,
                       std::string Hint);

  void stmt(const clang::Stmt *S, StmtList &Out);
  void declStmt(const clang::DeclStmt *DS, StmtList &Out);
  void exprStmt(const clang::Expr *E, StmtList &Out);
  void forStmt(const clang::ForStmt *FS, StmtList &Out);
  /// A loop that counts, as written: a `for` statement's parts, or those
  /// of a `while` or `do-while` whose body ends with the iterator's step
  /// and whose iterator is set by the statement just before it.
  struct LoopSource {
    const char *Kind = "for";
    const clang::Stmt *Init = nullptr; ///< `int i = lb` or `i = lb`.
    const clang::Expr *Cond = nullptr;
    /// The parts of Cond that bound the iterator; empty: all of Cond's
    /// `&&` operands.
    std::vector<const clang::Expr *> BoundParts;
    /// The other parts: the loop ends where one is false, tested first in
    /// each iteration (`if (!(e)) break;`).
    std::vector<const clang::Expr *> Exits;
    const clang::Expr *Inc = nullptr;
    std::vector<const clang::Stmt *> Body;
    clang::SourceLocation Begin;
    /// The iterator was set before the loop and keeps where it stopped.
    bool SetBefore = false;
    /// `do-while`: the body runs once before the condition is tested.
    bool BodyFirst = false;
  };
  void countingLoop(const LoopSource &L, StmtList &Out);
  /// A `while` or `do-while` loop (S) that counts, as a counting loop;
  /// otherwise an error saying how to write it.
  void whileLoop(const clang::Stmt *S, StmtList &Out);
  /// A `switch` whose cases each end with `break`: an `if` / `else if`
  /// chain comparing its value with each case's labels, the default last.
  void switchStmt(const clang::SwitchStmt *SS, StmtList &Out);
  /// A `while` or `do-while` loop S that does not count, as written: a loop
  /// over an iterator of its own (c2c_w<n>) with no bound, whose body first
  /// leaves where the condition fails (`do-while`: from the second
  /// iteration on).
  void unboundedLoop(const clang::Stmt *S, StmtList &Out);
  /// What a `break` of the innermost loop being built runs.
  StmtList breakOut(SourceLoc At);
  StmtList stmtList(const clang::Stmt *S);
  /// A loop's body, where `continue` may end a branch of an `if` among its
  /// statements (or the body): the statements after that `if` then run in
  /// its other branch. withContinues builds L so, followed by Tail, which
  /// a `continue` skips too.
  StmtList loopBody(const clang::Stmt *S);
  /// The loop whose body is being built: whether a `break` may leave it
  /// (its iterator is declared in it, so nothing reads where it stopped, or
  /// in the nest, which gets where it stopped), and the flag a `break` sets
  /// (empty until one does).
  struct BreakTarget {
    bool Allowed = false;
    std::string Flag;
    /// A nest local the loop counts with (`int it; for (it = 0; ...)`):
    /// a `break` keeps its value in Stop, which the local gets after the
    /// loop.
    std::string LocalIter, Stop;
    ScalarKind IterType = ScalarKind::Int;
  };
  /// Scalars declared in the nests built so far.
  std::set<const clang::VarDecl *> NestScalars;
  /// The statement of the nest being built.
  const clang::Stmt *NestRoot = nullptr;
  /// Whether the nest refers to V outside the loops that count with it.
  bool usedOutsideItsLoops(const clang::VarDecl *V) const;
  /// Whether the nest refers to V outside source range R.
  bool usedOutside(const clang::VarDecl *V, clang::SourceRange R) const;
  unsigned LocalIterLoops = 0;
  std::vector<BreakTarget> Loops;
  unsigned BreakFlags = 0;
  std::set<std::string> PastBreak;
  StmtList withContinues(const std::vector<const clang::Stmt *> &L,
                         const StmtList &Tail);

  ExprPtr expr(const clang::Expr *E);
  ExprPtr exprNode(const clang::Expr *E);
  ExprPtr lvalue(const clang::Expr *E);
  ExprPtr castExpr(const clang::CastExpr *CE);
  ExprPtr declRef(const clang::DeclRefExpr *DR);
  ExprPtr subscript(const clang::ArraySubscriptExpr *AS);
  ExprPtr member(const clang::MemberExpr *ME);
  ExprPtr pointerElement(const clang::UnaryOperator *UO);
  ExprPtr unary(const clang::UnaryOperator *UO);
  ExprPtr binary(const clang::BinaryOperator *BO);
  ExprPtr call(const clang::CallExpr *CE);
  /// A call of a one-return function of the file, inlined; nothing when
  /// Callee is not such a function.
  std::optional<ExprPtr> inlineCall(const clang::CallExpr *CE,
                                    const clang::FunctionDecl *Callee);
  /// Whether Def's parameters are scalars, or pointers to scalars its body
  /// never changes (which the inliners bind to places in arrays).
  bool inlinableParams(const clang::FunctionDecl *Def);
  using Places = std::vector<std::pair<const clang::VarDecl *, PointerAlias>>;
  /// The places CE's pointer arguments name, for Def's pointer parameters;
  /// nothing after an error (recursion, an argument that is no place).
  std::optional<Places> argumentPlaces(const clang::CallExpr *CE,
                                       const clang::FunctionDecl *Def);
  /// A call of a function of the file whose body has statements (loops,
  /// assignments through pointer parameters, ...): its statements run just
  /// before the statement holding the call (into Pending); its value, when
  /// ValueUsed, is a local they set. Nothing when Def is no such function.
  std::optional<ExprPtr> inlineBody(const clang::CallExpr *CE,
                                    const clang::FunctionDecl *Def,
                                    bool ValueUsed);
  /// Where statements of calls inlined into the expression being built go:
  /// just before the statement holding it; null where none may (loop
  /// conditions, operands evaluated only sometimes).
  StmtList *Pending = nullptr;
  unsigned InlinedBodies = 0;
  /// Variables of inlined bodies, under names of their own.
  std::map<const clang::VarDecl *, std::string> Renamed;
  std::string nameOf(const clang::VarDecl *V) const;
  /// The functions being inlined, innermost last, and their parameters'
  /// values: a parameter reference inside one is its argument.
  std::vector<const clang::FunctionDecl *> Inlining;
  std::vector<std::map<const clang::VarDecl *, ExprPtr>> Inlined;
  /// isnan, isinf, isfinite (<math.h> macros, compiler builtins by now) as
  /// calls CUDA has; nothing when Name is not one of them.
  std::optional<ExprPtr> classification(const clang::CallExpr *CE,
                                        const std::string &Name);
  /// The IR type of E's value, or an error saying why it has none.
  std::optional<ScalarKind> kindOf(const clang::Expr *E);
  std::nullptr_t pointerMisuse(const clang::Expr *E);
};

} // namespace c2cuda

#endif
