#include <math.h>

/* Best split of every interval [i, j], from the short intervals up: a
 * dynamic program with a loop over the split points inside. */
void interval(int n, const float w[n], float T[n][n]) {
#pragma scop
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      float best = T[i][j];
      for (int k = i; k < j; k++)
        best = fmaxf(best, T[i][k] + T[k + 1][j]);
      T[i][j] = best + w[i] * w[j];
    }
#pragma endscop
}
