//===- Execute.cpp - Reference and lowered execution of a function --------===//

#include "Execute.h"

#include "Interpreter.h"

#include "ir/IRPrinter.h"
#include "ir/IRWalk.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <unordered_map>

namespace c2cuda {
namespace exec {

//===----------------------------------------------------------------------===//
// Host code the IR describes completely
//===----------------------------------------------------------------------===//

namespace {

/// The value both executions give a scalar C leaves indeterminate.
Value zeroOf(ScalarKind K) {
  return isFloating(K) ? Value::ofFloat(K, 0) : Value::ofInt(K, 0);
}

/// Runs what both executions share: host code of known forms and host
/// regions; Body runs the statements of a region's body.
class HostRunner {
public:
  HostRunner(Interpreter &I, const Function &F, ExecResult &R)
      : I(I), F(F), R(R) {}

  void unsupported(const std::string &Why, const SourceLoc &Loc) {
    if (I.failed())
      return;
    R.St = ExecResult::Status::Unsupported;
    I.fail("host code not interpretable: " + Why, Loc);
  }

  void hostCode(const HostCode &H) {
    if (H.ReturnsWhen) {
      // `if (n <= 1) return;`: nothing after it runs, in either execution.
      bool Holds = I.eval(*H.ReturnsWhen).isTrue();
      I.Returned |= Holds && !I.failed();
      return;
    }
    if (!H.Body.empty()) {
      // Scalar statements lowering moved to the host.
      size_t Mark = I.scopeMark();
      I.exec(H.Body);
      I.popScope(Mark);
      return;
    }
    if (!H.DeclaresOnly.empty()) {
      // `double s;`: the C value is indeterminate; both executions see 0.
      for (const auto &[Name, Kind] : H.DeclaresOnly)
        I.memory().Scalars[Name] = zeroOf(Kind);
      return;
    }
    // `int P = H - R + 1;`: the IR has the initializer as a host constant.
    bool Known = !H.ScalarsWritten.empty() && H.ArraysWritten.empty() &&
                 H.ArraysRead.empty();
    for (const std::string &S : H.ScalarsWritten)
      Known &= F.HostConstants.count(S) != 0;
    if (!Known && !H.AsIR.empty()) {
      // The user's statement (`s[0] = x[0];`, `float m = 0.F;`): its
      // declarations are host scalars the nests and later code read. Each
      // element it touches must be known now and inside the buffer the run
      // gave the array (allocateArrays; the caller's may be longer).
      std::string Outside, Why;
      forEachExprIn(H.AsIR, [&](const Expr &E) {
        const auto *R = llvm::dyn_cast<ArrayRef>(&E);
        if (!R || R->Local || !Outside.empty())
          return;
        auto B = I.memory().Arrays.find(R->Array);
        std::string Err;
        int64_t V = R->Indices.size() == 1
                        ? evaluateScalarInt(*R->Indices[0], I.memory(), Err)
                        : -1;
        if (B != I.memory().Arrays.end() && !Err.empty()) {
          // `for (i...) r[i] = ...` on the host: the subscript reads what
          // only running the statement sets.
          Outside = R->Array;
          Why = "the subscript of '" + Outside +
                "' depends on what the statement computes (a loop on the "
                "host), which the checker does not run";
        } else if (B == I.memory().Arrays.end() || V < 0 ||
                   V >= static_cast<int64_t>(B->second.Data.size())) {
          Outside = R->Array;
          Why = "the element of '" + Outside +
                "' it touches is not one the run holds";
        }
      });
      if (!Outside.empty()) {
        unsupported("'" + llvm::StringRef(H.Text).trim().str() + "': " + Why,
                    H.Loc);
        return;
      }
      for (const StmtPtr &S : H.AsIR) {
        const auto *D = llvm::dyn_cast<DeclStmt>(S.get());
        if (D && !D->Dims.empty()) {
          unsupported("'" + llvm::StringRef(H.Text).trim().str() +
                          "' declares an array",
                      H.Loc);
          return;
        }
        if (!D) {
          size_t Mark = I.scopeMark();
          I.exec(*S);
          I.popScope(Mark);
        } else if (D->Init) {
          std::string Err;
          Value V = convert(I.eval(*D->Init), D->Type, Err);
          if (!Err.empty()) {
            unsupported("'" + llvm::StringRef(H.Text).trim().str() +
                            "': " + Err,
                        H.Loc);
            return;
          }
          I.memory().Scalars[D->Name] = V;
        } else {
          I.memory().Scalars[D->Name] = zeroOf(D->Type);
        }
        if (I.failed())
          return;
      }
      return;
    }
    if (!Known) {
      unsupported("'" + llvm::StringRef(H.Text).trim().str() + "'", H.Loc);
      return;
    }
    for (const std::string &S : H.ScalarsWritten) {
      const Expr &E = *F.HostConstants.at(S);
      I.memory().Scalars[S] = I.eval(E);
    }
  }

  /// Runs a region from its header's IR, as C would: a for loop's init,
  /// then condition, body and increment; an else when the if before it did
  /// not run its body.
  void hostRegion(const HostRegion &Reg) {
    using Form = HostRegion::Form;
    if (!Reg.HeaderAsIR) {
      unsupported("host region '" + llvm::StringRef(Reg.Open).trim().str() +
                      "': its header is not one the oracle runs",
                  Reg.Loc);
      return;
    }
    if (Reg.RegionForm == Form::Else) {
      if (!LastIfRan)
        body(Reg);
      return;
    }
    auto Holds = [&] { return !Reg.Cond || I.eval(*Reg.Cond).isTrue(); };
    size_t Mark = I.scopeMark();
    switch (Reg.RegionForm) {
    case Form::Block:
      body(Reg);
      break;
    case Form::If: {
      bool Taken = Holds();
      if (Taken && !I.failed())
        body(Reg);
      // Set after the body, whose own ifs set it too.
      LastIfRan = Taken;
      break;
    }
    case Form::For:
    case Form::While:
    case Form::DoWhile: {
      I.exec(Reg.Init);
      bool First = Reg.RegionForm == Form::DoWhile;
      for (uint64_t Pass = 0; !I.failed() && !I.Returned; ++Pass) {
        if (!First && !Holds())
          break;
        First = false;
        if (Pass == MaxPasses) {
          unsupported("host region '" + llvm::StringRef(Reg.Open).trim().str() +
                          "' runs more than " + std::to_string(MaxPasses) +
                          " passes",
                      Reg.Loc);
          break;
        }
        body(Reg);
        I.exec(Reg.Step);
      }
      break;
    }
    case Form::Else:
      break;
    }
    I.popScope(Mark);
  }

private:
  /// A host loop that runs this long is taken for one that never ends.
  static constexpr uint64_t MaxPasses = 1u << 20;

  void body(const HostRegion &Reg) {
    size_t Inner = I.scopeMark();
    I.exec(Reg.Body);
    I.popScope(Inner);
  }

