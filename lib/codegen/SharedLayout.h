//===- SharedLayout.h - Where a kernel's shared tiles live -----*- C++ -*-===//
//
// A kernel may declare at most 48 KiB of shared memory statically; a block
// of sm_90 may use 227 KiB when the kernel takes it as dynamic shared memory
// and the host raises the kernel's limit (cudaFuncSetAttribute with
// cudaFuncAttributeMaxDynamicSharedMemorySize) before launching it with the
// byte count. sharedLayout decides per kernel: tiles of up to 48 KiB in all
// stay `__shared__` arrays; above that, each is a reference into one
// `extern __shared__` buffer at a 16-byte-aligned offset (the alignment the
// static tiles have, for 16-byte vector accesses), and the launch passes
// Bytes. Arrays marked DeclStmt::OverlaysTiles (used only once the others
// are dead) start at offset 0 again, over the tiles, and are always dynamic:
// the block takes the larger of the two runs. The kernel printer and the
// host wrapper printer both ask it, so the offsets the kernel uses and the
// size the host launches with agree.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_CODEGEN_SHAREDLAYOUT_H
#define C2CUDA_CODEGEN_SHAREDLAYOUT_H

#include "ir/IR.h"

#include <cstdint>
#include <map>
#include <string>

namespace c2cuda {
namespace codegen {

struct SharedLayout {
  /// Every shared array's byte offset in the dynamic buffer; empty when the
  /// tiles are declared statically.
  std::map<std::string, int64_t> Offsets;
  /// The shared bytes of a block (offsets and alignment included).
  int64_t Bytes = 0;
  bool dynamic() const { return !Offsets.empty(); }
};

/// The most shared memory a kernel may declare statically.
constexpr int64_t MaxStaticSharedBytes = 48 * 1024;

SharedLayout sharedLayout(const Kernel &K);

/// The name of a kernel's dynamic shared buffer.
inline const char *dynamicSharedName() { return "c2c_dyn_smem"; }

} // namespace codegen
} // namespace c2cuda

#endif
