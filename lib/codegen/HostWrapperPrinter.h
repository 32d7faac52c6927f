//===- HostWrapperPrinter.h - Drop-in host entry points --------*- C++ -*-===//
//
// For each lowered function prints three things:
//  - `static R c2c_<f>_body(...)`: the host body (host code verbatim, host
//    loops around launches, launches) over host-visible arrays and device
//    buffers. Around every host statement that touches an array the device
//    has written, exactly that array is copied to the host first, and after
//    a host statement that writes an array, exactly that array is copied back
//    to the device. A `return` in host code leaves only this helper, so the
//    callers below still copy results out and free memory.
//  - `extern "C" R f(<C parameters>)`: the drop-in wrapper. It checks that
//    arrays passed to it do not overlap where one is written, allocates and
//    copies in every array the kernels use, calls the body, copies out the
//    arrays the device writes and frees everything.
//  - `extern "C" R f_device(<C parameters>)`: the same computation on arrays
//    that already live on the GPU; only arrays host code touches are staged,
//    in host buffers of their own.
// Every CUDA call and every launch is checked; a failure prints what failed,
// in which kernel or function, and the C source line, then exits with 1.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_HOSTWRAPPERPRINTER_H
#define C2CUDA_CODEGEN_HOSTWRAPPERPRINTER_H

#include "CodegenSupport.h"

#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

namespace c2cuda {
namespace codegen {

/// Whether F has a multi-dimensional parameter with a non-constant inner
/// size, whose host view needs the c2c_vla template of the prelude.
bool needsVlaView(const Function &F);

/// `extern "C" R Name(<F's parameters>) {` (static for a static F; global
/// arrays are no parameters), the C ABI spelling of F's signature.
void printEntrySignature(llvm::raw_ostream &OS, const Function &F,
                         const std::string &Name);

void printHostEntries(llvm::raw_ostream &OS, const LoweredFunction &LF,
                      const EmitContext &Ctx);

} // namespace codegen
} // namespace c2cuda

#endif
