//===- IR.h - c2cuda loop-nest IR ------------------------------*- C++ -*-===//
//
// The loop-nest IR that everything after the frontend works on. It knows
// nothing about Clang: loops, statements, scalar expressions and array
// references. Nodes are immutable once built and shared through
// std::shared_ptr, so a transform builds new nodes and reuses untouched
// subtrees.
//
// Types follow C exactly: the frontend makes every implicit conversion an
// explicit CastExpr, so printing the tree as C++/CUDA keeps C's semantics
// (float promoted to double where C promotes it, integer ranks, and so on).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_IR_IR_H
#define C2CUDA_IR_IR_H

#include "llvm/Support/Casting.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace c2cuda {

/// A position in the user's source, 1-based. Line 0 means unknown.
struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
  bool valid() const { return Line != 0; }
  /// "file:line:col", or "<unknown>".
  std::string str() const;
};

/// The scalar types c2cuda supports, with C's meaning on LP64 targets.
/// Char is plain `char`, signed (x86-64 and the CUDA device); SChar is
/// `signed char`. The 8- and 16-bit kinds only appear where C has them:
/// the frontend keeps C's integer promotions as casts, so arithmetic is
/// never done in a narrow type; values of these types are loaded, stored,
/// declared and converted.
enum class ScalarKind {
  Int,
  UInt,
  Long,
  ULong,
  Float,
  Double,
  Char,
  SChar,
  UChar,
  Short,
  UShort
};

/// C spelling of a scalar type: "int", "unsigned int", "long", ...
const char *spelling(ScalarKind K);
bool isFloating(ScalarKind K);
/// An unsigned integer kind (unsigned char, short, int, long).
bool isUnsignedKind(ScalarKind K);
/// An integer kind narrower than int (char and short kinds), which C
/// promotes to int before any arithmetic.
bool isNarrowInteger(ScalarKind K);
/// Size in bytes (1, 2, 4 or 8).
unsigned sizeInBytes(ScalarKind K);
/// Whether every value of the integer kind From is a value of the integer
/// kind To (so converting From to To never wraps).
bool holdsEveryValue(ScalarKind To, ScalarKind From);

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr;
using ExprPtr = std::shared_ptr<const Expr>;

class Expr {
public:
  enum class Kind {
    IntLit,
    FloatLit,
    VarRef,
    ArrayRef,
    Unary,
    Binary,
    Cast,
    Select,
    Call
  };
  Kind getKind() const { return K; }
  /// The C type of the value of this expression (element type for ArrayRef).
  ScalarKind Type;
  SourceLoc Loc;
  virtual ~Expr() = default;

protected:
  Expr(Kind K, ScalarKind T, SourceLoc L) : Type(T), Loc(std::move(L)), K(K) {}

private:
  Kind K;
};

class IntLit : public Expr {
public:
  int64_t Value;
  IntLit(int64_t V, ScalarKind T, SourceLoc L = {})
      : Expr(Kind::IntLit, T, std::move(L)), Value(V) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::IntLit; }
};

class FloatLit : public Expr {
public:
  /// Exact value; printed so that it round-trips (float: 9 digits + 'f').
  double Value;
  FloatLit(double V, ScalarKind T, SourceLoc L = {})
      : Expr(Kind::FloatLit, T, std::move(L)), Value(V) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::FloatLit; }
};

/// A scalar variable: loop iterator, scalar parameter, local or host scalar.
class VarRef : public Expr {
public:
  std::string Name;
  VarRef(std::string N, ScalarKind T, SourceLoc L = {})
      : Expr(Kind::VarRef, T, std::move(L)), Name(std::move(N)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::VarRef; }
};

/// An element of an array parameter. A pointer parameter has one (linearized)
/// index, `A[i*K+k]`; a multi-dimensional array parameter `float A[N][M]` has
/// one index per dimension, outermost first.
class ArrayRef : public Expr {
public:
  std::string Array;
  std::vector<ExprPtr> Indices;
  /// The array is one a kernel declares itself (a DeclStmt with Dims: a
  /// register or shared-memory tile), indexed with one index per
  /// dimension; never a parameter.
  bool Local = false;
  ArrayRef(std::string A, std::vector<ExprPtr> Idx, ScalarKind T,
           SourceLoc L = {})
      : Expr(Kind::ArrayRef, T, std::move(L)), Array(std::move(A)),
        Indices(std::move(Idx)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::ArrayRef; }
};

enum class UnaryOpKind { Neg, LNot, BitNot };
class UnaryExpr : public Expr {
public:
  UnaryOpKind Op;
  ExprPtr Operand;
  UnaryExpr(UnaryOpKind Op, ExprPtr X, ScalarKind T, SourceLoc L = {})
      : Expr(Kind::Unary, T, std::move(L)), Op(Op), Operand(std::move(X)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::Unary; }
};

enum class BinaryOpKind {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
  LAnd,
  LOr,
  LT,
  LE,
  GT,
  GE,
  EQ,
  NE
};
const char *spelling(BinaryOpKind Op);
bool isComparison(BinaryOpKind Op);