  Interpreter &I;
  const Function &F;
  ExecResult &R;
  /// Whether the last if region that ran took its body (for the else).
  bool LastIfRan = false;
};

void finish(const Interpreter &I, ExecResult &R) {
  if (!I.failed())
    return;
  if (R.St == ExecResult::Status::Ok)
    R.St = ExecResult::Status::Failed;
  R.Message = I.error();
}

} // namespace

ExecResult runReference(const Function &F, Memory &M) {
  ExecResult R;
  Interpreter I(M, F);
  HostRunner Host(I, F, R);
  I.OnOther = [&](const Stmt &S) {
    switch (S.getKind()) {
    case Stmt::Kind::Nest: {
      // The nest as the user wrote it: a scalar the frontend privatized is
      // the one host variable there (its host declaration was dropped, so
      // it starts at 0 if nothing assigned it).
      const auto &N = llvm::cast<NestStmt>(S);
      for (const auto &[Name, Kind] : N.Privatized)
        if (!I.memory().Scalars.count(Name))
          I.memory().Scalars[Name] = zeroOf(Kind);
      size_t Mark = I.scopeMark();
      I.exec(N.AsWritten.empty() ? N.Body : N.AsWritten);
      I.popScope(Mark);
      return;
    }
    case Stmt::Kind::HostCode:
      Host.hostCode(llvm::cast<HostCode>(S));
      return;
    case Stmt::Kind::HostRegion:
      Host.hostRegion(llvm::cast<HostRegion>(S));
      return;
    default:
      I.fail("unexpected statement in a function body", S.Loc);
    }
  };
  I.exec(F.Body);
  finish(I, R);
  return R;
}

//===----------------------------------------------------------------------===//
// Lowered execution
//===----------------------------------------------------------------------===//

namespace {

/// Who touched one element during one launch (thread ids, -1 = nobody).
struct Shadow {
  int64_t Writer = -1;
  int64_t Reader[2] = {-1, -1};  ///< Two distinct readers suffice.
  int64_t Updater[2] = {-1, -1}; ///< Atomic updaters, likewise.
  /// The barrier epoch of each access recorded above (LoweredRunner::Epoch
  /// when it happened): threads of one block are ordered across a barrier.
  int64_t WriterEpoch = 0;
  /// The write is an asynchronous copy not yet waited for (in flight).
  bool WriterAsync = false;
  int64_t ReaderEpoch[2] = {0, 0};
  int64_t UpdaterEpoch[2] = {0, 0};
  static void add(int64_t (&Set)[2], int64_t (&Ep)[2], int64_t T, int64_t E) {
    for (int K = 0; K < 2; ++K) {
      if (Set[K] == T) {
        Ep[K] = E;
        return;
      }
      if (Set[K] < 0) {
        Set[K] = T;
        Ep[K] = E;
        return;
      }
    }
  }
};

class LoweredRunner {
public:
  LoweredRunner(const LoweredFunction &LF, Memory &M, const ExecOptions &Opts)
      : LF(LF), F(*LF.Source), M(M), Opts(Opts), I(M, F), Host(I, F, R),
        Rng(Opts.Seed) {}

  ExecResult run() {
    I.OnOther = [&](const Stmt &S) {
      switch (S.getKind()) {
      case Stmt::Kind::Launch:
        launch(llvm::cast<LaunchStmt>(S));
        return;
      case Stmt::Kind::HostCode:
        Host.hostCode(llvm::cast<HostCode>(S));
        return;
      case Stmt::Kind::HostRegion:
        Host.hostRegion(llvm::cast<HostRegion>(S));
        return;
      case Stmt::Kind::Barrier:
        I.fail("barrier in " +
                   (InLaunch ? CurKernel->Name + ", which is not an "
                                                 "explicit-threads kernel"
                             : std::string("host code")),
               S.Loc);
        return;
      case Stmt::Kind::AsyncFence:
        // Any kernel may wait for its copies; the host has none.
        if (!InLaunch)
          I.fail("asynchronous copy fence in host code", S.Loc);
        else
          I.asyncFence(llvm::cast<AsyncFenceStmt>(S));
        return;
      default:
        I.fail("unexpected statement in a lowered host body", S.Loc);
      }
    };
    I.OnAccess = [&](const std::string &A, int64_t Idx, AccessKind K,
                     const Expr &Ref) { access(A, Idx, K, Ref); };
    I.OnSharedAccess = [&](LocalBuffer &B, int64_t Idx, AccessKind K,
                           const Expr &Ref) { sharedAccess(B, Idx, K, Ref); };
    // One buffer per declaration and block, poisoned when first reached.
    I.OnSharedArray = [&](const DeclStmt &D) {
      std::shared_ptr<LocalBuffer> &B = SharedArrays[&D];
      if (!B)
        B = LocalBuffer::allocate(D);
      return B;
    };
    // The entry points stop where an assumption the kernels were built
    // under fails: nothing to compare.
    if (ExecResult A = checkAssumptions(LF, I.memory()); !A.ok())
      return A;
    if (!I.failed() && packCheckerboards()) {
      I.exec(LF.HostBody);
      if (!I.failed())
        unpackCheckerboards();
    }
    finish(I, R);
    return R;
  }

private:
  /// The caller's layout of an array the body packs (its data, dimensions
  /// and extent touched), and the packed shape.
  struct CallerLayout {
    std::vector<Value> Data;
    std::vector<int64_t> Dims;
    int64_t Touched = 0, Rows = 0, Cols = 0;
    bool Written = false;
  };
  std::map<std::string, CallerLayout> Callers;

  /// Element (x, y) of the caller's layout in the packed checkerboard one
  /// (LoweredFunction::Checkerboard).
  static int64_t packedIndex(int64_t X, int64_t Y, int64_t Rows, int64_t Cols) {
    int64_t H = (Cols + 1) / 2;
    return ((X + Y) & 1) * Rows * H + X * H + (Y >> 1);
  }

  /// What the body does when it starts: each array of
  /// LF.Checkerboards moves into a packed buffer, poisoned where no element
  /// lands (the codegen's c2c_pack_checkerboard).
  bool packCheckerboards() {
    for (const LoweredFunction::Checkerboard &C : LF.Checkerboards) {
      int64_t Rows = I.eval(*C.Rows).I, Cols = I.eval(*C.Cols).I;
      auto It = M.Arrays.find(C.Array);
      if (I.failed())
        return false;
      if (It == M.Arrays.end() || Rows < 0 || Cols < 0 ||
          static_cast<uint64_t>(Rows) * static_cast<uint64_t>(Cols) >
              It->second.Data.size()) {
        I.fail("the checkerboard layout of '" + C.Array + "' (" +
                   std::to_string(Rows) + " x " + std::to_string(Cols) +
                   ") does not fit its buffer",
               LF.Source->Loc);
        return false;
      }
      Buffer &B = It->second;
      CallerLayout &S = Callers[C.Array];
      S.Rows = Rows;
      S.Cols = Cols;
      S.Dims = B.Dims;
      S.Touched = B.Touched;
      S.Data = std::move(B.Data);
      S.Written = C.Written;
      B.Data.assign(2 * Rows * ((Cols + 1) / 2), poisonValue(B.Elem));
      for (int64_t X = 0; X < Rows; ++X)
        for (int64_t Y = 0; Y < Cols; ++Y)
          B.Data[packedIndex(X, Y, Rows, Cols)] = S.Data[X * Cols + Y];
      B.Dims.clear(); // Indexed with one subscript now.
      B.Touched = 0;
    }
    return true;
  }

  /// And when it ends: back into the caller's layout, where a kernel writes
  /// the array (a read-only one keeps its data). The pack read every
  /// element, so the caller's extent touched covers them all.
  void unpackCheckerboards() {
    for (auto &[Name, S] : Callers) {
      Buffer &B = M.Arrays.at(Name);
      for (int64_t X = 0; S.Written && X < S.Rows; ++X)
        for (int64_t Y = 0; Y < S.Cols; ++Y)
          S.Data[X * S.Cols + Y] = B.Data[packedIndex(X, Y, S.Rows, S.Cols)];
      B.Data = std::move(S.Data);
      B.Dims = S.Dims;
      B.Touched = std::max(S.Touched, S.Rows * S.Cols);
    }
    Callers.clear();
  }

  std::string threadName(int64_t Id) const {
    int64_t Blk = Id / ThreadsPerBlock, Th = Id % ThreadsPerBlock;
    auto Coords = [](int64_t V, const unsigned *D) {
      return "(" + std::to_string(V % D[0]) + "," +
             std::to_string(V / D[0] % D[1]) + "," +
             std::to_string(V / D[0] / D[1]) + ")";
    };
    return "block " + Coords(Blk, GridDim) + " thread " + Coords(Th, BlockDim);
  }

  std::string elementName(const std::string &A, int64_t Idx) const {
    if (A.rfind("scalar ", 0) == 0)
      return A;
    std::string S = A;
    const Buffer &B = M.Arrays.at(A);
    if (B.Dims.size() < 2)
      return S + "[" + std::to_string(Idx) + "]";
    std::vector<int64_t> C(B.Dims.size());
    int64_t Rest = Idx;
    for (size_t D = B.Dims.size(); D-- > 1;) {
      C[D] = Rest % B.Dims[D];
      Rest /= B.Dims[D];
    }
    C[0] = Rest;
    for (int64_t V : C)
      S += "[" + std::to_string(V) + "]";
    return S + " (element " + std::to_string(Idx) + ")";
  }

