#include <math.h>

/* Gaussian (RBF) kernel matrix between the rows of X (n x d) and of Y
 * (m x d): Km[i*m+j] = exp(-gamma * ||X_i - Y_j||^2). exp is the double
 * function of C's math library, so the float argument is promoted. */
void rbf_kernel(int n, int m, int d, float gamma, const float *X,
                const float *Y, float *Km) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float dist = 0.0f;
      for (int k = 0; k < d; k++) {
        float diff = X[i * d + k] - Y[j * d + k];
        dist += diff * diff;
      }
      Km[i * m + j] = exp(-gamma * dist);
    }
}
