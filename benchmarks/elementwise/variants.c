/* Element-wise loops as users write them: one statement per element, no
 * schedule clauses. */
void saxpy(int n, float a, const float *x, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma endscop
}

void vadd(int n, const float *x, const float *y, float *z) {
#pragma scop
  for (int i = 0; i < n; i++)
    z[i] = x[i] + y[i];
#pragma endscop
}

void scale(int n, const float *x, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
#pragma endscop
}

void dscale(int n, const double *x, double *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = 2.0 * x[i];
#pragma endscop
}

void clamp(int n, const float *x, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 1.0f ? 1.0f : (x[i] < -1.0f ? -1.0f : x[i]);
#pragma endscop
}