class BinaryExpr : public Expr {
public:
  BinaryOpKind Op;
  ExprPtr LHS, RHS;
  BinaryExpr(BinaryOpKind Op, ExprPtr A, ExprPtr B, ScalarKind T,
             SourceLoc L = {})
      : Expr(Kind::Binary, T, std::move(L)), Op(Op), LHS(std::move(A)),
        RHS(std::move(B)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::Binary; }
};

/// Conversion of Operand to this expression's Type.
class CastExpr : public Expr {
public:
  ExprPtr Operand;
  CastExpr(ExprPtr X, ScalarKind T, SourceLoc L = {})
      : Expr(Kind::Cast, T, std::move(L)), Operand(std::move(X)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::Cast; }
};

/// C's `Cond ? True : False`.
class SelectExpr : public Expr {
public:
  ExprPtr Cond, True, False;
  SelectExpr(ExprPtr C, ExprPtr T, ExprPtr F, ScalarKind Ty, SourceLoc L = {})
      : Expr(Kind::Select, Ty, std::move(L)), Cond(std::move(C)),
        True(std::move(T)), False(std::move(F)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::Select; }
};

/// A call to a C math library function (the frontend allows no other
/// callee), or, in lowered kernels, `c2c_aligned(A[i], B)`: whether the
/// address of element A[i] is a multiple of B bytes (the element itself is
/// not read).
/// Arguments already carry C's conversions, so `sqrt(x)` with float x has a
/// CastExpr to double around x.
class CallExpr : public Expr {
public:
  std::string Callee;
  std::vector<ExprPtr> Args;
  CallExpr(std::string C, std::vector<ExprPtr> A, ScalarKind T,
           SourceLoc L = {})
      : Expr(Kind::Call, T, std::move(L)), Callee(std::move(C)),
        Args(std::move(A)) {}
  static bool classof(const Expr *E) { return E->getKind() == Kind::Call; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt;
using StmtPtr = std::shared_ptr<const Stmt>;
using StmtList = std::vector<StmtPtr>;

class Stmt {
public:
  enum class Kind {
    Assign,
    Decl,
    If,
    For,
    Barrier,
    AsyncFence,
    Nest,
    HostCode,
    HostRegion,
    Launch
  };
  Kind getKind() const { return K; }
  SourceLoc Loc;
  virtual ~Stmt() = default;

protected:
  Stmt(Kind K, SourceLoc L) : Loc(std::move(L)), K(K) {}

private:
  Kind K;
};

/// `=` or a compound assignment. `x++` and `++x` are AddAssign of 1.
enum class AssignOpKind {
  Set,
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor
};
/// "=", "+=", ...
const char *spelling(AssignOpKind Op);

/// How a parallelised reduction statement combines into its target when
/// many threads run it at once (set by ParallelizeReductions only).
enum class AtomicKind { None, Add, Sub, Mul, Min, Max, And, Or, Xor };
/// "+", "-", "*", "min", "max", "&", "|", "^" ("" for None).
const char *spelling(AtomicKind K);

class AssignStmt : public Stmt {
public:
  ExprPtr LHS; ///< VarRef or ArrayRef.
  AssignOpKind Op;
  ExprPtr RHS; ///< Already converted as C does for this operator.
  /// Not None: the statement is one atomic read-modify-write
  /// `LHS = LHS <Atomic> RHS` (min/max as fminf/fmaxf for floating types),
  /// with RHS the operand, of LHS's type. Op is then the matching compound
  /// operator, or Set for Min and Max. Sequential code never has it.
  AtomicKind Atomic = AtomicKind::None;
  /// > 1 (lowered kernels only): a vector copy. LHS and RHS are ArrayRefs
  /// and Op is Set; Width consecutive elements (the last index advancing)
  /// are copied as one 8- or 16-byte access, which needs both addresses
  /// aligned to Width elements (the lowering checks that at run time).
  unsigned Width = 1;
  /// Lowered kernels only: an asynchronous copy (cp.async) of Width
  /// elements from a global ArrayRef (RHS) into a shared one (LHS), Op Set.
  /// The thread issues it and goes on; the elements reach shared memory
  /// only when an AsyncFenceStmt waits for its group, and other threads see
  /// them after that wait and a barrier.
  bool Async = false;
  AssignStmt(ExprPtr L, AssignOpKind Op, ExprPtr R, SourceLoc Loc = {})
      : Stmt(Kind::Assign, std::move(Loc)), LHS(std::move(L)), Op(Op),
        RHS(std::move(R)) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Assign; }
};

/// Where a kernel-declared array lives.
enum class StorageKind {
  Register, ///< Private to the thread (a local array, fully unrolled).
  Shared    ///< `__shared__`: one per thread block.
};

/// A scalar local declared inside a nest (private to each iteration), or,
/// with Dims, an array a lowered kernel declares: a register tile private
/// to each thread or a shared-memory tile of the block (Storage). Arrays
/// have no Init; a shared array's declaration is reached by every thread.
class DeclStmt : public Stmt {
public:
  std::string Name;
  ScalarKind Type;           ///< Element type for an array.
  ExprPtr Init;              ///< May be null.
  std::vector<int64_t> Dims; ///< Non-empty: an array of these sizes.
  StorageKind Storage = StorageKind::Register;
  /// A register array read or written as vectors: its alignment in bytes
  /// (0: the type's own).
  unsigned AlignBytes = 0;
  /// A shared array used only after every other shared array of the kernel
  /// is dead, with a barrier between (and one before they are used again):
  /// it may take their memory (SharedLayout.h).
  bool OverlaysTiles = false;
  DeclStmt(std::string N, ScalarKind T, ExprPtr I, SourceLoc L = {})
      : Stmt(Kind::Decl, std::move(L)), Name(std::move(N)), Type(T),
        Init(std::move(I)) {}
  bool isArray() const { return !Dims.empty(); }
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Decl; }
};