  /// Element: names the element (only computed for the report).
  template <typename ElementFn>
  void race(const ElementFn &Element, const char *What1, int64_t T1,
            const char *What2, const Expr &Ref, const std::string &Why) {
    I.fail("data race in " + CurKernel->Name + " (launch " +
               std::to_string(R.Launches) + "): " + Element() + " " + What1 +
               " by " + threadName(T1) + " and " + What2 + " by " +
               threadName(CurThread) + " at '" + exprToString(Ref) + "'" + Why,
           Ref.Loc);
    ErrorNamesThread = true;
  }

  /// Whether an access by thread U in barrier epoch E happens before the
  /// current thread's access: same thread, or the same block with a
  /// barrier between them (__syncthreads orders global memory too).
  bool ordered(int64_t U, int64_t E) const {
    return U == CurThread ||
           (U / ThreadsPerBlock == CurThread / ThreadsPerBlock && E < Epoch);
  }

  /// A thread of Set whose access is not ordered before the current one,
  /// or -1.
  int64_t unordered(const int64_t (&Set)[2], const int64_t (&Ep)[2]) const {
    for (int K = 0; K < 2; ++K)
      if (Set[K] >= 0 && !ordered(Set[K], Ep[K]))
        return Set[K];
    return -1;
  }

  /// Records access K of the current thread in S; a conflict with another
  /// thread's access that no barrier orders is a race.
  template <typename ElementFn>
  void record(Shadow &S, AccessKind K, const Expr &Ref,
              const ElementFn &Element, const std::string &Why = "") {
    int64_t T = CurThread, O;
    bool WriterFree = S.Writer < 0 || ordered(S.Writer, S.WriterEpoch);
    switch (K) {
    case AccessKind::Read:
      if (!WriterFree)
        return race(Element, "written", S.Writer, "read", Ref, Why);
      if ((O = unordered(S.Updater, S.UpdaterEpoch)) >= 0)
        return race(Element, "updated atomically", O, "read", Ref, Why);
      Shadow::add(S.Reader, S.ReaderEpoch, T, Epoch);
      return;
    case AccessKind::Write:
    case AccessKind::AsyncWrite:
      if (!WriterFree)
        return race(Element, "written", S.Writer, "written", Ref, Why);
      if ((O = unordered(S.Reader, S.ReaderEpoch)) >= 0)
        return race(Element, "read", O, "written", Ref, Why);
      if ((O = unordered(S.Updater, S.UpdaterEpoch)) >= 0)
        return race(Element, "updated atomically", O, "written", Ref, Why);
      S.Writer = T;
      S.WriterEpoch = Epoch;
      S.WriterAsync = K == AccessKind::AsyncWrite;
      return;
    case AccessKind::Atomic:
      if (!WriterFree)
        return race(Element, "written", S.Writer, "updated atomically", Ref,
                    Why);
      if ((O = unordered(S.Reader, S.ReaderEpoch)) >= 0)
        return race(Element, "read", O, "updated atomically", Ref, Why);
      Shadow::add(S.Updater, S.UpdaterEpoch, T, Epoch);
      return;
    }
  }

  void access(const std::string &Array, int64_t Idx, AccessKind K,
              const Expr &Ref) {
    if (!InLaunch || !Opts.DetectRaces)
      return;
    std::string Key = Array;
    if (Array.empty()) {
      const auto *V = llvm::dyn_cast<VarRef>(&Ref);
      if (!V || !SharedWritten.count(V->Name))
        return;
      Key = "scalar " + V->Name;
      Idx = 0;
    }
    std::vector<Shadow> &Sh = Shadows[Key];
    if (Sh.empty())
      Sh.resize(Array.empty() ? 1 : M.Arrays.at(Array).Data.size());
    record(Sh[Idx], K, Ref, [&] { return elementName(Key, Idx); });
  }

  /// Shared arrays: two threads of the block conflict only between the
  /// same two barriers (the shadows are reset at each barrier).
  void sharedAccess(LocalBuffer &B, int64_t Idx, AccessKind K,
                    const Expr &Ref) {
    overlayAccess(B, Ref);
    if (!Opts.DetectRaces || I.failed())
      return;
    std::vector<Shadow> &Sh = SharedShadows[&B];
    if (Sh.empty())
      Sh.resize(B.Data.size());
    // A conflict with an in-flight copy is reported first (see record).
    const Shadow &Prev = Sh[Idx];
    bool InFlight = Prev.WriterAsync && Prev.Writer >= 0 &&
                    !ordered(Prev.Writer, Prev.WriterEpoch);
    record(
        Sh[Idx], K, Ref,
        [&] {
          std::string S = "__shared__ " + B.Name;
          int64_t Rest = Idx;
          std::vector<int64_t> C(B.Dims.size());
          for (size_t D = B.Dims.size(); D-- > 0;) {
            C[D] = Rest % B.Dims[D];
            Rest /= B.Dims[D];
          }
          for (int64_t V : C)
            S += "[" + std::to_string(V) + "]";
          return S;
        },
        InFlight ? ", the write being an asynchronous copy that no wait has "
                   "covered yet"
                 : ", with no barrier between them");
  }

  /// Arrays that overlay the block's other shared arrays
  /// (DeclStmt::OverlaysTiles) share their memory: the block's shared
  /// memory belongs to one of the two groups at a time. An access to the
  /// other group takes it over, and the group that held it loses its
  /// contents (poisoned: a later read without a new store shows). Taking it
  /// over is a race where another thread of the block touched the other
  /// group since the last barrier, or still has copies in flight into it.
  void overlayAccess(LocalBuffer &B, const Expr &Ref) {
    GroupUse &Mine = GroupUses[B.Overlay];
    if (Mine.Epoch != Epoch)
      Mine = {{CurThread, -1}, Epoch};
    else if (Mine.Threads[0] != CurThread && Mine.Threads[1] < 0)
      Mine.Threads[1] = CurThread;
    if (SharedOwner == static_cast<int>(B.Overlay))
      return;
    bool Takeover = SharedOwner >= 0;
    SharedOwner = B.Overlay;
    if (!Takeover)
      return;
    const GroupUse &Other = GroupUses[!B.Overlay];
    int64_t Before = -1;
    if (Other.Epoch == Epoch)
      for (int64_t U : Other.Threads)
        if (U >= 0 && U != CurThread)
          Before = U;
    auto Element = [&] {
      return "the memory of __shared__ " + B.Name +
             (B.Overlay ? " (overlaying the block's shared tiles)"
                        : " (overlaid by other shared arrays)");
    };
    if (Opts.DetectRaces && Before >= 0)
      return race(Element, "used for the other arrays", Before,
                  "used for this array", Ref, ", with no barrier between them");
    for (int64_t T = 0; Opts.DetectRaces && T < ThreadsPerBlock; ++T) {
      bool InFlight = !AsyncStates[T].Open.empty();
      for (const std::vector<PendingCopy> &G : AsyncStates[T].Committed)
        InFlight |= !G.empty();
      if (InFlight)
        return race(Element, "written by copies in flight",
                    CurBlock * ThreadsPerBlock + T, "used for this array", Ref,
                    " (no wait covered the copies)");
    }
    for (auto &[D, Buf] : SharedArrays)
      if (Buf->Overlay != B.Overlay)
        std::fill(Buf->Data.begin(), Buf->Data.end(), poisonValue(Buf->Elem));
  }

  /// After a barrier: the copies of the block's threads still in flight
  /// may land at any time, so their elements count as written by their
  /// threads in the new epoch too.
  void markInFlight() {
    if (!Opts.DetectRaces)
      return;
    for (int64_t T = 0; T < ThreadsPerBlock; ++T) {
      auto Mark = [&](const PendingCopy &C) {
        std::vector<Shadow> &Sh = SharedShadows[C.Target.get()];
        if (Sh.empty())
          Sh.resize(C.Target->Data.size());
        Shadow &S = Sh[C.Index];
        S.Writer = CurBlock * ThreadsPerBlock + T;
        S.WriterEpoch = Epoch;
        S.WriterAsync = true;
      };
      for (const std::vector<PendingCopy> &G : AsyncStates[T].Committed)
        std::for_each(G.begin(), G.end(), Mark);
      std::for_each(AsyncStates[T].Open.begin(), AsyncStates[T].Open.end(),
                    Mark);
    }
  }

