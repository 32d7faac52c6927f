//===- FuzzFrontend.cpp - libFuzzer target: any C source ------------------===//
//
// The input is a C file, compiled as `c2cuda input.c -o out.cu` would
// compile it (FuzzCommon.h). The seed corpus is the project's C files
// (examples/, test/lit/, test/unit/nests/).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  // -1: not added to the corpus.
  if (Size > c2cuda::fuzz::MaxInputSize || c2cuda::fuzz::mayReadDevices(Source))
    return -1;
  c2cuda::fuzz::compileSource(Source);
  return 0;
}
