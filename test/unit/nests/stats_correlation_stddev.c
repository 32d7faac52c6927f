// The standard deviations of PolyBench correlation: a sum of squares per
// column, then a clamp.
// EXPECT: j parallel
// EXPECT: i reduction + c2c_acc_stddev
#include <math.h>

void stddevs(int m, int n, float float_n, float eps, float data[n][m],
             float mean[m], float stddev[m]) {
#pragma c2cuda kernel
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0f;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrtf(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0f : stddev[j];
  }
}
