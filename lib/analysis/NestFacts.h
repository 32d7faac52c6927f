//===- NestFacts.h - What the analysis knows about each nest ---*- C++ -*-===//
//
// analyzeFunction() computes, for every nest of a function:
//  - the class of every loop, from an exact dependence test on the affine
//    accesses (isl): parallel; reduction (only reduction statements into a
//    target fixed across the loop conflict); or sequential, with the reason
//    and the blocking dependence (references, kind, distance);
//  - the stride of every array reference in each loop iterator, so the
//    mapping can put the contiguous loop on threadIdx.x;
//  - the arrays and outside scalars each nest reads and writes;
// and, for the function, the number of elements of every array the nests
// touch, as an expression over the function's parameters.
//
// Linearized pointer accesses (A[i*K + k]) are delinearized into
// dimensions (A[i][k] with inner size K) only when every inner subscript is
// proven to stay within its dimension, so the dependence test stays exact.
// A reference that cannot be made affine is treated as touching any element
// of its array, and the reason is kept.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_NESTFACTS_H
#define C2CUDA_ANALYSIS_NESTFACTS_H

#include "ir/Diagnostics.h"
#include "ir/IR.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// How a loop may run: every iteration at once (Parallel); at once except
/// for reductions into targets that do not move with the loop, which need
/// combining (Reduction); or in order (Sequential).
enum class LoopClass { Parallel, Reduction, Sequential };
const char *spelling(LoopClass C); ///< "parallel", "reduction", "sequential"

/// A reduction carried by a loop: every access to Target inside the loop is
/// `Target op= e` (or `Target = Target op e`, `Target = fmax(Target, e)`...)
/// with e not reading Target, and Target's element does not move with the
/// loop.
struct ReductionFacts {
  std::string Target; ///< "s", or the reference text "C[i * N + j]".
  bool IsScalar = false;
  std::string Op; ///< "+", "*", "min", "max", "&", "|", "^".
  ScalarKind Type = ScalarKind::Float;
  /// The reduction statements, in source order.
  std::vector<const AssignStmt *> Stmts;
};

/// The dependence that keeps a loop sequential.
struct DependenceFacts {
  std::string SourceRef, SinkRef; ///< Reference text, e.g. "A[i + 1][j]".
  SourceLoc SourceAt, SinkAt;
  std::string Kind; ///< "flow" (write then read), "anti", "output".
  /// Distance in this loop's iterations from source to sink: "1", "2",
  /// "1..3", ">= 1", or "*" when unknown (non-affine access).
  std::string Distance;
};

struct LoopFacts {
  LoopClass Class = LoopClass::Sequential;
  /// Class == Parallel: no two iterations of this loop (all enclosing loops
  /// of the nest fixed) touch the same element or scalar with a write.
  bool Parallel = false;
  /// Why not parallel, e.g. "A[i + 1] (written at f.c:12:7) and A[i] (read
  /// at f.c:12:18) may touch the same element in different iterations of
  /// 'i'". For a Reduction loop, says which reductions.
  std::string Reason;
  /// Class == Reduction: the reductions (they alone carry dependences).
  std::vector<ReductionFacts> Reductions;
  /// Class == Sequential: one dependence that forbids parallelism.
  std::optional<DependenceFacts> Blocking;
};

struct RefFacts {
  const ArrayRef *Ref = nullptr;
  bool IsWrite = false; ///< Also true for the target of `+=`, which reads too.
  /// Whether the index (after delinearization) is affine in the iterators and
  /// parameters. If not, NonAffineReason says why.
  bool Affine = false;
  std::string NonAffineReason;
  /// Why, when it is a row of this size that subscripts were not proven to
  /// stay within (DelinResult::UnprovenRow).
  std::string UnprovenRow;
  /// Coefficient of each nest iterator in the linearized element offset,
  /// where it is a constant (e.g. {k: 1} for A[i*K + k]; i is absent because
  /// its coefficient is K).
  std::map<std::string, int64_t> ConstStride;
};

