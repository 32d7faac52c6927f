//===- PtxasInfo.h - Forwarding header -------------------------*- C++ -*-===//
//
// PtxasInfo lives in the Clang-free tuner library (lib/tuner) so that the
// static c2cuda-tune binary shares it; this header keeps the old path.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_PTXASINFO_H
#define C2CUDA_ANALYSIS_PTXASINFO_H

#include "tuner/PtxasInfo.h"

#endif // C2CUDA_ANALYSIS_PTXASINFO_H