/// `__syncthreads()`: every thread of the block waits here until all have
/// arrived; shared-memory writes before it are visible after it. Only in
/// kernels with ExplicitThreads, and only where every thread of the block
/// reaches it (block-uniform control flow).
class BarrierStmt : public Stmt {
public:
  explicit BarrierStmt(SourceLoc L = {}) : Stmt(Kind::Barrier, std::move(L)) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Barrier; }
};

/// The thread's asynchronous copies (AssignStmt::Async): Commit closes the
/// group of copies issued since the last commit (cp.async.commit_group);
/// Wait blocks until at most Pending of the thread's committed groups are
/// still in flight, the older ones written to shared memory
/// (cp.async.wait_group). Per thread: other threads see the copies after a
/// barrier that follows the wait.
class AsyncFenceStmt : public Stmt {
public:
  enum class Op { Commit, Wait };
  Op Fence;
  unsigned Pending = 0; ///< Wait only.
  AsyncFenceStmt(Op O, unsigned Pending = 0, SourceLoc L = {})
      : Stmt(Kind::AsyncFence, std::move(L)), Fence(O), Pending(Pending) {}
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::AsyncFence;
  }
};

class IfStmt : public Stmt {
public:
  ExprPtr Cond;
  StmtList Then, Else;
  IfStmt(ExprPtr C, StmtList T, StmtList E, SourceLoc L = {})
      : Stmt(Kind::If, std::move(L)), Cond(std::move(C)), Then(std::move(T)),
        Else(std::move(E)) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::If; }
};

/// The loop-bound comparison after normalisation: `!=` is turned into `<` or
/// `>` by the frontend when the step is +1 or -1.
enum class LoopCmp { LT, LE, GT, GE };
const char *spelling(LoopCmp C);

/// A canonical loop: `for (Iter = Lower; Iter Cmp Upper; Iter += Step)`.
/// Step is a non-zero constant whose sign matches Cmp (positive for LT/LE).
/// Lower and Upper are evaluated once, as C does for loops whose bounds do not
/// change in the body (the frontend checks that).
class ForStmt : public Stmt {
public:
  std::string Iter;
  ScalarKind IterType;
  ExprPtr Lower;
  LoopCmp Cmp;
  ExprPtr Upper;
  int64_t Step;
  StmtList Body;
  /// Set by lowering: `#pragma unroll` before the loop; -1 fully, n > 1
  /// by n, 0 none.
  int Unroll = 0;
  ForStmt(std::string I, ScalarKind T, ExprPtr Lo, LoopCmp C, ExprPtr Up,
          int64_t St, StmtList B, SourceLoc L = {})
      : Stmt(Kind::For, std::move(L)), Iter(std::move(I)), IterType(T),
        Lower(std::move(Lo)), Cmp(C), Upper(std::move(Up)), Step(St),
        Body(std::move(B)) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::For; }
};

