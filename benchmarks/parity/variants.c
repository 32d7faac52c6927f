/* Loops whose body runs on one residue of an iterator (a parity branch, a
 * loop stepping by 2 from a start that depends on the row), as users write
 * them. c2cuda's CompressModularGuards runs them over the points they keep
 * (benchmarks/parity/run.sh times them against the c2cuda before it). */
#include <math.h>

/* The example's red-black sweep: a branch on the colour. */
void rb_guard(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                               A[i][j + 1]);
#pragma endscop
}

/* The same sweep, the column loop stepping over one colour. */
void rb_stepped(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + 1 + c) % 2; j < n - 1; j += 2)
          A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                             A[i][j + 1]);
#pragma endscop
}

/* Every fourth column. */
void every4(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 4 == 0)
        B[i][j] = 2.0f * A[i][j] + 1.0f;
#pragma endscop
}

/* A checkerboard of costly points. */
void heavy(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if ((i + j) % 2 == 0)
        B[i][j] = sqrtf(expf(A[i][j]) + 1.0f) * sinf(A[i][j]) +
                  cosf(2.0f * A[i][j]) * logf(A[i][j] + 2.0f);
#pragma endscop
}

/* Odd rows. */
void odd_rows(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (i % 2 == 1)
        B[i][j] = 3.0f * A[i][j];
#pragma endscop
}

/* A checkerboard of points that each iterate (compute-bound). */
void iterate(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if ((i + j) % 2 == 0) {
        float x = A[i][j];
        for (int k = 0; k < 256; k++)
          x = x * 0.999f + 0.001f;
        B[i][j] = x;
      }
#pragma endscop
}
