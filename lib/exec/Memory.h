//===- Memory.h - Arrays and scalars of one execution ----------*- C++ -*-===//
//
// The state a function runs on: one typed buffer per array parameter (a
// multi-dimensional parameter is linearized row-major, with its dimension
// sizes evaluated from the scalar parameters) and the values of the scalar
// parameters and host scalars. The reference and the lowered execution each
// get their own copy of the same initial Memory.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_EXEC_MEMORY_H
#define C2CUDA_EXEC_MEMORY_H

#include "Value.h"

#include "ir/IR.h"

#include <map>
#include <random>
#include <string>
#include <vector>

namespace c2cuda {
namespace exec {

struct Buffer {
  ScalarKind Elem = ScalarKind::Float;
  std::vector<Value> Data;
  /// Form::Array parameters: the size of each dimension, outermost first;
  /// -1 where the parameter leaves it open (`float A[][M]`). Empty for
  /// pointers, which are indexed with one linearized index.
  std::vector<int64_t> Dims;
  /// One past the highest element an execution read or wrote: what a
  /// host copy of the array may cover.
  int64_t Touched = 0;
};

struct Memory {
  std::map<std::string, Buffer> Arrays;
  std::map<std::string, Value> Scalars;
};

/// Evaluates E (over the scalars of M only) as an integer, or sets Err.
int64_t evaluateScalarInt(const Expr &E, const Memory &M, std::string &Err);

/// Allocates a buffer for every array parameter of F, of Extents[name]
/// elements if given (from the ArrayPlans), else the product of its
/// dimensions. The scalar parameters must already be in M. Elements are
/// drawn from Rng: floating in [Lo, Hi), integers in [-8, 8] (unsigned char
/// and unsigned short in [0, 16]).
bool allocateArrays(const Function &F,
                    const std::map<std::string, int64_t> &Extents, Memory &M,
                    std::mt19937_64 &Rng, double Lo, double Hi,
                    std::string &Err);

/// The extents of the planned arrays of LF, evaluated over M's scalars.
std::map<std::string, int64_t>
plannedExtents(const LoweredFunction &LF, const Memory &M, std::string &Err);

} // namespace exec
} // namespace c2cuda

#endif
