//===- AccessTestHelpers.h - Shared helpers of the GPU-model tests -------===//
//
// Used by AccessPatternTest and ReuseTest: finding a reference in a nest
// model and building a 2-D thread mapping.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_ACCESSTESTHELPERS_H
#define C2CUDA_TEST_UNIT_ACCESSTESTHELPERS_H

#include "analysis/AccessPattern.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace c2cuda {
namespace test {

using RefPtr = std::shared_ptr<const ArrayRef>;

/// Index of R in M.Refs; throws if the model lacks it.
inline size_t refIndex(const NestModel &M, const RefPtr &R) {
  for (size_t I = 0; I < M.Refs.size(); ++I)
    if (M.Refs[I].Ref == R.get())
      return I;
  throw std::runtime_error("no reference to " + R->Array);
}

/// X on threadIdx.x, Y on threadIdx.y, a Bx x By block.
inline ThreadMapping mapping(std::string X, std::string Y, unsigned Bx,
                             unsigned By) {
  ThreadMapping TM;
  TM.Iter = {std::move(X), std::move(Y), ""};
  TM.Block = {Bx, By, 1};
  return TM;
}

} // namespace test
} // namespace c2cuda

#endif
