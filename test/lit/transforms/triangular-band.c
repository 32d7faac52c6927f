// A band whose inner bounds read outer band iterators (a triangle) is mapped
// over its bounding box (analysis/BandBox.h): the grid covers every value
// each iterator takes over the whole band, and a point outside the band does
// nothing (ClipToBand, or the tile's own guard when TileForBlocks tiles it;
// a tile with no point in the band skips itself). Shared tiles of such a
// band also keep their loads inside the elements the nest touches.

// syrk without beta: the lower triangle, tiled by default, A staged twice
// (A[i][k] and A[j][k] are two reference groups).
void lower(int n, int m, float alpha, float C[n][n], const float A[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      float acc = 0;
      for (int k = 0; k < m; k++)
        acc += A[i][k] * A[j][k];
      C[i][j] = alpha * acc;
    }
}

// Nonempty only for i < 3: j's box reaches n + 1, B[j - i] and B[j] reach
// far past the 5 elements the nest reads; the loads are clipped to them.
void band(int n, float *X, const float *B) {
#pragma c2cuda kernel tile(j: 64, i: 16) block(32, 8) shared(B)
  for (int i = 0; i < n; i++)
    for (int j = 2 * i; j < i + 3; j++)
      X[i * 3 + j - 2 * i] = B[j - i] + B[j];
}

// Three loops, the last reading both others.
void tetra(int n, float T[n][n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = i + 1; k <= j; k++)
        T[i][j][k] = i + 2 * j - k;
}

// Untiled (grid-stride) form: the body is guarded.
void upper(int n, float U[n][n], const float V[n][n]) {
#pragma c2cuda kernel map(j: x, i: y)
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      U[i][j] = V[j][i] - V[i][j];
}

// A map clause leaving a triangular loop in each thread: the guard goes
// inside it.
void inthread(int n, float U[n][n]) {
#pragma c2cuda kernel map(j: x)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      U[i][j] = i - j;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// REMARK: triangular-band.c:12:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// REMARK: triangular-band.c:12:3: remark: the bounds of 'j' read 'i': the grid covers the band's bounding box and threads outside the band do nothing{{$}}
// REMARK: triangular-band.c:12:3: remark: 'A' staged in shared memory as c2c_sh_A[8][132] (transposed){{$}}
// REMARK: triangular-band.c:12:3: remark: 'A' staged in shared memory as c2c_sh_A_2[8][132] (transposed){{$}}
// REMARK: triangular-band.c:25:3: remark: 'B' staged in shared memory as c2c_sh_B[79]{{$}}
// REMARK: triangular-band.c:25:3: remark: 'B' staged in shared memory as c2c_sh_B_2[64]{{$}}
// REMARK: triangular-band.c:33:3: remark: mapped k -> x, j -> y, i -> z (3-D grid, block 32x4x2){{$}}
// REMARK: triangular-band.c:33:3: remark: the bounds of 'k' read 'i', 'j': the grid covers the band's bounding box and threads outside the band do nothing{{$}}
// REMARK: triangular-band.c:42:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// REMARK: triangular-band.c:51:3: remark: mapped j -> x (1-D grid, block 256){{$}}

// RUN: FileCheck --check-prefix=CUDA %s --input-file=%t.cu
// The tile of the lower triangle skips itself above the diagonal:
// CUDA: {{^}}      if ((long long)c2c_base_i + (long long)(c2c_left_y - 1) * 1LL + -1LL * (long long)c2c_base_j >= 0LL) {{{$}}
// Loads of the band's B stay inside its elements:
// CUDA: {{^}}  long long c2c_last_B = {{.+}} + -1LL;{{$}}
// CUDA: (long long)c2c_x0_B >= 0LL && (long long)c2c_x0_B <= c2c_last_B && c2c_x0_B >= c2c_lo0_B
// CUDA-LABEL: upper_kernel0(
// CUDA: {{^}}    const int j = (int)(1LL + c2c_t_x);{{$}}
// CUDA: {{^}}      if (-1LL * (long long)i - 1LL + (long long)j >= 0LL) {{{$}}
// CUDA-LABEL: inthread_kernel0(
// CUDA: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CUDA-NEXT: {{^}}      if ((long long)i + -1LL * (long long)j >= 0LL) {{{$}}

// RUN: %c2cuda-check %s --size n=37,m=13 --trials 2 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=1,m=1 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=2,m=3 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=130,m=20 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-5: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE-NOT: CHECK

// Random schedules (tiles, points per thread, shared, vector) over them.
// RUN: %c2cuda-check %s --size n=37,m=13 --trials 1 --random-schedules 6 --schedule-seed 3 2>/dev/null | FileCheck --check-prefix=RANDOM %s
// RANDOM-NOT: FAIL

// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
