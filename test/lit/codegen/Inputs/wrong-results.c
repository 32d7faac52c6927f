// Patterns that computed wrong results on the GPU or copied past the
// caller's arrays (issue 16). Shared by the lit tests beside this folder:
// compiled by c2cuda, and with -DC2C_REF by the host C compiler as the
// reference (each function then gets the suffix _ref).
#ifdef C2C_REF
#define FN(name) name##_ref
#else
#define FN(name) name
#endif

// A conditional chooses between a const array and an element this thread
// has just written (one thread: the loop is sequential).
void FN(sel_seq_int)(int n, int *A, int B[n]) {
#pragma c2cuda kernel
  for (int i = 1; i <= n - 1; i = i + 1) {
    A[i] = B[i] * 5;
    A[i - 1] = i % 3 == 1 ? B[i / 2] : A[i - 1];
  }
}

void FN(sel_seq_float)(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 1; i <= n - 1; i = i + 1) {
    A[i] = B[i] * 5.0f;
    A[i - 1] = i % 3 == 1 ? B[i / 2] : A[i - 1];
  }
}

// The same in a parallel loop.
void FN(sel_par_float)(int n, int m, float *D, float *E, float *W) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += W[i * m + j];
    D[i] = acc;
    D[i] = i % 2 == 1 ? E[i] : D[i];
  }
}

void FN(sel_par_int)(int n, int m, int *D, int *E, int *W) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int acc = 0;
    for (int j = 0; j < m; j++)
      acc += W[i * m + j];
    D[i] = acc;
    D[i] = i % 2 == 1 ? E[i] : D[i];
  }
}

// Three dimensions, multi-dimensional parameters.
void FN(sel_3d)(int n, int m, float A[n][m][m], float B[n][m][m],
                float C[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < m; l++) {
        A[i][j][l] = B[i][j][l] * 2.0f;
        A[i][j][l] = (l + j) % 3 == 0 ? C[i][i / 2] : A[i][j][l];
      }
}

// if/else assigning one local from a const array and a written one.
void FN(if_else_local)(int n, int *A, int *B) {
#pragma c2cuda kernel
  for (int i = 1; i < n; i++) {
    A[i] = B[i] * 5;
    int t;
    if (i % 3 == 1)
      t = B[i / 2];
    else
      t = A[i - 1];
    A[i - 1] = t;
  }
}

// A local first read from the written array, then from the const one.
void FN(overwrite_local)(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 1; i < n; i++) {
    A[i] = B[i] + 1.0f;
    float t = A[i - 1];
    if (i % 4 == 2)
      t = B[i / 3];
    A[i - 1] = t * 2.0f;
  }
}

// Reads C performs only under a guard: the wrapper must copy n elements.
void FN(guard_select)(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = A[p] + (p + 1 < n ? B[p + 1] : 0.0f);
}

void FN(guard_select_other)(int n, int *A, int *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p + 1 < n) ? A[p + 1] : 0;
}

void FN(guard_and)(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    if (p + 1 < n && A[p + 1] > 0.5f)
      B[p] = 1.0f;
}

void FN(guard_below)(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p > 0) ? A[p - 1] : 0.0f;
}

void FN(guard_or)(int n, int *A, int *B) {
#pragma c2cuda kernel
  for (int p = 0; p < n; p++)
    B[p] = (p == 0 || A[p - 1] > 0) ? 1 : 2;
}

// Two accesses into one linearized array: m * m elements, not m * m + 1.
void FN(two_rows)(int m, float *F, float *G) {
#pragma c2cuda kernel
  for (int j = 1; j < m; j++) {
    F[j * m + j] = G[j];
    F[(j - 1) * m + j] = G[j] * 2.0f;
  }
}