/// The schedule of a nest: how it is mapped, never what it computes. A plain
/// value with three producers (pragma clauses, a --schedule JSON file,
/// the default heuristic); lib/schedule/Schedule.h reads and writes it as
/// JSON, str() as pragma clauses. Every field empty/0 means "the default".
struct NestSchedule {
  /// `map(j: x, i: y)`: band loops onto grid dimensions (0 = x, 1 = y,
  /// 2 = z), in the order written; overrides MapToGrid's choice.
  std::vector<std::pair<std::string, unsigned>> Map;
  /// `block(x[,y[,z]])`: thread block shape; empty means the default.
  std::vector<unsigned> Block;
  /// `thread(i: 4)`: iterations per thread of mapped loop i (cyclic
  /// coarsening: the grid shrinks 4x; see GridLoop::Coarsen).
  std::map<std::string, unsigned> Thread;
  /// `unroll(k: 4)`: `#pragma unroll 4` before in-thread loop k.
  std::map<std::string, unsigned> Unroll;
  /// `maxrregcount(64)`: register limit, printed as __launch_bounds__.
  unsigned MaxRegCount = 0;
  /// `tile(i: 64, j: 64, k: 8)`: a tiled kernel (TilePlan.h). For a
  /// mapped loop, the iterations one thread block runs (block size times
  /// points per thread); for a loop inside the band (a reduction), the
  /// strip of iterations whose operands are staged together.
  std::map<std::string, unsigned> Tile;
  /// `shared(A, B)`: arrays whose per-tile footprint is loaded into
  /// shared memory by the whole block (read-only arrays only).
  std::vector<std::string> Shared;
  /// `pad(1)`: elements added to the innermost dimension of every shared
  /// tile, against bank conflicts.
  unsigned Pad = 0;
  /// `vector(j: 4)`: each thread's points along mapped loop j come in runs
  /// of 4 consecutive iterations (blocked-cyclic), so that its accesses
  /// can be float4 wide; requires a tiled kernel.
  std::map<std::string, unsigned> Vector;
  /// `pipeline(2)`: the next strip is loaded into registers while the
  /// current one is computed from the shared tiles; `pipeline(3)`: also two
  /// buffers of each shared tile, so one barrier per strip instead of two;
  /// 0 or 1: single-buffered.
  unsigned Pipeline = 0;
  /// `async(3)`: the shared tiles are filled by asynchronous copies
  /// (cp.async) straight from global memory, with this many buffers of
  /// each tile, so that the next strips' copies are in flight while one
  /// strip computes (transforms/CopyAsync.h); 0: not asynchronous.
  unsigned Async = 0;
  /// `lanes(k: 256)`: the reduction loop k of each point of a 1-D kernel
  /// runs split over 256 threads, whose partial results are combined
  /// (transforms/ReduceAcrossLanes.h); at most one loop.
  std::map<std::string, unsigned> Lanes;
  /// `split(k: 16)`: the strips of tiled reduction loop k divided among 16
  /// blocks per tile (blockIdx.y), each point's partial sums added
  /// atomically into outputs set to the sums' starts first
  /// (transforms/SplitReductions.h);
  /// at most one loop, which needs a strip (`tile(k: n)`).
  std::map<std::string, unsigned> Split;
  /// Where the schedule came from when not from the pragma, e.g.
  /// "sched.json: matmul[0]"; diagnostics about its clauses name it.
  std::string Origin;
  bool isDefault() const {
    return Map.empty() && Block.empty() && Thread.empty() && Unroll.empty() &&
           MaxRegCount == 0 && Lanes.empty() && !isTiled();
  }
  /// A clause only tiled kernels have is present.
  bool isTiled() const {
    return !Tile.empty() || !Shared.empty() || Pad || !Vector.empty() ||
           Pipeline > 1 || Async || !Split.empty();
  }
  /// The clauses as written in a pragma, e.g. "map(j: x, i: y) block(32, 8)
  /// thread(i: 2)"; "" for the default.
  std::string str() const;
};

/// Clauses of `#pragma c2cuda kernel ...`: the schedule, plus facts the
/// user adds about the code (extents, reductions allowed to reassociate).
struct NestClauses : NestSchedule {
  /// `extent(A: expr)`: number of elements of array A, for arrays whose
  /// extent cannot be inferred from the accesses. Expr over function params.
  std::map<std::string, ExprPtr> Extents;
  /// `reduction(op: var[, var...])`: (op, var) pairs whose reductions may be
  /// reassociated and run in parallel. op is "+", "*", "min", "max", "&",
  /// "|" or "^"; var names a scalar or an array. Each pair's location is in
  /// ClauseLocs under "reduction(op: var)".
  std::vector<std::pair<std::string, std::string>> Reductions; // (op, var)
  /// `fast_math`: the kernels may round differently for speed
  /// (transforms/RelaxFloatArithmetic.h).
  bool FastMath = false;
  /// Where each clause was written, for diagnostics naming it.
  std::map<std::string, SourceLoc> ClauseLocs;
};

/// An offloaded nest: the statement after `#pragma c2cuda kernel`, or one
/// top-level statement of a `#pragma scop` region.
class NestStmt : public Stmt {
public:
  unsigned Id;   ///< 0, 1, ... in source order within the function.
  StmtList Body; ///< Usually one ForStmt.
  NestClauses Clauses;
  SourceLoc PragmaLoc;
  /// When the frontend restructured Body (privatizeScalars): the body as
  /// written and the outside scalars it made private, with their types. The
  /// CPU oracle's reference runs this, so it checks the restructuring too.
  StmtList AsWritten;
  std::vector<std::pair<std::string, ScalarKind>> Privatized;
  /// Scalars restructuring made to stand for an array element across a
  /// loop (c2c_acc_y for y[i]), with the array: a reduction clause naming
  /// the array covers them.
  std::map<std::string, std::string> StandsFor;
  /// Loops restructuring made count one residue class of the loop as
  /// written (CompressModularGuards), with the class's step: their
  /// references are that many elements apart.
  std::map<std::string, int64_t> ResidueLoops;
  /// Arrays referenced inside a loop that a `break` may end before its
  /// bound: what the bounds say they touch may pass what the caller's
  /// arrays hold, so their extent comes from declared dimensions or an
  /// extent clause only (the analysis refuses to infer it).
  std::set<std::string> ArraysPastBreak;
  /// Scalars restructuring made whose min or max reduction may run in any
  /// order without the user's permission, each with the reason
  /// (SplitArgExtremum: only the extremum's value is used).
  std::map<std::string, std::string> OrderFree;
  NestStmt(unsigned Id, StmtList B, NestClauses C, SourceLoc PragmaLoc,
           SourceLoc L = {})
      : Stmt(Kind::Nest, std::move(L)), Id(Id), Body(std::move(B)),
        Clauses(std::move(C)), PragmaLoc(std::move(PragmaLoc)) {}
  /// Where Clause was written (the pragma where it was not).
  SourceLoc clauseLoc(const std::string &Clause) const;
  /// " (from sched.json: f[0])" for a schedule from a file, else "".
  std::string originText() const;
  /// No schedule clauses and none from a file: the passes that choose a
  /// schedule themselves (default tiling, lanes per row) may.
  bool scheduledByDefault() const {
    return static_cast<const NestSchedule &>(Clauses).isDefault() &&
           Clauses.Origin.empty();
  }
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Nest; }
};