  static bool hasAtomicTarget(const StmtList &L, const std::string &N) {
    for (const StmtPtr &S : L) {
      if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
        const auto *V = llvm::dyn_cast<VarRef>(A->LHS.get());
        if (V && V->Name == N && A->Atomic != AtomicKind::None)
          return true;
      } else if (const auto *If = llvm::dyn_cast<IfStmt>(S.get())) {
        if (hasAtomicTarget(If->Then, N) || hasAtomicTarget(If->Else, N))
          return true;
      } else if (const auto *For = llvm::dyn_cast<ForStmt>(S.get())) {
        if (hasAtomicTarget(For->Body, N))
          return true;
      }
    }
    return false;
  }

  void launch(const LaunchStmt &L) { launchKernel(L.KernelIndex, L.Loc); }

  void launchKernel(unsigned Index, const SourceLoc &Loc) {
    if (Index >= LF.Kernels.size()) {
      I.fail("launch of kernel " + std::to_string(Index) +
                 ", which does not exist",
             Loc);
      return;
    }
    const Kernel &K = LF.Kernels[Index];
    // A split reduction's blocks add into the zeros its first kernel sets.
    if (K.LaunchFirst >= 0) {
      launchKernel(static_cast<unsigned>(K.LaunchFirst), Loc);
      if (I.failed())
        return;
    }
    // A scalar the host declares (HoistHostLoops) that the kernel updates
    // atomically is one device variable for all threads: during the launch
    // it lives with the shared scalars instead of the host's locals, which
    // every thread gets a copy of.
    std::set<std::string> Lifted;
    for (const KernelScalar &S : K.Scalars)
      if (S.Written && hasAtomicTarget(K.Body, S.Name) &&
          I.lookupLocal(S.Name) && !M.Scalars.count(S.Name))
        Lifted.insert(S.Name);
    if (Lifted.empty()) {
      launchKernelNow(K);
      return;
    }
    LocalFrame Saved, Visible;
    I.swapLocals(Saved);
    std::vector<size_t> At; // Index in Saved of each lifted local.
    for (size_t J = Saved.size(); J-- > 0;)
      if (!Saved[J].Array && Lifted.erase(Saved[J].Name)) {
        M.Scalars[Saved[J].Name] = Saved[J].V;
        At.push_back(J);
      }
    for (size_t J = 0; J < Saved.size(); ++J)
      if (std::find(At.begin(), At.end(), J) == At.end())
        Visible.push_back(Saved[J]);
    I.swapLocals(Visible);
    launchKernelNow(K);
    I.swapLocals(Visible);
    if (Visible.size() + At.size() != Saved.size()) {
      I.swapLocals(Saved);
      I.fail("the host's locals changed during launch of " + K.Name, Loc);
      return;
    }
    for (size_t J = 0, V = 0; J < Saved.size(); ++J) {
      if (std::find(At.begin(), At.end(), J) == At.end()) {
        Saved[J] = Visible[V++];
        continue;
      }
      Saved[J].V = M.Scalars[Saved[J].Name];
      M.Scalars.erase(Saved[J].Name);
    }
    I.swapLocals(Saved);
  }

  void launchKernelNow(const Kernel &K) {
    CurKernel = &K;
    if (K.ExplicitThreads) {
      launchExplicit(K);
      return;
    }
    // Trip counts, grid and block exactly as HostWrapperPrinter emits them.
    int64_t Trip[3] = {1, 1, 1};
    for (const GridLoop &G : K.Grid) {
      std::string Err;
      if (G.Dim > 2) {
        I.fail("grid dimension " + std::to_string(G.Dim) + " in " + K.Name,
               G.Loc);
        return;
      }
      Trip[G.Dim] = convert(I.eval(*G.TripCount), ScalarKind::Long, Err).I;
      if (I.failed())
        return;
      if (Trip[G.Dim] <= 0)
        return; // An empty iteration space launches nothing.
    }
    static const int64_t Max[] = {2147483647LL, 65535LL, 65535LL};
    for (unsigned D = 0; D < 3; ++D) {
      bool Mapped = false;
      int64_t Coarsen = 1; // GridLoop::Coarsen: fewer threads, same loop.
      for (const GridLoop &G : K.Grid)
        if (G.Dim == D) {
          Mapped = true;
          Coarsen = G.Coarsen ? G.Coarsen : 1;
        }
      BlockDim[D] = Mapped && K.Block[D] ? K.Block[D] : 1;
      int64_t Per = BlockDim[D] * Coarsen;
      int64_t G = Trip[D] / Per + (Trip[D] % Per != 0);
      GridDim[D] =
          Mapped ? static_cast<unsigned>(G < 1 ? 1 : (G > Max[D] ? Max[D] : G))
                 : 1;
    }
    ThreadsPerBlock = int64_t(BlockDim[0]) * BlockDim[1] * BlockDim[2];
    int64_t Total =
        ThreadsPerBlock * GridDim[0] * int64_t(GridDim[1]) * GridDim[2];
    if (ThreadsPerBlock > 1024 || Total > (int64_t(1) << 24)) {
      I.fail(K.Name + ": " + std::to_string(ThreadsPerBlock) +
                 " threads per block, " + std::to_string(Total) +
                 " in all: too many to run",
             K.Loc);
      return;
    }
    ++R.Launches;
    R.KernelsRun.push_back(K.Name);
    R.Threads += Total;

    // Written scalars: atomic targets live in the shared buffer; others
    // are a register of the (only) thread, stored back at its end.
    std::vector<std::string> Private;
    SharedWritten.clear();
    for (const KernelScalar &S : K.Scalars) {
      if (!S.Written)
        continue;
      if (hasAtomicTarget(K.Body, S.Name)) {
        SharedWritten.insert(S.Name);
        continue;
      }
      if (!K.Grid.empty()) {
        I.fail(K.Name + " writes scalar '" + S.Name +
                   "' from several threads without an atomic update",
               K.Loc);
        return;
      }
      Private.push_back(S.Name);
    }

    std::vector<int64_t> Order(Total);
    std::iota(Order.begin(), Order.end(), 0);
    if (Opts.Order == ThreadOrder::Reverse)
      std::reverse(Order.begin(), Order.end());
    else if (Opts.Order == ThreadOrder::Shuffled)
      std::shuffle(Order.begin(), Order.end(), Rng);

    Shadows.clear();
    InLaunch = I.AsyncAllowed = true;
    for (int64_t Id : Order) {
      if (I.failed())
        break;
      CurThread = Id;
      int64_t Blk = Id / ThreadsPerBlock, Th = Id % ThreadsPerBlock;
      int64_t B[3] = {Blk % GridDim[0], Blk / GridDim[0] % GridDim[1],
                      Blk / GridDim[0] / GridDim[1]};
      int64_t T[3] = {Th % BlockDim[0], Th / BlockDim[0] % BlockDim[1],
                      Th / BlockDim[0] / BlockDim[1]};
      size_t Mark = I.scopeMark();
      for (const std::string &N : Private) {
        Value *P = I.lookupLocal(N);
        auto It = M.Scalars.find(N);
        if (!P && It == M.Scalars.end()) {
          I.fail("written scalar '" + N + "' has no value", K.Loc);
          break;
        }
        I.declare(N, P ? *P : It->second);
      }
      // The thread's asynchronous copies: those it never waits for are
      // dropped when it ends.
      AsyncCopies Mine;
      I.swapAsync(Mine);
      runGridLoops(K, 0, B, T, Trip);
      I.swapAsync(Mine);
      std::vector<Value> Out;
      for (const std::string &N : Private)
        if (Value *P = I.lookupLocal(N))
          Out.push_back(*P);
      I.popScope(Mark);
      for (size_t J = 0; J < Out.size(); ++J) {
        Value *P = I.lookupLocal(Private[J]);
        (P ? *P : M.Scalars[Private[J]]) = Out[J];
      }
    }
    InLaunch = I.AsyncAllowed = false;
  }

  //===--------------------------------------------------------------------===//
  // Explicit-thread kernels: blocks one after another; within a block, the
  // threads run in lockstep phases between barriers.
  //===--------------------------------------------------------------------===//

