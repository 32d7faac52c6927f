//===- SearchRng.h - Seeded randomness for the strategies ------*- C++ -*-===//
//
// The strategies draw from std::mt19937_64, whose sequence the standard
// fixes, but not through std::shuffle or the std distributions, whose
// algorithms are the library's choice: a seed must give the same search
// on the machine that emits a bundle and the one that runs it.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TUNER_SEARCHRNG_H
#define C2CUDA_TUNER_SEARCHRNG_H

#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace c2cuda {
namespace tuner {

class SearchRng {
public:
  explicit SearchRng(unsigned long long Seed) : Gen(Seed) {}

  uint64_t next() { return Gen(); }

  /// Uniform in [0, N), N > 0, by rejection (no modulo bias).
  uint64_t below(uint64_t N) {
    uint64_t Limit = UINT64_MAX - UINT64_MAX % N;
    uint64_t X;
    do
      X = Gen();
    while (X >= Limit);
    return X % N;
  }

  /// Uniform in [0, 1).
  double unit() { return double(Gen() >> 11) * 0x1.0p-53; }

  /// Fisher-Yates.
  template <typename T> void shuffle(std::vector<T> &V) {
    for (size_t I = V.size(); I > 1; --I)
      std::swap(V[I - 1], V[below(I)]);
  }

private:
  std::mt19937_64 Gen;
};

} // namespace tuner
} // namespace c2cuda

#endif