/// A host statement outside every nest, kept as C text (macros expanded) and
/// the arrays it may touch, so that exactly those arrays are moved around it.
class HostCode : public Stmt {
public:
  std::string Text; ///< Complete statement(s), e.g. "n2 = n / 2;".
  std::set<std::string> ArraysRead, ArraysWritten;
  /// Host scalars (locals or parameters) this statement assigns.
  std::set<std::string> ScalarsWritten;
  /// Non-empty when the statement only declares these scalars, without
  /// initializers (`double s, t;`): the CPU oracle declares them, zero.
  std::vector<std::pair<std::string, ScalarKind>> DeclaresOnly;
  /// Non-empty when lowering moved scalar statements of a nest to the host
  /// (HoistHostLoops): Text prints them, the CPU oracle runs these.
  StmtList Body;
  /// The user's statement as IR where the frontend could build it (`s[0] =
  /// x[0];`, `float m = 0.F;`): only the CPU oracle runs it, and its
  /// declarations declare host scalars.
  StmtList AsIR;
  /// Where the statement is `return;` or `if (c) return;` with c as IR
  /// (reading no array): c, or 1 for the bare return. The CPU oracle ends
  /// the function where it holds; the .cu prints the text.
  ExprPtr ReturnsWhen;
  /// An `if (c) return;` among the function's first statements whose c
  /// tests whether pointers are null (`if (!x || n <= 0) return;`):
  /// the wrappers run it before they size, allocate or copy anything, so
  /// past it those pointers are not null and ReturnsWhen holds c with each
  /// such test folded to that.
  bool EntryGuard = false;
  HostCode(std::string T, std::set<std::string> R, std::set<std::string> W,
           std::set<std::string> SW, SourceLoc L = {})
      : Stmt(Kind::HostCode, std::move(L)), Text(std::move(T)),
        ArraysRead(std::move(R)), ArraysWritten(std::move(W)),
        ScalarsWritten(std::move(SW)) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::HostCode; }
};

/// Host control flow that contains nests: `Open Body Close`, e.g.
/// Open = "for (int it = 0; it < iters; ++it) {", Close = "}". An if/else is
/// two regions in a row (an If "if (c) {" ... "}" then an Else "else {" ...
/// "}"). The host wrapper prints Open and Close, the user's text; the CPU
/// oracle runs the header as IR (Init, Cond, Step), which the frontend builds
/// where the nests' translation accepts it: HeaderAsIR is false otherwise (a
/// call, a pointer walk), and the oracle then declines the region.
/// HeaderArraysRead: arrays the header's expressions read; they are brought
/// to the host before the region and at the end of each pass of the body.
class HostRegion : public Stmt {
public:
  enum class Form { Block, For, While, DoWhile, If, Else };
  Form RegionForm;
  std::string Open, Close;
  StmtList Body;
  std::set<std::string> HeaderArraysRead;
  /// A for loop's init statement and increment, as IR (empty where absent).
  StmtList Init, Step;
  /// The condition of a for, while, do or if; null in `for (;;)`, a block
  /// and an else.
  ExprPtr Cond;
  bool HeaderAsIR = false;
  HostRegion(Form F, std::string O, StmtList B, std::string C,
             std::set<std::string> HR, SourceLoc L = {})
      : Stmt(Kind::HostRegion, std::move(L)), RegionForm(F), Open(std::move(O)),
        Close(std::move(C)), Body(std::move(B)),
        HeaderArraysRead(std::move(HR)) {}
  /// This region around another body.
  std::shared_ptr<HostRegion> withBody(StmtList B) const {
    auto R = std::make_shared<HostRegion>(*this);
    R->Body = std::move(B);
    return R;
  }
  /// A loop: its body may run more than once.
  bool isLoop() const {
    return RegionForm == Form::For || RegionForm == Form::While ||
           RegionForm == Form::DoWhile;
  }
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::HostRegion;
  }
};

/// Host-side launch of Kernel number KernelIndex of the LoweredFunction.
/// Produced by lowering only.
class LaunchStmt : public Stmt {
public:
  unsigned KernelIndex;
  LaunchStmt(unsigned K, SourceLoc L = {})
      : Stmt(Kind::Launch, std::move(L)), KernelIndex(K) {}
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Launch; }
};

//===----------------------------------------------------------------------===//
// Functions and modules
//===----------------------------------------------------------------------===//

