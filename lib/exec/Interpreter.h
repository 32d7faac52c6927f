//===- Interpreter.h - Runs IR statements with C semantics -----*- C++ -*-===//
//
// Executes expressions and statements of the loop-nest IR on a Memory, as
// the C program would: loops evaluate their bounds once, locals live in
// block scopes, every array access is bounds-checked (the first failure,
// naming the reference and its index, stops the run instead of crashing).
// Statements it does not know itself (nests, host code, launches) go to
// OnOther; every array element and shared-scalar access is reported to
// OnAccess, which the lowered execution uses to find data races.
//
// Explicit-thread kernels declare arrays of their own (DeclStmt with Dims):
// a register array is allocated, poisoned, where it is declared and lives
// in the locals like a scalar; a shared array comes from OnSharedArray (one
// buffer per thread block) and its accesses go to OnSharedAccess. The
// lowered execution keeps one set of locals per thread and swaps it in
// (swapLocals) while that thread runs.
//
// Asynchronous copies (AssignStmt::Async) read their global elements when
// issued but write shared memory only when a wait (AsyncFenceStmt, which
// goes to OnOther like a barrier; the caller runs asyncFence) covers their
// group, as cp.async does; copies never waited for are never written. The
// pending copies are the thread's, swapped in like the locals (swapAsync).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_INTERPRETER_H
#define C2CUDA_EXEC_INTERPRETER_H

#include "Memory.h"
#include "Value.h"

#include "ir/IR.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace c2cuda {
namespace exec {

/// AsyncWrite: an asynchronous copy issued into a shared element, which it
/// may write at any time until the thread waits for it (then a Write).
enum class AccessKind { Read, Write, Atomic, AsyncWrite };

/// An array a kernel declares: a register tile of one thread or a shared
/// tile of one thread block. Row-major, one index per dimension.
struct LocalBuffer {
  std::string Name;
  ScalarKind Elem = ScalarKind::Float;
  StorageKind Storage = StorageKind::Register;
  std::vector<int64_t> Dims;
  std::vector<Value> Data;
  /// DeclStmt::OverlaysTiles: shares memory with the block's other shared
  /// arrays.
  bool Overlay = false;
  /// A buffer for D, every element poisoned (see poisonValue).
  static std::shared_ptr<LocalBuffer> allocate(const DeclStmt &D);
};

/// A local: a scalar (V), or with Array a kernel-declared array.
struct LocalVar {
  std::string Name;
  Value V;
  std::shared_ptr<LocalBuffer> Array;
};
using LocalFrame = std::vector<LocalVar>;

/// One element an asynchronous copy has read, to be written into Target
/// when a wait covers its group.
struct PendingCopy {
  std::shared_ptr<LocalBuffer> Target;
  int64_t Index = 0;
  Value V;
  ExprPtr Ref; ///< The target element (for race reports).
};

/// One thread's asynchronous copies not yet written: its committed groups,
/// oldest first, and the open group (issued since the last commit).
struct AsyncCopies {
  std::vector<std::vector<PendingCopy>> Committed;
  std::vector<PendingCopy> Open;
};

/// The value an uninitialised variable gets, so that using it shows: NaN
/// for floating types, 0x5eadbeef for integers.
Value poisonValue(ScalarKind K);

/// The multiprocessors c2c_sm_count() reports in the interpreter: a small
/// GPU, so that capped grids run several rounds and small problems take
/// the host's choices for few blocks.
constexpr int64_t InterpretedSmCount = 3;

class Interpreter {
public:
  Interpreter(Memory &M, const Function &F) : M(M), F(F) {}

  Value eval(const Expr &E);
  void exec(const StmtList &L);
  void exec(const Stmt &S);

