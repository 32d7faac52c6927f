// Size classes of a function tuned at several sizes (`c2cuda tune` with
// several --size sets; codegen/SizeDispatchPrinter.h): which of its tuned
// lowerings a call runs. c2cuda's codegen embeds this file into every .cu
// with such an entry point. Host code only.
//
// A class applies to a call when every size of the call is within a factor
// of 2 of the class's (a schedule tuned at 4096 says little about 64); of
// those that apply, the nearest in log scale wins, the first given on a tie.
// Sizes below 1 count as 1.
#include <cmath>

// classes: count rows of params sizes each; call: the call's params sizes.
// The index of the class the call runs, or -1: none applies (the entry runs
// the default schedule).
[[maybe_unused]] static int c2c_size_class(const long long *classes, int count,
                                           int params, const long long *call) {
  int best = -1;
  double best_distance = 0;
  for (int c = 0; c < count; ++c) {
    double distance = 0;
    bool applies = true;
    for (int p = 0; p < params; ++p) {
      double tuned = (double)classes[c * params + p], given = (double)call[p];
      double octaves =
          std::log2((given > 1 ? given : 1) / (tuned > 1 ? tuned : 1));
      applies = applies && std::fabs(octaves) <= 1;
      distance += octaves * octaves;
    }
    if (applies && (best < 0 || distance < best_distance)) {
      best = c;
      best_distance = distance;
    }
  }
  return best;
}