/// A parameter of an offloaded function.
struct Param {
  enum class Form { Scalar, Pointer, Array };
  std::string Name;
  Form ParamForm = Form::Scalar;
  ScalarKind Elem = ScalarKind::Int; ///< Scalar type, or element type.
  bool IsConst = false;              ///< `const float *A`
  bool IsRestrict = false;
  /// A file-scope array of constant size the function's nests use, e.g.
  /// `float B[N][M];` at the top of the file: handled like an array
  /// parameter, but not one of the function's own (the drop-in entry takes
  /// it from its global name). Or a file-scope scalar the nests read and
  /// the function never changes: its value at the call, passed to the
  /// kernels as a scalar parameter's is.
  bool IsGlobal = false;
  /// Form::Array: size of each dimension, outermost first. Dims[0] may be
  /// null (`float A[][M]`). Sizes are expressions over earlier parameters.
  std::vector<ExprPtr> Dims;
  /// A pointer to structs whose fields all have type Elem (`struct particle
  /// *p` of float x, y, z): the nests see the array of Elem it lays out,
  /// RecordFields per struct (`p[i].y` is `p[i*3 + 1]`), and the drop-in
  /// entry keeps the C type, spelled RecordType. Empty otherwise.
  std::string RecordType;
  /// C's `_Bool` (`bool`) elements, or a `_Bool` scalar: held as UChar
  /// (0 or 1, one byte, as C's) and spelled `bool` wherever the CUDA
  /// declares the parameter, so that callers passing `bool *` compile.
  bool BoolElems = false;
  int64_t RecordFields = 0;
  bool isArray() const { return ParamForm != Form::Scalar; }
};

struct Function {
  std::string Name;
  std::string ReturnType = "void"; ///< C spelling.
  std::vector<Param> Params;
  /// Host statements, host regions and nests, in source order.
  StmtList Body;
  /// Integer host scalars declared with an initializer over the parameters
  /// (and earlier such scalars) and never assigned again, e.g. `int P = H -
  /// R + 1;`, with that initializer. Nests see them as known functions of
  /// the parameters, so bounds that use them still give extents.
  std::map<std::string, ExprPtr> HostConstants;
  /// Host constants the analysis takes as parameters of their own, not as
  /// their definitions: products of sizes in loop bounds (`n * m`), which
  /// would make the bounds non-affine (frontend/ParameterQuotients.h).
  std::set<std::string> OpaqueConstants;
  SourceLoc Loc;
  /// The definition's text in Module::SourceText: [DefBegin, DefEnd) byte
  /// offsets, storage class included, which whole-file output replaces.
  unsigned DefBegin = 0, DefEnd = 0;
  bool IsStatic = false; ///< `static void f(...)`: internal linkage.
  const Param *findParam(const std::string &N) const;
  /// Whether some parameter is a global array (Param::IsGlobal, not a
  /// global scalar).
  bool usesGlobals() const;
};

/// The C spelling of P's element (or scalar) type: `bool` for
/// Param::BoolElems, else spelling(P.Elem).
std::string elemSpelling(const Param &P);

/// Whether E reads an array element anywhere.
bool readsArray(const Expr &E);

/// E under any casts around it.
const Expr *stripCasts(const Expr *E);

/// Whether E is an integer literal, under casts.
bool isIntLiteral(const Expr &E);

/// Whether calls to Callee are made by every lane of a warp together and
/// read the other lanes' arguments: warp shuffles (c2c_shfl_xor) and
/// tensor-core products.
bool isWarpCollective(const std::string &Callee);

/// Whether Callee is one accumulator part of a tensor-core product
/// (c2c_mma_m16n8k4, c2c_mma_m16n8k8_tf32x3: transforms/TensorCoreProducts.h),
/// `d = callee(part, a..., b..., d)`.
bool isTensorCoreProduct(const std::string &Callee);

/// Whether A and B are the same expression: same node kinds, operators,
/// names, values and types throughout (locations aside).
bool sameExpr(const Expr &A, const Expr &B);

/// The guard of a loop a `break` leaves, as the frontend builds it (the
/// whole body `if (!c2c_breakN) ...`, the flag clear before the loop and
/// set once, by the break): its iterations after the break do nothing, and
/// its trip count depends on the data. Null for other loops.
const IfStmt *breakGuard(const ForStmt &F);

/// A replacement of [Begin, End) of Module::SourceText (Begin == End: an
/// insertion) that turns C host code into C++ nvcc accepts.
struct SourceEdit {
  unsigned Begin = 0, End = 0;
  std::string Text;
};

/// The functions of one input file that contain at least one nest.
struct Module {
  std::string SourceFile;
  std::vector<Function> Functions;
  /// The input's text, and whether it holds code besides the offloaded
  /// functions (main, other functions, globals): then the .cu replaces the
  /// whole file (whole-file output), the rest kept as host code with Edits.
  std::string SourceText;
  bool HasOtherCode = false;
  std::vector<SourceEdit> Edits;
  /// What that code holds that C++ rejects and no edit mends (HostSource.h):
  /// errors where the file is written whole.
  struct HostCodeError {
    SourceLoc Loc;
    std::string Message, Hint;
  };
  std::vector<HostCodeError> HostCodeErrors;
  /// Integer macros the offloaded code was translated with (name -> value
  /// as spelled): the .cu checks that its build sees the same values.
  std::map<std::string, std::string> SizeMacros;
};