  /// Statements other than Assign, Decl, If and For.
  std::function<void(const Stmt &)> OnOther;
  /// Array element (Array, linear index) or shared scalar (Array = "",
  /// Index 0, the scalar's name in Scalar) accesses.
  std::function<void(const std::string &Array, int64_t Index, AccessKind,
                     const Expr &Ref)>
      OnAccess;
  /// The shared array of the current thread block for D (one buffer per
  /// block, every thread of it gets the same); unset: a fresh buffer.
  std::function<std::shared_ptr<LocalBuffer>(const DeclStmt &D)> OnSharedArray;
  /// The value a warp shuffle `c2c_shfl_xor(v, lane mask)` gives the
  /// current thread (the executor runs a warp's lanes in lockstep); unset:
  /// a shuffle is an error.
  std::function<Value(const CallExpr &)> OnShuffle;
  /// Element accesses of shared arrays (register arrays are private).
  std::function<void(LocalBuffer &B, int64_t Index, AccessKind,
                     const Expr &Ref)>
      OnSharedAccess;

  /// Local scalars, innermost last; lookups fall back to Memory::Scalars.
  void declare(const std::string &Name, Value V);
  size_t scopeMark() const { return Locals.size(); }
  void popScope(size_t Mark) {
    Locals.erase(Locals.begin() + static_cast<std::ptrdiff_t>(Mark),
                 Locals.end());
  }
  Value *lookupLocal(const std::string &Name);
  /// The innermost kernel-declared array named Name, or null.
  LocalBuffer *lookupArray(const std::string &Name);
  /// Exchanges the locals with F (one thread's locals for another's).
  void swapLocals(LocalFrame &F) { Locals.swap(F); }

  /// Asynchronous copies may be issued (set while a kernel runs; host code
  /// has none).
  bool AsyncAllowed = false;
  /// Exchanges the pending asynchronous copies with C, as swapLocals.
  void swapAsync(AsyncCopies &C) { std::swap(Async, C); }
  /// Commit closes the open group; Wait N writes, in issue order, every
  /// committed group but the newest N into shared memory.
  void asyncFence(const AsyncFenceStmt &S);

  /// A ForStmt's test and increment as exec runs them, for callers that
  /// run a loop themselves.
  static bool loopContinues(const ForStmt &L, const Value &It,
                            const Value &Upper, std::string &Err);
  static Value loopNext(const ForStmt &L, const Value &It, std::string &Err);

  /// The host ran a `return;` (HostCode::ReturnsWhen): exec runs no
  /// further statement.
  bool Returned = false;

  bool failed() const { return !Error.empty(); }
  const std::string &error() const { return Error; }
  /// Records the first failure; later ones are dropped.
  void fail(const std::string &Msg, const SourceLoc &Loc = {});
  /// Appends Text to the recorded failure (context such as the thread).
  void appendToError(const std::string &Text) {
    if (failed())
      Error += Text;
  }

  Memory &memory() { return M; }
  const Function &function() const { return F; }
  /// Statements executed so far; runs stop past StepLimit (a broken loop).
  uint64_t Steps = 0, StepLimit = 200000000;

private:
  Value *lookup(const std::string &Name, bool &Shared);
  /// The element E refers to, bounds-checked, or null after fail(); Local
  /// is set to the buffer of a kernel-declared array.
  Value *element(const ArrayRef &E, int64_t &Linear, LocalBuffer *&Local);
  Value *localElement(const ArrayRef &E, const std::vector<int64_t> &Idx,
                      int64_t &Linear, LocalBuffer *&Local);
  /// Reports an access to OnAccess or OnSharedAccess.
  void report(const ArrayRef &E, LocalBuffer *Local, int64_t Linear,
              AccessKind K, const Expr &Ref);
  void assign(const AssignStmt &A);
  /// Issues an asynchronous copy (AssignStmt::Async).
  void asyncCopy(const AssignStmt &A);

  Memory &M;
  const Function &F;
  LocalFrame Locals;
  AsyncCopies Async;
  std::string Error;
};

} // namespace exec
} // namespace c2cuda

#endif
