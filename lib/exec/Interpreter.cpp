//===- Interpreter.cpp - Runs IR statements with C semantics --------------===//

#include "Interpreter.h"

#include "ir/IRPrinter.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <cmath>

namespace c2cuda {
namespace exec {

void Interpreter::fail(const std::string &Msg, const SourceLoc &Loc) {
  if (!Error.empty())
    return;
  Error = Loc.valid() ? Loc.str() + ": " + Msg : Msg;
}

Value poisonValue(ScalarKind K) {
  return isFloating(K) ? Value::ofFloat(K, NAN) : Value::ofInt(K, 0x5eadbeef);
}

std::shared_ptr<LocalBuffer> LocalBuffer::allocate(const DeclStmt &D) {
  auto B = std::make_shared<LocalBuffer>();
  B->Name = D.Name;
  B->Elem = D.Type;
  B->Storage = D.Storage;
  B->Dims = D.Dims;
  B->Overlay = D.OverlaysTiles;
  int64_t N = 1;
  for (int64_t Size : D.Dims)
    N *= Size < 0 ? 0 : Size;
  B->Data.assign(static_cast<size_t>(N), poisonValue(D.Type));
  return B;
}

void Interpreter::declare(const std::string &Name, Value V) {
  Locals.push_back({Name, V, nullptr});
}

Value *Interpreter::lookupLocal(const std::string &Name) {
  for (size_t I = Locals.size(); I-- > 0;)
    if (Locals[I].Name == Name && !Locals[I].Array)
      return &Locals[I].V;
  return nullptr;
}

LocalBuffer *Interpreter::lookupArray(const std::string &Name) {
  for (size_t I = Locals.size(); I-- > 0;)
    if (Locals[I].Array && Locals[I].Name == Name)
      return Locals[I].Array.get();
  return nullptr;
}

bool Interpreter::loopContinues(const ForStmt &L, const Value &It,
                                const Value &Upper, std::string &Err) {
  static const BinaryOpKind Cmp[] = {BinaryOpKind::LT, BinaryOpKind::LE,
                                     BinaryOpKind::GT, BinaryOpKind::GE};
  return applyBinary(Cmp[static_cast<int>(L.Cmp)], It, Upper, ScalarKind::Int,
                     Err)
      .isTrue();
}

Value Interpreter::loopNext(const ForStmt &L, const Value &It,
                            std::string &Err) {
  return convert(applyBinary(BinaryOpKind::Add, It,
                             Value::ofInt(ScalarKind::Long, L.Step),
                             commonType(L.IterType, ScalarKind::Long), Err),
                 L.IterType, Err);
}

Value *Interpreter::lookup(const std::string &Name, bool &Shared) {
  Shared = false;
  if (Value *V = lookupLocal(Name))
    return V;
  auto It = M.Scalars.find(Name);
  if (It == M.Scalars.end())
    return nullptr;
  Shared = true;
  return &It->second;
}

namespace {

const char *storageName(StorageKind S) {
  return S == StorageKind::Shared ? "shared" : "register";
}

} // namespace

Value *Interpreter::localElement(const ArrayRef &E,
                                 const std::vector<int64_t> &Idx,
                                 int64_t &Linear, LocalBuffer *&Local) {
  LocalBuffer *B = lookupArray(E.Array);
  auto Where = [&] {
    std::string S = exprToString(E) + " (index";
    for (int64_t I : Idx)
      S += " " + std::to_string(I);
    return S + ")";
  };
  if (!B) {
    fail("reference " + Where() + " to array '" + E.Array +
             "', which is not declared in this kernel scope",
         E.Loc);
    return nullptr;
  }
  if (B->Dims.size() != Idx.size()) {
    fail("reference " + Where() + " has " + std::to_string(Idx.size()) +
             " indices but " + storageName(B->Storage) + " array '" + E.Array +
             "' has " + std::to_string(B->Dims.size()) + " dimensions",
         E.Loc);
    return nullptr;
  }
  Linear = 0;
  for (size_t D = 0; D < Idx.size(); ++D) {
    if (Idx[D] < 0 || Idx[D] >= B->Dims[D]) {
      fail("out-of-bounds access " + Where() + ": dimension " +
               std::to_string(D) + " of " + storageName(B->Storage) +
               " array '" + E.Array + "' has size " +
               std::to_string(B->Dims[D]),
           E.Loc);
      return nullptr;
    }
    Linear = Linear * B->Dims[D] + Idx[D];
  }
  Local = B;
  return &B->Data[static_cast<size_t>(Linear)];
}

Value *Interpreter::element(const ArrayRef &E, int64_t &Linear,
                            LocalBuffer *&Local) {
  Local = nullptr;
  Buffer *B = nullptr;
  if (!E.Local) {
    auto It = M.Arrays.find(E.Array);
    if (It == M.Arrays.end()) {
      fail("array '" + E.Array + "' has no buffer", E.Loc);
      return nullptr;
    }
    B = &It->second;
  }
  std::vector<int64_t> Idx;
  for (const ExprPtr &I : E.Indices) {
    std::string Err;
    Value V = convert(eval(*I), ScalarKind::Long, Err);
    if (!Err.empty())
      fail(Err, I->Loc);
    if (failed())
      return nullptr;
    Idx.push_back(V.I);
  }
  if (!B)
    return localElement(E, Idx, Linear, Local);
  auto Where = [&] {
    std::string S = exprToString(E) + " (index";
    for (int64_t I : Idx)
      S += " " + std::to_string(I);
    return S + ")";
  };
  if (Idx.size() == 1) {
    Linear = Idx[0];
  } else {
    if (B->Dims.size() != Idx.size()) {
      fail("reference " + Where() + " has " + std::to_string(Idx.size()) +
               " indices but '" + E.Array + "' has " +
               std::to_string(B->Dims.size()) + " dimensions",
           E.Loc);
      return nullptr;
    }
    Linear = 0;
    for (size_t D = 0; D < Idx.size(); ++D) {
      if (Idx[D] < 0 || (B->Dims[D] >= 0 && Idx[D] >= B->Dims[D])) {
        fail("out-of-bounds access " + Where() + ": dimension " +
                 std::to_string(D) + " has size " + std::to_string(B->Dims[D]),
             E.Loc);
        return nullptr;
      }
      Linear = Linear * (D ? B->Dims[D] : 1) + Idx[D];
    }
  }
  if (Linear < 0 || Linear >= static_cast<int64_t>(B->Data.size())) {
    fail("out-of-bounds access " + Where() + ": element " +
             std::to_string(Linear) + " of '" + E.Array + "', which has " +
             std::to_string(B->Data.size()),
         E.Loc);
    return nullptr;
  }
  B->Touched = std::max(B->Touched, Linear + 1);
  return &B->Data[Linear];
}

void Interpreter::report(const ArrayRef &E, LocalBuffer *Local, int64_t Linear,
                         AccessKind K, const Expr &Ref) {
  if (!Local) {
    if (OnAccess)
      OnAccess(E.Array, Linear, K, Ref);
  } else if (Local->Storage == StorageKind::Shared && OnSharedAccess) {
    OnSharedAccess(*Local, Linear, K, Ref);
  }
}

Value Interpreter::eval(const Expr &E) {
  if (failed())
    return Value::ofInt(E.Type, 0);
  std::string Err;
  Value R;
  switch (E.getKind()) {
  case Expr::Kind::IntLit:
    return Value::ofInt(E.Type, llvm::cast<IntLit>(E).Value);
  case Expr::Kind::FloatLit:
    return Value::ofFloat(E.Type, llvm::cast<FloatLit>(E).Value);
  case Expr::Kind::VarRef: {
    const auto &V = llvm::cast<VarRef>(E);
    bool Shared;
    Value *P = lookup(V.Name, Shared);
    if (!P) {
      fail("scalar '" + V.Name + "' has no value", E.Loc);
      return Value::ofInt(E.Type, 0);
    }
    if (Shared && OnAccess)
      OnAccess("", 0, AccessKind::Read, E);
    R = *P;
    break;
  }
  case Expr::Kind::ArrayRef: {
    const auto &A = llvm::cast<ArrayRef>(E);
    int64_t Linear;
    LocalBuffer *Local;
    Value *P = element(A, Linear, Local);
    if (!P)
      return Value::ofInt(E.Type, 0);
    report(A, Local, Linear, AccessKind::Read, E);
    R = *P;
    break;
  }
  case Expr::Kind::Unary: {
    const auto &U = llvm::cast<UnaryExpr>(E);
    R = applyUnary(U.Op, eval(*U.Operand), E.Type, Err);
    break;
  }
  case Expr::Kind::Binary: {
    const auto &B = llvm::cast<BinaryExpr>(E);
    Value L = eval(*B.LHS);
    // && and || evaluate their right operand only when C does.
    if (B.Op == BinaryOpKind::LAnd && !L.isTrue())
      return Value::ofInt(E.Type, 0);
    if (B.Op == BinaryOpKind::LOr && L.isTrue())
      return Value::ofInt(E.Type, 1);
    R = applyBinary(B.Op, L, eval(*B.RHS), E.Type, Err);
    break;
  }
  case Expr::Kind::Cast:
    R = convert(eval(*llvm::cast<CastExpr>(E).Operand), E.Type, Err);
    break;
  case Expr::Kind::Select: {
    const auto &S = llvm::cast<SelectExpr>(E);
    R = eval(eval(*S.Cond).isTrue() ? *S.True : *S.False);
    break;
  }
  case Expr::Kind::Call: {
    const auto &C = llvm::cast<CallExpr>(E);
    if (C.Callee == "c2c_aligned" && C.Args.size() == 2) {
      // Whether &A[i] is a multiple of B bytes, for buffers that start
      // aligned (cudaMalloc gives 256 bytes); the element is not read.
      const auto *Ref = llvm::dyn_cast<ArrayRef>(C.Args[0].get());
      int64_t Linear = 0;
      LocalBuffer *Local = nullptr;
      if (!Ref || !element(*Ref, Linear, Local))
        return Value::ofInt(ScalarKind::Int, 0);
      int64_t Bytes = eval(*C.Args[1]).I;
      R = Value::ofInt(ScalarKind::Int,
                       Bytes > 0 &&
                           Linear * sizeInBytes(Ref->Type) % Bytes == 0);
      break;
    }
    if (C.Callee == "c2c_sm_count") {
      R = Value::ofInt(ScalarKind::Long, InterpretedSmCount);
      break;
    }
    if (C.Callee == "c2c_split_count" && C.Args.size() == 4) {
      // As the emitted runtime computes it (CudaEmitter.cpp).
      int64_t Tiles = eval(*C.Args[0]).I, Most = eval(*C.Args[1]).I,
              PerSm = eval(*C.Args[2]).I, SmsPerTile = eval(*C.Args[3]).I;
      if (Tiles > std::max<int64_t>(InterpretedSmCount / SmsPerTile, 1)) {
        R = Value::ofInt(ScalarKind::Long, 1);
        break;
      }
      int64_t S = PerSm * InterpretedSmCount / std::max<int64_t>(Tiles, 1);
      R = Value::ofInt(ScalarKind::Long,
                       std::max<int64_t>(std::min(S, Most), 1));
      break;
    }
    if (isWarpCollective(C.Callee)) {
      if (!OnShuffle) {
        fail("'" + C.Callee + "' outside the lockstep run of a warp", E.Loc);
        return Value::ofInt(ScalarKind::Int, 0);
      }
      R = OnShuffle(C);
      break;
    }
    std::vector<Value> Args;
    for (const ExprPtr &A : C.Args)
      Args.push_back(eval(*A));
    R = applyCall(C.Callee, Args, E.Type, Err);
    break;
  }
  }
  if (!Err.empty())
    fail(Err + " in '" + exprToString(E) + "'", E.Loc);
  if (R.Kind != E.Type)
    R = convert(R, E.Type, Err);
  return R;
}

void Interpreter::exec(const StmtList &L) {
  for (const StmtPtr &S : L) {
    if (failed() || Returned)
      return;
    exec(*S);
  }
}

namespace {

BinaryOpKind binaryOf(AssignOpKind Op) {
  switch (Op) {
  case AssignOpKind::Add:
    return BinaryOpKind::Add;
  case AssignOpKind::Sub:
    return BinaryOpKind::Sub;
  case AssignOpKind::Mul:
    return BinaryOpKind::Mul;
  case AssignOpKind::Div:
    return BinaryOpKind::Div;
  case AssignOpKind::Rem:
    return BinaryOpKind::Rem;
  case AssignOpKind::Shl:
    return BinaryOpKind::Shl;
  case AssignOpKind::Shr:
    return BinaryOpKind::Shr;
  case AssignOpKind::And:
    return BinaryOpKind::BitAnd;
  case AssignOpKind::Or:
    return BinaryOpKind::BitOr;
  default:
    return BinaryOpKind::BitXor;
  }
}

Value atomicCombine(AtomicKind K, const Value &Old, const Value &Operand,
                    std::string &Err) {
  ScalarKind T = Old.Kind;
  Value X = convert(Operand, T, Err);
  switch (K) {
  case AtomicKind::Add:
    return applyBinary(BinaryOpKind::Add, Old, X, T, Err);
  case AtomicKind::Sub:
    return applyBinary(BinaryOpKind::Sub, Old, X, T, Err);
  case AtomicKind::Mul:
    return applyBinary(BinaryOpKind::Mul, Old, X, T, Err);
  case AtomicKind::And:
    return applyBinary(BinaryOpKind::BitAnd, Old, X, T, Err);
  case AtomicKind::Or:
    return applyBinary(BinaryOpKind::BitOr, Old, X, T, Err);
  case AtomicKind::Xor:
    return applyBinary(BinaryOpKind::BitXor, Old, X, T, Err);
  case AtomicKind::Min:
  case AtomicKind::Max: {
    bool Max = K == AtomicKind::Max;
    if (isFloating(T)) // fminf/fmaxf: a NaN operand is ignored.
      return Value::ofFloat(T, Max ? std::fmax(Old.D, X.D)
                                   : std::fmin(Old.D, X.D));
    bool Less =
        applyBinary(BinaryOpKind::LT, X, Old, ScalarKind::Int, Err).isTrue();
    return (Max ? !Less : Less) ? X : Old;
  }
  case AtomicKind::None:
    break;
  }
  return Old;
}

/// Element E of a vector copy's reference Ref: the last index plus E.
std::shared_ptr<ArrayRef> shiftLast(const ArrayRef &Ref, unsigned E) {
  std::vector<ExprPtr> Idx = Ref.Indices;
  ExprPtr &Last = Idx.back();
  Last = std::make_shared<BinaryExpr>(BinaryOpKind::Add, Last,
                                      std::make_shared<IntLit>(E, Last->Type),
                                      Last->Type, Last->Loc);
  auto N = std::make_shared<ArrayRef>(Ref.Array, Idx, Ref.Type, Ref.Loc);
  N->Local = Ref.Local;
  return N;
}

} // namespace

void Interpreter::asyncCopy(const AssignStmt &A) {
  const auto *L = llvm::dyn_cast<ArrayRef>(A.LHS.get());
  const auto *R = llvm::dyn_cast<ArrayRef>(A.RHS.get());
  if (!AsyncAllowed) {
    fail("asynchronous copy outside a kernel", A.Loc);
    return;
  }
  // cp.async only copies global memory into shared memory.
  if (!L || !R || !L->Local || R->Local || L->Indices.empty() ||
      R->Indices.empty() || A.Op != AssignOpKind::Set ||
      A.Atomic != AtomicKind::None) {
    fail("asynchronous copy '" + exprToString(*A.LHS) + " = " +
             exprToString(*A.RHS) +
             "' is not a copy of global array elements into a shared array",
         A.Loc);
    return;
  }
  for (unsigned E = 0; E < std::max(A.Width, 1u) && !failed(); ++E) {
    ExprPtr LE = E ? shiftLast(*L, E) : A.LHS;
    ExprPtr RE = E ? shiftLast(*R, E) : A.RHS;
    const auto &LRef = llvm::cast<ArrayRef>(*LE);
    int64_t Linear = 0;
    LocalBuffer *Local = nullptr;
    if (!element(LRef, Linear, Local))
      return;
    if (Local->Storage != StorageKind::Shared) {
      fail("asynchronous copy into register array '" + L->Array +
               "' (cp.async writes shared memory only)",
           A.Loc);
      return;
    }
    // The source is read now (an ordinary read: bounds and races checked);
    // kernels do not write it while copies of it are in flight.
    Value V = eval(*RE);
    std::string Err;
    V = convert(V, LE->Type, Err);
    if (!Err.empty())
      fail(Err, A.Loc);
    if (failed())
      return;
    std::shared_ptr<LocalBuffer> Target;
    for (const LocalVar &Var : Locals)
      if (Var.Array.get() == Local)
        Target = Var.Array;
    report(LRef, Local, Linear, AccessKind::AsyncWrite, *LE);
    Async.Open.push_back({std::move(Target), Linear, V, LE});
  }
}

void Interpreter::asyncFence(const AsyncFenceStmt &S) {
  if (S.Fence == AsyncFenceStmt::Op::Commit) {
    // An empty group is a group too: it counts for a later wait.
    Async.Committed.push_back(std::move(Async.Open));
    Async.Open.clear();
    return;
  }
  // The open group is not waited for, as on the GPU.
  size_t Done = Async.Committed.size() > S.Pending
                    ? Async.Committed.size() - S.Pending
                    : 0;
  for (size_t G = 0; G < Done && !failed(); ++G)
    for (const PendingCopy &C : Async.Committed[G]) {
      // As an ordinary store: the race detector sees this thread write the
      // element here.
      report(llvm::cast<ArrayRef>(*C.Ref), C.Target.get(), C.Index,
             AccessKind::Write, *C.Ref);
      if (failed())
        break;
      C.Target->Data[static_cast<size_t>(C.Index)] = C.V;
    }
  Async.Committed.erase(Async.Committed.begin(),
                        Async.Committed.begin() +
                            static_cast<std::ptrdiff_t>(Done));
}

void Interpreter::assign(const AssignStmt &A) {
  if (A.Async) {
    asyncCopy(A);
    return;
  }
  if (A.Width > 1) {
    // A vector copy: element by element, the last index advancing.
    const auto *L = llvm::dyn_cast<ArrayRef>(A.LHS.get());
    const auto *R = llvm::dyn_cast<ArrayRef>(A.RHS.get());
    if (!L || !R || L->Indices.empty() || R->Indices.empty()) {
      fail("vector copy between things that are not array elements", A.Loc);
      return;
    }
    for (unsigned E = 0; E < A.Width && !failed(); ++E)
      assign(AssignStmt(shiftLast(*L, E), AssignOpKind::Set, shiftLast(*R, E),
                        A.Loc));
    return;
  }
  // The target's indices are evaluated before the value, as the printed
  // code does; neither has side effects, so C's unspecified order does not
  // matter.
  Value *Target = nullptr;
  const ArrayRef *Ref = nullptr;
  LocalBuffer *Local = nullptr;
  int64_t Linear = 0;
  if (const auto *R = llvm::dyn_cast<ArrayRef>(A.LHS.get())) {
    Target = element(*R, Linear, Local);
    Ref = R;
  } else if (const auto *V = llvm::dyn_cast<VarRef>(A.LHS.get())) {
    bool Shared;
    Target = lookup(V->Name, Shared);
    if (!Target)
      fail("assignment to scalar '" + V->Name + "', which has no value", A.Loc);
    else if (!Shared)
      Linear = -1; // A local: not reported.
  } else {
    fail("assignment to something that is not a variable or array element",
         A.Loc);
  }
  if (!Target || failed())
    return;
  Value RHS = eval(*A.RHS);
  if (failed())
    return;
  auto Report = [&](AccessKind K) {
    if (Ref)
      report(*Ref, Local, Linear, K, *A.LHS);
    else if (OnAccess && Linear >= 0)
      OnAccess("", Linear, K, *A.LHS);
  };
  std::string Err;
  ScalarKind T = A.LHS->Type;
  Value New;
  if (A.Atomic != AtomicKind::None) {
    Report(AccessKind::Atomic);
    New = atomicCombine(A.Atomic, convert(*Target, T, Err), RHS, Err);
  } else if (A.Op == AssignOpKind::Set) {
    Report(AccessKind::Write);
    New = convert(RHS, T, Err);
  } else {
    Report(AccessKind::Read);
    Report(AccessKind::Write);
    BinaryOpKind Op = binaryOf(A.Op);
    // C computes `x op= e` as `x = x op e` in the operands' common type
    // (the promoted left type for shifts), then converts back.
    ScalarKind CT = Op == BinaryOpKind::Shl || Op == BinaryOpKind::Shr
                        ? commonType(T, ScalarKind::Int)
                        : commonType(T, RHS.Kind);
    New = convert(applyBinary(Op, *Target, RHS, CT, Err), T, Err);
  }
  if (!Err.empty()) {
    fail(Err, A.Loc);
    return;
  }
  *Target = New;
}

void Interpreter::exec(const Stmt &S) {
  if (failed())
    return;
  if (++Steps > StepLimit) {
    fail("more than " + std::to_string(StepLimit) +
             " statements executed (a loop that does not end?)",
         S.Loc);
    return;
  }
  switch (S.getKind()) {
  case Stmt::Kind::Assign:
    assign(llvm::cast<AssignStmt>(S));
    return;
  case Stmt::Kind::Decl: {
    const auto &D = llvm::cast<DeclStmt>(S);
    if (D.isArray()) {
      // A shared array is the block's; a register array is this thread's,
      // fresh (and poisoned) each time its declaration runs.
      std::shared_ptr<LocalBuffer> B =
          D.Storage == StorageKind::Shared && OnSharedArray
              ? OnSharedArray(D)
              : LocalBuffer::allocate(D);
      if (D.Init)
        fail("array '" + D.Name + "' has an initializer", D.Loc);
      Locals.push_back({D.Name, Value(), std::move(B)});
      return;
    }
    Value V;
    if (D.Init) {
      std::string Err;
      V = convert(eval(*D.Init), D.Type, Err);
      if (!Err.empty())
        fail(Err, D.Loc);
    } else {
      // Indeterminate in C: NaN for floating types so that using it shows.
      V = poisonValue(D.Type);
    }
    declare(D.Name, V);
    return;
  }
  case Stmt::Kind::If: {
    const auto &I = llvm::cast<IfStmt>(S);
    bool C = eval(*I.Cond).isTrue();
    size_t Mark = scopeMark();
    exec(C ? I.Then : I.Else);
    popScope(Mark);
    return;
  }
  case Stmt::Kind::For: {
    const auto &L = llvm::cast<ForStmt>(S);
    std::string Err;
    Value Lo = convert(eval(*L.Lower), L.IterType, Err);
    Value Up = eval(*L.Upper);
    if (!Err.empty())
      fail(Err, L.Loc);
    if (failed())
      return;
    size_t Mark = scopeMark();
    declare(L.Iter, Lo);
    // A loop a `break` ended does nothing more: stop there, as the CUDA
    // does (a `while` loop's has no bound to run to).
    const IfStmt *Guard = breakGuard(L);
    while (!failed()) {
      if (!loopContinues(L, Locals[Mark].V, Up, Err))
        break;
      if (Guard && !eval(*Guard->Cond).isTrue())
        break;
      size_t Inner = scopeMark();
      exec(L.Body);
      popScope(Inner);
      Locals[Mark].V = loopNext(L, Locals[Mark].V, Err);
      ++Steps;
    }
    popScope(Mark);
    return;
  }
  default:
    if (!OnOther) {
      fail("statement not supported here", S.Loc);
      return;
    }
    OnOther(S);
    return;
  }
}

} // namespace exec
} // namespace c2cuda