//===----------------------------------------------------------------------===//
// Lowered form: kernels and the host code that launches them.
//===----------------------------------------------------------------------===//

/// A loop of the nest mapped onto one grid dimension. Thread t of that
/// dimension (0 <= t < TripCount) runs iteration Iter = Lower + t * Step.
struct GridLoop {
  /// The loop of the analysed nest it maps (LoopFacts are keyed by it):
  /// iterator names and places repeat once loops are distributed.
  const ForStmt *Loop = nullptr;
  std::string Iter;
  ScalarKind IterType;
  ExprPtr Lower;
  ExprPtr TripCount; ///< 64-bit (Long) expression, >= 0.
  int64_t Step;
  unsigned Dim; ///< 0 = x, 1 = y, 2 = z.
  SourceLoc Loc;
  /// Cyclic thread coarsening (`thread(i: E)`): the host sizes the grid
  /// for ceil(TripCount / E) threads along Dim, so the kernel's grid-stride
  /// loop gives each thread iterations t, t + T, t + 2T, ... (T = threads
  /// along Dim), at most E of them; consecutive threads still touch
  /// consecutive iterations. 1: one iteration per thread.
  unsigned Coarsen = 1;
};

/// A scalar a kernel needs from the host.
struct KernelScalar {
  std::string Name;
  ScalarKind Type;
  /// Written by the kernel: passed as a pointer to a one-element device
  /// buffer, copied back after the launch.
  bool Written = false;
  /// A scalar the host body declares (HoistHostLoops) that some kernel
  /// writes: it keeps a device slot for its whole scope, which every kernel
  /// reads and writes through a pointer; the host copies it only where
  /// host code reads it after a kernel wrote it, or a kernel after the host.
  bool Resident = false;
};

/// Const + sum of Coef[it] * it, in long long; Const reads no iterator of
/// Coef. A constraint "LinearForm >= 0" cuts a non-rectangular band out of
/// its bounding box (analysis/BandBox.h).
struct LinearForm {
  ExprPtr Const; ///< Long.
  std::map<std::string, int64_t> Coef;
};

struct Kernel {
  std::string Name; ///< e.g. "matmul_kernel0".
  SourceLoc Loc;    ///< The nest (or loop) this kernel comes from.
  unsigned NestId;
  std::vector<GridLoop> Grid; ///< Empty: a single-thread kernel.
  /// Band loops the grid left to each thread (a band of more than three
  /// loops, or a map clause naming fewer), outermost first: they wrap Body
  /// in this order. TileBands folds them into the tile index.
  std::vector<std::string> InThreadBand;
  /// Some reference has stride +-1 along the loop on x (MapToGrid): runs
  /// of consecutive points per thread can then load vectors.
  bool ContiguousOnX = false;
  unsigned Block[3] = {1, 1, 1};
  StmtList Body;                     ///< Run by each thread.
  std::vector<std::string> Arrays;   ///< Array params used, in param order.
  std::vector<KernelScalar> Scalars; ///< Outside scalars used, sorted by name.
  /// One line per mapping decision, e.g. "j -> x (contiguous in C)",
  /// "k sequential in each thread", "no parallel loop: <reason>".
  std::vector<std::string> Remarks;
  /// Remarks that belong to a diagnostic group the user may turn into
  /// warnings or errors (-Wserial-kernel, -Werror=uncoalesced), by index.
  std::map<size_t, std::string> RemarkGroups;
  /// The schedule this kernel was built with (defaults filled in: map and
  /// block always, for a mapped kernel); printed atop the kernel.
  NestSchedule Schedule;
  /// A tiled kernel (LowerTiles): Grid is empty and Body is the whole
  /// per-thread program, which reads the CUDA built-ins as VarRefs named
  /// "threadIdx.x", "blockIdx.y", "blockDim.z", "gridDim.x" (unsigned
  /// int), may declare register and shared arrays and contains barriers.
  /// The host launches GridDims[0..2] blocks (Long expressions over the
  /// function's parameters and host scalars, each >= 1) of Block threads.
  bool ExplicitThreads = false;
  ExprPtr GridDims[3];
  /// A band whose bounds read its outer iterators (a triangle): the grid
  /// loops run its bounding box and a point runs only where every
  /// constraint holds (each >= 0, over the mapped iterators). LowerTiles
  /// honours it in the tiles it builds; ClipToBand wraps the body of the
  /// kernels left in grid-stride form, and clears it.
  std::vector<LinearForm> BandGuard;
  /// A 1-D grid-stride kernel: Block[0] is the largest block, which the
  /// host shrinks (to a multiple of 32, at least 64) when the trip count
  /// would leave SMs without a block, so that few iterations still spread
  /// over the GPU (c2c_fit_block).
  bool FitBlockToTrip = false;
  /// An explicit-threads kernel of the default schedule whose tiles are
  /// large: the index in LoweredFunction::Kernels of the same computation
  /// in smaller tiles, which the host launches instead when it or one of
  /// its own alternatives takes less time by BlockTime (small problems keep
  /// the GPU busy). -1: none.
  int FewBlocksAlternative = -1;
  /// With FewBlocksAlternative: the relative time one block takes (its
  /// points over the rate measured for its tile shape). A grid of B blocks
  /// takes ceil(B / SMs) * BlockTime: the busiest multiprocessor's share.
  double BlockTime = 0;
  /// Where one block's time depends on the sizes (a split reduction's
  /// chunk of strips, SplitReductions.h): that time in BlockTime's units,
  /// a Double expression over the host's names. Null: BlockTime.
  ExprPtr BlockTimeExpr;
  /// With FewBlocksAlternative: the host also launches the alternative when
  /// this kernel's grid has fewer than MinBlocksPerSm blocks per SM (large
  /// register tiles in blocks of few warps, latency-bound with fewer).
  /// 0: only BlockTime decides.
  unsigned MinBlocksPerSm = 0;
  /// A product whose output tiles are too few to fill the GPU: the index
  /// of the same computation with its reduction split across blocks
  /// (SplitReductions.h), which the host launches instead where the split
  /// count, that kernel's GridDims[1], is at least 2. -1: none.
  int SplitAlternative = -1;
  /// A kernel the host launches right before this one (the zeroing kernel
  /// of a split reduction, whose blocks then add into the zeros). -1: none.
  int LaunchFirst = -1;
  /// This kernel is another's FewBlocksAlternative (no LaunchStmt names
  /// it; it runs in its place) or a fused kernel (FuseEpilogues.h, launched
  /// under a host test in place of two). Alternatives follow every other
  /// kernel in LoweredFunction::Kernels.
  bool IsAlternative = false;
  /// A fused kernel (FuseEpilogues.h) computes right only where this holds
  /// (Int, over the function's parameters): the host launches it only then
  /// and leaves it out of the choice among alternatives otherwise. Null:
  /// always.
  ExprPtr FitsWhen;
  /// Arrays the kernel gets multiplied by a scalar parameter: before each
  /// launch the host fills a buffer with Scale * Array[e] for every element
  /// of the array's extent and passes it for the array
  /// (PrescaleOperands.h).
  struct PrescaledArray {
    std::string Array;
    ExprPtr Scale;
  };
  std::vector<PrescaledArray> Prescaled;
};

