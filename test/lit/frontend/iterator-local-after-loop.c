// A loop counting with a local of the nest (`int it; for (it = 0; ...)`)
// leaves in it what C leaves: the first value failing the condition, or,
// after a `break`, where it stopped; later statements of the nest read it.
void after_loop(int n, int m, const float *x, int *out) { // gpu-check: x[n] out[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int it;
    float z = 0;
    for (it = 0; it < m; it++)
      z = z * 0.5f + x[i];
    out[i] = it + (int)z;
  }
}
void mandel(int w, int h, int maxit, int *out) { // gpu-check: out[w*h]
#pragma c2cuda kernel
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++) {
      float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;
      float zx = 0, zy = 0;
      int it = 0;
      for (it = 0; it < maxit; it++) {
        if (zx * zx + zy * zy > 4.0f)
          break;
        float t = zx * zx - zy * zy + cx;
        zy = 2 * zx * zy + cy;
        zx = t;
      }
      out[py * w + px] = it;
    }
}
void find_first(int n, int m, const int A[n][m], int key, int *pos) { // gpu-check: A[n*m] pos[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int k;
    for (k = 0; k < m; k++)
      if (A[i][k] % 7 == key)
        break;
    pos[i] = k;
  }
}
void find_last(int n, int m, const int A[n][m], int *pos) { // gpu-check: A[n*m] pos[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    long k;
    for (k = m - 1; k >= 0; k -= 2) {
      if (A[i][k] % 5 == 0)
        break;
    }
    pos[i] = (int)k;
  }
}

// The same with the variable declared outside the nest: the nest reads it
// outside the loops counting with it, so it is private to each iteration
// (it was a kernel argument, the host's value). PolyBench's iterators,
// read only by their loops, keep their names (clauses name them).
void outside_after(int n, int m, const float *x, int *out) { // gpu-check: x[n] out[n]
  int it;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float z = 0;
    for (it = 0; it < m; it++)
      z = z * 0.5f + x[i];
    out[i] = it + (int)z;
  }
}
void outside_break(int n, int m, const int A[n][m], int *pos) { // gpu-check: A[n*m] pos[n]
  int k;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (k = 0; k < m; k++)
      if (A[i][k] % 3 == 0)
        break;
    pos[i] = k;
  }
}
void polybench(int n, const float A[n][n], float B[n][n]) { // gpu-check: A[n*n] B[n*n]
  int i, j;
#pragma c2cuda kernel tile(j: 32, i: 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = A[j][i];
}

// Before, the loop counted with a variable of its own named like the local,
// and `out[i] = it` read the local, never set (the GPU returned garbage, the
// CPU oracle, which shares one variable, did not see it), and a 'break' out
// of such a loop was refused.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=13,w=19,h=11,maxit=50,key=3 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=5,m=0,w=3,h=2,maxit=0,key=1 --trials 1 | FileCheck %s --check-prefix=ORACLE0 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-28: {{^}}CHECK {{[a-z_]+}} PASS
// ORACLE0-COUNT-7: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}after_loop_kernel0(
// CHECK:       {{^ +}}int it;{{$}}
// CHECK:       {{^ +}}for (int c2c_it0 = 0; c2c_it0 < m; ++c2c_it0) {{[{]$}}
// CHECK:       {{^ +}}it = (int)((long long)0 < (long long)m ? {{.*}} : (long long)0);{{$}}
// CHECK-NEXT:  {{^ +}}out[i] = it + (int)z;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}mandel_kernel0(
// CHECK:       {{^ +}}c2c_stop0 = c2c_it0;{{$}}
// CHECK-NEXT:  {{^ +}}c2c_break0 = 1;{{$}}
// CHECK:       {{^ +}}it = c2c_break0 ? c2c_stop0 : (int){{.*}};{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}outside_after_kernel0(const float *__restrict__ x, int *__restrict__ out, int m, int n, long long c2c_trip_x) {{[{]$}}
// CHECK-NEXT:  {{^ +}}const long long c2c_t_x = {{.*}};{{$}}
// CHECK-NEXT:  {{^ +}}if (c2c_t_x < c2c_trip_x) {{[{]$}}
// CHECK-NEXT:  {{^ +}}const int i = (int)(c2c_t_x);{{$}}
// CHECK-NEXT:  {{^ +}}int it;{{$}}
// CHECK-NEXT:  {{^ +}}float z = (float)0;{{$}}
// CHECK-NEXT:  {{^ +}}for (int c2c_it0 = 0; c2c_it0 < m; ++c2c_it0) {{[{]$}}
// CHECK:       {{^ +}}it = (int)({{.*}});{{$}}
// CHECK-NEXT:  {{^ +}}out[i] = it + (int)z;{{$}}
// CHECK:       {{^}}// Schedule: map(j: x, i: y) block(32, 8) tile(i: 8, j: 32){{$}}
// CHECK-NEXT:  {{^}}__global__ void {{.*}}polybench_kernel0(