  /// Whether S is or contains a point every thread of a group must reach
  /// together: a barrier (the block) or a warp shuffle (the warp).
  bool hasBarrier(const Stmt &S) {
    auto It = BarrierMemo.find(&S);
    if (It != BarrierMemo.end())
      return It->second;
    bool Has = false;
    auto Any = [&](const StmtList &L) {
      for (const StmtPtr &C : L)
        if (hasBarrier(*C))
          return true;
      return false;
    };
    if (llvm::isa<BarrierStmt>(S))
      Has = true;
    else if (const auto *F = llvm::dyn_cast<ForStmt>(&S))
      Has = Any(F->Body);
    else if (const auto *If = llvm::dyn_cast<IfStmt>(&S))
      Has = Any(If->Then) || Any(If->Else);
    else
      Has = !shuffles(S).empty();
    return BarrierMemo[&S] = Has;
  }

  /// The calls every lane of a warp makes together (warp shuffles,
  /// c2c_shfl_xor, and tensor-core products, isTensorCoreProduct) of an
  /// assignment or a declaration, in evaluation order.
  static std::vector<const CallExpr *> shuffles(const Stmt &S) {
    std::vector<const CallExpr *> Out;
    auto Visit = [&](const Expr &E) {
      if (const auto *C = llvm::dyn_cast<CallExpr>(&E))
        if (isWarpCollective(C->Callee))
          Out.push_back(C);
    };
    if (const auto *A = llvm::dyn_cast<AssignStmt>(&S)) {
      forEachExpr(*A->RHS, Visit);
      forEachExpr(*A->LHS, Visit);
    } else if (const auto *D = llvm::dyn_cast<DeclStmt>(&S)) {
      if (D->Init)
        forEachExpr(*D->Init, Visit);
    }
    return Out;
  }

  /// The first barrier at or below S (for messages).
  static const BarrierStmt *firstBarrier(const StmtList &L) {
    for (const StmtPtr &S : L) {
      if (const auto *B = llvm::dyn_cast<BarrierStmt>(S.get()))
        return B;
      const BarrierStmt *B = nullptr;
      if (const auto *F = llvm::dyn_cast<ForStmt>(S.get()))
        B = firstBarrier(F->Body);
      else if (const auto *If = llvm::dyn_cast<IfStmt>(S.get()))
        B = (B = firstBarrier(If->Then)) ? B : firstBarrier(If->Else);
      if (B)
        return B;
    }
    return nullptr;
  }

  /// Whether S contains a barrier (its threads must then agree across the
  /// block, not only within each warp).
  static bool hasBlockBarrier(const Stmt &S) {
    if (llvm::isa<BarrierStmt>(S))
      return true;
    if (const auto *F = llvm::dyn_cast<ForStmt>(&S))
      return firstBarrier(F->Body);
    if (const auto *If = llvm::dyn_cast<IfStmt>(&S))
      return firstBarrier(If->Then) || firstBarrier(If->Else);
    return false;
  }

  std::string coords(int64_t V, const unsigned *D) const {
    return "(" + std::to_string(V % D[0]) + "," +
           std::to_string(V / D[0] % D[1]) + "," +
           std::to_string(V / D[0] / D[1]) + ")";
  }

  /// Blocks per dimension of an explicit-threads kernel, as
  /// HostWrapperPrinter computes them; false when they cannot be.
  bool blockCounts(const Kernel &K, int64_t (&Blocks)[3]) {
    for (unsigned D = 0; D < 3; ++D) {
      Blocks[D] = 1;
      if (!K.GridDims[D])
        continue;
      std::string Err;
      Blocks[D] = convert(I.eval(*K.GridDims[D]), ScalarKind::Long, Err).I;
      if (!Err.empty())
        I.fail(Err + " in the number of blocks of " + K.Name, K.Loc);
      if (I.failed())
        return false;
    }
    return true;
  }

  /// c2c_grid_time of the emitted code.
  static double gridTime(const int64_t (&Blocks)[3], double BlockTime) {
    int64_t N = Blocks[0] * Blocks[1] * Blocks[2];
    int64_t Waves = (N + InterpretedSmCount - 1) / InterpretedSmCount;
    return static_cast<double>(Waves) * BlockTime;
  }

  /// Kernel::BlockTime, or BlockTimeExpr's value.
  double blockTime(const Kernel &K) {
    if (!K.BlockTimeExpr)
      return K.BlockTime;
    return I.eval(*K.BlockTimeExpr).toDouble();
  }

  /// Kernel::Prescaled: while it lives, the kernel's arrays hold their
  /// elements scaled, as the host's c2c_prescale makes them right before
  /// the launch; the caller's data is back afterwards (the kernel does not
  /// write them).
  class ScaledArrays {
  public:
    ScaledArrays(LoweredRunner &X, const Kernel &K) {
      for (const Kernel::PrescaledArray &S : K.Prescaled) {
        auto It = X.M.Arrays.find(S.Array);
        Value Scale = X.I.eval(*S.Scale);
        if (X.I.failed())
          return;
        if (It == X.M.Arrays.end()) {
          X.I.fail("scaled copy of '" + S.Array + "', which has no buffer",
                   K.Loc);
          return;
        }
        Buffer &B = It->second;
        Unscaled.emplace_back(&B, B.Data);
        std::string Err;
        for (Value &V : B.Data)
          V = applyBinary(BinaryOpKind::Mul, Scale, V, B.Elem, Err);
        if (!Err.empty()) {
          X.I.fail("scaling '" + S.Array + "': " + Err, K.Loc);
          return;
        }
      }
    }
    ~ScaledArrays() {
      for (auto &[B, Data] : Unscaled)
        B->Data = std::move(Data);
    }
    ScaledArrays(const ScaledArrays &) = delete;
    ScaledArrays &operator=(const ScaledArrays &) = delete;

  private:
    std::vector<std::pair<Buffer *, std::vector<Value>>> Unscaled;
  };