/// The loops of K.InThreadBand around the work of K.Body, outermost
/// first: each the only statement of K.Body or of the loop before it. Fewer
/// than K.InThreadBand names where they stop nesting so (a transform moved
/// something between them).
std::vector<const ForStmt *> inThreadBandLoops(const Kernel &K);

/// Per array, what the device side of a function needs.
struct ArrayPlan {
  std::string Name;
  ScalarKind Elem;
  ExprPtr Extent; ///< Number of elements (Long), over function parameters.
  bool ReadOnDevice = false, WrittenOnDevice = false;
  /// Some element may be written by the device without being read first:
  /// still copied in, so unwritten elements keep the caller's values.
  bool ReadOnHost = false, WrittenOnHost = false;
  /// Host statements touch elements of it that no bound covers (a
  /// subscript over the data or a host loop's iterator): the drop-in entry
  /// hands them the caller's array, but f_device cannot size a host staging
  /// buffer for them and stops when called (HostFootprint.h).
  bool HostBeyondExtent = false;
  /// Where such a statement is, for the message.
  SourceLoc HostBeyondLoc;
};

struct LoweredFunction {
  const Function *Source = nullptr;
  std::vector<Kernel> Kernels;
  /// Host body: HostCode, HostRegion, LaunchStmt, and ForStmt / IfStmt for
  /// nest loops and guards that run on the host around launches.
  StmtList HostBody;
  /// Arrays used by at least one kernel, in parameter order.
  std::vector<ArrayPlan> Arrays;
  /// A condition on the parameters the kernels were built under: the rows
  /// of a linearized array hold what its inner subscripts reach
  /// (C[i*ldc + j], 0 <= j < n: ldc >= n). The entry points check each
  /// when called and stop with an error where it fails; the C would run.
  struct Assumption {
    ExprPtr Holds; ///< Int, over the function's scalar parameters.
    ExprPtr Shown; ///< The same where the nest runs, for messages.
    std::string Array;
    SourceLoc Loc;
  };
  std::vector<Assumption> Assumptions;
  /// 2-D array parameters the body keeps in the packed checkerboard layout
  /// (PackCheckerboards.h): element (x, y) of a Rows x Cols array at
  /// ((x + y) & 1) * Rows * H + x * H + (y >> 1), H = (Cols + 1) / 2, in a
  /// buffer of 2 * Rows * H elements the body packs when it starts and
  /// unpacks when it ends. Kernels index it with that one subscript.
  struct Checkerboard {
    std::string Array;
    ExprPtr Rows, Cols; ///< Over the function's parameters.
    /// Some kernel writes it: only then is it unpacked into the caller's
    /// buffer (a read-only array's is left untouched).
    bool Written = false;
  };
  std::vector<Checkerboard> Checkerboards;
};

} // namespace c2cuda

#endif // C2CUDA_IR_IR_H