struct NestFacts {
  /// Every ForStmt of the nest, host-hoistable or not.
  std::map<const ForStmt *, LoopFacts> Loops;
  std::vector<RefFacts> Refs;
  std::set<std::string> ArraysRead, ArraysWritten;
  /// Scalars used in the nest but declared outside it (parameters, host
  /// locals), excluding the nest's own loop iterators.
  std::map<std::string, ScalarKind> ScalarsRead, ScalarsWritten;
};

struct ArrayExtent {
  /// Elements from index 0 needed on the device (Long), over the function's
  /// parameters. Null when it cannot be inferred.
  ExprPtr Elements;
};

/// A condition on the function's parameters the analysis assumed: the rows
/// of a linearized array hold what its inner subscripts reach
/// (C[i*ldc + j] with 0 <= j < n: ldc >= n, BLAS's promise). The entry
/// points check it when called.
struct ParamAssumption {
  ExprPtr Holds;     ///< Int condition over function parameters.
  ExprPtr Shown;     ///< Holds where the nest runs, simpler ("ldc >= n").
  std::string Array; ///< The array whose rows it concerns.
  std::string Row;   ///< The row's size as written ("ldc").
  SourceLoc Loc;     ///< The array's first reference.
};

struct FunctionFacts {
  std::map<const NestStmt *, NestFacts> Nests;
  /// Every array parameter used by some nest.
  std::map<std::string, ArrayExtent> Extents;
  std::vector<ParamAssumption> Assumptions;
};

/// Analyses every nest of F. Problems the user must fix (an extent that
/// cannot be inferred and has no `extent(...)` clause, an index that may be
/// negative) are reported to Diags as errors with a hint. With
/// IgnoreNegativeIndices, extents count the non-negative indices and a
/// negative one is no error (host statements: C's `y[n]` runs where n >= 0).
/// AssignedIn (default F) is the function whose statements may assign F's
/// scalars, where F holds only some of them (HostFootprint).
FunctionFacts analyzeFunction(const Function &F, DiagnosticList &Diags,
                              bool IgnoreNegativeIndices = false,
                              const Function *AssignedIn = nullptr);

/// Whether the loops Ls of a nest read rows per iteration of its loop
/// Across: 1 when more references of their bodies (leaving out Skip) are
/// unit-stride along their own loop than along Across, and some reference
/// is strided along Across (where each is the same or consecutive for
/// consecutive iterations of Across, a thread per iteration reads coalesced
/// already); -1 when fewer but some are along Across (a column per
/// iteration, coalesced already); else 0.
int rowsAlong(const NestFacts &NF, const std::vector<const ForStmt *> &Ls,
              const std::string &Across,
              const std::set<const ArrayRef *> &Skip = {});

/// The dependences between the statements of a nest, for transforms that
/// reorder them (RestructureNests). Each statement instance set has an isl
/// name ("S3") and the nest's loops around it as its dimensions, it0 the
/// outermost. A statement may have several (a branch's condition and what
/// it runs, a read guarded by `&&`): each names its Node.
struct NestDependences {
  struct Statement {
    std::string Name;
    const Stmt *Node = nullptr;
    std::vector<const ForStmt *> Loops;
  };
  std::vector<Statement> Statements;
  /// isl union map text { Sa[...] -> Sb[...] : ... }: the instance of Sb
  /// touches an element or scalar the instance of Sa touched before it, in
  /// the order the nest runs as written, and one of them writes it.
  /// Subscripts that are not affine touch any element of their array.
  std::string Dependences;
};

/// analyzeFunction (into Facts), and the dependences of each nest in Which
/// whose accesses make at most MaxPairs pairs to test (nests with more are
/// left out of the result).
std::map<const NestStmt *, NestDependences>
nestDependences(const Function &F, const std::set<const NestStmt *> &Which,
                FunctionFacts &Facts, DiagnosticList &Diags,
                size_t MaxPairs = 4096);

} // namespace c2cuda

#endif