  void launchExplicit(const Kernel &K) {
    static const int64_t Max[] = {2147483647LL, 65535LL, 65535LL};
    int64_t Blocks[3];
    if (!blockCounts(K, Blocks))
      return;
    // The host launches the split reduction where it splits in two or
    // more.
    if (K.SplitAlternative >= 0) {
      int64_t SplitBlocks[3];
      if (!blockCounts(LF.Kernels[K.SplitAlternative], SplitBlocks))
        return;
      if (SplitBlocks[1] >= 2) {
        launchKernel(static_cast<unsigned>(K.SplitAlternative), K.Loc);
        return;
      }
    }
    // The host launches smaller tiles instead where one of them takes less
    // time.
    if (K.FewBlocksAlternative >= 0) {
      double Fastest = std::numeric_limits<double>::infinity();
      for (int A = K.FewBlocksAlternative; A >= 0;
           A = LF.Kernels[A].FewBlocksAlternative) {
        int64_t AltBlocks[3];
        if (!blockCounts(LF.Kernels[A], AltBlocks))
          return;
        // A fused shape that does not fit is never the fastest.
        if (const ExprPtr &Fits = LF.Kernels[A].FitsWhen) {
          bool Holds = I.eval(*Fits).isTrue();
          if (I.failed())
            return;
          if (!Holds)
            continue;
        }
        double AltTime = blockTime(LF.Kernels[A]);
        if (I.failed())
          return;
        Fastest = std::min(Fastest, gridTime(AltBlocks, AltTime));
      }
      double Own = blockTime(K);
      if (I.failed())
        return;
      if (Blocks[0] * Blocks[1] * Blocks[2] <
              int64_t(K.MinBlocksPerSm) * InterpretedSmCount ||
          Fastest < gridTime(Blocks, Own)) {
        launchKernel(static_cast<unsigned>(K.FewBlocksAlternative), K.Loc);
        return;
      }
    }
    if (Blocks[0] <= 0 || Blocks[1] <= 0 || Blocks[2] <= 0)
      return; // The host skips an empty launch.
    ScaledArrays Scaled(*this, K);
    if (I.failed())
      return;
    for (unsigned D = 0; D < 3; ++D) {
      GridDim[D] = static_cast<unsigned>(std::min(Blocks[D], Max[D]));
      BlockDim[D] = K.Block[D] ? K.Block[D] : 1;
    }
    ThreadsPerBlock = int64_t(BlockDim[0]) * BlockDim[1] * BlockDim[2];
    int64_t NBlocks = int64_t(GridDim[0]) * GridDim[1] * GridDim[2];
    // In double: 2^31 * 65535^2 blocks would overflow.
    double Total =
        double(ThreadsPerBlock) * GridDim[0] * double(GridDim[1]) * GridDim[2];
    if (ThreadsPerBlock > 1024 || Total > double(int64_t(1) << 24)) {
      I.fail(K.Name + ": " + std::to_string(ThreadsPerBlock) +
                 " threads per block, " +
                 std::to_string(
                     static_cast<unsigned long long>(std::min(Total, 1.8e19))) +
                 " in all: too many to run",
             K.Loc);
      return;
    }
    ++R.Launches;
    R.KernelsRun.push_back(K.Name);
    R.Threads += ThreadsPerBlock * NBlocks;

    // Written scalars: atomic targets live in the shared buffer; any other
    // is a register of the only thread, stored back at its end.
    std::vector<std::string> Private;
    SharedWritten.clear();
    for (const KernelScalar &S : K.Scalars) {
      if (!S.Written)
        continue;
      if (hasAtomicTarget(K.Body, S.Name)) {
        SharedWritten.insert(S.Name);
        continue;
      }
      if (ThreadsPerBlock * NBlocks > 1) {
        I.fail(K.Name + " writes scalar '" + S.Name +
                   "' from several threads without an atomic update",
               K.Loc);
        return;
      }
      Private.push_back(S.Name);
    }

    // The host's locals (host loop iterators) are visible to every thread.
    LocalFrame Host;
    I.swapLocals(Host);
    std::vector<Value> PrivateIn;
    for (const std::string &N : Private) {
      auto Found = std::find_if(Host.rbegin(), Host.rend(), [&](auto &V) {
        return V.Name == N && !V.Array;
      });
      auto It = M.Scalars.find(N);
      if (Found == Host.rend() && It == M.Scalars.end()) {
        I.fail("written scalar '" + N + "' has no value", K.Loc);
        I.swapLocals(Host);
        return;
      }
      PrivateIn.push_back(Found != Host.rend() ? Found->V : It->second);
    }

    std::vector<int64_t> BlockOrder(NBlocks);
    std::iota(BlockOrder.begin(), BlockOrder.end(), 0);
    if (Opts.Order == ThreadOrder::Reverse)
      std::reverse(BlockOrder.begin(), BlockOrder.end());
    else if (Opts.Order == ThreadOrder::Shuffled)
      std::shuffle(BlockOrder.begin(), BlockOrder.end(), Rng);
    Order.resize(ThreadsPerBlock);

    Shadows.clear();
    InLaunch = I.AsyncAllowed = true;
    for (int64_t Blk : BlockOrder) {
      if (I.failed())
        break;
      CurBlock = Blk;
      // Every thread starts with the host's locals and its built-ins.
      int64_t B[3] = {Blk % GridDim[0], Blk / GridDim[0] % GridDim[1],
                      Blk / GridDim[0] / GridDim[1]};
      Frames.assign(ThreadsPerBlock, Host);
      static const char *const Sfx[] = {".x", ".y", ".z"};
      for (int64_t T = 0; T < ThreadsPerBlock; ++T) {
        LocalFrame &F = Frames[T];
        int64_t Th[3] = {T % BlockDim[0], T / BlockDim[0] % BlockDim[1],
                         T / BlockDim[0] / BlockDim[1]};
        for (unsigned D = 0; D < 3; ++D) {
          F.push_back({std::string("gridDim") + Sfx[D],
                       Value::ofInt(ScalarKind::UInt, GridDim[D]), nullptr});
          F.push_back({std::string("blockDim") + Sfx[D],
                       Value::ofInt(ScalarKind::UInt, BlockDim[D]), nullptr});
          F.push_back({std::string("blockIdx") + Sfx[D],
                       Value::ofInt(ScalarKind::UInt, B[D]), nullptr});
          F.push_back({std::string("threadIdx") + Sfx[D],
                       Value::ofInt(ScalarKind::UInt, Th[D]), nullptr});
        }
        for (size_t J = 0; J < Private.size(); ++J)
          F.push_back({Private[J], PrivateIn[J], nullptr});
      }
      SharedArrays.clear();
      SharedShadows.clear();
      SharedOwner = -1;
      GroupUses[0] = GroupUses[1] = GroupUse();
      // Copies a thread of the last block never waited for are dropped.
      AsyncStates.assign(ThreadsPerBlock, AsyncCopies());
      Active.assign(ThreadsPerBlock, 1);
      runPhases(K.Body);
      if (!I.failed())
        for (size_t J = 0; J < Private.size(); ++J)
          for (auto V = Frames[0].rbegin(); V != Frames[0].rend(); ++V)
            if (V->Name == Private[J] && !V->Array) {
              PrivateIn[J] = V->V;
              break;
            }
    }
    InLaunch = I.AsyncAllowed = false;
    Frames.clear();
    AsyncStates.clear();
    SharedArrays.clear();
    SharedShadows.clear();
    I.swapLocals(Host);
    if (I.failed())
      return;
    for (size_t J = 0; J < Private.size(); ++J) {
      Value *P = I.lookupLocal(Private[J]);
      (P ? *P : M.Scalars[Private[J]]) = PrivateIn[J];
    }
  }

  /// Thread T of the current block runs on the interpreter until leave().
  void enter(int64_t T) {
    CurThread = CurBlock * ThreadsPerBlock + T;
    I.swapLocals(Frames[T]);
    I.swapAsync(AsyncStates[T]);
  }
  void leave(int64_t T) {
    I.swapLocals(Frames[T]);
    I.swapAsync(AsyncStates[T]);
    if (I.failed() && !ErrorNamesThread) {
      I.appendToError(" (in " + CurKernel->Name + ", " + threadName(CurThread) +
                      ")");
      ErrorNamesThread = true;
    }
  }

  /// The order in which the block's active threads run one phase.
  const std::vector<int64_t> &threadOrder() {
    Order.clear();
    for (int64_t T = 0; T < ThreadsPerBlock; ++T)
      if (Active[T])
        Order.push_back(T);
    if (Opts.Order == ThreadOrder::Reverse)
      std::reverse(Order.begin(), Order.end());
    else if (Opts.Order == ThreadOrder::Shuffled)
      std::shuffle(Order.begin(), Order.end(), Rng);
    return Order;
  }

  bool allActive() const {
    return std::all_of(Active.begin(), Active.end(), [](char A) { return A; });
  }

  /// Whether the active threads with Flag set and those without split
  /// along warps (the lanes of a warp agree); else fails naming the first
  /// warp whose lanes disagree. Only warp shuffles may sit in such code.
  bool splitsAlongWarps(const Stmt &S, const std::vector<char> &Flag,
                        const std::string &What) {
    for (int64_t T = 0; T < ThreadsPerBlock; ++T) {
      int64_t First = T & ~int64_t(31);
      if (Active[T] && Active[First] && Flag[T] != Flag[First]) {
        I.fail("warp shuffle in " + CurKernel->Name +
                   " not reached by every lane of a warp of block " +
                   coords(CurBlock, GridDim) + ": " + What + " at " +
                   S.Loc.str() + " goes a different way in thread " +
                   coords(First, BlockDim) + " and thread " +
                   coords(T, BlockDim),
               S.Loc);
        ErrorNamesThread = true;
        return false;
      }
    }
    return true;
  }

  /// An assignment or declaration with warp shuffles: every lane of each
  /// warp with an active lane runs it; first every lane evaluates the
  /// shuffled values, then each runs the statement, a shuffle of lane L
  /// giving the value of lane L ^ offset (__shfl_xor_sync).
  void runShuffles(const Stmt &S) {
    std::vector<const CallExpr *> Calls = shuffles(S);
    for (int64_t W = 0; W < ThreadsPerBlock; W += 32) {
      int64_t Lanes = std::min<int64_t>(32, ThreadsPerBlock - W), On = 0;
      for (int64_t T = W; T < W + Lanes; ++T)
        On += Active[T] != 0;
      if (On && (On < 32 || Lanes < 32)) {
        I.fail("warp shuffle at " + S.Loc.str() + " in " + CurKernel->Name +
                   " reached by " + std::to_string(On) +
                   " of the 32 lanes of warp " + std::to_string(W / 32) +
                   " of block " + coords(CurBlock, GridDim),
               S.Loc);
        ErrorNamesThread = true;
        return;
      }
    }
    size_t N = Calls.size();
    // Every lane's arguments first.
    std::vector<std::vector<Value>> Args(ThreadsPerBlock * N);
    for (int64_t T : threadOrder()) {
      enter(T);
      for (size_t C = 0; C < N && !I.failed(); ++C) {
        for (const ExprPtr &A : Calls[C]->Args)
          Args[T * N + C].push_back(I.eval(*A));
        if (Calls[C]->Callee != "c2c_shfl_xor")
          continue;
        int64_t Off = Args[T * N + C][1].I;
        if (Off < 0 || Off > 31)
          I.fail("warp shuffle offset " + std::to_string(Off) +
                     " outside 0..31",
                 S.Loc);
      }
      leave(T);
      if (I.failed())
        return;
    }
    for (int64_t T : threadOrder()) {
      enter(T);
      I.OnShuffle = [&](const CallExpr &Call) {
        size_t C = std::find(Calls.begin(), Calls.end(), &Call) - Calls.begin();
        if (C == N)
          return Value();
        if (Call.Callee == "c2c_shfl_xor")
          return Args[(T ^ Args[T * N + C][1].I) * N + C][0];
        auto Arg = [&](int64_t Lane, unsigned A) {
          return Args[Lane * N + C][A];
        };
        return Call.Callee == "c2c_mma_m16n8k4" ? mmaPart(T, Arg)
                                                : tf32x3Part(T, Arg);
      };
      I.exec(S);
      I.OnShuffle = nullptr;
      leave(T);
      if (I.failed())
        return;
    }
  }

