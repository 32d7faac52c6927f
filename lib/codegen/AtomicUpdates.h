//===- AtomicUpdates.h - Atomic reduction statements as CUDA ---*- C++ -*-===//
//
// A statement ParallelizeReductions made atomic (AssignStmt::Atomic) prints
// as one CUDA atomic: atomicAdd for +, and - (floating: adding the negated
// operand; 64-bit integers: through unsigned long long, exact in two's
// complement), atomicMin/atomicMax for integers, atomicAnd/Or/Xor for & | ^.
// CUDA has no instruction for a product or a floating min/max: those go
// through c2c_atomic_cas, a compare-and-swap loop on the value's bits whose
// min/max follow fminf/fmaxf (a NaN operand is ignored), which the prelude
// defines when some kernel needs it.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_ATOMICUPDATES_H
#define C2CUDA_CODEGEN_ATOMICUPDATES_H

#include "ir/IR.h"

#include <string>

namespace c2cuda {
namespace codegen {

/// The CUDA call (without ';') doing A atomically, given the text of the
/// target's address and of the operand.
std::string atomicUpdateText(const AssignStmt &A, const std::string &Addr,
                             const std::string &Operand);

/// Whether some statement of L needs c2c_atomic_cas.
bool needsAtomicCas(const StmtList &L);

/// The definitions of c2c_atomic_cas and its operators.
extern const char *const AtomicCasHelpers;

} // namespace codegen
} // namespace c2cuda

#endif
