//===- AtomicUpdates.cpp - Atomic reduction statements as CUDA ------------===//

#include "AtomicUpdates.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

namespace c2cuda {
namespace codegen {

const char *const AtomicCasHelpers = R"(
// Atomic updates CUDA has no instruction for (a product, a floating min or
// max): a compare-and-swap loop on the bits of the value. min/max follow
// fminf/fmaxf, so a NaN operand is ignored.
#include <string.h>
struct c2c_op_mul {
  template <typename T> __device__ T operator()(T a, T b) const { return a * b; }
};
struct c2c_op_fmin {
  __device__ float operator()(float a, float b) const { return fminf(a, b); }
  __device__ double operator()(double a, double b) const { return fmin(a, b); }
};
struct c2c_op_fmax {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
  __device__ double operator()(double a, double b) const { return fmax(a, b); }
};
template <int Size> struct c2c_word;
template <> struct c2c_word<4> { typedef unsigned int type; };
template <> struct c2c_word<8> { typedef unsigned long long type; };
template <typename T, typename Op>
__device__ __forceinline__ void c2c_atomic_cas(T *p, T v, Op op) {
  typedef typename c2c_word<sizeof(T)>::type W;
  W *w = (W *)p;
  W old = *(volatile W *)w, assumed;
  do {
    assumed = old;
    T cur, next;
    memcpy(&cur, &assumed, sizeof(T));
    next = op(cur, v);
    W bits;
    memcpy(&bits, &next, sizeof(T));
    if (bits == assumed)
      return; // Already the combined value (a max that does not grow).
    old = atomicCAS(w, assumed, bits);
  } while (old != assumed);
}
)";

namespace {

bool needsCas(const AssignStmt &A) {
  return A.Atomic == AtomicKind::Mul ||
         ((A.Atomic == AtomicKind::Min || A.Atomic == AtomicKind::Max) &&
          isFloating(A.LHS->Type));
}

} // namespace

std::string atomicUpdateText(const AssignStmt &A, const std::string &Addr,
                             const std::string &Operand) {
  ScalarKind T = A.LHS->Type;
  // ReductionPolicy refuses these: CUDA has no 8- or 16-bit atomics.
  if (isNarrowInteger(T))
    llvm::report_fatal_error(llvm::Twine("c2cuda codegen: atomic update of "
                                         "a '") +
                             spelling(T) + "' target");
  std::string Type = spelling(T);
  bool Wide = T == ScalarKind::Long || T == ScalarKind::ULong;
  // 64-bit integers go through the unsigned long long (signed long long for
  // min/max) overloads; the bits are the same on LP64.
  std::string U = "unsigned long long";
  std::string WideAddr = "(" + U + " *)" + Addr;
  std::string WideOp = "(" + U + ")(" + Operand + ")";
  auto Cas = [&](const char *Op) {
    return "c2c_atomic_cas<" + Type + ">(" + Addr + ", " + Operand + ", " + Op +
           "())";
  };
  auto Bitwise = [&](const char *Fn) {
    if (isFloating(T))
      llvm::report_fatal_error("c2cuda codegen: bitwise atomic on a floating "
                               "value");
    return Wide ? std::string(Fn) + "(" + WideAddr + ", " + WideOp + ")"
                : std::string(Fn) + "(" + Addr + ", " + Operand + ")";
  };
  switch (A.Atomic) {
  case AtomicKind::Add:
    if (Wide)
      return "atomicAdd(" + WideAddr + ", " + WideOp + ")";
    return "atomicAdd(" + Addr + ", " + Operand + ")";
  case AtomicKind::Sub:
    if (Wide)
      return "atomicAdd(" + WideAddr + ", 0ULL - " + WideOp + ")";
    if (isFloating(T))
      return "atomicAdd(" + Addr + ", -(" + Operand + "))";
    return "atomicSub(" + Addr + ", " + Operand + ")";
  case AtomicKind::Mul:
    return Cas("c2c_op_mul");
  case AtomicKind::Min:
  case AtomicKind::Max: {
    bool Max = A.Atomic == AtomicKind::Max;
    if (isFloating(T))
      return Cas(Max ? "c2c_op_fmax" : "c2c_op_fmin");
    std::string Fn = Max ? "atomicMax" : "atomicMin";
    if (T == ScalarKind::Long)
      return Fn + "((long long *)" + Addr + ", (long long)(" + Operand + "))";
    if (T == ScalarKind::ULong)
      return Fn + "(" + WideAddr + ", " + WideOp + ")";
    return Fn + "(" + Addr + ", " + Operand + ")";
  }
  case AtomicKind::And:
    return Bitwise("atomicAnd");
  case AtomicKind::Or:
    return Bitwise("atomicOr");
  case AtomicKind::Xor:
    return Bitwise("atomicXor");
  case AtomicKind::None:
    break;
  }
  llvm::report_fatal_error("c2cuda codegen: statement is not atomic");
}

bool needsAtomicCas(const StmtList &L) {
  for (const StmtPtr &S : L) {
    if (const auto *A = llvm::dyn_cast<AssignStmt>(S.get())) {
      if (needsCas(*A))
        return true;
    } else if (const auto *I = llvm::dyn_cast<IfStmt>(S.get())) {
      if (needsAtomicCas(I->Then) || needsAtomicCas(I->Else))
        return true;
    } else if (const auto *F = llvm::dyn_cast<ForStmt>(S.get())) {
      if (needsAtomicCas(F->Body))
        return true;
    }
  }
  return false;
}

} // namespace codegen
} // namespace c2cuda