  /// Where thread T's accumulator of a tensor-core product lies: its warp's
  /// first thread, and the row and column in the 16 x 8 block (part 0 .. 3
  /// of lane l: rows l / 4 and l / 4 + 8, columns 2 (l % 4) and 2 (l % 4)
  /// + 1), from the part Arg(T, 0).
  struct AccumulatorAt {
    int64_t Warp, Row, Col;
  };
  static AccumulatorAt
  accumulatorAt(int64_t T, const std::function<Value(int64_t, unsigned)> &Arg) {
    int64_t W = T & ~int64_t(31), Lane = T - W;
    int64_t Part = Arg(T, 0).I & 3;
    return {W, (Lane >> 2) + 8 * (Part >> 1), 2 * (Lane & 3) + (Part & 1)};
  }

  /// What c2c_mma_m16n8k4(part, a0, a1, b0, c) gives thread T, whose
  /// warp's lanes passed Arg(lane, argument): the part's accumulator c plus
  /// the row of A (a0 of rows 0-7, a1 of rows 8-15, column q in lane
  /// 4 row + q) times the column of B (b0, row q in lane 4 column + q), as
  /// fused multiply-adds in the order of q.
  static Value mmaPart(int64_t T,
                       const std::function<Value(int64_t, unsigned)> &Arg) {
    auto [W, Row, Col] = accumulatorAt(T, Arg);
    double D = Arg(T, 4).D;
    for (int64_t Q = 0; Q < 4; ++Q)
      D = std::fma(Arg(W + 4 * (Row & 7) + Q, Row < 8 ? 1 : 2).D,
                   Arg(W + 4 * Col + Q, 3).D, D);
    return Value::ofFloat(ScalarKind::Double, D);
  }

  /// X's TF32 part, as the kernels compute it (c2c_tf32: to nearest, ties
  /// away from zero, 10 fraction bits).
  static float tf32(float X) {
    uint32_t U;
    std::memcpy(&U, &X, sizeof U);
    U = (U + 0x1000u) & 0xffffe000u;
    std::memcpy(&X, &U, sizeof X);
    return X;
  }

  /// What c2c_mma_m16n8k8_tf32x3(part, a0, a1, a2, a3, b0, b1, c) gives
  /// thread T: the part's accumulator c plus the sum, from zero, of lo(A)
  /// hi(B), hi(A) lo(B) and hi(A) hi(B) in turn, each the row of A (a0 / a1
  /// of rows 0-7 / 8-15 for columns q < 4 in lane 4 row + q, a2 / a3 for q
  /// >= 4 in lane 4 row + q - 4) times the column of B (b0 for rows q < 4
  /// in lane 4 column + q, b1 for the rest), each pass's eight exact
  /// products added and rounded to float once (the tensor cores' sums
  /// round no worse than to float), then one float add.
  static Value tf32x3Part(int64_t T,
                          const std::function<Value(int64_t, unsigned)> &Arg) {
    auto [W, Row, Col] = accumulatorAt(T, Arg);
    float A[8][2], B[8][2]; // [q][0: hi, 1: lo]
    for (int64_t Q = 0; Q < 8; ++Q) {
      float X = static_cast<float>(
          Arg(W + 4 * (Row & 7) + (Q & 3), (Row < 8 ? 1 : 2) + 2 * (Q >> 2)).D);
      float Y = static_cast<float>(Arg(W + 4 * Col + (Q & 3), 5 + (Q >> 2)).D);
      A[Q][0] = tf32(X);
      A[Q][1] = tf32(X - A[Q][0]);
      B[Q][0] = tf32(Y);
      B[Q][1] = tf32(Y - B[Q][0]);
    }
    float S = 0.0f;
    for (auto [PA, PB] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{0, 0}}) {
      double Sum = S;
      for (int64_t Q = 0; Q < 8; ++Q)
        Sum += static_cast<double>(A[Q][PA]) * static_cast<double>(B[Q][PB]);
      S = static_cast<float>(Sum);
    }
    return Value::ofFloat(ScalarKind::Float,
                          static_cast<float>(Arg(T, 7).D) + S);
  }

  /// Runs L for the whole block: barrier-free runs of statements thread by
  /// thread, statements containing a barrier together (runTogether).
  void runPhases(const StmtList &L) {
    size_t J = 0;
    while (J < L.size() && !I.failed()) {
      if (hasBarrier(*L[J])) {
        runTogether(*L[J++]);
        continue;
      }
      size_t E = J;
      while (E < L.size() && !hasBarrier(*L[E]))
        ++E;
      for (int64_t T : threadOrder()) {
        enter(T);
        for (size_t S = J; S < E && !I.failed(); ++S)
          I.exec(*L[S]);
        leave(T);
        if (I.failed())
          return;
      }
      J = E;
    }
  }

  void diverged(const Stmt &S, const StmtList &Inside, const std::string &What,
                int64_t T1, int64_t T2) {
    const BarrierStmt *B = firstBarrier(Inside);
    std::string BLoc = B && B->Loc.valid() ? " at " + B->Loc.str() : "";
    I.fail("barrier" + BLoc + " in " + CurKernel->Name +
               " not reached by every thread of block " +
               coords(CurBlock, GridDim) + ": " + What + " at " + S.Loc.str() +
               " " +
               (llvm::isa<ForStmt>(S) ? "runs a different number of times"
                                      : "goes a different way") +
               " in thread " + coords(T1, BlockDim) + " and thread " +
               coords(T2, BlockDim),
           S.Loc);
    ErrorNamesThread = true;
  }

  bool countStep(const Stmt &S) {
    if (++I.Steps > I.StepLimit)
      I.fail("more than " + std::to_string(I.StepLimit) +
                 " statements executed (a loop that does not end?)",
             S.Loc);
    return !I.failed();
  }

