//===- Execute.h - Reference and lowered execution of a function -*- C++ -*-=//
//
// The CPU execution oracle. runReference runs a function's nests in source
// order, sequentially, as the C program does. runLowered runs its lowered
// form as the GPU would: the host body (host loops and ifs around launches),
// and for each launch the grid and block computed exactly as the host
// wrapper does (HostWrapperPrinter), every thread of every block in an
// adversarial order (shuffled from a seed, or reversed), each thread running
// the grid-stride loops the kernel printer emits. Atomic updates are applied
// one at a time; written scalars go through their one-element buffers.
// Per launch, it records which thread touched each element and reports a
// write/write or write/read of one element by two different threads (plain
// accesses mixed with atomic updates count too) as a data race.
//
// An explicit-thread kernel (Kernel::ExplicitThreads) runs as the GPU runs
// it: GridDims blocks (clamped as the host clamps them; none if one is not
// positive) one after another in the chosen order, and within a block the
// threads in lockstep phases between barriers: a run of statements without
// a barrier runs thread by thread (each thread with its own locals, the
// CUDA built-ins bound per thread), and a loop or if containing a barrier
// runs for all threads together, which must agree on its condition, else
// the barrier is reported as not reached by every thread. Register arrays
// are per thread and shared arrays per block, both poisoned (NaN) when
// allocated and bounds-checked per dimension. Two threads of the block
// touching one shared element between the same two barriers, one of them
// writing, is a race; global arrays are checked across the whole launch.
// An asynchronous copy (AssignStmt::Async) reads its source when issued and
// writes shared memory when a wait of its thread covers its group (never,
// without one); until then it is a write in flight, which races with any
// other thread's access of its element, across barriers too.
//
// Host code (C text) cannot be interpreted in general: only the forms the
// IR fully describes are run (a declaration of a host constant, a host
// region `for (int it = a; it < b; ++it) {`); anything else makes the
// result Unsupported, with the reason, so that tests can list what they
// skip instead of passing it.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_EXECUTE_H
#define C2CUDA_EXEC_EXECUTE_H

#include "Memory.h"

#include "ir/IR.h"

#include <cstdint>
#include <string>
#include <vector>

namespace c2cuda {
namespace exec {

enum class ThreadOrder { Forward, Reverse, Shuffled };

struct ExecOptions {
  ThreadOrder Order = ThreadOrder::Shuffled;
  uint64_t Seed = 0;
  bool DetectRaces = true;
};

struct ExecResult {
  enum class Status { Ok, Failed, Unsupported };
  Status St = Status::Ok;
  /// What failed (out-of-bounds access, race, undefined behaviour, ...) or
  /// why the function cannot be interpreted.
  std::string Message;
  bool ok() const { return St == Status::Ok; }
  /// Kernel launches run, threads run (lowered only).
  uint64_t Launches = 0, Threads = 0;
  /// The kernels launched, in order (lowered only).
  std::vector<std::string> KernelsRun;
};

ExecResult runReference(const Function &F, Memory &M);
ExecResult runLowered(const LoweredFunction &LF, Memory &M,
                      const ExecOptions &Opts = {});

/// Whether the entry points of LF would run for the scalars of M: Ok, or
/// Unsupported with the assumption the kernels were built under that they
/// break (codegen's c2c_check_assumption: the entry points stop with an
/// error where the C runs, as rows that overlap are legal C, so there is
/// nothing to compare), or Failed where evaluating one failed.
ExecResult checkAssumptions(const LoweredFunction &LF, const Memory &M);

} // namespace exec
} // namespace c2cuda

#endif
