//===- SizeDispatchPrinter.h - Entry points choosing by size ---*- C++ -*-===//
//
// For a function tuned at several sizes (CudaEmitOptions::SizeDispatches),
// prints the drop-in entry `f` and, where the function has one, `f_device`
// with the user's signature: each passes its arguments on to the entry of
// the same name of the lowering tuned for the call's size class
// (runtime/size-classes.cuh: the nearest size set within a factor of 2 in
// every integer parameter), or of the default schedule's lowering where no
// class applies. The lowerings' own entries are static, so the .cu exports
// exactly the names it would without tuning.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_SIZEDISPATCHPRINTER_H
#define C2CUDA_CODEGEN_SIZEDISPATCHPRINTER_H

#include "CodegenSupport.h"

#include "llvm/Support/raw_ostream.h"

namespace c2cuda {
namespace codegen {

void printSizeDispatch(llvm::raw_ostream &OS, const SizeDispatch &D,
                       const EmitContext &Ctx);

} // namespace codegen
} // namespace c2cuda

#endif
