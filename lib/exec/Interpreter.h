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
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_INTERPRETER_H
#define C2CUDA_EXEC_INTERPRETER_H

#include "Memory.h"
#include "Value.h"

#include "ir/IR.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace c2cuda {
namespace exec {

enum class AccessKind { Read, Write, Atomic };

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

  /// Local scalars, innermost last; lookups fall back to Memory::Scalars.
  void declare(const std::string &Name, Value V);
  size_t scopeMark() const { return Locals.size(); }
  void popScope(size_t Mark) { Locals.resize(Mark); }
  Value *lookupLocal(const std::string &Name);

  bool failed() const { return !Error.empty(); }
  const std::string &error() const { return Error; }
  /// Records the first failure; later ones are dropped.
  void fail(const std::string &Msg, const SourceLoc &Loc = {});

  Memory &memory() { return M; }
  const Function &function() const { return F; }
  /// Statements executed so far; runs stop past StepLimit (a broken loop).
  uint64_t Steps = 0, StepLimit = 200000000;

private:
  Value *lookup(const std::string &Name, bool &Shared);
  /// The element E refers to, bounds-checked, or null after fail().
  Value *element(const ArrayRef &E, int64_t &Linear);
  void assign(const AssignStmt &A);

  Memory &M;
  const Function &F;
  std::vector<std::pair<std::string, Value>> Locals;
  std::string Error;
};

} // namespace exec
} // namespace c2cuda

#endif