  /// A statement containing a barrier or a warp shuffle: every active
  /// thread evaluates its conditions, which must agree across the block
  /// around a barrier and across each warp around shuffles only, and the
  /// body runs in phases.
  void runTogether(const Stmt &S) {
    if (!countStep(S))
      return;
    size_t N = Frames.size();
    if (llvm::isa<BarrierStmt>(S)) {
      if (!allActive()) {
        I.fail("barrier in " + CurKernel->Name +
                   " not reached by every thread of block " +
                   coords(CurBlock, GridDim),
               S.Loc);
        return;
      }
      // Shared writes before the barrier are visible after it; global
      // accesses of this block before it happen before those after it.
      for (auto &[Buf, Sh] : SharedShadows)
        std::fill(Sh.begin(), Sh.end(), Shadow());
      ++Epoch;
      markInFlight();
      return;
    }
    if (llvm::isa<AssignStmt>(S) || llvm::isa<DeclStmt>(S))
      return runShuffles(S);
    bool Block = hasBlockBarrier(S);
    std::vector<size_t> Marks(N);
    if (const auto *If = llvm::dyn_cast<IfStmt>(&S)) {
      std::vector<char> Taken(N);
      for (int64_t T : threadOrder()) {
        enter(T);
        Taken[T] = I.eval(*If->Cond).isTrue();
        leave(T);
        if (I.failed())
          return;
      }
      int64_t First = -1;
      bool Agree = true;
      for (size_t T = 0; T < N; ++T)
        if (Active[T]) {
          if (First < 0)
            First = T;
          else if (Taken[T] != Taken[First]) {
            Agree = false;
            if (Block) {
              StmtList Both = If->Then;
              Both.insert(Both.end(), If->Else.begin(), If->Else.end());
              return diverged(S, Both, "if (" + exprToString(*If->Cond) + ")",
                              First, T);
            }
          }
        }
      if (First < 0)
        return;
      std::string What = "if (" + exprToString(*If->Cond) + ")";
      if (!Agree && !splitsAlongWarps(S, Taken, What))
        return;
      for (size_t T = 0; T < N; ++T)
        Marks[T] = Frames[T].size();
      std::vector<char> Saved = Active;
      for (int Arm = 1; Arm >= 0 && !I.failed(); --Arm) {
        bool Any = false;
        for (size_t T = 0; T < N; ++T) {
          Active[T] = Saved[T] && Taken[T] == Arm;
          Any |= Active[T] != 0;
        }
        if (Any)
          runPhases(Arm ? If->Then : If->Else);
      }
      Active = Saved;
      for (size_t T = 0; T < N; ++T)
        Frames[T].erase(Frames[T].begin() + Marks[T], Frames[T].end());
      return;
    }
    const auto *F = llvm::dyn_cast<ForStmt>(&S);
    if (!F) {
      I.fail("unexpected statement around a barrier in " + CurKernel->Name,
             S.Loc);
      return;
    }
    // Bounds once per thread, as C evaluates them.
    std::vector<Value> Upper(N);
    std::vector<char> Saved = Active;
    for (int64_t T : threadOrder()) {
      enter(T);
      std::string Err;
      Value Lo = convert(I.eval(*F->Lower), F->IterType, Err);
      Upper[T] = I.eval(*F->Upper);
      if (!Err.empty())
        I.fail(Err, F->Loc);
      Marks[T] = I.scopeMark();
      I.declare(F->Iter, Lo);
      leave(T);
      if (I.failed())
        break;
    }
    std::vector<size_t> Inner(N);
    std::vector<char> Go(N);
    std::string Err;
    std::string What = "loop '" + loopHeaderText(*F) + "'";
    while (!I.failed()) {
      int64_t First = -1;
      bool Agree = true, Any = false;
      for (size_t T = 0; T < N; ++T) {
        if (!Active[T])
          continue;
        Go[T] = Interpreter::loopContinues(*F, Frames[T][Marks[T]].V, Upper[T],
                                           Err);
        Any |= Go[T] != 0;
        if (First < 0)
          First = T;
        else if (Go[T] != Go[First]) {
          Agree = false;
          if (Block)
            return diverged(S, F->Body, What, First, T);
        }
      }
      if (!Agree && !splitsAlongWarps(S, Go, What))
        return;
      if (!Any)
        break;
      for (size_t T = 0; T < N; ++T)
        Active[T] = Active[T] && Go[T];
      for (size_t T = 0; T < N; ++T)
        Inner[T] = Frames[T].size();
      runPhases(F->Body);
      if (I.failed() || !countStep(S))
        return;
      for (size_t T = 0; T < N; ++T) {
        if (!Active[T])
          continue;
        LocalFrame &Fr = Frames[T];
        Fr.erase(Fr.begin() + Inner[T], Fr.end());
        Fr[Marks[T]].V = Interpreter::loopNext(*F, Fr[Marks[T]].V, Err);
      }
    }
    Active = Saved;
    for (size_t T = 0; T < N; ++T)
      if (Active[T])
        Frames[T].erase(Frames[T].begin() + Marks[T], Frames[T].end());
  }

  void runGridLoops(const Kernel &K, size_t G, const int64_t *B,
                    const int64_t *T, const int64_t *Trip) {
    if (G == K.Grid.size()) {
      size_t Mark = I.scopeMark();
      I.exec(K.Body);
      I.popScope(Mark);
      return;
    }
    const GridLoop &L = K.Grid[G];
    unsigned D = L.Dim;
    // for (c2c_t = blockIdx * blockDim + threadIdx; c2c_t < trip;
    //      c2c_t += gridDim * blockDim)
    int64_t Stride = int64_t(GridDim[D]) * BlockDim[D];
    for (int64_t C = B[D] * BlockDim[D] + T[D]; C < Trip[D] && !I.failed();
         C += Stride) {
      std::string Err;
      Value Lo = I.eval(*L.Lower);
      // (IterType)(Lower + c2c_t * Step), computed in long long.
      Value Sum = applyBinary(BinaryOpKind::Add, Lo,
                              Value::ofInt(ScalarKind::Long, C * L.Step),
                              commonType(Lo.Kind, ScalarKind::Long), Err);
      size_t Mark = I.scopeMark();
      I.declare(L.Iter, convert(Sum, L.IterType, Err));
      if (!Err.empty())
        I.fail(Err, L.Loc);
      runGridLoops(K, G + 1, B, T, Trip);
      I.popScope(Mark);
    }
  }

  const LoweredFunction &LF;
  const Function &F;
  Memory &M;
  ExecOptions Opts;
  ExecResult R;
  Interpreter I;
  HostRunner Host;
  std::mt19937_64 Rng;

  const Kernel *CurKernel = nullptr;
  bool InLaunch = false;
  int64_t CurThread = 0, ThreadsPerBlock = 1;
  /// Barriers passed so far (race detection: Shadow's epochs).
  int64_t Epoch = 0;
  unsigned GridDim[3] = {1, 1, 1}, BlockDim[3] = {1, 1, 1};
  std::set<std::string> SharedWritten;
  std::unordered_map<std::string, std::vector<Shadow>> Shadows;

  // Explicit-thread kernels: the current block, one set of locals per
  // thread of it, its shared arrays (per declaration) and their shadows
  // since the last barrier.
  int64_t CurBlock = 0;
  std::vector<LocalFrame> Frames;
  /// Each thread's asynchronous copies not yet written, swapped in with
  /// its locals (enter, leave).
  std::vector<AsyncCopies> AsyncStates;
  std::vector<int64_t> Order;
  /// The threads of the block running the current statements (all but
  /// inside code whose conditions split the block along warps).
  std::vector<char> Active;
  std::map<const DeclStmt *, std::shared_ptr<LocalBuffer>> SharedArrays;
  /// Overlaid shared memory (overlayAccess): the group that holds it (-1:
  /// none yet; 1: the overlaying arrays), and per group the threads that
  /// used it in the last epoch it was used.
  struct GroupUse {
    int64_t Threads[2] = {-1, -1}; ///< Two distinct threads, or -1.
    int64_t Epoch = -1;
  };
  int SharedOwner = -1;
  GroupUse GroupUses[2];
  std::unordered_map<const LocalBuffer *, std::vector<Shadow>> SharedShadows;
  std::unordered_map<const Stmt *, bool> BarrierMemo;
  /// The failure message already says which thread failed.
  bool ErrorNamesThread = false;
};

} // namespace

ExecResult checkAssumptions(const LoweredFunction &LF, const Memory &M) {
  ExecResult R;
  if (!LF.Source || LF.Assumptions.empty())
    return R;
  // The assumptions read the parameters only.
  Memory Scalars;
  Scalars.Scalars = M.Scalars;
  Interpreter I(Scalars, *LF.Source);
  for (const LoweredFunction::Assumption &A : LF.Assumptions) {
    Value V = I.eval(*A.Holds);
    if (I.failed()) {
      R.St = ExecResult::Status::Failed;
      R.Message = I.error();
      return R;
    }
    if (!V.isTrue()) {
      R.St = ExecResult::Status::Unsupported;
      R.Message = "these arguments break the assumption " +
                  exprToString(*A.Shown) + " about '" + A.Array +
                  "' (the entry points stop with an error)";
      return R;
    }
  }
  return R;
}

ExecResult runLowered(const LoweredFunction &LF, Memory &M,
                      const ExecOptions &Opts) {
  if (!LF.Source) {
    ExecResult R;
    R.St = ExecResult::Status::Failed;
    R.Message = "lowered function without source";
    return R;
  }
  return LoweredRunner(LF, M, Opts).run();
}

} // namespace exec
} // namespace c2cuda
