//===- HostFootprint.h - Elements host statements touch ---------*- C++ -*-===//
//
// How many elements of an array, from index 0, the function's host
// statements (HostCode: the C between and around the nests) touch, over the
// function's parameters. The entry points size an array's device copy and
// host staging buffer by it too: a statement after the nests that writes
// `y[n]` of an array the kernels fill to `y[n - 1]` must find its element
// there (in `f_device`, the host statement works on a staging buffer of that
// many elements).
//
// Each host statement the frontend has as IR is analyzed as a nest of its
// own (its loops, if any, bound its subscripts). A statement without IR, a
// subscript over the data, or one over the iterator of a host loop around
// it gives no bound: the array's entry is null.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_HOSTFOOTPRINT_H
#define C2CUDA_ANALYSIS_HOSTFOOTPRINT_H

#include "ir/IR.h"

#include <map>
#include <set>
#include <string>

namespace c2cuda {

struct HostFootprint {
  /// Elements from index 0 (Long, over F's parameters); null where some
  /// statement's are unknown.
  ExprPtr Elements;
  /// The first statement whose elements are unknown.
  SourceLoc Unbounded;
};

/// Per array of Arrays that some host statement of F touches, what those
/// statements reach. Arrays no host statement touches are absent.
std::map<std::string, HostFootprint>
hostFootprints(const Function &F, const std::set<std::string> &Arrays);

} // namespace c2cuda

#endif
