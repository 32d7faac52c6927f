/* The same in-place 9-point Gauss-Seidel on a pointer indexed A[i*n + j], as
 * many users write a 2-D grid: c2cuda skews it into the same wavefront
 * (run.sh OUT seidel-linearized.c). */
void gs(int T, int n, double *A) {
#pragma c2cuda kernel
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] +
                        A[(i - 1) * n + j + 1] + A[i * n + j - 1] +
                        A[i * n + j] + A[i * n + j + 1] +
                        A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] +
                        A[(i + 1) * n + j + 1]) /
                       9.0;
}
