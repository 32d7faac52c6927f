// median-time.cuh - the benchmark drivers' timer: CUDA events around
// `calls` calls of f on the default stream, after one warm-up call; the
// median over `reps` such intervals, per call, in milliseconds.
#pragma once
#include <algorithm>
#include <cuda_runtime.h>
#include <vector>

template <class F> static float median_ms(F f, int reps = 20, int calls = 1) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();
  cudaDeviceSynchronize();
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(a);
    for (int c = 0; c < calls; ++c)
      f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms / calls);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
